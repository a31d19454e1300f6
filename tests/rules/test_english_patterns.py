"""Table tests of English mechanisms met in realistic meetings: replies that leave a question open,
progressive and contracted assignments, hand-overs, volunteers, decisions said in other words.

Each case feeds its utterances one at a time through the analyzer (the harness checks idempotency).
"""

from __future__ import annotations

import pytest
from rules_harness import run_meeting

EN = ["Alice", "Bob", "Carol", "Dave"]


def tasks(led):
    return [it["payload"] for it in led.open("task")]


def questions(led):
    return [it["payload"]["text"] for it in led.open("question")]


OPEN_ANSWERS = [
    # (utterances, a word of the question that must be in the open question)
    (["Does anyone know if the landlord will fix the boiler?", "No idea. Let's move on."], "boiler"),
    (["Are we hiring a second designer?", "Tentatively yes, but it depends on funding. Don't sign anything yet."],
     "designer"),
    (["What about the old laptops, are they being recycled?", "I don't know, nobody has asked."], "laptops"),
    (["Will the venue give us a discount?", "Possibly. We'll see."], "discount"),
    (["Who's bringing the projector?", "Uh...", "Let's sort that out tomorrow."], "projector"),
    (["Should we publish the survey results?", "Hmm, good question. Depends on the legal review."], "survey"),
    # Questions asked in one breath are one matter: the first names it, the second points back.
    (["What about the invoice backlog? Is anyone actually looking at it?", "Let's park that one."], "backlog"),
]


@pytest.mark.parametrize(("utts", "kw"), OPEN_ANSWERS)
def test_a_reply_that_leaves_it_open_makes_the_question_open(utts, kw):
    led = run_meeting(utts, EN, "en")
    qs = questions(led)
    assert len(qs) == 1 and kw in qs[0], qs
    assert not led.open("decision") and not tasks(led)


def test_a_reply_that_answers_leaves_no_open_question():
    led = run_meeting(["Are we hiring a second designer?", "Yes, we found one."], EN, "en")
    assert not questions(led)


ADDRESSED = [
    # (utterances, expected (owner, title keyword, due) set)
    (["Bob, you're writing the summary, and Carol's doing the charts."],
     {("Bob", "summary", None), ("Carol", "charts", None)}),
    (["Dave, the budget sheet. You're on that."], {("Dave", "budget sheet", None)}),
    (["Also the wiki cleanup. Carol, you're on that."], {("Carol", "wiki cleanup", None)}),
    (["Alice, the supplier contracts, I'll leave that with you."], {("Alice", "supplier contracts", None)}),
    (["Bob, the kitchen rewiring. Can you be done by Friday?"], {("Bob", "kitchen rewiring", "by Friday")}),
    (["Dave, hiring. You're on interviewing the candidates and booking the rooms."],
     {("Dave", "interviewing the candidates", None), ("Dave", "booking the rooms", None)}),
    (["Carol, you're on the name badges again?"], {("Carol", "name badges", None)}),
    (["We also need the invoices scanned, Dave, can you handle that?"], {("Dave", "invoices scanned", None)}),
    (["Carol, do the seating plan in the evenings."], {("Carol", "seating plan", None)}),
    # The work handed back is the same task, said with when it is done.
    (["Then Dave takes the indexing.", "Carol, do the indexing in the evenings."], {("Carol", "indexing", None)}),
    (["Can we get a tarp over the roof? Bob, you're on that."], {("Bob", "tarp over the roof", None)}),
    # A short form names the one participant it can mean.
    (["Mike, the attic insulation. Can you be done by Friday?"], {("Michael", "attic insulation", "by Friday")}),
    # The work kept with someone goes back to them; a busy person is the one it is taken from.
    (["Bob, can you update the price list?", "Okay, then Carol, you do the price list.",
      "No, let's keep the price list with Bob."], {("Bob", "price list", None)}),
    (["Can we get a roof tarp on the shed? Bob, you're on that.",
      "Actually, scratch that, Bob's got the plumbing. Carol, you do the roof tarp."], {("Carol", "roof tarp", None)}),
    (["Bob and Carol, can you two run the bake sale together?"],
     {("Bob", "run the bake sale", None), ("Carol", "run the bake sale", None)}),
    (["Bob, the roof report. When can you file?", "Monday.", "Monday's too late for the client.",
      "Is the weekend any better?", "Not really.", "Fine, then file Friday night."], {("Bob", "roof report", "Friday night")}),
    # Reported offers are the person's work.
    (["Alice volunteered to run the raffle, right?"], {("Alice", "raffle", None)}),
    (["Ken said he'd do the catering."], {("Ken", "catering", None)}),
    # A pronoun ask takes the work just said; agreeing to the same work adds nothing.
    (["Also, someone needs to renew the domain.", "Bob, could you do that?"], {("Bob", "renew the domain", None)}),
    (["Carol, could you do the seating plan?", "Okay, I'll do the seating plan."], {("Carol", "seating plan", None)}),
    # An order whose only news is a date moves the addressed person's task.
    (["Bob, you're writing the summary.", "It might take longer.", "Then aim for the 25th, Bob."],
     {("Bob", "summary", "the 25th")}),
]


@pytest.mark.parametrize(("utts", "want"), ADDRESSED)
def test_work_asked_of_the_person_addressed(utts, want):
    led = run_meeting(utts, [*EN, "Michael"], "en")
    got = {(t["owner"], t["title"], t["due_date_raw"]) for t in tasks(led)}
    assert len(got) == len(want), got
    for owner, kw, due in want:
        assert any(o == owner and kw in title and d == due for o, title, d in got), (owner, kw, due, got)


NOT_TASKS = [
    ["Dave, you're on mute."],
    ["When can we start?"],
    ["None of them replied."],
    ["Bob is going to the conference."],
]


@pytest.mark.parametrize("utts", NOT_TASKS)
def test_states_and_capitalised_words_are_no_tasks(utts):
    assert not tasks(run_meeting(utts, EN, "en"))


DECISIONS = [
    # (utterances, a word the decision must carry)
    (["Okay, decision time: we're moving the standup to ten."], "standup"),
    (["Decision: every expense over fifty needs a receipt."], "receipt"),
    (["So the launch party is on June 3rd. Let's lock that in."], "June 3rd"),
    (["We wait for the audit before hiring. That's firm."], "audit"),
    (["I think we skip the newsletter this quarter.", "Agreed, no newsletter."], "newsletter"),
]


@pytest.mark.parametrize(("utts", "kw"), DECISIONS)
def test_decisions_said_in_other_words(utts, kw):
    led = run_meeting(utts, EN, "en")
    texts = [it["payload"]["text"] + " " + it["evidence"] for it in led.open("decision")]
    assert any(kw in t for t in texts), texts


@pytest.mark.parametrize("utts", [
    ["I lean towards the cheaper vendor, but let's see the quotes."],
    ["Tentatively we go with the blue logo."],
])
def test_leaning_and_tentative_are_no_decisions(utts):
    assert not run_meeting(utts, EN, "en").open("decision")


def test_a_cancellation_of_a_matter_that_is_no_task_cancels_nothing():
    led = run_meeting(
        ["Carol, the venue contracts, I'll leave that with you.",
         "And we're not doing the Sunday brunch this year, right? That's cancelled.",
         "Right, cancelled."], EN, "en")
    assert [(t["owner"], t["title"], t["due_date_raw"]) for t in tasks(led)] == [("Carol", "venue contracts", None)]



@pytest.mark.parametrize(("utts", "due"), [
    (["Bob, you're writing the summary.", "Then aim for the 25th, Bob."], "the 25th"),
    (["Bob, you're writing the summary.", "Send the invoice Friday morning, Bob."], None),  # names work of its own
])
def test_an_order_moves_a_date_only_when_the_date_is_all_it_says(utts, due):
    led = run_meeting(utts, EN, "en")
    first = tasks(led)[0]
    assert (first["owner"], first["title"], first["due_date_raw"]) == ("Bob", "writing the summary", due)
