"""Meetings (with their Supervisor binding and minutes): create, read, status, watermarks."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any, TypeVar

from models import (
    Binding,
    BindingState,
    InvalidInput,
    Language,
    Meeting,
    MeetingClosed,
    MeetingStatus,
    Mode,
    NotFound,
)

from . import rows
from .changes import ChangeFeed, new_id
from .db import Tx
from .rows import dumps

MAX_TITLE_CHARS = 200
MAX_PARTICIPANTS = 50

E = TypeVar("E", Language, Mode)


def _enum(field: str, enum: type[E], value: object) -> E:
    try:
        return enum(value)
    except ValueError:
        raise InvalidInput(
            f"{field} must be one of {', '.join(e.value for e in enum)}; got {value!r}", field=field
        ) from None


class MeetingRecords(ChangeFeed):

    async def create_meeting(
        self,
        title: str,
        language: Language | str = Language.ZH,
        mode: Mode | str = Mode.SUGGEST,
        participants: Sequence[str] = (),
        glossary: Sequence[str] = (),
    ) -> Meeting:
        title = (title or "").strip()
        if not title or len(title) > MAX_TITLE_CHARS:
            raise InvalidInput(f"title must be 1..{MAX_TITLE_CHARS} characters")
        language, mode = _enum("language", Language, language), _enum("mode", Mode, mode)
        people = [p.strip() for p in participants if p and p.strip()]
        if len(people) > MAX_PARTICIPANTS or any(len(p) > 100 for p in people):
            raise InvalidInput(f"at most {MAX_PARTICIPANTS} participants of at most 100 characters")
        terms = [g.strip() for g in glossary if g and g.strip()][:200]
        meeting_id = new_id("m")
        now = time.time()
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO meetings(id, title, language, mode, status, participants, glossary, created_at)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (meeting_id, title, language.value, mode.value, MeetingStatus.LIVE.value, dumps(people),
                 dumps(terms), now),
            )
            await tx.execute(
                "INSERT INTO meeting_agent_bindings(meeting_id, session_id, state, updated_at) VALUES (?,?,?,?)",
                (meeting_id, new_id("sess"), BindingState.IDLE.value, now),
            )
            await self.add_change(tx, meeting_id, "meeting", {"status": MeetingStatus.LIVE.value})
        return await self.get_meeting(meeting_id)

    async def get_meeting(self, meeting_id: str) -> Meeting:
        r = await self.db.one("SELECT * FROM meetings WHERE id = ?", (meeting_id,))
        if r is None:
            raise NotFound(f"unknown meeting {meeting_id!r}", meeting_id=meeting_id)
        return rows.meeting(r)

    async def list_meetings(self, limit: int | None = None, before: float | None = None) -> list[Meeting]:
        """Newest first; at most ``limit``; only those created before ``before`` (a page cursor)."""
        sql, args = "SELECT * FROM meetings", []
        if before is not None:
            sql += " WHERE created_at < ?"
            args.append(before)
        sql += " ORDER BY created_at DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return [rows.meeting(r) for r in await self.db.all(sql, tuple(args))]

    async def live_meetings(self) -> list[Meeting]:
        got = await self.db.all("SELECT * FROM meetings WHERE status != ? ORDER BY created_at", ("ended",))
        return [rows.meeting(r) for r in got]

    async def meeting_in_tx(self, tx: Tx, meeting_id: str) -> Meeting:
        r = await tx.one("SELECT * FROM meetings WHERE id = ?", (meeting_id,))
        if r is None:
            raise NotFound(f"unknown meeting {meeting_id!r}", meeting_id=meeting_id)
        return rows.meeting(r)

    async def set_status(self, meeting_id: str, status: MeetingStatus) -> Meeting:
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has ended", meeting_id=meeting_id)
            if m.status is not status:
                await tx.execute("UPDATE meetings SET status = ? WHERE id = ?", (status.value, meeting_id))
                await self.add_change(tx, meeting_id, "meeting", {"status": status.value})
        return await self.get_meeting(meeting_id)

    async def set_summary(self, meeting_id: str, summary: str) -> None:
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE meetings SET summary = ? WHERE id = ?", (summary, meeting_id))

    async def get_summary(self, meeting_id: str) -> str:
        r = await self.db.one("SELECT summary FROM meetings WHERE id = ?", (meeting_id,))
        return r[0] if r else ""

    # -- binding and watermarks ---------------------------------------------------------------

    async def get_binding(self, meeting_id: str) -> Binding:
        r = await self.db.one("SELECT * FROM meeting_agent_bindings WHERE meeting_id = ?", (meeting_id,))
        if r is None:
            raise NotFound(f"unknown meeting {meeting_id!r}", meeting_id=meeting_id)
        return rows.binding(r)

    async def update_binding(
        self,
        meeting_id: str,
        *,
        state: BindingState | None = None,
        delivered_seq: int | None = None,
        analyzed_seq: int | None = None,
        detail: dict[str, Any] | None = None,
    ) -> Binding:
        """Move the watermarks forward (never back) and the state; mirrored on the meeting row."""
        async with self.db.transaction() as tx:
            r = await tx.one("SELECT * FROM meeting_agent_bindings WHERE meeting_id = ?", (meeting_id,))
            if r is None:
                raise NotFound(f"unknown meeting {meeting_id!r}", meeting_id=meeting_id)
            b = rows.binding(r)
            new_state = state or b.state
            delivered = max(b.delivered_seq, delivered_seq or 0)
            analyzed = max(b.analyzed_seq, analyzed_seq or 0)
            if (new_state, delivered, analyzed) != (b.state, b.delivered_seq, b.analyzed_seq) or detail:
                await tx.execute(
                    "UPDATE meeting_agent_bindings SET state = ?, delivered_seq = ?, analyzed_seq = ?, updated_at = ?"
                    " WHERE meeting_id = ?",
                    (new_state.value, delivered, analyzed, time.time(), meeting_id),
                )
                await tx.execute("UPDATE meetings SET analyzed_seq = ? WHERE id = ?", (analyzed, meeting_id))
                await self.add_change(
                    tx,
                    meeting_id,
                    "supervisor",
                    {"state": new_state.value, "delivered_seq": delivered, "analyzed_seq": analyzed, **(detail or {})},
                )
        return await self.get_binding(meeting_id)

    # -- minutes ------------------------------------------------------------------------------

    async def end_with_minutes(self, meeting_id: str, minutes_json: dict[str, Any], markdown: str) -> Meeting:
        """Store the minutes and set the meeting ``ended`` in one transaction."""
        now = time.time()
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has already ended", meeting_id=meeting_id)
            minutes_json["meeting"]["status"] = MeetingStatus.ENDED.value
            await tx.execute(
                "INSERT OR REPLACE INTO minutes(meeting_id, json, markdown, created_at) VALUES (?,?,?,?)",
                (meeting_id, dumps(minutes_json), markdown, now),
            )
            await tx.execute("UPDATE meetings SET status = 'ended', ended_at = ? WHERE id = ?", (now, meeting_id))
            await self.add_change(tx, meeting_id, "meeting", {"status": "ended"})
            await self.add_change(tx, meeting_id, "minutes", {"ready": True})
        return await self.get_meeting(meeting_id)

    async def get_minutes(self, meeting_id: str) -> tuple[dict[str, Any], str]:
        r = await self.db.one("SELECT json, markdown FROM minutes WHERE meeting_id = ?", (meeting_id,))
        if r is None:
            raise NotFound(f"meeting {meeting_id!r} has no minutes yet", meeting_id=meeting_id)
        return json.loads(r["json"]), r["markdown"]
