"""The Supervisor's tools (DESIGN §8), executed for one meeting.

Every call returns a JSON-able dict and never raises: malformed JSON, an unknown tool, invalid
arguments and domain errors come back as ``{"error": code, "message": …}`` so the brain can read
them and try again, and the turn loop keeps going. Business data is only ever written through
``commit_intent`` → :meth:`intents.Ledger.commit` (the guard); there is no delete tool.

Dispatch is the explicit table ``TOOLS``: ``{name: (ArgsModel, handler)}``. Ledger results are
typed (``intents.results``) and become the tool's dict here, at the edge.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from intents import Ledger, LedgerResult
from models import IntentStatus, MeetingdError
from store import Store

from .protocol import ToolSpec
from .tool_args import (
    TOOL_ARGS,
    AskClarificationArgs,
    CommitIntentArgs,
    InterruptAgentArgs,
    ListAgentsArgs,
    ListIntentsArgs,
    ReadTranscriptArgs,
    RejectIntentArgs,
    SendMessageArgs,
    SpawnAgentArgs,
    UpsertIntentArgs,
)
from .tool_specs import tool_specs as build_tool_specs

if TYPE_CHECKING:
    from .subagents import Subagents

READ_LIMIT = 200
# A read_transcript page: at most this many characters of text, each utterance clipped like the
# step context. Paging keeps one tool result from crowding out the prompt (issue #13).
READ_CHARS = 6000
UTTERANCE_CHARS = 600


def compact_intent(it: Any) -> dict[str, Any]:
    return {
        "intent_id": it.id,
        "kind": it.kind.value,
        "status": it.status.value,
        "revision": it.revision,
        "risk": it.risk.value,
        "payload": it.payload,
        "evidence_seqs": list(it.evidence_seqs),
    }


def tool_error(code: str, message: str) -> dict[str, Any]:
    return {"error": code, "message": message}


_SPECS: dict[tuple[str, ...] | None, tuple[ToolSpec, ...]] = {}


def tool_specs(names: tuple[str, ...] | None = None) -> tuple[ToolSpec, ...]:
    """The ten tools (or ``names``) as specs (JSON schema from the pydantic argument models), built once."""
    if names not in _SPECS:
        _SPECS[names] = build_tool_specs(names)
    return _SPECS[names]


class Toolbox:
    def __init__(
        self, store: Store, ledger: Ledger, meeting_id: str, agents: Subagents | None = None,
        actor: str = "supervisor",
    ) -> None:
        self.store = store
        self.ledger = ledger
        self.meeting_id = meeting_id
        self.agents = agents
        self.actor = actor

    async def call(self, name: str, raw_arguments: str) -> dict[str, Any]:
        entry = TOOLS.get(name)
        if entry is None:
            return tool_error("unknown_tool", f"no tool named {name!r}; tools: {', '.join(TOOLS)}")
        model, handler = entry
        try:
            raw = json.loads(raw_arguments or "{}")
        except (TypeError, ValueError) as exc:
            return tool_error("malformed_arguments", f"arguments are not valid JSON: {exc}")
        if not isinstance(raw, dict):
            return tool_error("malformed_arguments", "arguments must be a JSON object")
        try:
            args = model.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors())
            return tool_error("invalid_arguments", f"{name}: {problems}")
        try:
            return await handler(self, args)
        except MeetingdError as exc:
            return exc.to_dict()

    async def read_transcript(self, a: ReadTranscriptArgs) -> dict[str, Any]:
        m = await self.store.get_meeting(self.meeting_id)
        got = await self.store.list_utterances(self.meeting_id, a.from_seq, a.to_seq, limit=READ_LIMIT)
        page: list[dict[str, Any]] = []
        used = 0
        for u in got:
            if page and used + min(len(u.text), UTTERANCE_CHARS) > READ_CHARS:
                break
            text = u.text if len(u.text) <= UTTERANCE_CHARS else u.text[:UTTERANCE_CHARS] + "…[clipped]"
            page.append({"seq": u.seq, "text": text})
            used += len(text)
        out: dict[str, Any] = {"latest_seq": m.latest_seq, "utterances": page}
        end = min(a.to_seq if a.to_seq is not None else m.latest_seq, m.latest_seq)
        if page and page[-1]["seq"] < end:
            out["next_from_seq"] = page[-1]["seq"] + 1
        return out

    async def list_intents(self, a: ListIntentsArgs) -> dict[str, Any]:
        status = IntentStatus(a.status) if a.status else None
        got = await self.store.list_intents(self.meeting_id, status)
        page = got[a.offset : a.offset + a.limit]
        out: dict[str, Any] = {"intents": [compact_intent(it) for it in page], "total": len(got)}
        if a.offset + len(page) < len(got):
            out["next_offset"] = a.offset + len(page)
        return out

    async def upsert_intent(self, a: UpsertIntentArgs) -> dict[str, Any]:
        return _shape(await self.ledger.upsert(
            self.meeting_id, kind=a.kind, payload=a.payload, evidence_seqs=a.evidence_seqs, evidence=a.evidence,
            basis_sequence=a.basis_sequence, intent_id=a.intent_id, expected_revision=a.expected_revision,
            produced_by=self.actor,
        ))

    async def commit_intent(self, a: CommitIntentArgs) -> dict[str, Any]:
        return _shape(await self.ledger.commit(
            self.meeting_id, a.intent_id, a.basis_sequence, a.intent_revision, self.actor))

    async def reject_intent(self, a: RejectIntentArgs) -> dict[str, Any]:
        return _shape(await self.ledger.reject(
            self.meeting_id, a.intent_id, a.intent_revision, a.reason, a.superseded_by, self.actor
        ))

    async def ask_clarification(self, a: AskClarificationArgs) -> dict[str, Any]:
        return _shape(await self.ledger.clarify(
            self.meeting_id, a.intent_id, a.question, a.question_type.value, a.candidates, self.actor
        ))

    def _need_agents(self) -> Subagents:
        if self.agents is None:
            raise MeetingdError("subagents are not available to this agent")
        return self.agents

    async def spawn_agent(self, a: SpawnAgentArgs) -> dict[str, Any]:
        return await self._need_agents().spawn(a.task, a.intent_id)

    async def list_agents(self, a: ListAgentsArgs) -> dict[str, Any]:
        return {"agents": self._need_agents().list()}

    async def send_message(self, a: SendMessageArgs) -> dict[str, Any]:
        return await self._need_agents().send(a.agent_id, a.text)

    async def interrupt_agent(self, a: InterruptAgentArgs) -> dict[str, Any]:
        return await self._need_agents().interrupt(a.agent_id)


def _shape(result: LedgerResult) -> dict[str, Any]:
    return result.to_dict()


Handler = Callable[[Toolbox, Any], Awaitable[dict[str, Any]]]

# The one dispatch table of the Supervisor tools (DESIGN §8): name → (argument model, handler).
TOOLS: dict[str, tuple[type[BaseModel], Handler]] = {
    "read_transcript": (ReadTranscriptArgs, Toolbox.read_transcript),
    "list_intents": (ListIntentsArgs, Toolbox.list_intents),
    "upsert_intent": (UpsertIntentArgs, Toolbox.upsert_intent),
    "commit_intent": (CommitIntentArgs, Toolbox.commit_intent),
    "reject_intent": (RejectIntentArgs, Toolbox.reject_intent),
    "ask_clarification": (AskClarificationArgs, Toolbox.ask_clarification),
    "spawn_agent": (SpawnAgentArgs, Toolbox.spawn_agent),
    "list_agents": (ListAgentsArgs, Toolbox.list_agents),
    "send_message": (SendMessageArgs, Toolbox.send_message),
    "interrupt_agent": (InterruptAgentArgs, Toolbox.interrupt_agent),
}
assert {n: m for n, (m, _) in TOOLS.items()} == TOOL_ARGS, "TOOLS and tool_args.TOOL_ARGS must name the same tools"
