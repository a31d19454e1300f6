"""The guarded-commit decision (DESIGN §5) as a pure function.

Inputs are plain values read inside the commit transaction; the output says whether the business
write may proceed (``Proceed``) or which conflict to report (``results.Conflict``). The order of
checks is the contract: revision first, then transcript freshness, then approval.
"""

from __future__ import annotations

from dataclasses import dataclass

from models import IntentStatus, MeetingStatus, Mode, Risk

from .results import Conflict


@dataclass(frozen=True, slots=True)
class GuardInput:
    meeting_status: MeetingStatus
    mode: Mode
    latest_seq: int
    intent_status: IntentStatus
    intent_revision: int
    risk: Risk
    basis_sequence: int
    requested_revision: int


@dataclass(frozen=True, slots=True)
class Proceed:
    """The commit may write; ``auto`` means execute mode skipped the approval step."""

    auto: bool


def decide(g: GuardInput) -> Proceed | Conflict:
    if g.meeting_status is MeetingStatus.ENDED:
        return Conflict("meeting_ended")
    if g.requested_revision != g.intent_revision:
        return Conflict("revision_mismatch", {"current_revision": g.intent_revision})
    if g.basis_sequence < g.latest_seq:
        return Conflict("stale_transcript", {"latest_seq": g.latest_seq})
    if g.basis_sequence > g.latest_seq:
        # A basis from the future is a brain inventing sequence numbers; never trust it.
        return Conflict("invalid_basis", {"latest_seq": g.latest_seq})
    if g.intent_status is IntentStatus.APPROVED:
        return Proceed(auto=False)
    if g.intent_status is IntentStatus.DETECTED and g.mode is Mode.EXECUTE and g.risk is Risk.LOW:
        return Proceed(auto=True)
    return Conflict(
        "not_approved", {"intent_status": g.intent_status.value, "mode": g.mode.value, "risk": g.risk.value}
    )


__all__ = ["Conflict", "GuardInput", "Proceed", "decide"]
