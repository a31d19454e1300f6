"""The finalize gate against a real temp SQLite store and the real ledger."""

from __future__ import annotations

import asyncio
import time

import pytest
from coordinator_meetings import add_applied, say, zh_meeting

from coordinator.finalize import blockers, finalize_meeting, wait_and_finalize
from intents import Ledger
from models import InvalidInput, MeetingClosed, MeetingStatus, NotFound
from models.domain import Intent
from models.enums import IntentKind, IntentStatus, Risk
from store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "m.db")
    yield s
    await s.close()


def _intent(status: IntentStatus, n: int = 1) -> Intent:
    return Intent(id=f"int_{n}", meeting_id="m", kind=IntentKind.TASK, payload={"title": f"task {n}"},
                  evidence_seqs=(1,), evidence="x", revision=2, status=status, basis_seq=1, risk=Risk.LOW)


# -- the pure decision ----------------------------------------------------------------------------


def test_blockers_empty_when_converged():
    got = blockers(job_counts={"pending": 0, "processing": 0, "done": 4, "failed": 2}, latest_seq=7,
                   analyzed_seq=7, intents=[_intent(s, i) for i, s in enumerate(
                       (IntentStatus.APPLIED, IntentStatus.REJECTED, IntentStatus.SUPERSEDED, IntentStatus.FAILED))],
                   running_agents=[])
    assert got == []


def test_blockers_one_per_cause_in_order_with_messages():
    open_ = [_intent(s, i) for i, s in enumerate(
        (IntentStatus.DETECTED, IntentStatus.CLARIFYING, IntentStatus.APPROVED, IntentStatus.EXECUTING,
         IntentStatus.APPLIED))]
    got = blockers(job_counts={"pending": 2, "processing": 1}, latest_seq=9, analyzed_seq=4, intents=open_,
                   running_agents=["agent_a", "agent_b"])
    assert [b["kind"] for b in got] == ["asr_jobs", "unanalyzed", "open_intents", "subagents"]
    assert got[0] | {"message": ""} == {"kind": "asr_jobs", "pending": 2, "processing": 1, "message": ""}
    assert (got[1]["analyzed_seq"], got[1]["latest_seq"]) == (4, 9)
    assert [i["status"] for i in got[2]["intents"]] == ["detected", "clarifying", "approved", "executing"]
    assert got[2]["intents"][0] == {"intent_id": "int_0", "kind": "task", "status": "detected", "revision": 2,
                                    "headline": "task 0"}
    assert got[3]["agents"] == ["agent_a", "agent_b"]
    assert "5 utterances" in got[1]["message"] and "agent_b" in got[3]["message"]
    assert all(isinstance(b["message"], str) and b["message"] for b in got)


# -- each blocker alone, through the store ----------------------------------------------------------


async def _pending_job(store, m):
    await store.enqueue_job(m.id, "/tmp/a.wav", 1000)


async def _processing_job(store, m):
    await store.enqueue_job(m.id, "/tmp/a.wav", 1000)
    assert await store.claim_job() is not None


async def _unanalyzed(store, m):
    await say(store, m, "first", "second")
    await store.update_binding(m.id, analyzed_seq=1)


async def _detected_intent(store, m):
    await say(store, m, "Bob will write the report.")
    await store.update_binding(m.id, analyzed_seq=1)
    await Ledger(store).upsert(m.id, kind="task", payload={"title": "Write the report", "owner": "Bob"},
                               evidence_seqs=[1], evidence="Bob will write the report", basis_sequence=1)


async def _nothing(store, m):
    pass


@pytest.mark.parametrize("setup, agents, kind, fields", [
    (_pending_job, [], "asr_jobs", {"pending": 1, "processing": 0}),
    (_processing_job, [], "asr_jobs", {"pending": 0, "processing": 1}),
    (_unanalyzed, [], "unanalyzed", {"analyzed_seq": 1, "latest_seq": 2}),
    (_detected_intent, [], "open_intents", {}),
    (_nothing, ["agent_7"], "subagents", {"agents": ["agent_7"]}),
])
async def test_each_blocker_alone_is_a_conflict_naming_it(store, setup, agents, kind, fields):
    m = await store.create_meeting("Sync", "en", "suggest", ["Bob"])
    await setup(store, m)
    got = await finalize_meeting(store, m.id, running_agents=lambda: agents)
    assert got["status"] == "conflict" and got["reason"] == "not_converged"
    assert [b["kind"] for b in got["blockers"]] == [kind]
    assert fields.items() <= got["blockers"][0].items()
    if kind == "open_intents":
        assert got["blockers"][0]["intents"][0]["headline"] == "Write the report"
    meeting = await store.get_meeting(m.id)
    assert meeting.status is MeetingStatus.FINALIZING
    with pytest.raises(NotFound):
        await store.get_minutes(m.id)
    # Re-checking without any change still refuses: the gate is a re-check, not a one-shot.
    assert (await finalize_meeting(store, m.id, running_agents=lambda: agents))["status"] == "conflict"


async def test_all_clear_ends_with_minutes_and_is_idempotent(store):
    m = await store.create_meeting("Sync", "en", "suggest", ["Bob"])
    await say(store, m, "Bob will write the report.")
    await add_applied(Ledger(store), m, "task", {"title": "Write the report", "owner": "Bob"}, [1],
                      "Bob will write the report")
    await store.update_binding(m.id, analyzed_seq=1)
    got = await finalize_meeting(store, m.id)
    assert got["status"] == "ended"
    assert got["minutes"]["meeting"]["status"] == "ended"
    assert [a["owner"] for a in got["minutes"]["action_items"]] == ["Bob"]
    assert got["markdown"].startswith("# Minutes: Sync")
    meeting = await store.get_meeting(m.id)
    assert meeting.status is MeetingStatus.ENDED and meeting.ended_at is not None
    assert await store.get_minutes(m.id) == (got["minutes"], got["markdown"])
    again = await finalize_meeting(store, m.id)
    assert again == got
    with pytest.raises(MeetingClosed):
        await Ledger(store).approve(m.id, got["minutes"]["intents"][0]["id"], 1)


async def test_concurrent_finalize_calls_end_once_with_the_same_minutes(store):
    m = await zh_meeting(store)
    results = await asyncio.gather(*(finalize_meeting(store, m.id) for _ in range(4)))
    assert {r["status"] for r in results} == {"ended"}
    stored = await store.get_minutes(m.id)
    assert all((r["minutes"], r["markdown"]) == stored for r in results)
    assert sum(1 for c in await store.changes_after(m.id, 0) if c.kind == "minutes") == 1


async def test_finalizing_refuses_typed_input_but_queued_asr_completes(store):
    m = await store.create_meeting("站会", "zh", "suggest", ["张三"])
    job = await store.enqueue_job(m.id, "/tmp/seg.wav", 1800, start_ms=0)
    first = await finalize_meeting(store, m.id)
    assert [b["kind"] for b in first["blockers"]] == ["asr_jobs"]
    with pytest.raises(MeetingClosed):
        await store.append_utterance(m.id, "会后补充一句")
    assert (await store.claim_job()).id == job.id
    u = await store.complete_job(job.id, "张三负责写周报。", start_ms=0, end_ms=1800, compute_ms=420)
    assert u is not None and u.seq == 1
    second = await finalize_meeting(store, m.id)
    assert [b["kind"] for b in second["blockers"]] == ["unanalyzed"]
    await store.update_binding(m.id, analyzed_seq=1)
    done = await finalize_meeting(store, m.id)
    assert done["status"] == "ended"
    assert done["minutes"]["transcript"] == [{"seq": 1, "text": "张三负责写周报。", "start_ms": 0, "end_ms": 1800}]
    assert done["minutes"]["stats"]["asr_audio_ms"] == 1800
    assert done["minutes"]["stats"]["asr_compute_ms"] == 420  # Whisper's time, stored with the job


async def test_failed_asr_job_does_not_block_but_is_reported(store):
    m = await store.create_meeting("Sync", "en", "suggest", [])
    job = await store.enqueue_job(m.id, "/tmp/bad.wav", 700)
    await store.claim_job()
    await store.fail_job(job.id, "corrupt segment", max_attempts=1)
    got = await finalize_meeting(store, m.id)
    assert got["status"] == "ended"
    assert got["minutes"]["review"]["status"] == "issues"
    [issue] = got["minutes"]["review"]["issues"]
    assert issue["job_id"] == job.id and "corrupt segment" in issue["problem"]
    assert "corrupt segment" in got["markdown"]


async def test_unknown_meeting_is_not_found(store):
    with pytest.raises(NotFound):
        await finalize_meeting(store, "m_000000000000")


async def test_stats_come_from_the_store_and_extra(store):
    m = await store.create_meeting("Sync", "en", "suggest", ["Bob"])
    ledger = Ledger(store)
    await say(store, m, "Bob will write the report.")
    r = await ledger.upsert(m.id, kind="task", payload={"title": "Write the report", "owner": "Bob"},
                            evidence_seqs=[1], evidence="Bob will write the report", basis_sequence=1)
    await ledger.approve(m.id, r["intent_id"], 1)
    await say(store, m, "Thanks.")
    assert (await ledger.commit(m.id, r["intent_id"], 1, 1))["reason"] == "stale_transcript"
    assert (await ledger.commit(m.id, r["intent_id"], 2, 1))["status"] == "applied"
    for turn, step, brain in ((1, 1, "openai"), (1, 2, "openai"), (2, 1, "rules")):
        await store.add_trace(m.id, trace_id="t", agent_id="supervisor", turn=turn, step=step, brain=brain,
                              tool_calls=[], duration_ms=1.0)
    await store.save_subagent(m.id, "agent_1", task="draft", intent_id=None, state="done", history=[], result="ok")
    await store.add_trace(m.id, trace_id="t", agent_id="agent_1", turn=1, step=1, brain="openai", tool_calls=[],
                          duration_ms=1.0)
    await store.update_binding(m.id, analyzed_seq=2)
    with pytest.raises(InvalidInput):
        await finalize_meeting(store, m.id, stats_extra={"tokens": 5})
    got = await finalize_meeting(store, m.id, stats_extra={"asr_compute_ms": 321.4})
    assert got["minutes"]["stats"] == {"utterances": 2, "supervisor_turns": 2, "supervisor_steps": 3, "llm_calls": 3,
                                       "conflicts": 1, "asr_audio_ms": 0, "asr_compute_ms": 321}


async def test_given_summary_is_used_verbatim(store):
    m = await store.create_meeting("Sync", "en", "record", [])
    await say(store, m, "Hello everyone.")
    await store.update_binding(m.id, analyzed_seq=1)
    got = await finalize_meeting(store, m.id, summary="A short greeting.")
    assert got["minutes"]["summary"] == "A short greeting."
    assert "\nA short greeting.\n" in got["markdown"]


async def test_review_flags_a_hedged_decision(store):
    m = await zh_meeting(store)
    got = await finalize_meeting(store, m.id)
    hedged = next(d for d in got["minutes"]["decisions"] if "PostgreSQL" in d["text"])
    assert {"intent_id": hedged["intent_id"], "problem": "hedged wording recorded as a decision"} in \
        got["minutes"]["review"]["issues"]
    assert got["minutes"]["review"]["status"] == "issues"
    firm = next(d for d in got["minutes"]["decisions"] if "2.0" in d["text"])
    assert all(i.get("intent_id") != firm["intent_id"] for i in got["minutes"]["review"]["issues"])


async def test_rejected_after_revision_leaves_no_business_row_or_action_item(store):
    m = await store.create_meeting("Sync", "en", "suggest", ["Bob", "Ann"])
    ledger = Ledger(store)
    await say(store, m, "Bob will write the report.")
    iid = await add_applied(ledger, m, "task", {"title": "Write the report", "owner": "Bob"}, [1],
                            "Bob will write the report")
    await say(store, m, "Actually Ann will write the report.")
    await ledger.upsert(m.id, intent_id=iid, expected_revision=1, kind="task",
                        payload={"title": "Write the report", "owner": "Ann"}, evidence_seqs=[2],
                        evidence="Ann will write the report", basis_sequence=2, produced_by="user")
    await ledger.reject(m.id, iid, 2, "cancelled")
    assert await store.business_rows(m.id, "tasks") == []
    await store.update_binding(m.id, analyzed_seq=2)
    got = await finalize_meeting(store, m.id)
    assert got["minutes"]["action_items"] == [] and got["minutes"]["review"]["status"] == "ok"


# -- waiting ----------------------------------------------------------------------------------------


async def test_wait_and_finalize_ends_as_soon_as_the_blockers_clear(store):
    m = await store.create_meeting("Sync", "en", "suggest", [])
    job = await store.enqueue_job(m.id, "/tmp/a.wav", 1000)
    started = time.monotonic()
    waiting = asyncio.create_task(wait_and_finalize(store, m.id, 30))
    await asyncio.wait_for(_until_status(store, m.id, MeetingStatus.FINALIZING), 5)
    assert not waiting.done()
    await store.claim_job()
    await store.complete_job(job.id, "Let's wrap up.")
    await store.update_binding(m.id, analyzed_seq=1)
    got = await asyncio.wait_for(waiting, 10)
    assert got["status"] == "ended"
    assert time.monotonic() - started < 10  # woken by the change, not by the 30 s deadline


async def test_wait_and_finalize_returns_the_conflict_at_the_deadline(store):
    m = await store.create_meeting("Sync", "en", "suggest", [])
    got = await wait_and_finalize(store, m.id, 0.05, running_agents=lambda: ["agent_1"])
    assert got["status"] == "conflict" and got["blockers"][0]["agents"] == ["agent_1"]


async def test_wait_and_finalize_rechecks_on_an_outside_signal(store):
    m = await store.create_meeting("Sync", "en", "suggest", [])
    agents = ["agent_1"]
    signal = asyncio.Event()
    waiting = asyncio.create_task(
        wait_and_finalize(store, m.id, 30, changed=signal, running_agents=lambda: list(agents)))
    await asyncio.wait_for(_until_status(store, m.id, MeetingStatus.FINALIZING), 5)
    agents.clear()  # the agent finished: no store change, only the runtime's signal
    signal.set()
    assert (await asyncio.wait_for(waiting, 10))["status"] == "ended"


async def _until_status(store, meeting_id, status):
    seen = asyncio.Event()
    unsubscribe = store.subscribe(lambda changes: seen.set())
    try:
        while (await store.get_meeting(meeting_id)).status is not status:
            await seen.wait()
            seen.clear()
    finally:
        unsubscribe()
