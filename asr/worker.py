"""The ASR worker: claims queued segment jobs, transcribes them, appends utterances.

Store calls used (and nothing else): ``claim_job``, ``get_meeting``, ``complete_job``, ``fail_job``,
``requeue_processing``. ``complete_job`` is the single transaction of DESIGN §3 (utterance appended,
job done, ``latest_seq`` and ``change_cursor`` bumped); the worker then wakes the coordinator
through ``on_utterance``.

Failure handling: an exception while transcribing sends the job back to ``pending`` until it has
been attempted ``max_attempts`` times, then leaves it ``failed`` with the error text kept. A crash
(or cancellation) mid-job leaves it ``processing``; ``run`` starts by calling ``requeue_processing``
so it is transcribed again — and, because completion is one transaction, appended exactly once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from models.domain import AsrJob, Utterance
from models.enums import JobStatus

from .audio import read_wav_file
from .transcriber import Transcript, glossary_prompt

log = logging.getLogger(__name__)


class Transcriber(Protocol):
    async def transcribe(
        self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None
    ) -> Transcript: ...


@dataclass(slots=True)
class WorkerStats:
    """Running totals of this worker (for ``stats.asr_audio_ms`` / ``asr_compute_ms`` and benches)."""

    jobs_done: int = 0
    jobs_retried: int = 0
    jobs_failed: int = 0
    utterances: int = 0
    audio_ms: int = 0
    compute_ms: int = 0
    dropped: int = 0


class AsrWorker:
    """Single consumer of the ASR job queue (one per process: ``run`` requeues orphans)."""

    def __init__(
        self,
        store: Any,
        transcriber: Transcriber,
        on_utterance: Callable[[Utterance], Awaitable[None]] | None = None,
        max_attempts: int = 3,
        recheck_s: float = 2.0,
        use_glossary: bool = True,
    ) -> None:
        self.store = store
        self.transcriber = transcriber
        self.on_utterance = on_utterance
        self.max_attempts = max_attempts
        self.recheck_s = recheck_s
        self.use_glossary = use_glossary
        self.stats = WorkerStats()
        self._wake = asyncio.Event()
        self._stopping = False
        self.busy = False  # a job is being transcribed (for the dock's "transcribing" light)

    def notify(self) -> None:
        """A job was enqueued: wake the loop now instead of at the next periodic re-check."""
        self._wake.set()

    def stop(self) -> None:
        """Ask ``run`` to return after the job in hand (graceful shutdown, no half transaction)."""
        self._stopping = True
        self._wake.set()

    async def run(self) -> None:
        """Requeue orphans of a previous crash, then process jobs until ``stop`` (or cancellation).

        Cancelling mid-job is safe for the data (the job stays ``processing`` and is requeued by
        the next ``run``), but ``stop`` is the clean way to end while the store stays open.
        """
        requeued = await self.store.requeue_processing()
        if requeued:
            log.info("requeued %d ASR job(s) left in processing", requeued)
        while not self._stopping:
            self._wake.clear()  # cleared before draining so a notify during the drain is not lost
            while not self._stopping and await self.process_one():
                pass
            if self._stopping:
                break
            try:
                async with asyncio.timeout(self.recheck_s):
                    await self._wake.wait()
            except TimeoutError:
                pass  # periodic re-check: jobs requeued by another path, a missed notify

    async def process_one(self) -> bool:
        """Claim and handle one job. Returns False when the queue was empty."""
        job = await self.store.claim_job()
        if job is None:
            return False
        self.busy = True
        try:
            try:
                result = await self._transcribe(job)
            except Exception as exc:  # the job records the error; the worker lives on
                await self._fail(job, exc)
                return True
            utterance = await self.store.complete_job(job.id, result.text, job.start_ms, self._end_ms(job))
        finally:
            self.busy = False
        self.stats.jobs_done += 1
        self.stats.audio_ms += result.audio_ms
        self.stats.compute_ms += result.compute_ms
        self.stats.dropped += len(result.dropped)
        if result.dropped:
            log.info("job %s: dropped %s", job.id, [(d.reason, d.text) for d in result.dropped])
        if utterance is not None:
            self.stats.utterances += 1
            if self.on_utterance is not None:
                try:
                    await self.on_utterance(utterance)
                except Exception:
                    # The utterance is durable; a failed wake-up is recovered by the coordinator's
                    # own re-check and must not turn a done job into a retry.
                    log.exception("on_utterance callback failed for job %s", job.id)
        return True

    async def _transcribe(self, job: AsrJob) -> Transcript:
        meeting = await self.store.get_meeting(job.meeting_id)
        language = str(meeting.language)
        pcm = await asyncio.to_thread(read_wav_file, job.audio_path)
        prompt = (
            glossary_prompt(meeting.participants, meeting.glossary, language) if self.use_glossary else None
        )
        return await self.transcriber.transcribe(pcm, language=language, initial_prompt=prompt)

    async def _fail(self, job: AsrJob, exc: Exception) -> None:
        error = f"{type(exc).__name__}: {exc}"
        updated = await self.store.fail_job(job.id, error, self.max_attempts)
        if updated.status is JobStatus.FAILED:
            self.stats.jobs_failed += 1
            log.error("ASR job %s failed after %d attempts: %s", job.id, updated.attempts, error)
        else:
            self.stats.jobs_retried += 1
            log.warning("ASR job %s attempt %d failed, will retry: %s", job.id, updated.attempts, error)

    @staticmethod
    def _end_ms(job: AsrJob) -> int | None:
        return None if job.start_ms is None else job.start_ms + job.duration_ms
