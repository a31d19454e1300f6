"""Families found by the session-44 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import zh_turns
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_CAFE = ["Nina Castro", "Omar Haddad", "Lena Fischer", "Victor Yates"]


def _owned(found, owner: str) -> list:
    return [t for t in found if t[0] == owner]


@pytest.mark.parametrize(
    ("utts", "owner", "word", "due"),
    [
        # the one asked agrees in their own words: the same work, not a second task
        (["Omar, can you get the quote over to the school by Friday?", "Sure, I'll send the quote on Thursday."], "Omar Haddad", "quote", None),
        # "it" a few turns on, by the one asked, is that work; its date is theirs
        (["Lena, can you reserve the minibus for the trip?", "Which company?", "Same as last year.", "Okay, I'll get it sorted by Wednesday."],
         "Lena Fischer", "minibus", "by Wednesday"),
    ],
)
def test_en_agreement_is_the_same_task(utts: list[str], owner: str, word: str, due: str | None) -> None:
    found = tasks_in(utts, _CAFE)
    mine = _owned(found, owner)
    assert len(mine) == 1 and word in mine[0][1] and (due is None or mine[0][2] == due), found


def test_en_other_thing_by_the_same_verb_is_other_work() -> None:
    found = tasks_in(["Victor, can you send the invoice today?", "Yes, and I'll send the contract too."], _CAFE)
    assert has_task(found, "Victor Yates", ["invoice"]) and has_task(found, "Victor Yates", ["contract"]), found


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "we should run a X" is what "can you organise that?" points at
        (["We should run a bake sale for the roof fund.", "Nina, can you organise that?", "Sure."], "Nina Castro", ["bake sale"], None),
        # the one asked passes the work on by calling someone, who takes it; when they are back is no date
        (["Omar, could you take the fire drill?", "I could, but I'm off all week. Lena, when are you back?",
          "Monday. Okay, I'll do it, honestly, it's half done already."], "Lena Fischer", ["fire drill"], None),
        # two called in one breath: the plan that names the first one's work is theirs
        (["Nina, could you send the floor plan to the caterer, and Omar, you'll bring the menu to Nina?", "Sure, I'll send the floor plan tonight."],
         "Nina Castro", ["floor plan"], "tonight"),
        # a hyphenated verb is an order too
        (["Victor, re-check the oven seals on Monday."], "Victor Yates", ["oven seals"], "Monday"),
        # work nobody had, taken by the one called with "it" and where it goes
        (["Someone has to fix the broken stool.", "Victor, didn't you mend a chair last year?", "Sure, I'll take it to my workshop tomorrow."],
         "Victor Yates", ["stool"], None),
        # the one who asked takes the work back "myself" after being told it must be them
        (["Lena, could you draft the reply to the landlord?", "Happy to, but he'll want it signed by you, Nina.",
          "True. Then I'll do the reply myself."], "Nina Castro", ["reply"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _CAFE)
    assert has_task(found, owner, words, due), found


@pytest.mark.parametrize(
    ("utts", "owner", "word"),
    [
        (["Omar, could you take the fire drill?", "I could, but I'm off all week. Lena, when are you back?",
          "Monday. Okay, I'll do it, honestly, it's half done already."], "Omar Haddad", "fire drill"),
        (["Nina, could you send the floor plan to the caterer, and Omar, you'll bring the menu to Nina?", "Sure, I'll send the floor plan tonight."],
         "Omar Haddad", "floor plan"),
        (["Lena, could you draft the reply to the landlord?", "Happy to, but he'll want it signed by you, Nina.",
          "True. Then I'll do the reply myself."], "Lena Fischer", "reply"),
    ],
)
def test_en_work_not_left_with_the_first_one_asked(utts: list[str], owner: str, word: str) -> None:
    found = tasks_in(utts, _CAFE)
    assert not any(word in t for _, t, _ in _owned(found, owner)), found


@pytest.mark.parametrize(
    "utts",
    [
        # a step only if something happens
        ["Nina, the oven repair is still not booked.", "Right, I'll ring the landlord tomorrow, and if they stall again I'll call the ombudsman."],
        # what a request is for
        ["Could we move the tasting to Thursday? Just so Omar can plan his week."],
        # a session on the timetable
        ["Okay, that's it. Oh, Omar, you've got the junior baking class at four."],
        # a name, then no verb of work
        ["That needs your signature, Lena, under the tenancy rules."],
    ],
)
def test_en_no_work_read(utts: list[str]) -> None:
    found = tasks_in(utts, _CAFE)
    assert not any(w in t for _, t, _ in found for w in ("ombudsman", "week", "junior", "tenancy")), found


def test_en_when_back_answer_dates_nothing() -> None:
    found = tasks_in(["Omar, could you check the fridge seals?", "Sure. When are you back, Nina?", "The twelfth."], _CAFE)
    assert has_task(found, "Omar Haddad", ["fridge seals"]) and not any(d == "The twelfth" for _, _, d in found), found


# ---- Chinese ------------------------------------------------------------------------------------------

_SITE = ["郑志远", "沈红梅", "韩冰", "王铁军", "李明达"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the matter in between the name and the order, said with 那边
        (["韩冰，小程序那边，会员价格得调一下，周五之前上线。"], "韩冰", ["小程序", "会员价格"], "周五之前"),
        # 你们X那边 is the one called answering for where they work
        (["沈老师，家长会的通知你们学校那边帮忙转发一下？", "好的，我们周五前转。"], "沈红梅", ["通知"], None),
        # 你那边的X as the matter, after a name said with 啊
        (["铁军啊，你这边的塔吊，周四之前找人检修一下。"], "王铁军", ["塔吊"], "周四之前"),
        # the plan's day said back to someone by name: they made the plan; the reply's bare 图纸 is the
        # fuller one just asked for
        (["施工图纸得按消防的意见改完再报过来。", "行，图纸我来改，后天给您。", "后天可以，老郑，后天我在办公室等你。"],
         "郑志远", ["施工图纸"], "后天"),
        # a visit to a place by a day is a plan; the one welcomed by name made it
        (["我周四去仓库看看。", "好的，李科长，周四我在仓库门口等您。"], "李明达", ["仓库"], "周四"),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _SITE)
    assert has_task(found, owner, words, due), found


@pytest.mark.parametrize(
    ("text", "plans"),
    [
        ("我下午去拆开看看。", False),  # a look that is no visit to a place
        ("我下周一去工地看一下。", True),  # going to see a place by a day
        ("我下午去开会。", False),  # only where they will be
    ],
)
def test_zh_plans(text: str, plans: bool) -> None:
    assert zh_turns.plans(text) is plans


@pytest.mark.parametrize(
    "utts",
    [
        ["这么闷的天，谁顶得住啊？", "这个不好说，我再想想吧。", "好，下一个。"],
        ["这批货的成本能差多少啊？", "那可不好说，还是得留点余量。"],
    ],
)
def test_zh_question_asked_for_effect_leaves_nothing_open(utts: list[str]) -> None:
    assert run_meeting(utts, _SITE, "zh").minutes()["open_questions"] == []


def test_zh_day_said_back_to_object_names_no_speaker() -> None:
    # (the day said back to say they cannot — the work may then pass to someone else)
    utts = ["施工图纸得按消防的意见改完再报过来。", "行，图纸我来改，后天给您。", "后天？老郑你后天不是要去验收吗？"]
    found = tasks_in(utts, _SITE)
    assert not has_task(found, "郑志远", ["图纸"]), found
