"""Meeting leases on both backends: one holder at a time, renewal only by the holder, takeover
only after expiry, release for an at-once handover."""

from __future__ import annotations

import asyncio
import time

from store import Store
from tests.backends import Peek


async def test_one_holder_until_expiry(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("租约")
    assert await store.claim_meeting(m.id, "node-a", 30) == "node-a"
    assert await store.claim_meeting(m.id, "node-b", 30) == "node-a"  # held: B is told who holds it
    assert await store.meeting_owner(m.id) == "node-a"
    assert await store.unowned_live_meetings() == []
    assert await store.renew_meetings("node-b", [m.id], 30) == set()  # B never held it
    assert await store.renew_meetings("node-a", [m.id], 30) == {m.id}
    # A's lease runs out (A stopped renewing): B may take it, and A cannot renew it back.
    await asyncio.to_thread(peek.rows, "UPDATE meeting_leases SET expires_at = ? RETURNING meeting_id",
                            (time.time() - 1,))
    assert await store.meeting_owner(m.id) is None
    assert [x.id for x in await store.unowned_live_meetings()] == [m.id]
    assert await store.claim_meeting(m.id, "node-b", 30) == "node-b"
    assert await store.renew_meetings("node-a", [m.id], 30) == set()
    assert peek.rows("SELECT node_id FROM meeting_leases") == [("node-b",)]


async def test_release_hands_over_at_once(store: Store) -> None:
    m = await store.create_meeting("交接")
    assert await store.claim_meeting(m.id, "node-a", 30) == "node-a"
    await store.release_meeting(m.id, "node-b")  # not B's: nothing happens
    assert await store.meeting_owner(m.id) == "node-a"
    await store.release_meeting(m.id, "node-a")
    assert await store.claim_meeting(m.id, "node-b", 30) == "node-b"


async def test_racing_claims_have_one_winner(store: Store) -> None:
    m = await store.create_meeting("抢")
    got = await asyncio.gather(*(store.claim_meeting(m.id, f"node-{i}", 30) for i in range(8)))
    assert len(set(got)) == 1 and got[0] in {f"node-{i}" for i in range(8)}


async def test_a_meeting_created_with_a_lease_is_never_seen_unowned(store: Store, peek: Peek) -> None:
    # The creating node holds it from the insert on: another node's takeover scan, running
    # between the insert and the creator's first claim, must not find it free.
    m = await store.create_meeting("新会", lease=("node-a", 30))
    assert await store.meeting_owner(m.id) == "node-a"
    assert await store.unowned_live_meetings() == []
    assert await store.claim_meeting(m.id, "node-b", 30) == "node-a"
    assert await store.claim_meeting(m.id, "node-a", 30) == "node-a"  # the creator's own claim renews
    plain = await store.create_meeting("无租约")  # one process on SQLite: no lease row at all
    assert peek.rows("SELECT meeting_id FROM meeting_leases WHERE meeting_id = ?", (plain.id,)) == []
