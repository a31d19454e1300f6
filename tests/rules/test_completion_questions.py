"""Suggest mode: a new task with a missing owner or a deadline that names no single day comes with a
``completion`` question that cites the task's own evidence; execute mode asks nothing."""

from __future__ import annotations

from datetime import date

from supervisor.rules import CreateIntent, analyze

ON = date(2026, 3, 11)  # a Wednesday
ZH = ["张三", "李四", "王五"]
EN = ["Alice", "Bob"]


def _compact(proposals):
    return [
        {"intent_id": f"i{n}", "kind": p.kind, "status": "detected", "revision": 1, "payload": p.payload,
         "evidence_seqs": list(p.evidence_seqs)}
        for n, p in enumerate(proposals, 1)
    ]


def test_unowned_task_asks_who_owns_it_with_the_participants_as_candidates() -> None:
    window = [(1, "测试环境需要有人确认，周五之前。")]
    out = analyze(window, ZH, "zh", [], meeting_date=ON, completion=True)
    task = next(p for p in out if p.kind == "task")
    qs = [p for p in out if p.kind == "question"]
    assert task.payload["owner"] is None and task.payload["due_date"] == "2026-03-13"
    assert len(qs) == 1 and qs[0].payload["question_type"] == "completion"
    assert qs[0].payload["candidates"] == ZH and qs[0].payload["about_field"] == "owner"
    assert task.payload["title"] in qs[0].payload["text"]
    assert qs[0].evidence == task.evidence and qs[0].evidence_seqs == task.evidence_seqs
    # Re-read with what was stored: nothing new, the question is not asked twice.
    assert analyze(window, ZH, "zh", _compact(out), meeting_date=ON, completion=True) == []


def test_deadline_without_a_single_day_asks_which_day() -> None:
    out = analyze([(1, "Bob will update the API docs by next Friday.")], EN, "en", [], meeting_date=ON,
                  completion=True)
    task = next(p for p in out if p.kind == "task")
    assert task.payload["owner"] == "Bob" and task.payload["due_date"] is None
    (q,) = [p for p in out if p.kind == "question"]
    assert q.payload["question_type"] == "completion" and q.payload["about_field"] == "due_date"
    assert sorted(q.payload["candidates"]) == ["2026-03-13", "2026-03-20"]
    assert "next Friday" in q.payload["text"]


def test_complete_task_and_execute_mode_ask_nothing() -> None:
    done = analyze([(1, "张三负责登录页改版，周五之前完成。")], ZH, "zh", [], meeting_date=ON, completion=True)
    assert [p.kind for p in done] == ["task"]
    execute = analyze([(1, "测试环境需要有人确认。")], ZH, "zh", [], meeting_date=ON)
    assert all(isinstance(p, CreateIntent) and p.kind == "task" for p in execute)
