"""What passes between the Supervisor runtime and a brain. Plain values only.

A brain is anything with ``name`` and ``async step(StepInput) -> BrainReply``. The runtime owns
the loop (turns, steps, inbox, hooks, limits); a brain only decides the next tool calls.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol


@dataclass(frozen=True, slots=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # raw JSON text exactly as the brain produced it; validated by the runtime


@dataclass(frozen=True, slots=True)
class Message:
    """One message of a turn's history (OpenAI chat shape, minus the system message)."""

    role: Literal["user", "assistant", "tool"]
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True, slots=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments object


_INTENT_KEYS = ("intent_id", "kind", "status", "revision", "evidence_seqs", "payload")


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


@dataclass(frozen=True, slots=True)
class StepContext:
    """The per-step view of the meeting (DESIGN §6 ``context()``); bounded in size."""

    meeting_id: str
    title: str
    language: str
    mode: str
    participants: tuple[str, ...]
    latest_seq: int
    analyzed_seq: int
    unanalyzed: tuple[tuple[int, str], ...]  # (seq, text) not yet shown to a completed step
    recent: tuple[tuple[int, str], ...]  # bounded window before the unanalyzed part
    open_intents: tuple[dict[str, Any], ...]  # compact: intent_id, kind, status, revision, payload, evidence_seqs
    summary: str = ""
    glossary: tuple[str, ...] = ()
    meeting_date: str | None = None  # ISO date of the meeting (its creation, local time)
    # The meeting's first utterances when the window no longer shows them: where people said who
    # they are ("我是钱雯，朵朵妈妈"), which names them for the rest of the meeting.
    opening: tuple[tuple[int, str], ...] = ()

    def render(self) -> str:
        """The context as text for a model prompt: fixed section headers, and every value a
        person or a model wrote (title, names, summary, utterances, payloads) JSON-escaped on a
        line of its own — one utterance per line — so a newline or a fake header said in the
        meeting stays inside its JSON string and cannot forge a line of the context."""
        lines = [
            "meeting: " + _json({"title": self.title, "meeting_id": self.meeting_id,
                                 "language": self.language, "mode": self.mode}),
            "participants: " + _json(list(self.participants)),
            f"latest_seq={self.latest_seq} analyzed_seq={self.analyzed_seq}",
        ]
        if self.meeting_date:
            lines.insert(1, f"meeting date: {self.meeting_date} (due_date = the ISO date due_date_raw means)")
        if self.summary:
            lines.append("summary so far: " + _json(self.summary))
        if self.recent:
            lines.append("recent (already analyzed):")
            lines += ["  " + _json({"seq": s, "text": t}) for s, t in self.recent]
        lines.append("new (unanalyzed):" if self.unanalyzed else "new (unanalyzed): none")
        lines += ["  " + _json({"seq": s, "text": t}) for s, t in self.unanalyzed]
        if self.open_intents:
            lines.append("open intents:")
            lines += ["  " + _json({k: it.get(k) for k in _INTENT_KEYS}) for it in self.open_intents]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class StepInput:
    context: StepContext
    messages: tuple[Message, ...]  # this turn's history: steering notes, assistant calls, tool results
    tools: tuple[ToolSpec, ...]
    step: int = 0
    turn: int = 0


@dataclass(frozen=True, slots=True)
class BrainReply:
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = field(default_factory=Usage)


class Brain(Protocol):
    name: str

    async def step(self, inp: StepInput) -> BrainReply: ...
