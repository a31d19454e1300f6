"""Reading the event log whole and writing rebuilt projections back (``meetingd rebuild``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from models import Intent

from . import ledger_sql as sql
from .changes import ChangeFeed

TABLES = ("tasks", "decisions", "notes", "open_questions")


class ProjectionRecords(ChangeFeed):

    async def all_intent_events(self, meeting_id: str) -> list[dict[str, Any]]:
        got = await self.db.all("SELECT * FROM intent_events WHERE meeting_id = ? ORDER BY id", (meeting_id,))
        return [dict(r) | {"payload": json.loads(r["payload"])} for r in got]

    async def subagent_links(self, meeting_id: str) -> dict[str, str]:
        """intent id → the latest agent spawned for it."""
        got = await self.db.all("SELECT id, intent_id FROM subagents WHERE meeting_id = ? AND intent_id IS NOT NULL"
                                " ORDER BY created_at", (meeting_id,))
        return {r["intent_id"]: r["id"] for r in got}

    async def replace_projection(self, meeting_id: str, intents: Sequence[Intent],
                                 rows: Mapping[str, Mapping[str, dict[str, Any]]]) -> None:
        """Make ``meeting_intents`` and the business tables of ``meeting_id`` exactly ``intents`` /
        ``rows`` (one transaction; stored timestamps of surviving rows are kept)."""
        async with self.db.transaction() as tx:
            stored = {r["id"]: r for r in await tx.all(
                "SELECT id, created_at, updated_at FROM meeting_intents WHERE meeting_id = ?", (meeting_id,))}
            await tx.execute("DELETE FROM meeting_intents WHERE meeting_id = ?", (meeting_id,))
            for it in intents:
                old = stored.get(it.id)
                await sql.insert_intent(tx, it if old is None else _keep_times(it, old))
                await sql.update_intent(tx, it)  # the columns insert_intent leaves out (error)
                if old is not None:
                    await tx.execute("UPDATE meeting_intents SET updated_at = ? WHERE id = ?",
                                     (old["updated_at"], it.id))
            for table in TABLES:
                keep = rows.get(table, {})
                have = [r["intent_id"] for r in await tx.all(
                    f"SELECT intent_id FROM {table} WHERE meeting_id = ?", (meeting_id,))]
                for intent_id in have:
                    if intent_id not in keep:
                        await tx.execute(f"DELETE FROM {table} WHERE intent_id = ?", (intent_id,))
            by_id = {it.id: it for it in intents}
            for _table, values in rows.items():
                for intent_id, row in values.items():
                    await sql.write_entity(tx, by_id[intent_id].kind, row)
            await self.add_change(tx, meeting_id, "rebuilt", {"intents": len(intents)})


def _keep_times(it: Intent, old: Any) -> Intent:
    from dataclasses import replace

    return replace(it, created_at=old["created_at"], updated_at=old["updated_at"])
