"""The fitted encoder window: how many mel frames a segment of a given length is given."""

from __future__ import annotations

import pytest

from asr.transcriber import encoder_frames


@pytest.mark.parametrize(
    ("content", "window_ms", "pad_ms", "step_ms", "expected"),
    [
        (300, None, 1000, 1000, 3000),  # Whisper's fixed 30 s window
        (300, 8000, 1000, 1000, 800),  # short segment: the minimum window
        (750, 8000, 1000, 1000, 900),  # 7.5 s + 1 s pad = 8.5 s, rounded up to whole seconds
        (720, 0, 1000, 1000, 900),  # no minimum: 7.2 s + 1 s = 8.2 s -> 9 s
        (120, 0, 500, 500, 200),  # 1.2 s + 0.5 s = 1.7 s -> 2 s with 0.5 s steps
        (1500, 8000, 1000, 1000, 1600),  # 15 s segment (the VAD maximum) + 1 s pad
        (2990, 8000, 1000, 1000, 3000),  # capped at 30 s
        (301, 0, 0, 10, 302),  # odd frame counts are rounded to even (conv stride 2)
    ],
)
def test_encoder_frames(content, window_ms, pad_ms, step_ms, expected) -> None:
    assert encoder_frames(content, window_ms, pad_ms, step_ms) == expected
