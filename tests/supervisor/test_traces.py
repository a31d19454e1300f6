""""Why did it write this task?" (issue #13): produced_by names the brain and model, and one trace
id ties a turn's steps, intent events, audit rows and log lines together."""

from __future__ import annotations

import asyncio
import logging

from intents import Ledger
from live.metrics import ContextFilter
from store import Store
from supervisor.brains import RulesBrain
from supervisor.brains.fallback import FallbackBrain
from supervisor.brains.openai_brain import OpenAIBrain
from supervisor.runtime import Supervisor
from tests.openai_fake.server import FakeOpenAI, text_reply, tool_reply


async def _run(store, brain, text="王五负责写周报，周五之前完成。"):
    m = await store.create_meeting("周会", "zh", "execute", ["王五"])
    await store.append_utterance(m.id, text)
    sup = Supervisor(store, Ledger(store), m.id, brain)
    sup.followup()
    async with asyncio.timeout(10):
        await sup.wait_idle()
    await sup.close()
    return m


async def test_rules_turn_is_one_trace_across_steps_events_and_audit_rows(store):
    m = await _run(store, RulesBrain())
    [it] = await store.list_intents(m.id)
    events = await store.intent_events(it.id)
    assert {e["produced_by"] for e in events} == {"supervisor:rules"}
    [trace_id] = {e["trace_id"] for e in events}
    assert trace_id and trace_id in {t["trace_id"] for t in await store.traces(m.id)}
    [action] = await store.db.all("SELECT actor, trace_id FROM meeting_ai_actions WHERE intent_id = ?", (it.id,))
    assert (action["actor"], action["trace_id"]) == ("supervisor:rules", trace_id)
    detail = await store.trace_detail(m.id, trace_id)
    assert detail["intents"] == [it.id]
    assert [s["tool_calls"] for s in detail["steps"]][:2] == [["upsert_intent"], ["commit_intent"]]
    assert [e["type"] for e in detail["events"]] == ["intent.detected", "intent.executing", "intent.applied"]


async def test_produced_by_names_the_model_that_answered():
    async with FakeOpenAI() as srv:
        upsert = {"kind": "task", "payload": {"title": "写周报", "owner": "王五", "priority": "unspecified"},
                  "evidence_seqs": [1], "evidence": "王五负责写周报", "basis_sequence": 1}
        srv.script(tool_reply(("upsert_intent", upsert)), text_reply("done"))
        primary = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=2.0, max_retries=0)
        import tempfile
        from pathlib import Path

        with tempfile.TemporaryDirectory() as tmp:
            store = await Store.open(Path(tmp) / "m.db")
            try:
                m = await _run(store, FallbackBrain(primary, RulesBrain()))
                [it] = await store.list_intents(m.id)
                assert it.produced_by == f"supervisor:openai:{srv.model}"
                assert (await store.intent_events(it.id))[0]["produced_by"] == f"supervisor:openai:{srv.model}"
            finally:
                await store.close()
                await primary.aclose()


async def test_log_lines_of_a_turn_carry_its_trace_id(store, caplog):
    class Broken:
        name = "broken"

        async def step(self, inp):
            raise RuntimeError("down")

    brain = Broken()
    m = await store.create_meeting("周会", "zh", "suggest", [])
    await store.append_utterance(m.id, "开始")
    sup = Supervisor(store, Ledger(store), m.id, brain)
    sup.rules = brain
    caplog.handler.addFilter(ContextFilter())
    with caplog.at_level(logging.WARNING, logger="supervisor.runtime"):
        sup.followup()
        async with asyncio.timeout(10):
            await sup.wait_idle()
    await sup.close()
    [record] = [r for r in caplog.records if "gave up" in r.getMessage()]
    [skipped] = await store.skipped_ranges(m.id)
    assert record.trace_id == skipped["trace_id"] and record.trace_id
