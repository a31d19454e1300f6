"""Table tests of the ways English speakers of several regions ask for work, and of what they say
that is no work (British, Indian, Singaporean, Australian and US-startup registers). Sentences are
written for the tests, in other domains than the corpus meetings; owners are full names said by
first name or pet name, as in real meetings."""

from __future__ import annotations

from datetime import date

import pytest
from rules_harness import open_tasks, run_meeting

from intents.dates import readings
from intents.evidence import address_forms, clipped_call
from supervisor.rules import lexicon as lx

PEOPLE = ["Sam Porter", "Priya Shah", "Omar Haddad", "Lena Vogel", "Harriet Cole", "Claire Whitmore"]


def tasks(utterances: list[str]) -> list[tuple[str | None, str, str | None]]:
    return sorted(open_tasks(utterances, PEOPLE, "en"), key=str)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # "X, you're on Y" with a participant called by first name (the full name is two words).
        ("Omar, you're on the seating plan.", [("Omar Haddad", "seating plan", None)]),
        ("Lena, I need you on the grant renewal.", [("Lena Vogel", "grant renewal", None)]),
        ("Priya's on the visa paperwork.", [("Priya Shah", "visa paperwork", None)]),
        # A rota is who someone is, the work follows: "you can / need to V".
        ("Sam, you're on night duty, you can restock the ward trolleys.",
         [("Sam Porter", "restock the ward trolleys", None)]),
        ("Priya, you need to renew the parking permits.", [("Priya Shah", "renew the parking permits", None)]),
        # "any chance you can", "could your team", "kindly".
        ("Priya, any chance you can send me the floor plan?", [("Priya Shah", "send me the floor plan", None)]),
        ("Lena, any chance you can book the minibus for Friday?", [("Lena Vogel", "book the minibus", "Friday")]),
        ("Omar, could your team patch the routers before ten?", [("Omar Haddad", "patch the routers", "before ten")]),
        ("Sam, would your people repaint the stalls?", [("Sam Porter", "repaint the stalls", None)]),
        ("Lena, kindly forward the tender documents today itself.",
         [("Lena Vogel", "forward the tender documents", "today itself")]),  # (said whole since session 47)
        # Pet names and clipped names.
        ("Hattie, could you tune the harpsichord by Thursday?", [("Harriet Cole", "tune the harpsichord", "by Thursday")]),
        ("Hattie, you're on the raffle.", [("Harriet Cole", "raffle", None)]),
        # A present-tense plan ("Lena runs the raffle on Saturday"); "X does the Y" stays unread: it is
        # as often who does which part of work given to several ("Raj does the schools").
        ("Lena runs the raffle on Saturday.", [("Lena Vogel", "run the raffle", "Saturday")]),
        # A name said at the end calls a participant whose full name is two words.
        ("Could you proofread the menu cards, Omar?", [("Omar Haddad", "proofread the menu cards", None)]),
        ("Can you take care of the ferry tickets, Lena?", [("Lena Vogel", "ferry tickets", None)]),
        # The question with its "are" dropped, the work named before it or after it.
        ("Priya, the allergy labels, you handling?", [("Priya Shah", "allergy labels", None)]),
        ("Sam, the kiln schedule, are you doing that?", [("Sam Porter", "kiln schedule", None)]),
        ("Omar, you doing the stock take?", [("Omar Haddad", "stock take", None)]),
        # A recap of who brings what by when.
        ("So Sam's timetable by tomorrow noon, and we meet again Monday.", [("Sam Porter", "timetable", "by tomorrow noon")]),
        ("Right, Lena's seating plan by Friday.", [("Lena Vogel", "seating plan", "by Friday")]),
        # More ways of asking the one called.
        ("Omar, could you have a crack at the newsletter?", [("Omar Haddad", "newsletter", None)]),
        ("Lena, would you be a star and print the agendas?", [("Lena Vogel", "print the agendas", None)]),
        ("Omar, be a love and book the taxis.", [("Omar Haddad", "book the taxis", None)]),
        ("Priya, if you could update the tracker by Friday, that'd be great.",
         [("Priya Shah", "update the tracker", "by Friday")]),
        ("Priya, it'd be good if you could phone the bank.", [("Priya Shah", "phone the bank", None)]),
        ("Sam, can I get you to check the fire exits?", [("Sam Porter", "check the fire exits", None)]),
        ("Sam, could I trouble you to sign the forms?", [("Sam Porter", "sign the forms", None)]),
        ("Omar, I'm going to ask you to rewrite the brief.", [("Omar Haddad", "rewrite the brief", None)]),
        ("Priya, your action is to email the parents.", [("Priya Shah", "email the parents", None)]),
        ("Lena, you'll need to brief the new starters.", [("Lena Vogel", "brief the new starters", None)]),
        ("Omar, you okay to run the stall?", [("Omar Haddad", "run the stall", None)]),
        ("Lena, happy to take the minutes?", [("Lena Vogel", "minutes", None)]),
        ("Lena, what are the chances you can finish the audit by Monday?", [("Lena Vogel", "finish the audit", "by Monday")]),
        ("Priya, see if you can get a discount from the printer.", [("Priya Shah", "get a discount from the printer", None)]),
        ("Lena, over to you for the budget.", [("Lena Vogel", "budget", None)]),
        ("Priya, you're the best person to write the FAQ.", [("Priya Shah", "write the FAQ", None)]),
        ("Omar, the rota's yours.", [("Omar Haddad", "rota", None)]),
        ("The docs migration. Lena, that one's yours.", [("Lena Vogel", "docs migration", None)]),
        ("Sam, have a look at the draft.", [("Sam Porter", "look at the draft", None)]),
        # The terse hand-out: a name, the work as a noun phrase, and when.
        ("Omar, the van hire, end of the week please.", [("Omar Haddad", "van hire", "end of the week")]),
        ("Lena, the invoices by tomorrow lunchtime please.", [("Lena Vogel", "invoices", "by tomorrow lunchtime")]),
        ("Priya, the sign-off sheet, first thing tomorrow.", [("Priya Shah", "sign-off sheet", "first thing tomorrow")]),
        ("The minutes are Omar's.", [("Omar Haddad", "minutes", None)]),
        ("Sam, can you have the report ready by the fifteenth?", [("Sam Porter", "get the report ready", "by the fifteenth")]),
        ("Priya, can you sort the refunds sometime this week?", [("Priya Shah", "sort the refunds", "sometime this week")]),
        # Regional ways: Singapore / India "help me V", "can V … or not?"; US "point on"; British "crack on with";
        # Australian "arvo".
        ("Sam, help me check the drawings.", [("Sam Porter", "check the drawings", None)]),
        ("Omar, can help me check the drawings or not?", [("Omar Haddad", "check the drawings", None)]),
        ("Priya, can renew the permit or not?", [("Priya Shah", "renew the permit", None)]),
        ("Lena, you're point on the migration.", [("Lena Vogel", "migration", None)]),
        ("Priya, can you take point on the launch?", [("Priya Shah", "launch", None)]),
        ("Omar, crack on with the tender, please.", [("Omar Haddad", "tender", None)]),
        ("Sam, can you ring the landlord this arvo?", [("Sam Porter", "ring the landlord", "this arvo")]),
        # Asked as "when / how soon", "is it possible for you to", handed over with "leave … to you".
        ("Lena, when can you have the audit done?", [("Lena Vogel", "get the audit done", None)]),
        ("Omar, how soon can you fix the gate?", [("Omar Haddad", "fix the gate", None)]),
        ("Priya, is it possible for you to phone the bank today?", [("Priya Shah", "phone the bank", "today")]),
        ("Lena, I'll leave the hiring to you.", [("Lena Vogel", "hiring", None)]),
        ("Omar, I'll let you handle the landlord.", [("Omar Haddad", "landlord", None)]),
        ("Priya will take the lead on the pilot.", [("Priya Shah", "pilot", None)]),
        ("Omar, the keys, by half past three please.", [("Omar Haddad", "keys", "by half past three")]),
        ("Priya, can you get the rota out by end of play Friday?", [("Priya Shah", "get the rota out", "by end of play Friday")]),
        # Handing over by asking: "can I leave Y with you", "we'll need Y from you", "do you want to V".
        ("Lena, can I leave the hiring with you?", [("Lena Vogel", "hiring", None)]),
        ("Omar, can we get the quote from you by Friday?", [("Omar Haddad", "quote", "by Friday")]),
        ("Lena, we'll need the slides from you by Monday.", [("Lena Vogel", "slides", "by Monday")]),
        ("Priya, I'm counting on you for the figures.", [("Priya Shah", "figures", None)]),
        ("Sam, could you be in charge of the music?", [("Sam Porter", "music", None)]),
        ("Lena, do you want to take the visa letters?", [("Lena Vogel", "visa letters", None)]),
        ("Sam, you want to run the retro?", [("Sam Porter", "run the retro", None)]),
        # Someone to be found: the work has no owner yet.
        ("Let's get someone to repaint the fence.", [(None, "repaint the fence", None)]),
        ("We should find someone to cover reception on Friday.", [(None, "cover reception", "Friday")]),
        # "somebody has to renew it": the work is the thing named before the pronoun.
        ("Oh, and the boiler certificate, somebody has to renew it.", [(None, "boiler certificate", None)]),
        ("The parking permits, someone needs to chase them.", [(None, "parking permits", None)]),
    ],
)
def test_natural_requests(said, expected) -> None:
    assert tasks([said]) == expected


@pytest.mark.parametrize(
    ("said", "due"),
    [
        ("Lena, can you send the rota by end of today?", "by end of today"),
        ("Sam, please file the claim by close of play.", "by close of play"),
        ("Priya, can you email the venue? Like, before ten.", "before ten"),
        ("Omar, please reboot the kiosk by 3pm.", "by 3pm"),
    ],
)
def test_dues_of_the_working_day(said, due) -> None:
    [(_, _, raw)] = tasks([said])
    assert raw == due
    assert readings(raw, date(2026, 3, 10)) == (date(2026, 3, 10),)


@pytest.mark.parametrize("said", ["cut the budget by ten percent", "split it by two teams", "by ten of them"])
def test_a_number_after_by_is_no_hour(said) -> None:
    assert lx.deadlines(said) == []


def test_a_date_offered_as_a_question_is_a_deadline() -> None:
    assert [h.text for h in lx.deadlines("EOD tomorrow work?")] == ["EOD tomorrow"]


@pytest.mark.parametrize(
    "utterances",
    [
        ["Priya, check the cold store log.", "I can live with that."],
        ["From now on no van leaves without a checklist.", "I can live with that."],
        ["The printer said they'd circle back this week."],
        ["The landlord said he'd get back to us on Monday."],
        ["Sam's back on Monday."],
        ["Lena's fine with that by Friday."],
        ["You have Priya at level three, but her project slipped."],
        ["If you can't make it, we'll manage."],
        ["Omar, go to the party if you like."],
        ["Omar, the weather was awful on Friday."],
        ["Lena, the kids are off by Friday."],
        ["Lena, you need to relax, it's fine."],
        ["Sam, can you believe the weather?"],
        ["Omar, could you hear me okay?"],
        ["Sam, can you hang on a sec?"],
        ["Omar, could you mute, please?"],
        ["Lena, would you mind sharing your screen?"],
        ["Priya, kindly revert by Monday."],
        ["Omar, congrats on the new flat!"],
        ["Omar runs the warehouse."],
        ["Sam, do you want to go first?"],
        ["Omar, do you want to say something?"],
        ["Lena manages the Berlin office."],
        ["Sam handles the big accounts usually."],
        ["Lena always books the venue, so she knows the people."],
        ["Lena, well done on the fundraiser."],
        ["Omar, dress on the baby!"],
    ],
)
def test_no_new_work(utterances) -> None:
    # Only an imperative said before the remark is work: "check the cold store log".
    asked = [u for u in utterances if u.startswith("Priya, check")]
    assert [t for _, t, _ in tasks(utterances)] == (["check the cold store log"] if asked else [])


@pytest.mark.parametrize("reply", ["Okay, I will do the needful.", "Sure, I'll do it myself.", "Fine, I'll sort it."])
def test_a_pro_form_reply_is_no_second_task(reply) -> None:
    assert tasks(["Omar, renew the van insurance.", reply]) == [("Omar Haddad", "renew the van insurance", None)]


@pytest.mark.parametrize(
    ("name", "form"),
    [("Harriet Cole", "Hattie"), ("Fiona Ashworth", "Fi"), ("Nigel Pemberton", "Nige"), ("Margaret Ellis", "Peggy"),
     ("Rajesh Iyer", "Raj"), ("Jonathan Reid", "Jonno")],
)
def test_pet_names_are_address_forms(name, form) -> None:
    assert form in address_forms(name, [name, "Tom Okafor"])


@pytest.mark.parametrize(
    ("said", "owner"),
    [
        ("Seb, can you book the hall?", "Sebastian Moore"),
        ("Dom, you're on the raffle.", "Dominic Hale"),
        ("Can you check the float, Ange?", "Angela Burns"),
        ("Fi, can you ring the caterer?", "Fiona Ashworth"),
    ],
)
def test_a_clipped_first_name_calls_the_participant(said, owner) -> None:
    people = ["Sebastian Moore", "Dominic Hale", "Angela Burns", "Fiona Ashworth", "Sophie Lee", "Matthew Ross"]
    got = run_meeting([said], people, "en").open("task")
    assert [t["payload"]["owner"] for t in got] == [owner]


@pytest.mark.parametrize("said", ["So, can you book the hall?", "Mate, can you book the hall?", "Hey, can you book the hall?"])
def test_a_word_that_opens_a_sentence_calls_nobody(said) -> None:
    people = ["Sophie Lee", "Matthew Ross", "Helen Brooks"]
    got = run_meeting([said], people, "en").open("task")
    assert [t["payload"]["owner"] for t in got] in ([], [None])


@pytest.mark.parametrize(("word", "name"), [("Me", "Megan Lopez"), ("Us", "Usha Rao"), ("Her", "Herbert Long")])
def test_a_pronoun_is_no_clipped_name(word, name) -> None:
    # "Me? Sure, I'll take it.": the one asked answers about themself, calling nobody
    assert not clipped_call(word, name, [name, "Tom Okafor"])


def test_a_clip_two_participants_share_is_nobody() -> None:
    assert not clipped_call("Dom", "Dominic Hale", ["Dominic Hale", "Dominique Ruiz"])


def test_who_does_which_part_of_shared_work_is_no_more_work() -> None:
    said = ["Omar and Priya, can you two run the recruitment together?", "Omar does the schools, Priya does the churches."]
    assert tasks(said) == [("Omar Haddad", "run the recruitment", None), ("Priya Shah", "run the recruitment", None)]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # "could/would <name> …?" asks of them the way "can" does
        ("Could Priya check the lease before Monday?", ("Priya Shah", "check the lease", "before Monday")),
        ("Would Omar restock the first-aid kits?", ("Omar Haddad", "restock the first-aid kits", None)),
        # "let <name> …" (not "let's") has them do it; "do me a favour and …" asks
        ("Let Lena handle the caterers.", ("Lena Vogel", "caterers", None)),
        ("Sam, do me a favour and book the minibus.", ("Sam Porter", "book the minibus", None)),
        # a tag after an order to the one called keeps it an order
        ("Claire, send the rota round by Thursday, yeah?", ("Claire Whitmore", "send the rota round", "by Thursday")),
    ],
)
def test_more_ways_of_asking_the_one_named(said, expected) -> None:
    assert expected in tasks([said]), tasks([said])


@pytest.mark.parametrize("said", ["Could Monday work for everyone?", "Would Priya be free on Friday?",
                                  "Priya, you sent it already, yeah?"])
def test_questions_that_ask_no_work(said) -> None:
    assert tasks([said]) == []


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # a name closing an order calls the one it is for, as it does said first
        ("Send me the floor plan by Friday, Omar.", [("Omar Haddad", "Send me the floor plan", "by Friday")]),
        ("Update the tracker please, Lena.", [("Lena Vogel", "Update the tracker", None)]),
        # …but an answer by name, a date for work they have, or a question do not
        ("Please do, Omar.", []),
        ("Then aim for the 25th, Omar.", []),
    ],
)
def test_a_name_closing_an_order(said, expected) -> None:
    assert tasks([said]) == expected


@pytest.mark.parametrize(
    ("said", "owner", "work"),
    [
        ("Omar, ring the supplier and get a new date.", "Omar Haddad", "ring the supplier"),  # a verb ending in -ing
        ("Lena, shoot me an email with the numbers.", "Lena Vogel", "email with the numbers"),  # me before the object
        ("Priya, sort the rota out for next week, would you?", "Priya Shah", "sort the rota"),  # a tag that asks
        ("Priya, reckon you could knock up a quick budget?", "Priya Shah", "quick budget"),
        ("Sam, could you have a squiz at the contract?", "Sam Porter", "contract"),
    ],
)
def test_orders_in_british_and_australian_speech(said, owner, work) -> None:
    got = tasks([said])
    assert any(o == owner and work in t for o, t, _ in got), got


def test_a_progressive_is_still_no_order() -> None:
    assert tasks(["Omar, you doing the stock take?"]) in ([], [("Omar Haddad", "stock take", None)])
