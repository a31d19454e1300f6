"""SegmentSink: VAD segments of one meeting → durable WAV files → queued ASR jobs.

The glue shared by live audio, uploads and replay: each segment is written atomically to
``<data_dir>/audio/<meeting_id>/seg-<start_ms>.wav`` *before* its job is enqueued, so a queued job
always points at a complete file. The name is a function of the segment start, so re-cutting the
same audio after a crash rewrites the same file rather than leaving a stray copy.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from models.domain import AsrJob

from .audio import write_wav_atomic
from .vad import Segment, Segmenter, VadConfig


def segment_path(data_dir: str | Path, meeting_id: str, start_ms: int) -> Path:
    """Where the WAV of the segment starting at ``start_ms`` lives."""
    return Path(data_dir) / "audio" / meeting_id / f"seg-{start_ms}.wav"


class SegmentSink:
    """Cut a meeting's 16 kHz mono s16le stream and queue every segment for transcription.

    ``feed``/``flush`` run the meeting's own :class:`Segmenter`; ``accept`` takes segments cut
    elsewhere. ``on_enqueued`` (e.g. ``AsrWorker.notify``) is called after each job is queued.
    """

    def __init__(
        self,
        store: Any,
        data_dir: str | Path,
        meeting_id: str,
        *,
        vad: VadConfig | None = None,
        start_offset_ms: int = 0,
        on_enqueued: Callable[[AsrJob], None] | None = None,
    ) -> None:
        self.store = store
        self.data_dir = Path(data_dir)
        self.meeting_id = meeting_id
        self.segmenter = Segmenter(vad, start_offset_ms=start_offset_ms)
        self.on_enqueued = on_enqueued

    @property
    def cut_ms(self) -> int:
        """Meeting time before which all audio is cut and queued (see ``Segmenter.cut_ms``)."""
        return self.segmenter.cut_ms

    async def feed(self, pcm: bytes) -> list[AsrJob]:
        """Segment ``pcm`` (any chunk size) and queue the segments it completed."""
        return await self.accept(self.segmenter.feed(pcm))

    async def flush(self) -> list[AsrJob]:
        """End of the stream: queue the segment in progress, if it is speech."""
        return await self.accept(self.segmenter.flush())

    async def accept(self, segments: Iterable[Segment]) -> list[AsrJob]:
        """Write each segment's WAV (off the loop) and enqueue its job, in order."""
        jobs: list[AsrJob] = []
        for seg in segments:
            path = segment_path(self.data_dir, self.meeting_id, seg.start_ms)
            await asyncio.to_thread(write_wav_atomic, path, seg.pcm)
            job = await self.store.enqueue_job(self.meeting_id, str(path), seg.duration_ms, seg.start_ms,
                                               audio=seg.pcm)
            jobs.append(job)
            if self.on_enqueued is not None:
                self.on_enqueued(job)
        return jobs
