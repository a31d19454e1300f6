"""Durable live audio of one meeting: append → fsync → ack → VAD → queued segments.

The stream file ``<data_dir>/audio/<meeting_id>/stream.pcm`` holds every acknowledged byte of
16 kHz mono s16le audio in meeting time (byte offset = ms × 32). A client sends ``offset_ms`` with
``audio.start``; audio before ``received_ms`` is an overlap from a resend and is dropped, a gap is
filled with silence so meeting time stays true. After a crash, audio after the store's ``cut_ms``
is fed again to a fresh segmenter: acknowledged audio is transcribed exactly once.

A client's offset is bounded: it may lie at most :data:`OFFSET_SLACK_MS` beyond the larger of
``received_ms`` and the meeting's wall-clock age (a faster-than-real-time resend or replay is
contiguous, a real gap cannot be longer than the meeting), so one ``audio.start`` cannot make the
daemon write hours of silence. A gap is written in :data:`GAP_CHUNK_MS` pieces off the event loop.

One recorder at a time (DESIGN §8 leaves it open): the stream remembers its ``recorder``; a client
that starts recording takes over and the previous one is told (``on_replaced``) and stopped, so a
reconnecting browser whose old socket is not yet known dead is never locked out, and two recorders
never interleave two meeting timelines (whose second one would be dropped as an "overlap").

:class:`ClientAudio` is one client's side of it: binary frames of any length (a WebSocket may
split a sample) aligned to whole milliseconds at the client's meeting-time offset, and the
stream's count of recording clients.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from asr.audio import BYTES_PER_MS
from asr.segments import SegmentSink
from models import AsrJob, InvalidInput, MeetingClosed
from store import Store

MAX_FRAME_BYTES = 64 * 1024  # 1 s of audio; a larger binary frame is refused
OFFSET_SLACK_MS = 10_000  # clock skew and buffered frames beyond received / wall-clock time
GAP_CHUNK_MS = 30_000  # silence is written (and cut by the VAD) at most this much per step


def _append_durably(path: Path, data: bytes) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "ab") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
        return f.tell()


class AudioStream:
    def __init__(self, store: Store, data_dir: Path, meeting_id: str, on_job: Callable[[AsrJob], None], *,
                 created_at: float | None = None, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.created_at = created_at  # the meeting's wall-clock start (None: no wall-clock bound)
        self._clock = clock
        self.meeting_id = meeting_id
        self.path = Path(data_dir) / "audio" / meeting_id / "stream.pcm"
        self._on_job = on_job
        self.sink: SegmentSink | None = None
        self.received_ms = 0
        self._lock = asyncio.Lock()
        self._odd = b""  # half a sample left over from a frame of odd length
        self.active_clients = 0
        self.recorder: object | None = None  # the ClientAudio recording now (one at a time)
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

    def max_offset_ms(self) -> int:
        """The largest meeting-time offset a client may start or write at now."""
        age_ms = 0 if self.created_at is None else int(max(0.0, self._clock() - self.created_at) * 1000)
        return max(self.received_ms, age_ms) + OFFSET_SLACK_MS

    def check_offset(self, offset_ms: int) -> None:
        """Raise InvalidInput for an offset that is negative or beyond :meth:`max_offset_ms`."""
        if offset_ms < 0:
            raise InvalidInput("offset_ms must be >= 0")
        limit = self.max_offset_ms()
        if offset_ms > limit:
            raise InvalidInput(
                f"offset_ms {offset_ms} is beyond the received audio and the meeting's age (at most {limit})",
                max_offset_ms=limit, received_ms=self.received_ms,
            )

    async def write(self, offset_ms: int, pcm: bytes) -> int:
        """Persist ``pcm`` that starts at ``offset_ms`` (meeting time); return ``received_ms``."""
        if len(pcm) > MAX_FRAME_BYTES:
            raise InvalidInput(f"audio frame of {len(pcm)} bytes exceeds {MAX_FRAME_BYTES}")
        if self.closed:
            raise MeetingClosed(f"meeting {self.meeting_id} is finalizing; no new audio", meeting_id=self.meeting_id)
        async with self._lock:
            assert self.sink is not None, "open() first"
            self.check_offset(offset_ms)
            received_bytes = self.received_ms * BYTES_PER_MS + len(self._odd)
            start = offset_ms * BYTES_PER_MS
            if start < received_bytes:
                pcm = pcm[received_bytes - start :]  # a resend overlapping what is already durable
            elif start > received_bytes:
                # A gap: silence keeps meeting time true, in bounded steps that let the loop breathe.
                gap = start - received_bytes
                step = GAP_CHUNK_MS * BYTES_PER_MS
                while gap > 0:
                    n = min(gap, step)
                    await self._append(bytes(n))
                    gap -= n
            await self._append(pcm)
            return self.received_ms

    async def _append(self, pcm: bytes) -> None:
        """Durably append whole milliseconds of ``self._odd + pcm``; keep the odd rest (lock held)."""
        assert self.sink is not None
        data = self._odd + pcm
        whole = len(data) - len(data) % BYTES_PER_MS
        self._odd = data[whole:]
        if whole:
            chunk = data[:whole]
            await asyncio.to_thread(_append_durably, self.path, chunk)
            self.received_ms += whole // BYTES_PER_MS
            await self.sink.feed(chunk)
            await self._save_marks()

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
    recorder: object | None

    def check_offset(self, offset_ms: int) -> None: ...

    async def write(self, offset_ms: int, pcm: bytes) -> int: ...
    async def cut_tail(self) -> list[AsrJob]: ...


class ClientAudio:
    """One client's audio into a meeting's :class:`AudioStream` (a WebSocket connection's state).

    ``start(stream, offset_ms)`` begins at a meeting-time offset (a resend starts at the last
    acknowledged ``received_ms``; an offset beyond the stream's bound raises InvalidInput) and takes
    the stream over from any other recorder, whose ``on_replaced`` is called after it is stopped;
    ``write(frame)`` persists the whole milliseconds received so far and returns the stream's
    ``received_ms`` (None while less than 1 ms is buffered); ``stop()`` drops a partial millisecond.
    ``start``/``stop`` return whether the recording state changed.
    """

    def __init__(self, on_replaced: Callable[[], None] | None = None) -> None:
        self.stream: AudioSink | None = None
        self.recording = False
        self.replaced = False  # another client took the stream over; frames now are refused
        self.pos = 0  # meeting-time byte offset of ``self.residual``'s first byte
        self.residual = b""
        self._on_replaced = on_replaced

    def start(self, stream: AudioSink, offset_ms: int) -> bool:
        stream.check_offset(offset_ms)
        previous = stream.recorder
        if isinstance(previous, ClientAudio) and previous is not self:
            previous.stop()
            previous.replaced = True
            if previous._on_replaced is not None:
                previous._on_replaced()
        self.stream = stream
        self.replaced = False
        changed = not self.recording
        if changed:
            self.recording = True
            stream.active_clients += 1
        stream.recorder = self
        self.pos = offset_ms * BYTES_PER_MS
        self.residual = b""
        return changed

    def stop(self) -> bool:
        changed = self.recording and self.stream is not None
        if changed:
            assert self.stream is not None
            self.recording = False
            self.stream.active_clients = max(0, self.stream.active_clients - 1)
            if self.stream.recorder is self:
                self.stream.recorder = None
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
