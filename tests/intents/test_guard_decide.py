"""The pure guard decision of DESIGN §5, table-driven: each check alone, and their order."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from intents.guard import Conflict, GuardInput, Proceed, decide
from models import IntentStatus, MeetingStatus, Mode, Risk

S = IntentStatus

BASE = GuardInput(
    meeting_status=MeetingStatus.LIVE, mode=Mode.SUGGEST, latest_seq=5, intent_status=S.APPROVED,
    intent_revision=2, risk=Risk.LOW, basis_sequence=5, requested_revision=2,
)

# (name, changes to BASE, expected verdict)
TABLE: list[tuple[str, dict[str, Any], Proceed | Conflict]] = [
    ("approved commits", {}, Proceed(auto=False)),
    ("approved commits while finalizing", {"meeting_status": MeetingStatus.FINALIZING}, Proceed(auto=False)),
    ("approved high risk commits (a person approved)", {"risk": Risk.HIGH}, Proceed(auto=False)),
    ("approved in execute mode is not auto", {"mode": Mode.EXECUTE}, Proceed(auto=False)),
    ("ended meeting refuses", {"meeting_status": MeetingStatus.ENDED}, Conflict("meeting_ended")),
    ("ended wins over a revision mismatch", {"meeting_status": MeetingStatus.ENDED, "requested_revision": 1},
     Conflict("meeting_ended")),
    ("revision mismatch (older)", {"requested_revision": 1},
     Conflict("revision_mismatch", {"current_revision": 2})),
    ("revision mismatch (newer)", {"requested_revision": 3},
     Conflict("revision_mismatch", {"current_revision": 2})),
    ("revision is checked before freshness", {"requested_revision": 1, "basis_sequence": 3},
     Conflict("revision_mismatch", {"current_revision": 2})),
    ("stale transcript", {"basis_sequence": 4}, Conflict("stale_transcript", {"latest_seq": 5})),
    ("stale basis 0", {"basis_sequence": 0}, Conflict("stale_transcript", {"latest_seq": 5})),
    ("freshness is checked before approval", {"basis_sequence": 4, "intent_status": S.DETECTED},
     Conflict("stale_transcript", {"latest_seq": 5})),
    ("basis from the future", {"basis_sequence": 6}, Conflict("invalid_basis", {"latest_seq": 5})),
    ("detected in suggest mode", {"intent_status": S.DETECTED},
     Conflict("not_approved", {"intent_status": "detected", "mode": "suggest", "risk": "low"})),
    ("detected in record mode", {"intent_status": S.DETECTED, "mode": Mode.RECORD},
     Conflict("not_approved", {"intent_status": "detected", "mode": "record", "risk": "low"})),
    ("detected + execute + low risk auto-commits", {"intent_status": S.DETECTED, "mode": Mode.EXECUTE},
     Proceed(auto=True)),
    ("detected + execute + high risk never auto-commits",
     {"intent_status": S.DETECTED, "mode": Mode.EXECUTE, "risk": Risk.HIGH},
     Conflict("not_approved", {"intent_status": "detected", "mode": "execute", "risk": "high"})),
    ("clarifying + execute + low risk waits for the answer",
     {"intent_status": S.CLARIFYING, "mode": Mode.EXECUTE},
     Conflict("not_approved", {"intent_status": "clarifying", "mode": "execute", "risk": "low"})),
    *[
        (f"{st.value} is not committable", {"intent_status": st, "mode": Mode.EXECUTE},
         Conflict("not_approved", {"intent_status": st.value, "mode": "execute", "risk": "low"}))
        for st in (S.EXECUTING, S.APPLIED, S.SUPERSEDED, S.REJECTED, S.FAILED)
    ],
]


@pytest.mark.parametrize(("changes", "expected"), [(c, e) for _, c, e in TABLE], ids=[n for n, _, _ in TABLE])
def test_decide(changes: dict[str, Any], expected: Proceed | Conflict) -> None:
    assert decide(replace(BASE, **changes)) == expected


def test_conflict_shape_keeps_status_and_reason() -> None:
    c = decide(replace(BASE, intent_status=S.DETECTED))
    assert isinstance(c, Conflict)
    d = c.to_dict()
    # A detail can never shadow the contract fields (an intent status once overwrote "conflict").
    assert d["status"] == "conflict" and d["reason"] == "not_approved"
    assert Conflict("x", {"status": "applied", "reason": "y", "k": 1}).to_dict() == {
        "status": "conflict", "reason": "x", "k": 1,
    }


def test_decide_is_pure() -> None:
    g = replace(BASE, basis_sequence=4)
    assert decide(g) == decide(g) == Conflict("stale_transcript", {"latest_seq": 5})
    assert g == replace(BASE, basis_sequence=4)
