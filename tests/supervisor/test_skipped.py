"""Nothing skipped silently (issue #13): the seqs the Supervisor gives up on are recorded as a
range with the turn's trace id, finalize ends with review ``needs_review`` while one is open, and a
retry turn reads the range and closes it."""

from __future__ import annotations

import asyncio

from sup_fakes import ScriptedBrain

from coordinator.finalize import finalize_meeting
from coordinator.minutes import render_markdown
from intents import Ledger
from supervisor.brains import RulesBrain
from supervisor.runtime import Supervisor


class BrokenBrain:
    name = "broken"

    def __init__(self) -> None:
        self.calls = 0

    async def step(self, inp):
        self.calls += 1
        raise RuntimeError("model unreachable")


async def _failed_meeting(store):
    m = await store.create_meeting("周会", "zh", "execute", ["王五"])
    for text in ["大家好", "王五负责写周报，周五之前完成。"]:
        await store.append_utterance(m.id, text)
    broken = BrokenBrain()
    sup = Supervisor(store, Ledger(store), m.id, broken)
    sup.rules = broken  # the fallback fails too: the step cannot be answered at all
    sup.followup()
    async with asyncio.timeout(10):
        await sup.wait_idle()
    return m, sup


async def test_a_failed_brain_records_the_skipped_range_with_its_trace(store):
    m, sup = await _failed_meeting(store)
    [r] = await store.skipped_ranges(m.id)
    assert (r["from_seq"], r["to_seq"], r["status"]) == (1, 2, "open")
    assert r["reason"].startswith("brain failed: RuntimeError: model unreachable")
    [trace] = await store.traces(m.id)
    assert r["trace_id"] == trace["trace_id"] and trace["error"]
    assert (await store.get_meeting(m.id)).analyzed_seq == 2  # the watermark converged
    change = [c for c in await store.changes_after(m.id, 0) if c.kind == "skipped"]
    assert [c.data["id"] for c in change] == [r["id"]]
    await sup.close()


async def test_finalize_needs_review_while_a_range_is_open(store):
    m, sup = await _failed_meeting(store)
    result = await finalize_meeting(store, m.id)
    review = result["minutes"]["review"]
    assert review["status"] == "needs_review"
    assert [(s["from_seq"], s["to_seq"]) for s in review["skipped"]] == [(1, 2)]
    assert any(i.get("from_seq") == 1 and "not analysed" in i["problem"] for i in review["issues"])
    assert "状态：需复核" in result["markdown"] and "#1–#2" in result["markdown"]
    assert "状态：通过" not in render_markdown(result["minutes"])
    await sup.close()


async def test_retry_reads_the_range_and_closes_it(store):
    m, sup = await _failed_meeting(store)
    [r] = await store.skipped_ranges(m.id)
    sup.brain = sup.rules = RulesBrain()  # the model is back
    sup.retry(r["id"], r["from_seq"], r["to_seq"])
    sup.retry(r["id"], r["from_seq"], r["to_seq"])  # a double click is one retry
    async with asyncio.timeout(10):
        await sup.wait_idle()
    [after] = await store.skipped_ranges(m.id)
    assert after["status"] == "analysed" and after["resolved_by"]
    tasks = await store.business_rows(m.id, "tasks")
    assert [t["owner"] for t in tasks] == ["王五"]
    result = await finalize_meeting(store, m.id)
    assert result["minutes"]["review"]["status"] == "ok"
    await sup.close()


async def test_a_retry_that_fails_again_leaves_the_range_open(store):
    m, sup = await _failed_meeting(store)
    [r] = await store.skipped_ranges(m.id)
    sup.retry(r["id"], r["from_seq"], r["to_seq"])
    async with asyncio.timeout(10):
        await sup.wait_idle()
    [after] = await store.skipped_ranges(m.id)
    assert after["status"] == "open"
    assert len(sup.manual_review) == 2
    await sup.close()


async def test_a_step_limit_per_meeting_is_a_recorded_range(store):
    from supervisor.runtime import Limits

    m = await store.create_meeting("周会", "zh", "suggest", ["王五"])
    await store.append_utterance(m.id, "开始")
    sup = Supervisor(store, Ledger(store), m.id, ScriptedBrain(), limits=Limits(max_steps_per_meeting=1))
    sup.followup()
    async with asyncio.timeout(10):
        await sup.wait_idle()
    for text in ["一", "二", "三"]:
        await store.append_utterance(m.id, text)
    sup.followup()
    async with asyncio.timeout(10):
        await sup.wait_idle()
    assert [(r["from_seq"], r["to_seq"], r["reason"]) for r in await store.skipped_ranges(m.id)] == [
        (2, 4, "step limit per meeting reached")]
    await sup.close()
