"""The webhook outbox: one row per item a meeting applied, revised or retracted.

Rows are written by :func:`outbox_intent_change` inside the transaction that records the intent's
``intent`` change (``changes.py``), so an item is in the outbox exactly when its change committed,
whatever happens to the process afterwards. The delivery task (``live/webhook.py``) claims due
rows with a lease, POSTs them and marks them delivered; a failed attempt is rescheduled.

Events, from the intent's status in the change:
- ``applied``: the intent reached ``applied`` and no earlier revision of it was announced;
- ``revised``: it reached ``applied`` again at a later revision (a correction, re-applied);
- ``retracted``: an announced (applied) intent became ``rejected``.

``(intent_id, revision, event)`` is unique: a change repeating an applied status at the same
revision adds nothing. It is also the receiver's ``Idempotency-Key``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from models import Change

from .db import Tx
from .rows import dumps


@dataclass(frozen=True, slots=True)
class OutboxItem:
    id: int
    meeting_id: str
    intent_id: str
    revision: int
    event: str
    body: str  # the exact JSON the webhook POSTs (signed as is)
    attempts: int

    @property
    def idempotency_key(self) -> str:
        return f"{self.intent_id}:{self.revision}:{self.event}"


def webhook_item(intent: dict[str, Any]) -> dict[str, Any]:
    """What a receiver gets as ``item``: the payload with its evidence."""
    return {**intent.get("payload", {}), "evidence": intent.get("evidence"),
            "evidence_seqs": list(intent.get("evidence_seqs", []))}


async def outbox_intent_change(tx: Tx, change: Change) -> None:
    """Queue the webhook event an ``intent`` change implies, if any (same transaction)."""
    data = change.data
    status, intent_id, revision = data.get("status"), data.get("id"), data.get("revision")
    if status not in ("applied", "rejected") or intent_id is None:
        return
    announced = await tx.one(
        "SELECT event FROM webhook_outbox WHERE intent_id = ? ORDER BY id DESC LIMIT 1", (intent_id,))
    if status == "applied":
        event = "applied" if announced is None or announced[0] == "retracted" else "revised"
    elif announced is not None and announced[0] != "retracted":
        event = "retracted"
    else:
        return  # rejected before it was ever applied: nothing a receiver has seen
    body = dumps({"event": event, "meeting_id": change.meeting_id, "intent_id": intent_id,
                  "revision": revision, "kind": data.get("kind"), "item": webhook_item(data)})
    now = time.time()
    await tx.execute(
        "INSERT INTO webhook_outbox(meeting_id, intent_id, revision, event, body, next_at, created_at)"
        " VALUES (?,?,?,?,?,?,?) ON CONFLICT (intent_id, revision, event) DO NOTHING",
        (change.meeting_id, intent_id, revision, event, body, now, now),
    )


# A row waits while an earlier row of the same intent is still pending (per-item order).
_FIRST_OF_ITS_ITEM = ("NOT EXISTS (SELECT 1 FROM webhook_outbox e"
                      " WHERE e.intent_id = w.intent_id AND e.status = 'pending' AND e.id < w.id)")


class OutboxRecords:
    """Mixed into ``Store`` (needs ``self.db``)."""

    db: Any

    async def claim_webhook(self, lease_s: float = 60.0) -> OutboxItem | None:
        """The oldest due pending row, leased to the caller until now + ``lease_s`` (attempts + 1).
        Only the first pending row of an item is ever due: a receiver sees one item's events in
        the order they happened (never ``revised`` before ``applied``, even when the earlier row
        is still backing off after failed tries)."""
        now = time.time()
        async with self.db.transaction(exclusive=False) as tx:
            r = await tx.one(
                "UPDATE webhook_outbox SET attempts = attempts + 1, lease_until = ?"
                " WHERE id = (SELECT w.id FROM webhook_outbox w WHERE w.status = 'pending' AND w.next_at <= ?"
                f" AND (w.lease_until IS NULL OR w.lease_until < ?) AND {_FIRST_OF_ITS_ITEM} ORDER BY w.id LIMIT 1"
                f"{self.db.dialect.skip_locked}) RETURNING *",
                (now + lease_s, now, now),
            )
        if r is None:
            return None
        return OutboxItem(r["id"], r["meeting_id"], r["intent_id"], r["revision"], r["event"], r["body"],
                          r["attempts"])

    async def webhook_release(self, item_id: int) -> None:
        """A claimed row whose post was cut short (the daemon stopped): due again at once."""
        async with self.db.transaction(exclusive=False) as tx:
            await tx.execute("UPDATE webhook_outbox SET lease_until = NULL WHERE id = ? AND status = 'pending'",
                             (item_id,))

    async def webhook_delivered(self, item_id: int) -> None:
        async with self.db.transaction(exclusive=False) as tx:
            await tx.execute("UPDATE webhook_outbox SET status = 'delivered', delivered_at = ?, lease_until = NULL"
                             " WHERE id = ?", (time.time(), item_id))

    async def webhook_failed(self, item_id: int, error: str, retry_at: float | None) -> None:
        """Reschedule at ``retry_at``; ``None`` gives up (status ``failed``, kept for inspection)."""
        async with self.db.transaction(exclusive=False) as tx:
            await tx.execute(
                "UPDATE webhook_outbox SET status = ?, next_at = ?, lease_until = NULL, last_error = ? WHERE id = ?",
                ("failed" if retry_at is None else "pending", retry_at or time.time(), error[:500], item_id))

    async def next_webhook_at(self) -> float | None:
        """When the earliest pending row is due (None: nothing pending)."""
        r = await self.db.one("SELECT MIN(CASE WHEN w.lease_until IS NULL OR w.lease_until < w.next_at THEN w.next_at"
                              f" ELSE w.lease_until END) FROM webhook_outbox w WHERE w.status = 'pending'"
                              f" AND {_FIRST_OF_ITS_ITEM}")
        return None if r is None or r[0] is None else float(r[0])

    async def webhook_rows(self, meeting_id: str | None = None) -> list[dict[str, Any]]:
        sql = "SELECT * FROM webhook_outbox" + (" WHERE meeting_id = ?" if meeting_id else "") + " ORDER BY id"
        got = await self.db.all(sql, (meeting_id,) if meeting_id else ())
        return [{k: r[k] for k in r.keys()} | {"body": json.loads(r["body"])} for r in got]
