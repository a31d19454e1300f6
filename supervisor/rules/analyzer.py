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

Where the code lives: this module assembles ``_Analysis`` and reads each sentence (``run``,
``_apply``: which reading applies, tasks / corrections / cancellations / deadlines); the working
ledger it shares with its mixins is ``working._Ledger``; the mixins are ``replies`` (who speaks,
readings by who says what to whom), ``questions`` (open questions), ``decisions`` and
``reconcile`` (proposals); ``proposals`` holds the proposal types and ``_Item``, ``matter`` the
small text tests they share.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from intents.dates import parse_iso

from . import frames as fr
from . import lexicon as lx
from . import mentions, refer, turns, zh_turns
from . import state as st
from .decisions import _Decisions
from .names import find_people
from .proposals import CreateIntent, Proposal, RejectIntent, ReviseIntent, _Item
from .questions import _Questions
from .reconcile import _Reconcile
from .replies import _Replies
from .status import status_asked
from .text import Clause, Sentence, has_cjk, strip_punct

__all__ = ["CreateIntent", "Proposal", "RejectIntent", "ReviseIntent", "analyze"]

# Turning work down: unable, too busy, away ("可能来不及", "这周实在走不开", "我弄不了").
_DECLINE = re.compile(r"来不及|赶不上|弄不了|做不了|干不了|办不了|顾不上|够呛|没有?空|没有?时间|(?:在|要|得)出差|请假|休假|"
                      + lx.ZH_TOO_BUSY)
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
    # ("我这周在出差": away for the whole span the work falls in, not a day pushed back)
    day = [h for h in lx.dates(clause) if not re.fullmatch(r"(?:这|本)(?:周|星期|礼拜)|这两天|这几天", h.text)]
    return not day and not _YET_TAKES.search(after) and not lx.dates(after) and not re.search(r"[？?]", text)


# Speech reported from someone else: a date said in it is theirs, not the work's ("厂家说周四发货").
_REPORTED = re.compile(r"说|讲|表示|通知|称|据说|听说")


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


class _Analysis(_Replies, _Questions, _Decisions, _Reconcile):
    # ---- frames applied to the working ledger ----------------------------------------------------

    def run(self) -> list[Proposal]:
        for sent in self.sentences:
            self._upto, self._at = max(sent.seqs), sent.index
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
                back = (*self._order_back(sent), *self._told_what(sent), *self._deliverable_asked(sent))
                readings = (*(fr.with_antecedent(r, earlier, self.participants) for r in back), *readings)
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
            if not settled and self._speaker and not zh_turns.plans(sent.text) and not any(r and r[0].kind == "task" for r in readings):
                readings = (*self._zh_dated_reply(sent, earlier), *readings)
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
                if f.cue != "plan" and not turns.FIRST_PERSON.search(f.scope.text) and self._status_dated(sent, f):
                    continue
                self._ops(f.scope, *st.on_deadline(self._state(f.scope), f, self.participants, asked, countered, speaker,
                                                          self.heard.get(min(f.scope.seqs) - 1, "")))
        return True

    def _answer(self, sent: Sentence, f: fr.Frame) -> bool:
        """"谁来负责压测？" "王五吧。": the name answers the question just asked; the task quotes both."""
        prev = self.sentences[sent.index - 1] if sent.index else None
        if prev is None or not prev.question or max(prev.seqs) < min(sent.seqs) - 1 or f.owner is None:
            return False
        asked = fr.who_task(prev, f.owner, self.participants)
        if asked is None:
            return False
        both = Sentence((*asked.clauses, *f.clauses), sent.index)
        # "谁来整理纪要？" "我看王芳合适，周五前弄完。": the date said with the answer is the work's
        due = asked.due or next((h.text for c in f.clauses[1:] for h in fr.due_hits(c.text, work=True)), None)
        self._task(fr.Frame("task", both, both.clauses, asked.main, f.owner, asked.work, due))
        return True

    def _status_dated(self, sent: Sentence, f: fr.Frame) -> bool:
        """ "王芳，周报的进度怎么样？" "还在弄。" "那周五之前给我。": a date ordered (not a plan said back)
        within three sentences of asking someone how their work is going dates that work, theirs — a
        task made here if none was, the same task restated if it was (so a reread changes nothing)."""
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1) if f.candidates else ():
            asked = status_asked(self.sentences[k], self.participants, self.sentences[k - 1] if k else None)
            if asked is None:
                continue
            first = k - 1 if k and not find_people(self.sentences[k].text, self.participants) else k
            said = [c for s in self.sentences[first : sent.index] for c in s.clauses]
            both = Sentence((*said, *f.scope.clauses), sent.index)
            self._task(fr.Frame("task", both, both.clauses, self.sentences[k].clauses[-1], asked[0], asked[1], f.candidates[0]))
            return True
        return False

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
