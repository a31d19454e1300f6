"""The speech gate: Silero's verdict on a whole cut segment before Whisper decodes it."""

from __future__ import annotations

from pathlib import Path

import faster_whisper.vad
import pytest
from asr_synth import noise, pcm, silence

from asr.audio import read_wav_file
from asr.speech_gate import SpeechGate, holds_speech
from asr.vad import Segmenter

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "meetings"


@pytest.mark.parametrize(
    ("probabilities", "min_prob", "expected"),
    [
        ([], 0.3, False),
        ([0.01, 0.12, 0.05], 0.3, False),
        ([0.01, 0.3, 0.05], 0.3, True),  # the threshold itself is speech
        ([0.0] * 90 + [0.97] + [0.0] * 90, 0.3, True),  # one short word in a long segment
        ([0.29] * 200, 0.3, False),  # a long murmur under the threshold is still no speech
        ([0.4], 0.5, False),
    ],
)
def test_the_peak_window_decides(probabilities, min_prob, expected) -> None:
    assert holds_speech(probabilities, min_prob) is expected


@pytest.fixture(scope="module")
def gate() -> SpeechGate:
    return SpeechGate()


@pytest.mark.parametrize("amp", [0.003, 0.01, 0.05])
@pytest.mark.parametrize("seed", range(4))
def test_noise_and_silence_hold_no_speech(gate, seed, amp) -> None:
    assert not gate.heard(pcm(silence(1500), noise(1500, amp, seed), silence(1000)))
    assert not gate.heard(pcm(silence(800)))


@pytest.mark.parametrize("wav", sorted(FIXTURES.glob("*.wav")), ids=lambda p: p.stem)
def test_every_cut_segment_of_a_fixture_meeting_is_heard(gate, wav) -> None:
    seg = Segmenter()
    segments = seg.feed(read_wav_file(wav)) + seg.flush()
    assert segments
    assert [s.start_ms for s in segments if not gate.heard(s.pcm)] == []


def test_empty_audio_is_not_decoded(gate) -> None:
    assert not gate.heard(b"")


def test_a_gate_that_cannot_run_lets_everything_through(monkeypatch) -> None:
    def missing():
        raise RuntimeError("Applying the VAD filter requires the onnxruntime package")

    monkeypatch.setattr(faster_whisper.vad, "get_vad_model", missing)
    blind = SpeechGate()
    assert blind.heard(pcm(silence(1500), noise(1500, 0.003), silence(1000)))
    assert blind.probabilities(pcm(silence(500))) == []
