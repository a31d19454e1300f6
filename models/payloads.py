"""Intent payloads: pydantic, because they cross edges (LLM output, HTTP, tool arguments)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .enums import IntentKind, Priority, QuestionType
from .errors import InvalidInput

MAX_TEXT = 2000
Text = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]


class _Payload(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class TaskPayload(_Payload):
    title: Text
    owner: Annotated[str, Field(max_length=100)] | None = None
    due_date_raw: Annotated[str, Field(max_length=200)] | None = None
    # The calendar date ``due_date_raw`` means on the meeting's date (ISO YYYY-MM-DD); null when the
    # words name no single day. The ledger checks it against ``due_date_raw`` (intents/evidence.py).
    due_date: date | None = None
    priority: Priority = Priority.UNSPECIFIED

    @field_validator("owner", "due_date_raw", "due_date", mode="before")
    @classmethod
    def _blank_is_null(cls, v: Any) -> Any:
        # A model that says "" or "unknown" has not said anything: keep it null, never a guess.
        if isinstance(v, str) and v.strip().lower() in {"", "null", "none", "unknown", "未知", "未提供", "n/a"}:
            return None
        return v


class DecisionPayload(_Payload):
    text: Text


class NotePayload(_Payload):
    title: Text
    body: Annotated[str, Field(max_length=MAX_TEXT)] = ""


class QuestionPayload(_Payload):
    text: Text
    question_type: QuestionType = QuestionType.CLARIFICATION
    candidates: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=20)
    # A completion question asks for one field of the task it cites (same evidence and seqs):
    # a person's answer in the dock becomes that field (``intents.completion``). Absent otherwise.
    about_field: Literal["owner", "due_date"] | None = None


PAYLOADS: dict[IntentKind, type[_Payload]] = {
    IntentKind.TASK: TaskPayload,
    IntentKind.DECISION: DecisionPayload,
    IntentKind.NOTE: NotePayload,
    IntentKind.QUESTION: QuestionPayload,
}


def validate_payload(kind: IntentKind | str, payload: Any) -> dict[str, Any]:
    """Return the payload of ``kind`` normalised to plain JSON values.

    Raises InvalidInput with a readable message naming the offending fields.
    """
    try:
        kind = IntentKind(kind)
    except ValueError:
        raise InvalidInput(f"unknown intent kind {kind!r}; expected one of task, decision, note, question") from None
    if not isinstance(payload, dict):
        raise InvalidInput(f"{kind.value} payload must be an object")
    try:
        model = PAYLOADS[kind].model_validate(payload)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'payload'}: {e['msg']}" for e in exc.errors())
        raise InvalidInput(f"invalid {kind.value} payload: {problems}") from None
    out = model.model_dump(mode="json")
    if kind is IntentKind.QUESTION and out.get("about_field") is None:
        # Only completion questions carry the key, so every other question keeps its DESIGN §3 shape.
        out.pop("about_field", None)
    return out


def headline(kind: IntentKind, payload: dict[str, Any]) -> str:
    """The one-line text of an intent (task title, decision text, …)."""
    if kind is IntentKind.TASK or kind is IntentKind.NOTE:
        return str(payload.get("title", ""))
    return str(payload.get("text", ""))
