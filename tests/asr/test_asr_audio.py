"""WAV decoding of every PCM shape to 16 kHz mono, clear errors for everything else."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from asr_synth import tone

from asr.audio import (
    PcmStreamConverter,
    parse_wav,
    pcm_to_array,
    read_wav_file,
    wav_bytes,
    wav_to_pcm16k,
    write_wav_atomic,
)
from models.errors import AudioFormatError


def make_wav(x: np.ndarray, rate: int, *, bits: int = 16, fmt: int = 1, extensible: bool = False) -> bytes:
    """Encode float samples of shape (frames, channels) the way common writers do."""
    x = x.reshape(len(x), -1) if x.ndim == 1 and len(x) else x.reshape(len(x), -1 if len(x) else 1)
    channels = x.shape[1]
    if fmt == 3:
        raw = x.astype("<f4" if bits == 32 else "<f8").tobytes()
    elif bits == 8:
        raw = np.clip(np.rint(x * 127 + 128), 0, 255).astype(np.uint8).tobytes()
    elif bits == 16:
        raw = np.clip(np.rint(x * 32767), -32768, 32767).astype("<i2").tobytes()
    elif bits == 24:
        v = np.clip(np.rint(x * 8388607), -8388608, 8388607).astype("<i4").reshape(-1)
        raw = b"".join(int(s & 0xFFFFFF).to_bytes(3, "little") for s in v)
    else:
        raw = np.clip(np.rint(x.astype(np.float64) * 2147483647), -2**31, 2**31 - 1).astype("<i4").tobytes()
    block = channels * bits // 8
    if extensible:
        guid_tail = b"\x00\x00\x00\x00\x10\x00\x80\x00\x00\xaa\x00\x38\x9b\x71"
        fmt_body = struct.pack("<HHIIHHHHI", 0xFFFE, channels, rate, rate * block, block, bits, 22, bits, 0)
        fmt_body += struct.pack("<H", fmt) + guid_tail
    else:
        fmt_body = struct.pack("<HHIIHH", fmt, channels, rate, rate * block, block, bits)
    chunks = b"fmt " + struct.pack("<I", len(fmt_body)) + fmt_body
    chunks += b"LIST" + struct.pack("<I", 5) + b"INFOx\0"  # an odd-sized chunk to skip (padded)
    chunks += b"data" + struct.pack("<I", len(raw)) + raw
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WAVE" + chunks


def peak_hz(pcm: bytes) -> float:
    x = pcm_to_array(pcm).astype(np.float64)
    spec = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    return float(np.argmax(spec) * 16000 / len(x))


def sine(ms: int, hz: float, rate: int, amp: float = 0.5) -> np.ndarray:
    t = np.arange(rate * ms // 1000) / rate
    return (amp * np.sin(2 * np.pi * hz * t)).astype(np.float32)


def test_16k_mono_s16_passes_through_bit_exact() -> None:
    x = tone(500)
    data = make_wav(x, 16000)
    out = wav_to_pcm16k(data)
    assert out == data[-len(out) :]  # the data chunk is last


def test_44k1_stereo_is_resampled_and_down_mixed() -> None:
    left = sine(2000, 440, 44100)
    right = np.zeros_like(left)
    out = wav_to_pcm16k(make_wav(np.stack([left, right], axis=1), 44100))
    assert abs(len(out) // 2 - 32000) <= 2  # 2 s at 16 kHz
    assert abs(peak_hz(out) - 440) < 2
    rms = np.sqrt(np.mean((pcm_to_array(out)[1000:-1000] / 32768.0) ** 2))
    assert rms == pytest.approx(0.5 / np.sqrt(2) / 2, rel=0.02)  # mean of (x, 0) halves the amplitude


def test_8k_mono_is_upsampled() -> None:
    out = wav_to_pcm16k(make_wav(sine(1000, 1000, 8000), 8000))
    assert abs(len(out) // 2 - 16000) <= 2
    assert abs(peak_hz(out) - 1000) < 2


@pytest.mark.parametrize(
    ("bits", "fmt", "extensible", "tolerance"),
    [(8, 1, False, 0.01), (16, 1, False, 1e-4), (24, 1, False, 1e-4), (32, 1, False, 1e-4),
     (32, 3, False, 1e-4), (64, 3, False, 1e-4), (16, 1, True, 1e-4), (32, 3, True, 1e-4), (24, 1, True, 1e-4)],
)  # fmt: skip
def test_sample_widths_and_float_decode_to_the_same_signal(bits, fmt, extensible, tolerance) -> None:
    x = np.stack([sine(300, 300, 16000), sine(300, 300, 16000)], axis=1)
    audio = parse_wav(make_wav(x, 16000, bits=bits, fmt=fmt, extensible=extensible))
    assert audio.sample_rate == 16000 and audio.channels == 2
    assert np.max(np.abs(audio.samples - x)) < tolerance


def test_write_and_read_back(tmp_path) -> None:
    pcm = make_wav(tone(250), 16000)[-8000:]
    path = write_wav_atomic(tmp_path / "a" / "seg.wav", pcm)
    assert read_wav_file(path) == pcm
    assert wav_bytes(pcm)[:4] == b"RIFF" and len(wav_bytes(pcm)) == 44 + len(pcm)
    assert [p.name for p in path.parent.iterdir()] == ["seg.wav"]  # no temp file left behind


def _with_fmt_tag(tag: int, bits: int = 4) -> bytes:
    fmt_body = struct.pack("<HHIIHH", tag, 1, 16000, 8000, 256, bits) + b"\0\0"
    body = b"fmt " + struct.pack("<I", len(fmt_body)) + fmt_body + b"data" + struct.pack("<I", 512) + b"\1" * 512
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WAVE" + body


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"hello, this is not audio at all", "not a WAV"),
        (b"ID3\x04\x00" + b"\0" * 100, "MP3"),
        (b"\xff\xfb\x90\x00" + b"\0" * 100, "MP3"),
        (b"OggS" + b"\0" * 100, "Ogg"),
        (_with_fmt_tag(0x0002), "ADPCM"),
        (_with_fmt_tag(0x0011), "ADPCM"),
        (_with_fmt_tag(0x0055, bits=0), "MP3"),
        (_with_fmt_tag(0x0006, bits=8), "A-law"),
        (make_wav(sine(100, 300, 16000), 16000)[:-100], "truncated"),
        (make_wav(sine(100, 300, 16000), 16000)[:30], "truncated"),
        (make_wav(sine(100, 300, 16000), 16000)[:60], "truncated"),
        (make_wav(np.zeros(0, np.float32), 16000), "no audio"),
        (b"RIFF\x04\x00\x00\x00WAVE", "no fmt"),
        (_with_fmt_tag(0x0001, bits=16), "inconsistent"),  # block_align 256 for 16-bit mono
    ],
    ids=["empty", "garbage", "id3", "mp3-frame", "ogg", "ms-adpcm", "ima-adpcm", "wav-mp3", "alaw",
         "cut-data", "cut-header", "cut-fmt", "no-samples", "no-fmt", "bad-header"],
)  # fmt: skip
def test_bad_input_raises_a_clear_audio_format_error(data: bytes, message: str) -> None:
    with pytest.raises(AudioFormatError, match=message) as info:
        wav_to_pcm16k(data)
    assert info.value.code == "audio_format"


def test_stream_converter_is_chunking_invariant_and_resamples() -> None:
    x = np.stack([sine(1500, 440, 48000), sine(1500, 440, 48000)], axis=1)
    raw = np.clip(np.rint(x * 32767), -32768, 32767).astype("<i2").tobytes()
    one = PcmStreamConverter(48000, 2)
    whole = one.feed(raw) + one.flush()
    many = PcmStreamConverter(48000, 2)
    parts = b""
    for i in range(0, len(raw), 1001):  # odd sizes tear sample frames
        parts += many.feed(raw[i : i + 1001])
    parts += many.flush()
    assert parts == whole
    assert abs(len(whole) // 2 - 24000) <= 2
    assert abs(peak_hz(whole) - 440) < 2


def test_stream_converter_16k_mono_is_identity_with_torn_bytes() -> None:
    conv = PcmStreamConverter(16000, 1)
    data = bytes(range(256)) * 4
    assert conv.feed(data[:5]) + conv.feed(data[5:]) + conv.flush() == data
