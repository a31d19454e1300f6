"""Why an expected task was missed, as counts: the aggregate the extraction bench prints for
held-out meetings, whose content may not be shown. A made-up meeting, one miss of each kind."""

from __future__ import annotations

from meetingd.scoring import MISS_KINDS, miss_kinds, score_meeting

FIXTURE = {
    "utterances": ["Ana, please book the ferry.", "Ben will print the maps.", "Cy, order the tents.",
                   "Dee, check the forecast."],
    "expect": {"tasks": [
        {"owner": "Ana", "contains": ["ferry"]},      # found
        {"owner": "Ben", "contains": ["maps"]},       # found under nobody
        {"owner": "Cy", "contains": ["tents"]},       # Cy has other work only
        {"owner": "Dee", "contains": ["forecast"]},   # nothing for Dee
        {"owner": "Eve", "contains": ["lanterns"]},   # never said
    ]},
}
MINUTES = {"action_items": [
    {"task": "book the ferry", "owner": "Ana", "evidence": "Ana, please book the ferry."},
    {"task": "print the maps", "owner": None, "evidence": "Ben will print the maps."},
    {"task": "pack the van", "owner": "Cy", "evidence": "pack the van"},
]}


def test_each_missed_task_is_counted_under_why_it_was_missed() -> None:
    score = score_meeting(FIXTURE, MINUTES)
    assert score.missed_why == ("keyword_under_other_owner", "owner_on_other_work", "nothing_for_owner", "unreachable")
    assert miss_kinds([score, score]) == {
        "unreachable": 2, "keyword_under_other_owner": 2, "owner_on_other_work": 2, "nothing_for_owner": 2,
    }


def test_a_meeting_with_nothing_missed_counts_nothing() -> None:
    fixture = {"utterances": FIXTURE["utterances"], "expect": {"tasks": FIXTURE["expect"]["tasks"][:1]}}
    assert miss_kinds([score_meeting(fixture, MINUTES)]) == dict.fromkeys(MISS_KINDS, 0)
