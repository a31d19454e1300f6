"""Finalize review (DESIGN §7): code checks over what the minutes will say. Pure."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from models import Intent, IntentKind, IntentStatus

from .evidence import name_is_said, quote_is_verbatim

# Wording that marks a suggestion or an open idea rather than a decision.
HEDGES = re.compile(
    r"可以考虑|考虑一下|初步想法|初步的想法|建议|还没定|还没有定|待定|再评估|也许|或许|可能|要不要|"
    r"\bmaybe\b|\bperhaps\b|just an idea|\bmight\b|\bcould\b|not decided|\bsuggest|\bproposal\b|to be decided|\btbd\b",
    re.IGNORECASE,
)


def is_hedged(text: str) -> bool:
    return bool(HEDGES.search(text))


def review(intents: Sequence[Intent], transcript: Mapping[int, str],
           participants: Sequence[str] = ()) -> dict[str, Any]:
    """Check every applied intent: verbatim evidence, owners and dates said, no hedged decisions.

    Returns ``{"status": "ok"|"issues", "issues": [{intent_id, problem}]}``.
    """
    issues: list[dict[str, str]] = []
    for it in intents:
        if it.status is not IntentStatus.APPLIED:
            continue
        texts = [transcript.get(s, "") for s in it.evidence_seqs]
        if not all(s in transcript for s in it.evidence_seqs) or not quote_is_verbatim(it.evidence, texts):
            issues.append({"intent_id": it.id, "problem": "evidence is not a verbatim quote of the transcript"})
        if it.kind is IntentKind.TASK:
            owner = it.payload.get("owner")
            # Applied owners passed validation against the participant list: allow its near-misses.
            if owner and not name_is_said(owner, texts, near_miss=True, participants=participants):
                issues.append({"intent_id": it.id, "problem": f"owner {owner} is not said in the evidence"})
            due = it.payload.get("due_date_raw")
            if due and not quote_is_verbatim(due, texts):
                issues.append({"intent_id": it.id, "problem": f"due date {due} is not said in the evidence"})
        if it.kind is IntentKind.DECISION and (is_hedged(it.evidence) or is_hedged(it.payload.get("text", ""))):
            issues.append({"intent_id": it.id, "problem": "hedged wording recorded as a decision"})
    return {"status": "issues" if issues else "ok", "issues": issues}
