"""Meeting leases: which node runs a meeting's coordinator and Supervisor (docs/scale.md).

A node holds a meeting while ``now < expires_at`` of the meeting's row and renews it; a row whose
time has passed (its node died or lost the database) may be taken by any node. Claim and renewal
are single statements (an upsert guarded by its ``WHERE``), so two nodes racing for one meeting
cannot both win. Leases change no fact a guard reads: their transactions are not exclusive.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from models import Meeting

from . import rows
from .db import Tx
from .meetings import MeetingRecords

# How long a lease lasts without renewal; the holder renews every third of it (live/ownership.py).
MEETING_LEASE_S = 15.0


class LeaseRecords(MeetingRecords):

    async def claim_meeting(self, meeting_id: str, node_id: str, lease_s: float = MEETING_LEASE_S) -> str:
        """Take or extend the lease of ``meeting_id`` for ``node_id`` if it is free, expired or
        already ``node_id``'s. Returns the holder afterwards (``node_id`` when the claim won)."""
        now = time.time()
        async with self.db.transaction(exclusive=False) as tx:
            r = await tx.one(
                "INSERT INTO meeting_leases(meeting_id, node_id, expires_at) VALUES (?,?,?)"
                " ON CONFLICT(meeting_id) DO UPDATE SET node_id = excluded.node_id, expires_at = excluded.expires_at"
                " WHERE meeting_leases.node_id = excluded.node_id OR meeting_leases.expires_at < ?"
                " RETURNING node_id",
                (meeting_id, node_id, now + lease_s, now),
            )
            if r is not None:
                return str(r[0])
            held = await tx.one("SELECT node_id FROM meeting_leases WHERE meeting_id = ?", (meeting_id,))
            return str(held[0]) if held is not None else node_id

    async def renew_meetings(self, node_id: str, meeting_ids: Sequence[str],
                             lease_s: float = MEETING_LEASE_S) -> set[str]:
        """Extend the leases ``node_id`` still holds (unexpired) among ``meeting_ids``; returns those."""
        if not meeting_ids:
            return set()
        now = time.time()
        marks = ",".join("?" * len(meeting_ids))
        async with self.db.transaction(exclusive=False) as tx:
            got = await tx.all(
                f"UPDATE meeting_leases SET expires_at = ? WHERE node_id = ? AND expires_at >= ?"
                f" AND meeting_id IN ({marks}) RETURNING meeting_id",
                (now + lease_s, node_id, now, *meeting_ids),
            )
        return {str(r[0]) for r in got}

    async def release_meeting(self, meeting_id: str, node_id: str) -> None:
        """Give the lease up at once (a clean shutdown, an ended meeting): no wait for expiry."""
        async with self.db.transaction(exclusive=False) as tx:
            await tx.execute("DELETE FROM meeting_leases WHERE meeting_id = ? AND node_id = ?", (meeting_id, node_id))

    async def lease_holder_in_tx(self, tx: Tx, meeting_id: str) -> str | None:
        """Inside a write transaction: the node holding an unexpired lease on ``meeting_id``, or
        None. The ledger's fence reads it in the same transaction as the write it guards."""
        r = await tx.one("SELECT node_id FROM meeting_leases WHERE meeting_id = ? AND expires_at >= ?",
                         (meeting_id, time.time()))
        return str(r[0]) if r is not None else None

    async def meeting_owner(self, meeting_id: str) -> str | None:
        """The node holding an unexpired lease on ``meeting_id``, or None."""
        r = await self.db.one("SELECT node_id FROM meeting_leases WHERE meeting_id = ? AND expires_at >= ?",
                              (meeting_id, time.time()))
        return str(r[0]) if r is not None else None

    async def unowned_live_meetings(self) -> list[Meeting]:
        """Live meetings with no lease or an expired one: what a node may take over."""
        got = await self.db.all(
            "SELECT m.* FROM meetings m LEFT JOIN meeting_leases l ON l.meeting_id = m.id"
            " WHERE m.status != 'ended' AND (l.meeting_id IS NULL OR l.expires_at < ?) ORDER BY m.created_at",
            (time.time(),),
        )
        return [rows.meeting(r) for r in got]
