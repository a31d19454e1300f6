"""Argument models of the Supervisor tools (DESIGN §8): the contract with any brain.

Each model validates locally; the OpenAI brain turns them into plain JSON-schema function tools
and never relies on server-side strict schemas.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from models.enums import IntentKind, IntentStatus, QuestionType

Seq = Annotated[int, Field(ge=0)]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ReadTranscriptArgs(_Args):
    """Read utterances of the authoritative transcript (inclusive range). A long range comes back
    in pages: when ``next_from_seq`` is in the answer, call again from there."""

    from_seq: Seq = 1
    to_seq: Seq | None = None


class ListIntentsArgs(_Args):
    """List the meeting's intents (oldest first), optionally only those in one status; a page of
    ``limit`` from ``offset`` (the answer has ``total`` and, when more remain, ``next_offset``)."""

    status: IntentStatus | None = None
    limit: Annotated[int, Field(ge=1, le=100)] = 30
    offset: Annotated[int, Field(ge=0)] = 0


class UpsertIntentArgs(_Args):
    """Create an intent, or revise an existing one (pass intent_id and expected_revision).

    payload by kind — task: title, owner?, due_date_raw?, priority; decision: text;
    note: title, body; question: text, question_type, candidates, about_field? (owner | due_date:
    the field of the task quoting the same evidence that a completion question asks for). evidence must be a verbatim
    quote of the utterances in evidence_seqs. basis_sequence is the latest seq you have read.
    """

    intent_id: str | None = None
    kind: IntentKind
    payload: dict[str, Any]
    evidence_seqs: Annotated[list[Annotated[int, Field(ge=1)]], Field(min_length=1, max_length=50)]
    evidence: Annotated[str, Field(min_length=1, max_length=2000)]
    basis_sequence: Seq
    expected_revision: Annotated[int, Field(ge=1)] | None = None


class CommitIntentArgs(_Args):
    """Write the intent's business record; guarded by the latest seq and the intent revision."""

    intent_id: str
    basis_sequence: Seq
    intent_revision: Annotated[int, Field(ge=1)]


class RejectIntentArgs(_Args):
    """Reject an intent (cancelled, wrong, duplicate); superseded_by marks it superseded instead."""

    intent_id: str
    intent_revision: Annotated[int, Field(ge=1)]
    reason: Annotated[str, Field(min_length=1, max_length=500)]
    superseded_by: str | None = None


class AskClarificationArgs(_Args):
    """Put an intent into clarifying with a question for the participants."""

    intent_id: str
    question: Annotated[str, Field(min_length=1, max_length=500)]
    question_type: QuestionType = QuestionType.CLARIFICATION
    candidates: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=20)


class SpawnAgentArgs(_Args):
    """Start a background subagent on a bounded job (research, organising, drafting)."""

    task: Annotated[str, Field(min_length=1, max_length=2000)]
    intent_id: str | None = None


class ListAgentsArgs(_Args):
    """List background subagents and their state."""


class SendMessageArgs(_Args):
    """Send a message to a subagent; an idle or interrupted agent continues with it."""

    agent_id: str
    text: Annotated[str, Field(min_length=1, max_length=4000)]


class InterruptAgentArgs(_Args):
    """Interrupt a running subagent; its history is kept so it can be continued."""

    agent_id: str


TOOL_ARGS: dict[str, type[_Args]] = {
    "read_transcript": ReadTranscriptArgs,
    "list_intents": ListIntentsArgs,
    "upsert_intent": UpsertIntentArgs,
    "commit_intent": CommitIntentArgs,
    "reject_intent": RejectIntentArgs,
    "ask_clarification": AskClarificationArgs,
    "spawn_agent": SpawnAgentArgs,
    "list_agents": ListAgentsArgs,
    "send_message": SendMessageArgs,
    "interrupt_agent": InterruptAgentArgs,
}
