"""The HTTP API of DESIGN §8 against a real daemon: auth, validation, limits, conflicts, uploads."""

from __future__ import annotations

import asyncio
import io
import os
import stat
import time
import wave
from typing import Any

import pytest
from web_harness import TOKEN, running_daemon

from asr.transcriber import Transcript
from models import InvalidInput
from web.app import API_ROUTES
from web.auth import is_loopback, resolve_token
from web.uploads import TicketBook, TicketExpired, TicketUsed


def wav_bytes(ms: int, amplitude: int = 0) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(int(amplitude).to_bytes(2, "little", signed=True) * (16 * ms))
    return buf.getvalue()


class FixedTranscriber:
    """Speaks the transcriber protocol of ``asr.worker``; every segment says the same sentence."""

    def __init__(self, text: str) -> None:
        self.text = text

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None) -> Transcript:
        return Transcript(self.text, language, len(pcm16k) // 32, 1)


async def wait_change(service: Any, pred: Any, within_s: float = 15) -> Any:
    """Wait for a committed change satisfying ``pred`` (store subscription, no polling)."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[Any] = loop.create_future()

    def listener(changes: list[Any]) -> None:
        for c in changes:
            if not fut.done() and pred(c):
                fut.set_result(c)

    unsubscribe = service.store.subscribe(listener)
    try:
        async with asyncio.timeout(within_s):
            return await fut
    finally:
        unsubscribe()


def fill(path: str, **ids: str) -> str:
    for k, v in ids.items():
        path = path.replace("{" + k + "}", v)
    return path


async def test_healthz_and_pages_need_no_token(tmp_path):
    async with running_daemon(tmp_path) as d:
        async with __import__("httpx").AsyncClient(base_url=d.base_url) as anon:
            assert (await anon.get("/healthz")).json() == {"status": "ok"}
            home = await anon.get("/")
            assert home.status_code == 200 and 'data-testid="new-meeting"' in home.text
            dock = await anon.get("/meetings/m_whatever")
            assert dock.status_code == 200 and 'data-testid="mic-toggle"' in dock.text
            assert "default-src 'self'" in dock.headers["content-security-policy"]
            js = await anon.get("/static/dock.js")
            assert js.status_code == 200 and "javascript" in js.headers["content-type"]


async def test_every_route_refuses_a_missing_or_wrong_token(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting()
        ids = {"meeting_id": m["id"], "intent_id": "i_x", "ticket": "t_x", "job_id": "job_x", "range_id": "1", "trace_id": "t_x"}
        import httpx

        async with httpx.AsyncClient(base_url=d.base_url) as anon:
            for method, path in API_ROUTES:
                url = fill(path, **ids)
                for headers in ({}, {"Authorization": "Bearer wrong-token-123"},
                                {"Authorization": f"Basic {TOKEN}"}):
                    r = await anon.request(method, url, headers=headers, json={})
                    assert r.status_code == 401, (method, path, headers, r.status_code)
                    assert r.json()["error"] == "unauthorized"
                    assert r.headers["www-authenticate"] == "Bearer"
                wrong_q = await anon.request(method, url + "?token=nope", json={})
                assert wrong_q.status_code == 401
                # The right token gets past the gate (whatever the route then says).
                ok = await anon.request(method, url + f"?token={TOKEN}", json={})
                assert ok.status_code != 401, (method, path, ok.text)


async def test_create_meeting_validation_and_limits(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = (await c.post("/api/meetings", json={"title": "Sync", "language": "en", "mode": "execute",
                                                  "participants": "Alice, Bob", "glossary": ["Kafka"]})).json()
        assert m["participants"] == ["Alice", "Bob"] and m["mode"] == "execute" and m["status"] == "live"
        listed = (await c.get("/api/meetings")).json()["meetings"]
        assert [x["id"] for x in listed] == [m["id"]]

        r = await c.post("/api/meetings", json={"language": "zh"})
        assert r.status_code == 422 and "title" in r.json()["message"]
        r = await c.post("/api/meetings", json={"title": "x", "mode": "yolo"})
        assert r.status_code == 422 and "mode" in r.json()["message"]
        r = await c.post("/api/meetings", json={"title": "x", "colour": "red"})
        assert r.status_code == 422 and "colour" in r.json()["message"]
        r = await c.post("/api/meetings", content=b'{"title": "x",', headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == "bad_json"
        r = await c.post("/api/meetings", json=["title"])
        assert r.status_code == 422
        r = await c.post("/api/meetings", json={"title": "x" * 70_000})
        assert r.status_code == 413 and r.json()["error"] == "too_large"
        # Without a Content-Length the cap still holds (chunked body).
        async def chunks():
            for _ in range(40):
                yield b" " * 4096
        r = await c.post("/api/meetings", content=chunks())
        assert r.status_code == 413
        assert "Traceback" not in r.text


async def test_unknown_ids_are_404(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting()
        for method, url, body in [
            ("GET", "/api/meetings/m_nope", None),
            ("POST", "/api/meetings/m_nope/utterances", {"text": "hi"}),
            ("POST", f"/api/meetings/{m['id']}/intents/i_nope/approve", {"revision": 1}),
            ("POST", f"/api/meetings/{m['id']}/intents/i_nope/reject", {"revision": 1}),
            ("GET", f"/api/meetings/{m['id']}/minutes.json", None),
            ("GET", "/api/meetings/m_nope/traces", None),
            ("POST", "/api/meetings/m_nope/upload-tickets", {}),
            ("PUT", "/api/uploads/t_nope", None),
            ("GET", "/api/jobs/job_nope", None),
            ("GET", "/api/nothing-here", None),
        ]:
            r = await c.request(method, url, json=body)
            assert r.status_code == 404, (method, url, r.text)
            assert r.json()["error"] == "not_found"


async def test_stale_revision_is_409_with_the_current_one(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(participants=["张三", "李四"])
        got = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "intent"))
        r = await c.post(f"/api/meetings/{m['id']}/utterances", json={"text": "登录页面的改版交给张三负责，周五之前完成。"})
        assert r.status_code == 201 and r.json()["seq"] == 1
        intent = (await got).data
        iid, rev = intent["id"], intent["revision"]

        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/approve", json={"revision": rev + 1})
        assert r.status_code == 409
        body = r.json()
        assert body["reason"] == "revision_mismatch" and body["current_revision"] == rev

        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/edit",
                         json={"revision": rev, "payload": {"owner": "李四"}})
        assert r.status_code == 200, r.text
        assert r.json()["revision"] == rev + 1
        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/reject", json={"revision": rev})
        assert r.status_code == 409 and r.json()["current_revision"] == rev + 1
        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/approve", json={"revision": "two"})
        assert r.status_code == 422 and "revision" in r.json()["message"]
        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/approve", json={"revision": rev + 1})
        assert r.status_code == 200 and r.json()["status"] in ("approved", "applied")


async def test_finalize_refuses_with_blockers_then_ends(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting()
        mid = m["id"]
        got = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "intent"))
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "王五负责更新接口文档，下周一之前发出来。"})
        intent = (await got).data
        r = await c.post(f"/api/meetings/{mid}/finalize", json={"wait_s": 0})
        assert r.status_code == 409
        kinds = {b["kind"] for b in r.json()["blockers"]}
        assert "open_intents" in kinds
        # Finalizing: no typed utterances any more.
        r = await c.post(f"/api/meetings/{mid}/utterances", json={"text": "再加一句"})
        assert r.status_code == 409 and r.json()["error"] == "meeting_closed"
        cur = (await c.get(f"/api/meetings/{mid}")).json()
        live = next(i for i in cur["intents"] if i["id"] == intent["id"])
        r = await c.post(f"/api/meetings/{mid}/intents/{live['id']}/approve", json={"revision": live["revision"]})
        assert r.status_code == 200, r.text
        r = await c.post(f"/api/meetings/{mid}/finalize", json={"wait_s": 20})
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "ended"
        mj = await c.get(f"/api/meetings/{mid}/minutes.json")
        assert mj.status_code == 200 and any("接口文档" in a["task"] for a in mj.json()["action_items"])
        md = await c.get(f"/api/meetings/{mid}/minutes.md")
        assert md.status_code == 200 and md.headers["content-type"].startswith("text/markdown")
        assert "接口文档" in md.text
        snap = (await c.get(f"/api/meetings/{mid}")).json()
        assert snap["meeting"]["status"] == "ended"
        assert (await c.get(f"/api/meetings/{mid}/traces")).json()["traces"]


async def test_upload_tickets_single_use_expiring_and_capped(tmp_path):
    async with running_daemon(tmp_path, transcriber=FixedTranscriber("上传的一段话。"), max_upload_bytes=64_000) as d:
        c = d.client
        m = await d.create_meeting()
        mid = m["id"]
        r = await c.post(f"/api/meetings/{mid}/upload-tickets")
        assert r.status_code == 201
        t = r.json()
        assert t["url"] == f"/api/uploads/{t['ticket']}" and t["expires_at"] > time.time() + 200

        done = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "job" and ch.data["status"] == "done"))
        r = await c.put(t["url"], content=wav_bytes(1000, amplitude=3000))
        assert r.status_code == 202, r.text
        job_id = r.json()["job_id"]
        await done
        job = (await c.get(f"/api/jobs/{job_id}")).json()
        assert job["status"] == "done" and job["meeting_id"] == mid and "audio_path" not in job
        snap = (await c.get(f"/api/meetings/{mid}")).json()
        assert [u["text"] for u in snap["transcript"]] == ["上传的一段话。"]

        again = await c.put(t["url"], content=wav_bytes(500))
        assert again.status_code == 409 and again.json()["error"] == "ticket_used"

        t2 = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        d.info.app.state.web.tickets.clock = lambda: time.time() + 3600
        r = await c.put(t2["url"], content=wav_bytes(500))
        assert r.status_code == 410 and r.json()["error"] == "ticket_expired"
        d.info.app.state.web.tickets.clock = time.time

        t3 = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        r = await c.put(t3["url"], content=wav_bytes(3000))  # 96 KB > 64 KB cap
        assert r.status_code == 413

        t4 = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        r = await c.put(t4["url"], content=b"RIFF-not-really-a-wave")
        assert r.status_code == 422 and "Traceback" not in r.text


def test_ticket_book_rules():
    now = [1000.0]
    book = TicketBook(300, 1024, clock=lambda: now[0])
    t = book.issue("m1")
    assert t.expires_at == 1300 and t.meeting_id == "m1"
    assert book.redeem(t.id) == t
    with pytest.raises(TicketUsed):
        book.redeem(t.id)
    late = book.issue("m1")
    now[0] += 301
    with pytest.raises(TicketExpired):
        book.redeem(late.id)
    assert book.issue("m1").id != book.issue("m1").id


def test_token_generated_once_private_and_reused(tmp_path):
    first = resolve_token(None, tmp_path, "127.0.0.1")
    assert first.origin == "generated" and len(first.token) >= 24
    mode = stat.S_IMODE(os.stat(tmp_path / "token").st_mode)
    assert mode == 0o600
    again = resolve_token(None, tmp_path, "127.0.0.1")
    assert again.token == first.token and again.origin == "file"
    assert resolve_token("explicit-token", tmp_path, "0.0.0.0").token == "explicit-token"
    with pytest.raises(InvalidInput, match="explicit token"):
        resolve_token(None, tmp_path, "0.0.0.0")
    assert is_loopback("::1") and is_loopback("localhost") and not is_loopback("192.168.1.5")


async def test_serve_prints_nothing_secret_but_generated_token_works(tmp_path):
    async with running_daemon(tmp_path, token=None) as d:
        assert d.info.token_origin == "generated"
        assert (tmp_path / "data" / "token").read_text().strip() == d.token
        assert d.info.url.endswith(f"/#token={d.token}")
        r = await d.client.get("/api/meetings")
        assert r.status_code == 200


async def test_skipped_range_is_in_the_dock_and_retried_over_http(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(mode="execute", participants=["王五"])
        mid = m["id"]
        r = await c.post(f"/api/meetings/{mid}/utterances", json={"text": "王五负责写周报，周五之前完成。"})
        assert r.status_code == 201
        store = d.service.store
        co = await d.service.coordinator(mid)
        async with asyncio.timeout(15):
            await co.settle()
        # As if that turn had given up: the range is recorded, the dock offers a retry.
        rng = await store.add_skipped(mid, 1, 1, "brain failed: test", "t_test")
        dock = (await c.get(f"/api/meetings/{mid}")).json()["dock"]
        assert [(s["id"], s["from_seq"], s["to_seq"]) for s in dock["skipped"]] == [(rng["id"], 1, 1)]
        assert (await c.post(f"/api/meetings/{mid}/skipped/999/retry")).status_code == 404
        assert (await c.post(f"/api/meetings/{mid}/skipped/x1/retry")).status_code == 422
        r = await c.post(f"/api/meetings/{mid}/skipped/{rng['id']}/retry")
        assert r.status_code == 202 and r.json()["status"] == "retrying", r.text
        async with asyncio.timeout(15):
            await co.supervisor.wait_idle()
        assert (await c.get(f"/api/meetings/{mid}")).json()["dock"]["skipped"] == []
        [after] = await store.skipped_ranges(mid)
        assert after["status"] == "analysed"
        again = await c.post(f"/api/meetings/{mid}/skipped/{rng['id']}/retry")
        assert again.status_code == 200 and again.json()["status"] == "analysed"


async def test_one_turn_end_to_end_over_http(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(mode="execute", participants=["王五"])
        mid = m["id"]
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "王五负责写周报，周五之前完成。"})
        async with asyncio.timeout(15):
            await (await d.service.coordinator(mid)).settle()
        snap = (await c.get(f"/api/meetings/{mid}")).json()
        [intent] = snap["intents"]
        traces = (await c.get(f"/api/meetings/{mid}/traces")).json()["traces"]
        wrote = [t["trace_id"] for t in traces if "upsert_intent" in t["tool_calls"]]
        r = await c.get(f"/api/meetings/{mid}/traces/{wrote[0]}")
        assert r.status_code == 200, r.text
        turn = r.json()
        assert turn["intents"] == [intent["id"]]
        assert {e["produced_by"] for e in turn["events"]} == {"supervisor:rules"}
        assert any(a["result"] == "applied" for a in turn["actions"])
        assert (await c.get(f"/api/meetings/{mid}/traces/nope")).status_code == 404
