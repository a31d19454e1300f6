"""ASR: audio input, the VAD segmenter, Whisper transcription, clean-up and the job worker.

Importing this package is cheap: faster-whisper is imported only when a model is loaded.
"""

from .audio import PcmStreamConverter, read_wav_file, wav_bytes, wav_to_pcm16k, write_wav_atomic
from .filters import FilterConfig, SegmentStats, Verdict, collapse_repeats, filter_segments, judge
from .model import resolve_model
from .segments import SegmentSink, segment_path
from .text import compare_key, normalize_transcript, to_simplified
from .transcriber import Transcript, WhisperTranscriber, glossary_prompt
from .vad import Segment, Segmenter, VadConfig
from .worker import AsrWorker, WorkerStats

__all__ = [
    "AsrWorker",
    "FilterConfig",
    "PcmStreamConverter",
    "Segment",
    "SegmentSink",
    "SegmentStats",
    "Segmenter",
    "Transcript",
    "VadConfig",
    "Verdict",
    "WhisperTranscriber",
    "WorkerStats",
    "collapse_repeats",
    "compare_key",
    "filter_segments",
    "glossary_prompt",
    "judge",
    "normalize_transcript",
    "read_wav_file",
    "resolve_model",
    "segment_path",
    "to_simplified",
    "wav_bytes",
    "wav_to_pcm16k",
    "write_wav_atomic",
]
