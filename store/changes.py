"""The change feed every record kind writes through, and the base of the ``Store`` mixins.

Every write that a dock should see appends a row to ``changes`` with the meeting's next
``change_cursor`` in the same transaction, and listeners registered with :meth:`subscribe` are
called with the new :class:`~models.Change` values after the commit. Cursors per meeting are
therefore gap-free and ordered, which is what lets a WebSocket client resume from a cursor.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

from models import Change, NotFound

from .db import Database, Tx
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
        if not tx.changes:
            tx.after_commit.append(lambda: self._emit(tx.changes))
        tx.changes.append(change)
        return change

    def _emit(self, changes: list[Change]) -> None:
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
