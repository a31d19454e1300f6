"""The rules analyzer on the dev fixtures, fed utterance by utterance and scored per DESIGN §9.

Each fixture also runs with its utterances cut at the first comma and mid-clause (no punctuation at
the cut), as VAD pauses would: the scores must not change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rules_harness import run_meeting, split_at_comma, split_mid_word

from meetingd.scoring import score_meeting

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "meetings").glob("*.json"))
CUTS = {"whole": list, "comma": split_at_comma, "mid": split_mid_word}


@pytest.mark.parametrize("cut", sorted(CUTS))
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fixture_scores(path: Path, cut: str) -> None:
    fx = json.loads(path.read_text(encoding="utf-8"))
    utts = CUTS[cut](fx["utterances"])
    if cut != "whole":
        assert len(utts) > len(fx["utterances"])  # the cut really happened
    led = run_meeting(utts, fx["participants"], fx["language"])
    score = score_meeting(fx, led.minutes())
    assert score.f1 == 1.0, score.to_dict()
    assert score.violations == (), score.violations
    assert score.decision_recall == 1.0 and score.question_recall == 1.0, score.to_dict()
    assert score.due_accuracy == 1.0, score.to_dict()
