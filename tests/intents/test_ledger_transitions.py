"""The intent state machine: every (from, to) pair, pure and through the Ledger service."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from intents import Ledger
from intents.ledger import EVENT_FOR, REVISABLE, TRANSITIONS, allowed, check_revisable, check_transition
from models import IllegalTransition, IntentStatus, MeetingdError
from store import Store

S = IntentStatus

# DESIGN §4, written out independently of the code's table (plus the applied → rejected retraction).
EXPECTED: dict[IntentStatus, set[IntentStatus]] = {
    S.DETECTED: {S.CLARIFYING, S.APPROVED, S.EXECUTING, S.SUPERSEDED, S.REJECTED},
    S.CLARIFYING: {S.APPROVED, S.SUPERSEDED, S.REJECTED},
    S.APPROVED: {S.EXECUTING, S.SUPERSEDED, S.REJECTED},
    S.EXECUTING: {S.APPLIED, S.FAILED},
    S.APPLIED: {S.REJECTED},
    S.SUPERSEDED: set(),
    S.REJECTED: set(),
    S.FAILED: {S.APPROVED, S.REJECTED},  # a person's approval is the retry of a failed write
}
EXPECTED_REVISABLE = {S.DETECTED, S.CLARIFYING, S.APPROVED, S.APPLIED, S.FAILED}

ALL_PAIRS = list(itertools.product(IntentStatus, IntentStatus))


def test_table_covers_every_status() -> None:
    assert set(TRANSITIONS) == set(IntentStatus)
    assert {k: set(v) for k, v in TRANSITIONS.items()} == EXPECTED


@pytest.mark.parametrize(("src", "dst"), ALL_PAIRS, ids=[f"{a.value}->{b.value}" for a, b in ALL_PAIRS])
def test_every_pair_is_allowed_or_illegal(src: IntentStatus, dst: IntentStatus) -> None:
    if dst in EXPECTED[src]:
        assert allowed(src, dst)
        event = check_transition(src, dst)
        assert event is EVENT_FOR[dst]
        assert event.value == f"intent.{dst.value}"
    else:
        assert not allowed(src, dst)
        with pytest.raises(IllegalTransition) as err:
            check_transition(src, dst)
        assert isinstance(err.value, MeetingdError)
        assert err.value.code == "illegal_transition"
        assert f"from {src.value} to {dst.value}" in err.value.message
        assert err.value.details == {"from_status": src.value, "to_status": dst.value}


@pytest.mark.parametrize("status", list(IntentStatus), ids=lambda s: s.value)
def test_revisable_statuses(status: IntentStatus) -> None:
    assert (status in REVISABLE) == (status in EXPECTED_REVISABLE)
    if status in EXPECTED_REVISABLE:
        check_revisable(status)
    else:
        with pytest.raises(IllegalTransition, match=f"a {status.value} intent cannot be revised"):
            check_revisable(status)


# -- through the service ---------------------------------------------------------------------------

UTTERANCES = ["张三负责写接口文档，周五之前完成。", "李四负责联调测试。", "好的，就这么定。"]
# Every status an intent can be stored in. ``executing`` is not one: it is an event written in the
# commit's own transaction together with applied / failed (test_executing_is_never_stored).
REACHABLE = [S.DETECTED, S.CLARIFYING, S.APPROVED, S.APPLIED, S.SUPERSEDED, S.REJECTED, S.FAILED]
STORED = set(IntentStatus) - {S.EXECUTING}


def test_reachable_is_every_stored_status() -> None:
    assert set(REACHABLE) == STORED


async def fail_writes(store: Store, table: str = "tasks") -> None:
    """Make the business write itself fail (a real database error), as a full disk or a constraint would."""
    async with store.db.transaction() as tx:
        if store.db.dialect.name == "postgresql":
            await tx.execute("CREATE OR REPLACE FUNCTION meetingd_fail() RETURNS trigger LANGUAGE plpgsql"
                             " AS $$ BEGIN RAISE EXCEPTION 'disk says no'; END $$")
            await tx.execute(f"CREATE TRIGGER fail_{table} BEFORE INSERT ON {table} FOR EACH ROW"
                             " EXECUTE FUNCTION meetingd_fail()")
        else:
            await tx.execute(f"CREATE TRIGGER fail_{table} BEFORE INSERT ON {table}"
                             " BEGIN SELECT RAISE(ABORT, 'disk says no'); END")


async def allow_writes(store: Store, table: str = "tasks") -> None:
    async with store.db.transaction() as tx:
        on = f" ON {table}" if store.db.dialect.name == "postgresql" else ""
        await tx.execute(f"DROP TRIGGER fail_{table}{on}")


async def _intent_in(ledger: Ledger, store: Store, status: IntentStatus) -> tuple[str, str, int]:
    """A fresh suggest-mode meeting with one task intent driven into ``status``."""
    m = await store.create_meeting("状态机", mode="suggest", participants=["张三", "李四"])
    for text in UTTERANCES:
        await store.append_utterance(m.id, text)
    r = await ledger.upsert(m.id, kind="task", payload={"title": "写接口文档", "owner": "张三"},
                            evidence_seqs=[1], evidence="张三负责写接口文档", basis_sequence=3)
    iid, rev = r["intent_id"], r["revision"]
    if status is S.CLARIFYING:
        await ledger.clarify(m.id, iid, "周五是哪个周五？", "clarification", ["本周五", "下周五"])
    elif status is S.APPROVED:
        await ledger.approve(m.id, iid, rev)
    elif status is S.APPLIED:
        await ledger.approve(m.id, iid, rev)
        assert (await ledger.commit(m.id, iid, 3, rev))["status"] == "applied"
    elif status is S.SUPERSEDED:
        await ledger.reject(m.id, iid, rev, "重复", superseded_by="int_other")
    elif status is S.REJECTED:
        await ledger.reject(m.id, iid, rev, "不用做了")
    elif status is S.FAILED:
        await ledger.approve(m.id, iid, rev)
        await fail_writes(store)
        assert (await ledger.commit(m.id, iid, 3, rev))["status"] == "failed"
        await allow_writes(store)
    got = await store.get_intent(m.id, iid)
    assert got.status is status
    return m.id, iid, rev


OPERATIONS = ["approve", "reject", "supersede", "clarify"]
TARGET = {"approve": S.APPROVED, "reject": S.REJECTED, "supersede": S.SUPERSEDED, "clarify": S.CLARIFYING}


async def _do(ledger: Ledger, op: str, mid: str, iid: str, rev: int) -> dict[str, Any]:
    if op == "approve":
        return await ledger.approve(mid, iid, rev)
    if op == "reject":
        return await ledger.reject(mid, iid, rev, "不用做了")
    if op == "supersede":
        return await ledger.reject(mid, iid, rev, "合并", superseded_by="int_other")
    return await ledger.clarify(mid, iid, "谁来做？", "clarification", ["张三", "李四"])


CASES = list(itertools.product(REACHABLE, OPERATIONS))


@pytest.mark.parametrize(("src", "op"), CASES, ids=[f"{s.value}-{op}" for s, op in CASES])
async def test_service_transition(store: Store, ledger: Ledger, src: IntentStatus, op: str) -> None:
    mid, iid, rev = await _intent_in(ledger, store, src)
    before = await store.intent_events(iid)
    target = TARGET[op]
    if src is target:
        # Asking for the state it is already in is an idempotent no-op, not an error.
        r = await _do(ledger, op, mid, iid, rev)
        assert r.to_dict() == {"intent_id": iid, "revision": rev, "status": src.value, "unchanged": True}
        assert len(await store.intent_events(iid)) == len(before)
    elif target in EXPECTED[src]:
        r = await _do(ledger, op, mid, iid, rev)
        assert r["status"] == target.value
        assert (await store.get_intent(mid, iid)).status is target
        events = await store.intent_events(iid)
        assert len(events) == len(before) + 1
        assert events[-1]["type"] == f"intent.{target.value}"
    else:
        with pytest.raises(IllegalTransition, match=f"from {src.value} to {target.value}"):
            await _do(ledger, op, mid, iid, rev)
        after = await store.get_intent(mid, iid)
        assert (after.status, after.revision) == (src, rev)
        assert len(await store.intent_events(iid)) == len(before)


@pytest.mark.parametrize("src", REACHABLE, ids=lambda s: s.value)
async def test_service_revise(store: Store, ledger: Ledger, src: IntentStatus) -> None:
    """Revising returns a revisable intent to detected at revision + 1; closed ones refuse."""
    mid, iid, rev = await _intent_in(ledger, store, src)
    call = ledger.upsert(mid, kind="task", payload={"title": "写接口文档", "owner": "李四"},
                         evidence_seqs=[2], evidence="李四负责联调测试", basis_sequence=3,
                         intent_id=iid, expected_revision=rev)
    if src in (S.APPROVED, S.APPLIED, S.FAILED):
        # A person approved it (a failed write was approved first): the model's revision waits
        # for them, nothing else changes.
        r = await call
        assert (r["status"], r["reason"], r["pending_revision"]) == ("conflict", "needs_person", True)
        it = await store.get_intent(mid, iid)
        assert (it.revision, it.status, it.payload["owner"]) == (rev, src, "张三")
        assert it.pending_revision["payload"]["owner"] == "李四"
    elif src in EXPECTED_REVISABLE:
        r = await call
        assert (r["revision"], r["status"]) == (rev + 1, "detected")
        it = await store.get_intent(mid, iid)
        assert (it.revision, it.status, it.payload["owner"]) == (rev + 1, S.DETECTED, "李四")
        assert (await store.intent_events(iid))[-1]["type"] == "intent.revised"
    else:
        with pytest.raises(IllegalTransition, match=f"a {src.value} intent cannot be revised"):
            await call
        it = await store.get_intent(mid, iid)
        assert (it.revision, it.status, it.payload["owner"]) == (rev, src, "张三")


@pytest.mark.parametrize("src", REACHABLE, ids=lambda s: s.value)
async def test_service_commit_from_each_state(store: Store, ledger: Ledger, src: IntentStatus) -> None:
    """Only an approved intent commits in suggest mode; an applied one replays its first result."""
    mid, iid, rev = await _intent_in(ledger, store, src)
    r = await ledger.commit(mid, iid, 3, rev)
    tasks = await store.business_rows(mid, "tasks")
    if src is S.APPROVED:
        assert (r["status"], r["auto"]) == ("applied", False)
        assert [t["intent_id"] for t in tasks] == [iid]
    elif src is S.APPLIED:
        assert r["status"] == "applied" and r["replayed"] is True
        assert [t["intent_id"] for t in tasks] == [iid]
    else:
        assert (r["status"], r["reason"], r["mode"]) == ("conflict", "not_approved", "suggest")
        assert r["intent_status"] == src.value
        assert tasks == []
        assert (await store.get_intent(mid, iid)).status is src


async def test_executing_is_never_stored(store: Store, ledger: Ledger) -> None:
    """Applied and failed commits both leave an ``intent.executing`` event, never the status."""
    for end in (S.APPLIED, S.FAILED):
        mid, iid, _ = await _intent_in(ledger, store, end)
        types = [e["type"] for e in await store.intent_events(iid)]
        assert types[-2:] == ["intent.executing", f"intent.{end.value}"]
        assert all(i.status is not S.EXECUTING for i in await store.list_intents(mid))
