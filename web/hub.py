"""Fan-out of a meeting's change feed to its WebSocket clients, and the live dock status.

The store calls :meth:`Hub.on_changes` synchronously after each commit. The hub only appends to
each client's bounded :class:`Feed` and sets an event: a slow or stuck client can never block a
commit or another client. A feed that overflows drops its backlog and is marked, and its sender
answers with a fresh snapshot instead of the lost events.

Dock status (recording, transcribing jobs, Supervisor state and current step, agents) is partly
in-memory state of the meeting's session, so it is not in the change log. Each room recomputes it when a
change of a dock-relevant kind lands or a recording client comes or goes (at most ~10 times a
second), and once a second while the meeting is busy so the current step stays fresh; clients get
it as ``{"type":"dock"}`` messages, the latest one replacing any unsent one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import Any

from live.ports import LiveService
from models import Change, MeetingdError

log = logging.getLogger(__name__)

DOCK_KINDS = frozenset({"meeting", "utterance", "job", "supervisor", "agent", "intent", "minutes", "skipped"})
DOCK_MIN_INTERVAL_S = 0.1
DOCK_BUSY_REFRESH_S = 1.0
MAX_MESSAGES_QUEUED = 32


class Feed:
    """One client's pending outbound messages. Only the client's sender task drains it."""

    def __init__(self, meeting_id: str, max_pending: int) -> None:
        self.meeting_id = meeting_id
        self.max_pending = max_pending
        self.changes: deque[Change] = deque()
        self.overflowed = False
        self.dock: dict[str, Any] | None = None
        self.ack: int | None = None
        self.messages: deque[dict[str, Any]] = deque(maxlen=MAX_MESSAGES_QUEUED)
        self.closed = False
        self._wake = asyncio.Event()

    def push_changes(self, changes: list[Change]) -> None:
        if self.overflowed:
            return  # a snapshot is coming anyway
        if len(self.changes) + len(changes) > self.max_pending:
            self.changes.clear()
            self.overflowed = True
        else:
            self.changes.extend(changes)
        self._wake.set()

    def push_dock(self, dock: dict[str, Any]) -> None:
        self.dock = dock
        self._wake.set()

    def push_ack(self, received_ms: int) -> None:
        # Acks are cumulative: only the newest matters if the client is slow to read.
        self.ack = received_ms if self.ack is None else max(self.ack, received_ms)
        self._wake.set()

    def push_message(self, msg: dict[str, Any]) -> None:
        """An error or pong for this client (bounded: a client flooding bad input loses some)."""
        self.messages.append(msg)
        self._wake.set()

    def close(self) -> None:
        self.closed = True
        self._wake.set()

    async def wait(self) -> None:
        await self._wake.wait()
        self._wake.clear()


class Room:
    """The clients of one meeting and its dock refresher."""

    def __init__(self, hub: Hub, meeting_id: str) -> None:
        self.hub = hub
        self.meeting_id = meeting_id
        self.feeds: set[Feed] = set()
        self.dirty = asyncio.Event()
        self.last_dock: dict[str, Any] | None = None
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._dock_loop(), name=f"dock-{self.meeting_id}")

    async def _dock_loop(self) -> None:
        busy = False
        while self.feeds:
            try:
                async with asyncio.timeout(DOCK_BUSY_REFRESH_S if busy else None):
                    await self.dirty.wait()
            except TimeoutError:
                pass
            self.dirty.clear()
            try:
                dock = await self.hub.service.dock(self.meeting_id)
            except MeetingdError:
                return
            except Exception:  # status is best effort; never take the socket down for it
                log.exception("dock refresh failed", extra={"meeting_id": self.meeting_id})
                dock = None
            if dock is not None:
                busy = bool(dock["recording"] or dock["transcribing"] or dock["pending_seq"]
                            or dock["supervisor"].get("state") == "running")
                if dock != self.last_dock:
                    self.last_dock = dock
                    for feed in list(self.feeds):
                        feed.push_dock(dock)
            await asyncio.sleep(DOCK_MIN_INTERVAL_S)  # rate limit, not synchronisation


class Hub:
    def __init__(self, service: LiveService, *, max_pending: int = 2000) -> None:
        self.service = service
        self.max_pending = max_pending
        self.rooms: dict[str, Room] = {}
        self._unsubscribe = service.subscribe(self.on_changes)

    def on_changes(self, changes: list[Change]) -> None:
        by_meeting: dict[str, list[Change]] = {}
        for c in changes:
            by_meeting.setdefault(c.meeting_id, []).append(c)
        for meeting_id, batch in by_meeting.items():
            room = self.rooms.get(meeting_id)
            if room is None:
                continue
            for feed in list(room.feeds):
                feed.push_changes(batch)
            if any(c.kind in DOCK_KINDS for c in batch):
                room.dirty.set()

    def join(self, meeting_id: str) -> Feed:
        room = self.rooms.get(meeting_id)
        if room is None:
            room = self.rooms[meeting_id] = Room(self, meeting_id)
        feed = Feed(meeting_id, self.max_pending)
        room.feeds.add(feed)
        room.start()
        return feed

    def leave(self, feed: Feed) -> None:
        feed.close()
        room = self.rooms.get(feed.meeting_id)
        if room is None:
            return
        room.feeds.discard(feed)
        if not room.feeds:
            self.rooms.pop(feed.meeting_id, None)
            room.dirty.set()  # lets the dock loop see it has no clients and end

    def dock_changed(self, meeting_id: str) -> None:
        """In-memory dock state changed (a recording client came or went)."""
        room = self.rooms.get(meeting_id)
        if room is not None:
            room.dirty.set()

    async def close(self) -> None:
        self._unsubscribe()
        rooms, self.rooms = list(self.rooms.values()), {}
        for room in rooms:
            for feed in list(room.feeds):
                feed.close()
            room.feeds.clear()
            if room.task is not None:
                room.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.task
