"""Families found by the session-34 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import address_forms, called_short
from supervisor.rules import orders, zh_turns
from supervisor.rules.extract import clean_zh_title
from supervisor.rules.names import find_people
from supervisor.rules.polite import en_polite
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

# ---- Chinese: the matter pointed at, and orders said as topic and comment ----------------------------

_WORKSHOP = ["邝立新", "岳秀琴", "鲁国栋", "晏子涵", "鲍大鹏"]


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # the matter said as a state, then "this one is yours" to the one called
        (["仓库的货架标签还没换。", "子涵，这个你负责。", "好。"], "晏子涵", ["货架标签"]),
        (["仓库的货架标签还没换。", "子涵，这个你跟一下。", "好。"], "晏子涵", ["货架标签"]),
        # the matter, then a pointer that hands it over by name
        (["样机的说明书要重新排版。", "这个交给国栋。", "行。"], "鲁国栋", ["说明书"]),
        (["样机的说明书要重新排版。", "那这个就让国栋弄吧。", "行。"], "鲁国栋", ["说明书"]),
        # leading the work, then the work said as topic and comment, and more done along with it
        (["立新你牵头，月底之前三个车间全部巡检一遍，灭火器一起换了。", "行。"], "邝立新", ["车间"]),
        (["立新你牵头，月底之前三个车间全部巡检一遍，灭火器一起换了。", "行。"], "邝立新", ["灭火器"]),
        # a plan dated with 这个礼拜 / 下个星期
        (["国栋，打印机怎么样了？", "硒鼓我这个礼拜换掉。", "好。"], "鲁国栋", ["硒鼓"]),
        # 开 with a 把 object issues a paper
        (["秀琴，你把上个月的发票开一下。", "好。"], "岳秀琴", ["发票"]),
        # a chart, then its verb, read as jieba would not
        (["子涵，你把仓库的平面图画一下。", "好。"], "晏子涵", ["平面图"]),
        # more of a thing, and by how much; with whom, before the 把 object
        (["大鹏你跟食堂把夜宵的量再加两成。", "好。"], "鲍大鹏", ["夜宵"]),
        # whom it is pressed with is no part of the thing
        (["立新你把电梯维修的事跟物业再催一下。", "好。"], "邝立新", ["电梯维修"]),
        # a name that calls someone only as a call, cut off from its comma
        (["大鹏，你把年度的安全台账收一下。", "好。"], "鲍大鹏", ["安全台账"]),
        # what the work waits for, then the one who does it with a bare verb
        (["新滤芯到了以后子涵你装上去。", "好。"], "晏子涵", ["滤芯"]),
        # 话术 is no 的话 of an "if"
        (["秀琴你把售后的话术写好。", "好。"], "岳秀琴", ["话术"]),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _WORKSHOP)
    assert has_task(found, owner, words), found


@pytest.mark.parametrize(
    "utts",
    [
        ["这个交给国栋。", "行。"],  # a pointer with nothing before it names no work
        ["子涵，这个你负责。", "好。"],
        ["保安非要登记身份证，折腾半天。", "嗯。"],  # 保安非 is no one's name
        ["喂？……对，在开会……你先把单号发过来。", "谁啊？"],  # said into a phone, to the caller
    ],
)
def test_zh_no_work(utts: list[str]) -> None:
    assert tasks_in(utts, _WORKSHOP) == [], tasks_in(utts, _WORKSHOP)


def test_a_pointer_hand_over_with_the_work_said_next_is_one_task() -> None:
    found = tasks_in(["围墙的裂缝上次检查说要补。", "这个交给国栋，围墙的修补国栋牵头，周五之前补完。", "行。"], _WORKSHOP)
    assert len([t for t in found if t[0] == "鲁国栋"]) == 1, found


def test_where_it_goes_all_of_it_is_no_second_task() -> None:
    found = tasks_in(["活动页上架的事子涵你弄，三个平台都上，下周二之前。", "收到。"], _WORKSHOP)
    assert len([t for t in found if t[0] == "晏子涵"]) == 1, found


def test_a_no_then_an_earlier_day_moves_the_work() -> None:
    utts = ["秀琴，周报周四前给我。", "周四我要去培训，周五给你行不行？", "周五……行吧。", "哎，等一下，周五上面要来检查啊。",
            "哎呀对对对，那不行不行，秀琴你还是周三给我。", "好吧，周三就周三。"]
    found = tasks_in(utts, _WORKSHOP)
    assert has_task(found, "岳秀琴", ["周报"], "周三"), found
    assert len(found) == 1, found


@pytest.mark.parametrize(
    ("title", "clean"),
    [
        ("车间门口那个那个消防栓", "车间门口消防栓"),
        ("不行不行", ""),
        ("实在不行", ""),
    ],
)
def test_zh_title_without_fillers(title: str, clean: str) -> None:
    assert clean_zh_title(title) == clean


@pytest.mark.parametrize("plan", ["滤网我这个礼拜换掉", "我下个星期把账对完", "报表我周末弄好"])
def test_plans_dated_the_spoken_way(plan: str) -> None:
    assert zh_turns.plans(plan)


@pytest.mark.parametrize(
    ("clause", "dated", "said"),
    [
        ("灭火器一起换了", False, "把灭火器一起换了"),  # more done along with the work
        ("月底之前三个车间全部巡检一遍", True, "月底之前把三个车间全部巡检一遍"),  # all of it, by then
        ("温度天天都要看", False, None),  # how often, no order
        ("三个平台都上", False, None),  # where it goes, all of it
    ],
)
def test_a_thing_and_all_of_it_goes_on_as_an_order(clause: str, dated: bool, said: str | None) -> None:
    assert orders._goes_on(clause, dated) == said


def test_whom_it_is_pressed_with_is_no_part_of_the_title() -> None:
    found = tasks_in(["立新你把电梯维修的事跟物业再催一下。", "好。"], _WORKSHOP)
    assert [t for _, t, _ in found] == ["电梯维修"], found


def test_with_whom_before_a_ba_object_is_no_part_of_the_title() -> None:
    found = tasks_in(["大鹏你跟食堂把夜宵的量再加两成。", "好。"], _WORKSHOP)
    assert [t for _, t, _ in found] == ["夜宵的量"], found


def test_a_call_form_still_calls_in_its_clause() -> None:
    assert [h.name for h in find_people("大鹏，", _WORKSHOP)] == ["鲍大鹏"]


# ---- English: names as colleagues say them --------------------------------------------------------

_CREW = ["Angus Doyle", "Megan Ashworth", "Jasmine Okafor", "Lourdes Varga", "Ruairí Byrne", "Priya Nair"]


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Gus, you're up.", "Angus Doyle"),  # a five-letter name's last syllable
        ("Meegs, where are we?", "Megan Ashworth"),  # the first vowel said long
        ("Jaz, can you?", "Jasmine Okafor"),  # an s said as z, a consonant after it
    ],
)
def test_clipped_calls(said: str, name: str) -> None:
    assert [n for n in _CREW if called_short(said, n, _CREW)] == [name]


@pytest.mark.parametrize(("form", "name"), [("Rory", "Ruairí Byrne"), ("Lola", "Lourdes Varga")])
def test_pet_forms_that_share_no_letters(form: str, name: str) -> None:
    if form == "Lola":
        name = "Dolores Varga"  # (Lola is a pet form of Dolores)
        crew = [*_CREW, name]
    else:
        crew = _CREW
    assert form in address_forms(name, crew)


def test_a_vowel_first_end_of_a_name_calls_nobody() -> None:
    assert not called_short("Ian, go.", "Brian Hale", ["Brian Hale", "Nora Quinn"])


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("Jaz, you reckon you can get the kit list sorted?", "Jaz, could you get the kit list sorted?"),
        ("Can you take the boiler service off my plate?", "Can you take over the boiler service?"),
    ],
)
def test_polite_asks(said: str, plain: str) -> None:
    assert en_polite(said) == plain


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        (["Priya, the water safety rota. You reckon you can get it sorted?", "Yep, by Thursday."], "Priya Nair", ["rota"]),
        # "this" taken off the speaker's plate is the matter the turn before named, not how the speaker is
        (["Priya, the van hire?", "Honestly, I'm moving flat next week and I'm swamped. Jaz, can you take this off my plate?",
          "Sure."], "Jasmine Okafor", ["van hire"]),
        # the one thanked right after took the work, even when the next thing is put to someone else
        (["Someone needs to update the notice board.", "I can grab that.", "Thanks, Meegs. Kit next. Gus, could you order the gloves?"],
         "Megan Ashworth", ["notice board"]),
        # an order said back to the one who answered the question just asked
        (["Priya, the stage lights?", "Two of the spots are dead.", "How much for new ones?", "About eighty for both.",
          "Fine. Just buy the spots. Order the gaffer tape too, and get the receipts to Gus."], "Priya Nair", ["spots"]),
        (["Priya, the stage lights?", "Two of the spots are dead.", "How much for new ones?", "About eighty for both.",
          "Fine. Just buy the spots. Order the gaffer tape too, and get the receipts to Gus."], "Priya Nair", ["gaffer tape"]),
        # the person named with a title just before is whom they will call
        (["Megan, the raffle prizes.", "We've got six. What about Mrs Hendry? She gave a hamper last year. I'll call her."],
         "Megan Ashworth", ["Hendry"]),
        # the one called answers, naming at the end whom it is for
        (["Gus, the keys for the annex. Priya needs a set.", "I'll get you a set cut by Friday, Priya."], "Angus Doyle", ["set"]),
        # asked to go in the speaker's place, to the event just said to be booked
        (["The tribunal's booked for the ninth. I said I'd go, but I can't now. Jaz, can you go instead?", "What day's that?",
          "It's a Monday.", "Fine, I'll go."], "Jasmine Okafor", ["tribunal"]),
        # someone "really" needs to do it: work with no owner yet
        (["Someone really needs to phone the landlord about the damp.", "Yeah."], None, ["landlord"]),
    ],
)
def test_en_work_found(utts: list[str], owner: str | None, words: list[str]) -> None:
    found = tasks_in(utts, _CREW)
    assert has_task(found, owner, words), found


def test_a_plan_right_after_a_claim_is_how_not_more_work() -> None:
    found = tasks_in(["Someone needs to update the notice board.", "I can grab that. I'll do one section a day from Monday.",
                      "Thanks, Meegs."], _CREW)
    assert len(found) == 1, found


def test_a_plan_for_work_just_asked_dates_it() -> None:
    found = tasks_in(["Gus, can you put a parts list together for the refit?", "Yeah, I'll send a parts list over by Monday."], _CREW)
    assert has_task(found, "Angus Doyle", ["parts list"], "by Monday"), found
    assert len(found) == 1, found


def test_the_day_a_date_falls_on_does_not_move_it() -> None:
    found = tasks_in(["The tribunal's booked for the ninth. Jaz, can you go instead?", "What day's that?", "It's a Monday."], _CREW)
    assert has_task(found, "Jasmine Okafor", ["tribunal"], "the ninth"), found


@pytest.mark.parametrize(
    "utts",
    [
        ["Gus, the ladders?", "Sure, that's fine, I'll do it."],  # how the work is taken names none
        ["Meegs laughs at everything, honestly.", "Ha."],  # how someone is, said of them
        ["Sorry — Priya, you've frozen.", "Can you hear me now?"],  # no correction
        ["Jaz, the new rota. Even Marcus can follow the rota.", "True."],  # an adverb opening a sentence is no name
    ],
)
def test_en_no_work_of_its_own(utts: list[str]) -> None:
    found = tasks_in(utts, _CREW)
    assert not any(t and ("fine" in t.lower() or "everything" in t.lower() or "follow" in t.lower()) for _, t, _ in found), found


def test_sorry_and_how_the_call_is_going_moves_no_work() -> None:
    utts = ["Gus, can you book the minibus?", "Sure.", "Sorry — Priya, you've frozen.", "Back now."]
    ledger = run_meeting(utts, _CREW, "en")
    owners = {t["payload"]["owner"] for t in ledger.open("task")}
    assert owners == {"Angus Doyle"}, ledger.open("task")
