"""Durable live audio of one meeting: append → fsync → ack → VAD → queued segments.

The stream file ``<data_dir>/audio/<meeting_id>/stream.pcm`` holds every acknowledged byte of
16 kHz mono s16le audio in meeting time (byte offset = ms × 32). A client sends ``offset_ms`` with
``audio.start``; audio before ``received_ms`` is an overlap from a resend and is dropped, a gap is
filled with silence so meeting time stays true. After a crash, audio after the store's ``cut_ms``
is fed again to a fresh segmenter: acknowledged audio is transcribed exactly once.

:class:`ClientAudio` is one client's side of it: binary frames of any length (a WebSocket may
split a sample) aligned to whole milliseconds at the client's meeting-time offset, and the
stream's count of recording clients.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from asr.audio import BYTES_PER_MS
from asr.segments import SegmentSink
from models import AsrJob, InvalidInput, MeetingClosed
from store import Store

MAX_FRAME_BYTES = 64 * 1024  # 1 s of audio; a larger binary frame is refused


def _append_durably(path: Path, data: bytes) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "ab") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
        return f.tell()


class AudioStream:
    def __init__(self, store: Store, data_dir: Path, meeting_id: str, on_job: Callable[[AsrJob], None]) -> None:
        self.store = store
        self.meeting_id = meeting_id
        self.path = Path(data_dir) / "audio" / meeting_id / "stream.pcm"
        self._on_job = on_job
        self.sink: SegmentSink | None = None
        self.received_ms = 0
        self._lock = asyncio.Lock()
        self._odd = b""  # half a sample left over from a frame of odd length
        self.active_clients = 0
        self.closed = False  # set by finalize: no new audio, the tail is cut and queued

    async def open(self) -> None:
        """Restore ``received_ms`` and re-cut audio that a crash left uncut."""
        size = self.path.stat().st_size if self.path.exists() else 0
        size -= size % 2
        self.received_ms = size // BYTES_PER_MS
        row = await self.store.get_audio_stream(self.meeting_id)
        cut_ms = int(row["cut_ms"]) if row else 0
        self.sink = SegmentSink(self.store, self.path.parent.parent.parent, self.meeting_id,
                                start_offset_ms=cut_ms, on_enqueued=self._on_job)
        if size > cut_ms * BYTES_PER_MS:
            tail = await asyncio.to_thread(self._read_from, cut_ms * BYTES_PER_MS, size)
            await self.sink.feed(tail)
            await self._save_marks()

    def _read_from(self, start: int, end: int) -> bytes:
        with open(self.path, "rb") as f:
            f.seek(start)
            return f.read(end - start)

    async def write(self, offset_ms: int, pcm: bytes) -> int:
        """Persist ``pcm`` that starts at ``offset_ms`` (meeting time); return ``received_ms``."""
        if len(pcm) > MAX_FRAME_BYTES:
            raise InvalidInput(f"audio frame of {len(pcm)} bytes exceeds {MAX_FRAME_BYTES}")
        if offset_ms < 0:
            raise InvalidInput("offset_ms must be >= 0")
        if self.closed:
            raise MeetingClosed(f"meeting {self.meeting_id} is finalizing; no new audio", meeting_id=self.meeting_id)
        async with self._lock:
            assert self.sink is not None, "open() first"
            received_bytes = self.received_ms * BYTES_PER_MS + len(self._odd)
            start = offset_ms * BYTES_PER_MS
            if start < received_bytes:
                pcm = pcm[received_bytes - start :]  # a resend overlapping what is already durable
            elif start > received_bytes:
                pcm = bytes(start - received_bytes) + pcm  # a gap: keep meeting time true
            data = self._odd + pcm
            whole = len(data) - len(data) % BYTES_PER_MS
            self._odd = data[whole:]
            if whole:
                chunk = data[:whole]
                await asyncio.to_thread(_append_durably, self.path, chunk)
                self.received_ms += whole // BYTES_PER_MS
                await self.sink.feed(chunk)
                await self._save_marks()
            return self.received_ms

    async def flush(self) -> list[AsrJob]:
        """End of the stream (meeting finalizing): refuse new audio, cut the segment in progress."""
        self.closed = True
        async with self._lock:
            if self.sink is None:
                return []
            jobs = await self.sink.flush()
            await self._save_marks(cut_ms=self.received_ms)
            return jobs

    async def cut_tail(self) -> list[AsrJob]:
        """The last speaker stopped the mic: cut and queue the segment in progress now (never wait
        for silence that will not come), and go on with a fresh segmenter from ``received_ms``."""
        async with self._lock:
            if self.sink is None or self.closed:
                return []
            jobs = await self.sink.flush()
            self.sink = SegmentSink(self.store, self.path.parent.parent.parent, self.meeting_id,
                                    start_offset_ms=self.received_ms, on_enqueued=self._on_job)
            await self._save_marks(cut_ms=self.received_ms)
            return jobs

    @property
    def buffered(self) -> bool:
        """Speech is held in an open segment (not yet queued for transcription)."""
        return self.sink is not None and self.sink.segmenter.in_speech

    async def _save_marks(self, cut_ms: int | None = None) -> None:
        assert self.sink is not None
        await self.store.update_audio_stream(
            self.meeting_id, path=str(self.path), received_ms=self.received_ms,
            cut_ms=cut_ms if cut_ms is not None else self.sink.cut_ms,
        )


class AudioSink(Protocol):
    """A meeting's durable audio stream as one client sees it (:class:`AudioStream`)."""

    received_ms: int
    active_clients: int
    buffered: bool

    async def write(self, offset_ms: int, pcm: bytes) -> int: ...
    async def cut_tail(self) -> list[AsrJob]: ...


class ClientAudio:
    """One client's audio into a meeting's :class:`AudioStream` (a WebSocket connection's state).

    ``start(stream, offset_ms)`` begins at a meeting-time offset (a resend starts at the last
    acknowledged ``received_ms``); ``write(frame)`` persists the whole milliseconds received so far
    and returns the stream's ``received_ms`` (None while less than 1 ms is buffered); ``stop()``
    drops a partial millisecond. ``start``/``stop`` return whether the recording state changed.
    """

    def __init__(self) -> None:
        self.stream: AudioSink | None = None
        self.recording = False
        self.pos = 0  # meeting-time byte offset of ``self.residual``'s first byte
        self.residual = b""

    def start(self, stream: AudioSink, offset_ms: int) -> bool:
        self.stream = stream
        changed = not self.recording
        if changed:
            self.recording = True
            stream.active_clients += 1
        self.pos = offset_ms * BYTES_PER_MS
        self.residual = b""
        return changed

    def stop(self) -> bool:
        changed = self.recording and self.stream is not None
        if changed:
            assert self.stream is not None
            self.recording = False
            self.stream.active_clients = max(0, self.stream.active_clients - 1)
        self.residual = b""
        return changed

    async def write(self, frame: bytes) -> int | None:
        """Raises what :meth:`AudioStream.write` raises (the caller stops the client)."""
        assert self.stream is not None and self.recording, "start() first"
        data = self.residual + frame
        whole = len(data) - len(data) % BYTES_PER_MS
        self.residual = data[whole:]
        if not whole:
            return None
        received = await self.stream.write(self.pos // BYTES_PER_MS, data[:whole])
        self.pos += whole
        return received
