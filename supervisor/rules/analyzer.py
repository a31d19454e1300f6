"""The rules analyzer: a window of utterances plus the meeting's intents in, proposals out.

Pure and deterministic. ``analyze`` reads the window sentence by sentence (sentences rebuilt across
VAD cuts), keeps a small working ledger seeded with the meeting's current intents, and applies each
sentence to it: the frames stage (``frames.read``) gives the sentence's readings, the first one
that applies is taken, and its task / correction / cancellation / deadline frames go through the
dialogue-state stage (``state.on_*``), whose operations (create, restate, assign, reassign,
revert, move, cancel) this module carries into the ledger; decisions, notes and open questions are
introduced here. Finally the working ledger is compared with the intents as stored:

- an item not stored yet (and not cancelled) → ``CreateIntent``;
- a stored item whose payload now differs → ``ReviseIntent`` (same id, ``expected_revision``);
- a stored item that was cancelled → ``RejectIntent``.

Only sentences that touch the new part of the window (seq >= ``new_from_seq``) may cause a
proposal; the already-analyzed part is re-read only to understand references. Called again with the
same window and the intents it produced, ``analyze`` proposes nothing (idempotent).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from intents.dates import parse_iso, readings
from intents.dates import resolve as resolve_due

from . import agreement as ag
from . import en_turns, mentions, refer, turns, zh_turns
from . import extract as ex
from . import frames as fr
from . import lexicon as lx
from . import state as st
from .hearing import repair, wording
from .names import find_people
from .text import Clause, Sentence, has_cjk, quote, segment, similarity, strip_punct, tokens

TERMINAL = frozenset({"rejected", "superseded", "failed"})

# "那什么时候能拿出方案？", "报价单哪天能发过来？", "初稿啥时候能给我？": when a thing can be delivered.
_DELIVERY_ASKED = re.compile(
    r"^(?:那么?|那就|好|行|那这样)?[，,]?(?P<before>[^，,？?我你他她]{0,12}?)(?:什么时候|啥时候|哪天|几号|多久)(?:能|可以|才能)?"
    r"(?:拿出|交出|做出|写出|拿|交|出|给|发|做|写|弄)(?:来|出来|过来|好|完)?(?:给)?(?:我们|我|大家)?(?P<thing>[^，,？?我你他她]{0,12}?)(?:来|出来|过来)?[吗呢啊]?$"
)

# Turning work down: unable, too busy, away ("可能来不及", "这周实在走不开", "我弄不了").
_DECLINE = re.compile(r"来不及|赶不上|弄不了|做不了|干不了|办不了|顾不上|够呛|" + lx.ZH_TOO_BUSY)
# …unless it goes on to take the work or offer a date ("有点紧……行，我盯着", "周五来不及，下周一吧").
_YET_TAKES = re.compile(r"[行好]|可以|没问题|我来|我尽量|我争取|[吧]$")


def _declines(text: str) -> bool:
    """``text`` (the whole reply) turns the work down, not only its date: "周三来不及" (the date in
    the same clause) pushes back on the date."""
    m = _DECLINE.search(text)
    if m is None:
        return False
    clause = re.split(r"[，,。！!；;]", text[: m.start()])[-1]
    after = strip_punct(text[m.end() :])
    return not lx.dates(clause) and not _YET_TAKES.search(after) and not lx.dates(after) and not re.search(r"[？?]", text)


# Speech reported from someone else: a date said in it is theirs, not the work's ("厂家说周四发货").
_REPORTED = re.compile(r"说|讲|表示|通知|称|据说|听说")


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


# "调薪的事…", "about the conference budget": the sentence names its matter as a topic.
_TOPIC = re.compile(r"^[\u3400-\u9fffA-Za-z0-9]{2,10}(?:的事|的事情|这件事|这个事|的问题)|\babout the\b", re.IGNORECASE)
# A clause that only goes away to consult someone ("回去跟爸妈商量一下", "问问家里人", "I'll check
# with the school first"); one that names its matter too ("停车费我去问一下物业") keeps it.
_CONSULT = re.compile(
    r"^(?:那|我|我们|咱们|先|再|得|要|去|还要|还得|回去|回头|\s|i|we|i'?ll|we'?ll|need to|have to|let me)*"
    r"(?:(?:跟|和|找|同)[^，,。]{1,6}(?:商量|讨论|聊|确认)(?:一下|商量)?|问问[^，,。]{0,8}|问一下[^，,。]{0,8}|"
    r"(?:check|talk|speak) (?:with|to) [\w' ]{1,30}|ask [\w' ]{1,30})(?:first)?$",
    re.IGNORECASE,
)
# The clause that leaves it open refers back with a pronoun ("so that stays open", "这个先不定").
_POINTS_BACK = re.compile(r"\b(?:it|that|this)\b|这个|这件事|这事|那个事", re.IGNORECASE)
# A reply that settles the question it follows (yes / no / 要 / 不用 …): what is left open after it
# is some other matter.
_SETTLED = re.compile(
    r"^(?:yes|yeah|yep|sure|definitely|absolutely|of course|no(?! idea)|nope)\b|"
    r"^(?:对|是的|要|不要|不用|需要|不需要|可以|当然|肯定)(?:的|啊|呀|吧)?(?:[，,。！!]|$)",
    re.IGNORECASE,
)
# The next speaker moves on to another matter ("另外，…", "第三件事，…", "Moving on, …").
_TOPIC_SHIFT = re.compile(
    r"^(?:另外|还有一?件事|接下来|下面|下一个|下一项|第[一二三四五六七八九十\d]+(?:件|项|个|点)|"
    r"(?:next|moving on|last thing|next item|item \w+)\b|"
    # (s7) "对了，…", "还有个事，…", "By the way, …", "One more thing, …"; or the speaker is called
    # away ("等一下，我接个电话", "hold on").
    r"对了|还有(?:个|一个)事|顺便(?:说|提)一下|再说个事|(?:哎|唉|啊)?[，,]?\s*(?:电话|等一下|等等|稍等)[，,]?\s*我(?:先)?接(?:个电话|一下)|"
    r"(?:by the way|btw|anyway|one more thing|on another note|separately|oh,? and|hold on|sorry,? i (?:have|need) to take this)\b)",
    re.IGNORECASE,
)


# An utterance that is only a pause: nobody answers.
_SILENCE = re.compile(r"^(?:[…\.—\-\s]|\(silence\)|（沉默）)*$", re.IGNORECASE)
_FILLERS = re.compile(r"^(?:[嗯呃啊哦噢额]+|…+|\.{2,}|\s|[，,])+")


# A statement that puts something forward ("我推荐的那个王老师…", "I'd recommend the blue one").
_PROPOSES = re.compile(r"推荐|提议|建议|提名|\b(?:propose|suggest|recommend|nominate)", re.IGNORECASE)
_VOTE = re.compile(
    r"^(?:aye|yes|yea|agreed|seconded|second|i second (?:it|that)|is there a second(?:er)?|(?:any(?:one)? )?opposed|any against|"
    r"all in favou?r|any objections|同意|赞成|附议|没意见|大家同意吗|有没有意见)$",
    re.IGNORECASE,
)
# A statement said with a tag asking for agreement ("…, right?", "…，对吧？") is no open question.
_TAGGED = re.compile(r"(?:,\s*right|,\s*correct|对吧|是吧|没错吧)$", re.IGNORECASE)
# A question asking which way the group goes: yes/no ("还打吗", "要不要", "Are we …?") or a choice.
_CHOICE_ASKED = re.compile(
    r"吗$|么$|要不要|是不是|还是|([\u4e00-\u9fff])不\1|"
    r"^(?:\W*(?:and|so|okay|ok|now|then)[\s,]+)*(?:should|shall|do|are|will) we\b|\bare we\b|\bis (?:the|it|that)\b.*\bstill\b",
    re.IGNORECASE,
)
# Questions that ask who or when (a task or a date answers them), or ask someone for something.
_NOT_A_CHOICE = re.compile(r"谁|什么时候|几点|哪天|能不能|可不可以|你|您|\bwho\b|\bwhen\b|\bcan you\b|\bcould you\b",
                           re.IGNORECASE)
_AFFIRMS = re.compile(r"^(?:yes|yeah|yep|definitely|absolutely|we are|we will|we'?ll|we should|对|是的|要|需要|当然|肯定|照常|照旧)\b|"
                      r"^(?:对|是的|要|需要|当然|肯定|照常|照旧)(?:[，,。!！]|$)", re.IGNORECASE)
_DECLINES = re.compile(r"^(?:no|nope|not|never|不|没|别)", re.IGNORECASE)
_CHANGES = re.compile(r"改到|改成|改为|换成|换到|挪到|定在|定成|\b(?:move|moving|switch|switching|change|changing)\b",
                      re.IGNORECASE)


def _asked_verb(question: str) -> str:
    """The verb a yes/no question asks about: 打 of "还打吗" / "打不打"."""
    m = re.search(r"([\u4e00-\u9fff])不\1", question) or re.search(r"还([\u4e00-\u9fff])(?:吗|么)[？?]?$", question)
    return m.group(1) if m else ""


# (a "good question" before the answer only acknowledges the question, like "hmm"; so does an
# "Agreed." with the reply before, before putting it off)
_FILLER_ONLY = re.compile(r"^(?:[嗯呃啊哦噢额]+|h+m+|u+[hm]+|e+r+m*|well|good question|好问题|agreed|fair enough)$", re.IGNORECASE)


def _unfilled(text: str) -> str:
    return _FILLERS.sub("", text)


def _is_silence(said: str) -> bool:
    """Only a pause ("……", "嗯……", "..."): a bare filler ("嗯") is a reply, not silence."""
    rest = _unfilled(said)
    return not (rest and not _SILENCE.match(rest)) and bool(re.search(r"…|\.\.|—", said))


_ASK_WORDS = re.compile(
    r"\b(?:who|what|when|where|why|how|which|does|did|would|should|could|will|can|usually|even|really|"
    r"actually|anyone|someone|supposed|going|gonna)\b",
    re.IGNORECASE,
)


def _opens_with_thing(text: str) -> bool:
    """A Chinese clause whose first word (after fillers) names a thing (a noun of two characters
    or more): the topic it is about ("衣柜回去再商量")."""
    if not has_cjk(text):
        return False
    said = [(w, tag) for w, tag in mentions.words(_unfilled(text)) if tag not in ("x", "e", "y")]
    while said and said[0][1].startswith(("r", "c")) and said[0][0] in ("那", "那么", "这", "那个", "这个", "还有", "至于"):
        said = said[1:]  # (a discourse word before the topic: "那纯水这个先记下来")
    return bool(said) and said[0][1].startswith("n") and not said[0][1].startswith("nr") and len(said[0][0]) >= 2


def _asks_about(text: str) -> bool:
    """A question that names a matter ("年底要不要搞团建？"), not "你呢？" / "Any objections?"."""
    return mentions.content(text) >= 2 if has_cjk(text) else _substantive(text)


# What a deferral says beside its pointer: when, or what it waits for ("…until the council replies").
_DEFER_REST = re.compile(r"\b(?:it|that|this|those|these)\b|\b(?:until|till|once|when|after|before)\b.*$|"
                         r"\b(?:later|next|sprint|quarter|meeting|time|week|month|for now|again|maybe|then|offline)\b",
                         re.IGNORECASE)


def _defers_only(clause: str) -> bool:
    """An English clause that puts off the matter before it and names none of its own ("Let's revisit
    that next sprint", "We'll figure it out later"), unlike "Let's revisit the pricing next sprint"."""
    if not fr.open_mark(clause):
        return False
    rest = fr.without_open_mark(clause)
    for h in reversed(lx.dates(rest)):
        rest = rest[: h.start] + rest[h.end :]
    return not _TOPIC.search(clause) and not _substantive(_DEFER_REST.sub(" ", rest))


def _decision_payload(body: str) -> dict[str, Any]:
    """A decision's payload from the words that say it ("Yes, we keep it" for "yes, we keep it")."""
    return {"text": body[:1].upper() + body[1:]}


def _open_question(use: Sequence[Clause], like: str) -> dict[str, Any]:
    """The payload of an open question that quotes ``use``, joined in the language of ``like``."""
    sep = "，" if has_cjk(like) else ", "
    return {"text": strip_punct(sep.join(strip_punct(c.text) for c in use))[:500],
            "question_type": "clarification", "candidates": []}


def _headline(it: _Item) -> str:
    return str(it.payload.get("title") or it.payload.get("text") or "")


def _split_tail(frames: Sequence[fr.Frame]) -> int:
    """How many task frames end ``frames`` as one split ("A和B各上一节"): a deadline after them is
    for each; 1 when the last task stands alone."""
    tasks = [f for f in frames if f.kind == "task"]
    n = 1
    while n < len(tasks) and tasks[-1].cue == "split" and tasks[-n - 1].cue == "split" and tasks[-n - 1].work == tasks[-1].work:
        n += 1
    # A run of requests without dates of their own shares it too ("柯俊你去抽查一下那几间房，顺便把
    # 差评都回复了，下周一之前"; "浩然出图，韩雨写文字，这个月二十号之前…") — but not a joint task
    # the run divides up ("实验部分你和浩然一起写，浩然出图，…").
    while (n < len(tasks) and tasks[-n].due is None and tasks[-n - 1].due is None
           and not fr.JOINT.search(tasks[-n - 1].main.text if tasks[-n - 1].main else "")):
        n += 1
    return n


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
            [(seq, self.heard[seq]) for seq, _ in window],
            lambda t: fr.has_trigger(t, self.participants),
            lambda t: bool(lx.SENTENCE_START.match(t)),
            self._complete,
            self.participants,
        )
        self._order = 0
        self._upto = max((s for s, _ in window), default=0)
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
        return [
            it
            for it in self.items
            if it.kind == "task" and not it.cancelled and (not it.seqs or min(it.seqs) <= self._upto)
        ]

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

    # ---- frames applied to the working ledger ----------------------------------------------------

    def run(self) -> list[Proposal]:
        for sent in self.sentences:
            self._upto = max(sent.seqs)
            self._speaker, self._named_at = self._replier(sent)
            readings = self._read(sent)
            joined = fr.addressed_work(self.sentences[sent.index - 1], sent, self.participants) if sent.index else None
            if joined is not None:
                # "Kofi, photos for the piece. You're on that.": the ask takes the work just named.
                asked = [r for r in fr.read(joined, self.participants) if r and r[0].kind == "task"]
                readings = (*asked[:1], *readings)
            earlier = self.sentences[max(0, sent.index - 2) : sent.index][::-1]
            readings = tuple(fr.with_antecedent(r, earlier, self.participants) for r in readings)
            settled = any(r and r[0].kind in ("open", "decision", "cancel", "correct", "undecided") for r in readings)
            if not settled and self._claim(sent):
                continue
            if not settled and not any(r and r[0].kind == "task" for r in readings):
                readings = (*self._order_back(sent), *self._told_what(sent), *self._deliverable_asked(sent), *readings)
            if (not settled and self._speaker and has_cjk(sent.text)
                    and _declines("".join(self.heard.get(q, "") for q in sorted(sent.seqs)))
                    and self._asked_before(sent, self._speaker) and not any(r and r[0].kind == "task" for r in readings)):
                # "小夏，家长通知你来发。" "园长，我下周要去培训三天，可能来不及。": the one asked turns
                # it down; the request is withdrawn (whoever takes it on is said next, if anyone).
                readings = ((fr.Frame("cancel", sent, sent.clauses, text=strip_punct(sent.text)[:500]),), *readings)
            if (not settled and self._speaker and self._named_at > 0 and turns.plans(sent.text)
                    and not any(r and r[0].kind == "task" for r in readings)
                    and not self._just_asked(sent, self._speaker)):
                readings = (*self._plans_of(sent, self._speaker), *readings)
            if (not settled and self._speaker and self._named_at > 0 and zh_turns.plans(sent.text)
                    and not any(r and r[0].kind == "task" for r in readings) and not self._asked_before(sent, self._speaker)):
                readings = (*self._zh_plans_of(sent, self._speaker, earlier), *readings)
            if (not settled and self._speaker and zh_turns.plans(sent.text) and self._asked_before(sent, self._speaker, undated=True)
                    and not any(r and r[0].kind in ("task", "deadline") for r in readings)):
                # "好的，我明天就去设备处问。" from the one just asked: the date of their work
                said = [h.text for c in sent.clauses for h in lx.dates(c.text) if not fr.NEGATED.search(c.text[: h.start])
                        and not _REPORTED.search(c.text[: h.start])]  # "商家说这周四发货": someone else's date
                readings = (*readings, (fr.Frame("deadline", sent, sent.clauses, candidates=tuple(said)),)) if said else readings
            for reading in readings:
                if not reading:
                    continue
                if self._apply(sent, reading):
                    break
        self._answered_firmly()
        self._agreed()
        self._unanswered()
        self._answered_later()
        return self._reconcile()

    def _answered_firmly(self) -> None:
        """A question on what the group will do ("周六那场训练赛还打吗？", "盘点还是周五？", "Are we
        keeping the Friday slot?") answered at once with a firm yes or a change ("打。…改到周日下午。",
        "盘点改到下周一。", "Yes, we keep it.") is decided: the question and the answer. A "no" is
        left alone (its quote would name what was turned down as decided)."""
        for q in self.sentences:
            asked = strip_punct(q.text)
            if not q.question or not _CHOICE_ASKED.search(asked) or _NOT_A_CHOICE.search(asked):
                continue
            if q.index + 1 >= len(self.sentences) or not _asks_about(q.text):
                continue
            r = self.sentences[q.index + 1]
            if r.question or min(r.seqs) != q.last_seq + 1 or self._decided_at(r.index):
                continue
            if any(it.extra.get("intro") == r.index for it in self.items):
                continue  # the reply was read as something of its own (a task, an open matter)
            said = _unfilled(r.text)
            refused = ag.echoed_no(asked, said)  # "要不要准备水果？" "不准备了，…": decided, not to
            if any(fr.hedges(r.clauses, self.participants)) or fr.open_mark(r.text) or (_DECLINES.match(said) and not refused):
                continue
            # The rest of the reply's utterance says how ("打。不过换个时间，改到周日下午。").
            more = [s for s in self.sentences[r.index + 1 :] if not s.question and set(s.seqs) <= set(r.seqs)]
            said_all = _unfilled(" ".join(s.text for s in (r, *more)))
            verb = _asked_verb(asked)
            changes = bool(_CHANGES.search(said_all)) and bool(tokens(said_all) & tokens(asked))
            if not (_AFFIRMS.match(said) or (verb and said.startswith(verb)) or changes or refused):
                continue
            if any(any(fr.hedges(s.clauses, self.participants)) or fr.open_mark(s.text) for s in more):
                more = []
            use = [*q.clauses, *r.clauses, *(c for s in more for c in s.clauses)]
            sep = "，" if has_cjk(q.text) else ", "
            body = strip_punct(sep.join(c.text for c in use))
            it = self._intro("decision", _decision_payload(body), r, use, r.clauses[0])
            it.extra["intro"] = r.index

    def _agreed(self) -> None:
        """A proposal agreed to in the next turn is decided: "我建议报销换成电子发票。" "同意。",
        "保洁改成一周两次，可以吧？" "可以。", "那迁移先放一放，…，挪到2.5。" "同意，没必要赶。". A weak
        yes (行/好/OK/sure) agrees only to something put forward (a suggestion, a choice asked of the
        group, a consent tag); a strong one (同意/agreed/works for me) also to a stated change. Never
        to a request of someone ("张伟，你能不能…？" "没问题。") or to work handed out."""
        for r in self.sentences:
            strength = ag.agrees([c.text for c in r.clauses]) if not r.question and not fr.open_mark(r.text) else ""
            if not strength or r.index == 0:
                continue
            k = r.index - 1
            if ag.tag_only(self.sentences[k].text) and k > 0 and self._same_breath(k - 1, k):
                k -= 1  # "So the kickoff is on the 12th. Okay?" "Works for me."
            # (the proposal, then its reason in the same breath: "I think we should go full-time.
            # Half-time never works." "Agreed.")
            if k > 0 and self._same_breath(k - 1, k) and not ag.proposes(self.sentences[k].text) and ag.proposes(
                self.sentences[k - 1].text
            ):
                k -= 1
            p = self.sentences[k]
            if min(r.seqs) != max(self.sentences[r.index - 1].seqs) + 1 or self._same_breath(k, r.index):
                continue
            said = strip_punct(p.text)
            put = ag.proposes(p.text) or bool(_PROPOSES.search(said))  # (推荐, recommend)
            change = not p.question and bool(_CHANGES.search(said) or lx.CORRECTION.search(said) or lx.CANCEL.search(said))
            if not (put or (strength == "strong" and change)) or not (_asks_about(p.text) or _substantive(said)
                                                                       or len(re.findall(r"[\u4e00-\u9fff]", said)) >= 8):
                continue
            handed = any(a.owner in self.participants for a in ex.assignments(said, "", self.participants))
            if _NOT_A_CHOICE.search(said) or find_people(said, self.participants) or handed:
                continue
            seqs = set(p.seqs) | set(r.seqs)
            if any(it.kind in ("decision", "question") and it.seqs & seqs for it in self.items):
                continue
            if any(it.kind == "task" and (it.extra.get("intro") in (k, r.index) or it.touched == k) for it in self.items):
                continue
            use = [c for s in self.sentences[k : r.index + 1] for c in s.clauses]
            body = strip_punct(("，" if has_cjk(said) else ", ").join(
                c.text for s in self.sentences[k : r.index] for c in s.clauses if not ag.tag_only(c.text)))
            it = self._intro("decision", _decision_payload(body), r, use, p.clauses[0])
            it.extra["intro"] = r.index

    def _answered_later(self) -> None:
        """An open question settled a few sentences later ("要不要给客户打折？" "回头再议。" …
        "打折的事定了，打九折。") is not open: the decision on the same matter closes it."""
        for q in self.items:
            i = q.extra.get("intro")
            if q.kind != "question" or not q.derived or i is None or q.payload.get("candidates") or q.cancelled:
                continue
            for d in self.items:
                j = d.extra.get("intro")
                # (a decision that puts part of the matter off keeps it open: "午饭统一订，钱的事再说")
                if d.kind == "decision" and d.derived and j is not None and i < j <= i + 3 and not fr.open_mark(
                    _headline(d)
                ) and fr.about_decided(
                    str(q.payload.get("text") or ""), _headline(d)
                ):
                    q.cancelled = f"answered: {_headline(d)}"[:500]
                    q.new = q.new or d.new  # (read utterance by utterance, the decision is the news)
                    break

    def _replier(self, sent: Sentence) -> tuple[str | None, int]:
        """Who says ``sent``: ``zh_turns.speaker`` / ``en_turns.speaker`` (the one the utterance before
        calls or gives work, the one thanked by name right after, the other one of a two-person
        meeting). Returns (that participant or None, the utterance that names them)."""
        first, last = min(sent.seqs), max(sent.seqs)
        if has_cjk(sent.text):
            return zh_turns.speaker(first, self.heard, self.participants, self._asked_of)
        return en_turns.speaker(first, self.heard, self.participants, self._given_to, last=last)

    def _given_to(self, seq: int) -> str | None:
        """The one participant given work in utterance ``seq`` ("Let's have Kenji handle the face painting")."""
        owners = {it.payload.get("owner") for it in self._tasks() if seq in it.seqs and it.touched >= 0}
        return next(iter(owners)) if len(owners) == 1 else None

    def _asked_of(self, seq: int) -> str | None:
        """The one participant a request with 你 in utterance ``seq`` asked for work (a task said there)."""
        if not re.search(r"你(?!们)", self.heard.get(seq, "")):
            return None
        owners = {it.payload.get("owner") for it in self._tasks()
                  if it.extra.get("intro") is not None and seq in self.sentences[it.extra["intro"]].seqs}
        return next(iter(owners)) if len(owners) == 1 else None

    def _zh_plans_of(self, sent: Sentence, name: str, earlier: Sequence[Sentence]) -> list[fr.Reading]:
        """Chinese work the speaker takes on ("好，合同我来签，这周五前签好。", "伴手礼我这边出方案",
        "我来吧，明天上午弄完。" after "退货区堆满了，谁理？"): the sentence read with its 我 said by
        ``name``, its work titled by what was said before when it names none; the utterance that
        names ``name`` is cited."""
        if sent.index and not _substantive(sent.text) and any(
            it.kind == "decision" and it.extra.get("intro") == sent.index - 1 for it in self.items
        ):
            return []  # "孔师傅，以后统一按标准配方放盐。" "行，我盯着。": keeping to a rule is no work taken
        said = Sentence(tuple(replace(c, text=zh_turns.as_said_by(c.text, name)) for c in sent.clauses), sent.index)
        out = []
        for r in fr.read(said, self.participants):
            r = fr.with_antecedent(r, earlier, self.participants)
            # (a title that took in the name put for 我 was cut at the wrong place: "音效Amy去找外包")
            if r and r[0].kind == "task" and all(f.owner == name and name not in f.work for f in r if f.kind == "task"):
                out.append(tuple(self._back_on(f, said, sent) if f.kind == "task" else f for f in r))
        asked = min(sent.seqs) - 1  # the utterance before, whose "谁来…？" names the work claimed
        work = zh_turns.asked_who(self.heard.get(asked, "")) if zh_turns.bare_claim(sent.text) else None
        opens = not sent.index or min(sent.seqs) not in self.sentences[sent.index - 1].seqs  # the reply's first words
        verb = zh_turns.claimed_verb(sent.text)
        question = re.search(r"[？?]\s*$", self.heard.get(asked, "")) is not None
        if not out and not work and opens and verb and question and zh_turns.called(self.heard.get(asked, ""), self.participants) == name:
            # "泡沫的话道具组要提前订，飞哥？" "我来订。": the one asked claims the work by its verb; what
            # was said before that verb in the question is the work.
            parts = [c for c in re.split(r"[，,。？?！!；;]", self.heard.get(asked, "")) if c.strip()]
            work = next((w for c in reversed(parts) if (w := refer.object_of(verb, c, self.participants))), None)
        if not out and work and opens:
            due = next((h.text for c in sent.clauses for h in lx.dates(c.text)), None)
            out.append((fr.Frame("task", sent, tuple(sent.clauses), sent.clauses[0], name, work, due,
                                 refs=(asked, self._named_at)),))
        return out

    def _order_back(self, sent: Sentence) -> list[fr.Reading]:
        """Kofi is asked for the photos; Kofi answers "I just need the portrait of the tenant."; "Get
        the portrait done this weekend then." — an imperative said back to the one who just
        answered, about their own work, is a request to them (the turn before names nobody)."""
        first = min(sent.seqs)
        answered, asked = self.heard.get(first - 1), self.heard.get(first - 2)
        if answered is None or asked is None or has_cjk(sent.text) or find_people(sent.text, self.participants):
            return []
        if find_people(answered, self.participants) or answered.rstrip().endswith("?"):
            return []
        name = turns.addressee(asked, self.participants)
        if name is None or not any(it.payload.get("owner") == name and first - 2 in it.seqs for it in self._tasks()):
            return []
        for c in sent.clauses:
            v = ex.vocative(name, c.text, self.participants)
            due = next((h.text for h in [*fr.due_hits(c.text, work=True), *lx.dates(c.text)]), None)
            title = ex.clean_title(v.title.replace(due, " ") if v is not None and due else v.title if v else "")
            if v is None or fr.date_order(c.text) or refer.no_work(title) or turns.pronoun_object(title):
                continue
            return [(fr.Frame("task", sent, (c,), c, name, title, due, refs=(first - 2,)),)]
        return []

    def _told_what(self, sent: Sentence) -> list[fr.Reading]:
        """"Leila, the mentoring program, I'll leave that with you." "Happy to. Do I need to submit
        anything?" "Just the project descriptions, before the 15th." — the answer names what the one
        who asked (the person the turn before addressed) is to do: their task, with its date."""
        if not sent.index or has_cjk(sent.text):
            return []
        q = self.sentences[sent.index - 1]
        verb = turns.asked_what_to_do(q.text) if q.question else None
        if verb is None or min(sent.seqs) - 1 not in q.seqs or set(q.seqs) & set(sent.seqs):
            return []
        who, _ = self._replier(q)  # the task cites q's own seqs, not where the name was said
        thing = turns.the_thing(sent.clauses[0].text)
        if who is None or thing is None:
            return []
        due = next((h.text for c in sent.clauses[1:] for h in lx.deadlines(c.text)), None)
        used = tuple(sent.clauses if due else sent.clauses[:1])
        title = ex.clean_title(f"{verb} {thing}")
        return [(fr.Frame("task", sent, used, sent.clauses[0], who, title, due, refs=(min(q.seqs) - 1, *q.seqs)),)]

    def _deliverable_asked(self, sent: Sentence) -> list[fr.Reading]:
        """"邱老师，项目设计能不能你来牵头？" "可以啊，我来吧。" "那什么时候能拿出方案？" — asking
        when a thing can be delivered, naming nobody, right after someone took work on, asks that
        person for the thing (the reply's date is its deadline)."""
        first = min(sent.seqs)
        m = _DELIVERY_ASKED.search(strip_punct(sent.text)) if sent.question and has_cjk(sent.text) else None
        if m is None or find_people(sent.text, self.participants):
            return []
        thing = ex.clean_zh_title(m.group("thing") or m.group("before") or "")
        if mentions.content(thing) < 2 and len(thing) < 2:
            return []
        recent = [it for it in self._tasks() if it.payload.get("owner") and max(it.seqs, default=0) >= first - 2
                  and max(it.seqs, default=0) < first]
        if len({it.payload["owner"] for it in recent}) != 1 or any(thing in it.payload.get("title", "") for it in recent):
            return []
        owner, refs = recent[-1].payload["owner"], tuple(sorted(recent[-1].seqs))
        return [(fr.Frame("task", sent, sent.clauses, sent.clauses[-1], owner, thing, None, refs=refs),)]

    def _just_asked(self, sent: Sentence, name: str) -> bool:
        """``name`` was asked for work in the turn before: their plan now ("Yep, I'll get three quotes
        by next Saturday") is how and when they do it, not more work."""
        return any(it.payload.get("owner") == name and min(sent.seqs) - 1 in it.seqs for it in self._tasks())

    def _asked_before(self, sent: Sentence, name: str, undated: bool = False) -> bool:
        """``_just_asked`` read in this pass only: a stored task that already cites the reply (its
        own reading, from the pass before) is no earlier request. ``undated``: only work asked for
        with no date yet (a date said with the request is the deadline; the reply's is a step)."""
        return any(it.payload.get("owner") == name and min(sent.seqs) - 1 in it.seqs
                   and it.extra.get("intro") is not None and it.extra["intro"] < sent.index
                   and not (undated and it.payload.get("due_date_raw")) for it in self._tasks())

    def _plans_of(self, sent: Sentence, name: str) -> list[fr.Reading]:
        """The sentence's task readings with its "I'll …" said by ``name`` ("I did, yes. I'll send round
        a sign-up sheet"), citing the turn before, where the name was said; a plan whose object is a
        pronoun ("I'll email them today") agrees to work already asked for and is left out."""
        said = Sentence(tuple(replace(c, text=turns.as_said_by(c.text, name)) for c in sent.clauses), sent.index)
        out = []
        for r in fr.read(said, self.participants):
            if r and r[0].kind == "task" and all(f.owner == name and not turns.pronoun_object(f.work)
                                                 for f in r if f.kind == "task"):
                out.append(tuple(self._back_on(f, said, sent) for f in r))
        return out

    def _back_on(self, f: fr.Frame, said: Sentence, sent: Sentence) -> fr.Frame:
        """A frame read from ``said`` (``sent`` with its first person put as the speaker's name),
        back on the clauses of ``sent`` as heard, citing the utterance that names the speaker."""
        return replace(f, scope=sent, clauses=tuple(sent.clauses[said.clauses.index(c)] for c in f.clauses),
                       main=sent.clauses[said.clauses.index(f.main)] if f.main is not None else None,
                       refs=(*f.refs, self._named_at))

    def _claim(self, sent: Sentence) -> bool:
        """"Fine, I'll do it." from the person just asked, or "Margaret, that's usually you": the
        work just said with no owner is theirs."""
        claimed = en_turns.claims(sent.text)
        who = turns.pointed_at(sent.text, self.participants) or (self._speaker if claimed and self._named_at > 0 else None)
        if who is None:
            return claimed and self._volunteered(sent, None)
        state = self._state(sent)
        _, ops = st.on_claim(state, who, min(sent.seqs))
        self._ops(sent, state, ops)
        for op in ops:
            it = self._item(op.ref)
            it.seqs.add(self._named_at)  # where the name was said
            it.new = it.new or self._named_at >= self.new_from
        return bool(ops) or (claimed and self._volunteered(sent, who))

    def _volunteered(self, sent: Sentence, who: str | None) -> bool:
        """"Who can reconcile the vendor invoices?" / "The vendor invoices need reconciling." "I'll
        take it.": the work the question asked for (the thing said to need doing) is the volunteer's — ``who``, when the turn says who speaks, else nobody's yet. Only the
        reply's first sentence claims, and only right after the question."""
        asked = min(sent.seqs) - 1
        opens = not sent.index or min(sent.seqs) not in self.sentences[sent.index - 1].seqs
        work = en_turns.asked_who(self.heard.get(asked, "")) or en_turns.needed(self.heard.get(asked, ""))
        if work is None or not opens or any(it.kind == "task" and asked in it.seqs for it in self._tasks()):
            return False
        q = next((s for s in self.sentences[: sent.index] if asked in s.seqs), None)
        if q is None:
            return False
        owner = who if who and self._named_at > 0 else None
        use = [*q.clauses, *sent.clauses]
        due = next((h.text for c in reversed(use) for h in lx.deadlines(c.text)), None)
        both = Sentence(tuple(use), sent.index)
        refs = (asked, self._named_at) if owner else (asked,)
        return self._task(fr.Frame("task", both, both.clauses, q.clauses[-1], owner, work, due, refs=refs)) is not None

    def _read(self, sent: Sentence) -> tuple[fr.Reading, ...]:
        """The readings of ``sent``; one that opens with 你 and names nobody is read as said to the
        person called by name up to three sentences before, when the sentences between (their
        reply) name nobody either. That person's utterance joins the tasks' evidence seqs, where
        their name is said."""
        k = sent.index
        if not has_cjk(sent.text) and (told_to := self._one_to_one_you(sent)) is not None:
            return told_to  # (the one called before answers now: "you" is not them)
        for j in range(k - 1, max(-1, k - 4), -1):
            before = self.sentences[j]
            if find_people(before.text, self.participants) or not has_cjk(before.text):
                name = fr.called(before, self.participants)
                asker = self._caller_answered(j) if j == k - 1 and name else None
                if asker is not None and asker != name:
                    # "小川，…降不降价？" "杜哥，业主说…" "那你明儿再去磨磨业主": the one called answers,
                    # calling the one who asked; what the asker says next with 你 is for the one
                    # who answered.
                    told = fr.said_to(sent, asker, self.participants)
                    if told is not None and min(sent.seqs) - max(before.seqs) <= 3:
                        return self._read_citing(told, self.sentences[j - 1].seqs)
                told = fr.said_to(sent, name, self.participants) if name else None
                if told is None or min(sent.seqs) - max(before.seqs) > 3:
                    break
                return self._read_citing(told, before.seqs)
        told_to = self._one_to_one_you(sent)
        if told_to is not None:
            return told_to
        return fr.read(sent, self.participants)

    def _caller_answered(self, j: int) -> str | None:
        """The participant called in the utterance right before sentence ``j`` when ``j`` opens
        the next utterance (a turn taken): the one who says sentence ``j``."""
        if j < 1 or not has_cjk(self.sentences[j].text):
            return None
        prev, cur = self.sentences[j - 1], self.sentences[j]
        if min(cur.seqs) != max(prev.seqs) + 1 or min(cur.seqs) in prev.seqs:
            return None
        return fr.called(prev, self.participants)

    def _one_to_one_you(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """In a two-person meeting a request with 你 / "you" whose speaker is known ("你去查一下校准
        记录吧", "学院说四月十号前交，你先写个初稿", "Can you send me the draft budget?") asks the other
        participant; the utterance that names them is cited. None when that cannot be told."""
        if not self._speaker or find_people(sent.text, self.participants):
            return None
        zh = has_cjk(sent.text)
        if zh and (not re.search(r"你(?!们)", sent.text) or zh_turns.plans(sent.text)):
            return None
        if not zh and (not en_turns.says_you(sent.text) or (turns.plans(sent.text) and not re.search(r"\byou to\b", sent.text))):
            return None  # ("I'll send you the readings" is the speaker's plan; "I'll need you to sign…" asks)
        to, at = zh_turns.said_where(zh_turns.other(self._speaker, self.participants), max(sent.seqs), self.heard,
                                     self.participants)
        if to is None or at <= 0:
            return None
        you_as = zh_turns.you_as if zh else en_turns.you_as
        told = Sentence(tuple(replace(c, text=you_as(c.text, to)) for c in sent.clauses), sent.index)
        readings = self._read_citing(told, (at,))
        return readings if any(r and r[0].kind == "task" and r[0].owner == to for r in readings) else None

    def _read_citing(self, told: Sentence, seqs: Sequence[int]) -> tuple[fr.Reading, ...]:
        """The readings of ``told`` (a sentence with 你 put as the person spoken to), each task also
        citing ``seqs``, where that person is named."""
        return tuple(
            tuple(replace(f, refs=tuple(sorted({*f.refs, *seqs}))) if f.kind == "task" else f for f in r)
            for r in fr.read(told, self.participants)
        )

    def _unanswered(self) -> None:
        """A question nobody settles is open: met with silence ("谁去报修一下？" "……"), with a reply
        that only hedges ("要不要配个小玩具？" "我觉得可以考虑，但成本要算一下。") and no decision after
        it, or with a change of topic ("…要不要接？" "另外，…"). The reply (or the silence) is cited
        too: read utterance by utterance, it is what makes the question open."""
        for q in self.sentences:
            if not q.question or not _asks_about(q.text) or lx.CLOSING.search(q.text):
                continue
            nxt = self.sentences[q.index + 1] if q.index + 1 < len(self.sentences) else None
            near = set(q.seqs) | (set(nxt.seqs) if nxt is not None else set())
            if any(it.kind == "question" and it.seqs & near for it in self.items):
                continue  # already open (or its reply left something else open)
            k = q.index
            while k > 0 and self.sentences[k - 1].question and self._same_breath(k - 1, k):
                k -= 1
            asked = [c for s in self.sentences[self._antecedent(k) : q.index + 1] for c in s.clauses]
            after = q.last_seq + 1
            said = self.texts.get(after)
            if said is not None and _is_silence(said):
                self._open_by_reply(q, asked, [], after)
                continue
            # (a question on another matter right after it answers nothing: "…要不要调？" "对了，…谁去？")
            shifted = nxt is not None and bool(_TOPIC_SHIFT.match(nxt.text)) and not lx.CLOSING.search(nxt.text) and not (
                nxt.text.startswith("对了") and tokens(nxt.text) & tokens(q.text)  # ("对了，三号楼。": right, an answer)
            )
            if nxt is None or (nxt.question and not shifted) or min(nxt.seqs) > after or self._same_breath(q.index, nxt.index):
                continue
            if self._decided_at(nxt.index, nxt.index + 1):
                continue
            # (a bare 好/OK before the hedge is no answer: "好，可以考虑，不过得看场地。")
            said = [c for c in nxt.clauses if not lx.CHATTER_ONLY.match(strip_punct(c.text))] or list(nxt.clauses)
            if all(fr.hedges(said, self.participants)) and not fr.decided(nxt.text):
                self._open_by_reply(q, asked, list(nxt.clauses), None)
            elif shifted:
                self._open_by_reply(q, asked, [], min(nxt.seqs))

    def _antecedent(self, k: int) -> int:
        """Where the question at sentence ``k`` starts being about its matter: a question that
        only points at it ("Who usually does that?", "这个谁来弄？") takes the statement said right
        before it, which names it."""
        q = self.sentences[k]
        bare = _ASK_WORDS.sub(" ", _POINTS_BACK.sub("", q.text))
        if k and _POINTS_BACK.search(q.text) and not _asks_about(bare):
            prev = self.sentences[k - 1]
            if not prev.question and max(prev.seqs) >= min(q.seqs) - 1:
                return k - 1
        if k and self._same_breath(k - 1, k) and not self.sentences[k - 1].question and ag.introduces(self.sentences[k - 1].text):
            return k - 1  # "Next, the logo colours. Green or orange?": the matter was named first
        if k and not _asks_about(bare) and not self.sentences[k - 1].question and self._same_breath(k - 1, k):
            # "Next, the fine-free policy. Several libraries have gone fine-free. Should we?": a question
            # with no matter of its own is about what was said before it, from where it was opened
            j = k - 1
            if j and self._same_breath(j - 1, j) and not self.sentences[j - 1].question and ag.introduces(self.sentences[j - 1].text):
                j -= 1
            return j
        return k

    def _decided_at(self, *indexes: int) -> bool:
        return any(it.kind in ("decision", "task") and it.extra.get("intro") in indexes for it in self.items)

    def _open_by_reply(self, q: Sentence, asked: list[Clause], reply: list[Clause], seq: int | None) -> None:
        use = [*asked, *reply]
        it = self._intro("question", _open_question(use, q.text), q, use, use[-1])
        if seq is not None:
            it.seqs.add(seq)
            it.new = it.new or seq >= self.new_from

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

    def _apply(self, sent: Sentence, reading: fr.Reading) -> bool:
        """Apply the frames of one reading; False when its leading frame does not apply."""
        made: list[tuple[_Item, list[Clause]]] = []
        for n, f in enumerate(reading):
            if f.kind == "open":
                if not self._open(sent, f):
                    return False
            elif f.kind == "answer":
                if not self._answer(sent, f):
                    return False
            elif f.kind == "correct":
                ok = self._correct(f)
                if not ok and n == 0:
                    return False
            elif f.kind == "task":
                if f.owner is None and self._speaker and self._named_at > 0 and turns.FIRST_PERSON.search((f.main or f.clauses[0]).text):
                    if turns.pronoun_object(f.work):
                        continue  # "Sure, I'll take a look.": agreeing to the work just asked for
                    # "I did, yes. I'll send round a sign-up sheet.": the name was said in the turn before
                    f = replace(f, owner=self._speaker, refs=(*f.refs, self._named_at))
                if (done := self._task(f)) is not None:
                    done[0].seqs.update(f.refs)  # where the owner or the title's words were said, also when restated
                    done[0].new = done[0].new or any(s >= self.new_from for s in f.refs)  # named only now
                    made.append(done)
            elif f.kind == "share_due":
                # "张三负责前端，李四负责后端，周五之前都要完成": a shared deadline reaches every task.
                for it, used in made if f.share else made[-_split_tail(reading[:n]) :]:
                    if it.payload.get("due_date_raw") is None or it.extra.get("intro") != sent.index:
                        # (a task said before and handed over or restated here: the date moves)
                        it.payload["due_date_raw"] = f.due
                    used.append(f.clauses[0])
                    self._refresh(it, used)
            elif f.kind == "unowned" and not refer.no_work(f.work):
                payload = {"title": f.work, "owner": None, "due_date_raw": f.due, "priority": "unspecified"}
                self._intro("task", payload, f.scope, f.clauses, f.main or f.clauses[0]).seqs.update(f.refs)
            elif f.kind == "decision" and f.cue == "settle":
                if not self._settle(sent, f):
                    return False
            elif f.kind == "decision":
                self._decision(f)
            elif f.kind == "cancel":
                self._cancel(f)
            elif f.kind == "conflict":
                payload = {"text": f.work, "question_type": "clarification", "candidates": list(f.candidates)}
                self._intro("question", payload, f.scope, f.clauses, f.main or f.clauses[0])
            elif f.kind == "note":
                self._intro("note", {"title": f.work, "body": f.text}, f.scope, f.clauses, f.main or f.clauses[0])
            elif f.kind == "undecided":
                self._undecided(f)
            elif f.kind == "deadline":
                if self._about_other_matter(f.scope):
                    continue
                before = self.sentences[sent.index - 1] if sent.index else None
                # a question asking when, or about a live task ("货架规划要不要等年后？"), is what the date answers
                asked = before.text if before is not None and before.question and (
                    lx.WHEN_ASKED.search(before.text) or st.by_topic(self._state(f.scope), before.text, self.participants, floor=0.2)
                ) else ""
                countered = before is not None and bool(lx.DATE_PUSHBACK.search(before.text)) and lx.says_date(before.text)
                speaker = self._speaker if turns.FIRST_PERSON.search(f.scope.text) or zh_turns.plans(f.scope.text) else None
                self._ops(f.scope, *st.on_deadline(self._state(f.scope), f, self.participants, asked, countered, speaker,
                                                          self.heard.get(min(f.scope.seqs) - 1, "")))
        return True

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
        op = ops[0]
        if op.name == "restate":
            # The same person asked for the same work again: the later words restate it (a new
            # date moves it), they do not add a second task.
            twin = self._item(op.ref)
            if op.due:
                twin.payload["due_date_raw"] = op.due
            self._touch(twin, f.scope, used)
            return twin, used
        if op.name in ("assign", "reassign", "revert"):
            # The same work named for someone else: it changes hands, it is not a second task.
            it = self._item(op.ref)
            self._set_owner(it, op.owner)
            if op.due:
                it.payload["due_date_raw"] = op.due
            self._touch(it, f.scope, used)
            return it, used
        work = f.work
        if work and refer.no_work(work):
            return None  # titled by its antecedent or dropped in ``frames.with_antecedent``
        payload = {"title": work, "owner": f.owner, "due_date_raw": f.due, "priority": "unspecified"}
        it = self._intro("task", payload, f.scope, used, f.main or used[0])
        it.seqs.update(f.refs)  # the utterance a pointer's antecedent was said in backs the title
        if f.owner:
            it.extra.setdefault("owners", [f.owner])
        return it, used

    def _answer(self, sent: Sentence, f: fr.Frame) -> bool:
        """"谁来负责压测？" "王五吧。": the name answers the question just asked; the task quotes both."""
        prev = self.sentences[sent.index - 1] if sent.index else None
        if prev is None or not prev.question or max(prev.seqs) < min(sent.seqs) - 1 or f.owner is None:
            return False
        asked = fr.who_task(prev, f.owner, self.participants)
        if asked is None:
            return False
        both = Sentence((*asked.clauses, *f.clauses), sent.index)
        self._task(fr.Frame("task", both, both.clauses, asked.main, f.owner, asked.work, asked.due))
        return True

    def _about_other_matter(self, sent: Sentence) -> bool:
        """``sent`` answers a question about a matter that is no live task ("供应商审核能不能改期？"
        "能，改到下周二。"): a date it names is that matter's, not the work in focus."""
        if not sent.index or not self.sentences[sent.index - 1].question:
            return False
        before = self.sentences[sent.index - 1]
        if find_people(sent.text, self.participants):
            return False
        state = self._state(sent)
        # "When should the agenda be ready?" / "15号有点紧，能不能给到17号？" are about the work's date
        return (
            not lx.WHEN_ASKED.search(before.text)
            and not lx.says_date(before.text)
            and mentions.content(st.topic_text(before.text, self.participants)) >= 2
            and st.by_topic(state, before.text, self.participants, floor=0.2) is None
            and st.by_topic(state, sent.text, self.participants) is None
        )

    def _correct(self, f: fr.Frame) -> bool:
        if f.owner is None and self._about_other_matter(f.scope):
            return True  # the date moved is the other matter's
        out = st.on_correct(self._state(f.scope), f, self.participants)
        if out is None:
            return False
        self._ops(f.scope, *out)
        return True

    def _cancel(self, f: fr.Frame) -> None:
        sent = f.scope
        if sent.index and not has_cjk(sent.text) and lx.POINTER.match(sent.clauses[0].text) and self._same_breath(
            sent.index - 1, sent.index
        ):
            # "We're not doing the night shift, right? That's cancelled.": "that" is the matter just
            # named, which may be no task at all; it is not the task discussed before it.
            prev = self.sentences[sent.index - 1]
            f = replace(f, scope=Sentence((*prev.clauses, *sent.clauses), sent.index))
        state = self._state(f.scope)
        if self._void_cancel >= sent.index - 2 and st.by_topic(state, f.scope.text, self.participants) is None:
            # "That's cancelled." (of no task) "Right, cancelled.": the same matter again.
            self._void_cancel = sent.index
            return
        out = st.on_cancel(state, f, self.participants)
        if not out[1]:
            self._void_cancel = sent.index
        self._ops(f.scope, *out)

    def _open(self, sent: Sentence, f: fr.Frame) -> bool:
        """A matter explicitly left open ("Let's leave it open", "先挂着"): the question asked just
        before (or the matter this sentence names) becomes an open question."""
        clauses = list(f.clauses)
        # (going away to consult someone names no matter: "回去跟爸妈商量一下", "check with the school")
        own = [c for c in clauses if (_substantive(fr.without_open_mark(c.text)) and not _CONSULT.match(strip_punct(c.text).strip()))
               or _TOPIC.search(c.text)]
        marked = [c for c in clauses if fr.open_mark(c.text)]
        points_back = f.cue == "answer" or not own or bool(
            lx.POINTER.match(_unfilled(clauses[0].text)) or any(_POINTS_BACK.search(c.text) for c in marked)
        )
        if self._open_at >= 0 and self._open_at >= sent.index - 2 and not any(
            self.sentences[k].question for k in range(self._open_at + 1, sent.index)
        ):
            # "Nobody knows yet. … Open question for now.": the same matter again — no new question
            # was asked since; a sentence that names it ("so the phone policy stays open") joins
            # the quote of the open question already made.
            # (a deferral opened by the thing it is about names it: "衣柜回去我俩商量一下再说吧")
            named = (own and not points_back) or (not own and f.cue != "answer" and _opens_with_thing(clauses[0].text))
            if named and self._open_item is not None:
                between = [c for s in self.sentences[self._open_at + 1 : sent.index] for c in s.clauses]
                self._open_use = [*self._open_use, *between, *clauses]
                self._set_open(self._open_item, sent, self._open_use)
            self._open_at = sent.index
            return True
        asked = self._asked(sent, far=points_back) or (self._introduced(sent) if points_back else [])
        # English put off with a pointer ("Let's revisit that", "We'll figure it out later"): the
        # sentence names no matter of its own ("Let's revisit the pricing next sprint" does).
        deferred = not has_cjk(sent.text) and all(_defers_only(c.text) for c in own)
        if deferred and not asked:
            asked = self._discussed(sent)
            if not asked:
                return True  # (work said before it is put off: no matter is left open, no date is set)
        while deferred and asked and _FILLER_ONLY.match(strip_punct(asked[-1].text)):
            asked = asked[:-1]  # ("Should we move the standup? Hmm. Let's revisit that.")
        if deferred and asked:
            # "Should we move the standup?" / "The contractor parking keeps coming up." "Let's revisit
            # that next sprint.": the matter is what was said before, quoted on its own; the
            # deferral only makes it open now (its utterance is cited, its words are no matter).
            use = asked
        elif (points_back and asked) or own:
            # A question asked right before the sentence that leaves it open is the matter too
            # ("开幕要不要请市里领导？" "我倾向于请，…，这个先不定。").
            use = [*asked, *clauses]
        else:
            return False
        self._open_item = self._intro("question", _open_question(use, sent.text), f.scope, use, use[-1])
        if deferred and asked:
            self._open_item.seqs.update(sent.seqs)
            self._open_item.new = self._open_item.new or self._is_new(sent)
        self._open_use = use
        self._open_at = sent.index
        return True

    def _discussed(self, sent: Sentence) -> list[Clause]:
        """English: the statement said right before a deferral that points back ("We still haven't
        agreed how to split the budget." "Let's revisit that next sprint."), in the same utterance or
        the one before, when it names a matter and was read as nothing else; [] otherwise."""
        k = sent.index - 1
        while k >= 0 and _FILLER_ONLY.match(strip_punct(self.sentences[k].text)):
            k -= 1
        if k < 0:
            return []
        prev = self.sentences[k]
        if prev.question or max(prev.seqs) < min(sent.seqs) - 1 or not _substantive(_unfilled(prev.text)):
            return []
        if any(it.extra.get("intro") == k or (it.kind == "task" and it.touched == k) for it in self.items):
            return []  # a task or decision said there is what the deferral is about, not an open matter
        return [c for s in self.sentences[k : sent.index] for c in s.clauses]

    def _asked(self, sent: Sentence, far: bool) -> list[Clause]:
        """The question(s) just asked before ``sent``: the sentence right before it, or with ``far``
        (the sentence points back: "Let's leave it open", "这个先不定") one up to four sentences
        back within the utterance before. Questions asked in one breath ("What about the backlog?
        Is anyone looking at it?") are the same matter. [] when none was asked."""
        # A filler said in between ("Hmm.", "嗯。") is no sentence of its own here.
        fill = 0
        while sent.index - fill - 1 >= 0 and _FILLER_ONLY.match(strip_punct(self.sentences[sent.index - fill - 1].text)):
            fill += 1
        for back in range(1 + fill, (5 if far else 2) + fill):
            k = sent.index - back
            if k < 0:
                break
            prev = self.sentences[k]
            if back - fill > 2 and max(prev.seqs) < min(sent.seqs) - 1:
                break
            if back - fill == 1 and max(prev.seqs) < min(sent.seqs) - 1 - fill:
                break
            if back > 1 and _SETTLED.match(_unfilled(self.sentences[k + 1].text)) and not self._bare_reply(k + 1, sent):
                break  # "Do we need a new projector?" "Yes, the old one is broken.": answered
            if prev.question:
                while k > 0 and self.sentences[k - 1].question and self._same_breath(k - 1, k):
                    k -= 1
                k = self._antecedent(k)
                if self._same_breath(k, sent.index):
                    k = self._asked_before_reply(k)
                # The answer that leaves it open is quoted too: read utterance by utterance, it
                # is what makes the question new. What was said in between is quoted with it: a
                # quote is one verbatim span.
                return [c for s in self.sentences[k : sent.index] for c in s.clauses]
        return []

    def _asked_before_reply(self, k: int) -> int:
        """The reply put off asks a question of its own first ("Should we keep the old site running?"
        … "Maybe two weeks as a middle path? Let's think about it."): the matter is the question it
        replies to, asked up to three sentences before within the two utterances before."""
        first = min(self.sentences[k].seqs)
        for j in range(k - 1, max(-1, k - 4), -1):
            prev = self.sentences[j]
            if max(prev.seqs) < first - 2:
                break
            if prev.question and _asks_about(prev.text):
                while j > 0 and self.sentences[j - 1].question and self._same_breath(j - 1, j):
                    j -= 1
                return self._antecedent(j)
        return k

    def _bare_reply(self, k: int, sent: Sentence) -> bool:
        """Sentence ``k`` is only a yes or no said in the breath of ``sent``, which leaves the matter
        open ("Do we even have a designer?" "No. That's a problem for another day."): the question
        had its literal answer, the matter behind it is still open."""
        bare = len(strip_punct(self.sentences[k].text).split()) <= 1 and len(strip_punct(self.sentences[k].text)) <= 4
        return bare and self._same_breath(k, sent.index)

    def _introduced(self, sent: Sentence) -> list[Clause]:
        """A matter put off with nothing asked ("再说菜单，酒店给了两套，…" "我觉得八千八就够了。" …
        "那再想想吧。"): the matter opened or laid out as options up to three sentences back, in the
        utterances right before, with nothing decided, asked or given out since; quoted from there."""
        first = min(sent.seqs)
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1):
            prev = self.sentences[k]
            if prev.question or max(prev.seqs) < first - 1 or any(it.extra.get("intro") == k for it in self.items):
                return []
            if ag.introduces(prev.text):
                return [c for s in self.sentences[k : sent.index] for c in s.clauses]
            first = min(prev.seqs)
        return []

    def _set_open(self, it: _Item, sent: Sentence, use: Sequence[Clause]) -> None:
        it.payload["text"] = _open_question(use, sent.text)["text"]
        it.evidence, it.evidence_seq = quote(list(use), self.texts)
        self._touch(it, sent, use)

    def _same_breath(self, i: int, j: int) -> bool:
        """Sentences ``i`` and ``j`` share an utterance."""
        return bool(set(self.sentences[i].seqs) & set(self.sentences[j].seqs))

    def _confirmed(self, sent: Sentence) -> list[Clause] | None:
        """"That's decided." after a statement: the statement (and the confirmation, which the
        quote then spans) is the decision; None when the confirmed statement is not adjacent."""
        k, first = sent.index - 1, min(sent.seqs)
        # Votes and calls for them between the proposal and its confirmation ("All in favour?"
        # "Aye." "Carried.") are passed over.
        # So are agreements and consent tags ("周报改成双周报，行不行？" "行。" "那就这么办。").
        agreed = False
        while k > 0 and max(self.sentences[k].seqs) >= first - 1 and (
            _VOTE.match(strip_punct(self.sentences[k].text))
            # (an agreement that goes on to say the plan in the confirmation's breath is the
            # statement confirmed: "Makes sense. Okay, final sync on the 11th. Let's lock that in.")
            or (ag.agrees([c.text for c in self.sentences[k].clauses])
                and not (len(self.sentences[k].clauses) > 1 and self._same_breath(k, sent.index)))
            or ag.tag_only(self.sentences[k].text)
        ):
            agreed = agreed or not _VOTE.match(strip_punct(self.sentences[k].text))
            first, k = min(self.sentences[k].seqs), k - 1
        if k < 0:
            return None
        prev = self.sentences[k]
        tag = prev.question and bool(_TAGGED.search(strip_punct(prev.text)))  # "…, right?": a statement
        # a proposal asked of the group and agreed to: "周年庆要不要办成自助餐？" "行。" "那就这么办。"
        tag = tag or (prev.question and agreed and ag.proposes(prev.text) and not _NOT_A_CHOICE.search(prev.text))
        if (prev.question and not tag) or max(prev.seqs) < first - 1:
            return None
        if k > 0 and self._same_breath(k - 1, k) and ag.proposes(self.sentences[k - 1].text):
            # "要不先试一下微波炉？饭菜做好放冷藏，夜里自己热。" "这个可以。就先这么办。": the proposal
            # and how it goes are one statement
            return [*self.sentences[k - 1].clauses, *prev.clauses, sent.clauses[0]]
        return [*prev.clauses, sent.clauses[0]]

    def _decision(self, f: fr.Frame) -> None:
        sent = f.scope
        confirmed = self._confirmed(sent) if f.cue == "confirm" else None
        if confirmed is not None:
            said = {s for c in confirmed[:-1] for s in c.seqs}
            done = next((it for it in self.items if it.kind == "decision" and it.derived and it.seqs & said
                         and it.extra.get("intro") == sent.index - 1), None)
            if done is not None:
                # "We're moving to weekly billing from May. That's decided.": decided already, once
                done.evidence, done.evidence_seq = quote(list(confirmed), self.texts)
                self._touch(done, sent, confirmed)
                return
            sep = "，" if has_cjk(sent.text) else ", "
            body = strip_punct(sep.join(c.text for c in confirmed[:-1]))
            body = lx.DECISION_LEAD.sub("", body, count=1).strip() or body
            self._intro("decision", _decision_payload(body), sent, confirmed, confirmed[0])
            return
        use = list(f.clauses)
        payload = {"text": f.work}
        for it in self.items:
            if it.kind == "decision" and it.extra.get("intro") != sent.index and (it.intent_id or it.derived):
                if fr.same_decision(_headline(it), f.work) and _headline(it) != f.work:
                    # The same topic decided again: revise the earlier decision, not a second one.
                    it.payload = payload
                    it.evidence, it.evidence_seq = quote(use, self.texts)
                    self._touch(it, sent, use)
                    return
        self._intro("decision", payload, sent, use, use[0])

    def _settle(self, sent: Sentence, f: fr.Frame) -> bool:
        """"行，那就B方案吧" after "用A方案还是B方案？": the option agreed on, read with the question
        or proposal it answers — one said in the last three sentences, within the two utterances
        before, sharing a topic word with the option. With none, it decides nothing."""
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1):
            prev = self.sentences[k]
            if max(prev.seqs) < min(sent.seqs) - 2:
                break
            asked = prev.question or any(fr.hedges(prev.clauses, self.participants)) or bool(_PROPOSES.search(prev.text))
            if asked and tokens(f.work) & tokens(prev.text):
                use = [c for s in self.sentences[k : sent.index + 1] for c in s.clauses]
                sep = "：" if has_cjk(sent.text) else ": "
                body = strip_punct(prev.text) + sep + f.work
                self._intro("decision", _decision_payload(body), sent, use, f.clauses[0])
                return True
        return False

    def _undecided(self, f: fr.Frame) -> None:
        """A matter left open ("下线时间还没定") is an open question; one that points back
        ("这个还没定") is about the question just asked, which joins it."""
        sent, clauses = f.scope, f.clauses
        use = list(clauses)
        prev = self.sentences[sent.index - 1] if sent.index else None
        if prev is not None and prev.question and (
            lx.POINTER.match(clauses[0].text) or len(strip_punct(clauses[0].text)) <= 4
            # "嗯，回头再议吧。": nothing of its own left once the marker is gone
            or not _substantive(lx.HEDGE_BACK.sub("", lx.UNDECIDED.sub("", f.scope.text)))
        ):
            use = [*prev.clauses, *use]
        sep = "，" if has_cjk(sent.text) else ", "
        payload = {"text": strip_punct(sep.join(c.text for c in use))[:500], "question_type": "clarification",
                   "candidates": []}
        self._intro("question", payload, sent, use, use[-1])

    def _refresh(self, it: _Item, clauses: Sequence[Clause]) -> None:
        main = clauses[0]
        it.evidence, it.evidence_seq = quote(list(clauses), self.texts, prefer_seq=main.pieces[0].seq)
        it.seqs.update(s for c in clauses for s in c.seqs)
        it.new = it.new or any(s >= self.new_from for c in clauses for s in c.seqs)


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
