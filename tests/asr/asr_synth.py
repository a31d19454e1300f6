"""Synthetic audio for the asr tests: voiced harmonic tones, noise and silence of exact lengths."""

from __future__ import annotations

import numpy as np

RATE = 16000


def tone(ms: int, amp: float = 0.4, f0: float = 180.0, rate: int = RATE) -> np.ndarray:
    """A harmonic-rich tone (webrtcvad classifies it as voiced), float32 in [-amp, amp]."""
    t = np.arange(rate * ms // 1000) / rate
    x = sum(np.sin(2 * np.pi * f0 * k * t) / k for k in range(1, 8))
    return (amp * x / np.max(np.abs(x))).astype(np.float32)


def silence(ms: int, rate: int = RATE) -> np.ndarray:
    return np.zeros(rate * ms // 1000, dtype=np.float32)


def noise(ms: int, amp: float, seed: int = 0, rate: int = RATE) -> np.ndarray:
    return np.random.default_rng(seed).normal(0.0, amp, rate * ms // 1000).astype(np.float32)


def pcm(*parts: np.ndarray) -> bytes:
    """Concatenate float parts → s16le bytes."""
    x = np.concatenate(parts)
    return np.clip(np.rint(x * 32767), -32768, 32767).astype("<i2").tobytes()
