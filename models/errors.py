"""The one exception root of meetingd and its tree.

    MeetingdError
    ├── NotFound                 unknown meeting / intent / job / agent / ticket id
    ├── InvalidInput             a value outside the contract (bad seq, enum, size, audio format)
    │   └── AudioFormatError     audio that is not PCM, truncated, empty or of the wrong shape
    ├── IllegalTransition        an intent state change the ledger does not allow
    ├── MeetingClosed            a write to a meeting that is finalizing or ended
    ├── SchemaVersionError       a database written by a newer meetingd
    ├── ModelError               the Whisper model could not be assembled, verified or loaded
    ├── BrainError               a model server failed after retries   (supervisor/brains/openai_brain.py)
    ├── BudgetExhausted          a meeting's model call/token budget is spent (supervisor/brains/fallback.py)
    ├── TicketUsed, TicketExpired  an upload ticket redeemed twice or too late (web/uploads.py)
    └── Unauthorized, BadJson, BodyTooLarge  HTTP edge refusals (web/app.py)

The subclasses outside this module live beside the edge that raises them; they still derive from
MeetingdError, so every layer catches one root.

Every error carries a ``code`` (stable, machine readable) and a human message; the web layer maps
them to HTTP statuses without ever showing a traceback.
"""

from __future__ import annotations


class MeetingdError(Exception):
    code = "error"

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, object]:
        return {"error": self.code, "message": self.message, **self.details}


class NotFound(MeetingdError):
    code = "not_found"


class InvalidInput(MeetingdError):
    code = "invalid_input"


class AudioFormatError(InvalidInput):
    code = "audio_format"


class IllegalTransition(MeetingdError):
    code = "illegal_transition"


class MeetingClosed(MeetingdError):
    code = "meeting_closed"


class SchemaVersionError(MeetingdError):
    code = "schema_version"


class ModelError(MeetingdError):
    code = "model_error"
