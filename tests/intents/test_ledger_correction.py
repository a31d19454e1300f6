"""The correction case at the ledger level ("给张三，不对，给李四"), re-apply and retraction."""

from __future__ import annotations

import json
from typing import Any

from intents import Ledger
from models import IntentStatus
from store import Store
from tests.backends import Peek

UTTERANCES = ["接口文档这周要写完。", "这个给张三，周五之前交。"]


def task_rows(peek: Peek) -> list[dict[str, Any]]:
    return peek.dicts("SELECT * FROM tasks")


async def test_correction_revise_reapply_retract(store: Store, ledger: Ledger, peek: Peek) -> None:
    m = await store.create_meeting("周会", mode="suggest", participants=["张三", "李四"])
    for text in UTTERANCES:
        await store.append_utterance(m.id, text)

    # rev 1: owner 张三, seen up to seq 2.
    r1 = await ledger.upsert(m.id, kind="task",
                             payload={"title": "写接口文档", "owner": "张三", "due_date_raw": "周五之前"},
                             evidence_seqs=[1, 2], evidence="这个给张三，周五之前交", basis_sequence=2)
    iid = r1["intent_id"]
    assert (r1["revision"], r1["risk"]) == (1, "low")
    await ledger.approve(m.id, iid, 1)

    # The correction arrives before the commit: the commit on basis 2 must not write 张三.
    await store.append_utterance(m.id, "不对，给李四。")
    stale = await ledger.commit(m.id, iid, 2, 1)
    assert (stale["status"], stale["reason"]) == ("conflict", "stale_transcript")
    assert stale["unseen"] == [{"seq": 3, "text": "不对，给李四。"}]
    assert task_rows(peek) == []

    # rev 2: owner 李四, from the correction. A person approved rev 1, so the model's correction
    # waits as a pending revision; the person's approval and the intent stay until they accept it.
    held = await ledger.upsert(m.id, kind="task",
                               payload={"title": "写接口文档", "owner": "李四", "due_date_raw": "周五之前"},
                               evidence_seqs=[2, 3], evidence="不对，给李四", basis_sequence=3,
                               intent_id=iid, expected_revision=1)
    assert (held["status"], held["reason"], held["pending_revision"]) == ("conflict", "needs_person", True)
    it = await store.get_intent(m.id, iid)
    assert (it.revision, it.status, it.payload["owner"]) == (1, IntentStatus.APPROVED, "张三")
    assert it.pending_revision["payload"]["owner"] == "李四"
    r2 = await ledger.accept_pending(m.id, iid, 1)
    assert (r2["intent_id"], r2["revision"], r2["status"]) == (iid, 2, "approved")
    # The approval of rev 1 does not carry over: rev 1 can no longer commit.
    assert (await ledger.commit(m.id, iid, 3, 1))["reason"] == "revision_mismatch"
    applied = await ledger.commit(m.id, iid, 3, 2)
    assert (applied["status"], applied["revision"]) == ("applied", 2)
    [row] = task_rows(peek)
    assert (row["intent_id"], row["owner"], row["due_date_raw"], row["revision"]) == (iid, "李四", "周五之前", 2)
    assert json.loads(row["evidence_seqs"]) == [1, 2, 3]
    created_at = row["created_at"]

    # A later model revision of the applied intent (new due date) waits for a person; until then
    # the row keeps what was committed; accepted, it is re-applied onto the SAME row at once.
    await store.append_utterance(m.id, "李四那个改到下周一吧。")
    r3 = await ledger.upsert(m.id, kind="task",
                             payload={"title": "写接口文档", "owner": "李四", "due_date_raw": "下周一"},
                             evidence_seqs=[4], evidence="李四那个改到下周一吧", basis_sequence=4,
                             intent_id=iid, expected_revision=2)
    assert r3["reason"] == "needs_person"
    [row] = task_rows(peek)
    assert (row["due_date_raw"], row["revision"]) == ("周五之前", 2)
    assert (await ledger.accept_pending(m.id, iid, 2))["status"] == "applied"
    [row] = task_rows(peek)
    assert (row["intent_id"], row["owner"], row["due_date_raw"], row["revision"]) == (iid, "李四", "下周一", 3)
    assert row["created_at"] == created_at and row["updated_at"] >= created_at
    intents = await store.list_intents(m.id)
    assert [(i.id, i.revision, i.status) for i in intents] == [(iid, 3, IntentStatus.APPLIED)]

    # Retraction: rejecting the applied intent deletes its business row in the same transaction.
    await store.append_utterance(m.id, "算了，文档不用写了。")
    got = await ledger.reject(m.id, iid, 3, "不用写了")
    assert got.to_dict() == {"intent_id": iid, "revision": 3, "status": "rejected"}
    assert task_rows(peek) == []
    it = await store.get_intent(m.id, iid)
    assert (it.status, it.entity_ref) == (IntentStatus.REJECTED, None)
    types = [e["type"] for e in await store.intent_events(iid)]
    assert types == [
        "intent.detected", "intent.approved", "intent.revised", "intent.approved", "intent.executing",
        "intent.applied", "intent.revised", "intent.approved", "intent.executing", "intent.applied",
        "intent.rejected",
    ]


async def test_rejecting_a_revised_applied_intent_removes_its_row(store: Store, ledger: Ledger, peek: Peek) -> None:
    """Applied, then revised (back to detected, row still there), then rejected: no row is left."""
    m = await store.create_meeting("周会", mode="execute", participants=["张三"])
    await store.append_utterance(m.id, "张三负责周报。")
    await store.append_utterance(m.id, "张三的周报周三交。")
    r = await ledger.upsert(m.id, kind="task", payload={"title": "周报", "owner": "张三"}, evidence_seqs=[1],
                            evidence="张三负责周报", basis_sequence=2)
    assert (await ledger.commit(m.id, r["intent_id"], 2, 1))["status"] == "applied"
    await ledger.upsert(m.id, kind="task", payload={"title": "周报", "owner": "张三", "due_date_raw": "周三"},
                        evidence_seqs=[2], evidence="张三的周报周三交", basis_sequence=2,
                        intent_id=r["intent_id"], expected_revision=1)
    assert len(task_rows(peek)) == 1
    await ledger.reject(m.id, r["intent_id"], 2, "取消")
    assert task_rows(peek) == []
    assert (await store.get_intent(m.id, r["intent_id"])).entity_ref is None


async def test_revision_conflict_on_upsert(store: Store, ledger: Ledger) -> None:
    """A revision against an outdated expected_revision changes nothing and says the current one."""
    m = await store.create_meeting("周会", mode="suggest", participants=["张三", "李四"])
    await store.append_utterance(m.id, "张三负责周报，不对，李四负责。")
    r = await ledger.upsert(m.id, kind="task", payload={"title": "周报", "owner": "张三"}, evidence_seqs=[1],
                            evidence="张三负责周报", basis_sequence=1)
    await ledger.upsert(m.id, kind="task", payload={"title": "周报", "owner": "李四"}, evidence_seqs=[1],
                        evidence="李四负责", basis_sequence=1, intent_id=r["intent_id"], expected_revision=1)
    stale = await ledger.upsert(m.id, kind="task", payload={"title": "周报", "owner": "张三"}, evidence_seqs=[1],
                                evidence="张三负责周报", basis_sequence=1, intent_id=r["intent_id"],
                                expected_revision=1)
    assert stale.to_dict() == {"status": "conflict", "reason": "revision_mismatch", "current_revision": 2,
                     "intent_id": r["intent_id"]}
    it = await store.get_intent(m.id, r["intent_id"])
    assert (it.revision, it.payload["owner"]) == (2, "李四")


async def test_same_item_twice_stays_one_intent(store: Store, ledger: Ledger) -> None:
    m = await store.create_meeting("周会", mode="suggest", participants=["张三"])
    await store.append_utterance(m.id, "张三负责周报。")
    args = {"kind": "task", "payload": {"title": "周报", "owner": "张三"}, "evidence_seqs": [1],
            "evidence": "张三负责周报", "basis_sequence": 1}
    a = await ledger.upsert(m.id, **args)
    b = await ledger.upsert(m.id, **args)
    assert b["intent_id"] == a["intent_id"] and b["duplicate"] is True
    assert len(await store.list_intents(m.id)) == 1
    # Once closed, the same words may open a new intent.
    await ledger.reject(m.id, a["intent_id"], 1, "重复")
    c = await ledger.upsert(m.id, **args)
    assert c["intent_id"] != a["intent_id"] and "duplicate" not in c
