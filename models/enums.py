"""Enumerations shared by every layer (values are the strings stored and sent on the wire)."""

from __future__ import annotations

from enum import StrEnum


class MeetingStatus(StrEnum):
    LIVE = "live"
    FINALIZING = "finalizing"
    ENDED = "ended"


class Mode(StrEnum):
    RECORD = "record"
    SUGGEST = "suggest"
    EXECUTE = "execute"


class Language(StrEnum):
    ZH = "zh"
    EN = "en"


class JobStatus(StrEnum):
    PENDING = "pending"
    PROCESSING = "processing"
    DONE = "done"
    FAILED = "failed"


class IntentKind(StrEnum):
    TASK = "task"
    DECISION = "decision"
    NOTE = "note"
    QUESTION = "question"


class IntentStatus(StrEnum):
    DETECTED = "detected"
    CLARIFYING = "clarifying"
    APPROVED = "approved"
    EXECUTING = "executing"
    APPLIED = "applied"
    SUPERSEDED = "superseded"
    REJECTED = "rejected"
    FAILED = "failed"

    @property
    def terminal(self) -> bool:
        """Terminal for finalize: nothing more will happen to the intent without a person."""
        return self in TERMINAL_STATUSES

    @property
    def open(self) -> bool:
        return self in (IntentStatus.DETECTED, IntentStatus.CLARIFYING, IntentStatus.APPROVED)


TERMINAL_STATUSES = frozenset(
    {IntentStatus.APPLIED, IntentStatus.SUPERSEDED, IntentStatus.REJECTED, IntentStatus.FAILED}
)


class Priority(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"
    UNSPECIFIED = "unspecified"


class QuestionType(StrEnum):
    COMPLETION = "completion"
    CLARIFICATION = "clarification"
    CONFIRMATION = "confirmation"


class Risk(StrEnum):
    LOW = "low"
    HIGH = "high"


class BindingState(StrEnum):
    IDLE = "idle"
    RUNNING = "running"


class EventType(StrEnum):
    DETECTED = "intent.detected"
    REVISED = "intent.revised"
    APPROVED = "intent.approved"
    REJECTED = "intent.rejected"
    SUPERSEDED = "intent.superseded"
    EXECUTING = "intent.executing"
    APPLIED = "intent.applied"
    FAILED = "intent.failed"
    CLARIFYING = "intent.clarifying"
