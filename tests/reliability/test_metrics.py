"""``live.metrics``: a private registry whose numbers match the store, served at ``/metrics``
behind the token, and log records that carry the meeting id and a trace id."""

from __future__ import annotations

import asyncio
import json
import logging

import httpx
import websockets
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from rel_helpers import web_harness

from live.config import Settings
from live.metrics import ContextFilter, JsonFormatter, Metrics, meeting_id_var, trace_id_var
from live.service import MeetingService


def samples(text: bytes) -> dict[tuple[str, tuple], float]:
    out = {}
    for fam in text_string_to_metric_families(text.decode()):
        for s in fam.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


async def test_metrics_mirror_the_store_after_a_meeting(tmp_path):
    svc = await MeetingService.open(Settings(data_dir=tmp_path, brain="rules", merge_window_ms=0))
    try:
        m = await svc.create_meeting("周会", "zh", "execute", ["张三", "李四"])
        co = await svc.coordinator(m.id)
        for text in ["登录页面的改版交给张三负责，周五之前完成。", "验证码的有效期我们决定改成五分钟。"]:
            await svc.add_utterance(m.id, text)
            async with asyncio.timeout(30):
                await co.settle()
        metrics = Metrics()
        await metrics.refresh(svc)
        got = samples(metrics.render())
    finally:
        await svc.close()
    assert got[("meetingd_utterances_total", ())] == 2
    assert got[("meetingd_meetings", (("status", "live"),))] == 1
    assert got[("meetingd_asr_queue_depth", ())] == 0
    assert got[("meetingd_supervisor_turns_total", ())] >= 1
    assert got[("meetingd_supervisor_steps_total", ())] >= got[("meetingd_supervisor_turns_total", ())]
    assert got[("meetingd_commits_total", (("result", "applied"),))] >= 1
    assert got[("meetingd_model_calls_total", ())] == 0  # the rules brain is not a model
    assert got[("meetingd_supervisor_unanalyzed_utterances", ())] == 0
    # A private registry: nothing leaks into (or collides in) the process-global one.
    assert REGISTRY.get_sample_value("meetingd_utterances_total") is None


async def test_metrics_route_needs_the_token_and_counts_websocket_clients(tmp_path):
    async with web_harness.running_daemon(tmp_path) as d:
        m = await d.create_meeting()
        async with httpx.AsyncClient(base_url=d.base_url) as anon:
            assert (await anon.get("/metrics")).status_code == 401
            assert (await anon.get("/metrics", params={"token": "wrong-token-123"})).status_code == 401
        async with websockets.connect(d.ws_url(m["id"])) as ws:
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "snapshot"
            r = await d.client.get("/metrics")
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
            got = samples(r.content)
            assert got[("meetingd_websocket_clients", ())] == 1
            assert got[("meetingd_meetings", (("status", "live"),))] == 1


def test_log_records_carry_meeting_and_trace_ids():
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(self.format(record))

    handler = Keep()
    handler.addFilter(ContextFilter())
    handler.setFormatter(JsonFormatter())
    log = logging.getLogger("meetingd.test.metrics")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        t1, t2 = meeting_id_var.set("m_ctx"), trace_id_var.set("trace_ctx")
        try:
            log.info("from context")
            log.info("explicit wins", extra={"meeting_id": "m_extra"})
        finally:
            meeting_id_var.reset(t1)
            trace_id_var.reset(t2)
        log.info("outside")
    finally:
        log.removeHandler(handler)
    got = [json.loads(r) for r in records]
    assert (got[0]["meeting_id"], got[0]["trace_id"], got[0]["msg"]) == ("m_ctx", "trace_ctx", "from context")
    assert got[1]["meeting_id"] == "m_extra" and got[1]["trace_id"] == "trace_ctx"
    assert got[2]["meeting_id"] is None and got[2]["trace_id"] is None
