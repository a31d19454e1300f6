"""Table tests of English exchanges: who the reply's "I" is, work taken by pointing back, a need
said of what was just named, fillers inside a request, absences and past events that are no
deadline, and a date only restated. Sentences are written for the tests, in domains of their own."""

from __future__ import annotations

import pytest
from rules_harness import run_meeting

from supervisor.rules import turns
from supervisor.rules.lexicon import deadlines

PEOPLE = ["Hana", "Marco", "Ines", "Ravi", "Sofia", "Kwasi", "Yusuf", "Beth", "Lucia", "Nadia"]


def tasks(utterances: list[str]) -> list[tuple[str | None, str, str | None]]:
    led = run_meeting(utterances, PEOPLE, "en")
    return sorted(((t["payload"]["owner"], t["payload"]["title"], t["payload"]["due_date_raw"])
                   for t in led.open("task")), key=str)


@pytest.mark.parametrize(
    ("said", "who"),
    [
        ("Marco, the cold room, any news?", "Marco"),
        ("Sure. Oh, and Ines, could you book the van?", "Ines"),
        ("Hana volunteered to organise the raffle, didn't she?", "Hana"),
        ("Thanks, Ravi.", "Ravi"),
        ("Okay, thanks everyone.", None),
        ("Hana and Marco both said they'd help.", None),
        ("Marco said Ines would know?", None),  # two people named, neither called
    ],
)
def test_the_person_the_utterance_speaks_to(said, who) -> None:
    assert turns.addressee(said, PEOPLE) == who


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        (["Hana volunteered to organise the raffle, didn't she?", "I did. I'll print the raffle tickets."],
         ("Hana", "print the raffle tickets")),
        (["Marco, the cold room, any news?", "Not yet. I'll call the refrigeration engineer."],
         ("Marco", "call the refrigeration engineer")),
        (["Let's have Ines handle the venue, she knows the owner.", "Sure. I'll draft the rental agreement."],
         ("Ines", "draft the rental agreement")),
    ],
)
def test_a_plan_in_the_reply_is_the_work_of_the_person_asked(utterances, expected) -> None:
    assert expected in [(o, t) for o, t, _ in tasks(utterances)]


def test_a_plan_after_no_one_in_particular_keeps_no_owner() -> None:
    assert (None, "send the minutes round") in [(o, t) for o, t, _ in tasks(
        ["Okay, that's everything on the agenda.", "I'll send the minutes round."])]


@pytest.mark.parametrize(
    ("utterances", "owner", "words"),
    [
        (["Somebody has to renew the domain before it lapses.", "Ravi, that's normally you, right?", "Yes, fine, I'll do it."],
         "Ravi", "renew the domain"),
        (["Someone should chase the missing invoices.", "Sofia, that one's yours."], "Sofia", "chase the missing invoices"),
        (["We need someone to book the minibus.", "Kwasi, are you free for that?", "Yeah, leave it with me."],
         "Kwasi", "book the minibus"),
    ],
)
def test_work_said_without_owner_is_taken_by_pointing_back(utterances, owner, words) -> None:
    found = tasks(utterances)
    assert [(o, t) for o, t, _ in found if words in t] == [(owner, words)]


def test_a_plan_with_a_date_goes_to_the_speakers_task_the_question_named() -> None:
    found = tasks([
        "Yusuf will run the supplier audit.",
        "Next, the canteen menu. Beth, you're on that.",
        "Yusuf, the supplier audit, how far along are you?",
        "Halfway there. I'll have it done by Thursday.",
    ])
    assert ("Yusuf", "run the supplier audit", "by Thursday") in found
    assert ("Beth", "canteen menu", None) in found


@pytest.mark.parametrize(
    ("utterances", "words", "due"),
    [
        (["One more thing, the freight elevator keeps stalling. That needs looking at."], "freight elevator", None),
        (["The staff rota for December is still blank.", "Yeah, that has to be sorted out by Friday."],
         "staff rota for December", "by Friday"),
        (["Last item, the guest wifi password expired. It needs resetting."], "guest wifi password", None),
    ],
)
def test_a_need_said_of_what_was_just_named_is_unowned_work(utterances, words, due) -> None:
    found = tasks(utterances)
    assert [(o, d) for o, t, d in found if words in t] == [(None, due)]


def test_a_filler_inside_a_request_leaves_it_a_request() -> None:
    found = tasks(["Also, Lucia, the newsletter. Can you, like, add the event photos?"])
    assert ("Lucia", "add the event photos", None) in found


def test_an_absence_and_a_past_event_are_no_deadlines() -> None:
    assert deadlines("Pedro couldn't make it today") == []
    assert deadlines("Sara can't join this week") == []
    found = tasks(["Nadia will clean up the shared drive.", "We had two outages this week because of it."])
    assert [d for o, t, d in found if "shared drive" in t] == [None]


def test_a_date_restated_with_its_month_keeps_the_words_first_said() -> None:
    found = tasks(["Nadia, can you do the tax filing? Before the 30th, please.", "Before April 30th, sure."])
    assert [d for o, t, d in found if "tax filing" in t] == ["Before the 30th"]


def test_an_imperative_said_back_to_the_one_who_answered_is_their_task() -> None:
    found = tasks([
        "Beth, the quarterly newsletter. You're on that.",
        "Most of it is written. I still need a photo of the new lab.",
        "Take the photo over the weekend then.",
    ])
    assert ("Beth", "photo", "over the weekend") in found
    # an order whose only news is a date adds no task
    found = tasks(["Marco, the supplier contract. You're on that.", "Not before Monday.", "File Friday morning."])
    assert [t for o, t, _ in found] == ["supplier contract"]


def test_a_request_after_the_person_and_the_topic_are_named() -> None:
    found = tasks(["Okay, Kwasi, the lab inventory. Could you count the reagent bottles?"])
    assert ("Kwasi", "count the reagent bottles", None) in found


@pytest.mark.parametrize(
    ("clause", "said"),
    [
        ("Can you print the banners this weekend?", ["this weekend"]),
        ("I can finish it over the weekend.", ["over the weekend"]),
        ("None of them ran the backup this week.", []),  # what happened, no deadline
        ("We checked the logs this morning.", []),
    ],
)
def test_weekend_deadlines_and_past_reports(clause, said) -> None:
    assert [h.text for h in deadlines(clause)] == said


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        (["Kwasi, can you run the volunteer briefing?", "Okay. Do I need to prepare anything?", "Just the rota, by Thursday."],
         ("Kwasi", "prepare the rota", "by Thursday")),
        (["Sofia, you're on the audit prep.", "Sure. What should I bring?", "Your access badge and the ledger printouts."],
         ("Sofia", "bring Your access badge and the ledger printouts", None)),
    ],
)
def test_the_answer_to_what_do_i_need_to_do_is_the_askers_task(utterances, expected) -> None:
    assert expected in tasks(utterances)


def test_what_do_i_need_asked_by_nobody_in_particular_adds_nothing() -> None:
    assert tasks(["Okay, moving on.", "Do I need to bring anything?", "Just the usual forms."]) == []


FULL = ["Alan Whitfield", "Rosa Delgado", "Kim Nguyen", "Beth Harlow", "Kim Osei"]


def full_tasks(utterances: list[str]) -> list[tuple[str | None, str, str | None]]:
    led = run_meeting(utterances, FULL, "en")
    return sorted(((t["payload"]["owner"], t["payload"]["title"], t["payload"]["due_date_raw"])
                   for t in led.open("task")), key=str)


def test_participants_with_full_names_are_called_by_first_name_or_title() -> None:
    from supervisor.rules.names import find_people

    assert [h.name for h in find_people("Beth, could you call the landlord?", FULL)] == ["Beth Harlow"]
    assert [h.name for h in find_people("Ask Dr. Whitfield first.", FULL)] == ["Alan Whitfield"]
    assert [h.name for h in find_people("Kim, can you?", FULL)] == []  # two Kims: no one in particular
    assert full_tasks(["Rosa, can you restock the gloves? Today if possible."]) == [
        ("Rosa Delgado", "restock the gloves", "Today")]


def test_the_one_thanked_right_after_volunteering_is_who_spoke() -> None:
    found = full_tasks(["Somebody needs to update the intake form.", "I can do that. I'll have it ready by Wednesday.",
                        "Perfect, thanks Rosa."])
    assert found == [("Rosa Delgado", "update the intake form", "by Wednesday")]
    found = full_tasks(["Either way I can design the flyers. I'll have a draft by Friday.", "Lovely, thank you Beth."])
    assert found == [("Beth Harlow", "design the flyers", "by Friday")]


def test_a_new_day_the_work_moves_something_to_is_no_deadline() -> None:
    found = full_tasks(["Beth, move Mr. Okafor to Tuesday.", "Okay, I'll call him this afternoon."])
    assert [d for o, t, d in found if o == "Beth Harlow"] == ["this afternoon"]


@pytest.mark.parametrize(
    ("work", "pronoun"),
    [("email them today", True), ("do it", True), ("ask her for a quote", False), ("send them over", True),
     ("call him back tomorrow", True), ("print the tickets", False)],
)
def test_a_pronoun_object_agrees_to_work_asked_for(work, pronoun) -> None:
    assert turns.pronoun_object(work) is pronoun


def test_the_one_answered_by_name_right_after_spoke_the_plan() -> None:
    found = full_tasks(["We talked about it, but the landlord hasn't replied.", "I'll call the landlord on Monday.",
                        "Please do, Rosa."])
    assert found == [("Rosa Delgado", "call the landlord", "Monday")]
    found = full_tasks(["Beth, could you go through those receipts before the next audit?", "Sure, I'll take a look."])
    assert found == [("Beth Harlow", "go through those receipts", "before the next audit")]
