"""Speech gate: does a cut segment hold speech at all, asked before Whisper decodes it.

webrtcvad cuts the stream cheaply but lets steady noise through (a fan, a hum, a room tone a
little above its floor). Whisper normalises every window to its own loudest part, so quiet noise
looks like loud sound to it; its greedy pass then fails the confidence checks and the temperature
fallback *samples* a guess ("再次，再次", "钥匙"), a different one on each run. Measured on the
fixture meetings (47 segments of synthetic speech, clean and with 20–30 dB noise) Silero VAD's
speech probability peaks at ≥ 0.95 in every segment, and at ≤ 0.12 on Gaussian noise from
-50 to -26 dBFS; a segment whose peak stays under ``DEFAULT_MIN_SPEECH_PROB`` is not decoded.

The Silero model is the ONNX file bundled in the faster-whisper wheel (offline; onnxruntime is
already a faster-whisper dependency). When it cannot run, the gate says "speech": a missing gate
must never lose words.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from .audio import pcm_to_float

log = logging.getLogger(__name__)

# Far under every speech segment measured (≥ 0.95), well over noise (≤ 0.12); Silero's own
# "end of speech" threshold is 0.35.
DEFAULT_MIN_SPEECH_PROB = 0.3
WINDOW_SAMPLES = 512  # Silero's window at 16 kHz (32 ms)


def holds_speech(probabilities: Sequence[float], min_prob: float = DEFAULT_MIN_SPEECH_PROB) -> bool:
    """True when any 32 ms window's speech probability reaches ``min_prob``.

    The peak, not the mean: a short "好" in a long segment of room tone is still speech.
    """
    return any(p >= min_prob for p in probabilities)


class SpeechGate:
    """Silero speech probabilities of one 16 kHz mono s16le segment. Blocking; thread-safe."""

    def __init__(self, min_prob: float = DEFAULT_MIN_SPEECH_PROB) -> None:
        self.min_prob = min_prob
        self._model: Any = None
        self._failed = False
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None and not self._failed:
                try:
                    from faster_whisper.vad import get_vad_model

                    self._model = get_vad_model()
                except Exception as exc:  # no onnxruntime, a wheel without the asset, …
                    self._failed = True
                    log.warning("speech gate off, every segment is decoded: %s", exc)
            return self._model

    def probabilities(self, pcm16k: bytes) -> list[float]:
        """Speech probability per 32 ms window; empty when the model is unavailable."""
        model = self._load()
        audio = pcm_to_float(pcm16k)
        if model is None or not len(audio):
            return []
        audio = np.pad(audio, (0, -len(audio) % WINDOW_SAMPLES))
        return [float(p) for p in np.asarray(model(audio)).reshape(-1)]

    def heard(self, pcm16k: bytes) -> bool:
        """Whether the segment is worth decoding (True when the gate cannot tell)."""
        probabilities = self.probabilities(pcm16k)
        if not probabilities:
            return self._model is None
        return holds_speech(probabilities, self.min_prob)
