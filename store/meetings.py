"""Meetings (with their Supervisor binding and minutes): create, read, status, watermarks."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
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
        agenda: str = "",
        created_at: float | None = None,
        lease: tuple[str, float] | None = None,
    ) -> Meeting:
        """Insert a live meeting and its idle agent binding. ``lease`` (node id, seconds) makes the
        creating node its holder in the same transaction: on a shared store no other node's
        takeover scan can see the new meeting unowned between the insert and the node's claim."""
        title = _title(title)
        auto = language == "auto"  # Whisper fixes it from the first segments; zh until then
        language, mode = _enum("language", Language, "zh" if auto else language), _enum("mode", Mode, mode)
        people, terms, agenda = _people(participants), _terms(glossary), _agenda(agenda)
        meeting_id = new_id("m")
        now = time.time() if created_at is None else created_at  # a replayed meeting keeps its date
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO meetings(id, title, language, mode, status, participants, glossary, agenda, created_at,"
                " language_auto) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (meeting_id, title, language.value, mode.value, MeetingStatus.LIVE.value, dumps(people),
                 dumps(terms), agenda, now, int(auto)),
            )
            await tx.execute(
                "INSERT INTO meeting_agent_bindings(meeting_id, session_id, state, updated_at) VALUES (?,?,?,?)",
                (meeting_id, new_id("sess"), BindingState.IDLE.value, now),
            )
            if lease is not None:
                await tx.execute("INSERT INTO meeting_leases(meeting_id, node_id, expires_at) VALUES (?,?,?)",
                                 (meeting_id, lease[0], time.time() + lease[1]))
            await self.add_change(tx, meeting_id, "meeting", {"status": MeetingStatus.LIVE.value})
        return await self.get_meeting(meeting_id)

    async def update_meeting(
        self,
        meeting_id: str,
        *,
        title: str | None = None,
        agenda: str | None = None,
        participants: Sequence[str] | None = None,
        glossary: Sequence[str] | None = None,
    ) -> Meeting:
        """Change a meeting's title and vocabulary (None leaves a field as it is). Refused once the
        meeting has ended; the ASR worker reads the meeting per job, so later segments use it."""
        fields: dict[str, Any] = {}
        if title is not None:
            fields["title"] = _title(title)
        if agenda is not None:
            fields["agenda"] = _agenda(agenda)
        if participants is not None:
            fields["participants"] = _people(participants)
        if glossary is not None:
            fields["glossary"] = _terms(glossary)
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has ended", meeting_id=meeting_id)
            if fields:
                sets = ", ".join(f"{k} = ?" for k in fields)
                values = [dumps(v) if isinstance(v, list) else v for v in fields.values()]
                await tx.execute(f"UPDATE meetings SET {sets} WHERE id = ?", (*values, meeting_id))
                await self.add_change(tx, meeting_id, "meeting", {"status": m.status.value, **fields})
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

    async def set_language(self, meeting_id: str, language: str, *, detected: bool = False) -> Meeting:
        """Set the meeting's language: ``zh``/``en`` fixes it, ``auto`` asks Whisper again.

        ``detected=True`` is Whisper's answer: it applies only while the meeting is still
        ``auto`` (a person's choice is never overridden), and the first answer wins.
        """
        auto = language == "auto"
        lang = _enum("language", Language, "zh" if auto else language)
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            if detected and not m.language_auto:
                return m
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has ended", meeting_id=meeting_id)
            if (m.language, m.language_auto) != (lang, auto):
                await tx.execute("UPDATE meetings SET language = ?, language_auto = ? WHERE id = ?",
                                 (lang.value, int(auto), meeting_id))
                await self.add_change(tx, meeting_id, "meeting",
                                      {"language": "auto" if auto else lang.value, "detected": detected})
        return await self.get_meeting(meeting_id)

    async def reopen(self, meeting_id: str) -> Meeting:
        """An ended meeting goes back to ``live`` (the stored minutes stay until the next finalize
        replaces them); a ``meeting`` change with ``reopened`` records it in the change log."""
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            if m.status is not MeetingStatus.LIVE:
                await tx.execute("UPDATE meetings SET status = 'live', ended_at = NULL WHERE id = ?", (meeting_id,))
                await self.add_change(tx, meeting_id, "meeting", {"status": MeetingStatus.LIVE.value,
                                                                  "reopened": True, "was": m.status.value})
        return await self.get_meeting(meeting_id)

    async def record_blockers(self, meeting_id: str, blockers: list[dict[str, Any]]) -> None:
        """What still stops finalize, as a ``blockers`` change (the dock lists them live)."""
        async with self.db.transaction() as tx:
            await self.add_change(tx, meeting_id, "blockers", {"blockers": blockers})

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
                "INSERT INTO minutes(meeting_id, json, markdown, created_at) VALUES (?,?,?,?) ON CONFLICT(meeting_id)"
                " DO UPDATE SET json = excluded.json, markdown = excluded.markdown, created_at = excluded.created_at",
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


MAX_AGENDA_CHARS = 2000
MAX_GLOSSARY_TERMS = 200


def _title(title: str) -> str:
    title = (title or "").strip()
    if not title or len(title) > MAX_TITLE_CHARS:
        raise InvalidInput(f"title must be 1..{MAX_TITLE_CHARS} characters")
    return title


def _people(participants: Iterable[str]) -> list[str]:
    people = [p.strip() for p in participants if p and p.strip()]
    if len(people) > MAX_PARTICIPANTS or any(len(p) > 100 for p in people):
        raise InvalidInput(f"at most {MAX_PARTICIPANTS} participants of at most 100 characters")
    return people


def _terms(glossary: Iterable[str]) -> list[str]:
    return [g.strip() for g in glossary if g and g.strip()][:MAX_GLOSSARY_TERMS]


def _agenda(agenda: str) -> str:
    agenda = (agenda or "").strip()
    if len(agenda) > MAX_AGENDA_CHARS:
        raise InvalidInput(f"agenda is longer than {MAX_AGENDA_CHARS} characters")
    return agenda
