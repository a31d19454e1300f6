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
