"""A commit whose business write fails is recorded, not lost (issue #13): the intent is ``failed``
with the error, the audit log says so, finalize names it, and a person's approval retries it."""

from __future__ import annotations

from test_ledger_transitions import allow_writes, fail_writes

from coordinator.finalize import finalize_meeting
from intents import Failed, Ledger
from models import IntentStatus
from store import Store


async def _approved(store: Store, ledger: Ledger) -> tuple[str, str]:
    m = await store.create_meeting("周会", "zh", "suggest", ["张三"])
    await store.append_utterance(m.id, "张三负责写接口文档，周五之前完成。")
    r = await ledger.upsert(m.id, kind="task", payload={"title": "写接口文档", "owner": "张三"},
                            evidence_seqs=[1], evidence="张三负责写接口文档", basis_sequence=1)
    await ledger.approve(m.id, r["intent_id"], 1)
    return m.id, r["intent_id"]


async def test_a_failed_business_write_is_stored_with_its_error_and_retried_by_approval(store):
    ledger = Ledger(store)
    mid, iid = await _approved(store, ledger)
    await fail_writes(store)
    r = await ledger.commit(mid, iid, 1, 1)
    # The database's own error class: IntegrityError (SQLite's RAISE) or RaiseError (plpgsql).
    error = {"sqlite": "IntegrityError", "postgresql": "RaiseError"}[store.db.dialect.name] + ": disk says no"
    assert isinstance(r, Failed) and r.to_dict() == {
        "status": "failed", "intent_id": iid, "revision": 1, "error": error}
    it = await store.get_intent(mid, iid)
    assert (it.status, it.error) == (IntentStatus.FAILED, error)
    assert it.to_dict()["error"] == it.error  # what the dock shows on the card
    assert await store.business_rows(mid, "tasks") == []
    events = await store.intent_events(iid)
    assert [e["type"] for e in events][-2:] == ["intent.executing", "intent.failed"]
    assert events[-1]["payload"]["error"] == error
    [action] = await store.db.all("SELECT result, reason FROM meeting_ai_actions WHERE intent_id = ?", (iid,))
    assert (action["result"], action["reason"]) == ("failed", error)
    intent_changes = [c.data for c in await store.changes_after(mid, 0) if c.kind == "intent"]
    assert intent_changes[-1]["status"] == "failed" and intent_changes[-1]["error"]

    # Finalize does not wait for it, but the minutes say it needs a person.
    await store.update_binding(mid, analyzed_seq=1)
    got = await finalize_meeting(store, mid)
    assert got["status"] == "ended"
    assert any(i.get("intent_id") == iid and "commit failed" in i["problem"] for i in got["minutes"]["review"]["issues"])


async def test_approving_a_failed_intent_retries_the_commit(store):
    ledger = Ledger(store)
    mid, iid = await _approved(store, ledger)
    await fail_writes(store)
    assert (await ledger.commit(mid, iid, 1, 1))["status"] == "failed"
    await allow_writes(store)
    assert (await ledger.approve(mid, iid, 1))["status"] == "approved"
    assert (await store.get_intent(mid, iid)).error is None
    r = await ledger.commit(mid, iid, 1, 1)
    assert r["status"] == "applied" and "replayed" not in r
    assert [t["intent_id"] for t in await store.business_rows(mid, "tasks")] == [iid]
