"""The VAD segmenter: the one place where audio is cut (DESIGN §1 principle 3).

A pure core: 16 kHz mono s16le bytes in, :class:`Segment` values out, no I/O and no clock. Audio is
split into fixed frames (10/20/30 ms) classified by webrtcvad; a small state machine turns the
frame flags into speech segments:

- silence → speech on the first voiced frame; the segment starts ``pre_roll_ms`` earlier (as far as
  retained silence allows) so soft onsets are not clipped;
- speech → end after ``hangover_ms`` of consecutive unvoiced frames; the segment keeps
  ``post_roll_ms`` of that silence and the rest is discarded;
- a segment with less than ``min_speech_ms`` of voiced frames is noise and is discarded;
- a segment reaching ``max_segment_ms`` is split at its quietest frame (lowest energy, unvoiced
  preferred) in its second half, so long monologues still reach the transcript promptly.

Times are exact integers in meeting time: frame boundaries plus ``start_offset_ms``. Output depends
only on the byte stream, never on how it was chunked.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np
import webrtcvad

from models.errors import InvalidInput

BYTES_PER_SAMPLE = 2


@dataclass(frozen=True, slots=True)
class VadConfig:
    aggressiveness: int = 2
    frame_ms: int = 30
    pre_roll_ms: int = 240
    hangover_ms: int = 450
    post_roll_ms: int = 150
    min_speech_ms: int = 240
    max_segment_ms: int = 15000
    sample_rate: int = 16000
    # Frames quieter than this are never speech. webrtcvad keeps flagging ~100 ms of digital
    # silence after an offset (its own smoothing); the floor gives exact ends without touching
    # real speech, whose quietest parts sit far above -60 dBFS.
    min_energy_dbfs: float = -60.0

    def __post_init__(self) -> None:
        if self.aggressiveness not in (0, 1, 2, 3):
            raise InvalidInput(f"VAD aggressiveness must be 0..3, got {self.aggressiveness}")
        if self.frame_ms not in (10, 20, 30):
            raise InvalidInput(f"VAD frame_ms must be 10, 20 or 30, got {self.frame_ms}")
        if self.sample_rate not in (8000, 16000, 32000, 48000):
            raise InvalidInput(f"VAD sample_rate must be 8000/16000/32000/48000, got {self.sample_rate}")
        if min(self.pre_roll_ms, self.hangover_ms, self.post_roll_ms, self.min_speech_ms) < 0:
            raise InvalidInput("VAD durations must not be negative")
        if self.post_roll_ms > self.hangover_ms:
            raise InvalidInput("VAD post_roll_ms must not exceed hangover_ms")
        if self.max_segment_ms < 4 * self.frame_ms:
            raise InvalidInput("VAD max_segment_ms is too short")

    @property
    def frame_bytes(self) -> int:
        return self.sample_rate * self.frame_ms // 1000 * BYTES_PER_SAMPLE

    @property
    def energy_floor(self) -> float:
        """``min_energy_dbfs`` as a mean-square of s16 samples."""
        return (32768.0 * 10 ** (self.min_energy_dbfs / 20)) ** 2

    def frames(self, ms: int) -> int:
        """Whole frames covering ``ms`` (rounded up)."""
        return -(-ms // self.frame_ms)


@dataclass(frozen=True, slots=True)
class Segment:
    """A cut speech segment: ``pcm`` covers exactly [start_ms, end_ms) of meeting time."""

    start_ms: int
    end_ms: int
    pcm: bytes

    @property
    def duration_ms(self) -> int:
        return self.end_ms - self.start_ms


@dataclass(frozen=True, slots=True)
class _Frame:
    index: int
    pcm: bytes
    voiced: bool
    energy: float


class Segmenter:
    """Incremental VAD segmenter. Not thread-safe; one per audio stream.

    ``feed`` accepts chunks of any size (even odd byte counts) and returns the segments completed
    by them; ``flush`` ends the stream and returns the segment in progress, if it is speech.
    """

    def __init__(self, config: VadConfig | None = None, start_offset_ms: int = 0) -> None:
        self.config = config or VadConfig()
        self.start_offset_ms = start_offset_ms
        self._vad = webrtcvad.Vad(self.config.aggressiveness)
        self._floor = self.config.energy_floor
        self._rest = b""
        self._next_index = 0
        self._fed_bytes = 0
        self._ring: deque[_Frame] = deque(maxlen=self.config.frames(self.config.pre_roll_ms))
        self._speech: list[_Frame] = []  # the segment in progress (empty while silent)
        self._silence_run = 0
        self._flushed = False

    # -- accounting (for crash recovery) ---------------------------------------------------------
    @property
    def consumed_ms(self) -> int:
        """Meeting time up to which audio has been fed (including a partial frame)."""
        return self.start_offset_ms + self._fed_bytes * 1000 // (self.config.sample_rate * BYTES_PER_SAMPLE)

    @property
    def cut_ms(self) -> int:
        """Meeting time before which every byte is settled: emitted in a segment or discarded.

        Audio from ``cut_ms`` on (retained pre-roll, the segment in progress, a partial frame) is
        not yet cut; after a crash, feed it again to a new ``Segmenter(start_offset_ms=cut_ms)``.
        After ``flush`` everything fed is settled.
        """
        if self._flushed:
            return self.consumed_ms
        held = self._speech[0] if self._speech else (self._ring[0] if self._ring else None)
        index = held.index if held is not None else self._next_index
        return self._ms(index)

    @property
    def pending_ms(self) -> int:
        """Audio fed but not yet settled (``consumed_ms - cut_ms``)."""
        return self.consumed_ms - self.cut_ms

    @property
    def in_speech(self) -> bool:
        return bool(self._speech)

    # -- stream --------------------------------------------------------------------------------
    def feed(self, pcm: bytes) -> list[Segment]:
        """Consume 16-bit mono PCM; return the segments that this chunk completed, in order."""
        if self._flushed:
            raise InvalidInput("Segmenter already flushed; create a new one for a new stream")
        self._fed_bytes += len(pcm)
        data = self._rest + pcm
        size = self.config.frame_bytes
        out: list[Segment] = []
        end = len(data) - len(data) % size
        for pos in range(0, end, size):
            self._step(data[pos : pos + size], out)
        self._rest = data[end:]
        return out

    def flush(self) -> list[Segment]:
        """End of stream: close the segment in progress (if long enough) and drop a partial frame."""
        out: list[Segment] = []
        if self._speech:
            last_voiced = max(f.index for f in self._speech if f.voiced) if self._voiced_count() else None
            stop = self._speech[-1].index + 1
            if last_voiced is not None:
                stop = min(stop, last_voiced + 1 + self.config.frames(self.config.post_roll_ms))
            self._close(stop, out)
        self._ring.clear()
        self._rest = b""
        self._flushed = True
        return out

    # -- internals -------------------------------------------------------------------------------
    def _ms(self, index: int) -> int:
        return self.start_offset_ms + index * self.config.frame_ms

    def _voiced_count(self) -> int:
        return sum(1 for f in self._speech if f.voiced)

    def _step(self, pcm: bytes, out: list[Segment]) -> None:
        cfg = self.config
        samples = np.frombuffer(pcm, dtype="<i2").astype(np.float32)
        energy = float(np.mean(samples * samples))
        # Always run webrtcvad so its adaptive state sees every frame, whatever the floor says.
        voiced = self._vad.is_speech(pcm, cfg.sample_rate) and energy >= self._floor
        frame = _Frame(index=self._next_index, pcm=pcm, voiced=voiced, energy=energy)
        self._next_index += 1
        if not self._speech:
            if frame.voiced:
                self._speech = [*self._ring, frame]
                self._ring.clear()
                self._silence_run = 0
            else:
                self._ring.append(frame)
            return
        self._speech.append(frame)
        self._silence_run = 0 if frame.voiced else self._silence_run + 1
        if self._silence_run * cfg.frame_ms >= cfg.hangover_ms:
            last_voiced = frame.index - self._silence_run
            self._close(last_voiced + 1 + cfg.frames(cfg.post_roll_ms), out)
        elif len(self._speech) * cfg.frame_ms >= cfg.max_segment_ms:
            self._split(out)

    def _close(self, stop: int, out: list[Segment]) -> None:
        """Emit the speech frames before index ``stop``; later frames become retained silence."""
        head = [f for f in self._speech if f.index < stop]
        tail = [f for f in self._speech if f.index >= stop]
        self._emit(head, out)
        self._speech = []
        self._silence_run = 0
        self._ring.clear()
        self._ring.extend(tail)  # maxlen keeps only the newest pre-roll worth

    def _split(self, out: list[Segment]) -> None:
        """Cut a segment that reached max length after its quietest frame in the second half."""
        frames = self._speech
        window = frames[len(frames) // 2 :]
        quietest = min(window, key=lambda f: (f.voiced, f.energy, -f.index))
        cut = quietest.index + 1 - frames[0].index
        self._emit(frames[:cut], out)
        self._speech = frames[cut:]
        voiced = [f.index for f in self._speech if f.voiced]
        if not self._speech:
            return
        if not voiced:
            # Only silence follows the cut: it is pre-roll for whatever comes next, not speech.
            rest = self._speech
            self._speech = []
            self._silence_run = 0
            self._ring.clear()
            self._ring.extend(rest)
            return
        self._silence_run = self._speech[-1].index - voiced[-1]

    def _emit(self, frames: list[_Frame], out: list[Segment]) -> None:
        if not frames:
            return
        if sum(1 for f in frames if f.voiced) * self.config.frame_ms < self.config.min_speech_ms:
            return  # too little speech: a click or a cough, discarded as silence
        out.append(
            Segment(
                start_ms=self._ms(frames[0].index),
                end_ms=self._ms(frames[-1].index + 1),
                pcm=b"".join(f.pcm for f in frames),
            )
        )
