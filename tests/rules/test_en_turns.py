"""Table tests of English exchanges: who the reply's "I" is, work taken by pointing back, a need
said of what was just named, fillers inside a request, absences and past events that are no
deadline, and a date only restated. Sentences are written for the tests, in domains of their own."""

from __future__ import annotations

import pytest
from rules_harness import open_tasks, run_meeting

from supervisor.rules import turns
from supervisor.rules.lexicon import deadlines

PEOPLE = ["Hana", "Marco", "Ines", "Ravi", "Sofia", "Kwasi", "Yusuf", "Beth", "Lucia", "Nadia"]


def tasks(utterances: list[str]) -> list[tuple[str | None, str, str | None]]:
    return sorted(open_tasks(utterances, PEOPLE, "en"), key=str)


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
    return sorted(open_tasks(utterances, FULL, "en"), key=str)


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


# ---- en_turns: who speaks, claims, "you" in a one-to-one, replies, put-off matters ----------------

from supervisor.rules import en_turns  # noqa: E402

PAIR = ["Oskar", "Mei"]


def pair_tasks(utterances: list[str]) -> list[tuple[str | None, str, str | None]]:
    return sorted(open_tasks(utterances, PAIR, "en"), key=str)


def open_questions(utterances: list[str]) -> list[tuple[str, list[int], str]]:
    led = run_meeting(utterances, PEOPLE, "en")
    return [(q["payload"]["text"], sorted(q["evidence_seqs"]), q["evidence"]) for q in led.open("question")]


@pytest.mark.parametrize(
    ("said", "who"),
    [
        ("Morning, Mei.", "Mei"),
        ("Hi Oskar, thanks for making time.", "Oskar"),
        ("Thanks for coming in, Mei.", "Mei"),
        ("Oskar, quick one.", "Oskar"),
        ("Mei said the boiler was fine.", None),  # named, not spoken to
        ("Morning.", None),
    ],
)
def test_the_one_an_english_utterance_calls(said, who) -> None:
    assert en_turns.called(said, PAIR) == who


@pytest.mark.parametrize(
    ("said", "who"),
    [
        ("Thanks, Kwasi.", "Kwasi"),
        ("Perfect, that's yours then, Beth.", "Beth"),
        ("Great, it's all yours, Lucia.", "Lucia"),
        ("Wonderful, Nadia.", "Nadia"),
        ("Please do, Ravi.", "Ravi"),
        ("That's yours, Hana and Marco.", None),  # two people: no one in particular
        ("Great, moving on.", None),
    ],
)
def test_the_one_thanked_or_handed_the_work_by_name(said, who) -> None:
    assert en_turns.thanked(said, PEOPLE) == who


@pytest.mark.parametrize(
    ("said", "claim"),
    [
        ("I'll take it.", True),
        ("Leave it with me.", True),
        ("Sure, I can own that.", True),
        ("Yeah, I'll take care of it. I'll start on Monday.", True),
        ("Happy to take that one.", True),
        ("Put me down for it.", True),
        ("That one's mine.", True),
        ("Okay, I'll deal with that.", True),
        ("I'll take a look at the invoices.", False),  # names work of its own
        ("I'll take it up with legal.", False),
        ("I can't do that this week.", False),
        ("Leave it with Marco.", False),
    ],
)
def test_taking_the_work_just_said_without_naming_it(said, claim) -> None:
    assert en_turns.claims(said) is claim


@pytest.mark.parametrize(
    ("question", "work"),
    [
        ("Who can reconcile the vendor invoices?", "reconcile the vendor invoices"),
        ("So who's going to write the press release?", "write the press release"),
        ("Priya, who is free to cover reception on Friday?", "cover reception"),
        ("Any volunteers for the bake sale stall?", "bake sale stall"),
        ("Anyone free to cover the front desk tomorrow?", "cover the front desk"),
        ("Who's got time to proofread the brochure?", "proofread the brochure"),
        ("Who was at the meeting?", None),  # asks about the past, not for a volunteer
        ("Who knows the wifi password?", None),
        ("Who is the new tenant?", None),
    ],
)
def test_the_work_a_who_question_asks_for(question, work) -> None:
    assert en_turns.asked_who(question) == work


@pytest.mark.parametrize(
    ("heard", "seq", "who"),
    [
        ({1: "Morning, Mei.", 2: "Morning. I saw your email.", 3: "Could you send me the lease?"}, 2, "Mei"),
        ({1: "Morning, Mei.", 2: "Morning. I saw your email.", 3: "Could you send me the lease?"}, 3, "Oskar"),
        ({1: "Right, the lease.", 2: "Could you send it to me?"}, 2, None),  # nobody named yet
        ({1: "Mei, one thing.", 2: "Go on.", 3: "Mei, can you check the meter?"}, 3, "Oskar"),  # calls Mei itself
    ],
)
def test_two_people_take_turns_unless_someone_is_called(heard, seq, who) -> None:
    assert en_turns.speaker(seq, heard, PAIR)[0] == who


def test_in_a_larger_meeting_turns_do_not_alternate() -> None:
    heard = {1: "Morning, Ines.", 2: "Morning.", 3: "Could you send me the lease?"}
    assert en_turns.speaker(3, heard, PEOPLE)[0] is None


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        (["Ravi, could you book the caterer for the launch?", "Sure, I'll ring them this afternoon."],
         ("Ravi", "book the caterer for the launch", "this afternoon")),
        (["Sofia, can you update the safety signage in the lab?", "Yep, I'll print the new signs tomorrow."],
         ("Sofia", "update the safety signage in the lab", "tomorrow")),
        (["Hana, can you reorder the printer toner?", "Yep, by Wednesday."], ("Hana", "reorder the printer toner", "by Wednesday")),
        (["Marco, could you sort out the visitor badges?", "Sure, end of the week."],
         ("Marco", "sort out the visitor badges", "end of the week")),
    ],
)
def test_the_reply_of_the_person_asked_dates_their_task(utterances, expected) -> None:
    assert tasks(utterances) == [expected]


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        (["Who can take the overnight shift on Saturday?", "I'll take it.", "Thanks, Kwasi."],
         ("Kwasi", "overnight shift", "Saturday")),
        (["Who wants to draft the grant report?", "Leave it with me.", "Great, it's all yours, Lucia."],
         ("Lucia", "draft the grant report", None)),
        (["Who's doing the seating plan for the gala?", "Happy to take that one. I'll have it by Friday.", "Wonderful, Nadia."],
         ("Nadia", "seating plan for the gala", "by Friday")),
        (["Somebody has to chase the overdue library books.", "I'll take care of it.", "Perfect, that's yours then, Beth."],
         ("Beth", "chase the overdue library books", None)),
        (["Any volunteers for the recycling audit?", "I can own that."], (None, "recycling audit", None)),  # speaker unknown
        (["Yusuf, who is free to cover reception on Friday?", "I can do that."], ("Yusuf", "cover reception", "Friday")),
    ],
)
def test_volunteered_work_is_the_volunteers_when_known(utterances, expected) -> None:
    assert tasks(utterances) == [expected]


def test_a_claim_with_no_question_before_it_adds_nothing() -> None:
    assert tasks(["Okay, that's the agenda.", "I'll take it."]) == []


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        (["Morning, Mei.", "Morning. I saw your email.", "Could you send me the signed lease?", "Yep, by Thursday."],
         ("Mei", "send me the signed lease", "by Thursday")),
        (["Thanks for joining, Oskar.", "Sure thing.", "Can you check the boiler pressure before the inspection?",
          "Okay, I'll do it on Monday."], ("Oskar", "check the boiler pressure", "Monday")),
        (["Oskar, quick one.", "Go ahead.", "I need you to renew the parking permits.", "No problem."],
         ("Oskar", "renew the parking permits", None)),
        (["Hi Mei.", "Hi. So, the patio quote.", "Can you ask the contractor for a second quote?", "Will do, by the weekend."],
         ("Mei", "ask the contractor for a second quote", "by the weekend")),
    ],
)
def test_you_in_a_one_to_one_is_the_other_participant(utterances, expected) -> None:
    assert pair_tasks(utterances) == [expected]


def test_you_with_no_speaker_known_asks_nobody_in_particular() -> None:
    assert [o for o, _, _ in pair_tasks(["Right, the lease.", "Could you send me the signed copy?"])] in ([], [None])


@pytest.mark.parametrize(
    ("utterances", "matter"),
    [
        (["Should we switch the newsletter to monthly?", "Let's revisit that next quarter."],
         "Should we switch the newsletter to monthly"),
        (["The refund policy for late cancellations is still a mess.", "Let's park that for now."],
         "The refund policy for late cancellations is still a mess"),
        (["How do we split the travel budget between the two teams?", "We'll figure it out later."],
         "How do we split the travel budget between the two teams"),
        (["What about the broken freezer in the staff kitchen?", "Hmm. Let's come back to that next week."],
         "What about the broken freezer in the staff kitchen"),
        (["The overflow car park keeps flooding.", "Let's table that until the council replies."],
         "The overflow car park keeps flooding"),
        (["Do we need a second courier for the weekend deliveries?", "Let's circle back on that after the holidays."],
         "Do we need a second courier for the weekend deliveries"),
    ],
)
def test_a_deferral_leaves_the_matter_before_it_open(utterances, matter) -> None:
    # the matter is the question's text and quote; the deferral's utterance is cited as what made it open
    assert open_questions(utterances) == [(matter, [1, 2], matter)]


def test_a_deferral_of_work_just_given_leaves_nothing_open_and_sets_no_date() -> None:
    utterances = ["Yusuf will order the new helmets.", "Let's revisit that next month."]
    assert open_questions(utterances) == []
    assert tasks(utterances) == [("Yusuf", "order the new helmets", None)]


def test_a_deferral_that_names_its_own_matter_keeps_it() -> None:
    (text, _, _), = open_questions(["Should we change suppliers?", "Let's revisit the pricing next sprint."])
    assert "pricing" in text


@pytest.mark.parametrize(
    ("utterances", "people", "expected"),
    [
        (["Okay, the open day.", "I'll redo the seating chart by Friday.", "Perfect, that's yours then, Kwasi."], PEOPLE,
         ("Kwasi", "redo the seating chart", "by Friday")),
        (["We need the stall rota sorted.", "I can own the stall rota.", "Wonderful, Beth."], PEOPLE,
         ("Beth", "stall rota", None)),
        (["Morning, Mei.", "Morning. I'll send you the meter readings tonight.", "Thanks."], PAIR,
         ("Mei", "send you the meter readings", "tonight")),  # the one greeted answers
    ],
)
def test_a_plan_is_credited_to_the_one_handed_it_or_whose_turn_it_is(utterances, people, expected) -> None:
    led = run_meeting(utterances, people, "en")
    found = [(t["payload"]["owner"], t["payload"]["title"], t["payload"]["due_date_raw"]) for t in led.open("task")]
    assert found == [expected]


@pytest.mark.parametrize(
    ("said", "thing"),
    [
        ("The vendor invoices need reconciling.", "vendor invoices"),
        ("Oh, and the gutters on the east wing want clearing.", "gutters on the east wing"),
        ("The fire drill report is overdue.", "fire drill report"),
        ("The vendor invoices were reconciled last week.", None),  # done, no need
        ("Do the invoices need checking?", None),  # asked, not said
    ],
)
def test_the_thing_a_need_is_said_of(said, thing) -> None:
    assert en_turns.needed(said) == thing


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        (["The vendor invoices need reconciling.", "I can own that.", "Thanks, Ravi."], ("Ravi", "vendor invoices", None)),
        (["The fire drill report is overdue.", "Leave it with me.", "Cheers, Hana."], ("Hana", "fire drill report", None)),
        (["Oh, and the gutters on the east wing want clearing.", "I'll take it."], (None, "gutters on the east wing", None)),
    ],
)
def test_a_claim_takes_the_thing_said_to_need_doing(utterances, expected) -> None:
    assert tasks(utterances) == [expected]


@pytest.mark.parametrize(
    ("said", "you"),
    [("Can you send it?", True), ("Thank you, Mei.", False), ("See you Friday.", False), ("You know, the lease.", False),
     ("Thank you for the lease, can you sign it?", True)],
)
def test_you_as_the_one_spoken_to(said, you) -> None:
    assert en_turns.says_you(said) is you


def test_in_a_one_to_one_a_request_phrased_as_a_need_asks_the_other_one() -> None:
    assert pair_tasks(["Morning, Mei.", "Morning.", "I need you to sign the lease renewal by Friday.", "Sure."]) == [
        ("Mei", "sign the lease renewal", "by Friday")]


def test_a_speaker_known_only_by_turn_taking_and_never_named_owns_nothing() -> None:
    # Oskar speaks third (the other of Mei, greeted first) but no utterance says his name
    assert pair_tasks(["Morning, Mei.", "Morning.", "I'll send you the meter readings tonight.", "Thanks."]) == [
        (None, "send you the meter readings", "tonight")]


@pytest.mark.parametrize(
    ("heard", "seq", "who"),
    [
        # The one called answers; a follow-up to "you" that names nobody is answered by them again.
        ({1: "Beth, how are the floor plans coming?", 2: "Mostly done, I'm waiting on the fire officer.",
          3: "Can you chase the fire officer today?", 4: "Will do."}, 4, "Beth"),
        ({1: "Kwasi, where's the grant report?", 2: "Half written.", 3: "And the budget annex?",
          4: "Not started yet."}, 4, "Kwasi"),
        # A question put to the room, or one that calls someone else, continues no exchange.
        ({1: "Beth, how are the floor plans coming?", 2: "Mostly done.", 3: "Right, are we still on for the open day?",
          4: "I think so."}, 4, None),
        ({1: "Beth, how are the floor plans coming?", 2: "Mostly done.", 3: "Kwasi, can you check the budget?",
          4: "Sure."}, 4, "Kwasi"),
        # The turn before the follow-up must itself be known.
        ({1: "How are the floor plans coming?", 2: "Mostly done.", 3: "Can you chase the fire officer?",
          4: "Will do."}, 4, None),
    ],
)
def test_a_follow_up_to_you_is_answered_by_the_one_it_follows(heard, seq, who) -> None:
    assert en_turns.speaker(seq, heard, PEOPLE)[0] == who


def test_the_plan_after_a_follow_up_is_the_work_of_the_one_asked_first() -> None:
    said = ["Lucia, where are we on the tender documents?", "Nearly there, I still need the site survey.",
            "Can you ask the surveyor today? We can't submit without it.",
            "Sure. I'll have the tender pack complete by Thursday."]
    assert ("Lucia", "deliver the tender pack complete", "by Thursday") not in tasks(said)
    assert any(o == "Lucia" and "tender pack" in t and d == "by Thursday" for o, t, d in tasks(said))


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("Yusuf, I'll have three options by Friday.", None),  # the speaker's own, not Yusuf's
        ("Sure, Nadia will have two quotes by Monday.", ("Nadia", "deliver two quotes", "by Monday")),
        ("Ravi, can you have a shortlist to us by Wednesday?", ("Ravi", "deliver a shortlist", "by Wednesday")),
        ("Hana will have a draft by Friday.", None),  # a version of work said before, no work of its own
    ],
)
def test_a_thing_had_by_a_date_is_a_thing_delivered(said, expected) -> None:
    got = tasks([said])
    if expected is None:
        assert not any(t.startswith("deliver") for _, t, _ in got)
    else:
        assert expected in got


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # asked how a thing stands, answered, then an order said back: the one who answered does it
        (["Beth, the cold room. Is the compressor fixed?", "Not yet, the part is still on order.",
          "Then chase the supplier tomorrow morning."], ("Beth", "chase the supplier", "tomorrow morning")),
        # …but a proposal said after the answer orders nobody
        (["Beth, the cold room. Is the compressor fixed?", "Not yet, the part is still on order.",
          "I'd say maybe we rent a unit, given the heat."], None),
        # …nor an order that only comes after the turn's first words
        (["Beth, the cold room. Is the compressor fixed?", "Not yet, the part is still on order.",
          "Fine, it can wait, ask facilities about it."], None),
    ],
)
def test_an_order_said_back_after_a_status_question(said, expected) -> None:
    got = tasks(said)
    if expected is None:
        assert not any(o == "Beth" for o, _, _ in got), got
    else:
        assert expected in got, got


def test_work_claimed_after_a_reason_is_the_one_asked() -> None:
    # "who's <doing> the X?" asks for a volunteer; the claim may follow a reason, and the plan
    # after it in the same turn dates the work
    said = ["Beth, who's organising the staff party this year?",
            "Ravi's swamped. I'll do it myself. I'll have a venue booked by the 12th."]
    assert tasks(said) == [("Beth", "organising the staff party", "by the 12th")]


def test_me_answers_a_call_and_calls_nobody() -> None:
    said = ["Hana, the deck?", "Me? Sure. I'll take a pass on the deck next week."]
    assert open_tasks(said, [*PEOPLE, "Megan Lopez"], "en") == [("Hana", "pass on the deck", "next week")]


@pytest.mark.parametrize(
    ("heard", "seq", "who"),
    [
        # the one called answers the caller by name: the caller is known, and so is the answer
        ({1: "Hana, quick word about Saturday?", 2: "Go on, Marco.", 3: "The hall is booked till four."}, 2, "Hana"),
        ({1: "Hana, quick word about Saturday?", 2: "Go on, Marco.", 3: "The hall is booked till four."}, 3, "Marco"),
        # the exchange goes on between the two until someone else is named
        ({1: "Hana, quick word about Saturday?", 2: "Go on, Marco.", 3: "The hall is booked till four.",
          4: "Can we rehearse in the church instead?", 5: "Possibly. I'll ring the vicar today."}, 5, "Marco"),
        # …not once a turn speaks to everyone
        ({1: "Hana, quick word about Saturday?", 2: "Go on, Marco.", 3: "The hall is booked till four.",
          4: "Okay everyone, can we rehearse in the church instead?", 5: "Possibly. I'll ring the vicar today."}, 5, None),
        # …nor when the turn between asks about someone else: they answer
        ({1: "Hana, quick word about Saturday?", 2: "Go on, Marco.", 3: "The hall is booked till four.",
          4: "Can Ines open the church instead?", 5: "Possibly. I'll ring the vicar today."}, 5, "Ines"),
    ],
)
def test_an_exchange_between_two_goes_on(heard, seq, who) -> None:
    assert en_turns.speaker(seq, heard, PEOPLE)[0] == who
