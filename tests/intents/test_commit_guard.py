"""The guarded commit through ``Ledger.commit`` on a real store: each guard, risk, idempotency."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from intents import Ledger
from models import IntentStatus, InvalidInput, Meeting, MeetingClosed, Risk
from store import Store
from tests.backends import Peek

MakeMeeting = Callable[..., Awaitable[Meeting]]

UTTERANCES = ["张三负责写接口文档，周五之前完成。", "李四负责联调测试。"]
TASK = {"title": "写接口文档", "owner": "张三", "due_date_raw": "周五之前", "priority": "high"}


def audit(peek: Peek, intent_id: str) -> list[tuple[int, str, str | None]]:
    return peek.rows(
        "SELECT revision, result, reason FROM meeting_ai_actions WHERE intent_id = ? ORDER BY id", (intent_id,))


async def upsert_task(ledger: Ledger, mid: str, basis: int, **changes: Any) -> dict[str, Any]:
    payload = TASK | changes.pop("payload", {})
    return await ledger.upsert(mid, kind="task", payload=payload, evidence_seqs=changes.pop("seqs", [1]),
                               evidence=changes.pop("evidence", "张三负责写接口文档，周五之前完成"),
                               basis_sequence=basis, **changes)


async def test_revision_mismatch_carries_current_revision(
    store: Store, ledger: Ledger, make_meeting: MakeMeeting, peek: Peek
) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r1 = await upsert_task(ledger, m.id, 2)
    r2 = await upsert_task(ledger, m.id, 2, payload={"owner": "李四"}, seqs=[2], evidence="李四负责联调测试",
                           intent_id=r1["intent_id"], expected_revision=1)
    assert r2["revision"] == 2
    got = await ledger.commit(m.id, r1["intent_id"], 2, 1)
    assert got.to_dict() == {"status": "conflict", "reason": "revision_mismatch", "current_revision": 2,
                   "intent_id": r1["intent_id"]}
    assert await store.business_rows(m.id, "tasks") == []
    assert audit(peek, r1["intent_id"]) == [(1, "conflict", "revision_mismatch")]
    assert (await store.get_intent(m.id, r1["intent_id"])).status is IntentStatus.DETECTED


async def test_stale_transcript_lists_unseen_utterances(
    store: Store, ledger: Ledger, make_meeting: MakeMeeting, peek: Peek
) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    await store.append_utterance(m.id, "等一下，这个让李四来做。")
    await store.append_utterance(m.id, "周五来不及，改到下周一。")
    got = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert got["status"] == "conflict" and got["reason"] == "stale_transcript"
    assert got["latest_seq"] == 4
    assert got["unseen"] == [{"seq": 3, "text": "等一下，这个让李四来做。"},
                             {"seq": 4, "text": "周五来不及，改到下周一。"}]
    assert await store.business_rows(m.id, "tasks") == []
    assert audit(peek, r["intent_id"]) == [(1, "conflict", "stale_transcript")]
    # The audit row stores exactly what the caller got back.
    (response,) = peek.one("SELECT response FROM meeting_ai_actions")
    assert json.loads(response) == got.to_dict()
    # Having seen everything, the same revision commits.
    assert (await ledger.commit(m.id, r["intent_id"], 4, 1))["status"] == "applied"


async def test_not_approved_in_suggest_mode(store: Store, ledger: Ledger, make_meeting: MakeMeeting) -> None:
    m = await make_meeting("suggest", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    assert r["risk"] == "low"
    got = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert got.to_dict() == {"status": "conflict", "reason": "not_approved", "intent_status": "detected", "mode": "suggest",
                   "risk": "low", "intent_id": r["intent_id"]}
    assert await store.business_rows(m.id, "tasks") == []
    await ledger.approve(m.id, r["intent_id"], 1)
    applied = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert applied.to_dict() == {"status": "applied", "intent_id": r["intent_id"], "revision": 1,
                       "entity_ref": f"tasks/{r['intent_id']}", "auto": False}


async def test_execute_mode_low_risk_auto_commits(store: Store, ledger: Ledger, make_meeting: MakeMeeting) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    got = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert got["status"] == "applied" and got["auto"] is True
    [task] = await store.business_rows(m.id, "tasks")
    assert (task["title"], task["owner"], task["due_date_raw"], task["priority"]) == ("写接口文档", "张三", "周五之前", "high")
    assert json.loads(task["evidence_seqs"]) == [1] and task["revision"] == 1
    it = await store.get_intent(m.id, r["intent_id"])
    assert (it.status, it.entity_ref) == (IntentStatus.APPLIED, f"tasks/{it.id}")
    types = [e["type"] for e in await store.intent_events(it.id)]
    assert types == ["intent.detected", "intent.executing", "intent.applied"]


async def test_unsaid_owner_is_nulled_and_never_auto_commits(
    store: Store, ledger: Ledger, make_meeting: MakeMeeting
) -> None:
    m = await make_meeting("execute", UTTERANCES, participants=["张三", "李四", "王五"])
    r = await upsert_task(ledger, m.id, 2, payload={"owner": "王五"})
    assert r["risk"] == "high"
    assert any("王五" in issue and "not said" in issue for issue in r["issues"])
    it = await store.get_intent(m.id, r["intent_id"])
    assert it.payload["owner"] is None and it.risk is Risk.HIGH
    got = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert (got["reason"], got["risk"], got["mode"]) == ("not_approved", "high", "execute")
    assert await store.business_rows(m.id, "tasks") == []
    # A person may still approve it; the guessed owner stays out.
    await ledger.approve(m.id, r["intent_id"], 1)
    assert (await ledger.commit(m.id, r["intent_id"], 2, 1))["status"] == "applied"
    [task] = await store.business_rows(m.id, "tasks")
    assert task["owner"] is None


async def test_unsaid_due_date_is_nulled_and_high_risk(store: Store, ledger: Ledger, make_meeting: MakeMeeting) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2, payload={"due_date_raw": "下周三"})
    assert r["risk"] == "high" and any("下周三" in i for i in r["issues"])
    assert (await store.get_intent(m.id, r["intent_id"])).payload["due_date_raw"] is None
    assert (await ledger.commit(m.id, r["intent_id"], 2, 1))["reason"] == "not_approved"


async def test_double_commit_returns_first_result(
    store: Store, ledger: Ledger, make_meeting: MakeMeeting, peek: Peek
) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    first = await ledger.commit(m.id, r["intent_id"], 2, 1)
    await store.append_utterance(m.id, "还有别的吗？")  # a replay does not re-check freshness
    second = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert second.to_dict() == first.to_dict() | {"replayed": True}
    assert len(await store.business_rows(m.id, "tasks")) == 1
    assert audit(peek, r["intent_id"]) == [(1, "applied", None)]
    types = [e["type"] for e in await store.intent_events(r["intent_id"])]
    assert types.count("intent.applied") == 1


async def test_ended_meeting_refuses(store: Store, ledger: Ledger, make_meeting: MakeMeeting) -> None:
    m = await make_meeting("suggest", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    await ledger.approve(m.id, r["intent_id"], 1)
    await store.end_with_minutes(m.id, {"meeting": {"id": m.id}}, "# 周会")
    got = await ledger.commit(m.id, r["intent_id"], 2, 1)
    assert (got["status"], got["reason"]) == ("conflict", "meeting_ended")
    assert await store.business_rows(m.id, "tasks") == []
    with pytest.raises(MeetingClosed, match="has ended"):
        await ledger.approve(m.id, r["intent_id"], 1)
    with pytest.raises(MeetingClosed, match="has ended"):
        await upsert_task(ledger, m.id, 2)


async def test_basis_from_the_future_is_refused(store: Store, ledger: Ledger, make_meeting: MakeMeeting) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    got = await ledger.commit(m.id, r["intent_id"], 9, 1)
    assert (got["reason"], got["latest_seq"]) == ("invalid_basis", 2)
    assert await store.business_rows(m.id, "tasks") == []


@pytest.mark.parametrize(("basis", "revision", "message"), [
    (-1, 1, "basis_sequence must be a non-negative integer; got -1"),
    (2, 0, "intent_revision must be a positive integer; got 0"),
    ("2", 1, "basis_sequence must be a non-negative integer; got '2'"),
])
async def test_commit_rejects_malformed_numbers(
    store: Store, ledger: Ledger, make_meeting: MakeMeeting, basis: Any, revision: Any, message: str
) -> None:
    m = await make_meeting("execute", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    with pytest.raises(InvalidInput) as err:
        await ledger.commit(m.id, r["intent_id"], basis, revision)
    assert err.value.message == message
    assert await store.business_rows(m.id, "tasks") == []


async def test_conflicts_feed_the_change_log_and_count(store: Store, ledger: Ledger, make_meeting: MakeMeeting) -> None:
    m = await make_meeting("suggest", UTTERANCES)
    r = await upsert_task(ledger, m.id, 2)
    await ledger.commit(m.id, r["intent_id"], 2, 1)
    await ledger.commit(m.id, r["intent_id"], 1, 1)
    assert await store.conflict_count(m.id) == 2
    changes = [c for c in await store.changes_after(m.id, 0) if c.kind == "conflict"]
    assert [c.data["reason"] for c in changes] == ["not_approved", "stale_transcript"]
