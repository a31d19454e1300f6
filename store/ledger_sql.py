"""SQL of the intent ledger, used inside a transaction opened by ``intents.service``.

Every function takes the open :class:`~store.db.Tx`; none commits. The ledger service composes
them so that an event, its projection update, a business write and the audit row land together.
"""

from __future__ import annotations

import json
import time
from typing import Any

from models import Intent, NotFound
from models.enums import IntentKind, IntentStatus
from models.tracing import trace_id_var

from . import rows
from .db import Tx
from .rows import dumps
from .schema import SCHEMA_VERSION

BUSINESS_TABLE = {
    IntentKind.TASK: "tasks",
    IntentKind.DECISION: "decisions",
    IntentKind.NOTE: "notes",
    IntentKind.QUESTION: "open_questions",
}


async def load_intent(tx: Tx, meeting_id: str, intent_id: str) -> Intent:
    r = await tx.one("SELECT * FROM meeting_intents WHERE id = ? AND meeting_id = ?", (intent_id, meeting_id))
    if r is None:
        raise NotFound(f"unknown intent {intent_id!r}", intent_id=intent_id)
    return rows.intent(r)


async def list_intents(tx: Tx, meeting_id: str) -> list[Intent]:
    got = await tx.all("SELECT * FROM meeting_intents WHERE meeting_id = ? ORDER BY created_at, rowid", (meeting_id,))
    return [rows.intent(r) for r in got]


async def open_intents(tx: Tx, meeting_id: str, kind: IntentKind) -> list[Intent]:
    """Intents of ``kind`` still open to a person (detected, clarifying, approved)."""
    got = await tx.all(
        "SELECT * FROM meeting_intents WHERE meeting_id = ? AND kind = ? AND status IN (?,?,?)"
        " ORDER BY created_at, rowid",
        (meeting_id, kind.value, IntentStatus.DETECTED.value, IntentStatus.CLARIFYING.value,
         IntentStatus.APPROVED.value),
    )
    return [rows.intent(r) for r in got]


async def insert_intent(tx: Tx, it: Intent) -> None:
    await tx.execute(
        "INSERT INTO meeting_intents(id, meeting_id, kind, payload, evidence_seqs, evidence, revision, status,"
        " basis_seq, risk, entity_ref, subagent_id, question, produced_by, created_at, updated_at,"
        " set_by_person, pending_revision) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (it.id, it.meeting_id, it.kind.value, dumps(it.payload), dumps(list(it.evidence_seqs)), it.evidence,
         it.revision, it.status.value, it.basis_seq, it.risk.value, it.entity_ref, it.subagent_id, it.question,
         it.produced_by, it.created_at, it.updated_at, dumps(list(it.set_by_person)),
         _pending(it.pending_revision)),
    )


async def update_intent(tx: Tx, it: Intent) -> None:
    await tx.execute(
        "UPDATE meeting_intents SET payload = ?, evidence_seqs = ?, evidence = ?, revision = ?, status = ?,"
        " basis_seq = ?, risk = ?, entity_ref = ?, subagent_id = ?, question = ?, error = ?, updated_at = ?,"
        " set_by_person = ?, pending_revision = ? WHERE id = ?",
        (dumps(it.payload), dumps(list(it.evidence_seqs)), it.evidence, it.revision, it.status.value, it.basis_seq,
         it.risk.value, it.entity_ref, it.subagent_id, it.question,
         it.error if it.status is IntentStatus.FAILED else None, time.time(), dumps(list(it.set_by_person)),
         _pending(it.pending_revision), it.id),
    )


def _pending(pending: dict[str, Any] | None) -> str | None:
    return dumps(pending) if pending is not None else None


async def person_touched(tx: Tx, intent_id: str) -> bool:
    """Whether a person approved, edited, added or applied this intent (any event by ``user``…)."""
    r = await tx.one(
        "SELECT 1 FROM intent_events WHERE intent_id = ? AND (produced_by = 'user' OR produced_by LIKE 'user:%')"
        " LIMIT 1",
        (intent_id,),
    )
    return r is not None


async def load_entity(tx: Tx, kind: IntentKind, intent_id: str) -> dict[str, Any] | None:
    """The business row of ``intent_id`` as a plain dict (kept in the audit before a retraction)."""
    r = await tx.one(f"SELECT * FROM {BUSINESS_TABLE[kind]} WHERE intent_id = ?", (intent_id,))
    return dict(r) if r is not None else None


async def append_event(
    tx: Tx, it: Intent, event_type: str, payload: dict[str, Any], produced_by: str
) -> None:
    await tx.execute(
        "INSERT INTO intent_events(meeting_id, intent_id, type, revision, payload, basis_seq, produced_by,"
        " schema_version, created_at, trace_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (it.meeting_id, it.id, event_type, it.revision, dumps(payload), it.basis_seq, produced_by, SCHEMA_VERSION,
         time.time(), trace_id_var.get()),
    )


async def applied_result(tx: Tx, intent_id: str, revision: int) -> dict[str, Any] | None:
    r = await tx.one(
        "SELECT response FROM meeting_ai_actions WHERE intent_id = ? AND revision = ? AND result = 'applied'"
        " ORDER BY id LIMIT 1",
        (intent_id, revision),
    )
    return json.loads(r[0]) if r else None


async def record_action(
    tx: Tx, meeting_id: str, intent_id: str, revision: int, basis_seq: int, response: dict[str, Any], actor: str,
    result: str | None = None,
) -> None:
    """One audit row; ``result`` is ``applied`` / ``conflict`` from the response unless given
    (``retracted``: the response keeps the deleted business row so it can be restored)."""
    status = str(response.get("status"))
    await tx.execute(
        "INSERT INTO meeting_ai_actions(meeting_id, intent_id, revision, basis_seq, result, reason, response, actor,"
        " created_at, trace_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (meeting_id, intent_id, revision, basis_seq,
         result or (status if status in ("applied", "failed") else "conflict"),
         response.get("reason") or response.get("error"), dumps(response), actor, time.time(), trace_id_var.get()),
    )


async def write_entity(tx: Tx, kind: IntentKind, values: dict[str, Any]) -> str:
    """Insert or update the business row keyed by ``intent_id`` (one intent, one entity)."""
    table = BUSINESS_TABLE[kind]
    now = time.time()
    cols = list(values)
    encoded = [dumps(v) if isinstance(v, list | dict) else v for v in values.values()]
    updates = ", ".join(f"{c} = excluded.{c}" for c in cols if c not in {"intent_id", "meeting_id"})
    await tx.execute(
        f"INSERT INTO {table}({', '.join(cols)}, created_at, updated_at) VALUES ({', '.join('?' * len(cols))}, ?, ?)"
        f" ON CONFLICT(intent_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
        [*encoded, now, now],
    )
    return f"{table}/{values['intent_id']}"


async def delete_entity(tx: Tx, kind: IntentKind, intent_id: str) -> None:
    await tx.execute(f"DELETE FROM {BUSINESS_TABLE[kind]} WHERE intent_id = ?", (intent_id,))


async def person_decided(tx: Tx, intent_id: str, revision: int) -> bool:
    """Whether a person approved or rejected ``intent_id`` at ``revision`` (its events say)."""
    r = await tx.one(
        "SELECT 1 FROM intent_events WHERE intent_id = ? AND revision = ? AND produced_by = 'user'"
        " AND type IN ('intent.approved', 'intent.rejected') LIMIT 1",
        (intent_id, revision),
    )
    return r is not None
