"""Table tests of the indirect and polite ways English speakers ask someone for work (a name at the
end, "would you mind", "I'd like X to", "X has the action to", "the checklist is X's", "put X down
for", "I'll need Y from you", "can X and Y…"). Sentences are written for the tests."""

from __future__ import annotations

import pytest
from rules_harness import open_tasks

PEOPLE = ["Sam", "Priya", "Omar", "Lena"]


def tasks(utterances: list[str]) -> list[tuple[str | None, str, str | None]]:
    return sorted(open_tasks(utterances, PEOPLE, "en"), key=str)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("Can you take care of the booking, Sam?", [("Sam", "booking", None)]),
        ("Why don't you draft the proposal, Sam?", [("Sam", "draft the proposal", None)]),
        ("Sam, would you mind updating the wiki?", [("Sam", "updating the wiki", None)]),
        ("Sam, mind sending the invoice today?", [("Sam", "sending the invoice", "today")]),
        ("I'd like Sam to update the wiki by Friday.", [("Sam", "update the wiki", "by Friday")]),
        ("Let's get Sam to review the contract.", [("Sam", "review the contract", None)]),
        ("Let's ask Lena to double-check the numbers.", [("Lena", "double-check the numbers", None)]),
        ("The launch checklist is Sam's.", [("Sam", "launch checklist", None)]),
        ("Sam has the action to chase legal.", [("Sam", "chase legal", None)]),
        ("Sam, I'll need the figures from you by Wednesday.", [("Sam", "figures", "by Wednesday")]),
        ("Sam will be looking after the guest list.", [("Sam", "guest list", None)]),
        ("Sam is looking into the outage.", [("Sam", "look into the outage", None)]),
        ("Sam, remember to renew the certificate.", [("Sam", "renew the certificate", None)]),
        ("Put Sam down for the hotel bookings.", [("Sam", "hotel bookings", None)]),
        ("Sam, I need you on the press release.", [("Sam", "press release", None)]),
        ("We need the floor plan finalised. Sam, that's yours.", [("Sam", "floor plan finalised", None)]),
        ("Can Priya and Omar run the workshop?", [("Omar", "run the workshop", None), ("Priya", "run the workshop", None)]),
    ],
)
def test_indirect_requests_are_assignments(said, expected) -> None:
    assert tasks([said]) == expected


@pytest.mark.parametrize(
    "said",
    ["Thanks, Sam.", "Sam had the action to chase legal last week, and he did.", "Great work on the launch, Omar."],
)
def test_no_request_no_task(said) -> None:
    assert tasks([said]) == []
