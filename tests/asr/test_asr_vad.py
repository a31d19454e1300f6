"""Segmenter on synthetic audio: boundaries, chunking invariance, max-length split, accounting."""

from __future__ import annotations

import random

import pytest
from asr_synth import noise, pcm, silence, tone

from asr.vad import Segmenter, VadConfig
from models.errors import InvalidInput

CFG = VadConfig(aggressiveness=2, frame_ms=30, pre_roll_ms=240, hangover_ms=360, post_roll_ms=150,
                min_speech_ms=240, max_segment_ms=15000)  # fmt: skip


def run(audio: bytes, cfg: VadConfig = CFG, chunks: list[int] | None = None, offset: int = 0):
    seg = Segmenter(cfg, start_offset_ms=offset)
    out = []
    if chunks is None:
        out += seg.feed(audio)
    else:
        pos = 0
        for size in chunks:
            out += seg.feed(audio[pos : pos + size])
            pos += size
        out += seg.feed(audio[pos:])
    return out + seg.flush()


def near(actual: int, expected: int, frame_ms: int) -> bool:
    return abs(actual - expected) <= frame_ms


@pytest.mark.parametrize("frame_ms", [10, 20, 30])
def test_two_bursts_give_two_segments_with_boundaries_within_one_frame(frame_ms: int) -> None:
    cfg = VadConfig(frame_ms=frame_ms, pre_roll_ms=240, hangover_ms=360, post_roll_ms=150, min_speech_ms=240)
    audio = pcm(silence(1000), tone(2000), silence(1000), tone(1500, f0=230), silence(1200))
    segs = run(audio, cfg)
    assert len(segs) == 2
    (a, b) = segs
    assert near(a.start_ms, 1000 - 240, frame_ms) and near(a.end_ms, 3000 + 150, frame_ms)
    assert near(b.start_ms, 4000 - 240, frame_ms) and near(b.end_ms, 5500 + 150, frame_ms)
    for s in segs:
        assert s.start_ms % frame_ms == 0 and s.end_ms % frame_ms == 0  # exact frame times
        assert len(s.pcm) == (s.end_ms - s.start_ms) * 32  # pcm covers exactly [start, end)
        assert s.pcm == audio[s.start_ms * 32 : s.end_ms * 32]


def test_pause_shorter_than_hangover_does_not_cut() -> None:
    audio = pcm(silence(500), tone(1000), silence(300), tone(1000), silence(1000))
    segs = run(audio)
    assert len(segs) == 1
    assert near(segs[0].start_ms, 500 - 240, 30) and near(segs[0].end_ms, 2800 + 150, 30)


def test_clicks_shorter_than_min_speech_are_discarded() -> None:
    audio = pcm(silence(800), tone(90), silence(1000), tone(120), silence(1000))
    seg = Segmenter(CFG)
    assert seg.feed(audio) + seg.flush() == []
    assert seg.cut_ms == seg.consumed_ms  # discarded audio is settled, not pending


def test_low_noise_floor_is_not_speech() -> None:
    audio = pcm(noise(3000, 0.001))
    assert run(audio) == []


def test_speech_running_into_end_of_stream_is_closed_by_flush() -> None:
    audio = pcm(silence(600), tone(1500))
    segs = run(audio)
    assert len(segs) == 1
    assert near(segs[0].start_ms, 600 - 240, 30)
    assert segs[0].end_ms == 2100  # the last whole frame: nothing beyond the audio


def test_start_offset_puts_segments_in_meeting_time() -> None:
    audio = pcm(silence(1000), tone(1000), silence(1000))
    base = run(audio)
    shifted = run(audio, offset=3_600_000)
    assert [(s.start_ms + 3_600_000, s.end_ms + 3_600_000, s.pcm) for s in base] == [
        (s.start_ms, s.end_ms, s.pcm) for s in shifted
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_odd_chunk_sizes_give_byte_identical_segments(seed: int) -> None:
    audio = pcm(silence(700), tone(1800), silence(900), noise(400, 0.2, seed), silence(500), tone(2500, f0=150),
                silence(400), tone(700), silence(1000))  # fmt: skip
    whole = run(audio)
    rng = random.Random(seed)
    chunks = [rng.choice([1, 3, 7, 31, 479, 481, 960, 4801]) for _ in range(300)]
    assert run(audio, chunks=chunks) == whole
    assert run(audio, chunks=[1] * 5000) == whole
    assert len(whole) >= 3


def test_segment_reaching_max_is_split_at_its_quietest_frame() -> None:
    cfg = VadConfig(frame_ms=30, pre_roll_ms=240, hangover_ms=360, post_roll_ms=150, min_speech_ms=240,
                    max_segment_ms=5000)  # fmt: skip
    # 6 s of speech with a 60 ms gap (too short to end the segment) at 4.0 s, in the second half
    # of the 5 s window, and a louder dip in the first half that must not be chosen.
    audio = pcm(silence(1000), tone(1000), tone(60, amp=0.05), tone(1940), silence(60), tone(3000), silence(1000))
    segs = run(audio, cfg)
    assert len(segs) == 2
    first, second = segs
    assert first.duration_ms <= 5000
    assert 4000 <= first.end_ms <= 4060 + 30  # cut inside the gap
    assert second.start_ms == first.end_ms  # contiguous: no audio lost at a split
    assert near(second.end_ms, 7060 + 150, 30)


def test_continuous_speech_is_cut_into_segments_no_longer_than_max() -> None:
    cfg = VadConfig(max_segment_ms=3000)
    audio = pcm(tone(10_000))
    segs = run(audio, cfg)
    assert len(segs) >= 4
    assert all(s.duration_ms <= 3000 for s in segs)
    assert b"".join(s.pcm for s in segs) == audio[: segs[-1].end_ms * 32]  # seamless


def test_cut_ms_tracks_settled_audio_and_allows_resuming_after_a_crash() -> None:
    audio = pcm(silence(1000), tone(1500), silence(1000), tone(1200), silence(1000))
    expected = run(audio)
    seg = Segmenter(CFG)
    first = seg.feed(audio[: 2700 * 32 + 5])  # mid-way through the first segment's hangover
    assert first == []
    assert seg.in_speech and seg.cut_ms == expected[0].start_ms
    assert seg.consumed_ms == 2700
    first = seg.feed(audio[2700 * 32 + 5 : 4200 * 32])  # into the second burst
    assert first == expected[:1]
    assert expected[0].end_ms <= seg.cut_ms <= 4200
    assert seg.pending_ms == seg.consumed_ms - seg.cut_ms > 0
    # "Crash": a new segmenter resumes at cut_ms with the persisted audio from there.
    resumed = Segmenter(CFG, start_offset_ms=seg.cut_ms)
    rest = resumed.feed(audio[seg.cut_ms * 32 :]) + resumed.flush()
    assert first + rest == expected


def test_feed_after_flush_is_refused() -> None:
    seg = Segmenter(CFG)
    seg.flush()
    with pytest.raises(InvalidInput):
        seg.feed(b"\0\0")


@pytest.mark.parametrize(
    "kwargs",
    [{"frame_ms": 25}, {"aggressiveness": 4}, {"sample_rate": 44100}, {"post_roll_ms": 500, "hangover_ms": 300},
     {"max_segment_ms": 60}, {"min_speech_ms": -1}],
)  # fmt: skip
def test_invalid_config_is_refused(kwargs: dict) -> None:
    with pytest.raises(InvalidInput):
        VadConfig(**kwargs)
