"""Which meetings this node runs (docs/scale.md, "Meeting ownership").

On a shared store (PostgreSQL, several ``meetingd serve`` nodes) exactly one node runs a meeting's
coordinator and Supervisor: the holder of its lease in ``meeting_leases``. The holder renews
every ``lease_s / 3``; a lease not renewed for ``lease_s`` expires and another node's next scan
(also every ``lease_s / 3``) takes the meeting over, resuming from the binding's watermarks. So
a meeting whose node dies runs again within ``lease_s + lease_s / 3`` (20 s by default).

A node that cannot renew (lost the database, a stalled loop) stops its sessions once its leases
may have expired: it never keeps a Supervisor running on a meeting another node may have taken.

On a store that is not shared (SQLite, one process) every meeting is this node's: nothing is
written and nothing is checked.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Iterable

from models import NotOwner
from store import Store


def default_node_id() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"


class Ownership:
    def __init__(self, store: Store, node_id: str | None = None, lease_s: float = 15.0) -> None:
        self.store = store
        self.node_id = node_id or default_node_id()
        self.lease_s = lease_s
        self.shared = store.db.dialect.shared
        self._renewed_at = time.monotonic()

    @property
    def renew_s(self) -> float:
        return self.lease_s / 3

    def new_lease(self) -> tuple[str, float] | None:
        """The lease a meeting this node creates starts with (None when nothing is shared): held
        from its first row, so another node's takeover scan never finds it unowned."""
        return (self.node_id, self.lease_s) if self.shared else None

    async def claim(self, meeting_id: str) -> None:
        """Hold ``meeting_id`` (take it if free or expired); NotOwner naming the holder otherwise."""
        if not self.shared:
            return
        holder = await self.store.claim_meeting(meeting_id, self.node_id, self.lease_s)
        if holder != self.node_id:
            raise NotOwner(f"meeting {meeting_id} is run by node {holder}; send this to that node "
                           f"(another node takes it over if {holder} stops)", meeting_id=meeting_id, owner=holder)

    async def renew(self, held: Iterable[str]) -> set[str]:
        """Extend the leases of ``held``; returns the meetings still ours. After a failed renewal
        they stay ours only while their leases cannot have expired; past that the error is raised
        and the caller stops them all."""
        held = list(held)
        if not self.shared:
            return set(held)
        try:
            kept = await self.store.renew_meetings(self.node_id, held, self.lease_s)
        except Exception:
            if time.monotonic() - self._renewed_at < self.lease_s - self.renew_s:
                return set(held)
            raise
        self._renewed_at = time.monotonic()
        return kept

    async def release(self, meeting_id: str) -> None:
        if self.shared:
            await self.store.release_meeting(meeting_id, self.node_id)
