"""Session-13 fixes, each a table of sentences written for these tests (none from the corpus):

- an apology by name ("Sorry Jordan.") corrects nothing, and a task said later in the same
  utterance is no referent of what comes before it (re-reading changes nothing);
- an English name the patterns cannot read as written ("Kevin O'Brien") read by its given name;
- a date that opens with 本 inside a word ("剧本周五写完": 剧本 + 周五).
"""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from tests.rules.rules_harness import open_tasks, run_meeting

ZH = ["周建华", "王芳", "李明", "陈静"]
EN = ["Priya", "Tom", "Megan", "Dave"]


def _found(utterances, names=None):
    lang = "en" if all(u.isascii() for u in utterances) else "zh"
    return open_tasks(utterances, names or (EN if lang == "en" else ZH), lang)


def test_apology_by_name_corrects_nothing():
    utterances = [
        "Megan, can you book the venue by Thursday?",
        "Sure.",
        "Sorry Megan. So, I'll also draft the agenda for you next week.",
    ]
    found = _found(utterances)
    assert ("Megan", "book the venue", "by Thursday") in found, found
    assert not lx.CORRECTION.search("Ha, sorry Dave. Right, anything else?")
    assert lx.CORRECTION.search("Give it to Tom, sorry, Dave.")


def test_a_later_plan_is_no_earlier_request_on_reread():
    # run_meeting checks that reading the window again proposes nothing (idempotency)
    led = run_meeting(
        ["Priya, you right to run the Monday class?", "Yeah, no worries.",
         "Bossman, the treadmill at the back is broken again. Can you get someone out?",
         "Yeah mate, I'll give them a call tomorrow."],
        EN, "en",
    )
    assert led.open("task")


def test_a_name_with_an_apostrophe():
    names = ["Kevin O'Brien", "Maria Gonzalez", "Derek Lin"]
    assert _found(["Kevin, you're on the stock count."], names) == [("Kevin O'Brien", "stock count", None)]


@pytest.mark.parametrize(
    ("text", "date"),
    [("剧本周五写完", "周五"), ("成本月底报上来", "月底"), ("我本周五交", "本周五"), ("本周五交", "本周五")],
)
def test_a_date_inside_a_word(text, date):
    assert [h.text for h in lx.dates(text)] == [date]


def test_a_word_before_the_date_stays_in_the_title():
    assert _found(["陈静，剧本周五写完。"]) == [("陈静", "剧本", "周五")]
