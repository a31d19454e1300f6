"""The analyzer's working ledger (``_Ledger``): the state every stage of ``_Analysis`` shares and
the operations on it.

State (set in ``__init__``, read by every mixin): ``items`` (the ``_Item`` s, seeded with the
meeting's live intents), ``sentences`` (the window rebuilt into sentences from the heard text),
``texts`` (what was said, quotes are cut from it) and ``heard`` (same-sound slips undone),
``participants``, ``new_from`` (first new seq), ``on`` / ``completion``; the reading cursor
``_upto`` / ``_at`` (the utterance and sentence being read), ``_speaker`` / ``_named_at`` (who says the sentence being read) and the open-question
memory ``_open_at`` / ``_open_item`` / ``_open_use`` (``questions``) and ``_void_cancel`` (the
last cancellation of nothing, ``analyzer._cancel``).
Operations: introduce an item or re-read a stored one (``_intro``), touch / refresh its evidence,
the dialogue state of the live tasks (``_state``) and its operations carried into the ledger
(``_ops``, ``_task``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from . import extract as ex
from . import frames as fr
from . import lexicon as lx
from . import refer
from . import state as st
from .hearing import repair, wording
from .names import Alias, find_people
from .proposals import TERMINAL, _headline, _Item, _norm_payload
from .text import Clause, Sentence, has_cjk, quote, segment, similarity, strip_punct


class _Ledger:
    def __init__(
        self,
        window: Sequence[tuple[int, str]],
        participants: Sequence[str],
        intents: Sequence[Mapping[str, Any]],
        new_from_seq: int,
        on: date | None = None,
        completion: bool = False,
        aliases: Sequence[Alias] = (),
        introductions: Mapping[int, str] | None = None,
    ) -> None:
        self.on = on
        self.completion = completion
        self.texts = {s: t for s, t in window}
        # Who is called by a name of their own (``names.introduced``) and the utterances that said
        # so, which an owner found by such a name is cited with.
        self.aliases = tuple(aliases)
        self.introductions = dict(introductions or {})
        self.participants = tuple(participants)
        self.new_from = new_from_seq
        self.items: list[_Item] = []
        for i, it in enumerate(intents):
            status = str(it.get("status", ""))
            if status in TERMINAL:
                continue
            kind = str(it.get("kind"))
            payload = _norm_payload(kind, it.get("payload") or {})
            self.items.append(
                _Item(
                    kind=kind,
                    payload=dict(payload),
                    seqs=set(it.get("evidence_seqs") or ()),
                    intent_id=str(it.get("intent_id") or it.get("id")),
                    revision=int(it.get("revision") or 1),
                    stored=payload,
                    status=status,
                    order=-len(intents) + i,
                )
            )
        # Patterns read the heard text (same-sound slips undone, same length); quotes are cut
        # from ``self.texts``, what was said.
        self.heard = {seq: repair(t, self.participants) for seq, t in window}
        self.sentences = segment(
            [(seq, self.heard[seq]) for seq, _ in window],
            lambda t: fr.has_trigger(t, self.participants),
            lambda t: bool(lx.SENTENCE_START.match(t)),
            self._complete,
            self.participants,
        )
        self._order = 0
        self._upto = max((s for s, _ in window), default=0)
        self._at = len(self.sentences)  # the sentence being read
        self._open_at = -1
        self._open_item: _Item | None = None  # the open question made at ``_open_at``
        self._open_use: list[Clause] = []
        self._void_cancel = -9  # the last sentence whose cancellation cancelled nothing
        self._speaker: str | None = None  # who says the sentence being read, when the turn before tells
        self._named_at = 0  # the utterance that names the speaker

    # ---- helpers ---------------------------------------------------------------------------------

    def _complete(self, text: str) -> bool:
        """A statement that stands on its own: work and owner (or "nobody yet") both named in it."""
        titles = [a.title for a in ex.assignments(text, "", self.participants) if a.title]
        if lx.NO_OWNER.search(text):
            titles.append(ex.unowned_work(text, "") or "")
        return any(len(t) >= 4 if has_cjk(t) else len(t.split()) >= 2 for t in titles)

    def _is_new(self, sent: Sentence) -> bool:
        return any(s >= self.new_from for s in sent.seqs)

    def _tasks(self) -> list[_Item]:
        # Only work said by now: a stored task first said later in the window is no referent of
        # an earlier sentence (re-reading would otherwise hand it that sentence's date).
        return [it for it in self.items if it.kind == "task" and not it.cancelled and self._said_by_now(it)]

    def _said_by_now(self, it: _Item) -> bool:
        """Whether ``it`` was said by the sentence being read: first said in an earlier utterance, or
        re-read in this pass, or (a stored item that reaches the utterance being read or past it)
        titled from a sentence read so far. A stored task cites earlier utterances where its owner was
        named: "Tayla, you right to run it?" … "Yeah mate, I'll give 'em a bell tomorrow arvo." was not
        said before the ask between them, and "Sorry Jordan. So, I'll set up a skip-level…" corrects
        no task said after it."""
        if not it.seqs or it.derived or max(it.seqs) < self._upto:
            return True
        if min(it.seqs) > self._upto:
            return False
        head = _headline(it)[:8]
        titled = [s.index for s in self.sentences if head and head in s.text and it.seqs & set(s.seqs)]
        return not titled or min(titled) <= self._at

    def _touch(self, it: _Item, sent: Sentence, clauses: Sequence[Clause] | None = None) -> None:
        it.touched = sent.index
        it.seqs.update(sent.seqs if clauses is None else {s for c in clauses for s in c.seqs})
        it.new = it.new or self._is_new(sent)
        if not it.evidence:
            it.evidence, it.evidence_seq = quote(list(clauses or sent.clauses), self.texts)

    def _intro(
        self, kind: str, payload: dict[str, Any], sent: Sentence, clauses: Sequence[Clause], main: Clause
    ) -> _Item:
        """An item introduced by ``clauses``: the stored intent it re-reads, or a new one."""
        seqs = {s for c in clauses for s in c.seqs}
        evidence, ev_seq = quote(list(clauses), self.texts, prefer_seq=main.pieces[0].seq)
        candidates = [
            it for it in self.items if it.kind == kind and it.intent_id and not it.derived and it.seqs & seqs
        ]
        head = payload.get("title") or payload.get("text") or ""
        # A stored headline is what the minutes showed (``_shown``: odd spans put into same-sound
        # common words), so the re-read headline is compared in both forms.
        heads = {head, wording(head, self.participants)} if candidates else {head}

        def alike(it: _Item) -> float:
            return max(similarity(_headline(it), h) for h in heads)

        best = max(candidates, key=alike, default=None)
        if best is not None and (alike(best) > 0 or min(best.seqs) in seqs):
            it = best
            it.payload = dict(payload)
            it.derived = True
            it.evidence, it.evidence_seq = evidence, ev_seq
        else:
            self._order += 1
            it = _Item(
                kind=kind,
                payload=dict(payload),
                seqs=set(),
                evidence=evidence,
                evidence_seq=ev_seq,
                derived=True,
                order=self._order,
            )
            self.items.append(it)
        it.seqs |= seqs
        it.touched = sent.index
        it.extra["intro"] = sent.index
        it.new = it.new or any(s >= self.new_from for s in seqs)
        return it

    def _same_breath(self, i: int, j: int) -> bool:
        """Sentences ``i`` and ``j`` share an utterance."""
        return bool(set(self.sentences[i].seqs) & set(self.sentences[j].seqs))

    def _decided_at(self, *indexes: int) -> bool:
        return any(it.kind in ("decision", "task") and it.extra.get("intro") in indexes for it in self.items)

    def _refresh(self, it: _Item, clauses: Sequence[Clause]) -> None:
        main = clauses[0]
        it.evidence, it.evidence_seq = quote(list(clauses), self.texts, prefer_seq=main.pieces[0].seq)
        it.seqs.update(s for c in clauses for s in c.seqs)
        it.new = it.new or any(s >= self.new_from for c in clauses for s in c.seqs)

    def _state(self, sent: Sentence) -> st.DialogueState:
        """The dialogue state before ``sent``: the live tasks said by now."""
        topics = tuple(
            st.Topic(
                ref=id(it),
                title=_headline(it),
                owner=it.payload.get("owner"),
                due=it.payload.get("due_date_raw"),
                owners=tuple(it.extra.get("owners", ())),
                touched=it.touched,
                last_seq=it.last_seq,
                order=it.order,
                intro=it.extra.get("intro"),
                seqs=frozenset(it.seqs),
            )
            for it in self._tasks()
        )
        return st.DialogueState(topics, sent.index)

    def _item(self, ref: int | None) -> _Item:
        return next(it for it in self.items if id(it) == ref)

    def _ops(self, sent: Sentence, state: st.DialogueState, ops: Sequence[st.Op]) -> None:
        """Carry the dialogue state's operations into the working ledger."""
        del state  # the ledger is rebuilt into a state before every frame
        for op in ops:
            it = self._item(op.ref)
            if op.name == "cancel":
                it.cancelled = strip_punct(sent.text)[:500] or "cancelled"
                it.seqs.update(sent.seqs)
                it.touched = sent.index
                it.new = it.new or self._is_new(sent)
                it.extra["cancel_new"] = self._is_new(sent)
                continue
            if op.name in ("assign", "reassign", "revert"):
                self._set_owner(it, op.owner)
            if op.due:
                it.payload["due_date_raw"] = op.due
            self._touch(it, sent)

    def _set_owner(self, it: _Item, owner: str | None) -> None:
        before = it.payload.get("owner")
        history = list(it.extra.get("owners") or ([before] if before else []))
        if owner and (not history or history[-1] != owner):
            history.append(owner)
        it.extra["owners"] = history
        it.payload["owner"] = owner

    def _task(self, f: fr.Frame) -> tuple[_Item, list[Clause]] | None:
        used = list(f.clauses)
        _, ops = st.on_task(self._state(f.scope), f)
        if not ops:
            return None
        op = ops[0]
        if op.name == "restate":
            # The same person asked for the same work again: the later words restate it (a new
            # date moves it), they do not add a second task.
            twin = self._item(op.ref)
            if op.due:
                twin.payload["due_date_raw"] = op.due
            _retitle(twin, f.work)
            self._touch(twin, f.scope, used)
            return twin, used
        if op.name in ("assign", "reassign", "revert"):
            # The same work named for someone else: it changes hands, it is not a second task.
            it = self._item(op.ref)
            self._set_owner(it, op.owner)
            if op.due:
                it.payload["due_date_raw"] = op.due
            _retitle(it, f.work)
            self._touch(it, f.scope, used)
            return it, used
        work = f.work
        if work and refer.no_work(work) and not refer.plan_asked(work):
            return None  # titled by its antecedent or dropped in ``frames.with_antecedent``
        payload = {"title": work, "owner": f.owner, "due_date_raw": f.due, "priority": "unspecified"}
        it = self._intro("task", payload, f.scope, used, f.main or used[0])
        it.seqs.update(f.refs)  # the utterance a pointer's antecedent was said in backs the title
        if f.owner:
            it.extra.setdefault("owners", [f.owner])
        return it, used



def _names_more(title: str, work: str) -> bool:
    """"王芳你来弄一下清单" … "陈静你…，报废清单整理出来": the work said again in full words holds the
    bare title said before, and says what it is (Chinese, where a bare noun titles thinly)."""
    return has_cjk(title) and len(strip_punct(title)) <= 3 and title in work and len(work) >= len(title) + 2


def _retitle(it: _Item, work: str) -> None:
    """Give ``it`` the fuller words ``work`` when they say its thin title again (``_names_more``)."""
    if _names_more(it.payload.get("title") or "", work):
        it.payload["title"] = work


def retitle_handed_on(it: _Item, clauses: Sequence[Clause], participants: Sequence[str]) -> None:
    """Retitle ``it`` by the clause of a sentence that hands its work on and names it in full, when that
    clause is the work alone: no one named or addressed, no date."""
    title = it.payload.get("title") or ""
    for c in clauses:
        t = strip_punct(c.text)
        if (_names_more(title, t) and not re.search(r"[你您我他她]", t) and not lx.dates(t) and len(t) <= 14
                and not find_people(t, participants)):
            it.payload["title"] = t
            return
