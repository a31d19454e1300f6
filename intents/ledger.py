"""The intent state machine (DESIGN §4) as a pure transition table.

    detected ─→ clarifying ─→ approved ─→ executing ─→ applied
        │            │            │            └─→ failed
        └────────────┴────────────┴─→ superseded | rejected

``detected → executing`` is the execute-mode auto-commit of a low-risk intent. Revising an
intent (new owner, date, wording) bumps its revision and returns it to ``detected`` from any
state a person could still act on, including ``applied`` (re-applied as an update of the same
entity) and ``failed``; superseded and rejected intents are closed for good. ``failed`` (the
business write raised) returns to ``approved`` when a person approves it again (a retry).

``applied → rejected`` is a retraction ("不用做了" after an execute-mode auto-commit): it deletes
the intent's business row in the same transaction, so cancelled work never reaches the minutes.
"""

from __future__ import annotations

from models import EventType, IllegalTransition, IntentStatus

S = IntentStatus

TRANSITIONS: dict[IntentStatus, frozenset[IntentStatus]] = {
    S.DETECTED: frozenset({S.CLARIFYING, S.APPROVED, S.EXECUTING, S.SUPERSEDED, S.REJECTED}),
    S.CLARIFYING: frozenset({S.APPROVED, S.SUPERSEDED, S.REJECTED}),
    S.APPROVED: frozenset({S.EXECUTING, S.SUPERSEDED, S.REJECTED}),
    S.EXECUTING: frozenset({S.APPLIED, S.FAILED}),
    S.APPLIED: frozenset({S.REJECTED}),
    S.SUPERSEDED: frozenset(),
    S.REJECTED: frozenset(),
    # A failed business write is retried by a person's approval (then committed again), or dropped.
    S.FAILED: frozenset({S.APPROVED, S.REJECTED}),
}

REVISABLE: frozenset[IntentStatus] = frozenset({S.DETECTED, S.CLARIFYING, S.APPROVED, S.APPLIED, S.FAILED})

EVENT_FOR: dict[IntentStatus, EventType] = {
    S.CLARIFYING: EventType.CLARIFYING,
    S.APPROVED: EventType.APPROVED,
    S.EXECUTING: EventType.EXECUTING,
    S.APPLIED: EventType.APPLIED,
    S.FAILED: EventType.FAILED,
    S.SUPERSEDED: EventType.SUPERSEDED,
    S.REJECTED: EventType.REJECTED,
}


def allowed(src: IntentStatus, dst: IntentStatus) -> bool:
    return dst in TRANSITIONS[src]


def check_transition(src: IntentStatus, dst: IntentStatus) -> EventType:
    """Return the event that records ``src → dst``; raise IllegalTransition otherwise."""
    if dst not in TRANSITIONS[src]:
        raise IllegalTransition(
            f"an intent cannot go from {src.value} to {dst.value}", from_status=src.value, to_status=dst.value
        )
    return EVENT_FOR[dst]


def check_revisable(status: IntentStatus) -> None:
    if status not in REVISABLE:
        raise IllegalTransition(
            f"a {status.value} intent cannot be revised; create a new intent instead", from_status=status.value,
            to_status=S.DETECTED.value,
        )
