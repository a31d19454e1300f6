"""The rules analyzer: a window of utterances plus the meeting's intents in, proposals out.

Pure and deterministic. ``analyze`` reads the window sentence by sentence (sentences rebuilt across
VAD cuts), keeps a small working ledger seeded with the meeting's current intents, and applies each
sentence to it: new tasks, decisions, notes and open questions; corrections, reassignments and
deadline changes revise the item they refer to; cancellations mark it cancelled. Finally the
working ledger is compared with the intents as stored:

- an item not stored yet (and not cancelled) → ``CreateIntent``;
- a stored item whose payload now differs → ``ReviseIntent`` (same id, ``expected_revision``);
- a stored item that was cancelled → ``RejectIntent``.

Only sentences that touch the new part of the window (seq >= ``new_from_seq``) may cause a
proposal; the already-analyzed part is re-read only to understand references. Called again with the
same window and the intents it produced, ``analyze`` proposes nothing (idempotent).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from intents.dates import parse_iso, readings
from intents.dates import resolve as resolve_due

from . import extract as ex
from . import lexicon as lx
from . import mentions
from .hearing import repair, wording
from .names import find_people
from .text import Clause, Sentence, fold, has_cjk, quote, segment, similarity, strip_punct

TERMINAL = frozenset({"rejected", "superseded", "failed"})
_WHEN_SAID = re.compile(
    r"\s*(?:讨论|开会|会上|说|的会|的时候|时|早上|上午|下午|we\b|in the meeting|morning)", re.IGNORECASE
)
_NEGATED = re.compile(
    r"(?:不是|而不是|不在|\bnot|\binstead of|\brather than)\s*(?:on\s+|by\s+|在)?$", re.IGNORECASE
)
_FIRST_PERSON_PLAN = re.compile(r"\bI(?:'ll| will|'m going to| am going to)\b|^我(?:会|先|这边)", re.IGNORECASE)
_ALL = re.compile(r"都|全部|一起|\b(?:all|both|everything)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CreateIntent:
    kind: str
    payload: dict[str, Any]
    evidence_seqs: tuple[int, ...]
    evidence: str


@dataclass(frozen=True, slots=True)
class ReviseIntent:
    intent_id: str
    expected_revision: int
    kind: str
    payload: dict[str, Any]
    evidence_seqs: tuple[int, ...]
    evidence: str


@dataclass(frozen=True, slots=True)
class RejectIntent:
    intent_id: str
    revision: int
    reason: str


Proposal = CreateIntent | ReviseIntent | RejectIntent


@dataclass(slots=True)
class _Item:
    """Working state of one intent during a single ``analyze`` call (never escapes it)."""

    kind: str
    payload: dict[str, Any]
    seqs: set[int]
    evidence: str = ""
    evidence_seq: int | None = None
    intent_id: str | None = None
    revision: int = 0
    stored: dict[str, Any] | None = None
    status: str = ""
    touched: int = -1  # index of the last sentence that changed it; -1: only known from the store
    derived: bool = False  # re-read from its own sentence in this window
    new: bool = False  # changed by a sentence in the new part of the window
    cancelled: str | None = None
    order: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def last_seq(self) -> int:
        return max(self.seqs) if self.seqs else 0


def _norm_payload(kind: str, p: Mapping[str, Any], on: date | None = None) -> dict[str, Any]:
    """The payload as the ledger stores it. With the meeting's date ``on``, a task's ``due_date``
    is what its ``due_date_raw`` means that day (null when ambiguous); without it, as given."""
    if kind == "task":
        raw = p.get("due_date_raw") or None
        return {
            "title": str(p.get("title") or "").strip(),
            "owner": p.get("owner") or None,
            "due_date_raw": raw,
            "due_date": resolve_due(raw, on) if on is not None else p.get("due_date") or None,
            "priority": p.get("priority") or "unspecified",
        }
    if kind == "question":
        q = {
            "text": str(p.get("text") or "").strip(),
            "question_type": p.get("question_type") or "clarification",
            "candidates": list(p.get("candidates") or []),
        }
        return q | ({"about_field": p["about_field"]} if p.get("about_field") else {})
    if kind == "note":
        return {"title": str(p.get("title") or "").strip(), "body": str(p.get("body") or "").strip()}
    return {"text": str(p.get("text") or "").strip()}


def _topic_score(headline: str, text: str) -> float:
    """How surely ``text`` names the work ``headline``: shared topic tokens, or — Chinese has no
    spaces, so a short reference shares few bigrams with a long title — a shared run of three or
    more characters ("推荐位那个改到周五" → 首页的推荐位模块)."""
    score = similarity(headline, text)
    if has_cjk(headline):
        a, b = fold(headline), fold(text)
        m = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
        if m.size >= 3 and has_cjk(a[m.a : m.a + m.size]):
            score = max(score, 0.6)
    return score


_EN_FUNCTION = re.compile(
    r"\b(?:let'?s|we|i|you|it|this|that|the|a|an|and|or|for|now|yet|right|ok|okay|so|just|still|keep|leave|"
    r"is|are|be|do|don'?t|not|today|one|thing|here|there|what|about)\b",
    re.IGNORECASE,
)


def _substantive(text: str) -> bool:
    """``text`` names a matter (not only function words): two content words, or four characters."""
    if has_cjk(text):
        return mentions.content(text) >= 4
    return len(re.findall(r"[A-Za-z][A-Za-z0-9-]{2,}", _EN_FUNCTION.sub(" ", text))) >= 2


def _headline(it: _Item) -> str:
    return str(it.payload.get("title") or it.payload.get("text") or "")


class _Analysis:
    def __init__(
        self,
        window: Sequence[tuple[int, str]],
        participants: Sequence[str],
        intents: Sequence[Mapping[str, Any]],
        new_from_seq: int,
        on: date | None = None,
        completion: bool = False,
    ) -> None:
        self.on = on
        self.completion = completion
        self.texts = {s: t for s, t in window}
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
            [(seq, self.heard[seq]) for seq, _ in window], self._has_trigger, lambda t: bool(lx.SENTENCE_START.match(t)), self._complete
        )
        self._order = 0
        self._upto = max((s for s, _ in window), default=0)
        self._open_at = -1

    # ---- helpers ---------------------------------------------------------------------------------

    def _has_trigger(self, text: str) -> bool:
        return bool(
            ex.assignments(text, "", self.participants)
            or lx.DECISION.search(text)
            or lx.NO_OWNER.search(text)
            or lx.CORRECTION.search(text)
        )

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
        return [
            it
            for it in self.items
            if it.kind == "task" and not it.cancelled and (not it.seqs or min(it.seqs) <= self._upto)
        ]

    def _focus(self) -> _Item | None:
        tasks = self._tasks()
        return max(tasks, key=lambda it: (it.touched, it.last_seq, it.order)) if tasks else None

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
        best = max(candidates, key=lambda it: similarity(_headline(it), head), default=None)
        if best is not None and (similarity(_headline(best), head) > 0 or min(best.seqs) in seqs):
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

    # ---- sentence handlers -----------------------------------------------------------------------

    def run(self) -> list[Proposal]:
        for sent in self.sentences:
            self._sentence(sent)
        return self._reconcile()

    def _hedged(self, sent: Sentence) -> list[bool]:
        cl = sent.clauses
        out = [bool(lx.HEDGE_FWD.search(c.text)) for c in cl]
        # "负责人未定" leaves the owner open, not the work: it is no hedge on the task.
        back = [bool(lx.HEDGE_BACK.search(lx.NO_OWNER.sub("", c.text))) for c in cl]
        for i in range(len(cl)):
            if any(back[i:]):
                out[i] = True
            elif i and out[i - 1] and not self._has_trigger(cl[i].text):
                out[i] = True
        return out

    def _sentence(self, sent: Sentence) -> None:
        self._upto = max(sent.seqs)
        clauses = [c for c in sent.clauses if not lx.CHATTER_ONLY.match(strip_punct(c.text))]
        if not clauses:
            return
        tagged = len(clauses) > 1 and bool(lx.TAG_QUESTION.match(strip_punct(clauses[-1].text)))
        consent = tagged and bool(lx.CONSENT.fullmatch(strip_punct(clauses[-1].text)))
        if tagged:
            # "…两周内搞完，可以吗？": the request stands; the tag only asks the owner to agree.
            clauses = clauses[:-1]
            sent = Sentence(tuple(clauses), sent.index)
        text = sent.text
        interrogative = not tagged and (
            sent.question or bool(re.search(r"[吗么呢]$", strip_punct(clauses[-1].text)))
        )
        hedged = self._hedged(sent)
        if self._conflict(sent, clauses):
            return
        if interrogative and not self._vocative_tasks(sent, clauses, hedged):
            return
        if interrogative:
            self._assign(sent, clauses, hedged)
            return
        if self._open(sent, clauses):
            return
        k = next((i for i, c in enumerate(clauses) if self._assignment_in([c])), len(clauses))
        if 0 < k < len(clauses) and not any(hedged) and any(lx.DECISION.search(c.text) for c in clauses[:k]):
            # "按国家标准来，就这么定，郑丽华把规范文档改一下": the decision, then who does what.
            self._decision(Sentence(tuple(clauses[:k]), sent.index), clauses[:k])
            self._assign(sent, clauses[k:], hedged[k:])
            return
        if (lx.DECISION.search(text) or consent) and not any(hedged) and not self._assignment_in(clauses):
            self._decision(sent, clauses)
            if lx.CANCEL.search(text):
                self._cancel(sent, text)
            return
        if all(hedged):
            if lx.SUGGEST_NOTE.search(text):
                self._note(sent, clauses)
            elif lx.UNDECIDED.search(lx.NO_OWNER.sub("", text)):
                self._undecided(sent, clauses)
            return
        correcting = bool(lx.CORRECTION.search(text))
        if lx.CANCEL.search(text) and not correcting and not self._assignment_in(clauses):
            self._cancel(sent, text)
            return
        if lx.CANCEL.search(text) and correcting and self._new_owner(sent)[0] is None:
            self._cancel(sent, text)
            return
        if correcting:
            if self._correct(sent, clauses):
                return
            # "这个需求给张三，不对，给李四": the work and its correction in one breath.
            k = next(
                i for i, c in enumerate(clauses) if lx.CORRECTION.search(c.text) or i == len(clauses) - 1
            )
            if k and self._assign(Sentence(tuple(clauses[:k]), sent.index), clauses[:k], hedged[:k]):
                self._correct(Sentence(tuple(clauses[k:]), sent.index), clauses[k:])
                return
        if self._assign(sent, clauses, hedged):
            return
        if self._unowned(sent, clauses):
            return
        self._continuation(sent, clauses)

    def _assignment_in(self, clauses: Sequence[Clause]) -> bool:
        return any(ex.assignments(c.text, "", self.participants) for c in clauses)

    def _vocative_tasks(self, sent: Sentence, clauses: Sequence[Clause], hedged: list[bool]) -> bool:
        """Polite requests phrased as questions still assign work ("Bob, can you update the docs?")."""
        if ex.pronoun_request([c.text for c in clauses], self.participants):
            return True
        for i, c in enumerate(clauses):
            if re.search(r"\b(?:can|could|would) you\b", c.text, re.IGNORECASE):
                if ex.assignments(c.text, "", self.participants):
                    return True
                if i and ex.vocative(clauses[i - 1].text, c.text, self.participants):
                    return True
        return False

    def _conflict(self, sent: Sentence, clauses: Sequence[Clause]) -> bool:
        text = sent.text
        if not lx.CONTRAST.search(text) or not lx.ATTRIBUTION.search(text):
            return False

        def said(c: Clause) -> list[lx.DateHit]:
            # Dates of the item, not of the talk about it ("今天讨论时…", "this morning we…").
            hits = lx.deadlines(c.text)
            if len(hits) < 1:
                hits = [h for h in lx.dates(c.text) if not _WHEN_SAID.match(c.text[h.end :])]
            return hits

        found = [h for c in clauses for h in said(c)]
        distinct = list(dict.fromkeys(h.text for h in found))
        if len(distinct) < 2:
            return False
        first = next(c for c in clauses if said(c))
        topic = ex.conflict_topic(first.text, said(first)[0].start)
        d1, d2 = distinct[0], distinct[-1]
        if has_cjk(text):
            q = f"{topic}的完成时间是{d1}还是{d2}？" if topic else f"完成时间是{d1}还是{d2}？"
        else:
            q = f"Is {topic} due {d1} or {d2}?" if topic else f"Is it due {d1} or {d2}?"
        payload = {"text": q, "question_type": "clarification", "candidates": [d1, d2]}
        self._intro("question", payload, sent, clauses, first)
        return True

    def _open(self, sent: Sentence, clauses: Sequence[Clause]) -> bool:
        """A matter explicitly left open ("Let's leave it open", "先挂着"): the question asked just
        before (or the matter this sentence names) becomes an open question."""
        if not lx.OPEN_MARK.search(sent.text) or self._assignment_in(clauses):
            return False
        if self._open_at >= sent.index - 2 and self._open_at >= 0:
            self._open_at = sent.index
            return True  # "Nobody knows yet. … Open question for now.": the same matter again
        own = [c for c in clauses if _substantive(lx.OPEN_MARK.sub("", c.text))]
        use: list[Clause] = []
        if own and not lx.POINTER.match(own[0].text):
            use = list(clauses)
        else:
            for back in range(1, 4):
                if sent.index - back < 0:
                    break
                prev = self.sentences[sent.index - back]
                if prev.question:
                    use = list(prev.clauses)
                    break
        if not use:
            return False
        sep = "，" if has_cjk(sent.text) else ", "
        text = strip_punct(sep.join(strip_punct(c.text) for c in use))[:500]
        payload = {"text": text, "question_type": "clarification", "candidates": []}
        self._intro("question", payload, sent, use, use[-1])
        self._open_at = sent.index
        return True

    def _confirmed(self, sent: Sentence, clauses: Sequence[Clause]) -> list[Clause] | None:
        """"That's decided." after a statement: the statement (and the confirmation, which the
        quote then spans) is the decision; None when the confirmed statement is not adjacent."""
        first = strip_punct(clauses[0].text)
        if not lx.CONFIRM.match(first) or sent.index == 0:
            return None
        prev = self.sentences[sent.index - 1]
        if prev.question or max(prev.seqs) < min(sent.seqs) - 1:
            return None
        return [*prev.clauses, clauses[0]]

    def _decision(self, sent: Sentence, clauses: Sequence[Clause]) -> None:
        confirmed = self._confirmed(sent, clauses)
        if confirmed is not None:
            sep = "，" if has_cjk(sent.text) else ", "
            body = strip_punct(sep.join(c.text for c in confirmed[:-1]))
            body = lx.DECISION_LEAD.sub("", body, count=1).strip() or body
            self._intro("decision", {"text": body[:1].upper() + body[1:]}, sent, confirmed, confirmed[0])
            return
        start = next((i for i, c in enumerate(clauses) if lx.DECISION.search(c.text)), 0)
        # A subject clause before the trigger belongs to the decision ("验证码的有效期，我们决定…").
        if start and not lx.DECISION_LEAD.match(clauses[start].text):
            start -= 1
        use = clauses[max(0, start - 1) if start and len(clauses[start - 1].text) > 3 else start :]
        sep = "，" if has_cjk(sent.text) else ", "
        body = sep.join(c.text for c in use)
        body = lx.DECISION_LEAD.sub("", body, count=1).strip() or body
        body = strip_punct(body)
        if not has_cjk(body):
            body = body[:1].upper() + body[1:]
        payload = {"text": body}
        for it in self.items:
            if it.kind == "decision" and it.extra.get("intro") != sent.index and (it.intent_id or it.derived):
                if similarity(_headline(it), body) >= 0.6 and _headline(it) != body:
                    # The same topic decided again: revise the earlier decision, not a second one.
                    it.payload = payload
                    it.evidence, it.evidence_seq = quote(list(use), self.texts)
                    self._touch(it, sent, use)
                    return
        self._intro("decision", payload, sent, use, use[0])

    def _undecided(self, sent: Sentence, clauses: Sequence[Clause]) -> None:
        """A matter left open ("下线时间还没定") is an open question; one that points back
        ("这个还没定") is about the question just asked, which joins it."""
        use = list(clauses)
        prev = self.sentences[sent.index - 1] if sent.index else None
        if prev is not None and prev.question and (
            lx.POINTER.match(clauses[0].text) or len(strip_punct(clauses[0].text)) <= 4
        ):
            use = [*prev.clauses, *use]
        sep = "，" if has_cjk(sent.text) else ", "
        payload = {"text": strip_punct(sep.join(c.text for c in use))[:500], "question_type": "clarification",
                   "candidates": []}
        self._intro("question", payload, sent, use, use[-1])

    def _note(self, sent: Sentence, clauses: Sequence[Clause]) -> None:
        core = next((c for c in clauses if lx.SUGGEST_NOTE.search(c.text)), clauses[0])
        payload = {"title": strip_punct(core.text)[:200], "body": strip_punct(sent.text)}
        self._intro("note", payload, sent, clauses, core)

    def _topic_text(self, text: str) -> str:
        """``text`` without what never names the work: cue words, dates and people."""
        for rx in (lx.CORRECTION, lx.CANCEL):
            text = rx.sub(" ", text)
        for h in reversed(lx.dates(text)):
            text = text[: h.start] + " " + text[h.end :]
        for h in reversed(find_people(text, self.participants)):
            text = text[: h.start] + " " + text[h.end :]
        return text

    def _target_by_topic(self, text: str) -> _Item | None:
        text = self._topic_text(text)
        scored = [(_topic_score(_headline(it), text), it) for it in self._tasks()]
        scored = [(s, it) for s, it in scored if s >= 0.5]
        return max(scored, key=lambda p: (p[0], p[1].touched, p[1].last_seq))[1] if scored else None

    def _cancel(self, sent: Sentence, text: str) -> None:
        target = self._target_by_topic(text)
        if target is None and not self._names_other_work(sent):
            focus = self._focus()
            if focus is not None and (
                focus.touched >= sent.index - 2 or focus.last_seq >= min(sent.seqs) - 2
            ):
                target = focus
        if target is None:
            return
        target.cancelled = strip_punct(text)[:500] or "cancelled"
        target.seqs.update(sent.seqs)
        target.touched = sent.index
        target.new = target.new or self._is_new(sent)
        target.extra["cancel_new"] = self._is_new(sent)

    def _names_other_work(self, sent: Sentence) -> bool:
        """The cancelling clause names its own subject ("夜间模式先不做了") — one that no task
        matched — rather than pointing back (这个先不做了, 算了不用做了, drop it)."""
        for c in sent.clauses:
            m = lx.CANCEL.search(c.text)
            if m:
                subject = lx.GENERIC_WORK.sub("", ex.clean_title(self._topic_text(c.text[: m.start()])))
                return len(subject) >= 2 if has_cjk(subject) else bool(subject.strip())
        return False

    def _new_owner(self, sent: Sentence) -> tuple[str | None, list[str]]:
        """(the owner a correction hands the work to, names it takes the work away from)."""
        text = sent.text
        new: list[str] = []
        old: list[str] = []
        markers = list(lx.CORRECTION.finditer(text))
        # Names said after the last correction marker are the new ones ("给张三，不对，给李四").
        after = (
            markers[-1].end() if markers and find_people(text[markers[-1].end() :], self.participants) else 0
        )
        for h in find_people(text, self.participants):
            if h.start < after:
                old.append(h.name)
                continue
            before = text[max(0, h.start - 4) : h.start].lower()
            clause_after = re.split(r"[，,。.;；!?！？]", text[h.end :], maxsplit=1)[0]
            if re.search(r"(?:不是|不要|别|不让|不给|not|no)\s*$", before):
                old.append(h.name)
            elif lx.LEAVE.search(clause_after) or re.match(
                r"^\s*(?:也|都)?(?:不行|没时间|忙|can'?t|cannot|won'?t)", clause_after
            ):
                old.append(h.name)
            else:
                new.append(h.name)
        return (new[0] if new else None), old

    def _correct(self, sent: Sentence, clauses: Sequence[Clause]) -> bool:
        new_owner, old = self._new_owner(sent)
        fresh = []
        for i, c in enumerate(clauses):
            for a in ex.assignments(c.text, clauses[i - 1].text if i else "", self.participants):
                if a.title:
                    fresh.append((c, a))
        target = None
        for it in sorted(self._tasks(), key=lambda it: (it.touched, it.last_seq), reverse=True):
            if it.payload.get("owner") in old:
                target = it
                break
        if target is None:
            target = self._target_by_topic(sent.text) or self._focus()
        if fresh and (target is None or all(similarity(a.title, _headline(target)) < 0.5 for _, a in fresh)):
            return False  # "actually, Carol will also review the docs": new work, not a correction
        if target is None:
            return False
        due = self._corrected_due(sent, clauses)
        changed = False
        if new_owner and new_owner != target.payload.get("owner"):
            target.payload["owner"] = new_owner
            changed = True
        if due and due != target.payload.get("due_date_raw"):
            target.payload["due_date_raw"] = due
            changed = True
        if changed or new_owner or due:
            self._touch(target, sent)
            return True
        return False

    def _corrected_due(self, sent: Sentence, clauses: Sequence[Clause]) -> str | None:
        # "due Wednesday, not Friday" / "是周三不是周五": a negated date is the one being replaced.
        hits = [h for c in clauses for h in lx.deadlines(c.text) if not _NEGATED.search(c.text[: h.start])]
        if not hits:
            return None
        text = sent.text
        marker = re.search(r"改到|改成|改为|推迟到|延期到|延到|延后到|提前到|挪到|放到|\bto\b", text)
        if marker:
            after = [h for h in lx.dates(text[marker.end() :])]
            if after:
                return after[0].text
        return hits[-1].text

    def _assign(self, sent: Sentence, clauses: Sequence[Clause], hedged: list[bool]) -> bool:
        made: list[tuple[_Item, list[Clause]]] = []
        no_owner = any(lx.NO_OWNER.search(c.text) for c in clauses)
        i = 0
        while i < len(clauses):
            c = clauses[i]
            prev = clauses[i - 1].text if i else ""
            found = [] if hedged[i] else ex.assignments(c.text, prev, self.participants)
            used = [c]
            if not found and not hedged[i]:
                ask = ex.pronoun_request([d.text for d in clauses[: i + 1]], self.participants)
                if ask is not None:
                    found, used = [ask], list(clauses[: i + 1])
            if not found and i + 1 < len(clauses) and not hedged[i + 1]:
                v = ex.vocative(c.text, clauses[i + 1].text, self.participants)
                if v:
                    found, used = [v], [c, clauses[i + 1]]
                    i += 1
            for a in found:
                if not a.title:
                    continue  # "给刘洋吧" with nothing before it: no work named
                if a.title == ex.clean_title(prev) and i:
                    used = [clauses[i - 1], *used]
                owner = None if no_owner else a.owner
                due = (a.due or None) if a.due is not None else next(
                    (h.text for u in used for h in lx.deadlines(u.text)), None
                )
                payload = {"title": a.title, "owner": owner, "due_date_raw": due, "priority": "unspecified"}
                twin = self._same_task(payload, sent)
                if twin is not None and twin.seqs & {s for u in used for s in u.seqs} and "intro" not in twin.extra:
                    twin = None  # the stored reading of this very statement: re-read it below
                if twin is not None:
                    # The same person asked for the same work again: the later words restate it
                    # (a new date moves it), they do not add a second task.
                    if due:
                        twin.payload["due_date_raw"] = due
                    self._touch(twin, sent, used)
                    made.append((twin, list(used)))
                    continue
                it = self._intro(
                    "task", payload, sent, used, used[-1] if len(used) > 1 and used[0] is not c else c
                )
                made.append((it, list(used)))
            if (
                not found
                and made
                and lx.deadlines(c.text)
                and not ex.assignments(c.text, "", self.participants)
            ):
                # "张三负责前端，李四负责后端，周五之前都要完成": a shared deadline reaches every task.
                targets = made if _ALL.search(c.text) else made[-1:]
                for it, used_clauses in targets:
                    if it.payload.get("due_date_raw") is None:
                        it.payload["due_date_raw"] = lx.deadlines(c.text)[0].text
                    used_clauses.append(c)
                    self._refresh(it, sent, used_clauses)
            i += 1
        return bool(made)

    def _same_task(self, payload: Mapping[str, Any], sent: Sentence) -> _Item | None:
        if not payload.get("owner"):
            return None
        for it in self._tasks():
            if (
                it.extra.get("intro") != sent.index
                and it.payload.get("owner") == payload["owner"]
                and _topic_score(_headline(it), str(payload["title"])) >= 0.6
            ):
                return it
        return None

    def _refresh(self, it: _Item, sent: Sentence, clauses: Sequence[Clause]) -> None:
        main = clauses[0]
        it.evidence, it.evidence_seq = quote(list(clauses), self.texts, prefer_seq=main.pieces[0].seq)
        it.seqs.update(s for c in clauses for s in c.seqs)
        it.new = it.new or any(s >= self.new_from for c in clauses for s in c.seqs)

    def _unowned(self, sent: Sentence, clauses: Sequence[Clause]) -> bool:
        for i, c in enumerate(clauses):
            if not lx.NO_OWNER.search(c.text):
                continue
            prev = clauses[i - 1].text if i else ""
            title = ex.unowned_work(c.text, prev)
            if not title:
                continue
            used = [clauses[i - 1], c] if i and title == ex.clean_title(prev) else [c]
            if i and mentions.content(title) < 2:
                # "告警规则，迁完之后要重新配，这个先挂着，看谁有空": the work is the clause that names it.
                best = mentions.clearest([ex.clean_title(d.text) for d in clauses[:i]])
                if best:
                    k = next(j for j in range(i) if ex.clean_title(clauses[j].text) == best)
                    title, used = best, [*clauses[k:i], c]
            used += [d for d in clauses[i + 1 :] if lx.deadlines(d.text) or lx.NO_OWNER.search(d.text)]
            due = next((h.text for u in used for h in lx.deadlines(u.text)), None)
            payload = {"title": title, "owner": None, "due_date_raw": due, "priority": "unspecified"}
            self._intro("task", payload, sent, used, c)
            return True
        return False

    def _continuation(self, sent: Sentence, clauses: Sequence[Clause]) -> None:
        """A deadline said on its own about a task just discussed: the first one sets it ("赵六负责
        后端。" "下周三之前提测。"); a different one later moves it ("那就周四吧，周四晚上之前"),
        the last date said winning. The task is the one the sentence names, else the one in focus."""
        hits = [h for c in clauses for h in lx.deadlines(c.text) if not _NEGATED.search(c.text[: h.start])]
        if not hits or find_people(sent.text, self.participants) or lx.CLOSING.search(sent.text):
            return
        target = self._target_by_topic(sent.text)
        focus = self._focus()
        if target is None and focus is not None and focus.touched >= sent.index - 2:
            target = focus
        if target is None:
            return
        if target.payload.get("due_date_raw") and _FIRST_PERSON_PLAN.search(sent.text):
            return  # "Sure, I'll pull the contracts next week": a step of the owner's, not a new date
        due = hits[0].text if not target.payload.get("due_date_raw") else hits[-1].text
        if target.payload.get("due_date_raw") and target is focus and focus.touched < sent.index - 1:
            if not lx.CORRECTION.search(sent.text) and target is not self._target_by_topic(sent.text):
                return  # two sentences on, an unrelated date does not move the work in focus
        target.payload["due_date_raw"] = due
        self._touch(target, sent)

    # ---- reconcile -------------------------------------------------------------------------------

    def _as_said(self, phrase: str | None, seqs: Sequence[int]) -> str | None:
        """``phrase`` (read from the heard text) as it stands in the transcript: the same span of
        the original utterance, so a due date is always a verbatim quote."""
        if not phrase:
            return phrase
        for seq in seqs:
            said, heard = self.texts.get(seq, ""), self.heard.get(seq, "")
            if phrase in said:
                return phrase
            at = heard.find(phrase)
            if at >= 0:
                return said[at : at + len(phrase)]
        return phrase

    def _completions(self, task: Mapping[str, Any], seqs: tuple[int, ...], evidence: str) -> list[CreateIntent]:
        """Suggest mode: what a person must still say about a new task, as completion questions
        citing the task's own evidence (that is their link to it): who owns it (candidates: the
        participants), which day a deadline means (candidates: its readings on the meeting's date)."""
        title, zh = task["title"], has_cjk(task["title"] + evidence)
        out = []
        if not task.get("owner"):
            text = f"「{title}」由谁负责？" if zh else f"Who owns '{title}'?"
            out.append({"text": text, "question_type": "completion", "candidates": list(self.participants)[:20],
                        "about_field": "owner"})
        raw = task.get("due_date_raw")
        if raw and not task.get("due_date"):
            days = [d.isoformat() for d in readings(raw, self.on)][:20]
            text = f"「{title}」的截止时间「{raw}」是哪一天？" if zh else f"Which day is '{raw}' for '{title}'?"
            out.append({"text": text, "question_type": "completion", "candidates": days, "about_field": "due_date"})
        return [CreateIntent("question", _norm_payload("question", q), seqs, evidence) for q in out]

    def _shown(self, it: Any, payload: dict[str, Any]) -> dict[str, Any]:
        """asrdev hook: a headline read anew shows the common words its sounds mean."""
        key = {"task": "title", "decision": "text", "question": "text", "note": "title"}.get(it.kind)
        if key and payload[key] != (it.stored or {}).get(key):
            payload[key] = wording(payload[key], self.participants)
        return payload

    def _reconcile(self) -> list[Proposal]:
        out: list[tuple[int, Proposal]] = []
        for it in self.items:
            if not it.new:
                continue
            seqs = tuple(sorted(s for s in it.seqs if s in self.texts or it.intent_id))
            if it.kind == "task":
                it.payload["due_date_raw"] = self._as_said(it.payload.get("due_date_raw"), seqs)
            if it.intent_id is None:
                if it.cancelled or not it.evidence:
                    continue
                payload = self._shown(it, _norm_payload(it.kind, it.payload, self.on))
                out.append((min(seqs), CreateIntent(it.kind, payload, seqs, it.evidence)))
                if self.completion and it.kind == "task":
                    out += [(min(seqs), q) for q in self._completions(payload, seqs, it.evidence)]
                continue
            if it.cancelled:
                if it.extra.get("cancel_new", True):
                    out.append((it.last_seq, RejectIntent(it.intent_id, it.revision, it.cancelled)))
                continue
            payload = self._shown(it, _norm_payload(it.kind, it.payload, self.on))
            if payload == it.stored:
                continue
            evidence = _revision_quote(seqs, self.texts) or it.evidence
            if not evidence:
                continue
            out.append((min(seqs), ReviseIntent(it.intent_id, it.revision, it.kind, payload, seqs, evidence)))
        out.sort(key=lambda p: p[0])
        return [p for _, p in out]


REVISION_QUOTE_MAX = 200


def _revision_quote(seqs: Sequence[int], texts: Mapping[int, str]) -> str | None:
    """For a revision, quote the original statement *and* the correction when they are adjacent
    utterances, so the minutes show why the owner or date changed; ``None`` otherwise."""
    if len(seqs) < 2 or any(s not in texts for s in seqs) or list(seqs) != list(range(seqs[0], seqs[-1] + 1)):
        return None
    parts = [texts[s].strip() for s in seqs]
    joined = ("" if has_cjk("".join(parts)) else " ").join(parts)
    return joined if len(joined) <= REVISION_QUOTE_MAX else None


def analyze(
    window: Sequence[tuple[int, str]],
    participants: Sequence[str],
    language: str,
    intents: Sequence[Mapping[str, Any]] = (),
    new_from_seq: int | None = None,
    meeting_date: date | str | None = None,
    completion: bool = False,
) -> list[Proposal]:
    """Proposals for ``window`` given the meeting's current ``intents`` (compact dicts).

    ``window``: (seq, text) in order — already-analyzed recent utterances followed by the new ones.
    ``new_from_seq``: first seq of the new part (default: the whole window is new). ``language``
    is a hint only: every sentence is read with the patterns of the script it is written in.
    ``meeting_date`` (a date or ISO string): a task's ``due_date`` is resolved against it.
    ``completion`` (suggest mode): a new task without an owner, or with a deadline that names no
    single day, comes with a ``completion`` question citing the same evidence.
    Every proposal's evidence is a verbatim substring of one of its cited utterances.
    """
    del language  # sentences are routed by script; mixed-language meetings work the same way
    window = [(int(s), str(t)) for s, t in window if str(t).strip()]
    if not window:
        return []
    start = window[0][0] if new_from_seq is None else new_from_seq
    on = meeting_date if isinstance(meeting_date, date) else parse_iso(meeting_date)
    return _Analysis(window, participants, intents, start, on, completion).run()
