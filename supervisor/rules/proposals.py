"""What the rules analyzer proposes (``CreateIntent`` / ``ReviseIntent`` / ``RejectIntent``), the
working state of one intent while a window is read (``_Item``, never escapes an ``analyze`` call)
and the payload as the ledger stores it (``_norm_payload``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from intents.dates import resolve as resolve_due

TERMINAL = frozenset({"rejected", "superseded", "failed"})


@dataclass(frozen=True, slots=True)
class CreateIntent:
    kind: str
    payload: dict[str, Any]
    evidence_seqs: tuple[int, ...]
    evidence: str


@dataclass(frozen=True, slots=True)
class ReviseIntent:
    intent_id: str
    expected_revision: int
    kind: str
    payload: dict[str, Any]
    evidence_seqs: tuple[int, ...]
    evidence: str


@dataclass(frozen=True, slots=True)
class RejectIntent:
    intent_id: str
    revision: int
    reason: str


Proposal = CreateIntent | ReviseIntent | RejectIntent


@dataclass(slots=True)
class _Item:
    """Working state of one intent during a single ``analyze`` call (never escapes it)."""

    kind: str
    payload: dict[str, Any]
    seqs: set[int]
    evidence: str = ""
    evidence_seq: int | None = None
    intent_id: str | None = None
    revision: int = 0
    stored: dict[str, Any] | None = None
    status: str = ""
    touched: int = -1  # index of the last sentence that changed it; -1: only known from the store
    derived: bool = False  # re-read from its own sentence in this window
    new: bool = False  # changed by a sentence in the new part of the window
    cancelled: str | None = None
    order: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def last_seq(self) -> int:
        return max(self.seqs) if self.seqs else 0


def _norm_payload(kind: str, p: Mapping[str, Any], on: date | None = None) -> dict[str, Any]:
    """The payload as the ledger stores it. With the meeting's date ``on``, a task's ``due_date``
    is what its ``due_date_raw`` means that day (null when ambiguous); without it, as given."""
    if kind == "task":
        raw = p.get("due_date_raw") or None
        return {
            "title": str(p.get("title") or "").strip(),
            "owner": p.get("owner") or None,
            "due_date_raw": raw,
            "due_date": resolve_due(raw, on) if on is not None else p.get("due_date") or None,
            "priority": p.get("priority") or "unspecified",
        }
    if kind == "question":
        q = {
            "text": str(p.get("text") or "").strip(),
            "question_type": p.get("question_type") or "clarification",
            "candidates": list(p.get("candidates") or []),
        }
        return q | ({"about_field": p["about_field"]} if p.get("about_field") else {})
    if kind == "note":
        return {"title": str(p.get("title") or "").strip(), "body": str(p.get("body") or "").strip()}
    return {"text": str(p.get("text") or "").strip()}


def _headline(it: _Item) -> str:
    return str(it.payload.get("title") or it.payload.get("text") or "")
