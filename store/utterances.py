"""Utterances: the append path (typed and ASR share it) and transcript reads."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from models import Change, InvalidInput, MeetingClosed, MeetingStatus, NotFound, Utterance

from . import rows
from .db import Tx
from .meetings import MeetingRecords
from .rows import dumps

MAX_UTTERANCE_CHARS = 4000


class UtteranceRecords(MeetingRecords):

    async def append_utterance(
        self,
        meeting_id: str,
        text: str,
        start_ms: int | None = None,
        end_ms: int | None = None,
        source: str = "typed",
        job_id: str | None = None,
    ) -> Utterance:
        """Append one utterance: next seq, ``latest_seq`` and ``change_cursor`` in one transaction.

        Typed utterances are refused once the meeting is finalizing; ASR jobs queued before
        finalize still land (finalize waits for them). An ended meeting refuses both.
        """
        async with self.db.transaction() as tx:
            u = await self._append(tx, meeting_id, text, start_ms, end_ms, source, job_id, allow_finalizing=False)
        return u

    async def _append(
        self,
        tx: Tx,
        meeting_id: str,
        text: str,
        start_ms: int | None,
        end_ms: int | None,
        source: str,
        job_id: str | None,
        *,
        allow_finalizing: bool,
        language: str | None = None,
        text_raw: str | None = None,
        rewrites: Sequence[Mapping[str, Any]] = (),
    ) -> Utterance:
        text = (text or "").strip()
        if not text:
            raise InvalidInput("utterance text is empty")
        if len(text) > MAX_UTTERANCE_CHARS:
            raise InvalidInput(f"utterance text is longer than {MAX_UTTERANCE_CHARS} characters")
        for name, v in (("start_ms", start_ms), ("end_ms", end_ms)):
            if v is not None and (not isinstance(v, int) or v < 0):
                raise InvalidInput(f"{name} must be a non-negative integer")
        if start_ms is not None and end_ms is not None and end_ms < start_ms:
            raise InvalidInput("end_ms is before start_ms")
        # One statement takes both the next seq and the next change cursor, and checks the status:
        # round trips to the writer thread are what an append's latency is made of.
        open_statuses = (MeetingStatus.LIVE.value, MeetingStatus.FINALIZING.value if allow_finalizing else "")
        row = await tx.one(
            "UPDATE meetings SET latest_seq = latest_seq + 1, change_cursor = change_cursor + 1"
            " WHERE id = ? AND status IN (?, ?) RETURNING latest_seq, change_cursor",
            (meeting_id, *open_statuses),
        )
        if row is None:
            m = await self.meeting_in_tx(tx, meeting_id)  # raises NotFound for an unknown id
            raise MeetingClosed(f"meeting {meeting_id} is {m.status.value}; no new utterances", meeting_id=meeting_id)
        seq, cursor = row
        now = time.time()
        fixes = tuple(dict(r) for r in rewrites) if text_raw and text_raw != text else ()
        raw = text_raw if fixes else None
        await tx.execute(
            "INSERT INTO utterances(meeting_id, seq, text, start_ms, end_ms, source, job_id, created_at,"
            " text_raw, rewrites, language) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (meeting_id, seq, text, start_ms, end_ms, source, job_id, now, raw, dumps(list(fixes)), language),
        )
        u = Utterance(meeting_id, seq, text, start_ms, end_ms, source, job_id, now, raw, fixes, language)
        await self._record_change(tx, Change(meeting_id, cursor, "utterance", u.to_dict()))
        return u

    async def edit_utterance(self, meeting_id: str, seq: int, text: str) -> Utterance:
        """A person's correction: ``text`` becomes the utterance's text, the text as first heard is
        kept in ``text_raw`` (only the first correction sets it), and an ``utterance_edit`` change
        goes out. Refused once the meeting has ended (reopen it first)."""
        text = (text or "").strip()
        if not text:
            raise InvalidInput("utterance text is empty")
        if len(text) > MAX_UTTERANCE_CHARS:
            raise InvalidInput(f"utterance text is longer than {MAX_UTTERANCE_CHARS} characters")
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has ended; reopen it to correct the transcript",
                                    meeting_id=meeting_id)
            r = await tx.one("SELECT * FROM utterances WHERE meeting_id = ? AND seq = ?", (meeting_id, seq))
            if r is None:
                raise NotFound(f"unknown utterance seq {seq}", seq=seq)
            before = rows.utterance(r)
            if before.text == text:
                return before
            await tx.execute(
                "UPDATE utterances SET text = ?, text_raw = COALESCE(text_raw, ?), rewrites = '[]'"
                " WHERE meeting_id = ? AND seq = ?",
                (text, before.text, meeting_id, seq),
            )
            # The ASR rewrites' positions refer to the old text; ``text_raw`` keeps what was heard.
            u = replace(before, text=text, text_raw=before.text_raw or before.text, rewrites=())
            await self.add_change(tx, meeting_id, "utterance_edit", u.to_dict())
        return u

    async def list_utterances(
        self, meeting_id: str, from_seq: int = 1, to_seq: int | None = None, limit: int | None = None
    ) -> list[Utterance]:
        sql = "SELECT * FROM utterances WHERE meeting_id = ? AND seq >= ?"
        params: list[Any] = [meeting_id, from_seq]
        if to_seq is not None:
            sql += " AND seq <= ?"
            params.append(to_seq)
        sql += " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [rows.utterance(r) for r in await self.db.all(sql, params)]

    async def last_utterances(self, meeting_id: str, count: int) -> list[Utterance]:
        got = await self.db.all(
            "SELECT * FROM utterances WHERE meeting_id = ? ORDER BY seq DESC LIMIT ?", (meeting_id, count)
        )
        return [rows.utterance(r) for r in reversed(got)]

    async def utterances_in_tx(self, tx: Tx, meeting_id: str, seqs: Iterable[int]) -> dict[int, str]:
        wanted = sorted(set(seqs))
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        got = await tx.all(
            f"SELECT seq, text FROM utterances WHERE meeting_id = ? AND seq IN ({marks})", [meeting_id, *wanted]
        )
        return {r["seq"]: r["text"] for r in got}

    async def utterances_after_in_tx(self, tx: Tx, meeting_id: str, seq: int, limit: int = 50) -> list[dict]:
        got = await tx.all(
            "SELECT seq, text FROM utterances WHERE meeting_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (meeting_id, seq, limit),
        )
        return [{"seq": r["seq"], "text": r["text"]} for r in got]
