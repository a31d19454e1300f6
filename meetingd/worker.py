"""``meetingd worker --db postgresql://…``: one ASR worker process of a cluster (docs/scale.md).

It opens the shared store, claims ASR jobs of any meeting with ``SKIP LOCKED`` and a lease it
renews, and appends their utterances; the node that owns each meeting hears them through the
change feed. It wakes on the feed's ``job`` changes (a segment queued on any node) and re-checks
every ``recheck_s`` for expired leases. SIGTERM / SIGINT end it after the job in hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from live.config import Settings
from models import Change, InvalidInput
from store import Store

log = logging.getLogger(__name__)


async def run_worker(settings: Settings, *, transcriber: Any = None, lease_s: float = 30.0,
                     recheck_s: float = 2.0, ready: Any = None) -> None:
    from asr.worker import AsrWorker

    target = settings.db_target
    if not isinstance(target, str):
        raise InvalidInput("meetingd worker needs a shared store: --db postgresql://… (or MEETINGD_DB)")
    store = await Store.open(target)
    try:
        if transcriber is None:
            from asr.transcriber import WhisperTranscriber

            transcriber = WhisperTranscriber(
                settings.whisper_model, compute_type=settings.asr_compute_type, cpu_threads=settings.asr_threads,
                beam_size=settings.asr_beam_size, window_ms=settings.asr_window_ms or None,
            )
        worker = AsrWorker(store, transcriber, max_attempts=settings.asr_max_attempts,
                           batch_size=settings.asr_batch_size, lease_s=lease_s, recheck_s=recheck_s)

        def on_changes(changes: list[Change]) -> None:
            if any(c.kind == "job" and c.data.get("status") == "pending" for c in changes):
                worker.notify()

        store.subscribe(on_changes)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, worker.stop)
        log.info("ASR worker %s on the shared store", worker.worker_id)
        if ready is not None:
            ready(worker)
        await worker.run()
    finally:
        await store.close()
