"""Families found by the session-20 blind probe meetings (two writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, tasks_in

ZH = list(PROBE_ZH)  # 周建华 王芳 李明 陈静
EN = list(PROBE_EN)  # Priya Shah, Tom Becker, Megan Cole, Dave Olsen
_found, _has = tasks_in, has_task


# ---- Chinese: who ---------------------------------------------------------------------------------


def test_the_one_who_answered_by_calling_the_asker_is_asked_next_even_after_more_sentences() -> None:
    found = _found([
        "李明，合同的补充条款你来改，周四之前给我。",
        "周总，周四会不会太紧？法务那边周三才回意见。",
        "哦对，你说得对。那改成周五，周五你给我。",
    ], ["周建华", "李明", "王芳"])
    assert _has(found, "李明", ["补充条款"], "周五"), found
    assert not _has(found, "周建华", ["补充条款"]), found


def test_a_name_called_after_a_correction_word_is_spoken_to_not_given_the_work() -> None:
    found = _found([
        "王芳，你跟物业约一下消防检查，下周三前约好。",
        "等一下周总，消防那边的对接人一直是我在联系的。",
        "哦对，那还是陈静你来约吧。",
    ], ["周建华", "王芳", "陈静"])
    assert _has(found, "陈静", ["消防检查"]), found
    assert not any(o == "周建华" for o, _, _ in found), found


def test_once_the_work_is_done_what_the_one_asked_does_next_is_their_task_by_then() -> None:
    found = _found(["李明，空调你盯着，周四修好了你在群里发个公告。"], ["周建华", "李明"])
    assert _has(found, "李明", ["公告"], "周四"), found


def test_the_time_of_the_work_just_given_is_no_second_task() -> None:
    found = _found(["王芳，你联系一下年检的检测站，把日子定下来，月底前定好。"], ["周建华", "王芳"])
    assert len(found) == 1 and _has(found, "王芳", ["检测站"]), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["王芳，给周总泡杯茶。"],  # done for someone, not handed to them
        ["行，我也该回去给女儿做饭了。"],
        ["那桌椅是李明带着两个保安搬的，搬了一上午。"],  # who did it
        ["李明做事细。"],  # how someone works
        ["王芳，你上回说年底要一起吃个饭，就今天聊聊。"],  # what was said before
        ["关键是李明你当时的判断，你一停下来，大家就乱了。"],  # a comment on what was done
        ["以后遇到这种情况，让保安先处理，你继续带队。"],  # standing advice for later
        ["你问的问题都是“对不对”“好不好”，可以多问开放的。"],  # 对不对 asks, corrects nothing
    ],
)
def test_chinese_that_gives_no_work(utterances) -> None:
    assert not _found(utterances, ["周建华", "王芳", "李明"]), utterances


def test_a_qualified_say_so_of_whose_job_it_is_still_gives_it_and_is_titled_by_the_work() -> None:
    assert _has(_found(["宣传册是王芳负责的。"]), "王芳", ["宣传册"])
    assert _found(["宣传册是王芳负责的。"])[0][1] == "宣传册"


def test_in_a_one_to_one_the_thing_then_handed_in_to_the_speaker_is_the_other_ones() -> None:
    found = _found([
        "陈静，进来坐。年审的材料咱俩过一下。",
        "好的周总。",
        "然后是审计报告，下周二前给我。",
    ], ["周建华", "陈静"])
    assert _has(found, "陈静", ["审计报告"], "下周二前"), found


def test_a_draft_is_titled_by_what_it_is_a_draft_of_and_the_speakers_own_day_dates_nothing() -> None:
    found = _found([
        "陈静，进来坐。",
        "好的周总。",
        "起诉状你先写个初稿，下周给我……算了，下周太赶了，还是15号之前吧，我16号要出差。",
    ], ["周建华", "陈静"])
    assert _has(found, "陈静", ["起诉状初稿"], "15号之前"), found


def test_the_speaker_who_takes_the_work_back_with_a_place_and_a_day_said_between() -> None:
    found = _found([
        "陈老师，你先说说报名的事吧？",
        "嗯，报名表我周一在班里发，让家长签字。",
    ], ["周建华", "陈静"])
    assert _has(found, "陈静", ["报名表"], "周一"), found


def test_a_title_opened_by_then_comes_without_it_and_a_form_name_keeps_its_last_character() -> None:
    found = _found(["然后是出库单，李明你核对一下。", "仲裁申请你下周一就交上去，王芳。"])
    titles = {t for _, t, _ in found}
    assert "出库单" in titles or any(t.startswith("出库单") for t in titles), found
    assert any("仲裁申请" in t for t in titles), found


# ---- English: who ---------------------------------------------------------------------------------


def test_a_reply_that_says_it_is_done_already_withdraws_the_ask() -> None:
    found = _found([
        "Megan, can you send the seating plan to the caterer? By tonight, they're closing the list.",
        "Already done. I sent it over this morning.",
    ])
    assert not found, found


def test_can_you_also_asks_the_one_asked_last_after_their_reply() -> None:
    found = _found([
        "Dave, can you book the minibus for Saturday?",
        "Sure, I'll call them after lunch.",
        "Great. Thanks. Then can you also print the route sheets by Friday?",
    ])
    assert _has(found, "Dave Olsen", ["route sheets"], "by Friday"), found


def test_i_will_do_it_myself_takes_the_work_back_for_the_speaker_named_in_the_reply() -> None:
    found = _found([
        "Next, the safety briefing Thursday. Tom, can you run it?",
        "Yeah, I can put a few slides together.",
        "Actually, no — I'll do it myself. It should come from the site lead. Sorry, Tom.",
        "No worries, Priya, honestly.",
    ])
    assert _has(found, "Priya Shah", ["safety briefing"], "Thursday"), found
    assert not _has(found, "Tom Becker", ["safety briefing"]), found


def test_in_a_one_to_one_a_bare_imperative_is_the_other_ones() -> None:
    found = _found([
        "Tom, come in, grab a seat.",
        "Thanks. The survey data's a mess, half the responses are duplicates.",
        "Right, so clean the survey data today and send me the counts.",
    ], ["Priya Shah", "Tom Becker"])
    assert _has(found, "Tom Becker", ["survey data"], "today"), found


# ---- English: what --------------------------------------------------------------------------------


def test_a_tag_question_asks_and_hands_nothing_over() -> None:
    found = _found(["Megan, you've got the number for the landlord, haven't you? Could you ring him about the boiler?"])
    assert not _has(found, "Megan Cole", ["number for the landlord"]), found
    assert _has(found, "Megan Cole", ["ring him about the boiler"]), found


def test_it_in_someone_needs_to_is_the_thing_named_alone_before() -> None:
    found = _found(["And the tender pack — the council's one. Someone needs to check it against the spec. Dave, could you take that?"])
    assert _has(found, "Dave Olsen", ["tender pack", "against the spec"]), found


def test_the_thing_then_by_when_it_must_be_somewhere_is_asked_of_the_one_called() -> None:
    found = _found(["Priya, the grant report — that has to be with the funder by noon Friday."])
    assert _has(found, "Priya Shah", ["grant report"]), found


def test_a_matter_opened_with_its_day_is_the_date_of_the_work_on_it_not_of_the_task_before() -> None:
    found = _found([
        "Megan, can you order the name badges?",
        "Sure.",
        "Now, fire drill Wednesday. Dave, can you lead it?",
    ])
    assert _has(found, "Dave Olsen", ["fire drill"], "Wednesday"), found
    assert _has(found, "Megan Cole", ["name badges"]) and not _has(found, "Megan Cole", ["name badges"], "Wednesday"), found


def test_the_thing_named_alone_in_the_turn_before_is_what_do_those_means() -> None:
    found = _found([
        "Next thing, the renewal letters. They need to go out before the 12th.",
        "Tom, are you alright to do those as well?",
    ])
    assert _has(found, "Tom Becker", ["renewal letters"], "before the 12th"), found


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["Dave, then you resubmit the claim by Tuesday the 9th."], "Dave Olsen", ["resubmit the claim"], "by Tuesday the 9th"),
        (["Megan, you need the floor plan for level two done by Monday."], "Megan Cole", ["floor plan"], "by Monday"),
        (["Priya, you do the weekly newsletter."], "Priya Shah", ["weekly newsletter"], None),
        (["Tom, would you mind terribly taking the visitor log on?"], "Tom Becker", ["taking the visitor log"], None),
    ],
)
def test_english_ways_of_giving_work(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found
    assert not any(t.lower().startswith("terribly") for _, t, _ in found), found


def test_a_weekday_with_its_date_is_one_day_and_a_day_before_a_noun_says_which() -> None:
    assert [h.text for h in lx.dates("by Tuesday the 9th")] == ["by Tuesday the 9th"]
    assert [h.text for h in lx.dates("Friday and the 5th")] == ["Friday", "the 5th"]


def test_a_day_a_reply_says_another_party_gave_is_no_deadline() -> None:
    found = _found([
        "Next thing, the renewal letters. They need to go out before the 12th.",
        "Tom, are you alright to do those as well?",
        "Yeah, I just need the figures from finance, and they said Wednesday.",
    ])
    assert _has(found, "Tom Becker", ["renewal letters"], "before the 12th"), found
