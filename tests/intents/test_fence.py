"""The ledger's fence: on a shared store (PostgreSQL, a cluster) every write re-checks, in its own
transaction, that this node still holds the meeting's lease. A node frozen past its lease, whose
meeting another node took over, cannot write one more step: NotOwner, nothing written. On SQLite
(one process, leases never written) the fence is off."""

from __future__ import annotations

import asyncio
import time

import pytest

from intents import Ledger
from models import NotOwner
from store import Store
from tests.backends import Peek


async def test_a_node_that_lost_its_lease_writes_nothing(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("周会", mode="execute", participants=["张三"])
    await store.append_utterance(m.id, "张三负责接口文档。")
    a, b = Ledger(store, fence="node-a"), Ledger(store, fence="node-b")
    if not store.db.dialect.shared:
        assert a.fence is None  # one process: every meeting is this node's, nothing to check
        assert (await a.upsert(m.id, kind="task", payload={"title": "接口文档", "owner": "张三"},
                               evidence_seqs=[1], evidence="张三负责接口文档", basis_sequence=1)).status == "detected"
        return
    assert await store.claim_meeting(m.id, "node-a", 30) == "node-a"
    r = await a.upsert(m.id, kind="task", payload={"title": "接口文档", "owner": "张三"},
                       evidence_seqs=[1], evidence="张三负责接口文档", basis_sequence=1)
    with pytest.raises(NotOwner) as err:  # B runs nothing here: its writes are refused
        await b.approve(m.id, r.intent_id, 1, actor="supervisor")
    assert err.value.details["owner"] == "node-a"

    # A freezes past its lease; B takes the meeting over. A wakes up and tries its next step.
    await asyncio.to_thread(peek.rows, "UPDATE meeting_leases SET expires_at = ? RETURNING meeting_id",
                            (time.time() - 1,))
    assert await store.claim_meeting(m.id, "node-b", 30) == "node-b"
    before = peek.rows("SELECT count(*) FROM intent_events")
    with pytest.raises(NotOwner, match="no longer holds"):
        await a.commit(m.id, r.intent_id, 1, 1)
    with pytest.raises(NotOwner):
        await a.upsert(m.id, kind="task", payload={"title": "测试计划"}, evidence_seqs=[1],
                       evidence="张三负责接口文档", basis_sequence=1)
    assert peek.rows("SELECT count(*) FROM intent_events") == before
    assert peek.rows("SELECT count(*) FROM tasks") == [(0,)]
    assert (await b.commit(m.id, r.intent_id, 1, 1))["status"] == "applied"  # the holder goes on
