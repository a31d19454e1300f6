"""Families found by the session-42 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import en_turns, names, turns
from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_DEPOT = ["Marcus Hale", "Zoe Brandt", "Priya Raman", "Tomasz Nowak"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the thing and the state it must be in, after the name, by a day
        (["Priya?", "The new tablets came in yesterday, still boxed.", "So Priya, tablets charged by Monday.", "Okay."],
         "Priya Raman", ["tablets"], "by Monday"),
        # what is needed from the one called, said as "what we need from you is…"
        (["Tomasz, what we need from you is the loading plan, for both bays.", "Sure, I do it tonight."],
         "Tomasz Nowak", ["loading plan"], None),
        # a plain present with a time to come, from the one called, as many say it in a second language
        (["Zoe, the landlord has changed the gate codes again.", "Yes, I ask him today and I send you the new codes by tomorrow."],
         "Zoe Brandt", ["codes"], "by tomorrow"),
        # the reply names what "them" was, with the same verb
        (["The courier was late three times this week. Marcus, can you ring them today?",
          "Yeah, I'll ring the courier company after lunch."], "Marcus Hale", ["courier company"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words, due), found


def test_a_who_question_to_the_room_is_no_exchange_between_two() -> None:
    heard = {1: "Zoe, you own the rota. Have it out by Friday.", 2: "Friday, got it.",
             3: "Who's booking the van for the move? Bookings close at five.", 4: "I'll do it. I'll book the van after lunch."}
    assert en_turns.speaker(4, heard, _DEPOT)[0] is None
    found = tasks_in([*heard.values(), "Thanks, Marcus."], _DEPOT)
    assert has_task(found, "Marcus Hale", ["van"]), found
    assert not has_task(found, "Zoe Brandt", ["van"]), found


def test_one_said_to_need_something_is_not_who_answers() -> None:
    heard = {1: "One thing Tomasz needs: the pallet counts from last week.", 2: "I can send those over tonight."}
    assert en_turns.speaker(2, heard, _DEPOT)[0] != "Tomasz Nowak"
    heard = {1: "Tomasz was going to redo the pallet counts.", 2: "I was, sorry, I'll send them tonight."}
    assert en_turns.speaker(2, heard, _DEPOT)[0] == "Tomasz Nowak"


def test_an_ask_taken_back_because_the_one_asked_is_away() -> None:
    utts = ["Next, the shift plan. Tomasz, you do the shift plan for the... no wait, you're off next week, right?",
            "Yes, from Monday.", "Okay, then, Zoe, can you take the shift plan?", "Sure."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "Zoe Brandt", ["shift plan"]), found
    assert not any(o == "Tomasz Nowak" for o, _, _ in found), found


@pytest.mark.parametrize(
    ("text", "plan", "said"),
    [
        ("I send you the photos by tomorrow.", True, "Zoe Brandt will send you the photos by tomorrow."),
        ("I call the hotel tonight.", True, "Zoe Brandt will call the hotel tonight."),
        ("I send the invoices every Monday.", False, None),  # a habit
        ("If it stays dry, I finish today.", False, None),  # when, no work named
        ("Do I send it by Friday?", False, None),  # asked
    ],
)
def test_a_plain_present_with_a_time_to_come_is_a_plan(text: str, plan: bool, said: str | None) -> None:
    assert turns.plans(text) is plan
    if said:
        assert turns.as_said_by(text, "Zoe Brandt") == said


# ---- Chinese ------------------------------------------------------------------------------------------

_GARAGE = ["常国栋", "卢佳琪", "范晓东", "郑浩"]


def test_a_pet_form_heard_as_a_word_calls_them_only_as_a_call() -> None:
    assert [h.name for h in names.find_people("耗子，仓库钥匙你拿一下", _GARAGE)] == ["郑浩"]
    assert names.find_people("仓库里有耗子，得放点药", _GARAGE) == []


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # 重新 between the time and the verb, after the doer's name
        (["那个价目表大家都说字太小。", "行，那佳琪明天重新做价目表。", "好。"], "卢佳琪", ["价目表"], None),
        # the called one by a pet form heard as a word
        (["耗子，仓库那批轮胎你今天清点一下。", "好。"], "郑浩", ["轮胎"], "今天"),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _GARAGE)
    assert has_task(found, owner, words, due), found


def test_work_shared_out_as_a_list_of_names_and_things() -> None:
    utts = ["那就这么分：佳琪展板，晓东音响设备，郑浩签到表。周五之前交给我。", "好。"]
    found = tasks_in(utts, _GARAGE)
    assert has_task(found, "卢佳琪", ["展板"], "周五之前"), found
    assert has_task(found, "范晓东", ["音响设备"], "周五之前"), found
    assert has_task(found, "郑浩", ["签到表"], "周五之前"), found


def test_one_name_and_a_thing_alone_is_no_list() -> None:
    assert tasks_in(["佳琪展板那边怎么样了？", "还行。"], _GARAGE) == []


def test_a_new_date_for_everyone_moves_the_work_shared_out() -> None:
    utts = ["那就这么分：佳琪展板，晓东音响设备。周五之前交给我。", "周五？常总，周五库房盘点，都走不开。",
            "哦对。那这样，大家周四之前交，我周五拿去审。", "好。"]
    found = tasks_in(utts, _GARAGE)
    assert has_task(found, "卢佳琪", ["展板"], "周四之前"), found
    assert has_task(found, "范晓东", ["音响设备"], "周四之前"), found
