"""All SQL of meetingd. Each public coroutine is one transaction (or one read).

Change feed: every write that a dock should see appends a row to ``changes`` with the meeting's
next ``change_cursor`` in the same transaction, and listeners registered with :meth:`subscribe`
are called with the new :class:`~models.Change` values after the commit. Cursors per meeting are
therefore gap-free and ordered, which is what lets a WebSocket client resume from a cursor.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from models import (
    AsrJob,
    Binding,
    BindingState,
    Change,
    Intent,
    IntentStatus,
    InvalidInput,
    JobStatus,
    Language,
    Meeting,
    MeetingClosed,
    MeetingStatus,
    Mode,
    NotFound,
    Utterance,
)

from . import rows
from .db import Database, Tx
from .rows import dumps

MAX_UTTERANCE_CHARS = 4000
MAX_TITLE_CHARS = 200
MAX_PARTICIPANTS = 50

log = logging.getLogger(__name__)

Listener = Callable[[list[Change]], None]
E = TypeVar("E", Language, Mode)


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


def _enum(field: str, enum: type[E], value: object) -> E:
    try:
        return enum(value)
    except ValueError:
        raise InvalidInput(
            f"{field} must be one of {', '.join(e.value for e in enum)}; got {value!r}", field=field
        ) from None


class Store:
    """The meeting store. Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._listeners: list[Listener] = []

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        return cls(await Database.open(path))

    async def close(self) -> None:
        await self.db.close()

    # -- change feed ---------------------------------------------------------------------------

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

    # -- meetings -----------------------------------------------------------------------------

    async def create_meeting(
        self,
        title: str,
        language: Language | str = Language.ZH,
        mode: Mode | str = Mode.SUGGEST,
        participants: Sequence[str] = (),
        glossary: Sequence[str] = (),
        created_at: float | None = None,
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
        now = time.time() if created_at is None else created_at  # a replayed meeting keeps its date
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

    async def list_meetings(self) -> list[Meeting]:
        return [rows.meeting(r) for r in await self.db.all("SELECT * FROM meetings ORDER BY created_at DESC")]

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

    # -- utterances ---------------------------------------------------------------------------

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
        await tx.execute(
            "INSERT INTO utterances(meeting_id, seq, text, start_ms, end_ms, source, job_id, created_at)"
            " VALUES (?,?,?,?,?,?,?,?)",
            (meeting_id, seq, text, start_ms, end_ms, source, job_id, now),
        )
        u = Utterance(meeting_id, seq, text, start_ms, end_ms, source, job_id, now)
        await self._record_change(tx, Change(meeting_id, cursor, "utterance", u.to_dict()))
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

    # -- ASR jobs -----------------------------------------------------------------------------

    async def enqueue_job(
        self, meeting_id: str, audio_path: str, duration_ms: int, start_ms: int | None = None
    ) -> AsrJob:
        """Queue one VAD segment (already durable at ``audio_path``) for transcription."""
        job_id = new_id("job")
        async with self.db.transaction() as tx:
            m = await self.meeting_in_tx(tx, meeting_id)
            # Re-cutting audio after a crash rewrites the same segment file: same job, not a second.
            existing = await tx.one(
                "SELECT id FROM asr_jobs WHERE meeting_id = ? AND audio_path = ?", (meeting_id, audio_path)
            )
            if existing is not None:
                job_id = existing["id"]
                return rows.job(await tx.one("SELECT * FROM asr_jobs WHERE id = ?", (job_id,)))
            # While finalizing, the tail of audio received before finalize is still cut and queued;
            # the audio stream itself refuses new audio (meetingd/audio.py).
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has ended; no new audio", meeting_id=meeting_id)
            await tx.execute(
                "INSERT INTO asr_jobs(id, meeting_id, status, audio_path, duration_ms, created_at, start_ms)"
                " VALUES (?,?,?,?,?,?,?)",
                (job_id, meeting_id, JobStatus.PENDING.value, audio_path, int(duration_ms), time.time(), start_ms),
            )
            await self.add_change(tx, meeting_id, "job", {"job_id": job_id, "status": "pending"})
        return await self.get_job(job_id)

    async def get_job(self, job_id: str) -> AsrJob:
        r = await self.db.one("SELECT * FROM asr_jobs WHERE id = ?", (job_id,))
        if r is None:
            raise NotFound(f"unknown job {job_id!r}", job_id=job_id)
        return rows.job(r)

    async def claim_job(self) -> AsrJob | None:
        """Move the oldest pending job to processing (attempts + 1) and return it."""
        async with self.db.transaction() as tx:
            r = await tx.one(
                "UPDATE asr_jobs SET status = 'processing', attempts = attempts + 1 WHERE id = ("
                " SELECT id FROM asr_jobs WHERE status = 'pending' ORDER BY created_at, rowid LIMIT 1)"
                " RETURNING *"
            )
            if r is None:
                return None
            job = rows.job(r)
            await self.add_change(tx, job.meeting_id, "job", {"job_id": job.id, "status": "processing"})
        return job

    async def complete_job(
        self, job_id: str, text: str, start_ms: int | None = None, end_ms: int | None = None
    ) -> Utterance | None:
        """Append the job's utterance and mark it done, in one transaction.

        Empty text (silence, a filtered hallucination) finishes the job with no utterance. A job
        that is already done returns its utterance again, so a retried completion cannot double it.
        """
        async with self.db.transaction() as tx:
            r = await tx.one("SELECT * FROM asr_jobs WHERE id = ?", (job_id,))
            if r is None:
                raise NotFound(f"unknown job {job_id!r}", job_id=job_id)
            job = rows.job(r)
            if job.status is JobStatus.DONE:
                if job.utterance_seq is None:
                    return None
                got = await tx.one(
                    "SELECT * FROM utterances WHERE meeting_id = ? AND seq = ?", (job.meeting_id, job.utterance_seq)
                )
                return rows.utterance(got) if got else None
            u = None
            if text and text.strip():
                u = await self._append(
                    tx, job.meeting_id, text[:MAX_UTTERANCE_CHARS], start_ms, end_ms, "asr", job_id,
                    allow_finalizing=True,
                )
            await tx.execute(
                "UPDATE asr_jobs SET status = 'done', finished_at = ?, error = NULL, utterance_seq = ? WHERE id = ?",
                (time.time(), u.seq if u else None, job_id),
            )
            await self.add_change(tx, job.meeting_id, "job", {"job_id": job_id, "status": "done"})
        return u

    async def fail_job(self, job_id: str, error: str, max_attempts: int = 3) -> AsrJob:
        """Record a failed attempt: back to pending while attempts remain, else ``failed``."""
        async with self.db.transaction() as tx:
            r = await tx.one("SELECT * FROM asr_jobs WHERE id = ?", (job_id,))
            if r is None:
                raise NotFound(f"unknown job {job_id!r}", job_id=job_id)
            job = rows.job(r)
            status = JobStatus.PENDING if job.attempts < max_attempts else JobStatus.FAILED
            await tx.execute(
                "UPDATE asr_jobs SET status = ?, error = ?, finished_at = ? WHERE id = ?",
                (status.value, error[:2000], time.time() if status is JobStatus.FAILED else None, job_id),
            )
            await self.add_change(
                tx, job.meeting_id, "job", {"job_id": job_id, "status": status.value, "error": error[:500]}
            )
        return await self.get_job(job_id)

    async def requeue_processing(self) -> int:
        """Start-up recovery: jobs a crash left in ``processing`` go back to ``pending``."""
        async with self.db.transaction() as tx:
            cur = await tx.execute("UPDATE asr_jobs SET status = 'pending' WHERE status = 'processing'")
            return cur.rowcount

    async def job_counts(self, meeting_id: str) -> dict[str, int]:
        got = await self.db.all(
            "SELECT status, COUNT(*) FROM asr_jobs WHERE meeting_id = ? GROUP BY status", (meeting_id,)
        )
        counts = {s.value: 0 for s in JobStatus}
        counts.update({r[0]: r[1] for r in got})
        return counts

    async def pending_jobs(self) -> int:
        """Jobs of any meeting waiting for the worker (start-up decides whether to load Whisper)."""
        r = await self.db.one("SELECT COUNT(*) FROM asr_jobs WHERE status = 'pending'")
        return int(r[0]) if r else 0

    async def failed_jobs(self, meeting_id: str) -> list[AsrJob]:
        got = await self.db.all(
            "SELECT * FROM asr_jobs WHERE meeting_id = ? AND status = 'failed' ORDER BY created_at", (meeting_id,)
        )
        return [rows.job(r) for r in got]

    async def asr_totals(self, meeting_id: str) -> int:
        r = await self.db.one(
            "SELECT COALESCE(SUM(duration_ms), 0) FROM asr_jobs WHERE meeting_id = ? AND status = 'done'",
            (meeting_id,),
        )
        return int(r[0]) if r else 0

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

    # -- traces -------------------------------------------------------------------------------

    async def add_trace(
        self,
        meeting_id: str,
        *,
        trace_id: str,
        agent_id: str,
        turn: int,
        step: int,
        brain: str,
        tool_calls: list[str],
        duration_ms: float,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        context_chars: int = 0,
        error: str | None = None,
    ) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO agent_traces(meeting_id, trace_id, agent_id, turn, step, brain, tool_calls, duration_ms,"
                " prompt_tokens, completion_tokens, context_chars, error, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (meeting_id, trace_id, agent_id, turn, step, brain, dumps(tool_calls), duration_ms, prompt_tokens,
                 completion_tokens, context_chars, error, time.time()),
            )

    async def trace_stats(self, meeting_id: str, agent_id: str = "supervisor") -> dict[str, int]:
        r = await self.db.one(
            "SELECT COUNT(DISTINCT turn), COUNT(*), COALESCE(SUM(brain != 'rules'), 0),"
            " COALESCE(SUM(prompt_tokens + completion_tokens), 0) FROM agent_traces"
            " WHERE meeting_id = ? AND agent_id = ?",
            (meeting_id, agent_id),
        )
        assert r is not None
        return {"turns": r[0], "steps": r[1], "llm_calls": r[2], "tokens": r[3]}

    async def traces(self, meeting_id: str, limit: int = 200) -> list[dict[str, Any]]:
        got = await self.db.all(
            "SELECT * FROM agent_traces WHERE meeting_id = ? ORDER BY id DESC LIMIT ?", (meeting_id, limit)
        )
        return [dict(r) | {"tool_calls": json.loads(r["tool_calls"])} for r in reversed(got)]

    # -- intents (reads; writes live in intents/ through the tx helpers in store.ledger_sql) -----

    async def get_intent(self, meeting_id: str, intent_id: str) -> Intent:
        r = await self.db.one(
            "SELECT * FROM meeting_intents WHERE id = ? AND meeting_id = ?", (intent_id, meeting_id)
        )
        if r is None:
            raise NotFound(f"unknown intent {intent_id!r}", intent_id=intent_id)
        return rows.intent(r)

    async def list_intents(self, meeting_id: str, status: IntentStatus | None = None) -> list[Intent]:
        if status is None:
            got = await self.db.all(
                "SELECT * FROM meeting_intents WHERE meeting_id = ? ORDER BY created_at, rowid", (meeting_id,)
            )
        else:
            got = await self.db.all(
                "SELECT * FROM meeting_intents WHERE meeting_id = ? AND status = ? ORDER BY created_at, rowid",
                (meeting_id, status.value),
            )
        return [rows.intent(r) for r in got]

    async def intent_events(self, intent_id: str) -> list[dict[str, Any]]:
        got = await self.db.all("SELECT * FROM intent_events WHERE intent_id = ? ORDER BY id", (intent_id,))
        return [dict(r) | {"payload": json.loads(r["payload"])} for r in got]

    async def business_rows(self, meeting_id: str, table: str) -> list[dict[str, Any]]:
        if table not in {"tasks", "decisions", "notes", "open_questions"}:
            raise InvalidInput(f"unknown business table {table!r}")
        got = await self.db.all(f"SELECT * FROM {table} WHERE meeting_id = ? ORDER BY created_at", (meeting_id,))
        return [dict(r) for r in got]

    async def conflict_count(self, meeting_id: str) -> int:
        r = await self.db.one(
            "SELECT COUNT(*) FROM meeting_ai_actions WHERE meeting_id = ? AND result = 'conflict'", (meeting_id,)
        )
        return int(r[0]) if r else 0

    # -- subagents ----------------------------------------------------------------------------

    async def save_subagent(
        self, meeting_id: str, agent_id: str, *, task: str, intent_id: str | None, state: str,
        history: list[dict[str, Any]], result: str | None,
    ) -> None:
        now = time.time()
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO subagents(id, meeting_id, task, intent_id, state, history, result, created_at, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET state = excluded.state,"
                " history = excluded.history, result = excluded.result, updated_at = excluded.updated_at",
                (agent_id, meeting_id, task, intent_id, state, dumps(history), result, now, now),
            )
            await self.add_change(tx, meeting_id, "agent", {"agent_id": agent_id, "state": state, "task": task})

    async def list_subagents(self, meeting_id: str) -> list[dict[str, Any]]:
        got = await self.db.all("SELECT * FROM subagents WHERE meeting_id = ? ORDER BY created_at", (meeting_id,))
        return [dict(r) | {"history": json.loads(r["history"])} for r in got]

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

    # -- durable audio streams ------------------------------------------------------------------

    async def get_audio_stream(self, meeting_id: str) -> dict[str, Any] | None:
        r = await self.db.one("SELECT * FROM audio_streams WHERE meeting_id = ?", (meeting_id,))
        return dict(r) if r else None

    async def update_audio_stream(
        self, meeting_id: str, *, path: str, received_ms: int | None = None, cut_ms: int | None = None
    ) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO audio_streams(meeting_id, path, received_ms, cut_ms, updated_at) VALUES (?,?,?,?,?)"
                " ON CONFLICT(meeting_id) DO UPDATE SET path = excluded.path,"
                " received_ms = MAX(audio_streams.received_ms, excluded.received_ms),"
                " cut_ms = MAX(audio_streams.cut_ms, excluded.cut_ms), updated_at = excluded.updated_at",
                (meeting_id, path, received_ms or 0, cut_ms or 0, time.time()),
            )
