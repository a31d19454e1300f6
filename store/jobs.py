"""ASR jobs (queue, claim with a lease, complete into an utterance, fail) and the durable audio
stream marks.

A claim gives the job to one worker until ``lease_until``; the worker renews the lease while it
transcribes (``renew_leases``). A job whose lease expired (its worker was killed) is claimed
again like a pending one. Completing is idempotent per job (the unique ``utterances.job_id`` and
the ``done`` check), so a job transcribed twice still lands as one utterance.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from models import AsrJob, JobStatus, MeetingClosed, MeetingStatus, NotFound, Utterance

from . import rows
from .changes import new_id
from .utterances import MAX_UTTERANCE_CHARS, UtteranceRecords

# How long a claimed job stays its worker's without a renewal (the worker renews every third).
LEASE_S = 30.0


class JobRecords(UtteranceRecords):

    async def enqueue_job(
        self, meeting_id: str, audio_path: str, duration_ms: int, start_ms: int | None = None,
        audio: bytes | None = None,
    ) -> AsrJob:
        """Queue one VAD segment (already durable at ``audio_path``) for transcription.

        ``audio`` (16 kHz mono s16le PCM) is kept in the row on a shared backend, where workers
        on other machines cannot read this node's files; SQLite keeps only the path."""
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
            # the audio stream itself refuses new audio (live/audio.py).
            if m.status is MeetingStatus.ENDED:
                raise MeetingClosed(f"meeting {meeting_id} has ended; no new audio", meeting_id=meeting_id)
            await tx.execute(
                "INSERT INTO asr_jobs(id, meeting_id, status, audio_path, duration_ms, created_at, start_ms, audio)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (job_id, meeting_id, JobStatus.PENDING.value, audio_path, int(duration_ms), time.time(), start_ms,
                 audio if self.db.dialect.shared else None),
            )
            await self.add_change(tx, meeting_id, "job", {"job_id": job_id, "status": "pending"})
        return await self.get_job(job_id)

    async def get_job(self, job_id: str) -> AsrJob:
        r = await self.db.one("SELECT * FROM asr_jobs WHERE id = ?", (job_id,))
        if r is None:
            raise NotFound(f"unknown job {job_id!r}", job_id=job_id)
        return rows.job(r)

    async def job_audio(self, job_id: str) -> bytes | None:
        """The segment's PCM when the row carries it (shared backend), else None: read the file."""
        r = await self.db.one("SELECT audio FROM asr_jobs WHERE id = ?", (job_id,))
        return bytes(r[0]) if r is not None and r[0] is not None else None

    async def claim_job(self, worker_id: str = "local", lease_s: float = LEASE_S) -> AsrJob | None:
        """Give the oldest pending job (or one whose lease expired) to ``worker_id`` until
        now + ``lease_s``: status processing, attempts + 1."""
        now = time.time()
        # Not exclusive: a claim changes no fact a guard reads; on PostgreSQL, workers on several
        # machines claim side by side, each skipping the rows the others have locked.
        async with self.db.transaction(exclusive=False) as tx:
            r = await tx.one(
                "UPDATE asr_jobs SET status = 'processing', attempts = attempts + 1, worker_id = ?, lease_until = ?"
                " WHERE id = (SELECT id FROM asr_jobs WHERE status = 'pending'"
                " OR (status = 'processing' AND lease_until < ?) ORDER BY created_at, rowid LIMIT 1"
                f"{self.db.dialect.skip_locked}) RETURNING *",
                (worker_id, now + lease_s, now),
            )
            if r is None:
                return None
            job = rows.job(r)
            await self.add_change(tx, job.meeting_id, "job", {"job_id": job.id, "status": "processing"})
        return job

    async def renew_leases(self, worker_id: str, job_ids: Sequence[str], lease_s: float = LEASE_S) -> int:
        """Extend the leases ``worker_id`` still holds; returns how many it still held."""
        if not job_ids:
            return 0
        marks = ",".join("?" * len(job_ids))
        async with self.db.transaction(exclusive=False) as tx:
            cur = await tx.execute(
                f"UPDATE asr_jobs SET lease_until = ? WHERE worker_id = ? AND status = 'processing' AND id IN ({marks})",
                (time.time() + lease_s, worker_id, *job_ids),
            )
            return cur.rowcount

    async def complete_job(
        self,
        job_id: str,
        text: str,
        start_ms: int | None = None,
        end_ms: int | None = None,
        language: str | None = None,
        *,
        text_raw: str | None = None,
        rewrites: Sequence[Any] = (),
        compute_ms: int = 0,
    ) -> Utterance | None:
        """Append the job's utterance and mark it done, in one transaction.

        ``language`` is the language the segment was heard in (kept on the utterance so the dock
        can flag one that disagrees with the meeting's). ``text_raw`` and ``rewrites``
        (``asr.correct.Rewrite`` or their dicts) record what the correction changed; they are kept
        only when ``text_raw`` differs from ``text``.

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
                    allow_finalizing=True, language=language, text_raw=text_raw,
                    rewrites=[r if isinstance(r, Mapping) else r.to_dict() for r in rewrites],
                )
            await tx.execute(
                "UPDATE asr_jobs SET status = 'done', finished_at = ?, error = NULL, utterance_seq = ?, audio = NULL,"
                " lease_until = NULL WHERE id = ?",
                (time.time(), u.seq if u else None, job_id),
            )
            # Whisper's time on this job, summed into the minutes' asr_compute_ms.
            await tx.execute("UPDATE asr_jobs SET compute_ms = ? WHERE id = ?", (int(compute_ms), job_id))
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
                "UPDATE asr_jobs SET status = ?, error = ?, finished_at = ?, lease_until = NULL WHERE id = ?",
                (status.value, error[:2000], time.time() if status is JobStatus.FAILED else None, job_id),
            )
            await self.add_change(
                tx, job.meeting_id, "job", {"job_id": job_id, "status": status.value, "error": error[:500]}
            )
        return await self.get_job(job_id)

    async def requeue_processing(self) -> int:
        """Start-up recovery: jobs a crash left in ``processing`` go back to ``pending``. On a
        shared backend other workers are alive: only jobs whose lease has expired go back."""
        async with self.db.transaction() as tx:
            if self.db.dialect.shared:
                cur = await tx.execute(
                    "UPDATE asr_jobs SET status = 'pending', lease_until = NULL"
                    " WHERE status = 'processing' AND (lease_until IS NULL OR lease_until < ?)", (time.time(),))
            else:
                cur = await tx.execute(
                    "UPDATE asr_jobs SET status = 'pending', lease_until = NULL WHERE status = 'processing'")
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

    async def asr_compute_total(self, meeting_id: str) -> int:
        r = await self.db.one(
            "SELECT COALESCE(SUM(compute_ms), 0) FROM asr_jobs WHERE meeting_id = ? AND status = 'done'", (meeting_id,))
        return int(r[0]) if r else 0

    async def asr_totals(self, meeting_id: str) -> int:
        r = await self.db.one(
            "SELECT COALESCE(SUM(duration_ms), 0) FROM asr_jobs WHERE meeting_id = ? AND status = 'done'",
            (meeting_id,),
        )
        return int(r[0]) if r else 0

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
                " received_ms = CASE WHEN excluded.received_ms > audio_streams.received_ms THEN excluded.received_ms"
                " ELSE audio_streams.received_ms END,"
                " cut_ms = CASE WHEN excluded.cut_ms > audio_streams.cut_ms THEN excluded.cut_ms"
                " ELSE audio_streams.cut_ms END, updated_at = excluded.updated_at",
                (meeting_id, path, received_ms or 0, cut_ms or 0, time.time()),
            )
