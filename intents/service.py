"""The ledger service: every intent operation as one store transaction.

Pure decisions (``ledger``, ``guard``, ``evidence``) are applied to values read inside the
transaction, so a concurrent append or commit can never slip between the check and the write.
Results are typed (``intents.results``): ``Applied`` when the ledger changed, ``Unchanged`` when
there was nothing to write, ``Conflict`` on a guarded refusal; the tool and HTTP edges turn them
into the dict shapes of DESIGN §5/§8 with ``to_dict()``. Invalid requests raise :class:`~models.InvalidInput` / :class:`~models.NotFound` /
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
    Meeting,
    MeetingClosed,
    MeetingStatus,
    Mode,
    NotOwner,
    QuestionType,
    Risk,
    validate_payload,
)
from models.payloads import headline
from store import Store, Tx, new_id
from store import ledger_sql as sql

from .authority import changed_fields, is_person, keep_person_fields
from .completion import closing_status, complete
from .dates import meeting_date
from .dates import resolve as resolve_due
from .evidence import Checked, check_evidence
from .guard import GuardInput, decide
from .ledger import check_revisable, check_transition
from .results import Applied, Conflict, Failed, LedgerResult, Unchanged

S = IntentStatus


def _conflict(reason: str, **details: Any) -> Conflict:
    return Conflict(reason, details)


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
    def __init__(self, store: Store, *, fence: str | None = None) -> None:
        """``fence``: this node's id on a shared store (a cluster). Every write then first checks,
        inside its own transaction, that the node still holds the meeting's lease, so a node that
        was frozen past its lease (and whose meeting another node took over) cannot write one more
        step before its renewal notices: the write is refused with NotOwner and nothing is written."""
        self.store = store
        self.fence = fence if fence is not None and store.db.dialect.shared else None

    async def _open_meeting(self, tx: Tx, meeting_id: str):
        m = await self.store.meeting_in_tx(tx, meeting_id)
        if m.status is MeetingStatus.ENDED:
            raise MeetingClosed(f"meeting {meeting_id} has ended", meeting_id=meeting_id)
        await self._fenced(tx, meeting_id)
        return m

    async def _fenced(self, tx: Tx, meeting_id: str) -> None:
        if self.fence is not None and (holder := await self.store.lease_holder_in_tx(tx, meeting_id)) != self.fence:
            raise NotOwner(f"node {self.fence} no longer holds meeting {meeting_id}'s lease; nothing was written",
                           meeting_id=meeting_id, owner=holder)

    async def _at_revision(self, tx: Tx, meeting_id: str, intent_id: str,
                           revision: int) -> tuple[Meeting, Intent] | Conflict:
        """The open meeting and the intent, or conflict ``revision_mismatch`` when the caller saw
        another revision (every decision about an intent is made on the revision it names)."""
        m = await self._open_meeting(tx, meeting_id)
        cur = await sql.load_intent(tx, meeting_id, intent_id)
        if revision != cur.revision:
            return _conflict("revision_mismatch", current_revision=cur.revision, intent_id=cur.id,
                             current_status=cur.status.value)
        return m, cur

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
    ) -> LedgerResult:
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
            prior = await sql.load_intent(tx, meeting_id, intent_id) if intent_id is not None else None
            # A correction quotes only what changed ("不对，给李四"): the headline stays backed by
            # the revision that introduced it.
            backed = (prior is not None and prior.risk is Risk.LOW
                      and headline(prior.kind, prior.payload) == headline(kind, clean))
            checked = check_evidence(kind, clean, evidence, evidence_seqs, cited, m.latest_seq, m.participants,
                                     headline_backed=backed, meeting_date=meeting_date(m.created_at),
                                     by_person=is_person(produced_by))
            now = time.time()
            seqs = tuple(sorted(set(evidence_seqs)))
            if intent_id is None:
                for other in await sql.open_intents(tx, meeting_id, kind):
                    # The same item proposed twice (a retried step, two brains) stays one intent.
                    if other.payload == checked.payload:
                        return Unchanged(other.id, other.revision, other.status.value, other.risk.value,
                                         duplicate=True)
                it = Intent(
                    id=new_id("int"), meeting_id=meeting_id, kind=kind, payload=checked.payload, evidence_seqs=seqs,
                    evidence=evidence, revision=1, status=S.DETECTED, basis_seq=basis_sequence, risk=checked.risk,
                    created_at=now, updated_at=now, produced_by=produced_by,
                )
                await sql.insert_intent(tx, it)
                await sql.append_event(tx, it, EventType.DETECTED, {"kind": kind.value, "payload": it.payload,
                                       "evidence": evidence,
                                       "evidence_seqs": list(seqs), "issues": list(checked.issues)}, produced_by)
            else:
                cur = await sql.load_intent(tx, meeting_id, intent_id)
                if cur.kind is not kind:
                    raise InvalidInput(f"intent {intent_id} is a {cur.kind.value}, not a {kind.value}")
                if expected_revision is None or expected_revision != cur.revision:
                    return _conflict("revision_mismatch", current_revision=cur.revision, intent_id=cur.id)
                check_revisable(cur.status)
                proposed = keep_person_fields(checked.payload, cur.payload, cur.set_by_person)
                if proposed == cur.payload and cur.status is not S.FAILED:
                    return Unchanged(cur.id, cur.revision, cur.status.value, cur.risk.value)
                if not is_person(produced_by) and await sql.person_touched(tx, cur.id):
                    # A person owns this intent: the model's change waits for a person, and the
                    # approved / applied state and business row stay as they are until then.
                    pending = {"payload": proposed, "evidence": evidence, "evidence_seqs": list(seqs),
                               "basis_seq": basis_sequence, "produced_by": produced_by,
                               "issues": list(checked.issues), "of_revision": cur.revision}
                    held = _replace(cur, pending_revision=pending)
                    await sql.update_intent(tx, held)
                    await self._changed(tx, held)
                    return _conflict("needs_person", intent_id=cur.id, current_status=cur.status.value,
                                     pending_revision=True)
                checked = Checked(proposed, checked.issues)
                it = Intent(
                    id=cur.id, meeting_id=meeting_id, kind=kind, payload=checked.payload,
                    evidence_seqs=tuple(sorted(set(cur.evidence_seqs) | set(seqs))), evidence=evidence,
                    revision=cur.revision + 1, status=S.DETECTED, basis_seq=basis_sequence, risk=checked.risk,
                    entity_ref=cur.entity_ref, subagent_id=cur.subagent_id, created_at=cur.created_at,
                    updated_at=now, produced_by=cur.produced_by, set_by_person=cur.set_by_person,
                )
                # The evidence of a revision must quote its own cited seqs; merged seqs keep history.
                await sql.update_intent(tx, it)
                await sql.append_event(tx, it, EventType.REVISED, {"payload": it.payload, "evidence": evidence,
                                       "evidence_seqs": list(seqs), "previous": cur.payload,
                                       "issues": list(checked.issues)}, produced_by)
            await self._changed(tx, it)
        return Applied(it.id, it.revision, it.status.value, risk=it.risk.value, issues=tuple(checked.issues))

    async def _transition(
        self, meeting_id: str, intent_id: str, revision: int, target: IntentStatus, actor: str,
        extra: dict[str, Any] | None = None, question: str | None = None, final: bool = False,
    ) -> LedgerResult:
        async with self.store.db.transaction() as tx:
            got = await self._at_revision(tx, meeting_id, intent_id, revision)
            if isinstance(got, Conflict):
                return got
            m, cur = got
            if final and (cur.status in (S.APPROVED, S.REJECTED)
                          or await sql.person_decided(tx, cur.id, cur.revision)):
                # A person's decision at a revision is final for it: a second click (or a racing
                # one from another dock) is told what was decided instead of silently agreeing.
                return _conflict("already_decided", intent_id=cur.id, current_revision=cur.revision,
                                 current_status=cur.status.value)
            if cur.status is target:
                return Unchanged(cur.id, cur.revision, cur.status.value)
            got = await self._move(tx, m, cur, target, actor, extra, question)
            if isinstance(got, Conflict):
                return got
            it = got
        return Applied(it.id, it.revision, it.status.value)

    async def _move(self, tx: Tx, m: Meeting, cur: Intent, target: IntentStatus, actor: str,
                    extra: dict[str, Any] | None, question: str | None) -> Intent | Conflict:
        """``cur`` → ``target`` inside ``tx``: the event, a retraction's audit row, the change."""
        event = check_transition(cur.status, target)
        if not is_person(actor) and (
            (cur.status is S.APPLIED and m.mode is not Mode.EXECUTE) or await sql.person_touched(tx, cur.id)
        ):
            # Outside execute mode people approved this write, and anything a person approved,
            # edited or added is theirs: only a person may undo it (a hijacked or confused
            # brain cannot retract, reject or re-question a person's work).
            return _conflict("needs_person", intent_id=cur.id, current_status=cur.status.value)
        it = _replace(cur, status=target, question=question if question is not None else cur.question)
        if cur.entity_ref is not None and target in (S.REJECTED, S.SUPERSEDED):
            # Also a revised (back to detected) once-applied intent: its old row must go with it.
            # The audit keeps the deleted row, so a retraction can always be restored.
            row = await sql.load_entity(tx, cur.kind, cur.id)
            await sql.delete_entity(tx, cur.kind, cur.id)
            it = _replace(it, entity_ref=None)
            await sql.record_action(tx, cur.meeting_id, cur.id, cur.revision, m.latest_seq,
                                    {"status": "retracted", "intent_id": cur.id, "revision": cur.revision,
                                     "entity_ref": cur.entity_ref, "deleted_row": row,
                                     "reason": (extra or {}).get("reason", "")},
                                    actor, result="retracted")
        await sql.update_intent(tx, it)
        await sql.append_event(tx, it, event, extra or {}, actor)
        await self._changed(tx, it)
        return it

    async def edit(
        self, meeting_id: str, intent_id: str, revision: int, changes: dict[str, Any], actor: str = "user",
    ) -> LedgerResult:
        """A person's edit: a new revision with the fields as typed, no transcript-evidence check.

        The changed fields join ``set_by_person``; a pending model revision is resolved by it (an
        edit with no change dismisses it). An applied intent is re-applied at once (same business
        row); an approved one stays approved at the new revision; others go back to ``detected``.
        """
        if not is_person(actor):
            raise InvalidInput("only a person edits intents; the model proposes with upsert_intent")
        async with self.store.db.transaction() as tx:
            got = await self._at_revision(tx, meeting_id, intent_id, revision)
            if isinstance(got, Conflict):
                return got
            m, cur = got
            it = await self._edit_in(tx, m, cur, changes, actor)
            if it is None:
                return Unchanged(cur.id, cur.revision, cur.status.value, cur.risk.value)
        return Applied(it.id, it.revision, it.status.value, entity_ref=it.entity_ref, risk=it.risk.value)

    async def _edit_in(self, tx: Tx, m: Meeting, cur: Intent, changes: dict[str, Any], actor: str) -> Intent | None:
        """A person's edit of ``cur`` inside ``tx``; None when it changes nothing (a pending model
        revision is then dismissed)."""
        check_revisable(cur.status)
        merged = {**cur.payload, **changes}
        derived = cur.kind is IntentKind.TASK and "due_date_raw" in changes and "due_date" not in changes
        if derived:
            # New words for the deadline: the date they mean (null when ambiguous), resolved as
            # for the model, so a stale ISO date never outlives the words it came from; both are
            # the person's from now on (the model never writes one back without the other).
            merged["due_date"] = resolve_due(merged.get("due_date_raw"), meeting_date(m.created_at))
        new_payload = validate_payload(cur.kind, merged)
        changed = changed_fields(cur.payload, new_payload)
        if not changed:
            if cur.pending_revision is not None:
                kept = _replace(cur, pending_revision=None)
                await sql.update_intent(tx, kept)
                await self._changed(tx, kept)
            return None
        target = {S.APPLIED: S.APPLIED, S.APPROVED: S.APPROVED}.get(cur.status, S.DETECTED)
        it = _replace(cur, payload=new_payload, revision=cur.revision + 1, status=target, risk=Risk.LOW,
                      basis_seq=m.latest_seq, set_by_person=tuple(sorted(set(cur.set_by_person) | set(changed))),
                      pending_revision=None)
        await sql.update_intent(tx, it)
        await sql.append_event(tx, it, EventType.REVISED, {"payload": new_payload, "previous": cur.payload,
                               "set_by_person": changed}, actor)
        if target is S.APPROVED:
            await sql.append_event(tx, it, EventType.APPROVED, {}, actor)
        if target is S.APPLIED:
            it = await self._apply(tx, it, actor, m.latest_seq)
        await self._changed(tx, it)
        return it

    async def answer(self, meeting_id: str, question_id: str, revision: int, answer: str,
                     actor: str = "user") -> tuple[LedgerResult, LedgerResult]:
        """A person answers a completion question: in one transaction the task it asks about gets
        the answer as a person's edit (``intents.completion``) and the question is closed
        (superseded by the task; retracted when it was already in the minutes). Returns the
        (question, task) results; a stale question revision is conflict ``revision_mismatch``
        and writes nothing."""
        if not is_person(actor):
            raise InvalidInput("only a person answers a question")
        async with self.store.db.transaction() as tx:
            got = await self._at_revision(tx, meeting_id, question_id, revision)
            if isinstance(got, Conflict):
                return got, got
            m, q = got
            done = complete(q, await sql.list_intents(tx, meeting_id), answer)
            task = await self._edit_in(tx, m, done.task, done.changes, actor) or done.task
            closed = await self._move(tx, m, q, closing_status(q.status), actor,
                                      {"reason": f"answered: {answer.strip()}", "superseded_by": task.id}, None)
            if isinstance(closed, Conflict):  # unreachable for a person; never half-answered
                raise InvalidInput(f"question {q.id} cannot be closed: {closed.reason}")
        return (Applied(closed.id, closed.revision, closed.status.value),
                Applied(task.id, task.revision, task.status.value, entity_ref=task.entity_ref, risk=task.risk.value))

    async def accept_pending(self, meeting_id: str, intent_id: str, revision: int,
                             actor: str = "user") -> LedgerResult:
        """A person accepts the model's pending revision: it becomes revision + 1 with the model's
        evidence, approved (or re-applied at once if the intent was applied). Dismissing it is an
        edit with no change."""
        if not is_person(actor):
            raise InvalidInput("only a person accepts a pending revision")
        async with self.store.db.transaction() as tx:
            got = await self._at_revision(tx, meeting_id, intent_id, revision)
            if isinstance(got, Conflict):
                return got
            m, cur = got
            pending = cur.pending_revision
            if pending is None:
                raise InvalidInput(f"intent {intent_id} has no pending revision to accept")
            check_revisable(cur.status)
            payload = keep_person_fields(validate_payload(cur.kind, pending["payload"]), cur.payload,
                                         cur.set_by_person)
            target = S.APPLIED if cur.status is S.APPLIED else S.APPROVED
            it = _replace(cur, payload=payload, revision=cur.revision + 1, status=target, risk=Risk.LOW,
                          evidence=pending["evidence"], basis_seq=m.latest_seq, pending_revision=None,
                          evidence_seqs=tuple(sorted(set(cur.evidence_seqs) | set(pending["evidence_seqs"]))))
            await sql.update_intent(tx, it)
            await sql.append_event(tx, it, EventType.REVISED, {
                "payload": payload, "previous": cur.payload, "evidence": pending["evidence"],
                "evidence_seqs": pending["evidence_seqs"], "proposed_by": pending.get("produced_by")}, actor)
            await sql.append_event(tx, it, EventType.APPROVED, {}, actor)
            if target is S.APPLIED:
                it = await self._apply(tx, it, actor, m.latest_seq)
            await self._changed(tx, it)
        return Applied(it.id, it.revision, it.status.value, entity_ref=it.entity_ref, risk=it.risk.value)

    async def add(self, meeting_id: str, kind: IntentKind | str, payload: dict[str, Any],
                  actor: str = "user") -> LedgerResult:
        """An item a person adds by hand: no transcript quote, approved and applied at once."""
        if not is_person(actor):
            raise InvalidInput("only a person adds items by hand")
        clean = validate_payload(kind, payload)
        kind = IntentKind(kind)
        async with self.store.db.transaction() as tx:
            m = await self._open_meeting(tx, meeting_id)
            if m.mode is Mode.RECORD:
                raise InvalidInput("this meeting is in record mode: it keeps a transcript and summary, no intents")
            now = time.time()
            it = Intent(
                id=new_id("int"), meeting_id=meeting_id, kind=kind, payload=clean, evidence_seqs=(), evidence="",
                revision=1, status=S.APPLIED, basis_seq=m.latest_seq, risk=Risk.LOW, created_at=now, updated_at=now,
                produced_by=actor, set_by_person=tuple(sorted(k for k, v in clean.items() if k in payload)),
            )
            await sql.insert_intent(tx, it)
            await sql.append_event(tx, it, EventType.DETECTED, {"payload": clean, "added_by_person": True}, actor)
            await sql.append_event(tx, it, EventType.APPROVED, {}, actor)
            it = await self._apply(tx, it, actor, m.latest_seq)
            await self._changed(tx, it)
        return Applied(it.id, it.revision, it.status.value, entity_ref=it.entity_ref, risk=it.risk.value)

    async def _apply(self, tx: Tx, it: Intent, actor: str, basis_seq: int) -> Intent:
        """A person's write of the business row (insert or update), with its events and audit."""
        await sql.append_event(tx, it, EventType.EXECUTING, {"basis_sequence": basis_seq, "auto": False}, actor)
        entity_ref = await sql.write_entity(tx, it.kind, entity_values(it))
        if it.entity_ref != entity_ref:
            it = _replace(it, entity_ref=entity_ref)
            await sql.update_intent(tx, it)
        await sql.append_event(tx, it, EventType.APPLIED, {"entity_ref": entity_ref}, actor)
        result = Applied(it.id, it.revision, S.APPLIED.value, entity_ref=entity_ref, auto=False)
        await sql.record_action(tx, it.meeting_id, it.id, it.revision, basis_seq, result.to_dict(), actor)
        return it

    async def approve(self, meeting_id: str, intent_id: str, revision: int, actor: str = "user", *,
                      final: bool = False) -> LedgerResult:
        """``final``: a person's click — if the intent is already approved or rejected at this
        revision, answer conflict ``already_decided`` (never a second 200)."""
        return await self._transition(meeting_id, intent_id, revision, S.APPROVED, actor, final=final)

    async def reject(
        self, meeting_id: str, intent_id: str, revision: int, reason: str = "", superseded_by: str | None = None,
        actor: str = "user", *, final: bool = False,
    ) -> LedgerResult:
        """``final`` as for :meth:`approve`."""
        target = S.SUPERSEDED if superseded_by else S.REJECTED
        return await self._transition(meeting_id, intent_id, revision, target, actor,
                                      {"reason": reason, "superseded_by": superseded_by}, final=final)

    async def clarify(
        self, meeting_id: str, intent_id: str, question: str, question_type: str, candidates: Sequence[str],
        actor: str = "supervisor",
    ) -> LedgerResult:
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
    ) -> LedgerResult:
        """The guarded commit of DESIGN §5: one transaction, idempotent per (intent, revision)."""
        if isinstance(basis_sequence, bool) or not isinstance(basis_sequence, int) or basis_sequence < 0:
            raise InvalidInput(f"basis_sequence must be a non-negative integer; got {basis_sequence!r}")
        if isinstance(intent_revision, bool) or not isinstance(intent_revision, int) or intent_revision < 1:
            raise InvalidInput(f"intent_revision must be a positive integer; got {intent_revision!r}")
        async with self.store.db.transaction() as tx:
            m = await self.store.meeting_in_tx(tx, meeting_id)
            await self._fenced(tx, meeting_id)
            cur = await sql.load_intent(tx, meeting_id, intent_id)
            prior = await sql.applied_result(tx, intent_id, intent_revision)
            if prior is not None:
                return Applied.from_commit(prior, replayed=True)
            verdict = decide(GuardInput(
                meeting_status=m.status, mode=m.mode, latest_seq=m.latest_seq, intent_status=cur.status,
                intent_revision=cur.revision, risk=cur.risk, basis_sequence=basis_sequence,
                requested_revision=intent_revision,
            ))
            if isinstance(verdict, Conflict):
                details = {**verdict.details, "intent_id": intent_id}
                if verdict.reason == "stale_transcript":
                    details["unseen"] = await self.store.utterances_after_in_tx(tx, meeting_id, basis_sequence)
                refused = Conflict(verdict.reason, details)
                await sql.record_action(tx, meeting_id, intent_id, intent_revision, basis_sequence,
                                        refused.to_dict(), actor)
                await self.store.add_change(tx, meeting_id, "conflict", {"intent_id": intent_id,
                                                                          "reason": verdict.reason})
                return refused
            executing = _replace(cur, status=S.EXECUTING)
            await sql.append_event(tx, executing, check_transition(cur.status, S.EXECUTING),
                                   {"basis_sequence": basis_sequence, "auto": verdict.auto}, actor)
            # The write runs in a savepoint so that its failure is recorded (intent failed, with the
            # error, an audit row) in this same transaction instead of rolling back into silence.
            await tx.execute("SAVEPOINT entity_write")
            try:
                entity_ref = await sql.write_entity(tx, cur.kind, entity_values(cur))
            except self.store.db.write_errors as exc:
                await tx.execute("ROLLBACK TO entity_write")
                await tx.execute("RELEASE entity_write")
                error = f"{type(exc).__name__}: {exc}"
                failed = _replace(executing, status=S.FAILED, basis_seq=basis_sequence, error=error)
                await sql.update_intent(tx, failed)
                await sql.append_event(tx, failed, check_transition(S.EXECUTING, S.FAILED), {"error": error}, actor)
                result = Failed(intent_id, cur.revision, error)
                await sql.record_action(tx, meeting_id, intent_id, cur.revision, basis_sequence, result.to_dict(),
                                        actor)
                await self._changed(tx, failed)
                return result
            await tx.execute("RELEASE entity_write")
            applied = _replace(executing, status=S.APPLIED, entity_ref=entity_ref, basis_seq=basis_sequence)
            await sql.update_intent(tx, applied)
            await sql.append_event(tx, applied, check_transition(S.EXECUTING, S.APPLIED),
                                   {"entity_ref": entity_ref}, actor)
            result = Applied(intent_id, cur.revision, S.APPLIED.value, entity_ref=entity_ref, auto=verdict.auto)
            await sql.record_action(tx, meeting_id, intent_id, cur.revision, basis_sequence, result.to_dict(), actor)
            await self._changed(tx, applied)
        return result


def _replace(it: Intent, **changes: Any) -> Intent:
    from dataclasses import replace

    return replace(it, updated_at=time.time(), **changes)


__all__ = ["IllegalTransition", "Ledger", "LedgerResult", "entity_values"]
