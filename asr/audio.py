"""Audio input: any PCM WAV or raw PCM stream → 16 kHz mono s16le, the one format the rest of asr/ uses.

WAV parsing is done here rather than with :mod:`wave` because the standard module (3.11) rejects
IEEE float and WAVE_FORMAT_EXTENSIBLE files, which browsers and DAWs write routinely, and it gives
no useful message for compressed formats. Resampling uses soxr (a well-kept, band-limited
resampler); down-mixing averages the channels.
"""

from __future__ import annotations

import os
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import soxr

from models.errors import AudioFormatError

SAMPLE_RATE = 16000
BYTES_PER_SAMPLE = 2
BYTES_PER_MS = SAMPLE_RATE * BYTES_PER_SAMPLE // 1000  # 32 for 16 kHz s16 mono

_PCM = 0x0001
_FLOAT = 0x0003
_EXTENSIBLE = 0xFFFE
_FORMAT_NAMES = {
    0x0002: "Microsoft ADPCM",
    0x0006: "A-law",
    0x0007: "µ-law",
    0x0011: "IMA ADPCM",
    0x0031: "GSM 6.10",
    0x0050: "MPEG",
    0x0055: "MP3",
    0x00FF: "AAC",
    0x1610: "AAC",
    0x674F: "Ogg Vorbis",
}
_MAX_CHANNELS = 32


@dataclass(frozen=True, slots=True)
class PcmAudio:
    """Decoded audio: float32 samples in [-1, 1], shape (frames, channels)."""

    sample_rate: int
    samples: np.ndarray

    @property
    def channels(self) -> int:
        return int(self.samples.shape[1])

    @property
    def duration_ms(self) -> int:
        return self.samples.shape[0] * 1000 // self.sample_rate


def _sniff(data: bytes) -> str:
    if data[:3] == b"ID3" or (len(data) > 1 and data[0] == 0xFF and data[1] & 0xE0 == 0xE0):
        return "MP3 data is not supported; send a PCM WAV file"
    if data[:4] == b"OggS":
        return "Ogg data is not supported; send a PCM WAV file"
    if data[4:8] == b"ftyp":
        return "MP4/M4A data is not supported; send a PCM WAV file"
    if data[:4] == b"\x1aE\xdf\xa3":
        return "WebM/Matroska data is not supported; send a PCM WAV file"
    if data[:4] == b"fLaC":
        return "FLAC data is not supported; send a PCM WAV file"
    return "not a WAV file (no RIFF/WAVE header)"


def _decode(raw: bytes, fmt: int, bits: int, channels: int) -> np.ndarray:
    if fmt == _FLOAT:
        if bits == 32:
            x = np.frombuffer(raw, dtype="<f4").astype(np.float32)
        elif bits == 64:
            x = np.frombuffer(raw, dtype="<f8").astype(np.float32)
        else:
            raise AudioFormatError(f"unsupported float sample width {bits} bits")
        x = np.nan_to_num(np.clip(x, -1.0, 1.0), nan=0.0)
    elif bits == 8:
        x = (np.frombuffer(raw, dtype=np.uint8).astype(np.float32) - 128.0) / 128.0
    elif bits == 16:
        x = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    elif bits == 24:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        v = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        v = np.where(v & 0x800000, v - 0x1000000, v)
        x = v.astype(np.float32) / 8388608.0
    elif bits == 32:
        x = (np.frombuffer(raw, dtype="<i4").astype(np.float64) / 2147483648.0).astype(np.float32)
    else:
        raise AudioFormatError(f"unsupported PCM sample width {bits} bits (8, 16, 24 or 32 expected)")
    return x.reshape(-1, channels)


def parse_wav(data: bytes) -> PcmAudio:
    """Decode a RIFF/WAVE file of PCM (8/16/24/32-bit int) or IEEE float samples.

    Raises AudioFormatError for anything else: compressed formats (MP3, ADPCM, …), a missing or
    malformed header, a data chunk shorter than declared (truncated upload), or no samples at all.
    """
    if len(data) == 0:
        raise AudioFormatError("empty audio file")
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise AudioFormatError(_sniff(data))
    pos = 12
    fmt_info: tuple[int, int, int, int, int] | None = None
    while pos + 8 <= len(data):
        cid = data[pos : pos + 4]
        (size,) = struct.unpack_from("<I", data, pos + 4)
        body = pos + 8
        if cid == b"fmt ":
            if size < 16 or body + size > len(data):
                raise AudioFormatError("truncated or malformed WAV fmt chunk")
            fmt, channels, rate, _byte_rate, block_align, bits = struct.unpack_from("<HHIIHH", data, body)
            if fmt == _EXTENSIBLE:
                if size < 40:
                    raise AudioFormatError("malformed WAVE_FORMAT_EXTENSIBLE fmt chunk")
                (fmt,) = struct.unpack_from("<H", data, body + 24)  # first 2 bytes of the SubFormat GUID
            fmt_info = (fmt, channels, rate, block_align, bits)
        elif cid == b"data":
            if fmt_info is None:
                raise AudioFormatError("WAV data chunk before fmt chunk")
            return _finish(data, body, size, fmt_info)
        pos = body + size + (size & 1)  # chunks are word aligned
    if fmt_info is None:
        raise AudioFormatError("truncated WAV file: no fmt chunk")
    raise AudioFormatError("truncated WAV file: no data chunk")


def _finish(data: bytes, body: int, size: int, fmt_info: tuple[int, int, int, int, int]) -> PcmAudio:
    fmt, channels, rate, block_align, bits = fmt_info
    if fmt not in (_PCM, _FLOAT):
        name = _FORMAT_NAMES.get(fmt, f"format tag 0x{fmt:04x}")
        raise AudioFormatError(f"WAV is {name}, not PCM; convert it to PCM WAV", format_tag=fmt)
    if not 1 <= channels <= _MAX_CHANNELS or not 1000 <= rate <= 768000:
        raise AudioFormatError(f"implausible WAV header: {channels} channels at {rate} Hz")
    if bits <= 0 or bits % 8 or block_align != channels * bits // 8:
        raise AudioFormatError(f"inconsistent WAV header: {bits} bits × {channels} ch, block {block_align}")
    available = len(data) - body
    if size in (0, 0xFFFFFFFF) and available > 0:
        size = available  # streaming writers leave the size unset; take what is there
    if size > available:
        raise AudioFormatError(
            f"truncated WAV file: data chunk declares {size} bytes, only {available} present"
        )
    size -= size % block_align  # a torn final frame is dropped, not fatal
    if size == 0:
        raise AudioFormatError("WAV file has no audio samples")
    raw = data[body : body + size]
    return PcmAudio(sample_rate=rate, samples=_decode(raw, fmt, bits, channels))


def to_mono_16k(audio: PcmAudio) -> np.ndarray:
    """Down-mix (channel mean) and resample to 16 kHz; returns float32 mono samples."""
    x = audio.samples.mean(axis=1, dtype=np.float32) if audio.channels > 1 else audio.samples[:, 0]
    if audio.sample_rate != SAMPLE_RATE:
        x = soxr.resample(x, audio.sample_rate, SAMPLE_RATE, quality="HQ")
    return np.ascontiguousarray(x, dtype=np.float32)


def float_to_pcm(x: np.ndarray) -> bytes:
    """float32 [-1, 1] → s16le bytes (clipped, rounded); the exact inverse of :func:`pcm_to_float`."""
    return np.clip(np.rint(x * 32768.0), -32768, 32767).astype("<i2").tobytes()


def pcm_to_array(pcm: bytes) -> np.ndarray:
    """s16le bytes → int16 array (a torn trailing byte is ignored)."""
    return np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2")


def pcm_to_float(pcm: bytes) -> np.ndarray:
    """s16le bytes → float32 samples in [-1, 1), the input Whisper expects."""
    return pcm_to_array(pcm).astype(np.float32) / 32768.0


def array_to_pcm(a: np.ndarray) -> bytes:
    """int16 array → s16le bytes."""
    return np.asarray(a, dtype="<i2").tobytes()


def ms_to_bytes(ms: int) -> int:
    return ms * BYTES_PER_MS


def bytes_to_ms(n: int) -> int:
    return n // BYTES_PER_MS


def wav_to_pcm16k(data: bytes) -> bytes:
    """Any supported WAV (bytes) → 16 kHz mono s16le bytes."""
    return float_to_pcm(to_mono_16k(parse_wav(data)))


def read_wav_file(path: str | os.PathLike[str]) -> bytes:
    """Read a WAV file from disk → 16 kHz mono s16le bytes. Raises AudioFormatError or OSError."""
    return wav_to_pcm16k(Path(path).read_bytes())


def wav_bytes(pcm: bytes, sample_rate: int = SAMPLE_RATE, channels: int = 1) -> bytes:
    """Wrap s16le PCM in a canonical 44-byte-header WAV."""
    pcm = pcm[: len(pcm) - len(pcm) % (2 * channels)]
    header = struct.pack(
        "<4sI4s4sIHHIIHH4sI",
        b"RIFF", 36 + len(pcm), b"WAVE", b"fmt ", 16, _PCM, channels,
        sample_rate, sample_rate * 2 * channels, 2 * channels, 16, b"data", len(pcm),
    )  # fmt: skip
    return header + pcm


def write_wav_atomic(path: str | os.PathLike[str], pcm: bytes, sample_rate: int = SAMPLE_RATE) -> Path:
    """Write a 16-bit mono WAV so that readers see either nothing or the whole file (temp + rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(wav_bytes(pcm, sample_rate))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


class PcmStreamConverter:
    """Streaming raw PCM (any rate, interleaved channels, s16le) → 16 kHz mono s16le.

    Keeps a torn trailing sample frame between calls and the resampler's filter state, so feeding a
    stream in chunks of any size gives the same samples as one call (up to soxr's stream latency,
    released by ``flush``).
    """

    def __init__(self, sample_rate: int, channels: int = 1) -> None:
        if not 1 <= channels <= _MAX_CHANNELS or sample_rate <= 0:
            raise AudioFormatError(f"unsupported PCM stream: {channels} channels at {sample_rate} Hz")
        self.sample_rate = sample_rate
        self.channels = channels
        self._rest = b""
        self._stream = (
            None
            if sample_rate == SAMPLE_RATE
            else soxr.ResampleStream(sample_rate, SAMPLE_RATE, 1, dtype="float32", quality="HQ")
        )

    def feed(self, data: bytes) -> bytes:
        data = self._rest + data
        frame = 2 * self.channels
        cut = len(data) - len(data) % frame
        self._rest = data[cut:]
        if self.channels == 1 and self._stream is None:
            return data[:cut]
        x = pcm_to_float(data[:cut]).reshape(-1, self.channels).mean(axis=1, dtype=np.float32)
        return self._out(x, last=False)

    def flush(self) -> bytes:
        self._rest = b""
        return self._out(np.zeros(0, dtype=np.float32), last=True) if self._stream else b""

    def _out(self, x: np.ndarray, last: bool) -> bytes:
        if self._stream is not None:
            x = self._stream.resample_chunk(x, last=last)
        return float_to_pcm(x)


def decode_recording(data: bytes, max_ms: int | None = None) -> bytes:
    """A whole recording (WAV, FLAC, MP3, M4A/AAC, anything FFmpeg reads) → PCM s16le 16 kHz mono.

    Decoded with PyAV (FFmpeg, installed with faster-whisper), resampled by its ``AudioResampler``.
    ``max_ms``: refuse a longer recording (AudioFormatError), checked while decoding.
    Raises AudioFormatError for anything that is not audio.
    """
    import io

    import av

    out = bytearray()
    limit = None if max_ms is None else max_ms * 32
    try:
        with av.open(io.BytesIO(data), mode="r") as container:
            if not container.streams.audio:
                raise AudioFormatError("the file has no audio stream")
            stream = container.streams.audio[0]
            resampler = av.AudioResampler(format="s16", layout="mono", rate=16000)
            for frame in container.decode(stream):
                for f in resampler.resample(frame):
                    out += f.to_ndarray().tobytes()
                if limit is not None and len(out) > limit:
                    raise AudioFormatError(f"the recording is longer than {max_ms // 60000} minutes")
            for f in resampler.resample(None):
                out += f.to_ndarray().tobytes()
    except av.FFmpegError as exc:
        raise AudioFormatError(f"not a recording FFmpeg can decode ({type(exc).__name__})") from None
    if not out:
        raise AudioFormatError("the recording holds no audio")
    return bytes(out)
