"""Skipped transcript ranges: seqs the Supervisor moved its watermark past without analysing them.

A range is ``open`` until a retry turn has read every seq of it (``analysed``); finalize reports
open ranges and the minutes then need review. Each write is one transaction with a ``skipped``
change, so the dock shows the range (and its retry button) as soon as it is recorded.
"""

from __future__ import annotations

import time
from typing import Any

from models import NotFound

from .changes import ChangeFeed

OPEN, ANALYSED = "open", "analysed"


def _range(row: Any) -> dict[str, Any]:
    return {k: row[k] for k in ("id", "from_seq", "to_seq", "reason", "trace_id", "status", "created_at",
                                "resolved_at", "resolved_by")}


class SkippedRecords(ChangeFeed):

    async def add_skipped(self, meeting_id: str, from_seq: int, to_seq: int, reason: str,
                          trace_id: str | None = None) -> dict[str, Any]:
        """Record seqs ``from_seq``–``to_seq`` as not analysed; returns the new range."""
        async with self.db.transaction() as tx:
            row = await tx.one(
                "INSERT INTO skipped_ranges(meeting_id, from_seq, to_seq, reason, trace_id, created_at)"
                " VALUES (?,?,?,?,?,?) RETURNING *",
                (meeting_id, from_seq, to_seq, reason, trace_id, time.time()),
            )
            assert row is not None
            got = _range(row)
            await self.add_change(tx, meeting_id, "skipped", got)
        return got

    async def resolve_skipped(self, meeting_id: str, range_id: int, trace_id: str | None) -> None:
        """Mark a range analysed by the retry turn ``trace_id`` (NotFound for an unknown range)."""
        async with self.db.transaction() as tx:
            row = await tx.one(
                "UPDATE skipped_ranges SET status = ?, resolved_at = ?, resolved_by = ?"
                " WHERE meeting_id = ? AND id = ? RETURNING *",
                (ANALYSED, time.time(), trace_id, meeting_id, range_id),
            )
            if row is None:
                raise NotFound(f"unknown skipped range {range_id}", meeting_id=meeting_id)
            await self.add_change(tx, meeting_id, "skipped", _range(row))

    async def skipped_ranges(self, meeting_id: str, *, open_only: bool = False) -> list[dict[str, Any]]:
        where = " AND status = 'open'" if open_only else ""
        got = await self.db.all(f"SELECT * FROM skipped_ranges WHERE meeting_id = ?{where} ORDER BY id", (meeting_id,))
        return [_range(r) for r in got]

    async def get_skipped(self, meeting_id: str, range_id: int) -> dict[str, Any]:
        row = await self.db.one("SELECT * FROM skipped_ranges WHERE meeting_id = ? AND id = ?", (meeting_id, range_id))
        if row is None:
            raise NotFound(f"unknown skipped range {range_id}", meeting_id=meeting_id)
        return _range(row)
