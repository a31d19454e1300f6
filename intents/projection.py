"""Fold the append-only event log back into the projections it produced (issue #13). Pure.

``fold(events, subagent_of)`` replays one meeting's ``intent_events`` (oldest first, as the store
returns them) into the ``meeting_intents`` rows and the business rows (``tasks``, ``decisions``,
``notes``, ``open_questions``) the ledger would hold, so ``meetingd rebuild`` can diff them with
the stored ones and, with ``--apply``, write them back.

The rules mirror ``intents.service``: ``detected`` creates (revision 1), ``revised`` bumps the
revision back to ``detected`` with the merged evidence seqs, ``applied`` writes the business row
from the intent as it is at that moment (a revision of an applied intent keeps the old row until
it is applied again), ``rejected`` / ``superseded`` delete it, ``failed`` keeps the error.
Risk is high exactly when validation reported issues. Events carry their ``kind`` since issue #13;
for older events it is read from the payload's shape. Events from a newer schema are refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from models import Intent, IntentKind, IntentStatus, InvalidInput, Risk

from .service import entity_values

S = IntentStatus
BUSINESS_TABLE = {IntentKind.TASK: "tasks", IntentKind.DECISION: "decisions", IntentKind.NOTE: "notes",
                  IntentKind.QUESTION: "open_questions"}
STATUS_OF = {"intent.approved": S.APPROVED, "intent.clarifying": S.CLARIFYING, "intent.rejected": S.REJECTED,
             "intent.superseded": S.SUPERSEDED, "intent.executing": S.EXECUTING, "intent.applied": S.APPLIED,
             "intent.failed": S.FAILED}


@dataclass
class Projection:
    intents: dict[str, Intent] = field(default_factory=dict)
    rows: dict[str, dict[str, dict[str, Any]]] = field(default_factory=lambda: {t: {} for t in BUSINESS_TABLE.values()})
    skipped: list[str] = field(default_factory=list)  # events the fold does not know, named


def _kind(event: Mapping[str, Any]) -> IntentKind:
    data = event["payload"]
    if data.get("kind"):
        return IntentKind(data["kind"])
    p = data.get("payload") or {}
    if "question_type" in p:
        return IntentKind.QUESTION
    if {"priority", "owner", "due_date_raw"} & set(p):
        return IntentKind.TASK
    if "body" in p:
        return IntentKind.NOTE
    return IntentKind.DECISION if "text" in p else IntentKind.TASK


def fold(events: Sequence[Mapping[str, Any]], subagent_of: Mapping[str, str] | None = None, *,
         schema_version: int) -> Projection:
    """``subagent_of`` maps intent id → the agent spawned for it (from the ``subagents`` table)."""
    out = Projection()
    links = subagent_of or {}
    for e in events:
        if e["schema_version"] > schema_version:
            raise InvalidInput(f"event {e['id']} was written by a newer meetingd (schema {e['schema_version']} > "
                               f"{schema_version}); upgrade before rebuilding")
        iid, kind_of_event, data = e["intent_id"], e["type"], e["payload"]
        cur = out.intents.get(iid)
        if kind_of_event == "intent.detected":
            out.intents[iid] = Intent(
                id=iid, meeting_id=e["meeting_id"], kind=_kind(e), payload=dict(data["payload"]),
                evidence_seqs=tuple(sorted(set(data["evidence_seqs"]))), evidence=data["evidence"], revision=1,
                status=S.DETECTED, basis_seq=e["basis_seq"], risk=Risk.HIGH if data.get("issues") else Risk.LOW,
                subagent_id=links.get(iid), produced_by=e["produced_by"], created_at=e["created_at"],
                updated_at=e["created_at"])
            continue
        if cur is None:
            out.skipped.append(f"event {e['id']} ({kind_of_event}) of unknown intent {iid}")
            continue
        if kind_of_event == "intent.revised":
            cur = replace(cur, payload=dict(data["payload"]), evidence=data["evidence"], revision=e["revision"],
                          evidence_seqs=tuple(sorted(set(cur.evidence_seqs) | set(data["evidence_seqs"]))),
                          status=S.DETECTED, basis_seq=e["basis_seq"], question=None, error=None,
                          risk=Risk.HIGH if data.get("issues") else Risk.LOW)
        elif kind_of_event in STATUS_OF:
            status = STATUS_OF[kind_of_event]
            cur = replace(cur, status=status, basis_seq=e["basis_seq"],
                          error=data.get("error") if status is S.FAILED else None)
            if status is S.CLARIFYING:
                cur = replace(cur, question=data.get("question"))
            table = BUSINESS_TABLE[cur.kind]
            if status is S.APPLIED:
                cur = replace(cur, entity_ref=data.get("entity_ref") or f"{table}/{iid}")
                out.rows[table][iid] = entity_values(cur)
            elif status in (S.REJECTED, S.SUPERSEDED) and cur.entity_ref is not None:
                out.rows[table].pop(iid, None)
                cur = replace(cur, entity_ref=None)
        else:
            out.skipped.append(f"event {e['id']} has a type this meetingd does not fold: {kind_of_event}")
            continue
        out.intents[iid] = replace(cur, updated_at=e["created_at"])
    return out


IGNORED = frozenset({"created_at", "updated_at"})


def diff(rebuilt: Projection, stored_intents: Sequence[Intent],
         stored_rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """Every difference between the rebuilt and the stored projections (timestamps aside):
    ``{"table", "id", "field", "stored", "rebuilt"}`` (field None: the whole row is missing on one side)."""
    out: list[dict[str, Any]] = []

    def compare(table: str, key: str, old: Mapping[str, Any] | None, new: Mapping[str, Any] | None) -> None:
        if old is None or new is None:
            out.append({"table": table, "id": key, "field": None, "stored": old is not None,
                        "rebuilt": new is not None})
            return
        for k in sorted((set(old) | set(new)) - IGNORED):
            if _norm(old.get(k)) != _norm(new.get(k)):
                out.append({"table": table, "id": key, "field": k, "stored": old.get(k), "rebuilt": new.get(k)})

    stored = {it.id: it.to_dict() for it in stored_intents}
    fresh = {iid: it.to_dict() for iid, it in rebuilt.intents.items()}
    for key in sorted(set(stored) | set(fresh)):
        compare("meeting_intents", key, stored.get(key), fresh.get(key))
    for table, rows in rebuilt.rows.items():
        have = {r["intent_id"]: dict(r) for r in stored_rows.get(table, ())}
        for key in sorted(set(have) | set(rows)):
            compare(table, key, have.get(key), rows.get(key))
    return out


def _norm(value: Any) -> Any:
    import json

    if isinstance(value, str) and value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return list(value) if isinstance(value, tuple) else value


__all__ = ["BUSINESS_TABLE", "Projection", "diff", "fold"]
