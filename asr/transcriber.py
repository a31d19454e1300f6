"""Whisper transcription of one cut segment, off the event loop.

faster-whisper's ``transcribe`` returns a *lazy* generator: the decoding happens while it is
iterated. Both the call and the iteration therefore run inside one worker thread
(``asyncio.to_thread``); iterating on the loop would block it for the whole decode.

Each segment is transcribed on its own: ``condition_on_previous_text=False`` and no earlier
transcript as prompt (DESIGN §1.3). Only a fixed glossary prompt of names and terms may be given.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from models.errors import ModelError

from .audio import BYTES_PER_MS, pcm_to_float
from .filters import Dropped, FilterConfig, SegmentStats, filter_segments
from .model import resolve_model
from .text import normalize_transcript

_MODELS: dict[tuple[str, str, str, int, int], Any] = {}
_MODELS_LOCK = threading.Lock()
_PROMPT_MAX_CHARS = 300  # Whisper keeps at most ~223 prompt tokens; stay well inside


@dataclass(frozen=True, slots=True)
class Transcript:
    text: str
    language: str
    audio_ms: int
    compute_ms: int
    segments: int = 0  # decoded Whisper segments (kept + dropped)
    dropped: tuple[Dropped, ...] = field(default_factory=tuple)


def default_cpu_threads() -> int:
    """``MEETINGD_ASR_THREADS`` or every core the process may use (at least 1)."""
    env = os.environ.get("MEETINGD_ASR_THREADS", "").strip()
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def load_model(
    model_ref: str | None = None,
    *,
    device: str = "cpu",
    compute_type: str = "int8",
    cpu_threads: int = 0,
    num_workers: int = 1,
) -> Any:
    """Return the process-wide WhisperModel for these settings, loading it on first use.

    Blocking (seconds): call it from a worker thread. Raises ModelError when loading fails.
    """
    path = resolve_model(model_ref)
    key = (path, device, compute_type, cpu_threads, num_workers)
    with _MODELS_LOCK:
        model = _MODELS.get(key)
        if model is None:
            from faster_whisper import WhisperModel  # heavy import, only where a model is wanted

            try:
                model = WhisperModel(
                    path,
                    device=device,
                    compute_type=compute_type,
                    cpu_threads=cpu_threads,
                    num_workers=num_workers,
                    local_files_only=os.path.isdir(path),
                )
            except Exception as exc:  # ctranslate2/HF raise a zoo of types
                raise ModelError(f"could not load Whisper model {path!r}: {exc}") from exc
            _MODELS[key] = model
        return model


def glossary_prompt(participants: Iterable[str], glossary: Iterable[str], language: str) -> str:
    """The fixed initial prompt: a style sentence plus participant names and glossary terms.

    Never contains earlier transcript. Names and terms are de-duplicated, kept in order and cut to
    fit Whisper's prompt budget. The Chinese sentence is written in Simplified characters with
    full-width punctuation, which steers the decoder to the same.
    """
    names = list(dict.fromkeys(n.strip() for n in participants if n and n.strip()))
    terms = [t for t in dict.fromkeys(t.strip() for t in glossary if t and t.strip()) if t not in names]
    if language == "zh":
        prompt = "以下是普通话会议的记录。"
        if names:
            prompt += "参会人：" + "、".join(names) + "。"
        if terms:
            prompt += "术语：" + "、".join(terms) + "。"
    else:
        prompt = "Meeting transcript."
        if names:
            prompt += " Participants: " + ", ".join(names) + "."
        if terms:
            prompt += " Terms: " + ", ".join(terms) + "."
    return prompt[:_PROMPT_MAX_CHARS]


class WhisperTranscriber:
    """Transcribe 16 kHz mono s16le segments with faster-whisper, filtered and normalised.

    The model is loaded lazily (in the worker thread of the first call, or by ``load``) and shared
    by every transcriber of the process with the same settings.
    """

    def __init__(
        self,
        model_ref: str | None = None,
        *,
        compute_type: str = "int8",
        cpu_threads: int | None = None,
        beam_size: int = 5,
        device: str = "cpu",
        num_workers: int = 1,
        filter_config: FilterConfig | None = None,
        without_timestamps: bool = True,
    ) -> None:
        self.model_ref = model_ref
        self.compute_type = compute_type
        self.cpu_threads = default_cpu_threads() if cpu_threads is None else cpu_threads
        self.beam_size = beam_size
        self.device = device
        self.num_workers = num_workers
        self.filter_config = filter_config or FilterConfig()
        self.without_timestamps = without_timestamps

    def load(self) -> Any:
        """Load (or fetch the cached) model. Blocking; raises ModelError."""
        return load_model(
            self.model_ref,
            device=self.device,
            compute_type=self.compute_type,
            cpu_threads=self.cpu_threads,
            num_workers=self.num_workers,
        )

    async def transcribe(
        self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None
    ) -> Transcript:
        """Transcribe one segment. ``text`` is empty when nothing survived the filter."""
        return await asyncio.to_thread(self.transcribe_sync, pcm16k, language, initial_prompt)

    def transcribe_sync(
        self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None
    ) -> Transcript:
        """Blocking form of :meth:`transcribe` (for worker threads and benchmarks)."""
        model = self.load()
        audio_ms = len(pcm16k) // BYTES_PER_MS
        started = time.perf_counter()
        segments, _info = model.transcribe(
            pcm_to_float(pcm16k),
            language=language,
            task="transcribe",
            beam_size=self.beam_size,
            initial_prompt=initial_prompt or None,
            condition_on_previous_text=False,
            vad_filter=False,
            without_timestamps=self.without_timestamps,
        )
        stats = [
            SegmentStats(s.text, s.no_speech_prob, s.avg_logprob, s.compression_ratio) for s in segments
        ]
        compute_ms = int((time.perf_counter() - started) * 1000)
        kept, dropped = filter_segments(stats, self.filter_config)
        parts = [normalize_transcript(t, language) for t in kept]
        # A space between two Chinese parts becomes a clause comma in normalisation.
        text = normalize_transcript(" ".join(p for p in parts if p), language)
        return Transcript(
            text=text,
            language=language,
            audio_ms=audio_ms,
            compute_ms=compute_ms,
            segments=len(stats),
            dropped=tuple(dropped),
        )
