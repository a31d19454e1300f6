"""Families found by the session-36 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import extract as ex
from supervisor.rules import lexicon as lx
from supervisor.rules import marks
from supervisor.rules.text import similarity
from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_DEPOT = ["Wilhelmina Ortiz", "Harold Kemp", "Mateo Ruiz", "Ezekiel Brandt", "Priyanka Das"]


@pytest.mark.parametrize(
    ("word", "name", "called"),
    [
        ("Hal", "Harold Kemp", True),  # a pet name no clip of the name gives
        ("Zeke", "Ezekiel Brandt", True),
        ("Teo", "Mateo Ruiz", True),  # the last syllable of a five-letter name
        ("Zeke", "Ezekiel Brandt", False),  # …unless another one here may be called so too (below)
    ],
)
def test_pet_names(word: str, name: str, called: bool) -> None:
    people = _DEPOT if called else [*_DEPOT, "Isaac Mensah"]
    assert clipped_call(word, name, people) is called


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # asked how a thing stands, the plan after the wait is about it; the thing by its day's name
        (["Priyanka, where are we with Monday's pick list?", "Nearly. I'm waiting on two counts, and then I'll send it out by five tonight."],
         "Priyanka Das", ["pick list"]),
        # "can you…?" naming nobody, in an exchange with the one called, asks them
        (["Right. Hal.", "So, the loading bay door. The sensor keeps tripping.", "Since when?", "Since Tuesday.",
          "Can you get the door company out before the weekend?", "Yeah, I'll ring them."], "Harold Kemp", ["door company"]),
        # only why them between the name and the ask; "it" is what someone else wants, said before
        (["The insurer wants a site survey on Thursday. Mateo, you know the yard. Can you do it?", "Sure."], "Mateo Ruiz",
         ["site survey"]),
        # a plan that is a verb alone is said of whom the question asked about
        (["Zeke, did you hear back from the landlord about the parking?", "Not yet. I'll chase again.", "Thanks."],
         "Ezekiel Brandt", ["landlord"]),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words), found


def test_told_bare_to_do_it_to_the_thing_named_after_the_name() -> None:
    found = tasks_in(["Okay, first — Wil, the shelf labels, all of them, reprint them before Monday.", "Will do."], _DEPOT)
    assert has_task(found, "Wilhelmina Ortiz", ["shelf labels"], "before Monday"), found


def test_whom_to_talk_to_in_a_correction_takes_nothing_on() -> None:
    utts = ["Mateo, can you send me the damage photos by Friday?", "Sure.", "Should we ring the customer?",
            "No — sorry, I mean — talk to Priyanka first. She handles claims.", "Okay."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "Mateo Ruiz", ["damage photos"]), found
    assert not has_task(found, "Priyanka Das", ["damage photos"]), found


def test_a_turn_down_by_a_reason_lets_the_one_asked_off() -> None:
    utts = ["Priyanka, you said you'd run the raffle?", "I did, but I'm off that weekend, so I don't know how I'm meant to do it.",
            "Hal, can you take the raffle?", "Sure, I'll run the raffle."]
    found = tasks_in(utts, _DEPOT)
    assert not any(o == "Priyanka Das" for o, _, _ in found), found
    assert has_task(found, "Harold Kemp", ["raffle"]), found


def test_that_needs_doing_after_work_nobody_owns_adds_nothing() -> None:
    utts = ["Someone has to book the skip for the clear-out. Last time it was full by noon.", "Yeah, that needs doing."]
    found = tasks_in(utts, _DEPOT)
    assert [t for _, t, _ in found] == ["book the skip for the clear-out"], found


def test_a_date_said_then_then_settles_it() -> None:
    utts = ["Hal, keep the forklift service.", "They keep saying Tuesday.", "We need it by Monday, Hal.",
            "No, the auditors aren't in till Thursday now. So Tuesday's fine.", "Oh, right. Okay. Tuesday then.", "Tuesday."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "Harold Kemp", ["forklift service"], "Tuesday"), found


def test_a_warning_to_someone_is_no_task() -> None:
    found = tasks_in(["Okay, that's everyone. Teo, hands off the label printer till I'm back.", "Fine."], _DEPOT)
    assert found == [], found


def test_a_matter_named_before_actually_moves_no_other_task() -> None:
    utts = ["Zeke, can you price the pallet wrap?", "I'll get a quote.",
            "Oh, and Brightline — actually, Priyanka, you know them better. Can you call them?", "Sure."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "Ezekiel Brandt", ["pallet wrap"]), found


@pytest.mark.parametrize(
    ("said", "when"),
    [
        ("I'll send it out by six tonight.", "by six tonight"),
        ("Can you get the photos to me tomorrow by noon?", "tomorrow by noon"),
        ("Send the invoice Friday before lunch.", "Friday before lunch"),
        ("We need two tomorrow.", "tomorrow"),  # a number of things is no hour
    ],
)
def test_en_hours_said_with_their_day(said: str, when: str) -> None:
    assert [h.text for h in lx.dates(said)] == [when]


@pytest.mark.parametrize(
    ("title", "clean"),
    [
        ("tomorrow's pick list", "pick list"),  # which one, by its day, is no date
        ("check Friday's delivery", "check delivery"),
        ("the Monday bulletin", "Monday bulletin"),
    ],
)
def test_en_title_without_the_day_it_is_named_by(title: str, clean: str) -> None:
    assert ex.clean_en_title(title) == clean


@pytest.mark.parametrize(
    ("said", "open_"),
    [
        ("I'm waiting on the figures.", True),
        ("I'm waiting on the figures, and then I'll send it round.", False),  # the plan after the wait
    ],
)
def test_a_wait_then_a_plan_leaves_nothing_open(said: str, open_: bool) -> None:
    assert marks.open_mark(said) is open_


def test_a_word_that_names_no_thing_joins_no_two_matters() -> None:
    assert similarity("get the scaffold guy out", "the catering guy") == 0.0


# ---- Chinese ------------------------------------------------------------------------------------------

_STUDIO = ["白若琳", "滕建国", "左佳慧", "景小川"]


def test_zh_told_by_him_after_naming_him() -> None:
    utts = ["建国回来了你们跟他说一声，让他把展柜的钥匙还了，顺便把样册都收好。", "好嘞。"]
    found = tasks_in(utts, _STUDIO)
    assert has_task(found, "滕建国", ["钥匙"]), found
    assert has_task(found, "滕建国", ["样册"]), found


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # a bare order after the name, opened by an adverb of when or how
        (["小川，再买个展架。", "好。"], "景小川", ["展架"]),
        # …after how things stand and what must be, said between
        (["建国，门口那块地毯太旧了，得换，再买个防滑垫。", "行。"], "滕建国", ["防滑垫"]),
        # 和 joins two things in a 把 object
        (["佳慧，你把样衣和面料小样都登记一下。", "好。"], "左佳慧", ["样衣和面料小样"]),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _STUDIO)
    assert has_task(found, owner, words), found


@pytest.mark.parametrize(
    ("said", "plans"),
    [
        ("我就开个玩笑，别当真。", False),  # said in jest
        ("昨晚一直到十点我来了才关上。", False),  # where the speaker went, done
        ("我来了，下午我去找供应商。", True),
    ],
)
def test_zh_what_is_no_plan(said: str, plans: bool) -> None:
    from supervisor.rules import zh_turns
    assert zh_turns.plans(said) is plans


def test_zh_title_without_what_it_needs() -> None:
    assert ex.clean_zh_title("合同得") == "合同"
    assert ex.clean_zh_title("学习心得") == "学习心得"


def test_what_a_thing_does_by_itself_is_no_ones_work() -> None:
    utts = ["Weather's clearing. Lift two should open by noon if the wind drops.", "Parts are on order, they should land Friday.",
            "Mateo should open the ticket office by nine."]
    found = tasks_in(utts, _DEPOT)
    assert [(o, t) for o, t, _ in found] == [("Mateo Ruiz", "open the ticket office")], found
