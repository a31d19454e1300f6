"""Property-based fuzzing of the audio edges: WAV uploads and the durable live stream (hypothesis).

- ``parse_wav`` / ``wav_to_pcm16k`` on random bytes, random headers and mutated real files: the
  only exception is ``AudioFormatError``; what decodes is well-formed (finite samples, whole s16).
- ``AudioStream.write`` with random frame sizes and offsets (resends, gaps, odd lengths): the ack
  never goes back, the file is exactly ``received_ms × 32`` bytes and byte-for-byte what a simple
  model of "drop the overlap, fill the gap with silence" predicts, and a re-opened stream (a
  restart) resumes at the same ``received_ms``.
"""

from __future__ import annotations

import asyncio
import struct

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rel_helpers import FIXTURE_WAV, FUZZ_COUNTS

from asr.audio import BYTES_PER_MS, parse_wav, wav_bytes, wav_to_pcm16k
from live.audio import MAX_FRAME_BYTES, AudioStream
from models import AudioFormatError, InvalidInput
from store import Store

FAST = settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)


def _count(key: str) -> None:
    FUZZ_COUNTS[key] = FUZZ_COUNTS.get(key, 0) + 1


@st.composite
def wav_files(draw) -> bytes:
    """A RIFF/WAVE file with a random (often inconsistent) fmt chunk and body, maybe torn."""
    fmt = draw(st.sampled_from([1, 3, 0xFFFE, 2, 0x55, 0, 0xFFFF]))
    channels = draw(st.one_of(st.integers(1, 2), st.integers(0, 70)))
    rate = draw(st.one_of(st.sampled_from([8000, 16000, 44100, 48000]), st.integers(0, 2**32 - 1)))
    bits = draw(st.one_of(st.sampled_from([8, 16, 24, 32, 64]), st.integers(0, 65535)))
    block = draw(st.one_of(st.just(max(1, channels * bits // 8) & 0xFFFF), st.integers(0, 65535)))
    fmt_size = draw(st.sampled_from([16, 18, 40, 14, 0xFFFFFFFF]))
    fmt_body = struct.pack("<HHIIHH", fmt, channels & 0xFFFF, rate, (rate * block) & 0xFFFFFFFF, block, bits)
    if fmt == 0xFFFE:
        fmt_body += struct.pack("<HHIH", 22, bits, 0, draw(st.sampled_from([1, 3, 2]))) + bytes(14)
    fmt_body += bytes(max(0, min(fmt_size, 64) - len(fmt_body)))
    data = draw(st.binary(max_size=4000))
    data_size = draw(st.one_of(st.just(len(data)), st.sampled_from([0, 0xFFFFFFFF]), st.integers(0, 2**32 - 1)))
    chunks = [b"fmt " + struct.pack("<I", fmt_size) + fmt_body]
    if draw(st.booleans()):
        chunks.insert(draw(st.integers(0, 1)), b"LIST" + struct.pack("<I", 3) + b"abc\x00")
    if draw(st.integers(0, 9)) == 0:
        chunks.reverse()  # data before fmt
    body = b"WAVE" + b"".join(chunks) + b"data" + struct.pack("<I", data_size) + data
    out = b"RIFF" + struct.pack("<I", len(body)) + body
    cut = draw(st.one_of(st.none(), st.integers(0, len(out))))
    return out if cut is None else out[:cut]


REAL = wav_bytes(np.frombuffer(FIXTURE_WAV.read_bytes()[44 : 44 + 32000], dtype="<i2").tobytes())


@st.composite
def mutated_real(draw) -> bytes:
    data = bytearray(REAL[: draw(st.integers(0, len(REAL)))])
    for _ in range(draw(st.integers(0, 6))):
        if data:
            i = draw(st.integers(0, min(len(data) - 1, 80)))  # mostly the header
            data[i] = draw(st.integers(0, 255))
    return bytes(data)


@st.composite
def body_mutated_real(draw) -> bytes:
    """A valid header over a mutated body: exercises the decode path, not only the refusals."""
    data = bytearray(REAL)
    for _ in range(draw(st.integers(0, 20))):
        data[draw(st.integers(44, len(data) - 1))] = draw(st.integers(0, 255))
    return bytes(data)


def _check_decode(data: bytes) -> str:
    try:
        audio = parse_wav(data)
    except AudioFormatError:
        return "refused"
    assert audio.samples.ndim == 2 and audio.samples.shape[0] > 0 and audio.channels >= 1
    assert np.isfinite(audio.samples).all() or audio.samples.dtype.kind == "f"
    try:
        pcm = wav_to_pcm16k(data)
    except AudioFormatError:
        return "refused"
    assert isinstance(pcm, bytes) and len(pcm) % 2 == 0
    return "decoded"


def test_any_bytes_either_decode_cleanly_or_raise_audio_format_error():
    seen: dict[str, int] = {}

    @settings(FAST, max_examples=600)
    @given(st.one_of(wav_files(), mutated_real(), body_mutated_real(), st.binary(max_size=200)))
    @example(REAL)
    def one(data):
        outcome = _check_decode(data)
        seen[outcome] = seen.get(outcome, 0) + 1
        _count("wav files")

    one()
    assert _check_decode(REAL) == "decoded"
    assert seen.get("decoded", 0) > 0 and seen.get("refused", 0) > 0, seen  # both paths were fuzzed


# -- the durable live stream ------------------------------------------------------------------------

writes = st.lists(
    st.tuples(
        st.one_of(st.integers(-50, 0), st.integers(0, 400)),  # offset relative to the model's end (ms)
        st.one_of(st.integers(0, 4000), st.sampled_from([1, 31, 33, MAX_FRAME_BYTES, MAX_FRAME_BYTES + 1])),
    ),
    min_size=1, max_size=12,
)


def test_fuzzed_frames_and_offsets_keep_the_stream_exact(tmp_path):
    loop = asyncio.new_event_loop()
    run = loop.run_until_complete
    store = run(Store.open(tmp_path / "audio.db"))
    try:
        @settings(FAST, max_examples=150)
        @given(plan=writes, absolute=st.booleans(), seed=st.integers(0, 2**31))
        def one(plan, absolute, seed):
            rng = np.random.default_rng(seed)
            m = run(store.create_meeting("audio fuzz", "zh", "suggest"))
            stream = AudioStream(store, tmp_path, m.id, lambda job: None)
            run(stream.open())
            model = bytearray()
            last_ack = 0
            for rel_ms, size in plan:
                # Quiet noise: the segmenter runs on it, rarely cuts a segment (cheap).
                pcm = (rng.normal(0, 30, size // 2 + 1).astype("<i2").tobytes())[:size]
                offset = rel_ms if absolute else len(model) // BYTES_PER_MS + rel_ms
                try:
                    ack = run(stream.write(offset, pcm))
                except InvalidInput:
                    assert offset < 0 or size > MAX_FRAME_BYTES
                    continue
                start = offset * BYTES_PER_MS
                if start < len(model):
                    model += pcm[len(model) - start :]
                else:
                    model += bytes(start - len(model)) + pcm
                assert ack >= last_ack, "the ack went back"
                last_ack = ack
                assert ack == len(model) // BYTES_PER_MS
                durable = stream.path.read_bytes() if stream.path.exists() else b""
                assert len(durable) == ack * BYTES_PER_MS
                assert durable == bytes(model[: len(durable)])
            again = AudioStream(store, tmp_path, m.id, lambda job: None)
            run(again.open())
            assert again.received_ms == last_ack
            _count("audio writes")

        one()
    finally:
        run(store.close())
        loop.close()
