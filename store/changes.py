"""The change feed every record kind writes through, and the base of the ``Store`` mixins.

Every write that a dock should see appends a row to ``changes`` with the meeting's next
``change_cursor`` in the same transaction, and listeners registered with :meth:`subscribe` are
called with the new :class:`~models.Change` values after the commit. Cursors per meeting are
therefore gap-free and ordered, which is what lets a WebSocket client resume from a cursor.

On PostgreSQL other nodes write too. Their commits arrive as notifications (``store.pg``) and
are read back from ``changes``; for each meeting the feed delivers cursors to its listeners in
order and without gaps or repeats, whichever node wrote them: a local commit that does not
continue the last delivered cursor (another node committed in between and its notification is
not handled yet) goes through the same ordered catch-up as the notifications.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

from models import Change, NotFound

from .db import Database, Tx
from .outbox import outbox_intent_change
from .rows import dumps

log = logging.getLogger(__name__)

Listener = Callable[[list[Change]], None]


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


class ChangeFeed:
    """The database handle and the change feed; each record kind of ``Store`` derives from it."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._listeners: list[Listener] = []
        # Shared backends only: last cursor delivered per meeting, and the ordered catch-up.
        self._delivered: dict[str, int] = {}
        self._catch_up: asyncio.Queue[tuple[str, int, int]] = asyncio.Queue()
        self._catch_up_task: asyncio.Task[None] | None = None
        self._resync_task: asyncio.Task[None] | None = None
        if db.dialect.shared:
            db.listen(self._on_remote)
            db.on_reconnect(self._on_reconnect)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(changes)`` after every commit that produced changes. Returns an unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    async def add_change(self, tx: Tx, meeting_id: str, kind: str, data: dict[str, Any]) -> Change:
        row = await tx.one(
            "UPDATE meetings SET change_cursor = change_cursor + 1 WHERE id = ? RETURNING change_cursor",
            (meeting_id,),
        )
        if row is None:
            raise NotFound(f"unknown meeting {meeting_id!r}", meeting_id=meeting_id)
        return await self._record_change(tx, Change(meeting_id, row[0], kind, data))

    async def _record_change(self, tx: Tx, change: Change) -> Change:
        """Store ``change``, whose cursor the caller already took from ``meetings.change_cursor``."""
        await tx.execute(
            "INSERT INTO changes(meeting_id, cursor, kind, data, created_at) VALUES (?,?,?,?,?)",
            (change.meeting_id, change.cursor, change.kind, dumps(change.data), time.time()),
        )
        if change.kind == "intent":
            await outbox_intent_change(tx, change)
        if not tx.changes:
            tx.after_commit.append(lambda: self._emit(tx.changes))
        tx.changes.append(change)
        return change

    def _emit(self, changes: list[Change]) -> None:
        if self.db.dialect.shared:
            changes = self._in_order(changes)
        if changes:
            self._call_listeners(changes)

    def _in_order(self, changes: list[Change]) -> list[Change]:
        """The local changes that continue each meeting's delivered cursor; the others are
        queued for the catch-up, which reads them back in order."""
        out: list[Change] = []
        by_meeting: dict[str, list[Change]] = {}
        for c in changes:
            by_meeting.setdefault(c.meeting_id, []).append(c)
        for meeting_id, batch in by_meeting.items():
            done = self._delivered.get(meeting_id)
            first, last = batch[0].cursor, batch[-1].cursor
            if done is None or first == done + 1:
                out.extend(batch)
                self._delivered[meeting_id] = last
            elif last > done:
                self._request(meeting_id, first, last)
        return out

    def _on_remote(self, meeting_id: str, first: int, last: int) -> None:
        done = self._delivered.get(meeting_id)
        if done is None or last > done:
            self._request(meeting_id, first, last)

    def _on_reconnect(self) -> None:
        """The listening connection was re-opened: commits of other nodes made while it was down
        were not notified. Catch up every meeting delivered here to its current cursor."""
        if self._delivered:
            self._resync_task = asyncio.get_running_loop().create_task(self._resync_delivered())

    async def _resync_delivered(self) -> None:
        ids = list(self._delivered)
        marks = ",".join("?" * len(ids))
        try:
            got = await self.db.all(f"SELECT id, change_cursor FROM meetings WHERE id IN ({marks})", tuple(ids))
        except Exception:
            log.exception("re-reading the change cursors after a reconnect failed")
            return
        for r in got:
            done = self._delivered.get(r[0], 0)
            if r[1] > done:
                self._request(r[0], done + 1, r[1])

    def _request(self, meeting_id: str, first: int, last: int) -> None:
        self._catch_up.put_nowait((meeting_id, first, last))
        if self._catch_up_task is None or self._catch_up_task.done():
            self._catch_up_task = asyncio.get_running_loop().create_task(self._catch_up_loop())

    async def _catch_up_loop(self) -> None:
        while not self._catch_up.empty():
            meeting_id, first, last = self._catch_up.get_nowait()
            # A meeting not delivered here before starts at the notified span: a client that
            # wants older history reads it with changes_after (the WebSocket does).
            done = self._delivered.get(meeting_id, first - 1)
            if last <= done:
                continue
            try:
                got = [c for c in await self.changes_after(meeting_id, done, last - done) if c.cursor <= last]
            except Exception:
                log.exception("reading changes of %s after %d failed", meeting_id, done)
                continue
            # A local commit may have delivered some of them while we read: deliver the rest.
            done = self._delivered.get(meeting_id, done)
            got = [c for c in got if c.cursor > done]
            if got:
                self._delivered[meeting_id] = got[-1].cursor
                self._call_listeners(got)

    async def _close_feed(self) -> None:
        for task in (self._resync_task, self._catch_up_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    def _call_listeners(self, changes: list[Change]) -> None:
        for listener in list(self._listeners):
            try:
                listener(changes)
            except Exception:
                # The write is committed; a faulty listener must not turn it into a reported failure.
                log.exception("change listener %r failed", listener)

    async def changes_after(self, meeting_id: str, cursor: int, limit: int = 1000) -> list[Change]:
        got = await self.db.all(
            "SELECT * FROM changes WHERE meeting_id = ? AND cursor > ? ORDER BY cursor LIMIT ?",
            (meeting_id, cursor, limit),
        )
        return [Change(r["meeting_id"], r["cursor"], r["kind"], json.loads(r["data"])) for r in got]
