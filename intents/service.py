"""The ledger service: every intent operation as one store transaction.

Pure decisions (``ledger``, ``guard``, ``evidence``) are applied to values read inside the
transaction, so a concurrent append or commit can never slip between the check and the write.
Results are plain dicts in the tool-result shapes of DESIGN §8: ``{"intent_id", "revision",
"status"}`` on success, ``{"status": "conflict", "reason", …}`` on a guarded refusal. Invalid
requests raise :class:`~models.InvalidInput` / :class:`~models.NotFound` /
:class:`~models.IllegalTransition`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from models import (
    EventType,
    IllegalTransition,
    Intent,
    IntentKind,
    IntentStatus,
    InvalidInput,
    MeetingClosed,
    MeetingStatus,
    Mode,
    QuestionType,
    validate_payload,
)
from store import Store, Tx, new_id
from store import ledger_sql as sql

from .dates import meeting_date
from .evidence import check_evidence
from .guard import Conflict, GuardInput, decide
from .ledger import check_revisable, check_transition

S = IntentStatus


def _conflict(reason: str, **details: Any) -> dict[str, Any]:
    return Conflict(reason, details).to_dict()


def entity_values(it: Intent) -> dict[str, Any]:
    """The business row an applied intent writes (keyed by intent_id: one intent, one entity)."""
    base = {"intent_id": it.id, "meeting_id": it.meeting_id}
    tail = {"evidence": it.evidence, "evidence_seqs": list(it.evidence_seqs), "revision": it.revision}
    p = it.payload
    if it.kind is IntentKind.TASK:
        body = {"title": p["title"], "owner": p.get("owner"), "due_date_raw": p.get("due_date_raw"),
                "priority": p.get("priority", "unspecified")}
    elif it.kind is IntentKind.DECISION:
        body = {"text": p["text"]}
    elif it.kind is IntentKind.NOTE:
        body = {"title": p["title"], "body": p.get("body", "")}
    else:
        body = {"text": p["text"], "question_type": p.get("question_type", "clarification"),
                "candidates": list(p.get("candidates", []))}
    return base | body | tail


class Ledger:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def _open_meeting(self, tx: Tx, meeting_id: str):
        m = await self.store.meeting_in_tx(tx, meeting_id)
        if m.status is MeetingStatus.ENDED:
            raise MeetingClosed(f"meeting {meeting_id} has ended", meeting_id=meeting_id)
        return m

    async def _changed(self, tx: Tx, it: Intent) -> None:
        await self.store.add_change(tx, it.meeting_id, "intent", it.to_dict())

    async def upsert(
        self,
        meeting_id: str,
        *,
        kind: IntentKind | str,
        payload: dict[str, Any],
        evidence_seqs: Sequence[int],
        evidence: str,
        basis_sequence: int,
        intent_id: str | None = None,
        expected_revision: int | None = None,
        produced_by: str = "supervisor",
    ) -> dict[str, Any]:
        """Create an intent, or revise ``intent_id`` (which must be at ``expected_revision``)."""
        clean = validate_payload(kind, payload)  # raises InvalidInput for an unknown kind too
        kind = IntentKind(kind)
        async with self.store.db.transaction() as tx:
            m = await self._open_meeting(tx, meeting_id)
            if m.mode is Mode.RECORD:
                raise InvalidInput("this meeting is in record mode: it keeps a transcript and summary, no intents")
            if basis_sequence > m.latest_seq or basis_sequence < 0:
                raise InvalidInput(f"basis_sequence {basis_sequence} is outside 0..{m.latest_seq}")
            cited = await self.store.utterances_in_tx(tx, meeting_id, evidence_seqs)
            checked = check_evidence(kind, clean, evidence, evidence_seqs, cited, m.latest_seq, m.participants,
                                     meeting_date=meeting_date(m.created_at), by_person=produced_by == "user")
            now = time.time()
            seqs = tuple(sorted(set(evidence_seqs)))
            if intent_id is None:
                for other in await sql.open_intents(tx, meeting_id, kind):
                    # The same item proposed twice (a retried step, two brains) stays one intent.
                    if other.payload == checked.payload:
                        return {"intent_id": other.id, "revision": other.revision, "status": other.status.value,
                                "risk": other.risk.value, "issues": [], "duplicate": True}
                it = Intent(
                    id=new_id("int"), meeting_id=meeting_id, kind=kind, payload=checked.payload, evidence_seqs=seqs,
                    evidence=evidence, revision=1, status=S.DETECTED, basis_seq=basis_sequence, risk=checked.risk,
                    created_at=now, updated_at=now, produced_by=produced_by,
                )
                await sql.insert_intent(tx, it)
                await sql.append_event(tx, it, EventType.DETECTED, {"payload": it.payload, "evidence": evidence,
                                       "evidence_seqs": list(seqs), "issues": list(checked.issues)}, produced_by)
            else:
                cur = await sql.load_intent(tx, meeting_id, intent_id)
                if cur.kind is not kind:
                    raise InvalidInput(f"intent {intent_id} is a {cur.kind.value}, not a {kind.value}")
                if expected_revision is None or expected_revision != cur.revision:
                    return _conflict("revision_mismatch", current_revision=cur.revision, intent_id=cur.id)
                check_revisable(cur.status)
                if cur.payload == checked.payload and cur.status is not S.FAILED:
                    return {"intent_id": cur.id, "revision": cur.revision, "status": cur.status.value,
                            "risk": cur.risk.value, "issues": [], "unchanged": True}
                it = Intent(
                    id=cur.id, meeting_id=meeting_id, kind=kind, payload=checked.payload,
                    evidence_seqs=tuple(sorted(set(cur.evidence_seqs) | set(seqs))), evidence=evidence,
                    revision=cur.revision + 1, status=S.DETECTED, basis_seq=basis_sequence, risk=checked.risk,
                    entity_ref=cur.entity_ref, subagent_id=cur.subagent_id, created_at=cur.created_at,
                    updated_at=now, produced_by=cur.produced_by,
                )
                # The evidence of a revision must quote its own cited seqs; merged seqs keep history.
                await sql.update_intent(tx, it)
                await sql.append_event(tx, it, EventType.REVISED, {"payload": it.payload, "evidence": evidence,
                                       "evidence_seqs": list(seqs), "previous": cur.payload,
                                       "issues": list(checked.issues)}, produced_by)
            await self._changed(tx, it)
        return {"intent_id": it.id, "revision": it.revision, "status": it.status.value, "risk": it.risk.value,
                "issues": list(checked.issues)}

    async def _transition(
        self, meeting_id: str, intent_id: str, revision: int, target: IntentStatus, actor: str,
        extra: dict[str, Any] | None = None, question: str | None = None,
    ) -> dict[str, Any]:
        async with self.store.db.transaction() as tx:
            m = await self._open_meeting(tx, meeting_id)
            cur = await sql.load_intent(tx, meeting_id, intent_id)
            if revision != cur.revision:
                return _conflict("revision_mismatch", current_revision=cur.revision, intent_id=cur.id,
                                 current_status=cur.status.value)
            if cur.status is target:
                return {"intent_id": cur.id, "revision": cur.revision, "status": cur.status.value, "unchanged": True}
            event = check_transition(cur.status, target)
            if cur.status is S.APPLIED and actor != "user" and m.mode is not Mode.EXECUTE:
                # Outside execute mode people approved this write; only a person may undo it
                # (a hijacked or confused brain cannot retract approved work).
                return _conflict("needs_person", intent_id=cur.id, current_status=cur.status.value)
            it = _replace(cur, status=target, question=question if question is not None else cur.question)
            if cur.entity_ref is not None and target in (S.REJECTED, S.SUPERSEDED):
                # Also a revised (back to detected) once-applied intent: its old row must go with it.
                await sql.delete_entity(tx, cur.kind, cur.id)
                it = _replace(it, entity_ref=None)
            await sql.update_intent(tx, it)
            await sql.append_event(tx, it, event, extra or {}, actor)
            await self._changed(tx, it)
        return {"intent_id": it.id, "revision": it.revision, "status": it.status.value}

    async def approve(self, meeting_id: str, intent_id: str, revision: int, actor: str = "user") -> dict[str, Any]:
        return await self._transition(meeting_id, intent_id, revision, S.APPROVED, actor)

    async def reject(
        self, meeting_id: str, intent_id: str, revision: int, reason: str = "", superseded_by: str | None = None,
        actor: str = "user",
    ) -> dict[str, Any]:
        target = S.SUPERSEDED if superseded_by else S.REJECTED
        return await self._transition(meeting_id, intent_id, revision, target, actor,
                                      {"reason": reason, "superseded_by": superseded_by})

    async def clarify(
        self, meeting_id: str, intent_id: str, question: str, question_type: str, candidates: Sequence[str],
        actor: str = "supervisor",
    ) -> dict[str, Any]:
        try:
            question_type = QuestionType(question_type).value
        except ValueError:
            raise InvalidInput(
                f"question_type must be one of {', '.join(q.value for q in QuestionType)}; got {question_type!r}"
            ) from None
        cur = await self.store.get_intent(meeting_id, intent_id)
        return await self._transition(meeting_id, intent_id, cur.revision, S.CLARIFYING, actor,
                                      {"question": question, "question_type": question_type,
                                       "candidates": list(candidates)}, question=question)

    async def commit(
        self, meeting_id: str, intent_id: str, basis_sequence: int, intent_revision: int, actor: str = "supervisor"
    ) -> dict[str, Any]:
        """The guarded commit of DESIGN §5: one transaction, idempotent per (intent, revision)."""
        if isinstance(basis_sequence, bool) or not isinstance(basis_sequence, int) or basis_sequence < 0:
            raise InvalidInput(f"basis_sequence must be a non-negative integer; got {basis_sequence!r}")
        if isinstance(intent_revision, bool) or not isinstance(intent_revision, int) or intent_revision < 1:
            raise InvalidInput(f"intent_revision must be a positive integer; got {intent_revision!r}")
        async with self.store.db.transaction() as tx:
            m = await self.store.meeting_in_tx(tx, meeting_id)
            cur = await sql.load_intent(tx, meeting_id, intent_id)
            prior = await sql.applied_result(tx, intent_id, intent_revision)
            if prior is not None:
                return prior | {"replayed": True}
            verdict = decide(GuardInput(
                meeting_status=m.status, mode=m.mode, latest_seq=m.latest_seq, intent_status=cur.status,
                intent_revision=cur.revision, risk=cur.risk, basis_sequence=basis_sequence,
                requested_revision=intent_revision,
            ))
            if isinstance(verdict, Conflict):
                result = verdict.to_dict() | {"intent_id": intent_id}
                if verdict.reason == "stale_transcript":
                    result["unseen"] = await self.store.utterances_after_in_tx(tx, meeting_id, basis_sequence)
                await sql.record_action(tx, meeting_id, intent_id, intent_revision, basis_sequence, result, actor)
                await self.store.add_change(tx, meeting_id, "conflict", {"intent_id": intent_id,
                                                                          "reason": verdict.reason})
                return result
            executing = _replace(cur, status=S.EXECUTING)
            await sql.append_event(tx, executing, check_transition(cur.status, S.EXECUTING),
                                   {"basis_sequence": basis_sequence, "auto": verdict.auto}, actor)
            entity_ref = await sql.write_entity(tx, cur.kind, entity_values(cur))
            applied = _replace(executing, status=S.APPLIED, entity_ref=entity_ref, basis_seq=basis_sequence)
            await sql.update_intent(tx, applied)
            await sql.append_event(tx, applied, check_transition(S.EXECUTING, S.APPLIED),
                                   {"entity_ref": entity_ref}, actor)
            result = {"status": "applied", "intent_id": intent_id, "revision": cur.revision,
                      "entity_ref": entity_ref, "auto": verdict.auto}
            await sql.record_action(tx, meeting_id, intent_id, cur.revision, basis_sequence, result, actor)
            await self._changed(tx, applied)
        return result


def _replace(it: Intent, **changes: Any) -> Intent:
    from dataclasses import replace

    return replace(it, updated_at=time.time(), **changes)


__all__ = ["IllegalTransition", "Ledger", "entity_values"]
