"""Families found by the session-43 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_BAKERY = ["Nina Castro", "Omar Haddad", "Lena Fischer", "Victor Yates"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "by when?" answered with an event on a day dates every piece of work asked in that breath (the
        # event and its day are one date since session 47)
        (["Victor, could you order the cake boxes and also count the flour sacks?", "Sure. By when?",
          "Before the supplier call on the ninth?", "No problem."], "Victor Yates", ["cake boxes"], "Before the supplier call on the ninth"),
        (["Victor, could you order the cake boxes and also count the flour sacks?", "Sure. By when?",
          "Before the supplier call on the ninth?", "No problem."], "Victor Yates", ["flour sacks"], "Before the supplier call on the ninth"),
        # a duty given with "you're on" after the name was called on its own, and a word back
        (["Nina.", "Yes, boss?", "You're on the walk-in fridge clean tonight.", "Ugh, fine."],
         "Nina Castro", ["walk-in fridge"], "tonight"),
    ],
)
def test_en_work_and_dates_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _BAKERY)
    assert has_task(found, owner, words, due), found


def test_by_when_answer_dates_only_the_work_of_the_one_asked() -> None:
    utts = ["Lena, can you book the van for the market?", "Nina, please restock the napkins.", "By when?", "Saturday."]
    found = tasks_in(utts, _BAKERY)
    assert has_task(found, "Nina Castro", ["napkins"], "Saturday"), found
    assert not has_task(found, "Lena Fischer", ["van"], "Saturday"), found


# ---- Chinese ------------------------------------------------------------------------------------------

_FIRM = ["秦建国", "苏晓雯", "马丽丽"]


def test_zh_two_people_so_far_you_is_the_other() -> None:
    # a three-person meeting that opens as a talk between two: 你 from one is the other, until a
    # third person comes in
    utts = ["晓雯，来，坐这儿。", "好的秦总。", "今天主要说一下那个招标的事。", "嗯。",
            "投标文件要抓紧了，你周二拿给我看。", "秦总，周二有点赶，能不能周三？", "行，那周三下班前。", "好，周三下班前给您。"]
    found = tasks_in(utts, _FIRM)
    assert has_task(found, "苏晓雯", ["投标文件"], "周三下班前"), found



@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "it" in the next order of the same turn is the work just given: its date dates that work
        (["Nina, you take the price list. Update it with the flour costs and send it over by Tuesday.", "Will do."],
         "Nina Castro", ["price list"], "by Tuesday"),
        # the day the customer asked for, said after the ask
        (["Omar, the café wants a tasting menu. Can you put it together? They asked for it by the 12th.", "Sure."],
         "Omar Haddad", ["tasting menu"], "by the 12th"),
    ],
)
def test_en_the_date_of_the_work_just_given(utts: list[str], owner: str, words: list[str], due: str) -> None:
    found = tasks_in(utts, _BAKERY)
    assert has_task(found, owner, words, due), found
    assert len([o for o, _, _ in found if o == owner]) == 1, found


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("然后投标方案，你先写个初稿，周四拿给我。", ["投标方案初稿"]),
        ("另外培训手册，你先拟个提纲，周四给我。", ["培训手册提纲"]),
    ],
)
def test_zh_a_draft_of_the_thing_named_before(said: str, words: list[str]) -> None:
    found = tasks_in(["晓雯，有空吗？", "在的秦总。", said, "好的。"], ["秦建国", "苏晓雯"])
    assert has_task(found, "苏晓雯", words, "周四"), found


def test_zh_back_to_the_first_owner_after_newer_work() -> None:
    # "还是X你来" gives back the work taken from X, though other work was said since
    utts = ["对了，月度报表也得出一份，小周你整理一下，周五之前。", "秦总，要不报表我来整理？", "嗯……那小孙你来？",
            "其实数据都在我手上，我来更方便，模板小孙发我就行。", "也对，那还是小周你来，小孙把模板给他。"]
    found = tasks_in(utts, ["秦建国", "周明", "孙悦"])
    assert has_task(found, "周明", ["报表"]), found
    assert not has_task(found, "孙悦", ["报表"]), found


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "you also need to…" asks the one called, as "you need to…" does
        (["Victor, you also need to brief the weekend staff on the new till. All of them. By Saturday?", "Saturday, okay."],
         "Victor Yates", ["brief the weekend staff"], "By Saturday"),
        # the name and the matter, then the order opening with its capital verb
        (["Lena, the freezer. Clean the seals tonight and log the temperatures, by tomorrow.", "Okay."],
         "Lena Fischer", ["log the temperatures"], "by tomorrow"),
        (["Omar, the van. Book the service for next week.", "Sure."], "Omar Haddad", ["book the service"], None),
    ],
)
def test_en_orders_after_the_name(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _BAKERY)
    assert has_task(found, owner, words, due), found


def test_en_a_need_said_to_the_one_called_is_theirs() -> None:
    found = tasks_in(["Omar, the display stands need to be done before the fair, since after that we're painting.", "Okay."], _BAKERY)
    assert has_task(found, "Omar Haddad", ["display stands"]), found
    # (said to nobody, or left to anyone, it stays without an owner)
    found = tasks_in(["Omar, someone needs to restock the napkins.", "Okay."], _BAKERY)
    assert not has_task(found, "Omar Haddad", ["napkins"]), found


def test_en_praised_by_name_right_after_a_plan() -> None:
    utts = ["Omar, can you build the shelves?", "Yes, if we get timber. We have none.",
            "I can ask the timber yard about a donation. I know the owner.", "Victor, you're a legend.", "Ha."]
    found = tasks_in(utts, _BAKERY)
    assert has_task(found, "Victor Yates", ["timber yard"]), found


def test_zh_a_contract_is_no_with_whom() -> None:
    # 合同 ends in 同, which is no "with someone" to cut off the thing
    found = tasks_in(["晓雯，你明天把劳动合同复印两份给我。", "好的。"], _FIRM)
    assert has_task(found, "苏晓雯", ["劳动合同"], "明天"), found


def test_en_on_the_call_is_no_duty() -> None:
    found = tasks_in(["Hold on, Lena's calling in. Lena?", "Hi!", "You're on with Omar and me.", "Great."], _BAKERY)
    assert not any(o == "Lena Fischer" for o, _, _ in found), found
