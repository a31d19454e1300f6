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

from . import decision_frames, en_turns, marks, mentions, refer, turns, zh_turns
from . import extract as ex
from . import frames as fr
from . import lexicon as lx
from . import state as st
from .addressing import zh_yours
from .antecedents import en_matter_day, named_alone
from .decisions import _Decisions
from .due import dated_for_everyone, once_i_get
from .names import ALIASES, find_people, introduced
from .proposals import CreateIntent, Proposal, RejectIntent, ReviseIntent, _Item
from .questions import _Questions
from .reconcile import _Reconcile
from .replies import ALREADY_DONE, _Replies
from .status import status_asked
from .text import Clause, Sentence, has_cjk, strip_punct
from .working import retitle_handed_on

__all__ = ["CreateIntent", "Proposal", "RejectIntent", "ReviseIntent", "analyze"]

# Turning work down: unable, too busy, away ("可能来不及", "这周实在走不开", "我弄不了").
# (someone else's business: "那是采购部的事，不归我们管")
_DECLINE = re.compile(r"(?:一直|向来|从来|平时|都)是[\u3400-\u9fff]{1,4}?在(?:跑|弄|做|管|负责|联系|对接|办|订)|来不及|赶不上|弄不了|做不了|干不了|办不了|不归(?:我们|我|咱们)?[\u3400-\u9fff]{0,4}管|不是我们?(?:这边|部门|组)?的(?:事|活)|(?:弄|做|忙|搞|干)不完|(?:还|又)(?:要|想)?塞给我|顾不上|够呛|没有?空|没有?时间|(?:在|要|得)出差|请假|休假|撞上|撞了|有冲突|"
                      + lx.ZH_TOO_BUSY)
# An English reply that turns the work down ("I love you, but no.", "No, sorry, I'm swamped.").
_EN_DECLINE = re.compile(
    r"\b(?:but|so)\s+no[.!]?$|^(?:(?:sorry|honestly|oh|ah|um)[,\s]+)*no,? (?:sorry|can'?t|I can'?t|I'?m (?:swamped|slammed))\b|"
    r"\bI (?:really )?can'?t (?:do|take|manage|fit) (?:it|that|this|them)\b|\bnot a chance\b",
    re.IGNORECASE,
)
# An English reply that turns the work down by a reason ("I'd love to, but I'm away that week",
# "…so I don't know how I'm supposed to do both"), unless it goes on to take it or a part of it.
_EN_BUSY = re.compile(
    r"\bbut,? I'?m (?:on|away|off|out|flat out|swamped|slammed|snowed under|tied up)\b|"
    r"\bI (?:dunno|don'?t know) how I'?m (?:meant|supposed) to\b",
    re.IGNORECASE,
)
# …or away, said first with no "but": "Sorry — I'm on a course that week."
_EN_AWAY_FIRST = re.compile(
    r"^\W*(?:(?:ah|oh|um|uh|sorry|well|actually|no|sir|ma'?am|madam|boss)\W+)*I'?m (?:on (?:leave|holiday|vacation|a course)|away|off|out of (?:town|the office))\b",
    re.IGNORECASE,
)
_EN_YET_TAKES = re.compile(r"\bI(?:'ll| will| can| could)\b|\bI'?m happy to\b", re.IGNORECASE)
# …unless it goes on to take the work or offer a date ("有点紧……行，我盯着", "周五来不及，下周一吧").
_YET_TAKES = re.compile(r"(?<!不)[行好](?!不[行好])|可以|没问题|我来|我尽量|我争取|[吧]$")


# An answer that says the work is done: no plan ("早就发了", "I sent it yesterday").
_DONE_ALREADY = re.compile(r"已经|早就|发过了|交过了|(?:弄|做|写|搞)(?:完|好)了|搞定了|^(?:嗯|对)?(?:[弄做整]?出来了|好了)$|\balready\b|\b(?:sent|did|finished|done) (?:it|that)\b",
                           re.IGNORECASE)
# The speaker taking on the matter just put to them, by a verb of work on "it" ("I'll fix it this arvo").
_EN_TAKES_IT = re.compile(
    r"\bI(?:'ll| will| can)\s+(?:\w+\s+)?(?:fix|sort|sort out|handle|do|chase|check|look at|look into|deal with|get|call|ring|"
    r"email|order|book|follow up on|take care of|set up|organi[sz]e|arrange|send|finish|update|settle)\s+(?:it|that|them|those|this)\b",
    re.IGNORECASE,
)
# What the speaker reports of their own doing is no matter put to the one they call ("王老师，方案我上周已经发您了").
_OWN_REPORT = re.compile(r"[我你]|已经|\b(?:I|you|we)\b")
# A list announced as decided ("讲两件定下来的事", "宣布三个决定", "定了两件事"), and a point of it.
_ZH_LIST_DECIDED = re.compile(r"(?:说|宣布|讲|通报|明确)(?:一下)?[几两三四五]?(?:个|件|条|点)(?:定下来|已经定|决定|确定)(?:了)?的(?:事|事情|决定)?|"
                              r"(?:宣布|通报|明确)(?:一下)?[几两三四五](?:个|件|条|点)?决定|定了[几两三四五](?:件|个|条)事")
# (s50) A decision announced before it is said: "…but I've decided." (the next sentence says what).
_EN_DECIDED_NEXT = re.compile(r"(?i)(?:^|\b(?:but|and|so)\s+|[,;]\s*|\bokay\s+|\bright\s+)(?:I've|I have|we've|we have)\s+(?:now\s+|finally\s+)?decided$")
_POINT_COUNTED = re.compile(r"^(?:第[一二三四五六七八九十]|首先|其次|最后|还有一(?:个|件|条|点))")
_PAST_DAY = re.compile(r"昨天|前天|上周|上个?月|上礼拜|上星期|去年|yesterday|last\b", re.IGNORECASE)


# The one a correction names does the work instead ("还是你来排吧", "换小田去做", "actually, you take it").
# Only one named and told to take it on: "行，那晓光你来。", "那就小周来吧".
_ZH_TAKE_ON = re.compile(r"^(?:(?:也行|行|好|那|那就|要不|算了)[，,…]*)*(?P<n>[\u3400-\u9fff]{1,4}?)[，,]?(?:你|您)?来(?:吧|做|弄)?[吧。！!]*$")


def _taken_on_instead(sent: Sentence, participants: Sequence[str]) -> list[fr.Reading]:
    """Tried last: one named and told to take it on, where no question asked who and nothing said
    before names the work, takes over the task in focus ("阿梅你明天把押金退给那三户" "退押金我来吧"
    "行，那晓光你来。"), as a correction would."""
    said = strip_punct(sent.text)
    # (with why them said after: "…，你来吧，预算表你比他熟")
    said = said[: why.start()] if (why := re.search(rf"[，,][^，,。]{{0,6}}?(?:{lx.ZH_WHY_YOU.pattern})$", said)) else said
    m = _ZH_TAKE_ON.match(said) if has_cjk(sent.text) else None
    who = {h.name for h in find_people(m.group("n"), participants)} if m else set()
    if len(who) != 1:
        return []
    return [(fr.Frame("correct", sent, sent.clauses, sent.clauses[-1], who.pop()),)]


_INSTEAD_DOES = re.compile(r"(?:还是|换成?|改成|改让)[^，,。？?]{0,6}(?:来|做|弄|负责|去|跟|排|写|管)|"
                           r"\b(?:you|he|she)(?:'ll| will| can| should)? (?:take|do|handle|own|run) (?:it|that|this)\b", re.IGNORECASE)


def _names_nothing(work: str) -> bool:
    """A title with no noun in it ("拆开看看", "去补") or only a pronoun for its object ("send it round"):
    the thing was said before."""
    if not has_cjk(work):
        return bool(re.search(r"\b(?:it|them|that|this|those)\b", work, re.IGNORECASE))
    return not any(f.startswith("n") or f == "eng" for _, f in mentions.words(work))


# Taking the work back oneself, in English: "I'll do it myself", "leave it with me".
_EN_SELF_TAKE = re.compile(r"\bI'?ll (?:do|take|handle|run|cover|sort) (?:it|that|this)(?: one)?(?: myself)?\b|\bleave it with me\b",
                           re.IGNORECASE)
# …said in a sentence of its own after a correction: "I'll review them myself".
_EN_MYSELF = re.compile(r"\bI'?ll (?:[a-z]+ )?(?:it|that|this|them|those)(?: one)? myself\b|\bI'?ll do (?:it|that|this|them) instead\b",
                        re.IGNORECASE)


# The speaker's own aim for work said without an owner ("so I'm aiming for the 3rd").
_EN_AIMING = re.compile(r"\bI'?m (?:aiming|planning|hoping|targeting|shooting) (?:for|to have it (?:in|done|out) (?:by|for))\b",
                        re.IGNORECASE)
# The speaker claims the work just asked of someone else ("That one's mine, not Tom's").
_EN_MINE = re.compile(r"^(?:(?:no|actually|sorry|wait|oh)[,.\s]+)*(?:that|this|it)(?: one)?(?:'s| is) (?:mine|on me|my job)\b"
                      r"(?P<not>,? not (?:\w+'s|his|hers|theirs))?", re.IGNORECASE)


# A clause that says the work just put cannot be done as put ("说实话够呛", "恐怕来不及").
_PUSHBACK = re.compile(r"(?:说实话|老实说|实话实说|讲真|坦白说)?[，, ]*(?:可能|恐怕|估计|真的|确实|实在)?"
                       r"(?:够呛|悬|有点悬|很难|有难度|难度很大|来不及|做不到|不太可能|不现实)[了啊呀吧]?")


_YES_A_DAY = re.compile(r"^\W*(?:yes|yep|yeah|yup|sure|correct|right|that's right)[,.!]?\s+(?:by\s+|on\s+)?"
                        r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\W*$", re.IGNORECASE)


def _not_objected(sent: Sentence, readings: tuple[fr.Reading, ...], participants: Sequence[str]) -> tuple[fr.Reading, ...]:
    """ "郭主任，显影纱布春节前换完……说实话够呛。": the one called is told what was asked and
    that it cannot be done so — the speaker objects to their own work; nothing is asked of the one
    called (their task readings go)."""
    pushed = [i for i, c in enumerate(sent.clauses) if i and _PUSHBACK.fullmatch(strip_punct(c.text))] if has_cjk(sent.text) else []
    to = zh_turns.called(sent.clauses[0].text + "，", participants) if pushed else None
    if to is None:
        return readings
    before = sent.clauses[: pushed[-1]]  # (work said before the last objection)
    return tuple(r for r in readings if not (r and r[0].kind == "task" and r[0].owner == to
                                             and all(c in before for c in r[0].clauses if c in sent.clauses)))


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
    # ("周四我要去县里开会，来不及": taken that day, said in the clause before; not away for every
    # day of the span asked: "我周一周二都在外面跑客户，走不开", "我下个礼拜要出差五天")
    day = day or [c for c in re.split(r"[，,。！!；;]", text[: m.start()])
                  if lx.DATE_PUSHBACK.search(c) and len(said := {h.text for h in lx.dates(c)}) == 1 and not _AWAY_SPAN.fullmatch(said.pop())
                  and "都" not in c]
    return not day and not _YET_TAKES.search(after) and not lx.dates(after) and not re.search(r"[？?]", text)


# A span one is away for ("这周", "下周", "这两天"): away all of it turns the work down.
_AWAY_SPAN = re.compile(r"(?:这|本|下)个?(?:周|星期|礼拜)|这两天|这几天|(?:这|本|下)个?月")


# Speech reported from someone else: a date said in it is theirs, not the work's ("厂家说周四发货").
_REPORTED = re.compile(r"说|讲|表示|通知|称|据说|听说")


# What follows a name that asks them: "小周你去吧", "Ben, could you…".
_ASKED_BY_NAME = re.compile(r"\s*[,，]?\s*(?:你|您|来|去|负责|(?i:you|could|can|would|will)\b)")


# A date said as a whole week or month, which a day said after it narrows.
_SPAN_ONLY = re.compile(r"(?:这周|本周|这个?礼拜|这个?星期|下周|下个?礼拜|这个月|本月|(?i:this|next) (?:week|month))(?:内|之内|以内)?")


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


# When someone will be there, asked of them ("when are you back?", "你哪天回来？").
_WHEN_AROUND = re.compile(r"(?i)\bwhen (?:are|will) you (?:be )?(?:back|in|around|free|off|available|here)\b|\bwhen do you (?:get|come) back\b|"
                          r"[你您](?:哪天|什么时候|几号|啥时候)(?:能)?(?:回来|在|到岗|上班|有空)")


# The answer's own verb on the thing asked about: "Tom, how's the tank?" "I'll dry hop it tomorrow."
# (light verbs say nothing the matter does not: "I'll have it done", "I'll sort it").
_EN_PLAN_ON_IT = re.compile(r"\bI(?:'ll| will|'m going to| am going to)\s+(?:[a-z]+ly\s+)?"
                            r"(?P<vp>(?!(?:have|get|do|take|handle|sort|grab|own|cover|look|keep|leave|try)\b)"
                            r"[a-z]+(?:[ -](?!it\b|them\b)[a-z]+)?)\s+(?:it|them)\b", re.IGNORECASE)


def _planned_work(answer: str, matter: str) -> str:
    """The title of the work asked about: ``matter``, with the verb of the answer's plan when the
    plan says what is done to it ("dry hop it" → "dry hop FV4")."""
    m = _EN_PLAN_ON_IT.search(answer) if not has_cjk(answer) and not has_cjk(matter) else None
    return f"{m.group('vp')} {matter}" if m else matter


# One more thing the speaker will do beside what they were asked.
_EN_MORE = re.compile(r"(?i)\bI(?:'ll| will)\b[^—–;.!?]*?\b(?:too|as well)\b|\bI(?:'ll| will) also\b|\balso,? I(?:'ll| will)\b")
# What the one asked has, and on which day: a state, not a deadline ("we've got two short on Friday").
_EN_HAVE_ON = re.compile(r"(?i)\b(?:I've|I have|we've|we have|there's|there are|there is)\b(?:\s+got)?\b[^,.;]*\bon\s*$")


class _Analysis(_Replies, _Questions, _Decisions, _Reconcile):
    # ---- frames applied to the working ledger ----------------------------------------------------

    def run(self) -> list[Proposal]:
        for sent in self.sentences:
            self._upto, self._at = max(sent.seqs), sent.index
            self._speaker, self._named_at = self._replier(sent)
            readings = self._read(sent)
            if not any(r and r[0].kind == "decision" for r in readings) and self._announced_list(sent):
                # "宣布三个决定。第一，…。第二，…": each point of a list announced as decided
                readings = ((decision_frames.decision(sent, sent.clauses),), *readings)
            elif has_cjk(sent.text) and _ZH_LIST_DECIDED.search(sent.clauses[-1].text) and len(strip_punct(sent.clauses[-1].text)) <= 12:
                # (the announcement itself says no decision, its points do)
                readings = tuple(r for r in readings if not (r and r[0].kind == "decision"))
            elif (sent.index and self.sentences[sent.index - 1].seqs == sent.seqs and not sent.question
                    and _EN_DECIDED_NEXT.search(strip_punct(self.sentences[sent.index - 1].text))):
                # "I've thought it over and I've decided. The launch moves to May.": what
                # is decided is said right after the announcement
                readings = ((decision_frames.decision(sent, sent.clauses),), *(r for r in readings if not (r and r[0].kind == "decision")))
            elif (_EN_DECIDED_NEXT.search(strip_punct(sent.text)) and sent.index + 1 < len(self.sentences)
                    and self.sentences[sent.index + 1].seqs == sent.seqs):
                # (the announcement itself says nothing decided)
                readings = tuple(r for r in readings if not (r and r[0].kind == "decision"))
            joined = (fr.addressed_work(self.sentences[sent.index - 1], sent, self.participants)
                      or zh_yours(self.sentences[sent.index - 1], sent, self.participants)) if sent.index else None
            if joined is not None:
                # "Kofi, photos for the piece. You're on that.": the ask takes the work just named.
                asked = [r for r in fr.read(joined, self.participants) if r and r[0].kind == "task"]
                readings = (*asked[:1], *readings)
            earlier = self.sentences[max(0, sent.index - 2) : sent.index][::-1]
            # (the turn before may be longer than two sentences: "…check is due. Who's doing it this
            # month?" "Jamie, you did it last month, didn't you? Tom, could you take it this time?")
            wider = self.sentences[max(0, sent.index - 4) : sent.index][::-1]
            readings = tuple(fr.with_antecedent(r, earlier, self.participants, wider) for r in readings)
            readings = _not_objected(sent, readings, self.participants)
            if _ON_THE_PHONE.match(self.heard.get(min(sent.seqs), "")):
                # ("喂？……对，在开会……你先把单号发过来": said into a phone, 你 is the caller, no
                # one in the room, unless they are named)
                readings = tuple(r for r in readings if not (r and r[0].kind == "task" and not any(
                    h.name == f.owner for f in r for h in find_people(sent.text, self.participants))))
            settled = any(r and r[0].kind in ("open", "decision", "cancel", "correct", "undecided") for r in readings)
            if (self._speaker and self._named_at > 0 and has_cjk(sent.text) and zh_turns.plans(sent.text)
                    and any(r and r[0].kind == "correct" and r[0].owner is None for r in readings)):
                # "钱工，校准不是计量室管吗？" "哦不对，…那你别管了，校准我去跟计量室说。": a correction
                # whose new owner is the 我 who says it
                said = zh_turns.sentence_said_by(sent, self._speaker)
                mine = [(replace(r[0], refs=(*r[0].refs, self._named_at)), *r[1:])
                        for r in fr.read(said, self.participants) if r and r[0].owner == self._speaker]
                # (with no task of the matter to move, what they take on is theirs: "服务器账号我直接跟他说")
                readings = (*(r for r in mine if r[0].kind == "correct"), *(r for r in mine if r[0].kind == "task"), *readings)
            if (self._speaker and self._named_at > 0 and not has_cjk(sent.text) and _EN_SELF_TAKE.search(sent.text)
                    and any(r and r[0].kind == "correct" and r[0].owner is None for r in readings)):
                # "Raj, can you run it?" … "Actually, you know what, nah — I'll do it myself.": the work
                # taken back by the one who says it
                readings = (*((replace(r[0], owner=self._speaker, refs=(*r[0].refs, self._named_at)), *r[1:])
                              for r in readings if r and r[0].kind == "correct" and r[0].owner is None), *readings)
            if (self._speaker and self._named_at == min(sent.seqs) - 1 and not has_cjk(sent.text) and _EN_SELF_TAKE.search(sent.text)
                    and not any(r and r[0].kind in ("correct", "task") for r in readings)
                    and (passer := self._passed_on(self._named_at)) not in (None, self._speaker)):
                # "Ines, can you take the rota?" "I could, but I'm swamped… Bo, are you free?" "Sure, I'll
                # take it.": the work the one asked passes on is taken by the one they called
                readings = ((fr.Frame("correct", sent, sent.clauses, sent.clauses[0], self._speaker, old_owners=(passer,),
                                      refs=(self._named_at,)),), *readings)
            if (self._speaker and self._named_at > 0 and not has_cjk(sent.text) and _EN_MYSELF.search(sent.text) and sent.index
                    and self.sentences[sent.index - 1].seqs == sent.seqs and lx.CORRECTION.search(self.sentences[sent.index - 1].text)
                    and not any(r and r[0].kind in ("correct", "task") for r in readings)):
                # "Kirsty, could you review the method statements? Actually — scratch that, you've got
                # enough on. I'll review them myself.": the work taken back by the one who asked
                readings = ((fr.Frame("correct", sent, sent.clauses, sent.clauses[0], self._speaker,
                                      refs=(self._named_at,)),), *readings)
                settled = True
            if (self._speaker and self._named_at > 0 and not has_cjk(sent.text) and (m := _EN_MINE.match(sent.text))
                    and (m.group("not") or self._named_at in sent.seqs)  # (not the one asked saying yes: "Farah, the export?" "That one's mine.")
                    and not any(r and r[0].kind in ("correct", "task") for r in readings)):
                # "Sorry, Imogen here. That one's mine, not Tom's.": the work just asked of another is
                # the speaker's
                readings = ((fr.Frame("correct", sent, sent.clauses, sent.clauses[0], self._speaker,
                                      refs=(self._named_at,)),), *readings)
                settled = True
            if not settled and self._claim(sent):
                continue
            if not settled and not any(r and r[0].kind == "task" for r in readings):
                back = (*self._order_back(sent), *self._told_what(sent), *self._deliverable_asked(sent), *self._order_on(sent),
                        *self._thing_wanted(sent), *self._taken_back_to(sent), *self._go_instead(sent))
                readings = (*(fr.with_antecedent(r, earlier, self.participants) for r in back), *readings)
            if (not settled and self._speaker and ALREADY_DONE.match(sent.text) and sent.index
                    and min(sent.seqs) not in self.sentences[sent.index - 1].seqs
                    and self._asked_before(sent, self._speaker) and not any(r and r[0].kind == "task" for r in readings)):
                # "Meera, can you pull the CCTV…?" "Already done, sir. I got the footage yesterday":
                # the one asked answers that it is done; nothing is left to do
                readings = ((fr.Frame("cancel", sent, sent.clauses, text=strip_punct(sent.text)[:500]),), *readings)
            if (not has_cjk(sent.text) and self._speaker and _EN_DECLINE.search(sent.text)
                    and self._asked_before(sent, self._speaker)):
                # "Tom, can you…?" "No, sorry, I'm swamped this week.": turned down, which corrects
                # nothing and dates nothing (who takes it instead is said next, if anyone)
                readings = tuple(r for r in readings if not (r and r[0].kind in ("correct", "deadline")))
            if (self._speaker and not has_cjk(sent.text)
                    and (m := _EN_AWAY_FIRST.search(sent.text) or _EN_BUSY.search(sent.text)) and not _EN_YET_TAKES.search(sent.text[m.end():])
                    # (another day offered in the same turn keeps the work: "I'm off Friday. Could I do Thursday?")
                    and not lx.OTHER_DAY_OFFERED.search(self.heard.get(max(sent.seqs), ""))
                    # (a yes before the reason leaves it asked: "I could, yeah, but I'm away that weekend")
                    and not re.search(r"(?i)\b(?:I could|I can|yeah|yes|yep|sure|happy to)\b", sent.text[: m.start()])
                    and not any(r and r[0].kind in ("task", "decision", "cancel", "correct", "undecided") for r in readings)
                    # (not when the turn hands it on: "I'm off that day. Ben, could you?")
                    and not any(h.name != self._speaker for h in find_people(self.heard.get(max(sent.seqs), ""), self.participants))
                    and self._asked_before(sent, self._speaker)
                    # (away, said with no "but", turns down work first asked of them; work already passed
                    # round is kept for whoever is named next: "…Kwame, you take it." "I'm on leave." "Orla, back to you.")
                    and (m.re is not _EN_AWAY_FIRST or (held := st.focus(self._state(sent))) is None or len(held.owners) <= 1)):
                # "Kemi, you'll run the stall?" "I said I would, but I'm off that weekend.": turned down
                # by a reason, no "no"; the request is withdrawn (whoever takes it on is said next), and
                # "I don't know how I'm meant to…" asks nothing
                readings = ((fr.Frame("cancel", sent, sent.clauses, text=strip_punct(sent.text)[:500], cue="withdrawn"),),
                            *(r for r in readings if not (r and r[0].kind == "open")))
                settled = True
            if (not has_cjk(sent.text) and sent.question and sent.index + 1 < len(self.sentences)
                    and _EN_ASK_TAKEN_BACK.match((after := self.sentences[sent.index + 1]).text) and max(sent.seqs) in after.seqs):
                # "Ana, can you do the rota too? Actually, no, you're swamped already.": the ask taken
                # back at once asks nothing (whoever is asked next takes the work)
                readings = tuple(r for r in readings if not (r and r[0].kind == "task"))
            # (a reply read as unsure only may still turn the work down: "那是采购部的事，不归我们管")
            unsure = settled and all(r[0].kind in ("open", "undecided") for r in readings
                                     if r and r[0].kind in ("open", "decision", "cancel", "correct", "undecided"))
            if ((not settled or unsure) and self._speaker and has_cjk(sent.text)
                    and self._turns_down(sent)
                    and self._asked_before(sent, self._speaker) and not any(r and r[0].kind == "task" for r in readings)):
                # "小夏，家长通知你来发。" "园长，我下周要去培训三天，可能来不及。": the one asked turns
                # it down; the request is withdrawn (whoever takes it on is said next, if anyone).
                readings = ((fr.Frame("cancel", sent, sent.clauses, text=strip_punct(sent.text)[:500], cue="withdrawn"),),
                            *(r for r in readings if not (r and r[0].kind in ("open", "undecided"))))
            nobodys = [f for r in readings if r and r[0].kind == "task" for f in r if f.kind == "task"]
            if (nobodys and all(f.owner is None for f in nobodys) and not has_cjk(sent.text) and _EN_I_WILL.match(sent.text)
                    and (self._claimed_before(sent) or (self._speaker and lx.deadlines(sent.text)
                                                        and self._asked_about(sent, self._speaker, [f.work for f in nobodys])))):
                # ("I can grab that. I'll do one section a day from Monday", "Jo, can you pull the
                # numbers together?" "I'll send the numbers over by Monday": how the one who says it does the work
                # just taken, or when they do the work asked of them, no work of its own; its date is
                # that work's)
                readings = tuple(r for r in readings if not (r and r[0].kind == "task"))
                self._fuller(sent, nobodys)
                if (said := [h.text for h in lx.deadlines(sent.text)]) and not any(r and r[0].kind == "deadline" for r in readings):
                    readings = (*readings, (fr.Frame("deadline", sent, sent.clauses, candidates=tuple(said)),))
            if (not settled and self._speaker and self._named_at > 0 and turns.plans(sent.text)
                    and not any(r and r[0].kind == "task" for r in readings)):
                # (work asked of them just before: their plan is how and when they do it, unless it
                # names other work — "Can you ask the surveyor?" "Sure. I'll have the tender pack done Thursday.")
                # (what they must do, said by one given work two turns before, is why it takes time:
                # "You're on the figures." … "Figures might slip, I need to rerun the model first.")
                asked = self._just_asked(sent, self._speaker)
                must = turns.only_must(sent.text) and self._just_asked(sent, self._speaker, back=2)
                plans = self._plans_of(sent, self._speaker)
                # (one more thing beside it, said with "too", is work of its own)
                more = [m for r in plans if asked and not must and not self._other_work(sent, r) and (m := self._more_work(sent, r))]
                if asked and not must:
                    self._fuller(sent, [f for r in plans if not self._other_work(sent, r)
                                        for f in r if f.kind == "task" and not any(f in m for m in more)])
                readings = (*(fr.with_antecedent(r, earlier, self.participants, wider) for r in plans
                              if not must and (not asked or self._other_work(sent, r))),
                            *(fr.with_antecedent(m, earlier, self.participants, wider) for m in more), *readings)
            if (not settled and self._speaker and self._named_at > 0 and zh_turns.plans(sent.text)
                    and not any(r and r[0].kind == "task" for r in readings) and not self._asked_before(sent, self._speaker)
                    and not once_i_get(sent.text)  # (the step after theirs is not theirs: "行，那我拿到就送印")
                    # (what they must do that day is why they turn the work down: "我得带学生去比赛，正好撞上")
                    and not self._turns_down(sent)):
                mine = self._zh_plans_of(sent, self._speaker, earlier)
                everyone = [r for r in readings if r and r[0].kind == "deadline"] if dated_for_everyone(sent.clauses) else []
                # (a date for everyone comes first: "大家十号前交，我十一号汇总" dates the work given out,
                # then the speaker's own step is theirs)
                readings = (*((*everyone[0], *r) for r in mine if everyone), *mine, *readings)
            if not settled and not any(r and r[0].kind == "task" for r in readings):
                readings = (*self._offer_taken(sent, earlier), *readings)
            if not settled and self._speaker and not zh_turns.plans(sent.text) and not any(r and r[0].kind == "task" for r in readings) \
                    and not once_i_get(sent.text):
                readings = (*self._zh_dated_reply(sent, earlier), *readings)
            if not settled and not any(r and r[0].kind == "task" for r in readings):
                readings = (*self._zh_when_answered(sent), *self._en_when_answered(sent), *readings)
            if not settled and not readings and (offered := self._other_day_taken(sent)):
                readings = (offered,)
            if not settled and (answered := self._status_reply(sent)) and all(
                    _names_nothing(r[0].work) and not re.search(rf"(?:把|将){re.escape(r[0].work)}", sent.text)
                    for r in readings if r and r[0].kind == "task"):
                # (the answer's own reading names no thing, "我下午拆开看看": the work asked about is it;
                # a 把 object is a thing whatever jieba tags it: "我把账目明细重新列一遍")
                readings = (*answered, *(r for r in readings if not (r and r[0].kind == "task")))
            if (not settled and self._speaker and zh_turns.plans(sent.text) and self._asked_before(sent, self._speaker, undated=True)
                    and not any(r and r[0].kind in ("task", "deadline") for r in readings) and not once_i_get(sent.text)):
                # "好的，我明天就去设备处问。" from the one just asked: the date of their work
                said = [h.text for c in sent.clauses for h in lx.dates(c.text) if not fr.negated(c.text, h)
                        and not _REPORTED.search(c.text[: h.start])  # "商家说这周四发货": someone else's date
                        and not lx.DELAYED_BY.search(c.text[: h.start])]  # "发货慢了两天": how late, no date
                readings = (*readings, (fr.Frame("deadline", sent, sent.clauses, candidates=tuple(said)),)) if said else readings
            if not any(r and r[0].kind == "task" for r in readings):
                readings = (*readings, *self._handed_instead(readings, earlier, wider))
            if not any(r and r[0].kind == "task" for r in readings):
                readings = (*readings, *_taken_on_instead(sent, self.participants))
            put = not has_cjk(sent.text) and sent.question and marks.order_asked(sent.clauses[0].text)
            for reading in readings:
                if not reading or (put and reading[0].kind == "task"):
                    continue  # ("Get the intern to redo it?": put forward, nobody told)
                if self._apply(sent, reading):
                    if reading[0].kind == "open":
                        # (what is put off stays open; work given by name in the same breath is still
                        # given: "这个事先不定，小徐你把两种方案的预算都做一下，下周一例会再议")
                        put_off = reading[0].main or reading[0].clauses[0]
                        given = next((r for r in readings if r and r[0].kind == "task" and r[0].owner
                                      and put_off not in r[0].clauses), None)
                        if given is not None:
                            self._apply(sent, given)
                    break
        self._answered_firmly()
        self._agreed()
        self._agreed_then_said()
        self._reversed()
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
                if f.owner is not None and (asked := self._ask_taken_back(sent)) is not None:
                    # "Anjali, can you call Thermo about it — actually, no, Carlos, you do it": the ask
                    # taken back goes to the one named now, not the work in focus before it; "Priya,
                    # can you send the work order — actually, no, I'll do it": to the one who says it
                    to = f.owner if f.owner != asked.owner else (
                        self._speaker if self._speaker and self._named_at > 0 and _EN_SELF_TAKE.search(sent.text) else None)
                    refs = (*asked.refs, *f.refs, self._named_at) if to == self._speaker else (*asked.refs, *f.refs)
                    if to is not None and to != asked.owner and (done := self._task(replace(
                            asked, owner=to, clauses=(*asked.clauses, *f.clauses), refs=refs))) is not None:
                        done[0].seqs.update(refs)  # (where the one who takes it is named)
                        done[0].new = done[0].new or any(s >= self.new_from for s in refs)
                        made.append(done)
                    continue
                ok = self._correct(f)
                if not ok and n == 0:
                    return False
            elif f.kind == "task":
                nxt = self.sentences[sent.index + 1] if sent.index + 1 < len(self.sentences) else None
                if (f.owner is not None and nxt is not None and self._same_breath(sent.index, sent.index + 1)
                        and fr.withdrawn_at([*sent.clauses, *nxt.clauses], self.participants) == len(sent.clauses)):
                    continue  # ("Tomasz, you do the shift plan for the... no wait, you're off next week, right?")
                if ex.EN_TAKEN_BACK.search((f.main or f.clauses[0]).text):
                    # "Can you put the order in — no, wait, …": asked, then taken back at once. (A name
                    # said alone before the ask is checked in ``extract.vocative``: there the frame's
                    # main clause is the name, and the ask taken back is the clause after it.)
                    continue
                if re.fullmatch(r"(?i)me|us|myself|ourselves", (f.work or "").strip()):
                    continue  # "Lunch is on me": who pays, no work
                if f.owner is None and self._speaker and self._named_at > 0 and turns.FIRST_PERSON.search((f.main or f.clauses[0]).text):
                    if turns.pronoun_object(f.work):
                        continue  # "Sure, I'll take a look.": agreeing to the work just asked for
                    # "I did, yes. I'll send round a sign-up sheet.": the name was said in the turn before
                    f = self._it_named(replace(f, owner=self._speaker, refs=(*f.refs, self._named_at)), sent)
                if (done := self._task(f)) is not None:
                    done[0].seqs.update(f.refs)  # where the owner or the title's words were said, also when restated
                    done[0].new = done[0].new or any(s >= self.new_from for s in f.refs)  # named only now
                    made.append(done)
            elif f.kind == "share_due":
                # "张三负责前端，李四负责后端，周五之前都要完成": a shared deadline reaches every task.
                for it, used in made if f.share else made[-_split_tail(reading[:n]) :]:
                    if (it.payload.get("due_date_raw") is None or it.extra.get("intro") != sent.index
                            # ("你这周把…弄完，周五之前给我": the day within the week it was given)
                            or (_SPAN_ONLY.fullmatch(it.payload["due_date_raw"]) and not _SPAN_ONLY.fullmatch(f.due))):
                        # (a task said before and handed over or restated here: the date moves)
                        it.payload["due_date_raw"] = f.due
                    used.append(f.clauses[0])
                    self._refresh(it, used)
            elif f.kind == "unowned" and not refer.no_work(f.work) and self._speaker and self._named_at > 0 and (
                    aim := next((c for c in f.scope.clauses if _EN_AIMING.search(c.text)), None)) is not None:
                # "The pitch has to go in a week before release, so I'm aiming for the 3rd.": the
                # speaker takes it on, by the day they aim for
                due = next((h.text for h in lx.deadlines(aim.text)), None) or f.due
                clauses = tuple(dict.fromkeys((*f.clauses, aim)))
                done = self._task(fr.Frame("task", f.scope, clauses, f.main or f.clauses[0], self._speaker, f.work, due,
                                           refs=(*f.refs, self._named_at)))
                if done is not None:
                    done[0].seqs.update((*f.refs, self._named_at))
                    made.append(done)
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
                if (len(f.scope.clauses) <= 2 and en_matter_day(f.scope.text.replace(",", " ")) is not None
                        and st.by_topic(self._state(f.scope), f.scope.text, self.participants) is None):
                    continue  # "Now, toolbox talk Monday.": a new matter opened with its day, no task's date
                if self._day_of_new_matter(f.scope):
                    continue
                before = self.sentences[sent.index - 1] if sent.index else None
                if before is not None and before.question and min(sent.seqs) > max(before.seqs) and _WHEN_AROUND.search(before.text):
                    continue  # ("Ravi, when are you back?" "The ninth.": when they are there, no work's date)
                if before is not None and not before.question:
                    # (the question may open the turn before: "阿明，登入那个礼拜三前可以吗？客服那边一直在催。")
                    before = next((s for s in self.sentences[max(0, sent.index - 3) : sent.index][::-1]
                                   if s.question and s.seqs == before.seqs), before)
                before = self._past_own_guess(before, sent)
                # a question asking when, or about a live task ("货架规划要不要等年后？"), is what the date answers
                asked = before.text if before is not None and before.question and (
                    lx.WHEN_ASKED.search(before.text) or st.by_topic(self._state(f.scope), before.text, self.participants, floor=0.2)
                ) else ""
                # (or the whole turn before, when this one opens with a word of its own — "哎对，差点忘了。那
                # 就下周二吧" — or its pushback was said first: "The 20th is… tight. I'm still waiting on…")
                said_before = self.heard.get(min(f.scope.seqs) - 1, "")
                countered = any(bool(lx.DATE_PUSHBACK.search(b)) and lx.says_date(b)
                                for b in (before.text if before is not None else "", said_before))
                # (or a yes with a day from the one just called: "Amir?" "Yep, Wednesday.")
                confirms = bool(_YES_A_DAY.match(f.scope.text) and f.scope.seqs and self._named_at == min(f.scope.seqs) - 1)
                speaker = self._speaker if (turns.FIRST_PERSON.search(f.scope.text) or zh_turns.plans(f.scope.text)
                                            or confirms) else None
                if f.cue != "plan" and not turns.FIRST_PERSON.search(f.scope.text) and self._status_dated(sent, f):
                    continue
                moved = st.on_deadline(self._state(f.scope), f, self.participants, asked, countered, speaker,
                                       self.heard.get(min(f.scope.seqs) - 1, ""))
                self._ops(f.scope, *moved)
                for op in moved[1]:
                    self._item(op.ref).seqs.update(f.refs)  # (the day granted was said in the question before)
        return True

    def _other_day_taken(self, sent: Sentence) -> fr.Reading:
        """"Can I have till the 20th?" "Sure.": another day asked for, and granted by a bare yes in
        the next turn, is the work's date (read as a counter-offer: the question pushed back)."""
        if not sent.index or has_cjk(sent.text) or not _GRANTED.fullmatch(sent.text.strip()):
            return ()
        before = self.sentences[sent.index - 1]
        if not before.question or max(before.seqs) != min(sent.seqs) - 1 or not lx.OTHER_DAY_OFFERED.search(before.text):
            return ()
        if not self.heard.get(min(sent.seqs) - 1, "").rstrip().endswith("?"):
            return ()
        said = [h.text for h in lx.dates(before.text) if not fr.negated(before.text, h)]
        if not said:
            return ()
        return (fr.Frame("deadline", sent, sent.clauses, candidates=(said[-1],), refs=tuple(before.seqs)),)

    def _fuller(self, sent: Sentence, plans: Sequence[fr.Frame]) -> None:
        """"Marcus, can you ring them today?" "Yeah, I'll ring the courier company after lunch.": the
        work in focus, asked with only a pronoun for its object, is titled by the reply that names
        it with the same verb."""
        f = st.focus(self._state(sent))
        if f is None or not turns.pronoun_object(f.title):
            return
        verb = f.title.split()[0].lower()
        fuller = next((p.work for p in plans if p.work.split()[:1] and p.work.split()[0].lower() == verb
                       and not turns.pronoun_object(p.work)), None)
        if fuller:
            it = self._item(f.ref)
            it.payload["title"] = fuller
            self._touch(it, sent)

    def _turns_down(self, sent: Sentence) -> bool:
        """The utterances ``sent`` is said in turn the work down (``_declines``, read whole)."""
        return _declines("".join(self.heard.get(q, "") for q in sorted(sent.seqs)))

    def _answer(self, sent: Sentence, f: fr.Frame) -> bool:
        """"谁来负责压测？" "王五吧。": the name answers the question just asked; the task quotes both."""
        prev = self.sentences[sent.index - 1] if sent.index else None
        if (f.owner is not None and prev is not None and not prev.question and has_cjk(sent.text)
                and any(re.match(r"你?(?:(?:来|去)?(?:牵头|负责|主导|跟进)|来(?:弄|做|吧))", sent.text[h.end :])
                        for h in find_people(sent.text, self.participants) if h.name == f.owner)
                and (unowned := self._unowned_near(sent)) is not None):
            # "…展台得有人牵头。谁来？" "那我来吧，…" "好，王芳牵头。": the one named at last takes the
            # work nobody had taken yet (a volunteer's plan between, whoever said it)
            self._set_owner(unowned, f.owner)
            if (due := next((h.text for c in f.clauses for h in fr.due_hits(c.text, work=True)), None)) and not unowned.payload.get("due_date_raw"):
                unowned.payload["due_date_raw"] = due
            self._touch(unowned, sent, list(f.clauses))
            return True
        gap = 1
        if (prev is not None and not prev.question and prev.index and has_cjk(sent.text) and zh_turns.bare_claim(prev.text)
                and max(prev.seqs) == min(sent.seqs) - 1 and self.sentences[prev.index - 1].question
                and max(self.sentences[prev.index - 1].seqs) == min(prev.seqs) - 1):
            # ("谁来写？" "我来吧。" "小周你写？行。": the one who offered, named when the offer is taken)
            prev, gap = self.sentences[prev.index - 1], 2
        if prev is None or not prev.question or max(prev.seqs) < min(sent.seqs) - gap or f.owner is None:
            return False
        asked = fr.who_task(prev, f.owner, self.participants)
        if asked is None and prev.index and max(self.sentences[prev.index - 1].seqs) >= min(prev.seqs) - 1:
            asked = self._asked_before_who(self.sentences[prev.index - 1], prev, f.owner)
        if asked is None:
            return False
        both = Sentence((*asked.clauses, *f.clauses), sent.index)
        # "谁来整理纪要？" "我看王芳合适，周五前弄完。": the date said with the answer is the work's
        due = asked.due or next((h.text for c in f.clauses[1:] for h in fr.due_hits(c.text, work=True)), None)
        self._task(fr.Frame("task", both, both.clauses, asked.main, f.owner, asked.work, due))
        return True

    def _unowned_near(self, sent: Sentence) -> _Item | None:
        """The one task nobody has taken yet, said within the last two utterances before ``sent``."""
        near = [it for it in self._tasks() if not it.payload.get("owner") and it.seqs and max(it.seqs) >= min(sent.seqs) - 2
                and max(it.seqs) < min(sent.seqs)]
        return near[0] if len(near) == 1 else None

    def _asked_before_who(self, said: Sentence, question: Sentence, name: str) -> fr.Frame | None:
        """ "油污今天收工前都给我刷干净。" "谁刷啊？" "小龙刷。": a who-question with only a verb asks
        who does the work ``said`` just before with that verb — ``said`` read as told to ``name``."""
        m = re.search(r"谁(?:来|去)?(?P<v>[\u3400-\u9fff])", question.text)
        if m is None or len(strip_punct(question.text)) > 8:
            return None
        for c in reversed(said.clauses):
            if m.group("v") not in c.text or find_people(c.text, self.participants):
                continue
            told = Sentence((replace(c, text=f"{name}，{c.text}"),), said.index)
            for r in fr.read(told, self.participants):
                if r and r[0].kind == "task" and r[0].owner == name:
                    return replace(r[0], scope=said, clauses=(c,), main=c)
        return None

    def _status_dated(self, sent: Sentence, f: fr.Frame) -> bool:
        """ "王芳，周报的进度怎么样？" "还在弄。" "那周五之前给我。": a date ordered (not a plan said back)
        within three sentences of asking someone how their work is going dates that work, theirs — a
        task made here if none was, the same task restated if it was (so a reread changes nothing)."""
        said_at = f.scope.text.find(f.candidates[0]) if f.candidates else -1
        if said_at > 0 and not has_cjk(f.scope.text) and _EN_HAVE_ON.search(f.scope.text[:said_at]):
            return False  # ("We've got two short on Friday.": when the trouble is, no date for the work)
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1) if f.candidates else ():
            asked = status_asked(self.sentences[k], self.participants, self.sentences[k - 1] if k else None)
            if asked is None:
                continue
            first = k - 1 if k and not find_people(self.sentences[k].text, self.participants) else k
            said = [c for s in self.sentences[first : sent.index] for c in s.clauses]
            both = Sentence((*said, *f.scope.clauses), sent.index)
            work = _planned_work(f.scope.text, asked[1])
            self._task(fr.Frame("task", both, both.clauses, self.sentences[k].clauses[-1], asked[0], work, f.candidates[0]))
            return True
        return False

    def _claimed_before(self, sent: Sentence) -> bool:
        """The sentence before, in the same utterance, takes the work just said ("I can grab that."),
        and ``sent`` names no more work ("also", "too", "as well")."""
        return bool(sent.index and self.sentences[sent.index - 1].seqs == sent.seqs
                    and en_turns.claims(self.sentences[sent.index - 1].text)
                    and not re.search(r"\b(?:also|too|as well)\b", sent.text, re.IGNORECASE))

    def _asked_about(self, sent: Sentence, name: str, works: Sequence[str]) -> bool:
        """Whether ``name`` was asked in the turn before for work that every one of ``works`` is about."""
        # (read in this pass only, and said in the turn right before: a stored task that came of
        # this very sentence, or of their own plan two turns back, is no request)
        asked = [it.payload.get("title") or "" for it in self._tasks()
                 if it.payload.get("owner") == name and it.extra.get("intro") is not None and it.extra["intro"] < sent.index
                 and min(self.sentences[it.extra["intro"]].seqs) == min(sent.seqs) - 1]
        return bool(asked) and all(any(st.topic_score(a, w) > 0 for a in asked) for w in works)

    def _passed_on(self, seq: int) -> str | None:
        """The one who says English utterance ``seq`` when they were asked for work in the utterance
        right before it (they answer it, and may pass it on); None otherwise."""
        said_by, _ = en_turns.speaker(seq, self.heard, self.participants, self._given_to, last=seq)
        asked = any(it.payload.get("owner") == said_by and seq - 1 in it.seqs for it in self._tasks())
        return said_by if said_by is not None and asked else None

    def _asked_just_now(self, sent: Sentence) -> list[str]:
        """The titles of the speaker's tasks that the utterance right before ``sent`` cites (what they
        were just asked to do)."""
        return [it.payload.get("title") or "" for it in self._tasks()
                if it.payload.get("owner") == self._speaker and min(sent.seqs) - 1 in it.seqs]

    def _more_work(self, sent: Sentence, reading: fr.Reading) -> fr.Reading:
        """The tasks of a plan that the one just asked says with "too" / "as well" / "also" and that
        share no word with what they were asked ("Can you put the rota up?" "Yes, today, and I'll
        phone the caterer too."); () when none."""
        if has_cjk(sent.text) or not _EN_MORE.search(sent.text):
            return ()
        asked = self._asked_just_now(sent)
        return tuple(f for f in reading if f.kind == "task" and asked and all(st.topic_score(a, f.work) == 0 for a in asked))

    def _other_work(self, sent: Sentence, reading: fr.Reading) -> bool:
        """Whether a plan's task is the matter its speaker was asked about before the request just
        put to them, and shares no word with that request ("Lucia, where are we on the tender
        documents?" … "Can you ask the surveyor today?" "Sure. I'll have the tender pack complete by
        Thursday.")."""
        asked = self._asked_just_now(sent)
        # (the matter asked about up to four utterances back, however many sentences the answers ran to)
        matters = [m[1] for k in range(max(0, sent.index - 12), sent.index)
                   if max(self.sentences[k].seqs) >= min(sent.seqs) - 4
                   and (m := status_asked(self.sentences[k], self.participants)) is not None and m[0] == self._speaker]
        works = [f.work for f in reading if f.kind == "task"]
        return bool(works and matters) and all(
            all(st.topic_score(a, w) == 0 for a in asked) and any(st.topic_score(m, w) > 0 for m in matters) for w in works)

    def _status_reply(self, sent: Sentence) -> list[fr.Reading]:
        """ "晓东，家属签字了吗？" "还没签，我待会儿就去补。" / "刘护士长，排班表啥时候出啊？" "还没弄好，
        下周二前发给大家。" / "Tom, how's the price list coming along?" "Nearly. I'll send it Friday.":
        the one asked how their work stands answers with their plan or a deadline, in the utterance
        right after the question and naming nobody — the work asked about is theirs, dated by the
        answer; unless it is a live task already (the answer is its news, read as such elsewhere)."""
        first = min(sent.seqs)
        # (a step already taken before the plan is no answer that it is done: "I've already raised
        # the job card, and I will get it checked by tomorrow")
        done = [c for c in sent.clauses if _DONE_ALREADY.search(c.text)]
        if not sent.index or find_people(sent.text, self.participants) or (
                done and not any(turns.FIRST_PERSON.search(c.text) for c in sent.clauses if c not in done)):
            return []
        asked, question = None, None
        for j in range(sent.index - 1, -1, -1):
            q = self.sentences[j]
            if first in q.seqs:
                continue
            if max(q.seqs) != first - 1:
                break
            asked = status_asked(q, self.participants, self.sentences[j - 1] if j else None, broad=True)
            if asked is not None:
                question = q
                break
        zh = has_cjk(sent.text)
        plan = zh_turns.plans(sent.text) if zh else bool(turns.FIRST_PERSON.search(sent.text))
        if asked is None and (zh_turns.plans(sent.text) if zh else _EN_TAKES_IT.search(sent.text)):
            asked, question = self._matter_put(first - 1)
        if asked is None or question is None or self._speaker not in (None, asked[0]) or self._asked_before(sent, asked[0]):
            return []  # (work asked of them before: their plan is how and when they do it)
        made = [it for it in self._tasks() if it.payload.get("owner") == asked[0] and first - 1 in it.seqs and it.seqs & set(sent.seqs)]
        work = _planned_work(sent.text, asked[1])
        if any(it.payload.get("title") != work for it in made):
            return []  # (their answer already made their task, read from its own words on a pass before)
        state = self._state(sent)
        others = replace(state, tasks=tuple(t for t in state.tasks if t.owner == asked[0] and not t.seqs & set(sent.seqs)))
        if st.by_topic(others, work, self.participants, floor=0.3) is not None:
            return []
        # (a date said as a deadline or with the plan: "明天还要下" after "下雨了吗？" is no answer about work)
        due = next((h.text for c in sent.clauses for h in (fr.due_hits(c.text, work=True) if not plan else lx.dates(c.text))
                    if not fr.negated(c.text, h) and not _PAST_DAY.match(h.text)
                    # ("We're two chairs short on Friday": when the trouble is, no day for work)
                    and (plan or zh or not _EN_HAVE_ON.search(c.text[: h.start]))), None)
        if not plan and due is None:
            return []
        if zh and re.search(r"呢[？?]?\s*$", question.text) and not any(
                zh_turns.plans(c.text) and "了" not in c.text and any(not _PAST_DAY.match(h.text) for h in lx.dates(c.text))
                for c in sent.clauses):
            return []  # ("鱼池那边呢？" asks how it stands: only a dated plan of the one called answers with work)
        both = Sentence((*question.clauses, *sent.clauses), sent.index)
        return [(fr.Frame("task", both, both.clauses, question.clauses[-1], asked[0], work, due),)]

    def _announced_list(self, sent: Sentence) -> bool:
        """``sent`` opens with a count ("第二，…") of a list that a sentence before it in the same
        utterance announced as decided ("讲两件定下来的事", "宣布三个决定")."""
        if not has_cjk(sent.text) or not _POINT_COUNTED.match(sent.clauses[0].text):
            return False
        for j in range(sent.index - 1, max(-1, sent.index - 8), -1):
            before = self.sentences[j]
            if not set(before.seqs) & set(sent.seqs):
                return False
            if _ZH_LIST_DECIDED.search(before.text):
                return True
        return False

    def _matter_put(self, seq: int) -> tuple[tuple[str, str] | None, Sentence | None]:
        """ "Shane, the scaffold on the north side, the inspector flagged a missing toe board." /
        "老周，二号车床又卡刀了。": utterance ``seq`` opens by calling one person and names a matter,
        asking nothing — ((that person, the matter), its sentence), or (None, None)."""
        said = [s for s in self.sentences if seq in s.seqs and min(s.seqs) == seq]
        if not said or len(find_people(said[0].text, self.participants)) != 1 or len(said[0].clauses) < 2:
            return None, None
        q = said[0]
        if q.question or self._decided_at(q.index):
            return None, None  # (a request or question is read as one; a rule kept to is no work taken)
        hits = find_people(q.clauses[0].text, self.participants)
        if len(hits) != 1 or strip_punct(q.clauses[0].text[hits[0].end :]).strip() or hits[0].start > 6:
            return None, None  # (the name alone opens it: a call)
        work = ex.clean_title(lx.without_dates(strip_punct(q.clauses[1].text)))  # ("三号机昨天夜班又卡了": 三号机夜班又卡)
        if len(work) < 2 or refer.no_work(work) or _OWN_REPORT.search(q.clauses[1].text):
            return None, None
        return (hits[0].name, work), q

    def _day_of_new_matter(self, sent: Sentence) -> bool:
        """ "Can I just say — the back gate. It won't lock. Before the open day, ideally.": an English
        day said alone after its turn opened a matter of its own (a thing named alone that is no live
        task) is that matter's, not the date of the work in focus; so is a Chinese date said of a
        thing that opens its sentence with 的话 ("押金的话月底之前交就行")."""
        if has_cjk(sent.text) and (m := re.match(r"(?:那|那个)?(?P<x>[\u3400-\u9fff]{2,8}?)的话", sent.clauses[0].text)):
            # ("押金的话…月底之前交就行": the date of the thing the sentence is about, no other work's)
            return not find_people(sent.text, self.participants) and st.by_topic(self._state(sent), m.group("x"), self.participants) is None
        if has_cjk(sent.text) or find_people(sent.text, self.participants) or turns.FIRST_PERSON.search(sent.text) \
                or len(lx.without_dates(strip_punct(sent.text), " ").split()) > 3:
            return False
        state = self._state(sent)
        for s in self.sentences[max(0, sent.index - 3) : sent.index]:
            if not set(s.seqs) & set(sent.seqs):
                continue
            for c in s.clauses:
                # (the matter may follow a lead: "Can I just say — the back gate.")
                thing = named_alone(c.text) or named_alone(re.split(r"\s[—–]\s", c.text)[-1])
                # ("…, the usual stuff." / "…, the rest.": what else goes in, no matter of its own)
                if thing and thing.lower() not in ("usual", "rest", "same", "lot", "works") and st.by_topic(state, thing, self.participants) is None:
                    return True
        return False

    def _past_own_guess(self, before: Sentence | None, sent: Sentence) -> Sentence | None:
        """The question a date in ``sent`` answers: ``before``, or past it when it is the answer's own
        guess asked back in the same turn ("How long will that take you?" "A week? Say by the
        20th.")."""
        if (before is not None and before.question and before.seqs == sent.seqs and before.index
                and self.sentences[before.index - 1].question and max(self.sentences[before.index - 1].seqs) == min(sent.seqs) - 1):
            return self.sentences[before.index - 1]
        return before

    def _about_other_matter(self, sent: Sentence) -> bool:
        """``sent`` answers a question about a matter that is no live task ("供应商审核能不能改期？"
        "能，改到下周二。"): a date it names is that matter's, not the work in focus."""
        if not sent.index or not self.sentences[sent.index - 1].question:
            return False
        before = self._past_own_guess(self.sentences[sent.index - 1], sent)
        if find_people(sent.text, self.participants):
            return False
        state = self._state(sent)
        if (held := st.focus(state)) is not None and held.intro is not None and set(before.seqs) & set(self.sentences[held.intro].seqs):
            return False  # ("Could you book the van? The big one?" "Yes, tomorrow.": the question says which thing asked)
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
        if (f.owner is not None and not f.works
                and (withdrawn := next((it for it in self.items if it.cancelled and it.extra.get("withdrawn") == min(f.scope.seqs) - 1),
                                       None)) is not None
                and withdrawn.payload.get("owner") != f.owner and self._asked_after_correction(f.scope.text, f.owner)):
            # "…你把那批货拉去质检一下。" "我下周休假啊。" "哦对，不对，那小周你去吧": the ask turned down
            # just now goes to the one named after the correction
            withdrawn.cancelled = None
            self._set_owner(withdrawn, f.owner)
            self._touch(withdrawn, f.scope, list(f.clauses))
            return True
        state = self._state(f.scope)
        if not f.old_owners and not f.works and self._past_item(state, f.scope, 0.5 if f.owner else 0.2):
            return False
        out = st.on_correct(state, f, self.participants)
        if out is None:
            return False
        self._ops(f.scope, *out)
        for op in out[1]:
            if op.name == "reassign":
                retitle_handed_on(self._item(op.ref), f.scope.clauses, self.participants)  # "…，报废清单整理出来"
            if f.refs and op.owner == f.owner:
                # (the new owner named only after it, in the turn that answers: cited, and news now)
                it = self._item(op.ref)
                it.seqs.update(f.refs)
                it.new = it.new or any(s >= self.new_from for s in f.refs)
        return True

    def _asked_after_correction(self, text: str, owner: str) -> bool:
        """``owner`` is asked for the work after the correction ("不对，那小周你去吧"), not named as
        the reason it cannot be theirs ("不对，小周手上已经有活了")."""
        cue = next(reversed(list(lx.CORRECTION.finditer(text))), None)  # (the last correction said)
        return cue is not None and any(
            h.name == owner and h.start >= cue.end() and _ASKED_BY_NAME.match(text, h.end)
            for h in find_people(text, self.participants))

    def _handed_instead(self, readings: Sequence[fr.Reading], earlier: Sequence[Sentence],
                        wider: Sequence[Sentence]) -> list[fr.Reading]:
        """Tried after ``readings``: a correction that hands work over ("还是你来吧") and finds nothing to
        correct still gives the matter just named to the one it names ("还有一个，处方点评…曹老师，…还是
        你来吧，月底交给我"), titled by that matter."""
        out = []
        for r in readings:
            if r and r[0].kind == "correct" and r[0].owner and not r[0].works and _INSTEAD_DOES.search(r[0].scope.text):
                pointer = "这个" if has_cjk(r[0].scope.text) else "it"
                out.append(fr.with_antecedent((replace(r[0], kind="task", work=pointer),), earlier, self.participants, wider))
        return out

    def _past_item(self, state: st.DialogueState, sent: Sentence, floor: float = 0.5) -> bool:
        """The task in focus was said before the agenda moved on to another item, and ``sent`` names
        no task: "第一个…何姐你牵个头" "第二个，节假日排班。…小田，还是你来排吧" corrects nothing; nor
        does a date moved after another matter was opened ("还有总部新系统的培训…" "…又改了，改到下周二").
        ``floor``: how near the sentence's words must come to a task's title to name it (a date moved
        alone names its task by any word of it: "尺寸的事改到下周一")."""
        f = st.focus(state)
        if f is None or st.by_topic(state, sent.text, self.participants, floor=floor) is not None:
            return False
        return any(lx.NEW_ITEM.match(s.text) or (re.match(r"^(?:还有|另外)(?![，,])", s.text) and refer.subject(s.clauses[0].text, self.participants)
                                                 and st.by_topic(state, s.text, self.participants) is None)
                   for s in self.sentences[f.touched + 1 : sent.index + 1])

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
        # (or in the turn right after it, however many sentences: "…drop the extra ladder, we've got two
        # in the shed." "Ah, fine. Forget that then.")
        void_before = self._void_cancel >= sent.index - 2 or (
            self._void_cancel >= 0 and sent.seqs and max(self.sentences[self._void_cancel].seqs) >= min(sent.seqs) - 1
            and re.search(r"(?i)\b(?:that|it|this)\b", sent.text) is not None and not has_cjk(sent.text))
        said_before = self.heard.get(min(sent.seqs) - 1, "")
        held = st.focus(state)
        # ("And we said we'd hire a coach, right?" "No need. …": the cue answers the plan just
        # brought up, which is no task, not the task discussed before it)
        void_before = void_before or bool(
            held is not None and held.last_seq < min(sent.seqs) - 1 and _PROPOSED.search(said_before)
            and lx.CANCEL.match(strip_punct(sent.text).strip()) and st.by_topic(state, said_before, self.participants) is None)
        if void_before and st.by_topic(state, f.scope.text, self.participants) is None:
            # "That's cancelled." (of no task) "Right, cancelled.": the same matter again.
            self._void_cancel = sent.index
            return
        out = st.on_cancel(state, f, self.participants)
        for op in out[1] if f.cue == "withdrawn" else ():
            self._item(op.ref).extra["withdrawn"] = max(sent.seqs)
        if not out[1]:
            self._void_cancel = sent.index
            said = strip_punct(sent.text)
            if (has_cjk(said) and _ZH_CALLED_OFF_LAST.search(said) and len(sent.clauses) > 1
                    and not self._decided_at(sent.index) and not any(it.kind == "decision" and it.seqs & set(sent.seqs) for it in self.items)):
                # "下午三十六度，拔河比赛要出事的，取消吧": no task is dropped; an event is called off
                self._intro("decision", {"text": said}, sent, sent.clauses, sent.clauses[-1])
        self._ops(f.scope, *out)


# An utterance said into a phone: "喂？……", "Hello? … yeah, I'm in a meeting".
_ON_THE_PHONE = re.compile(r"^\s*(?:喂[？?，,…。！!]|hello\?)", re.IGNORECASE)


# The asker taking an ask back with a reason about the one asked: "Actually, no, you've got enough on."
_EN_ASK_TAKEN_BACK = re.compile(r"^\W*(?:(?:actually|wait|hmm|oh|sorry)[,.\s]+)*no[,.!\s]+(?:(?:wait|sorry)[,.\s]+)?"
                                r"you(?:'re| are|'ve got| have got| have)\b", re.IGNORECASE)
# A bare yes granting what was just asked ("Sure.", "Fine by me.", "Go ahead.", "That works.").
_GRANTED = re.compile(r"\W*(?:(?:yes|yeah|yep|sure|okay|ok|fine|alright|all right|right|deal|no problem|go ahead|"
                      r"that works|that's fine|fine by me|works for me|that's okay)[,.!\s]*){1,3}(?:then)?[.!]?", re.IGNORECASE)
# A plan said in the first person: "I'll …", "I will …".
_EN_I_WILL = re.compile(r"^(?:(?:yeah|yes|sure|okay|ok|right|fine|and|so|then)[,\s]+)*I(?:'ll| will)\s+(?!be\b|have to\b|need\b)", re.IGNORECASE)


# A plan brought up for a yes or no: "earlier we said we'd…", "do we need…", "要不要…".
_PROPOSED = re.compile(r"(?i)\bwe (?:said|agreed) we'?d\b|\bwe were going to\b|\b(?:should|shall|do) we (?:need to )?\b|要不要|需不需要|是不是要|本来说")


# An event called off, said last in its sentence ("…，取消吧").
_ZH_CALLED_OFF_LAST = re.compile(r"取消(?:吧|了|掉|算了)?$")


def analyze(
    window: Sequence[tuple[int, str]],
    participants: Sequence[str],
    language: str,
    intents: Sequence[Mapping[str, Any]] = (),
    new_from_seq: int | None = None,
    meeting_date: date | str | None = None,
    completion: bool = False,
    introductions: Sequence[tuple[int, str]] = (),
) -> list[Proposal]:
    """Proposals for ``window`` given the meeting's current ``intents`` (compact dicts).

    ``window``: (seq, text) in order — already-analyzed recent utterances followed by the new ones.
    ``new_from_seq``: first seq of the new part (default: the whole window is new). ``language``
    is a hint only: every sentence is read with the patterns of the script it is written in.
    ``meeting_date`` (a date or ISO string): a task's ``due_date`` is resolved against it.
    ``completion`` (suggest mode): a new task without an owner, or with a deadline that names no
    single day, comes with a ``completion`` question citing the same evidence.
    ``introductions`` (seq, text): where people may have said who they are, usually the meeting's
    opening, which the window no longer shows (``names.introduced``): one called by a name they gave
    there ("朵朵妈妈") is that participant, and the utterance is cited with what they are given.
    Every proposal's evidence is a verbatim substring of one of its cited utterances.
    """
    del language  # sentences are routed by script; mixed-language meetings work the same way
    window = [(int(s), str(t)) for s, t in window if str(t).strip()]
    if not window:
        return []
    start = window[0][0] if new_from_seq is None else new_from_seq
    on = meeting_date if isinstance(meeting_date, date) else parse_iso(meeting_date)
    opening = {int(s): str(t) for s, t in introductions if int(s) < window[0][0]}
    aliases = introduced([*opening.items(), *window], participants)
    token = ALIASES.set(aliases)
    try:
        return _Analysis(window, participants, intents, start, on, completion, aliases, opening).run()
    finally:
        ALIASES.reset(token)
