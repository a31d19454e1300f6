"""Families found by the session-52 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are a request asked as whether it can be done by
a day ("…周三能给我吗？"), who answers a follow-up question in a round of reports, a plan dated
"周四之前" with a 把 object, a full name that is also a common word (高峰 in 晚高峰), work turned
down as another department's business, and in English "Madam" before a surname, a department
before "your … office", and "run through where we are" as the meeting itself."""

from __future__ import annotations

import pytest

from supervisor.rules import names, zh_turns
from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, tasks_in

# ---- Chinese: who speaks ----------------------------------------------------------------------------------


def test_zh_follow_up_answered_by_the_one_reporting() -> None:
    """The one given the floor answers the follow-up questions, even when the answer calls the asker."""
    heard = {1: "小陈，你先讲讲。", 2: "好的周总。客户回访这周做完了。", 3: "一共回访了几家？", 4: "二十六家。",
             5: "投诉的有几家？", 6: "两家。"}
    assert zh_turns.speaker(4, heard, PROBE_ZH)[0] == "陈静"
    assert zh_turns.speaker(6, heard, PROBE_ZH)[0] == "陈静"


# ---- Chinese: names that are words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("高峰，你把月报改一下。", True),
        ("让高峰去盯一下。", True),
        ("这事告诉高峰一声。", True),
        ("晚高峰人手不够。", False),
        ("高峰期先别安排检修。", False),
    ],
)
def test_zh_full_name_that_is_a_word(said: str, named: bool) -> None:
    found = names.find_people(said, ("高峰", "王芳"))
    assert bool(found) is named


def test_zh_word_then_verb_is_no_unknown_name() -> None:
    assert names.bare_name("全扫") is None
    assert names.bare_name("张三") == "张三"


# ---- Chinese: work and its owner ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # whether it can be handed in by a day asks for it, with 你 or without
        (["陈静，你的周报周三能给我吗？", "可以。"], "陈静", ["周报"], "周三"),
        (["李明，报价单下周一能给我吗？", "没问题。"], "李明", ["报价单"], "下周一"),
        (["王芳，你验收报告明天能不能交？", "能。"], "王芳", ["验收报告"], "明天"),
        # the one reporting, asked a follow-up and answering, is the 你 of the request after it
        (["好，开会。小陈，你先讲讲。", "好的周总。客户回访这周做完了。", "一共回访了几家？", "二十六家。",
          "嗯。那你回访报告周五能给我吗？"], "陈静", ["回访报告"], "周五"),
        # a plan dated "…之前" with a 把 object, by the one just called
        (["李明，你那边呢？", "行，那我周四之前把盘点表做出来。"], "李明", ["盘点"], "周四之前"),
        # the thing said before 你, in a request to the one reporting
        (["小陈，你那边呢？", "设备都正常，就是备件不多了。", "够用几天？", "一个礼拜吧。", "那值班表你周五之前给我，我要报上去。"],
         "陈静", ["值班表"], "周五之前"),
        # a lab's doctor called by the surname and 博
        (["陈博，你明天把样品寄出去。"], "陈静", ["样品"], "明天"),
    ],
)
def test_zh_work(utts: list[str], owner: str | None, words: list[str], due: str | None) -> None:
    assert has_task(tasks_in(utts), owner, words, due), tasks_in(utts)


def test_zh_rush_hour_is_nobody() -> None:
    """高峰 the manager is not said in "晚高峰", so the turn-by-turn reading goes on past it."""
    cast = ("高峰", "王芳", "李明", "陈静")
    utts = ["李明，你们组晚上能不能加一个人？", "加人的话工资得涨。", "工资的事我去谈。先从下周开始，晚高峰加一个人。",
            "行，那我周五之前把晚高峰的值班表排出来。"]
    assert has_task(tasks_in(utts, cast), "李明", ["值班"], "周五之前"), tasks_in(utts, cast)


def test_zh_no_owner_from_a_word_after_gai_cheng() -> None:
    cast = ("高峰", "王芳", "李明", "陈静")
    assert all(o in (None, *cast) for o, _, _ in tasks_in(["第三，夜班改成全检。"], cast))


def test_zh_another_departments_business_turns_the_work_down() -> None:
    found = tasks_in(["王芳，客户的退款你跟一下。", "周总，这个其实是财务那边的事，不归我们管。", "哦，那先记下来。"])
    assert not any(o == "王芳" for o, _, _ in found), found


# ---- English ------------------------------------------------------------------------------------------------


def test_en_madam_before_a_surname() -> None:
    found = tasks_in(["Madam Cole, circulate the exam timetable by Thursday."])
    assert has_task(found, "Megan Cole", ["exam timetable"]), found


@pytest.mark.parametrize("team", ["your accounts office", "your IT people", "your legal team"])
def test_en_a_department_before_your_team(team: str) -> None:
    found = tasks_in([f"Priya, can {team} update the supplier list?"])
    assert has_task(found, "Priya Shah", ["supplier list"]), found


@pytest.mark.parametrize("asked", ["Tom, can you run us through where things are?", "Dave, can you go first?"])
def test_en_speaking_in_the_meeting_is_no_task(asked: str) -> None:
    assert tasks_in([asked, "Sure. The venue is booked and the catering is confirmed."], PROBE_EN) == []


def test_en_time_needed_from_a_place_names_no_owner() -> None:
    found = tasks_in(["Tom, can you fix the exporter?", "Yes, I'll rewrite the parser. I need about a week from Leeds with testing."])
    assert found and all(o in (None, *PROBE_EN) for o, _, _ in found), found


@pytest.mark.parametrize("asked", ["Megan, can you go to the bank and pay the deposit?",
                                   "Megan, could you go to the post office and send the parcels?"])
def test_en_going_somewhere_then_the_work(asked: str) -> None:
    """One task, titled by what is done there."""
    found = tasks_in([asked])
    assert len(found) == 1 and found[0][0] == "Megan Cole" and not found[0][1].startswith("go"), found


def test_en_abeg_is_please() -> None:
    found = tasks_in(["Dave, abeg sort out the van insurance before Friday."])
    assert has_task(found, "Dave Olsen", ["van insurance"]), found


def test_zh_a_call_taken_now_is_no_plan() -> None:
    """The one reporting steps out to take a call: no work, and the question before it stays open."""
    assert not zh_turns.plans("等等，电话，我接一下……")
    assert not zh_turns.plans("不好意思，我先接个电话。")
    assert zh_turns.plans("我下午把报价发你。")
