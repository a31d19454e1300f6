"""The ASR worker: claims queued segment jobs, transcribes them, appends utterances.

Store calls used (and nothing else): ``claim_job``, ``get_meeting``, ``complete_job``, ``fail_job``,
``requeue_processing``. ``complete_job`` is the single transaction of DESIGN §3 (utterance appended,
job done, ``latest_seq`` and ``change_cursor`` bumped); the worker then wakes the coordinator
through ``on_utterance``.

Batching: with a transcriber that has ``transcribe_batch``, the worker claims the next job plus
whatever else is already pending (up to ``batch_size``) and decodes them in one call: on a CPU a
batch of 4 costs ~0.7x four single calls, which is what lets a backlog of several meetings drain.
It never waits to fill a batch, so a lone job's latency is unchanged. Each job still completes in
its own ``complete_job`` transaction; if the batched call raises, the jobs are retried one by one
so that one bad segment does not fail its neighbours.

Leases: every claim is this worker's (``worker_id``) until its lease runs out; while jobs are in
hand a renewal task extends their leases every third of the lease. A worker killed mid-job stops
renewing, and another worker (``meetingd worker``, docs/scale.md) claims the job again once the
lease has expired; completion is idempotent per job, so the segment still lands once.

Failure handling: an exception while transcribing sends the job back to ``pending`` until it has
been attempted ``max_attempts`` times, then leaves it ``failed`` with the error text kept. A crash
(or cancellation) mid-job leaves it ``processing``; ``run`` starts by calling ``requeue_processing``
so it is transcribed again — and, because completion is one transaction, appended exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from models.domain import AsrJob, Utterance
from models.enums import JobStatus

from .audio import read_wav_file
from .correct import Correction, Lexicon, correct, load_lexicon
from .transcriber import Request, Transcript, glossary_prompt
from .vocabulary import Vocabulary, meeting_vocabulary

log = logging.getLogger(__name__)


class Transcriber(Protocol):
    """What the worker needs. A transcriber may also offer ``transcribe_batch(list[Request]) ->
    list[Transcript]`` (results in request order); the worker then hands it every job already
    waiting, up to ``batch_size``, in one call."""

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
    batches: int = 0  # transcribe_batch calls (each covering 2+ jobs)


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
        batch_size: int = 4,
        correction: bool = True,
        worker_id: str | None = None,
        lease_s: float = 30.0,
    ) -> None:
        self.store = store
        self.transcriber = transcriber
        self.on_utterance = on_utterance
        self.max_attempts = max_attempts
        self.recheck_s = recheck_s
        self.use_glossary = use_glossary
        self.correction = correction
        self._lexicon: Lexicon | None = None
        self.batch_size = max(1, batch_size)
        self.stats = WorkerStats()
        self._wake = asyncio.Event()
        self._stopping = False
        self.busy = False  # a job is being transcribed (for the dock's "transcribing" light)
        self.worker_id = worker_id or f"w-{uuid.uuid4().hex[:12]}"
        self.lease_s = lease_s

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
        if self.correction:
            self._lexicon = await asyncio.to_thread(load_lexicon)  # ~1.5 s once, not on the first utterance
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
        """Claim and handle the next job (with up to ``batch_size - 1`` more already pending, when
        the transcriber can batch). Returns False when the queue was empty."""
        job = await self.store.claim_job(self.worker_id, self.lease_s)
        if job is None:
            return False
        jobs = [job]
        if self.batch_size > 1 and hasattr(self.transcriber, "transcribe_batch"):
            # Only jobs already waiting: a lone job is never held back to wait for company.
            while len(jobs) < self.batch_size and (
                    more := await self.store.claim_job(self.worker_id, self.lease_s)) is not None:
                jobs.append(more)
        self.busy = True
        renewer = asyncio.create_task(self._renew([j.id for j in jobs]), name="asr-lease")
        try:
            done = await self._transcribe_all(jobs)
            for j, result, fixed in done:
                if result.detected and result.text:
                    # The first confident answer fixes an ``auto`` meeting's language (no-op otherwise).
                    await self.store.set_language(j.meeting_id, result.detected, detected=True)
                utterance = await self.store.complete_job(
                    j.id, fixed.text, j.start_ms, self._end_ms(j), language=result.language,
                    text_raw=result.text, rewrites=fixed.rewrites, compute_ms=result.compute_ms,
                )
                await self._record(j, result, utterance)
        finally:
            self.busy = False
            renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await renewer
        return True

    async def _renew(self, job_ids: list[str]) -> None:
        while True:
            await asyncio.sleep(self.lease_s / 3)  # a period, not synchronisation
            try:
                await self.store.renew_leases(self.worker_id, job_ids, self.lease_s)
            except Exception:
                log.exception("renewing the leases of %s failed", job_ids)

    async def _transcribe_all(self, jobs: list[AsrJob]) -> list[tuple[AsrJob, Transcript, Correction]]:
        """Transcribe and correct the claimed jobs; a job that fails is recorded as failed and left out."""
        ready: list[tuple[AsrJob, Request, Vocabulary]] = []
        for job in jobs:
            try:
                ready.append((job, *await self._request(job)))
            except Exception as exc:  # unreadable audio, vanished meeting: this job only
                await self._fail(job, exc)
        heard: list[tuple[AsrJob, Transcript, Vocabulary]] = []
        # A lone job goes through transcribe_batch too where there is one: only the Request
        # carries language detection and the per-language prompts.
        if len(ready) > 1 or (ready and hasattr(self.transcriber, "transcribe_batch")):
            try:
                results = await self.transcriber.transcribe_batch([r for _j, r, _v in ready])  # type: ignore[attr-defined]
                self.stats.batches += len(ready) > 1
                heard = [(j, t, v) for (j, _r, v), t in zip(ready, results, strict=True)]
                ready = []
            except Exception:
                log.exception("batched transcription of %d jobs failed; retrying them one by one", len(ready))
        for job, req, vocab in ready:
            try:
                heard.append((job, await self.transcriber.transcribe(req.pcm, req.language, req.initial_prompt), vocab))
            except Exception as exc:  # the job records the error; the worker lives on
                await self._fail(job, exc)
        if not heard:
            return []
        # Correction is CPU work (~1 ms each): one hop to a worker thread for the whole batch.
        fixed = await asyncio.to_thread(lambda: [self._correct(t, v) for _j, t, v in heard])
        return [(j, t, f) for (j, t, _v), f in zip(heard, fixed, strict=True)]

    def _correct(self, result: Transcript, vocab: Vocabulary) -> Correction:
        """The transcript after ``asr.correct`` (zh only; unchanged when correction is off or the
        pass fails: a transcript is never lost to its correction)."""
        if not self.correction or result.language != "zh" or not result.text:
            return Correction(result.text)
        try:
            if self._lexicon is None:
                self._lexicon = load_lexicon()
            return correct(result.text, vocab, self._lexicon)
        except Exception:
            log.exception("correction failed; keeping the transcript as heard")
            return Correction(result.text)

    async def _record(self, job: AsrJob, result: Transcript, utterance: Utterance | None) -> None:
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

    async def _request(self, job: AsrJob) -> tuple[Request, Vocabulary]:
        """The segment's audio, language and prompt, and the meeting's vocabulary *now* (an edit
        of the vocabulary during the meeting applies to the segments transcribed after it)."""
        meeting = await self.store.get_meeting(job.meeting_id)
        language = str(meeting.language)
        pcm = await self.store.job_audio(job.id) if hasattr(self.store, "job_audio") else None
        if pcm is None:
            pcm = await asyncio.to_thread(read_wav_file, job.audio_path)
        vocab = await asyncio.to_thread(
            meeting_vocabulary, meeting.participants, meeting.glossary, meeting.title, meeting.agenda
        )
        prompts = tuple(
            (lang, glossary_prompt(vocab.participants, vocab.terms, lang) if self.use_glossary else "")
            for lang in ("zh", "en")
        )
        return Request(pcm, language, dict(prompts)[language] or None, detect=True,
                       prompts=tuple((lang, p) for lang, p in prompts if p)), vocab

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
