"""Families found by the session-18 blind probe meetings (four writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules.hearing import repair
from tests.rules.rules_harness import PROBE_ZH, has_task, run_meeting, tasks_in

ZH = list(PROBE_ZH)
_found, _has = tasks_in, has_task


# ---- names as said -----------------------------------------------------------------------------


def test_a_name_said_as_it_is_is_never_heard_as_another_that_sounds_alike() -> None:
    people = ("孙浩", "高晓燕", "李燕")  # 晓燕 of 高晓燕 sounds like 小燕 of 李燕
    assert repair("晓燕，你把排课表再核一遍。", people).startswith("晓燕")
    # two forms that sound alike: neither is put for the other
    people2 = ("何磊", "冯小蕾")
    assert repair("小磊，你把样品寄出去。", people2).startswith("小磊")
    assert repair("小蕾，你把样品寄出去。", people2).startswith("小蕾")
    found = _found(["小蕾，你明天把样品寄出去。"], ["何磊", "冯小蕾", "周建华"])
    assert _has(found, "冯小蕾", ["样品"], "明天"), found


# ---- Chinese requests ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # sent to find someone or something: 让/麻烦/请 X (去)找 Y
        (["让王芳去找物业，周四前把钥匙要回来。"], "王芳", ["物业"], None),
        (["麻烦李明找一下装修队。"], "李明", ["装修队"], None),
        # a 把 object said up to a pause, then the verb that acts on it
        (["陈静，你把这三个月的投诉记录，汇总成一张表，周三给我。"], "陈静", ["投诉记录"], "周三"),
    ],
)
def test_chinese_requests_of_the_session_18_writers(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["有事找我。"],  # whom to turn to, no errand
        ["王芳，你找谁？"],  # a question
        ["李明，你把钥匙找到了吗？"],  # asks whether it is found
    ],
)
def test_finding_that_is_no_errand(utterances) -> None:
    assert not _found(utterances), _found(utterances)


def test_the_one_named_after_an_exchange_takes_the_work_back() -> None:
    # handed to one, a doubt put to her and answered, then handed back with 还是 X你来吧
    said = ["值班表，陈静你来排。", "陈静你对新系统还不熟吧？", "是不太熟。", "那还是王芳你来吧。"]
    found = _found(said)
    assert _has(found, "王芳", ["值班表"]), found
    assert not _has(found, "陈静", ["值班表"]), found


def test_a_day_agreed_for_the_work_is_its_deadline_not_a_decision() -> None:
    led = run_meeting(["李明，你把验收报告写一下，周四给我。", "周四来不及，下周一行不行？", "那就下周一吧。"], ZH, "zh")
    m = led.minutes()
    assert any(a["owner"] == "李明" and a["due_date_raw"] == "下周一" for a in m["action_items"]), m
    assert not m["decisions"], m["decisions"]


def test_a_day_chosen_between_options_for_a_meeting_is_a_decision_and_moves_no_work() -> None:
    led = run_meeting(["王芳，你把培训名单报上来，周二给我。", "对了，月度例会开周四还是周五？", "那就周五吧。"], ZH, "zh")
    m = led.minutes()
    assert any(a["owner"] == "王芳" and a["due_date_raw"] == "周二" for a in m["action_items"]), m
    assert any("周五" in d["text"] for d in m["decisions"]), m["decisions"]


# ---- English -----------------------------------------------------------------------------------

PEOPLE_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Dave Olsen"]


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        # two verbs of work, each with its object, in one request: two tasks, each due when said
        (["Megan, could you email the landlord about the boiler and book the cleaners by Thursday?"],
         [("Megan Cole", ["email the landlord"], "by Thursday"), ("Megan Cole", ["book the cleaners"], "by Thursday")]),
        # a name called with a dash after it
        (["Priya — the venue. The contract is from last year.", "Yes, that bothers me too.",
          "Can you ring the hotel and check the rate still holds?"], [("Priya Shah", ["ring the hotel"], None)]),
    ],
)
def test_english_requests_of_the_session_18_writers(utterances, expected) -> None:
    found = _found(utterances, PEOPLE_EN)
    for owner, words, due in expected:
        assert _has(found, owner, words, due), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["Tom, can you order the banners — no, wait, the budget isn't signed off yet."],  # taken back at once
        ["Drinks are on me tonight."],  # who pays
        ["Coffee is on us."],
    ],
)
def test_english_that_gives_no_work(utterances) -> None:
    assert not _found(utterances, PEOPLE_EN), _found(utterances, PEOPLE_EN)


def test_done_after_what_the_group_does_confirms_it_and_after_a_report_settles_nothing() -> None:
    m = run_meeting(["Okay. We're pricing the tickets at twelve pounds. Done."], PEOPLE_EN, "en").minutes()
    assert any("twelve pounds" in d["text"] for d in m["decisions"]), m["decisions"]
    m2 = run_meeting(["Tom, did the invoice go out?", "It went this morning. Done."], PEOPLE_EN, "en").minutes()
    assert not m2["decisions"], m2["decisions"]


def test_sent_over_is_a_direction_not_the_past() -> None:
    found = _found(["王芳，合同你周四上午发过去就行。"])
    assert _has(found, "王芳", ["合同"], "周四上午"), found
    assert not _found(["这个合同我上周发过了。"])


def test_a_plan_on_the_matter_asked_about_survives_a_long_answer_and_a_follow_up() -> None:
    said = ["Dave, where are we on the supplier audit?",
            "About half done. The forms are in, the site visits are not. I still need the certificates from quality.",
            "Can you chase quality today?",
            "Will do. I'll have the supplier audit finished by Friday."]
    found = _found(said, PEOPLE_EN)
    assert _has(found, "Dave Olsen", ["supplier audit"], "by Friday"), found
