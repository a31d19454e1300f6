"""Domain types and enums of meetingd. No I/O lives here."""

from .domain import AsrJob, Binding, Change, Intent, IntentEvent, Meeting, Utterance
from .enums import (
    TERMINAL_STATUSES,
    BindingState,
    EventType,
    IntentKind,
    IntentStatus,
    JobStatus,
    Language,
    MeetingStatus,
    Mode,
    Priority,
    QuestionType,
    Risk,
)
from .errors import (
    AudioFormatError,
    IllegalTransition,
    InvalidInput,
    MeetingClosed,
    MeetingdError,
    ModelError,
    NotFound,
    SchemaVersionError,
)
from .payloads import validate_payload

__all__ = [
    "TERMINAL_STATUSES",
    "AsrJob",
    "AudioFormatError",
    "Binding",
    "BindingState",
    "Change",
    "EventType",
    "IllegalTransition",
    "Intent",
    "IntentEvent",
    "IntentKind",
    "IntentStatus",
    "InvalidInput",
    "JobStatus",
    "Language",
    "Meeting",
    "MeetingClosed",
    "MeetingStatus",
    "MeetingdError",
    "Mode",
    "ModelError",
    "NotFound",
    "Priority",
    "QuestionType",
    "Risk",
    "SchemaVersionError",
    "Utterance",
    "validate_payload",
]
