"""Agent traces: one row per brain step (Supervisor and subagents), and their per-meeting sums."""

from __future__ import annotations

import json
import time
from typing import Any

from models import NotFound

from .changes import ChangeFeed
from .rows import dumps


class TraceRecords(ChangeFeed):

    async def add_trace(
        self,
        meeting_id: str,
        *,
        trace_id: str,
        agent_id: str,
        turn: int,
        step: int,
        brain: str,
        tool_calls: list[str],
        duration_ms: float,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        context_chars: int = 0,
        error: str | None = None,
    ) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO agent_traces(meeting_id, trace_id, agent_id, turn, step, brain, tool_calls, duration_ms,"
                " prompt_tokens, completion_tokens, context_chars, error, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (meeting_id, trace_id, agent_id, turn, step, brain, dumps(tool_calls), duration_ms, prompt_tokens,
                 completion_tokens, context_chars, error, time.time()),
            )

    async def trace_stats(self, meeting_id: str, agent_id: str = "supervisor") -> dict[str, int]:
        r = await self.db.one(
            "SELECT COUNT(DISTINCT turn), COUNT(*), COALESCE(SUM(CASE WHEN brain != 'rules' THEN 1 ELSE 0 END), 0),"
            " COALESCE(SUM(prompt_tokens + completion_tokens), 0) FROM agent_traces"
            " WHERE meeting_id = ? AND agent_id = ?",
            (meeting_id, agent_id),
        )
        assert r is not None
        # int(): PostgreSQL's SUM of a bigint is a numeric (a Decimal here).
        return {"turns": int(r[0]), "steps": int(r[1]), "llm_calls": int(r[2]), "tokens": int(r[3])}

    async def trace_detail(self, meeting_id: str, trace_id: str) -> dict[str, Any]:
        """One turn (or request) end to end: its steps (brain, tool calls, tokens, errors), the
        intent events and audit rows it wrote, the intents it touched, the ranges it skipped or
        retried. NotFound when nothing of the meeting carries ``trace_id``."""
        steps = await self.db.all(
            "SELECT * FROM agent_traces WHERE meeting_id = ? AND trace_id = ? ORDER BY id", (meeting_id, trace_id))
        events = await self.db.all(
            "SELECT * FROM intent_events WHERE meeting_id = ? AND trace_id = ? ORDER BY id", (meeting_id, trace_id))
        actions = await self.db.all(
            "SELECT * FROM meeting_ai_actions WHERE meeting_id = ? AND trace_id = ? ORDER BY id", (meeting_id, trace_id))
        skipped = await self.db.all(
            "SELECT id, from_seq, to_seq, reason, status FROM skipped_ranges WHERE meeting_id = ?"
            " AND (trace_id = ? OR resolved_by = ?) ORDER BY id", (meeting_id, trace_id, trace_id))
        if not (steps or events or actions or skipped):
            raise NotFound(f"no trace {trace_id!r} in meeting {meeting_id!r}", meeting_id=meeting_id)
        touched = list(dict.fromkeys([r["intent_id"] for r in events] + [r["intent_id"] for r in actions]))
        return {
            "trace_id": trace_id,
            "steps": [dict(r) | {"tool_calls": json.loads(r["tool_calls"])} for r in steps],
            "events": [dict(r) | {"payload": json.loads(r["payload"])} for r in events],
            "actions": [dict(r) | {"response": json.loads(r["response"])} for r in actions],
            "intents": touched,
            "skipped": [dict(r) for r in skipped],
        }

    async def traces(self, meeting_id: str, limit: int = 200) -> list[dict[str, Any]]:
        got = await self.db.all(
            "SELECT * FROM agent_traces WHERE meeting_id = ? ORDER BY id DESC LIMIT ?", (meeting_id, limit)
        )
        return [dict(r) | {"tool_calls": json.loads(r["tool_calls"])} for r in reversed(got)]
