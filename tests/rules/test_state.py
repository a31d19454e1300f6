"""Table tests of the dialogue-state stage: live tasks + one frame in, operations out."""

from __future__ import annotations

import pytest

from supervisor.rules.frames import Frame, read
from supervisor.rules.state import (
    DialogueState,
    Op,
    Topic,
    on_cancel,
    on_correct,
    on_deadline,
    on_task,
    same_work,
)
from supervisor.rules.text import segment

ZH = ["张三", "李四", "王五", "赵六"]
EN = ["Alice", "Bob", "Carol", "Dave"]


def sentence(text: str, index: int = 5):
    s = segment([(index, text)], lambda t: False, lambda t: False)[0]
    return type(s)(s.clauses, index)


def task(owner, work, due=None, cue="", text="x"):
    s = sentence(text)
    return Frame("task", s, s.clauses, s.clauses[0], owner, work, due, cue=cue)


def frame(text, people, kind):
    return next(f for r in read(sentence(text), people) for f in r if f.kind == kind)


API = Topic(1, "接口文档", owner="张三", owners=("张三",), touched=3, last_seq=3)
LOGIN = Topic(2, "登录页改版", owner="李四", owners=("王五", "李四"), due="周五", touched=4, last_seq=4)
NOBODY = Topic(3, "压测报告", owner=None, touched=2, last_seq=2)
STATE = DialogueState((API, LOGIN, NOBODY), sentence=5)


@pytest.mark.parametrize(
    ("frame_", "ops"),
    [
        (task("张三", "接口文档", "周四"), (Op("restate", 1, due="周四"),)),  # same person, same work
        (task("赵六", "接口文档"), (Op("reassign", 1, owner="赵六"),)),  # same work, another person
        (task("王五", "登录页改版"), (Op("revert", 2, owner="王五"),)),  # an owner it had before
        (task("赵六", "压测报告"), (Op("assign", 3, owner="赵六"),)),  # it had no owner
        (task("赵六", "接口文档", cue="split"), (Op("create", None, "赵六"),)),  # split: one task each
        (task("赵六", "部署脚本"), (Op("create", None, "赵六"),)),  # new work
        (task("赵六", "接口"), (Op("create", None, "赵六"),)),  # too little in common to take it away
    ],
)
def test_on_task(frame_, ops) -> None:
    assert on_task(STATE, frame_)[1] == ops


def test_on_task_returns_the_state_after_the_operation() -> None:
    after, _ = on_task(STATE, task("赵六", "接口文档"))
    api = next(t for t in after.tasks if t.ref == 1)
    assert (api.owner, api.owners, api.touched) == ("赵六", ("张三", "赵六"), 5)


@pytest.mark.parametrize(
    ("text", "people", "ops"),
    [
        ("不对，接口文档给赵六。", ZH, (Op("reassign", 1, owner="赵六"),)),  # by topic
        ("不是张三，是王五。", ZH, (Op("reassign", 1, owner="王五"),)),  # the old owner named
        ("算了，还是王五吧。", ZH, (Op("revert", 2, owner="王五"),)),  # the task in focus, owner it had
        # taken from its owner, who is busy, with nobody named: back to the owner it had before
        ("算了，李四待会儿还有别的事。", ZH, (Op("revert", 2, owner="王五"),)),
        ("算了，李四这周没空。", ZH, (Op("revert", 2, owner="王五"),)),
        ("算了，张三忙不过来。", ZH, None),  # it had no owner before: nobody to give it back to
        ("登录页改版推迟到下周三。", ZH, (Op("move", 2, due="下周三"),)),
        ("还有部署脚本，交给赵六吧。", ZH, None),  # names other work: a hand-over of new work
    ],
)
def test_on_correct(text, people, ops) -> None:
    out = on_correct(STATE, frame(text, people, "correct"), people)
    assert (out[1] if out else None) == ops


@pytest.mark.parametrize(
    ("text", "ops"),
    [
        ("接口文档不用做了。", (Op("cancel", 1),)),  # by topic
        ("这个先不做了。", (Op("cancel", 2),)),  # the task just discussed
        ("夜间模式先不做了。", ()),  # other work, which no task is
    ],
)
def test_on_cancel(text, ops) -> None:
    assert on_cancel(STATE, frame(text, ZH, "cancel"), ZH)[1] == ops


@pytest.mark.parametrize(
    ("text", "state", "ops"),
    [
        ("下周三之前完成。", DialogueState((API,), 4), (Op("move", 1, due="下周三之前"),)),  # sets the first date
        ("下周三之前完成。", DialogueState((API,), 9), ()),  # long after: no task in focus
        ("Sure, I'll do it by Friday.", DialogueState((Topic(1, "docs", "Bob", "Monday", touched=4),), 5), ()),
        # a first date opening its sentence answers "By when?" one sentence further on
        ("End of the month is fine.", DialogueState((Topic(1, "audit", "Mei", touched=4),), 7),
         (Op("move", 1, due="End of the month"),)),
        ("End of the month is fine.", DialogueState((Topic(1, "audit", "Mei", "Monday", touched=4),), 7), ()),
        ("好，下个月初。", DialogueState((Topic(1, "review", "甘露", touched=4),), 7), ()),
        # the owner repeating the date keeps the fuller phrase; a different day still moves it
        ("二十五号之前。", DialogueState((Topic(1, "化肥", "邹大林", "这个月二十五号之前", touched=4),), 5), ()),
        ("本周六，行。", DialogueState((Topic(1, "整改", "李四", "本周六之前", touched=4),), 5), ()),
        ("周五。", DialogueState((Topic(1, "整改", "李四", "下周五之前", touched=4),), 5), (Op("move", 1, due="周五"),)),
        # settling on a date after a negotiation moves it two sentences on; a stray date does not
        ("那就礼拜二。", DialogueState((Topic(1, "月报表", "张雅婷", "下个礼拜一", touched=4),), 6),
         (Op("move", 1, due="礼拜二"),)),
        ("Let's say Thursday.", DialogueState((Topic(1, "floor plan", "Rosa", "by Friday", touched=4),), 6),
         (Op("move", 1, due="Thursday"),)),
        ("周四之前。", DialogueState((Topic(1, "月报表", "张雅婷", "下个礼拜一", touched=4),), 6), ()),
    ],
)
def test_on_deadline(text, state, ops) -> None:
    people = EN if text.isascii() else ZH
    f = Frame("deadline", sentence(text, state.sentence), (), candidates=tuple(
        h for r in read(sentence(text), people) for fr in r for h in fr.candidates))
    assert on_deadline(state, f, people)[1] == ops


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("接口文档", "接口文档", True),
        ("客户导出报表超时的问题", "导出报表超时", True),
        ("后端接口开发", "后端接口测试", False),
        ("the offer package", "offer package", True),
        ("docs", "update the docs", False),
    ],
)
def test_same_work(a, b, same) -> None:
    assert same_work(a, b) is same
