"""Subagents: their task, state, history and result, kept across restarts."""

from __future__ import annotations

import json
import time
from typing import Any

from .changes import ChangeFeed
from .rows import dumps


class SubagentRecords(ChangeFeed):

    async def save_subagent(
        self, meeting_id: str, agent_id: str, *, task: str, intent_id: str | None, state: str,
        history: list[dict[str, Any]], result: str | None,
    ) -> None:
        now = time.time()
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO subagents(id, meeting_id, task, intent_id, state, history, result, created_at, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET state = excluded.state,"
                " history = excluded.history, result = excluded.result, updated_at = excluded.updated_at",
                (agent_id, meeting_id, task, intent_id, state, dumps(history), result, now, now),
            )
            if intent_id is not None:
                # Linked both ways: the intent names the agent working on it.
                await tx.execute("UPDATE meeting_intents SET subagent_id = ? WHERE id = ? AND meeting_id = ?"
                                 " AND subagent_id IS NOT ?", (agent_id, intent_id, meeting_id, agent_id))
            await self.add_change(tx, meeting_id, "agent", {"agent_id": agent_id, "state": state, "task": task})

    async def list_subagents(self, meeting_id: str) -> list[dict[str, Any]]:
        got = await self.db.all("SELECT * FROM subagents WHERE meeting_id = ? ORDER BY created_at", (meeting_id,))
        return [dict(r) | {"history": json.loads(r["history"])} for r in got]
