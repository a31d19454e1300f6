"""The meetings list's housekeeping: delete a meeting's rows, search transcripts and items.

Search is a case-insensitive substring match (``LOWER(x) LIKE LOWER(?) ESCAPE '\\'``), the same SQL
on SQLite and PostgreSQL, not FTS5: Chinese has no spaces, so FTS5's ``unicode61`` tokenizer makes
one token of a whole clause, and its ``trigram`` tokenizer cannot find two-character names (张三),
which are what people search for. A scan is fine at one daemon's scale (thousands of meetings);
results are capped.
"""

from __future__ import annotations

import json
from typing import Any

from models import NotFound

from .changes import ChangeFeed

# Every table that holds a meeting's rows, children before the tables they reference.
MEETING_TABLES = (
    "intent_events", "meeting_ai_actions", "tasks", "decisions", "notes", "open_questions", "changes",
    "agent_traces", "subagents", "minutes", "audio_streams", "skipped_ranges", "webhook_outbox",
    "meeting_intents", "utterances", "asr_jobs", "meeting_agent_bindings", "meeting_leases",
)
SEARCH_LIMIT = 50
# Items a search shows: what the meeting holds or still decides, not retracted / replaced ones.
SEARCHED_STATUSES = ("detected", "clarifying", "approved", "executing", "applied")


def like_pattern(q: str) -> str:
    escaped = q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def item_text(kind: str, payload: dict[str, Any]) -> str:
    if kind in ("task", "note"):
        return str(payload.get("title") or "")
    return str(payload.get("text") or "")


class LibraryRecords(ChangeFeed):
    async def delete_meeting(self, meeting_id: str) -> None:
        """Remove every row of the meeting, in one transaction (NotFound if there is none)."""
        async with self.db.transaction() as tx:
            if await tx.one("SELECT id FROM meetings WHERE id = ?", (meeting_id,)) is None:
                raise NotFound(f"unknown meeting {meeting_id!r}", meeting_id=meeting_id)
            for table in MEETING_TABLES:
                await tx.execute(f"DELETE FROM {table} WHERE meeting_id = ?", (meeting_id,))
            await tx.execute("DELETE FROM meetings WHERE id = ?", (meeting_id,))
        self._delivered.pop(meeting_id, None)

    async def search(self, q: str, limit: int = SEARCH_LIMIT) -> list[dict[str, Any]]:
        """Utterances and items whose text contains ``q`` (any case), newest meetings first:
        ``{meeting_id, title, kind: "utterance", seq, text}`` or ``{…, kind: "intent", intent_id,
        intent_kind, status, text}``."""
        pattern = like_pattern(q)
        utts = await self.db.all(
            "SELECT u.meeting_id, m.title, u.seq, u.text FROM utterances u JOIN meetings m ON m.id = u.meeting_id"
            " WHERE LOWER(u.text) LIKE LOWER(?) ESCAPE '\\' ORDER BY m.created_at DESC, u.seq LIMIT ?",
            (pattern, limit))
        marks = ",".join("?" * len(SEARCHED_STATUSES))
        items = await self.db.all(
            "SELECT i.meeting_id, m.title, i.id, i.kind, i.status, i.payload FROM meeting_intents i"
            " JOIN meetings m ON m.id = i.meeting_id"
            f" WHERE i.status IN ({marks}) AND LOWER(i.payload) LIKE LOWER(?) ESCAPE '\\'"
            " ORDER BY m.created_at DESC, i.created_at LIMIT ?",
            (*SEARCHED_STATUSES, pattern, limit))
        out: list[dict[str, Any]] = []
        for r in items:
            payload = json.loads(r["payload"])
            text = item_text(r["kind"], payload)
            # The match may be in a field other than the headline (an owner): show both.
            if q.lower() not in text.lower():
                extra = [str(v) for v in payload.values() if isinstance(v, str) and q.lower() in v.lower()]
                if not extra:
                    continue  # matched only JSON syntax or a key name
                text = f"{text} · {extra[0]}" if text else extra[0]
            out.append({"meeting_id": r["meeting_id"], "title": r["title"], "kind": "intent", "intent_id": r["id"],
                        "intent_kind": r["kind"], "status": r["status"], "text": text})
        out += [{"meeting_id": r["meeting_id"], "title": r["title"], "kind": "utterance", "seq": r["seq"],
                 "text": r["text"]} for r in utts]
        return out[:limit]
