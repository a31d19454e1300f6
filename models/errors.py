"""The one exception root of meetingd and its tree.

    MeetingdError
    ├── NotFound                 unknown meeting / intent / job / agent / ticket id
    ├── InvalidInput             a value outside the contract (bad seq, enum, size, audio format)
    │   └── AudioFormatError     audio that is not PCM, truncated, empty or of the wrong shape
    ├── IllegalTransition        an intent state change the ledger does not allow
    ├── MeetingClosed            a write to a meeting that is finalizing or ended
    ├── NotOwner                 an action for a meeting another node runs   (live/ownership.py)
    ├── SchemaVersionError       a database written by a newer meetingd
    ├── ModelError               the Whisper model could not be assembled, verified or loaded
    ├── BrainError               a model server failed after retries      (raised by supervisor/llm/client.py)
    ├── BudgetExhausted          a meeting's model call/token budget is spent (supervisor/brains/fallback.py)
    ├── PromptTooLarge           a step's prompt over the limit after compaction (supervisor/llm/budget.py)
    ├── TicketUsed               an upload ticket redeemed twice             (web/uploads.py)
    ├── TicketExpired            an upload ticket redeemed too late          (web/uploads.py)
    ├── Unauthorized             no valid token                              (web/)
    ├── BadJson                  a request body that is not JSON, or nested too deep (web/)
    ├── BodyTooLarge             a request body over its cap                 (web/app.py)
    ├── BodyTimeout              a request body not received in time         (web/app.py)
    ├── UnsupportedMediaType     an API body that is not application/json     (web/app.py)
    ├── TooMany                  a per-daemon cap reached (open upload tickets) (web/uploads.py)
    ├── InstanceLocked           another meetingd serves this data dir       (live/instance.py)
    └── RecorderReplaced         another client took over recording a meeting (meetingd/listen.py)

Every class of the tree is defined here, whichever layer raises it, so a caller tests a type
(``isinstance(exc, BudgetExhausted)``), never a code string. Private control-flow exceptions
that never leave their module (a retryable unusable reply, a failed subagent run) are not part
of the tree.

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


class NotOwner(MeetingdError):
    """details: ``meeting_id``, ``owner`` (the node id holding the meeting's lease)."""

    code = "not_owner"


class MeetingBusy(MeetingdError):
    """The meeting is recording, transcribing or finalizing: the operation must wait."""

    code = "meeting_busy"


class SchemaVersionError(MeetingdError):
    code = "schema_version"


class ModelError(MeetingdError):
    code = "model_error"


class BrainError(MeetingdError):
    """The model could not produce a reply (after retries, or a non-retryable error).

    details: ``kind`` (timeout | connection | status | unusable | error), ``status`` (HTTP status or
    None), ``attempts``.
    """

    code = "brain_error"

    def __init__(self, message: str, *, kind: str, status: int | None = None, attempts: int = 1) -> None:
        super().__init__(message, kind=kind, status=status, attempts=attempts)
        self.kind = kind
        self.status = status
        self.attempts = attempts


class PromptTooLarge(MeetingdError):
    """A step's prompt is over the configured limit even after older tool results were compacted.
    Not a ``BrainError``: nothing was sent, retrying cannot help; the step goes to the rules brain
    and the meeting to manual review. details: ``estimated_tokens``, ``limit``."""

    code = "prompt_too_large"

    def __init__(self, estimated: int, limit: int) -> None:
        super().__init__(
            f"the prompt needs about {estimated} tokens, over the limit of {limit} "
            "(MEETINGD_LLM_MAX_PROMPT_TOKENS) even with older tool results compacted",
            estimated_tokens=estimated, limit=limit,
        )
        self.estimated = estimated
        self.limit = limit


class BudgetExhausted(MeetingdError):
    """The meeting's language-model budget is spent. details: ``budget`` (calls | tokens), ``used``,
    ``limit``."""

    code = "budget_exhausted"

    def __init__(self, budget: str, used: int, limit: int) -> None:
        super().__init__(
            f"LLM {budget} budget exhausted ({used}/{limit})", budget=budget, used=used, limit=limit
        )
        self.budget = budget
        self.used = used
        self.limit = limit


class TicketUsed(MeetingdError):
    code = "ticket_used"


class TicketExpired(MeetingdError):
    code = "ticket_expired"


class Unauthorized(MeetingdError):
    code = "unauthorized"


class BadJson(MeetingdError):
    code = "bad_json"


class BodyTooLarge(MeetingdError):
    code = "too_large"


class BodyTimeout(MeetingdError):
    code = "body_timeout"


class UnsupportedMediaType(MeetingdError):
    code = "unsupported_media_type"


class TooMany(MeetingdError):
    code = "too_many"


class InstanceLocked(MeetingdError):
    """details: ``pid`` (the other instance's, when it could be read), ``lock`` (the lock file)."""

    code = "instance_locked"


class RecorderReplaced(MeetingdError):
    """A meeting has one recorder: another client (a browser, another ``listen``) started recording
    it, so this one stopped. details: ``acked_ms`` (audio the daemon had from this client)."""

    code = "recorder_replaced"
