"""Frozen domain records read from the store and passed between cores.

These are plain values: no I/O, no behaviour beyond small derived properties. Conversion to the
JSON shapes of DESIGN §8 lives next to each record (``to_dict``) so that every layer speaks the
same field names.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .enums import (
    BindingState,
    IntentKind,
    IntentStatus,
    JobStatus,
    Language,
    MeetingStatus,
    Mode,
    Risk,
)


@dataclass(frozen=True, slots=True)
class Meeting:
    id: str
    title: str
    language: Language
    mode: Mode
    status: MeetingStatus
    participants: tuple[str, ...]
    created_at: float
    ended_at: float | None
    latest_seq: int
    analyzed_seq: int
    change_cursor: int
    glossary: tuple[str, ...] = ()
    agenda: str = ""  # free text; its content words join the ASR vocabulary
    language_auto: bool = False  # ``language`` is provisional until Whisper detects it

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["participants"] = list(self.participants)
        d["glossary"] = list(self.glossary)
        # DESIGN's ``language`` is zh|en once fixed; ``auto`` only until detection.
        d["language"] = "auto" if self.language_auto else self.language.value
        return d


@dataclass(frozen=True, slots=True)
class Utterance:
    meeting_id: str
    seq: int
    text: str
    start_ms: int | None
    end_ms: int | None
    source: str
    job_id: str | None
    created_at: float
    # The text as first heard (None when nothing changed it): kept when the ASR correction rewrote
    # words (each rewrite as {start, end, heard, word, source}, positions in ``text``) or when a
    # person corrected the line (then ``rewrites`` is emptied: its positions no longer apply).
    text_raw: str | None = None
    rewrites: tuple[dict[str, Any], ...] = ()
    language: str | None = None  # the language Whisper heard this segment in (None: typed)

    def to_dict(self) -> dict[str, Any]:
        d = {
            "seq": self.seq,
            "text": self.text,
            "start_ms": self.start_ms,
            "end_ms": self.end_ms,
            "source": self.source,
            "job_id": self.job_id,
            "created_at": self.created_at,
            "language": self.language,
        }
        if self.text_raw is not None:
            d["text_raw"] = self.text_raw
        if self.rewrites:
            d["rewrites"] = [dict(r) for r in self.rewrites]
        return d


@dataclass(frozen=True, slots=True)
class AsrJob:
    id: str
    meeting_id: str
    status: JobStatus
    audio_path: str
    duration_ms: int
    attempts: int
    error: str | None
    created_at: float
    finished_at: float | None
    start_ms: int | None = None
    utterance_seq: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Binding:
    meeting_id: str
    session_id: str
    state: BindingState
    delivered_seq: int
    analyzed_seq: int
    updated_at: float


@dataclass(frozen=True, slots=True)
class Intent:
    id: str
    meeting_id: str
    kind: IntentKind
    payload: dict[str, Any]
    evidence_seqs: tuple[int, ...]
    evidence: str
    revision: int
    status: IntentStatus
    basis_seq: int
    risk: Risk
    entity_ref: str | None = None
    subagent_id: str | None = None
    question: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    produced_by: str = ""
    # Payload fields a person set (edit, add by hand): the model never overwrites them.
    set_by_person: tuple[str, ...] = ()
    # A model's proposed change to something a person owns, waiting for a person (docs/ledger.md).
    pending_revision: dict[str, Any] | None = None
    error: str | None = None  # why the business write failed (status failed only)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "intent_id": self.id,
            "meeting_id": self.meeting_id,
            "kind": self.kind.value,
            "payload": dict(self.payload),
            "evidence_seqs": list(self.evidence_seqs),
            "evidence": self.evidence,
            "revision": self.revision,
            "status": self.status.value,
            "basis_seq": self.basis_seq,
            "risk": self.risk.value,
            "entity_ref": self.entity_ref,
            "subagent_id": self.subagent_id,
            "question": self.question,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "produced_by": self.produced_by,
            "set_by_person": list(self.set_by_person),
            "pending_revision": self.pending_revision,
        } | ({"error": self.error} if self.error else {})


@dataclass(frozen=True, slots=True)
class IntentEvent:
    id: int
    meeting_id: str
    intent_id: str
    type: str
    revision: int
    payload: dict[str, Any]
    basis_seq: int
    produced_by: str
    created_at: float


@dataclass(frozen=True, slots=True)
class Change:
    """One entry of a meeting's change feed (what the WebSocket sends as an ``event``)."""

    meeting_id: str
    cursor: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "event", "cursor": self.cursor, "kind": self.kind, "data": self.data}
