"""Intent ledger reads (writes live in ``intents/`` through the tx helpers of ``ledger_sql``)."""

from __future__ import annotations

import json
from typing import Any

from models import Intent, IntentStatus, InvalidInput, NotFound

from . import rows
from .changes import ChangeFeed


class LedgerRecords(ChangeFeed):

    async def get_intent(self, meeting_id: str, intent_id: str) -> Intent:
        r = await self.db.one(
            "SELECT * FROM meeting_intents WHERE id = ? AND meeting_id = ?", (intent_id, meeting_id)
        )
        if r is None:
            raise NotFound(f"unknown intent {intent_id!r}", intent_id=intent_id)
        return rows.intent(r)

    async def list_intents(self, meeting_id: str, status: IntentStatus | None = None) -> list[Intent]:
        if status is None:
            got = await self.db.all(
                "SELECT * FROM meeting_intents WHERE meeting_id = ? ORDER BY created_at, rowid", (meeting_id,)
            )
        else:
            got = await self.db.all(
                "SELECT * FROM meeting_intents WHERE meeting_id = ? AND status = ? ORDER BY created_at, rowid",
                (meeting_id, status.value),
            )
        return [rows.intent(r) for r in got]

    async def intent_events(self, intent_id: str) -> list[dict[str, Any]]:
        got = await self.db.all("SELECT * FROM intent_events WHERE intent_id = ? ORDER BY id", (intent_id,))
        return [dict(r) | {"payload": json.loads(r["payload"])} for r in got]

    async def business_rows(self, meeting_id: str, table: str) -> list[dict[str, Any]]:
        if table not in {"tasks", "decisions", "notes", "open_questions"}:
            raise InvalidInput(f"unknown business table {table!r}")
        got = await self.db.all(f"SELECT * FROM {table} WHERE meeting_id = ? ORDER BY created_at", (meeting_id,))
        return [dict(r) for r in got]

    async def conflict_count(self, meeting_id: str) -> int:
        r = await self.db.one(
            "SELECT COUNT(*) FROM meeting_ai_actions WHERE meeting_id = ? AND result = 'conflict'", (meeting_id,)
        )
        return int(r[0]) if r else 0
