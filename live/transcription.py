"""The daemon's ASR worker: built on the first queued job, shared by every meeting.

Contract: ``job_queued(job)`` (the ``on_job`` of each meeting's audio stream) starts the worker
if needed and wakes it; ``worker`` is the running :class:`~asr.worker.AsrWorker` or None;
``close()`` stops it. The worker's utterances reach the meetings through the store's change feed
(each :class:`~live.session.MeetingSession` listens), not through a callback.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from models import AsrJob
from store import Store

from .config import Settings


class Transcription:
    def __init__(self, store: Store, settings: Settings, transcriber: Any = None) -> None:
        self.store = store
        self.settings = settings
        self._transcriber = transcriber
        self.worker: Any = None
        self._task: asyncio.Task[None] | None = None

    def ensure_started(self) -> None:
        if self._task is not None and not self._task.done():
            return
        from asr.worker import AsrWorker  # Whisper and its runtime load only when audio arrives

        if self._transcriber is None:
            from asr.transcriber import WhisperTranscriber

            self._transcriber = WhisperTranscriber(
                self.settings.whisper_model, compute_type=self.settings.asr_compute_type,
                cpu_threads=self.settings.asr_threads, beam_size=self.settings.asr_beam_size,
                window_ms=self.settings.asr_window_ms or None,
            )
        self.worker = AsrWorker(self.store, self._transcriber, max_attempts=self.settings.asr_max_attempts,
                                batch_size=self.settings.asr_batch_size)
        self._task = asyncio.create_task(self.worker.run(), name="asr-worker")

    def job_queued(self, job: AsrJob) -> None:
        self.ensure_started()
        self.worker.notify()

    async def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
