"""Families found by the session-29 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules.zh_turns import speaker
from tests.rules.rules_harness import has_task, tasks_in

_FIRM = ["邵明", "程雪", "庞磊", "聂红", "甘涛"]
_DESK = ["Rosa Lindqvist", "Omar Haddad", "Grace Whelan", "Toby Marsh", "Priya Sen"]


# ---- Chinese: who owns it, and what it is -------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the one called shows the work to another: the one shown to owns nothing
        (["磊哥，合同的初稿周三先给聂总看一版。"], "庞磊", ["合同的初稿"], "周三"),
        (["磊哥，报价单明天先发给聂总。"], "庞磊", ["报价单"], "明天"),
        # a remark between the work and who leads it: the work is the topic before it
        (["第二，旧系统的数据迁移，这个是纯体力活，甘工你们组来做。"], "甘涛", ["旧系统的数据迁移"], None),
        (["第三，给客户的验收报告，公司出，雪姐牵头。"], "程雪", ["验收报告"], None),
        # 由我们X: one of ours
        (["投标书由我们红姐主笔。"], "聂红", ["投标书"], None),
        # what is needed from a participant's side is theirs
        (["方案我来写，但是需要甘工那边给一份完整的接口清单。"], "甘涛", ["接口清单"], None),
        # a department of the one called
        (["邵主管，台账你们财务出个新模板。"], "邵明", ["台账新模板"], None),
        # a pointer, an adverb and the asking word are no part of the matter
        (["雪姐，供应商回函这块还得麻烦你牵头，月底前逐家再催一遍。"], "程雪", ["供应商回函"], None),
        # 辛苦X with a 把 order, and an event said as the limit after a date
        (["那辛苦庞磊本周盘点前把三月的单据装订好。"], "庞磊", ["三月的单据"], "本周盘点前"),
        # a one-character 把 object is the thing named whole before the name
        (["然后客户确认函，小甘，这周四前把函都寄出去。"], "甘涛", ["客户确认函"], "这周四前"),
        # squared with someone: the matter said before
        (["程雪，对账清单你跟他们出纳对一下。"], "程雪", ["对账清单"], None),
        (["新来那批人的考勤规则，聂姐你下周二之前跟人事核一下。"], "聂红", ["考勤规则"], "下周二之前"),
        # a draft of what was named before
        (["甘涛，培训方案你先起个稿，下周一给我。"], "甘涛", ["培训方案"], "下周一"),
    ],
)
def test_chinese_work_and_who_owns_it(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _FIRM)
    assert has_task(found, owner, words, due), found


@pytest.mark.parametrize(
    ("utts", "owner", "absent"),
    [
        (["磊哥，合同的初稿周三先给聂总看一版。"], "聂红", None),
        # what someone is doing now is no work asked of them
        (["好，人到得差不多了，程雪那边还在对账，我们先开始。"], "程雪", None),
    ],
)
def test_chinese_no_work_for_them(utts: list[str], owner: str, absent: None) -> None:
    assert all(o != owner for o, _, _ in tasks_in(utts, _FIRM))


def test_a_reply_opening_with_the_thing_asked_of_one_of_those_named_is_theirs() -> None:
    heard = {
        1: "先说分工，邵总您看看行不行。方案由我们红姐主笔，但她需要甘工那边给一份完整的接口清单。第二，测试甘工你们来做。",
        2: "接口清单周五前我给你们。",
    }
    assert speaker(2, heard, _FIRM)[0] == "甘涛"
    # (said of them, not asked of them: who speaks next is not known)
    assert speaker(2, {1: "聂红说这个月要交清单。", 2: "清单我来写。"}, _FIRM)[0] is None


def test_a_dated_plan_goes_to_the_work_it_names() -> None:
    found = tasks_in(
        [
            "第一，方案由我们红姐主笔，但她需要甘工那边给一份完整的接口清单。第二，联调测试，这个是纯技术活，甘工你们来做。",
            "接口清单周五前我给你们，放假前我让他们加个班。",
        ],
        _FIRM,
    )
    assert has_task(found, "甘涛", ["接口清单"], "周五前"), found
    assert not has_task(found, "甘涛", ["联调测试"], "周五前"), found


def test_a_day_that_is_no_working_day_moves_the_date() -> None:
    found = tasks_in(["雪姐，回函这块麻烦你牵头，十五号前逐家催一遍。", "十五号是礼拜天吧？", "哦对，那就十三号。"], _FIRM)
    assert has_task(found, "程雪", ["回函"], "十三号"), found


def test_a_handover_to_the_same_thing_with_its_verb_moves_it() -> None:
    found = tasks_in(["第三，给客户的验收报告，公司出，雪姐牵头。", "还是这样吧：磊哥写验收报告。"], _FIRM)
    assert has_task(found, "庞磊", ["验收报告"]), found
    assert not any(o == "程雪" for o, _, _ in found), found


def test_a_status_question_left_open_does_not_swallow_a_request() -> None:
    found = tasks_in(["程雪，对账清单你跟他们出纳对一下，月底前要齐，别像上次那样还在等发票。"], _FIRM)
    assert has_task(found, "程雪", ["对账清单"]), found


# ---- English: who takes it -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "she"/"he" taking work on is the one participant just named
        (["Toby, can you cover the council story?", "I mean, I'm flat out, but fine.",
          "No, wait. Grace sat through the last three council meetings. She takes the council story."],
         "Grace Whelan", ["council story"], None),
        # a reported offer by "he", the one just named
        (["Did Omar check the figures?", "He said he'd go through the expense claims before Friday."],
         "Omar Haddad", ["expense claims"], None),
        # a status question answered with the day the thing itself will be done
        (["Priya, budget report, where are we?",
          "Two sections are in. I'll chase finance today, and the report itself will be done end of next week."],
         "Priya Sen", ["budget report"], "end of next week"),
        # "that's me", the next turn calling the one who said it
        (["The fair is Sunday. Who's putting together the volunteer rota?", "That's me, I've got last year's list.",
          "Thanks, Toby. Up by when?", "I'll have it on the noticeboard by Wednesday."],
         "Toby Marsh", ["volunteer rota"], "by Wednesday"),
        (["The main one is the archive migration for the branch. Who can take that?",
          "I guess that's me? I did the last one.", "You sure, Grace?",
          "I'm sure. Two batches, done before the end of the month."],
         "Grace Whelan", ["archive migration"], "before the end of the month"),
        # a request made before the meeting, reported
        (["I asked Omar to check whether the venue licence covers live music."],
         "Omar Haddad", ["venue licence"], None),
        # an aside that turns to the one just heard, with a dash
        (["Omar, you there?", "Yep.", "Speaking of you — can you fix the printer in the back office?"],
         "Omar Haddad", ["printer"], None),
        # "would you mind?" asks for the work a who-question named
        (["And Rosa, while you're away, who's keeping an eye on the intern's placement report?",
          "I was going to ask Priya.", "Priya, would you mind?"],
         "Priya Sen", ["placement report"], None),
        # a thing handed over with "are yours"
        (["Okay Toby, the renewal letters are yours — out by end of day Friday."],
         "Toby Marsh", ["renewal letters"], "by end of day Friday"),
        # a verbless order: the thing, where it goes, by when
        (["Then Priya — estimate to Holloway by noon Thursday. Beat the other firm."],
         "Priya Sen", ["estimate to Holloway"], "by noon Thursday"),
        # "her" after a client named by title is that client
        (["Mr. Okafor. He rang twice about the invoice. Rosa, can you call him back?"],
         "Rosa Lindqvist", ["Mr. Okafor"], None),
        # the one called on a matter, then "do it" after their answer
        (["Right. Grace, Fenwick. What did you see?",
          "The gutter's clearly storm damage. I want to go back with a proper ladder.",
          "Okay, do it before the 14th, the owner keeps ringing."],
         "Grace Whelan", ["Fenwick"], "before the 14th"),
    ],
)
def test_english_work_and_who_owns_it(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _DESK)
    assert has_task(found, owner, words, due), found


def test_a_yes_with_a_day_from_the_one_called_dates_their_work() -> None:
    found = tasks_in(["I asked Omar to check whether the venue licence covers live music. He said Thursday.",
                      "Omar?", "Yep, Thursday. I've emailed them already."], _DESK)
    assert has_task(found, "Omar Haddad", ["venue licence"], "Thursday"), found


def test_two_things_asked_then_a_plan_naming_one_of_them() -> None:
    found = tasks_in(["Omar?", "Yep.", "Speaking of you — can you fix the printer and update the rota for May?",
                      "Printer before Thursday's audit, for sure. The rota I'll get to this week."], _DESK)
    assert has_task(found, "Omar Haddad", ["printer"]), found
    assert has_task(found, "Omar Haddad", ["rota"], "this week"), found


@pytest.mark.parametrize(
    "utts",
    [
        # a device they talk through is no work
        ["Can everyone hear me? Toby, you're on the car speaker again, you sound far away."],
    ],
)
def test_english_no_work(utts: list[str]) -> None:
    assert tasks_in(utts, _DESK) == []


def test_whom_a_reason_is_about_takes_nothing_over() -> None:
    found = tasks_in(["Toby, I need your match report by Monday.", "Monday, fine.",
                      "Rosa, don't build the events page.", "Fine. I'll sort the desk rota for while Grace is away instead, today."],
                     _DESK)
    assert has_task(found, "Toby Marsh", ["match report"]), found
    assert not any(o == "Grace Whelan" for o, _, _ in found), found


def test_a_limit_said_among_other_days_is_the_due() -> None:
    found = tasks_in(["The main one is the archive migration for the branch. Who can take that?",
                      "That's me. Two batches, one on Tuesday, one on Saturday, done before the end of the month.",
                      "Thanks, Grace."], _DESK)
    assert has_task(found, "Grace Whelan", ["archive migration"]), found
    assert not has_task(found, "Grace Whelan", ["archive migration"], "Saturday"), found
