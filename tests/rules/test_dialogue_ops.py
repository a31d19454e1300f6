"""End to end through ``analyze``: the dialogue state's operations that need no cue word, and the
split of one piece of work between two people."""

from __future__ import annotations

import pytest

from supervisor.rules import CreateIntent, analyze

ZH = ["张三", "李四", "王五", "赵六"]
EN = ["Alice", "Bob", "Carol", "Dave"]


def tasks(lines, people):
    out = analyze(list(enumerate(lines, start=1)), people, "zh", [], new_from_seq=1)
    return sorted((p.payload["owner"], p.payload["title"], p.payload["due_date_raw"])
                  for p in out if isinstance(p, CreateIntent) and p.kind == "task")


@pytest.mark.parametrize(
    ("lines", "people", "expected"),
    [
        # the same work named for someone else later changes hands (no 不对/改成 needed)
        (["接口文档张三负责。", "接口文档李四负责吧，周五之前。"], ZH, [("李四", "接口文档", "周五之前")]),
        # named again for an owner it had before: back to them
        (["接口文档张三负责。", "接口文档李四负责。", "接口文档还是张三负责。"], ZH, [("张三", "接口文档", None)]),
        # work said to have no owner, then someone takes it: one task
        (["压测报告需要有人写。", "压测报告王五来写。"], ZH, [("王五", "写压测报告", None)]),
        # two agents in one clause: one task each, and the deadline after them is for both
        (["性能报告王五和赵六各写一半，周五之前。"], ZH, [("王五", "性能报告", "周五之前"), ("赵六", "性能报告", "周五之前")]),
        (["Dave and Carol will review the deck."], EN, [("Carol", "review the deck", None), ("Dave", "review the deck", None)]),
        # handed over without a cue, then back to the person addressed ("you" = the name said)
        (
            ["Dave, can you put together the offer package by Friday?",
             "Then let's have Carol do the offer package so it's not delayed.",
             "Okay, Dave, the offer package goes back to you, just get it submitted before Wednesday."],
            EN,
            [("Dave", "put together the offer package", "before Wednesday")],
        ),
    ],
)
def test_dialogue_operations(lines, people, expected) -> None:
    assert tasks(lines, people) == expected


@pytest.mark.parametrize(
    ("question", "answer", "people"),
    [
        ("投哪个会呢，ACL还是EMNLP？", "这个还没定，等初稿出来看结果再说。", ZH),
        ("Should we open a junior role at all?", "It isn't settled, so that stays open.", EN),
    ],
)
def test_a_question_left_open_is_proposed_when_the_answer_arrives(question, answer, people) -> None:
    # Utterance by utterance: the question was analyzed already; the answer makes it an open question.
    out = analyze([(1, question), (2, answer)], people, "zh", [], new_from_seq=2)
    (q,) = [p for p in out if isinstance(p, CreateIntent) and p.kind == "question"]
    assert q.evidence_seqs == (1, 2) and q.payload["text"].startswith(question.rstrip("？?"))


@pytest.mark.parametrize(
    ("lines", "people", "expected"),
    [
        (["谁来负责压测报告？", "王五吧。"], ZH, [("王五", "压测报告", None)]),
        (["Who can take the vendor call on Friday?", "Dave can."], EN, [("Dave", "vendor call", "Friday")]),
        (["Who's presenting next?", "Dave."], EN, []),  # no work in the question
        (["谁有空？", "王五吧。"], ZH, []),
        (["压测报告怎么办？", "王五吧。"], ZH, []),  # not a "who" question
    ],
)
def test_a_name_answers_the_who_question_just_asked(lines, people, expected) -> None:
    out = analyze(list(enumerate(lines, start=1)), people, "zh", [], new_from_seq=2)
    found = [(p.payload["owner"], p.payload["title"], p.payload["due_date_raw"])
             for p in out if isinstance(p, CreateIntent) and p.kind == "task"]
    assert found == expected
    assert all(p.evidence_seqs == (1, 2) for p in out)
