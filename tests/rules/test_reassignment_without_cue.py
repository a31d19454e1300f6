"""A bare hand-over right after an assignment reassigns it, even when the cue word is missing or
misheard by ASR ("不对" heard as "无对")."""

from __future__ import annotations

import pytest

from supervisor.rules import CreateIntent, analyze


@pytest.mark.parametrize(
    ("lines", "people", "language", "owner"),
    [
        (["发布脚本交给孙丽负责，周四之前完成。", "嗯，给周强吧，孙丽下周出差。"], ["孙丽", "周强"], "zh", "周强"),
        (["周报由陈晨来写。", "误对，让王芳来吧。"], ["陈晨", "王芳"], "zh", "王芳"),
        (["Dana will own the migration script.", "Hmm, give it to Eli, Dana is out."], ["Dana", "Eli"], "en", "Eli"),
    ],
)
def test_hand_over_reassigns_the_task_just_discussed(lines, people, language, owner):
    window = list(enumerate(lines, start=1))
    proposals = analyze(window, people, language, [], new_from_seq=1)
    tasks = [p for p in proposals if isinstance(p, CreateIntent) and p.kind == "task"]
    assert len(tasks) == 1
    assert tasks[0].payload["owner"] == owner
    assert tasks[0].evidence_seqs == (1, 2)


def test_a_first_hand_over_is_an_ordinary_assignment():
    proposals = analyze([(1, "上线检查清单给王芳吧。")], ["王芳"], "zh", [], new_from_seq=1)
    assert [(p.kind, p.payload["owner"]) for p in proposals] == [("task", "王芳")]
