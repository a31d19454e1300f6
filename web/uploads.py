"""Upload tickets: single use, expiring, size-capped permissions to PUT one WAV segment.

A ticket names the meeting it was issued for; the file the upload lands in is chosen by the
service, never by the client. At most ``max_open`` unredeemed, unexpired tickets exist at once
(a client asking for thousands gets ``too_many``, 429) and a quarter of them per meeting. Tickets live in memory: a restarted daemon forgets them, which at a
default lifetime of five minutes costs a client one more ``POST upload-tickets``.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from models import NotFound, TicketExpired, TicketUsed, TooMany


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    meeting_id: str
    expires_at: float
    max_bytes: int
    start_ms: int | None = None


class TicketBook:
    """Issue and redeem tickets. ``clock`` is wall time (``expires_at`` is shown to clients)."""

    def __init__(self, ttl_s: float, max_bytes: int, clock: Callable[[], float] = time.time, *,
                 max_open: int = 64) -> None:
        self.ttl_s = ttl_s
        self.max_open = max_open
        self.max_bytes = max_bytes
        self.clock = clock
        self._open: dict[str, Ticket] = {}
        self._used: dict[str, float] = {}  # id → when redeemed (kept for a clear "used" answer)

    def issue(self, meeting_id: str, start_ms: int | None = None) -> Ticket:
        self._sweep()
        now = self.clock()
        live = [t for t in self._open.values() if now <= t.expires_at]
        per_meeting = max(1, self.max_open // 4)
        if len(live) >= self.max_open or sum(t.meeting_id == meeting_id for t in live) >= per_meeting:
            raise TooMany("too many open upload tickets; upload with the ones you have or wait for them to expire",
                          limit=self.max_open)
        t = Ticket(secrets.token_urlsafe(18), meeting_id, self.clock() + self.ttl_s, self.max_bytes, start_ms)
        self._open[t.id] = t
        return t

    def redeem(self, ticket_id: str) -> Ticket:
        """Consume the ticket (one attempt per ticket, whatever the upload's outcome)."""
        now = self.clock()
        t = self._open.pop(ticket_id, None)
        if t is None:
            if ticket_id in self._used:
                raise TicketUsed("this upload ticket was already used; ask for a new one")
            raise NotFound("unknown upload ticket")
        self._used[ticket_id] = now
        if now > t.expires_at:
            raise TicketExpired("this upload ticket has expired; ask for a new one")
        return t

    def _sweep(self) -> None:
        now = self.clock()
        for tid in [k for k, t in self._open.items() if now > t.expires_at + self.ttl_s]:
            del self._open[tid]
        for tid in [k for k, at in self._used.items() if now > at + 2 * self.ttl_s]:
            del self._used[tid]
