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
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from models.errors import ModelError

from .audio import BYTES_PER_MS, pcm_to_float
from .filters import Dropped, FilterConfig, SegmentStats, echoes_prompt, filter_segments
from .model import resolve_model
from .speech_gate import DEFAULT_MIN_SPEECH_PROB, SpeechGate
from .text import normalize_transcript

_MODELS: dict[tuple[str, str, str, int, int], Any] = {}
_MODELS_LOCK = threading.Lock()
_PROMPT_MAX_CHARS = 600  # a sanity cap; the token budget below is what binds
# Whisper's decoder keeps at most max_length // 2 - 1 = 223 prompt tokens (the rest are dropped
# from the front); a Chinese character is 1-3 of its tokens.
PROMPT_TOKENS = 223
_FULL_FRAMES = 3000  # Whisper's 30 s window in 10 ms mel frames
# Fitted encoder window (see WhisperTranscriber): at least 8 s, else the segment + 1 s of
# padding rounded up to whole seconds. Measured in docs/asr.md: 3x cheaper than the 30 s window.
DEFAULT_WINDOW_MS: int | None = 8000
DEFAULT_PAD_MS = 1000
DEFAULT_STEP_MS = 1000
# faster-whisper's transcribe() defaults, kept for the fitted path.
_TEMPERATURES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
_LOGPROB_FALLBACK = -1.0
_NO_SPEECH = 0.6
_COMPRESSION_FALLBACK = 2.4


@dataclass(frozen=True, slots=True)
class Request:
    """One segment to transcribe: 16 kHz mono s16le audio, its language and the fixed prompt."""

    pcm: bytes
    language: str = "zh"
    initial_prompt: str | None = None
    # Detect zh/en first; a segment heard in the other language is decoded in it, with that
    # language's prompt from ``prompts`` (a zh prompt over English speech is what Whisper echoes).
    detect: bool = False
    prompts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Transcript:
    text: str
    language: str
    audio_ms: int
    compute_ms: int
    segments: int = 0  # decoded Whisper segments (kept + dropped)
    dropped: tuple[Dropped, ...] = field(default_factory=tuple)
    detected: str | None = None  # zh/en from language detection, when the request asked for it


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
    """The fixed initial prompt: a style sentence plus participant names and vocabulary terms.

    Never contains earlier transcript. Names and terms are de-duplicated and kept in order
    (participants first, then glossary, title and agenda terms: the order in which they are cut
    when the prompt is too long, see ``fit_prompt``). The Chinese sentence is written in
    Simplified characters with full-width punctuation, which steers the decoder to the same.
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
    return fit_prompt(prompt, _estimate_tokens, _PROMPT_MAX_CHARS)


def fit_prompt(prompt: str, count_tokens: Callable[[str], int], budget: int = PROMPT_TOKENS) -> str:
    """``prompt`` cut to ``count_tokens(prompt) <= budget`` by dropping whole trailing items.

    Whisper keeps only the *last* ~223 tokens of a prompt, so an overlong one would silently lose
    its style sentence and the participants. Cutting here drops the last terms instead, never half
    a name: the list ends at the last item that fits, closed with its sentence mark.
    """
    while prompt and count_tokens(prompt) > budget:
        body = prompt.rstrip("。.")
        cut = max(body.rfind(sep) for sep in ("、", "，", "：", "。", ", ", ": ", ". "))
        if cut <= 0:
            return ""
        kept = body[:cut].rstrip()
        if kept.endswith(("参会人", "术语", "Participants", "Terms")):  # a list left empty goes too
            kept = kept[: max(kept.rfind("。"), kept.rfind("."), -1) + 1].rstrip()
        zh = any("\u4e00" <= c <= "\u9fff" for c in prompt)
        prompt = kept if kept.endswith(("。", ".")) else kept + ("。" if zh else ".")
    return prompt


def _estimate_tokens(text: str) -> int:
    """Characters as a stand-in for tokens (the prompt's character cap before tokenisation)."""
    return len(text)


def encoder_frames(content_frames: int, window_ms: int | None, pad_ms: int, step_ms: int) -> int:
    """Mel frames (10 ms each) to feed the encoder for ``content_frames`` of audio.

    ``window_ms=None`` is Whisper's fixed 30 s window. Otherwise the window fits the audio: content
    plus ``pad_ms`` of silence, rounded up to ``step_ms`` (so nearby lengths share a shape), capped
    at 30 s and at least ``window_ms``. Always even (the encoder's conv stride is 2).
    """
    if window_ms is None:
        return _FULL_FRAMES
    frames = content_frames + pad_ms // 10
    step = max(2, step_ms // 10)
    frames = -(-frames // step) * step
    frames = max(frames, window_ms // 10)
    return min(_FULL_FRAMES, frames + frames % 2)


class WhisperTranscriber:
    """Transcribe 16 kHz mono s16le segments with faster-whisper, filtered and normalised.

    The model is loaded lazily (in the worker thread of the first call, or by ``load``) and shared
    by every transcriber of the process with the same settings.

    Encoder window: Whisper's encoder costs grow with its input, and faster-whisper always pads to
    30 s (~1 s of the 2-core budget for every segment, however short). With ``window_ms`` set the
    encoder sees only the segment plus ``pad_ms`` of trailing silence (rounded up to ``step_ms``);
    ``window_ms=None`` restores the fixed 30 s window. Decoding (prompt, beam, temperature fallback)
    is faster-whisper's own ``generate_with_fallback``.
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
        window_ms: int | None = DEFAULT_WINDOW_MS,
        pad_ms: int = DEFAULT_PAD_MS,
        step_ms: int = DEFAULT_STEP_MS,
        min_speech_prob: float | None = DEFAULT_MIN_SPEECH_PROB,
    ) -> None:
        self.model_ref = model_ref
        self.compute_type = compute_type
        self.cpu_threads = default_cpu_threads() if cpu_threads is None else cpu_threads
        self.beam_size = beam_size
        self.device = device
        self.num_workers = num_workers
        self.filter_config = filter_config or FilterConfig()
        self.without_timestamps = without_timestamps
        self.window_ms = window_ms
        self.pad_ms = pad_ms
        self.step_ms = step_ms
        # None decodes every segment; see asr.speech_gate for why noise is not sent to Whisper.
        self.speech_gate = None if min_speech_prob is None else SpeechGate(min_speech_prob)

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

    async def transcribe_batch(self, requests: Sequence[Request]) -> list[Transcript]:
        """Transcribe several segments in one batched decode; results in request order."""
        return await asyncio.to_thread(self.transcribe_batch_sync, requests)

    def transcribe_sync(
        self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None
    ) -> Transcript:
        """Blocking form of :meth:`transcribe` (for worker threads and benchmarks)."""
        return self.transcribe_batch_sync([Request(pcm16k, language, initial_prompt)])[0]

    def transcribe_batch_sync(self, requests: Sequence[Request]) -> list[Transcript]:
        """Blocking form of :meth:`transcribe_batch`.

        Requests with the same language, prompt and encoder window share one encoder call and one
        beam search (on 2 CPU cores a batch of 4 costs ~0.55-0.85x the four single calls); each
        result equals what the request alone would give. A result that needs
        Whisper's temperature fallback is decoded again on its own. ``compute_ms`` of each result
        is its share of the batch time, proportional to its audio length. A segment the speech
        gate hears no speech in is not decoded: empty text, dropped ``no_speech_gate``.
        """
        if not requests:
            return []
        started = time.perf_counter()
        gate = self.speech_gate
        heard = [gate is None or gate.heard(r.pcm) for r in requests]
        gate_ms = int((time.perf_counter() - started) * 1000 / len(requests))
        to_decode = [r for r, h in zip(requests, heard, strict=True) if h]
        decoded = iter(self._decode_batch(to_decode, started) if to_decode else [])
        return [next(decoded) if h else self._unheard(r, gate_ms) for r, h in zip(requests, heard, strict=True)]

    def _unheard(self, request: Request, compute_ms: int) -> Transcript:
        return Transcript(
            text="", language=request.language, audio_ms=len(request.pcm) // BYTES_PER_MS,
            compute_ms=compute_ms, dropped=(Dropped("", "no_speech_gate"),),
        )  # fmt: skip

    def _decode_batch(self, requests: Sequence[Request], started: float) -> list[Transcript]:
        model = self.load()
        if self.window_ms is None or not self.without_timestamps:
            detected = [detect_zh_en(model, r.pcm) if r.detect else None for r in requests]
            requests = [_in_language(r, d) for r, d in zip(requests, detected, strict=True)]
            stats = [self._decode_full(model, r) for r in requests]
        else:
            # Detection reads the same fitted-window encoder output the decode uses: one encoder
            # pass per segment, not a second one over a 30 s window.
            stats, requests, detected = _decode_fitted(
                model, requests, self.beam_size, self.window_ms, self.pad_ms, self.step_ms
            )
        elapsed_ms = (time.perf_counter() - started) * 1000
        total_audio = sum(len(r.pcm) for r in requests) or 1
        return [
            self._finish(r, s, int(elapsed_ms * len(r.pcm) / total_audio), d)
            for r, s, d in zip(requests, stats, detected, strict=True)
        ]

    def _finish(self, request: Request, stats: list[SegmentStats], compute_ms: int,
                detected: str | None = None) -> Transcript:
        kept, dropped = filter_segments(stats, self.filter_config)
        parts = [normalize_transcript(t, request.language) for t in kept]
        # A space between two Chinese parts becomes a clause comma in normalisation.
        text = normalize_transcript(" ".join(p for p in parts if p), request.language)
        if echoes_prompt(text, request.initial_prompt):
            dropped = [*dropped, Dropped(text, "prompt_echo")]
            text = ""
        return Transcript(
            text=text,
            language=request.language,
            audio_ms=len(request.pcm) // BYTES_PER_MS,
            compute_ms=compute_ms,
            segments=len(stats),
            dropped=tuple(dropped),
            detected=detected,
        )

    def _decode_full(self, model: Any, request: Request) -> list[SegmentStats]:
        """faster-whisper's own path: the encoder always sees a 30 s window."""
        prompt = request.initial_prompt or None
        if prompt:
            prompt = fit_prompt(prompt, _token_counter(model)) or None
        segments, _info = model.transcribe(
            pcm_to_float(request.pcm),
            language=request.language,
            task="transcribe",
            beam_size=self.beam_size,
            initial_prompt=prompt,
            condition_on_previous_text=False,
            vad_filter=False,
            without_timestamps=self.without_timestamps,
        )
        return [SegmentStats(s.text, s.no_speech_prob, s.avg_logprob, s.compression_ratio) for s in segments]


# Below this probability (over all of Whisper's languages) a segment keeps the meeting's language:
# a cough or a name is no evidence that people switched language.
DETECT_MIN_PROB = 0.5


def detect_zh_en(model: Any, pcm: bytes) -> str | None:
    """``zh`` or ``en`` when Whisper is confident the segment is that language, else None
    (faster-whisper's detection over a 30 s window: the path of ``MEETINGD_ASR_WINDOW_MS=0``)."""
    _lang, _p, probs = model.detect_language(pcm_to_float(pcm))
    return zh_or_en(probs)


def zh_or_en(probs: Iterable[tuple[str, float]]) -> str | None:
    """The likelier of zh / en from Whisper's language probabilities (``zh`` or ``<|zh|>``), when
    it reaches ``DETECT_MIN_PROB``; else None."""
    best = max(((p, lang.strip("<|>")) for lang, p in probs if lang.strip("<|>") in ("zh", "en")),
               default=(0.0, ""))
    return best[1] if best[0] >= DETECT_MIN_PROB else None


def _in_language(request: Request, detected: str | None) -> Request:
    """The request decoded in the detected language, with that language's prompt (a zh prompt
    over English speech is what Whisper echoes)."""
    if detected is None or detected == request.language:
        return request
    return replace(request, language=detected, initial_prompt=dict(request.prompts).get(detected))


def _options(tokenizer: Any, beam_size: int, temperatures: list[float]) -> Any:
    """faster-whisper's ``transcribe`` defaults for our use (no timestamps, no previous text)."""
    from faster_whisper.transcribe import TranscriptionOptions, get_suppressed_tokens

    return TranscriptionOptions(
        beam_size=beam_size, best_of=5, patience=1.0, length_penalty=1.0, repetition_penalty=1.0,
        no_repeat_ngram_size=0, log_prob_threshold=_LOGPROB_FALLBACK, no_speech_threshold=_NO_SPEECH,
        compression_ratio_threshold=_COMPRESSION_FALLBACK, condition_on_previous_text=False,
        prompt_reset_on_temperature=0.5, temperatures=temperatures, initial_prompt=None, prefix=None,
        suppress_blank=True, suppress_tokens=list(get_suppressed_tokens(tokenizer, [-1])),
        without_timestamps=True, max_initial_timestamp=1.0, word_timestamps=False, prepend_punctuations="",
        append_punctuations="", multilingual=False, max_new_tokens=None, clip_timestamps=[0.0],
        hallucination_silence_threshold=None, hotwords=None,
    )  # fmt: skip


def _decode_fitted(
    model: Any, requests: Sequence[Request], beam_size: int, window_ms: int, pad_ms: int, step_ms: int
) -> tuple[list[list[SegmentStats]], list[Request], list[str | None]]:
    """Decode through fitted encoder windows; the same decode as ``model.transcribe`` with
    ``without_timestamps=True`` and no previous text, minus the padding to 30 s.

    Returns the stats, the requests as decoded (a request that asked for detection and was heard
    in the other language is decoded in it, with its prompt) and the detected languages.
    """
    import ctranslate2
    import numpy as np
    from faster_whisper.tokenizer import Tokenizer

    out: list[list[SegmentStats]] = [[] for _ in requests]
    detected: list[str | None] = [None] * len(requests)
    mels = [_features(model, pcm_to_float(r.pcm)) for r in requests]
    # 1. One encoder pass per segment, batched by window size; detection reads its output.
    windows: dict[int, list[int]] = {}
    for i in range(len(requests)):
        if mels[i].shape[-1] > 0:
            windows.setdefault(encoder_frames(mels[i].shape[-1], window_ms, pad_ms, step_ms), []).append(i)
    padded: dict[int, Any] = {}
    encoded: dict[int, Any] = {}
    for frames, todo in windows.items():
        batch = np.zeros((len(todo), mels[todo[0]].shape[0], frames), dtype=np.float32)
        for row, i in enumerate(todo):
            batch[row, :, : mels[i].shape[-1]] = mels[i][:, :frames]
        states = _encode(model, batch)
        if any(requests[i].detect for i in todo):
            for row, probs in enumerate(model.model.detect_language(states)):
                if requests[todo[row]].detect:
                    detected[todo[row]] = zh_or_en(probs)
        states = np.asarray(states)
        for row, i in enumerate(todo):
            padded[i], encoded[i] = batch[row], states[row]
    requests = [_in_language(r, d) for r, d in zip(requests, detected, strict=True)]
    # 2. A batch shares language, prompt and window size, so a segment decodes exactly as it would
    # alone (its text never depends on its batch mates). With the 8 s minimum window most
    # segments share the window.
    groups: dict[tuple[str, str, int], list[int]] = {}
    for i in encoded:
        key = (requests[i].language, (requests[i].initial_prompt or "").strip(), padded[i].shape[-1])
        groups.setdefault(key, []).append(i)
    for (language, prompt, _frames), todo in groups.items():
        tokenizer = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language=language)
        prompt = fit_prompt(prompt, _token_counter(model))
        previous = tokenizer.encode(" " + prompt) if prompt else []
        prompt_tokens = model.get_prompt(tokenizer, previous, without_timestamps=True)
        states = ctranslate2.StorageView.from_array(np.ascontiguousarray(np.stack([encoded[i] for i in todo])))
        greedy = _options(tokenizer, beam_size, [0.0])
        results = model.model.generate(
            states, [prompt_tokens] * len(todo), beam_size=beam_size, patience=1.0,
            length_penalty=1.0, max_length=model.max_length, return_scores=True, return_no_speech_prob=True,
            suppress_blank=True, suppress_tokens=greedy.suppress_tokens,
        )  # fmt: skip
        for row, i in enumerate(todo):
            result = results[row]
            tokens = result.sequences_ids[0]
            avg_logprob = result.scores[0] * len(tokens) / (len(tokens) + 1)
            text = tokenizer.decode(tokens)
            ratio = _compression_ratio(text.strip())
            silent = result.no_speech_prob > _NO_SPEECH and avg_logprob < _LOGPROB_FALLBACK
            if (ratio > _COMPRESSION_FALLBACK or avg_logprob < _LOGPROB_FALLBACK) and not silent:
                # Rare: Whisper's temperature fallback, on this segment's own window.
                fallback = _options(tokenizer, beam_size, list(_TEMPERATURES))
                result, avg_logprob, _t, ratio = model.generate_with_fallback(
                    _encode(model, np.ascontiguousarray(padded[i][None])), prompt_tokens, tokenizer, fallback
                )
                text = tokenizer.decode(result.sequences_ids[0])
            out[i] = [SegmentStats(text, result.no_speech_prob, avg_logprob, ratio)]
    return out, requests, detected


def _token_counter(model: Any) -> Callable[[str], int]:
    """Whisper tokens of a prompt as faster-whisper encodes it (with its leading space)."""
    return lambda p: len(model.hf_tokenizer.encode(" " + p, add_special_tokens=False).ids)


def _features(model: Any, audio: Any) -> Any:
    """Log-mel frames of the audio (at most 30 s), without faster-whisper's trailing pad frame."""
    features = model.feature_extractor(audio)
    return features[:, : min(features.shape[-1] - 1, _FULL_FRAMES)]


def _encode(model: Any, mel: Any) -> Any:
    import ctranslate2

    return model.model.encode(ctranslate2.StorageView.from_array(mel))


def _compression_ratio(text: str) -> float:
    data = text.encode("utf-8")
    return len(data) / len(zlib.compress(data)) if data else 0.0
