"""Answering a completion question: which task it asks about, and what the answer changes.

A completion question ("「T」由谁负责？", "Which day is '下周' for 'T'?") is created beside a task
that lacks an owner or a day, quoting the task's own evidence and seqs; ``about_field`` names the
field it asks for. A person's answer in the dock is a person's edit of that task (it wins over the
model, like any edit) and the question is closed by it. Pure: plain values in, plain values out;
``Ledger.answer`` applies the result in one transaction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from models import Intent, IntentKind, IntentStatus, InvalidInput, QuestionType

from .ledger import REVISABLE

MAX_ANSWER = 100
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class Completion:
    """The task a completion question is about and the edit its answer makes to it."""

    task: Intent
    changes: dict[str, Any]


def about_field(question: Intent) -> str:
    """The task field ``question`` asks for; InvalidInput when it is not an answerable completion question."""
    p = question.payload
    if question.kind is not IntentKind.QUESTION or p.get("question_type") != QuestionType.COMPLETION.value:
        raise InvalidInput(f"intent {question.id} is not a completion question; edit the item instead")
    field = p.get("about_field")
    if field not in ("owner", "due_date"):
        raise InvalidInput(f"question {question.id} does not say which field it asks for; edit the task instead")
    return field


def target_task(question: Intent, intents: Iterable[Intent]) -> Intent:
    """The open task the completion question was asked about: the one citing the same utterances
    with the same quote (that is how the brain links them), and when several do, the one whose
    title the question names. InvalidInput when none or still more than one."""
    same = [it for it in intents
            if it.kind is IntentKind.TASK and it.status in REVISABLE
            and it.evidence_seqs == question.evidence_seqs and it.evidence == question.evidence]
    if len(same) > 1:
        text = question.payload.get("text", "")
        same = [it for it in same if it.payload.get("title") and it.payload["title"] in text] or same
    if len(same) != 1:
        why = "no open task" if not same else "more than one task"
        raise InvalidInput(f"{why} matches question {question.id}; edit the task directly")
    return same[0]


def changes_for(field: str, answer: str) -> dict[str, Any]:
    """The task edit an answer makes. Owner: the name as typed (a person may name anyone). Day: an
    ISO date sets ``due_date`` and keeps the words said; other words replace ``due_date_raw``
    (and the ledger resolves them to a date when they name one)."""
    answer = answer.strip()
    if not answer or len(answer) > MAX_ANSWER:
        raise InvalidInput(f"answer must be 1–{MAX_ANSWER} characters")
    if field == "owner":
        return {"owner": answer}
    if _ISO.fullmatch(answer):
        try:
            date.fromisoformat(answer)
        except ValueError:
            raise InvalidInput(f"{answer!r} is not a calendar date") from None
        return {"due_date": answer}
    return {"due_date_raw": answer}


def closing_status(status: IntentStatus) -> IntentStatus:
    """How an answered question ends: superseded by the task's new revision; one already in the
    minutes (applied) can only be retracted, which is ``rejected``."""
    return IntentStatus.REJECTED if status is IntentStatus.APPLIED else IntentStatus.SUPERSEDED


def complete(question: Intent, intents: Iterable[Intent], answer: str) -> Completion:
    """The whole decision for one answer (raises InvalidInput with a readable reason)."""
    field = about_field(question)
    if question.status not in (IntentStatus.DETECTED, IntentStatus.CLARIFYING, IntentStatus.APPROVED,
                               IntentStatus.APPLIED):
        raise InvalidInput(f"question {question.id} is {question.status.value}; it can no longer be answered")
    return Completion(target_task(question, intents), changes_for(field, answer))
