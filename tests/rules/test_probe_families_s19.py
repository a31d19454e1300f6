"""Families found by the session-19 blind probe meetings (two writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, tasks_in

ZH = list(PROBE_ZH)  # 周建华 王芳 李明 陈静
EN = list(PROBE_EN)  # Priya Shah, Tom Becker, Megan Cole, Dave Olsen
_found, _has = tasks_in, has_task


# ---- who is spoken to, who speaks ---------------------------------------------------------------


def test_a_request_with_you_goes_to_whoever_spoke_just_before_however_long_ago_they_were_named() -> None:
    found = _found([
        "好，开始吧。小王，你先说。",
        "上周的样品寄出去了三箱，还有一箱卡在海关。",
        "哪一箱？",
        "就是那个，发往杭州的那箱，单子没填全。",
        "那报关单你重新填一份，明天中午之前给我。",
    ], ["王芳", "周建华", "李明"])
    assert _has(found, "王芳", ["报关单"], "明天中午之前"), found


def test_you_after_a_remark_only_points_and_gives_no_work() -> None:
    found = _found([
        "小王，你先说。", "价格还没定。", "定多少？",
        "三十九的话销量肯定掉，你看隔壁那家。",
    ], ["王芳", "周建华", "李明"])
    assert not found, found


def test_the_answer_to_a_yes_no_question_is_said_by_the_one_asked_before_whoever_it_calls() -> None:
    found = _found([
        "李明，仓库里还有多少箱矿泉水？",
        "还有四十来箱，都在二号库。",
        "够不够明天发？",
        "发一车够了。周工你放心，矿泉水我带两个人去装，中午前装好。",
    ], ["周建华", "李明", "王芳"])
    assert _has(found, "李明", ["矿泉水"], "中午前"), found


# ---- what is work ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "utterances",
    [
        ["王芳，上个月那场大风，二号仓的棚顶就掀了一角。", "对，我就担心这个。"],  # a worry, no plan
        ["陈静你改完报表就下班吧。"],  # sent home, no work
        ["李明，你马上在群里说一声，能挪的车都挪到路边。"],  # 挪到 a place moves no date
    ],
)
def test_chinese_that_gives_no_work_or_moves_no_date(utterances) -> None:
    found = _found(utterances)
    assert all("挪" not in t for _, t, _ in found) and all("担心" not in t and "下班" not in t for _, t, _ in found), found
    if len(utterances) == 2:
        assert not found, found


def test_moving_cars_to_the_roadside_is_no_date_move_but_moving_a_deadline_is() -> None:
    assert not lx.CORRECTION.search("能挪的车都挪到路边")
    assert lx.CORRECTION.search("交付挪到下周三")


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # 要 asks for a thing from someone: 跟X要一下Y
        (["王芳，麻烦你跟物业要一下上季度的水电账单。"], "王芳", ["水电账单"], None),
        # the matter said in the sentence before, then the name and a bare take-on
        (["还有那个报销单。陈静，你这两天抽空弄一下？"], "陈静", ["报销单"], None),
        # a determiner with its measure word is no part of the title
        (["李明，你把那批样品寄给客户。"], "李明", ["样品"], None),
    ],
)
def test_chinese_requests_of_the_session_19_writers(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found
    assert all(not t.startswith("批") for _, t, _ in found), found


def test_finishing_and_handing_over_with_no_object_dates_the_work_just_given() -> None:
    found = _found(["算了，那报销单给陈静吧，陈静你熟，周四之前核完交给财务。"])
    assert _has(found, "陈静", ["报销单"], "周四之前"), found
    assert len(found) == 1, found


# ---- corrections ----------------------------------------------------------------------------------


def test_a_correction_that_takes_the_work_onto_the_one_who_says_it() -> None:
    found = _found([
        "王芳，库房那几台秤也该检定了，你抽空送去检定一下。",
        "周工，检定不是质检科管吗？我们送过去他们又要说了。",
        "哦不对，你说得对，那你别管了，检定我去跟质检科说。",
    ], ["周建华", "王芳", "李明"])
    assert _has(found, "周建华", ["检定"]), found
    assert not _has(found, "王芳", ["检定"]), found


def test_work_on_their_hands_turns_it_back_to_the_one_before() -> None:
    found = _found([
        "年会节目这块，陈静，你来定吧。",
        "行，那王芳你来。",
        # (a 呢 after 还没 says how things stand, it asks nothing)
        "等一下，王芳手上那堆报表还没做完呢。算了，还是陈静你来定，下周三之前把节目单给我。",
    ])
    assert _has(found, "陈静", ["年会节目"], "下周三之前"), found
    assert not _has(found, "王芳", ["年会节目"]), found


# ---- English ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        # a name, a dash, then the ask; two works, one handed in to the speaker
        (["Also, Megan — can you reconcile the petty cash and send me the receipts by Friday?"],
         [("Megan Cole", ["reconcile the petty cash"], "by Friday"), ("Megan Cole", ["send me the receipts"], "by Friday")]),
        # talking to a named outside party is work
        (["Tom, could you talk to the landlord about the boiler?"], [("Tom Becker", ["talk to the landlord"], None)]),
        # "it" is what the speaker just said was needed, with how it is done kept
        (["Right, we need a fire drill on the night shift. Dave, can you run it with your team?"],
         [("Dave Olsen", ["fire drill"], None)]),
        # "do it" after "someone needs to …" is that work
        (["The caterer double-charged us, someone needs to call them and get a refund. Priya, can you do it?"],
         [("Priya Shah", ["call them"], None)]),
        # "actually" inside a clause stresses, it corrects nothing
        (["Priya, can you book the venue before the 9th?", "Before the 9th, sure. If Tom's contacts actually reply."],
         [("Priya Shah", ["book the venue"], "before the 9th")]),
    ],
)
def test_english_requests_of_the_session_19_writers(utterances, expected) -> None:
    found = _found(utterances, EN)
    for owner, words, due in expected:
        assert _has(found, owner, words, due), found


def test_a_second_unmarked_date_in_the_same_breath_does_not_move_the_first() -> None:
    found = _found(["Tom, can you finish the audit before the 12th? The board meets on the 15th and I want the pack before the weekend."], EN)
    assert _has(found, "Tom Becker", ["finish the audit"], "before the 12th"), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["Thanks, Dave. Okay, do you want to start with the warehouse?"],  # the floor given
        ["Megan, give us the numbers."],
        ["Tom, can you put the banner up?", "Not sure anyone will see it.",
         "Fair. Scratch that, we're not putting the banner up."],  # asked, then said off
    ],
)
def test_english_that_gives_no_work(utterances) -> None:
    assert not _found(utterances, EN), _found(utterances, EN)


def test_a_plan_handed_over_with_go_for_it_is_the_speakers() -> None:
    found = _found(["I'll tidy up the asset folder this week.", "Yeah, go for it, Megan."], EN)
    assert _has(found, "Megan Cole", ["asset folder"], "this week"), found


def test_end_of_shift_is_part_of_the_date() -> None:
    assert [h.text for h in lx.dates("I'll have it done by end of shift tonight")] == ["by end of shift tonight"]
