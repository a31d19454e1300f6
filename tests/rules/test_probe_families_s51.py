"""Families found by the session-51 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are who says who they are on a call, greetings and
reminders that are no orders, work pointed at by a bare verb (the thing asked for a turn before,
the matter named with 然后是, how much is left), asides between a name and the order, a revert by
"还是" with its new day, rhetorical questions, and English initials and a hand-over after a dash."""

from __future__ import annotations

import pytest

from supervisor.rules import zh_turns
from tests.rules.rules_harness import PROBE_ZH, has_task, questions_in, tasks_in

# ---- Chinese: who speaks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "who"),
    [
        ("喂，您好，我是物业的李明。", "李明"),
        ("周总好，我叫陈静，新来的。", "陈静"),
        ("喂，我是王芳啊。", "王芳"),
        # 我是 that opens no name
        ("我是说过这个事，但没定。", None),
        ("我是李明的同事，他今天请假。", None),
    ],
)
def test_zh_who_says_who_they_are(said: str, who: str | None) -> None:
    assert zh_turns.speaker(1, {1: said}, PROBE_ZH)[0] == who


# ---- Chinese: no order --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "utts",
    [
        ["那就先这样，周总再见，小陈再见！"],
        ["小陈，明天答辩加油啊！"],
        ["小王来得正好，坐这儿。"],
        # a plan of someone the listener is reminded of
        ["周总，小王明天去总部培训，您忘啦？"],
        # asked for effect: nobody is asked who will do it
        ["对了小王，要不你们再招个保洁？", "招人？我考虑考虑吧，现在工资这么高，一个月没五千谁干？", "那你考虑。"],
    ],
)
def test_zh_no_task(utts: list[str]) -> None:
    assert tasks_in(utts) == []


# ---- Chinese: work and its owner ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the thing topicalised before 我来, then given back with a bare verb
        (["那值班表我来改吧？", "行，小王你改，改完发群里，周四下班前吧。"], "王芳", ["值班表"], "周四下班前"),
        # why they are asked, between the name and the order
        (["然后年会海报，小陈，你学过美术的，你来做一下吧。"], "陈静", ["海报"], None),
        # talked over first, then the order with 把
        (["李明，你们组先商量一下，把值班名单报上来。"], "李明", ["值班名单"], None),
        # a paper that must be drawn up, nobody named
        (["对了，防汛预案这个得写一份，雨季快到了。"], None, ["防汛预案"], None),
        # "你处理一下": the thing just asked of 你们
        (["那你们先把上周的考勤表，还有加班记录，发我邮箱。", "小王，你处理一下。"], "王芳", ["考勤表"], None),
        # 然后是 names the matter; "这个" points at it, not at how it is
        (["然后是过期药品，我数了一下，有三十多盒，太占柜子了。", "小陈，这个你来弄，周五之前处理完。"], "陈静", ["过期药品"], "周五之前"),
        # how much is left, asked; then "订一批"
        (["小陈，你那边打印纸还剩多少？", "就剩两包了。", "那你明天订一批。"], "陈静", ["打印纸"], "明天"),
        # gone out to talk is work
        (["小王你去谈一下场地费。"], "王芳", ["场地费"], None),
        # whether it suffices is no object: the things named before the name are
        (["折叠椅和音响这些，老李，你盘点一下齐不齐，周三给我。"], "李明", ["音响"], None),
        # "弄好上线" answers the question about the thing
        (["小陈，报名系统那个你会弄吗？", "会弄，之前做过类似的。我周五之前弄好上线。"], "陈静", ["报名系统"], "周五之前"),
    ],
)
def test_zh_work(utts: list[str], owner: str | None, words: list[str], due: str | None) -> None:
    found = tasks_in(utts)
    assert has_task(found, owner, words, due), found


def test_zh_a_call_for_other_work_takes_no_call_list() -> None:
    # "打电话" given to one, then a call to make for a repair given to another: two tasks
    found = tasks_in(["小陈，你下午挨个打一遍电话，通知他们改时间。", "好。", "老李，你今天给物业打个电话报修空调。"])
    assert has_task(found, "陈静", ["电话"], "下午"), found
    assert has_task(found, "李明", ["报修"]), found


def test_zh_revert_with_still_and_a_new_day() -> None:
    found = tasks_in(["小李，你这周六把空调滤网换一下。", "周总，我周六要去喝喜酒。", "那……小王，你来？", "我？我够不着啊。",
                      "算了。还是小李，你下周一过来弄。", "行。"])
    assert has_task(found, "李明", ["滤网"], "下周一"), found
    assert not any(o == "王芳" for o, _, _ in found), found


def test_zh_question_for_effect_is_no_matter() -> None:
    found = questions_in(["奖品还买吗？", "买啊，哪个孩子不喜欢奖品的？", "行，我再加到清单里。",
                          "另外要不要请个摄影师？不过预算紧，我再想想。"])
    assert found and not any("不喜欢" in q for q in found), found


# ---- English ------------------------------------------------------------------------------------------------


def test_en_double_given_name_called_by_initials() -> None:
    names = ("Priya Shah", "Tommy Joe Becker", "Megan Cole")
    found = tasks_in(["T.J., can you restock the first-aid kits by Friday?"], names)
    assert has_task(found, "Tommy Joe Becker", ["first-aid kits"]), found


def test_en_hand_over_after_a_dash() -> None:
    found = tasks_in(["Megan, can you drive the minibus Thursday?", "I would, but my car's in the garage.",
                      "Right. Okay — Dave, you take it then."])
    assert has_task(found, "Dave Olsen", ["minibus"]), found
    assert not has_task(found, "Megan Cole", ["minibus"]), found


def test_en_would_but_dates_nothing() -> None:
    # when the obstacle ends is no new day for the work
    found = tasks_in(["Megan, can you drive the minibus Thursday?", "I would, but my car's in the garage till next week."])
    assert has_task(found, "Megan Cole", ["minibus"], "Thursday"), found
