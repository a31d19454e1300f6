"""Families found by the session-41 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import refer, state, zh_turns
from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_YARD = ["Felicity Moran", "Oscar Lindqvist", "Bea Achterberg", "Dev Raman"]


def test_a_soft_c_heard_as_s_in_a_pet_form() -> None:
    assert clipped_call("Fliss", "Felicity Moran", _YARD)
    assert not clipped_call("Fliss", "Oscar Lindqvist", _YARD)


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # what the speaker is going to need from them is asked of them
        (["Oscar, I'm going to need the signed waivers from you by Thursday.", "Sure."], "Oscar Lindqvist", ["signed waivers"],
         "by Thursday"),
        # "that" is what the one asked is already on
        (["Bea's sorting the van rota this week. Bea, can you have that by Friday?", "Yep."], "Bea Achterberg", ["van rota"],
         "by Friday"),
        # a pronoun got done by a date, after the matter called with the name
        (["And Dev, the key register. Half the tags are wrong. Can you have that updated by Monday?", "Monday, fine."],
         "Dev Raman", ["key register"], "by Monday"),
        # "the correction" is a thing to write, no correction of the task
        (["So, Felicity, write the correction and post it on the notice board today.", "Will do."], "Felicity Moran",
         ["correction"], "today"),
        # a name with a sentence particle after it still calls them
        (["Dev lah, you do the stock take.", "Okay, can."], "Dev Raman", ["stock take"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _YARD)
    assert has_task(found, owner, words, due), found


def test_a_need_said_after_a_dash_titles_someone_should_do_that() -> None:
    found = tasks_in(["Oh, and while I think of it — we need a shared calendar for the minibus. "
                      "Nobody knows who has it. Someone should set that up.", "Yeah."], _YARD)
    assert has_task(found, None, ["shared calendar"]), found


def test_asking_whether_they_have_it_is_no_work() -> None:
    assert tasks_in(["Right, Oscar, you've got the sign-in sheet?", "I do."], _YARD) == []


def test_each_part_of_two_works_keeps_its_own_day() -> None:
    found = tasks_in(["Bea, can you call the insurer today and get the claim form sent by Wednesday?", "Sure."], _YARD)
    assert has_task(found, "Bea Achterberg", ["insurer"], "today"), found
    assert has_task(found, "Bea Achterberg", ["claim form"], "by Wednesday"), found


def test_finish_by_a_day_dates_the_work_just_asked() -> None:
    found = tasks_in(["Dev, you book the skip hire, can finish by Tuesday or not?", "Tuesday can."], _YARD)
    assert has_task(found, "Dev Raman", ["skip hire"], "by Tuesday"), found
    assert not any(t.strip().lower() == "finish" for _, t, _ in found), found


def test_an_apology_to_the_one_called_gives_them_nothing() -> None:
    found = tasks_in(["Oscar, can you cover the Saturday shift?", "Felicity, sorry, I'm away that weekend.",
                      "Okay, Bea, you cover it then."], _YARD)
    assert not has_task(found, "Felicity Moran", ["Saturday shift"]), found


def test_a_name_said_with_then_takes_the_work_and_back_to_gives_it_back() -> None:
    utts = ["Bea, can you pull the door logs for last night?", "I can't, I don't have access to that system.",
            "Oh, right. Dev, then. The logs, end of day if you can.", "End of day, fine."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Dev Raman", ["door logs"]), found
    utts = ["Oscar, can you fix the fire exit sign?", "I wasn't in that day, Bea put it up.", "Bea's off till Friday. Dev, then.",
            "I can, but I don't know where the spare is. Oscar, you had the spare, right?", "Yeah, I do.",
            "Okay, back to Oscar, you've got the spare. Fix the sign by Thursday."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Oscar Lindqvist", ["fire exit sign"]), found
    assert not has_task(found, "Dev Raman", ["fire exit sign"]), found


# ---- Chinese ------------------------------------------------------------------------------------------

_SHOP = ["孟国庆", "卢佳琪", "范晓东", "温小燕"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the speaker names themself after 我 before 亲自
        (["孟总您好，我是后勤的老孟，孟国庆。", "你好。", "那批桌椅怎么还没到？", "是我们的问题。这回我老孟亲自盯，后天一早我就去仓库催。"],
         "孟国庆", ["仓库"], "后天一早"),
        # done for the one spoken to: 我给您出
        (["老范，这个改动要多少钱？", "说不好。我周三给您出个预算。", "好。"], "范晓东", ["预算"], "周三"),
        # for whom, after 帮, is not who does it; 我…给她 is whom it goes to
        (["老范，能不能帮佳琪查一下去年的电费单？", "行，月底前我查好发给佳琪。"], "范晓东", ["电费单"], "月底前"),
        # the thing asked after with 呢, answered with when by the one called
        (["小燕，展板呢？", "我下周二给您定稿。", "行。"], "温小燕", ["展板"], "下周二"),
        # the one thanked right after a plan, put forward by the one called, takes it on
        (["小燕，验收单你来弄？", "孟总，我这周排得满满的，佳琪之前弄过，她熟。", "行，验收单我来弄，周四前交上去。", "好，佳琪辛苦。"],
         "卢佳琪", ["验收单"], "周四前"),
        # the matter, then the speaker naming themself after 我
        (["还有门口的灯箱，要换新的。", "灯箱这事儿我老孟来办，下周给你们看样。", "好。"], "孟国庆", ["灯箱"], None),
        # a date before the thing says which one, not when
        (["下个月展会的物料，晓东你这次也负责准备一下，月底前给我。", "好的。"], "范晓东", ["展会的物料"], "月底前"),
        # a time, then 重新, then the verb: a plan
        (["小燕，上周那版大家都说太挤了。", "对，我明天重新排一版菜单。", "行。"], "温小燕", ["菜单"], None),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _SHOP)
    assert has_task(found, owner, words, due), found


def test_owning_up_to_a_thing_done_says_who_speaks() -> None:
    heard = {1: "孟总，那台打印机当时是晓东买的，售后我联系不上。", 2: "哦对，是我买的，我来弄吧，下午我就打电话。"}
    assert zh_turns.speaker(2, heard, _SHOP)[0] == "范晓东"


def test_a_thing_said_of_the_work_is_other_work() -> None:
    assert not state.same_work("制冰机", "制冰机坏了的情况拍个视频")
    assert state.same_work("制冰机", "制冰机的事")
    assert state.same_work("制冰机", "制冰机维修")


@pytest.mark.parametrize(
    "utts",
    [
        ["晓东你也别往心里去，这事不怪你。", "嗯。"],  # told not to take it to heart
        ["谢谢孟总，辛苦了。", "不客气，晓东再见。"],  # a courtesy and a goodbye
        ["都坐吧，佳琪把门关一下，走廊太吵。", "好。"],  # the door of the room, now
    ],
)
def test_no_work(utts: list[str]) -> None:
    assert tasks_in(utts, _SHOP) == []


def test_a_date_moved_when_the_one_it_is_for_is_away() -> None:
    utts = ["晓东，装修图纸麻烦发我一份。", "图纸我周四发您吧。", "周四我们主任出差，发了也没人看。下周二之前发就行。", "好，那下周二之前发您。"]
    found = tasks_in(utts, _SHOP)
    assert has_task(found, "范晓东", ["图纸"], "下周二之前"), found


def test_a_revert_with_help_on_the_side_goes_back_to_the_first() -> None:
    utts = ["佳琪，供应商那边你去谈吧。", "孟总，我这周要盘点，真排不开。", "那行，小燕你来？", "我可以，但我不认识他们。",
            "算了算了，还是佳琪你来，你认识人，盘点的事让晓东帮你分担。", "好吧，那供应商我来谈。"]
    found = tasks_in(utts, _SHOP)
    assert has_task(found, "卢佳琪", ["供应商"]), found
    assert not has_task(found, "温小燕", ["供应商"]), found


def test_a_laugh_and_a_yes_name_no_work() -> None:
    assert refer.no_work("哈哈哈好好好")
    assert refer.no_work("不客气")
    assert not refer.no_work("菜单")
