"""Stage 3: frames. One sentence (its clauses) in, the readings of it out.

Pure. A *frame* is what one part of a sentence does, with its slots: a task (owner, work, due), a
decision, a cancellation, a correction (new owner, old owners, new date), an open question, a hedge
that is only a note, a conflict between two dates, a deadline said on its own. A sentence can be
read several ways: ``read`` returns the readings most specific first, and the dialogue state (the
analyzer) takes the first whose leading frame applies — a correction applies only when some task
is there to correct, an "open question" only when a matter to leave open is found; every other
frame always applies. Nothing here looks at the ledger.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from . import agreement as ag
from . import extract as ex
from . import lexicon as lx
from . import mentions
from .addressing import addressed_work, asked_without_you, called, name_called_last, said_to, told_to_have
from .answers import answer, who_task
from .antecedents import en_titled, with_antecedent
from .asking import _vocative_tasks, _zh_request
from .corrections import cancel, corrected_due, correction, new_owner, theirs_then
from .decision_frames import _asked_to_settle, about_decided, decision, same_decision, settle
from .due import NEGATED, conflict, date_order, deadline, due_hits, negated, promised
from .frame_types import KINDS, REFUSABLE, Frame, Reading
from .marks import _assignment_in, decided, has_trigger, hedges, open_answer, open_mark, without_open_mark
from .names import ALIASES, Alias, find_people
from .orders import _bare_topic, names_work
from .polite import zh_polite
from .task_frames import said_now, source_only, tasks, unowned
from .text import Clause, Sentence, has_cjk, strip_punct

# The frames stage is one entry (``read``); its recognisers live in the modules above, by family.
# Every public name is still reachable as ``frames.<name>``, as it was before the split.
__all__ = [
    "JOINT", "KINDS", "NEGATED", "REFUSABLE", "Frame", "Reading", "about_decided", "addressed_work", "answer",
    "called", "cancel", "conflict", "corrected_due", "correction", "date_order", "deadline", "decided",
    "decision", "due_hits", "en_titled", "has_trigger", "hedges", "names_work", "negated", "new_owner", "open_answer", "open_mark",
    "promised", "read", "said_now", "said_to", "same_decision", "settle", "source_only", "tasks", "unowned",
    "who_task", "with_antecedent", "withdrawn_at", "without_open_mark",
]

JOINT = re.compile(r"一起|一块儿?|共同|\btogether\b|\bjointly\b", re.IGNORECASE)
# Moved to a set point ("挪到2.5", "改到下周四"), not to a later talk ("放到下次会上讨论").
_MOVED = re.compile(r"(?:改到|推迟到|延期到|延到|延后到|提前到|挪到|放到)(?![^，,。]*(?:讨论|商量|再|会上|以后|之后|回头|下次|议))[^，,。]{1,12}$")


# What an agreement gives as its reason ("Agreed, it's cleaner", "…, because it's cheaper"), not a
# statement of its own ("Agreed, the launch moves to March 3rd").
_REASON = re.compile(r"^(?:(?:it|that|this|they)(?:'s|'d|'ll|\s+(?:is|was|would|will|makes))?|because|since)\b",
                     re.IGNORECASE)


def read(sent: Sentence, participants: Sequence[str]) -> tuple[Reading, ...]:
    """The readings of ``sent``, most specific first (see the module doc)."""
    # Pure in its two arguments, and the analyzer rereads every sentence on each new utterance. A
    # sentence's index in the window shifts as the window slides, and the reading never looks at
    # it (it only passes it on to the scopes it builds): read once at index 0, the scopes then
    # moved to the sentence's index.
    # (who a name given in the meeting calls is part of what it reads: ``names.ALIASES``)
    if not sent.index:
        return _read(sent, tuple(participants), ALIASES.get())
    return tuple(tuple(replace(f, scope=replace(f.scope, index=sent.index)) for f in r)
                 for r in _read(replace(sent, index=0), tuple(participants), ALIASES.get()))


# A 把 object right before 改成 / 换成 (in the same clause): the thing the work changes.
_BA_CHANGED = re.compile(r"(?:把|将)[^，,。；;把将]{1,16}?(?:全部|全都|都|全|统一|一律)?$")


# The speaker's own plan with a thing of its own, said "instead" of work just dropped.
_EN_MY_OWN_INSTEAD = re.compile(r"(?i)\bI(?:'ll| will| can)\s+[a-z]+(?:\s+(?:up|out|over))?\s+(?:the|a|an|our|my|this|that)\s+[\w'-]+"
                                r"(?![^.?!]*\b(?:to|for)\s+(?-i:[A-Z])\w+\s+instead\b)")


def _other_task_after(sent: Sentence, clauses: list[Clause], hedged: Sequence[bool], participants: Sequence[str]) -> Reading | None:
    """ "算了，海报还是小王来出，小李就负责发群": a correction, then work of someone else's in a clause
    of its own after it — the correction up to that clause, and that work. None when there is none."""
    cue = next((i for i, c in enumerate(clauses) if lx.CORRECTION.search(c.text)), None)
    if cue is None or not has_cjk(sent.text):
        return None
    for m in range(cue + 1, len(clauses)):
        hits = find_people(clauses[m].text, participants)
        if not hits or hits[0].start > 1:
            continue
        rest = clauses[m].text[hits[0].end :]
        if not re.match(r"(?:那边|这边)?(?:就|也|再)?(?:负责|来|去|你|您)", rest):
            return None  # ("…，老马在跑别的单子": how they are placed, a reason; no work given)
        head = Sentence(tuple(clauses[:m]), sent.index)
        fixed = correction(head, clauses[:m], participants)
        if fixed.owner in (None, hits[0].name):
            return None
        tail = Sentence(tuple(clauses[m:]), sent.index)
        found = tasks(tail, clauses[m:], hedged[m:], participants)
        if found and all(f.owner == hits[0].name for f in found):
            return (fixed, *found)
        return None
    return None


def withdrawn_at(clauses: Sequence[Clause], participants: Sequence[str]) -> int | None:
    """The clause, after an ask to someone named, where the one asking takes it back because that
    person is away ("…，哦不对，你下周出差吧", "…no wait, you're on leave next week, right?"), naming
    nobody else; None otherwise."""
    for k in range(1, len(clauses)):
        rest = " ".join(c.text for c in clauses[k:])
        if (lx.CORRECTION.match(strip_punct(clauses[k].text)) and lx.LEAVE.search(rest) and re.search(r"\byou\b|你|您", rest)
                and not find_people(rest, participants)
                and any(find_people(c.text, participants) for c in clauses[:k])):
            return k
    return None


def _called_off_to(text: str, participants: Sequence[str]) -> set[str]:
    """Whom the work is called off to by name right after saying so ("Leave it, Sam, it's done.")."""
    out: set[str] = set()
    for m in lx.CANCEL.finditer(text):
        rest = text[m.end() :]
        hits = find_people(rest, participants)
        if hits and re.fullmatch(r"\s*,\s*", rest[: hits[0].start]) and re.match(r"\s*(?:[,.!;—–]|$)", rest[hits[0].end :]):
            out.add(hits[0].name)
    return out


@lru_cache(maxsize=16384)
def _read(sent: Sentence, participants: tuple[str, ...], aliases: tuple[Alias, ...] = ()) -> tuple[Reading, ...]:
    del aliases  # (a key only: ``find_people`` reads them)
    # (a word said twice across a pause, "你，你周五前搞一下", is said once)
    clauses = [c for c, nxt in zip(sent.clauses, (*sent.clauses[1:], None), strict=True)
               if not lx.CHATTER_ONLY.match(strip_punct(c.text))
               and not (nxt is not None and 0 < len(strip_punct(c.text)) <= 2 and has_cjk(c.text)
                        and strip_punct(nxt.text).startswith(strip_punct(c.text)))]
    if not clauses:
        return ()
    if withdrawn_at(clauses, participants) is not None:
        # "Tomasz, you do the shift plan — no wait, you're off next week": the ask is taken back by
        # the one who made it; what is said up to there gives nobody anything
        return ()
    named, why = _him_named(sent.clauses, participants)
    plain = {id(c): p for k, (c, h) in enumerate(zip(sent.clauses, named, strict=True))
             if (p := zh_polite(h.text, any(mentions.content(d.text) >= 2 for d in sent.clauses[k + 1 :]))) != c.text}
    if plain:
        said = {id(c): replace(c, text=plain[id(c)]) if id(c) in plain else c for c in sent.clauses}
        clauses = [said[id(c)] for c in clauses]
        sent = Sentence(tuple(said[id(c)] for c in sent.clauses), sent.index)
        why = {id(said[i]) for i in why}
    if why and len(why) < len(clauses):
        clauses = [c for c in clauses if id(c) not in why]
        sent = Sentence(tuple(c for c in sent.clauses if id(c) not in why), sent.index)
    if len(clauses) > 2 and has_cjk(sent.text) and (k := next((i for i, c in enumerate(clauses[:-2]) if _lone_name(c.text, participants)), None)) is not None \
            and (lead := _NEXT_MATTER.match(clauses[k + 1].text)) and len(clauses[k + 1].text) - lead.end() >= 2:
        # "宋姐，还有生鲜报损单，30号前交上来": the next matter put to the one just called
        clauses[k + 1] = replace(clauses[k + 1], text=clauses[k + 1].text[lead.end() :])
        sent = Sentence(tuple(clauses), sent.index)
    if (sent.question and len(clauses) > 1 and has_cjk(sent.text) and _WHICH_ONE.fullmatch(strip_punct(clauses[-1].text))
            and re.search(r"(?:你|您)(?!们)", clauses[-2].text) and not lx.dates(clauses[-1].text)):
        # "远哥，酒店你去订，还是老地方金悦？": the request stands; the tag only checks which one
        clauses = [*clauses[:-2], replace(clauses[-2], question=False)]
        sent = Sentence(tuple(clauses), sent.index)
    asked = asked_without_you(clauses, participants) if sent.question or lx.ZH_ASK_EITHER_WAY.search(sent.text) else None
    if asked is not None:
        said = dict(zip((id(c) for c in clauses), asked, strict=True))
        clauses = asked
        sent = Sentence(tuple(said.get(id(c), c) for c in sent.clauses), sent.index)
    told = told_to_have(clauses, participants)
    if told is not None:
        clauses = told
        sent = Sentence(tuple(clauses), sent.index)
    called_last = None if sent.question else name_called_last(clauses, participants)
    if called_last is not None:
        clauses = called_last
        sent = Sentence(tuple(clauses), sent.index)
    tagged = len(clauses) > 1 and bool(lx.TAG_QUESTION.match(strip_punct(clauses[-1].text)))
    consent = tagged and bool(lx.CONSENT.fullmatch(strip_punct(clauses[-1].text)))
    glued = lx.ZH_TAG_GLUED.search(strip_punct(clauses[-1].text)) if has_cjk(clauses[-1].text) else None
    if not tagged and glued and glued.start() >= 4 and clauses[-1].question:
        # "周六马骏你顶一下值班行不行？": the tag asks the one named to agree to the request before it.
        clauses[-1] = replace(clauses[-1], text=strip_punct(clauses[-1].text)[: glued.start()])
        sent = Sentence(tuple(clauses), sent.index)
        tagged = True
    elif tagged:
        # "…两周内搞完，可以吗？": the request stands; the tag only asks the owner to agree.
        clauses = clauses[:-1]
        sent = Sentence(tuple(clauses), sent.index)
    elif (
        clauses[-1] is not sent.clauses[-1]
        and lx.TAG_QUESTION.match(strip_punct(sent.clauses[-1].text))
        and (_assignment_in(clauses, participants)
             or any(ex.vocative(a.text, b.text, participants) for a, b in pairwise(clauses))
             or ex.terse_ask(clauses[0].text, [c.text for c in clauses[1:3]], participants) is not None)
    ):
        # "…volunteered to run the raffle, right?", "Sarah, get the report to me by Friday, yeah?": a
        # tag that is also chatter was dropped above.
        tagged = True
        sent = Sentence(tuple(clauses), sent.index)
    who = answer(sent, clauses, participants)
    if who is None and sent.question and len(clauses) == 1 and not has_cjk(clauses[0].text) and (
            hits := find_people(clauses[0].text, participants)) and len({h.name for h in hits}) == 1 and _NAME_ASKED.fullmatch(
            clauses[0].text[: hits[0].start] + clauses[0].text[hits[0].end :]):
        # "…, somebody needs to order more gowns, we're almost out. Jenna?": the one called right
        # after a need is asked to meet it (``with_antecedent`` keeps it only then)
        return ((Frame("task", sent, tuple(clauses), main=clauses[0], owner=hits[0].name, work="it", cue="called"),),)
    if (sent.question and has_cjk(sent.text) and len(clauses) >= 3 and ex._only_names(clauses[0].text, participants)
            and (due_said := _ZH_WAS_DUE.fullmatch(strip_punct(clauses[-1].text))) and lx.dates(due_said.group("d"))
            and len(thing := re.sub(r"(?:那条|那个|那件|那份|的事儿?)$", "", strip_punct(clauses[-2].text))) >= 2):
        # "阿珍，周报那份，不是说今天下班前交吗？": their work, reminded of with its day
        who_of = find_people(clauses[0].text, participants)[0].name
        return ((Frame("task", sent, tuple(clauses), main=clauses[-2], owner=who_of, work=thing,
                       due=lx.dates(due_said.group("d"))[0].text),),)
    # ("那老许，冷却器清洗你负责": a name said to the one the request after it puts 你 to)
    to_you = who is not None and who.main is clauses[0] and any(re.search(r"[你您](?!们)", c.text) for c in clauses[1:])
    # ("雨桐你去沟通": asks her too when no "who" question came before)
    if who is not None and not to_you and not re.search(r"[你您](?:来|去)[\u4e00-\u9fff]{0,4}?吧?$", strip_punct(who.main.text)):
        return ((who,),)
    rest = _beyond_answer(sent, clauses, participants, tagged=tagged, consent=consent)
    # "王芳你来吧" answers a "who" question when one was asked, and is a request to 王芳 when not.
    return ((who,), *rest) if who is not None else rest


# A day the work was due, asked back: "不是说今天中午之前发吗", "不是周五交吗".
_ZH_WAS_DUE = re.compile(r"(?:不是|不是说)(?P<d>[^，,。]{2,10}?)(?:之前|以前|前)?(?:就)?(?:要)?(?:发|交|给|出|上线|弄完|做完|完成|提交|交上来|发出去)(?:的)?(?:吗|嘛|么)")
# A name said alone as a question, with at most a word before it: "Jenna?", "Um, Jenna?"
_NAME_ASKED = re.compile(r"^(?:(?:so|and|um|uh|er|maybe|how about|what about)[\s,]*)?\W*$", re.IGNORECASE)


_STILL_NE = re.compile(r"(?:还没|还在|正在|在忙)[^，,。？?]{0,12}呢$")


# A request put to the room: "Can someone look into it?", "Could somebody book the van?"
_ASKS_ANYONE = re.compile(rf"^(?:(?:so|and|okay|ok|also|then|now|right)[\s,]+)*(?:(?:can|could|would|will) (?:someone|somebody)|{lx.EN_ALL_ASKED})"
                          r"(?: please)?\s+[a-z]", re.IGNORECASE)
# What another said, reported ("…，前台说不用了": why, not the speaker calling it off).
_ZH_REPORTED = re.compile(r"[\u3400-\u9fff](?<!我)(?:说|讲|反映|表示)(?:是|了)?$")
# A cancel said as what happens if the work fails: "…, and if nobody's free by three we cancel it".
_IF_SAID = re.compile(r"\b(?:if|unless|otherwise|or else)\b", re.IGNORECASE)
# ("Before the board meeting on the 9th?": an event on the day offered)
_OFFERING = re.compile(r"^\s*(?:(?:so|and|okay|ok)[\s,]+)?(?:say|maybe|perhaps|how about|what about|shall we say|let'?s say|like"
                       r"|(?:before|by|ahead of)\s+(?:the|our|their|your)\s+[a-z][\w' -]{2,30}?\s+(?:on|at))\b[\s,]*",
                       re.IGNORECASE)
# (or a bare verb closing the clause: "小王年轻，字写得好，让他补")
_LET_HIM = re.compile(r"^(?:那|那就|就|还是)?(?:让|叫|请)(?:他|她)(?=来|去|负责|跟|[\u3400-\u9fff](?:一下|吧|呗)?$)")


_NEXT_MATTER = re.compile(r"^(?:还有|另外|再就是|然后)(?:就是|一个|个)?")


def _lone_name(text: str, participants: tuple[str, ...]) -> bool:
    """A clause that is only the name of the one called ("宋姐")."""
    hits = find_people(text, participants)
    return len(hits) == 1 and not strip_punct(text[: hits[0].start] + text[hits[0].end :]).strip()


# A check on which one, said after a request ("…，还是老地方金悦？", "…，还是上次那家？").
_WHICH_ONE = re.compile(r"还是(?:老|原来的?|之前的?|上次(?:那|的)?|去年(?:那|的)?)(?:个|家|地方)?[\u3400-\u9fffA-Za-z]{0,6}?(?:吗|吧|呢)?")


def _him_named(clauses: Sequence[Clause], participants: tuple[str, ...]) -> tuple[list[Clause], set[int]]:
    """ "周报这事王芳最熟，让他来吧": 他 is the one person named in the clauses before it. Also the
    ids of the clauses that only say why them ("点检表，小王年轻，字写得好，让他补": from the first
    clause naming them up to 让他, when the thing was said before them): no part of the work."""
    out = list(clauses)
    why: set[int] = set()
    people = [{h.name for h in find_people(d.text, participants)} for d in clauses]
    for i, c in enumerate(clauses):
        m = _LET_HIM.match(c.text) if i and has_cjk(c.text) else None
        if m is None:
            continue
        names = set().union(*people[:i])
        if len(names) != 1:
            continue
        out[i] = replace(c, text=f"让{next(iter(names))}{c.text[m.end():]}")
        first = next(j for j in range(i) if people[j])
        if not why and first and not any(lx.dates(d.text) for d in clauses[first:i]):
            why = {id(d) for d in clauses[first:i]}
    return out, why


def _called_at(clauses: Sequence[Clause], participants: tuple[str, ...]) -> int:
    """Where a request by name starts ("家长会定在下周五，那个PPT，许老师，你来弄吧": at the thing
    named before the name); ``len(clauses)`` when there is none."""
    for i, (a, b) in enumerate(pairwise(clauses)):
        if i and ex.vocative(a.text, b.text, participants) is not None:
            return i - 1 if has_cjk(b.text) and _bare_topic(clauses[i - 1].text, participants) else i
    for i, c in enumerate(clauses):
        if i and has_cjk(c.text) and (h := next(iter(find_people(c.text, participants)), None)) is not None and (
                h.known and _NAMED_LEAD.fullmatch(c.text[: h.start]) and re.match(r"(?:你|您)(?!们)", c.text[h.end :])):
            return i  # "…，这个定了，孟佳你把培训的场次排一下": the name and 你 in one clause
    return len(clauses)


_NAMED_LEAD = re.compile(r"(?:那|那就|然后|还有|另外)?")


def _unannounced(text: str, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` (of the sentence ``text``) without an English announcement that opens them ("I'm
    going to make the call:", "Here's what we'll do:"): its "I'm going to" / "we'll" is no one's work."""
    if not clauses or has_cjk(text) or not (m := lx.DECISION_LEAD.match(text)):
        return list(clauses)
    lead = strip_punct(clauses[0].text)
    if m.end() >= len(lead):
        return list(clauses[1:])
    return [replace(clauses[0], text=clauses[0].text[m.end():]), *clauses[1:]]


# "Arjun, you were going to …?": asked to confirm the work is still theirs (read as "you'll …").
_EN_YOU_WERE_GOING = re.compile(r"^(?:(?:and|so|okay|ok)[,\s]+)?you were (?:going to|gonna)\s+(?=[a-z])", re.IGNORECASE)


# A question said inside a statement ("年会到底办不办，我也说不准", "到底是总部出还是分店出我也不清楚").
_ZH_ASKED_WITHIN = re.compile(r"到底[^，,。？?]{0,8}?([\u4e00-\u9fff])不\1|到底[^，,。？?]{1,10}?还是")


def _beyond_answer(
    sent: Sentence, clauses: list[Clause], participants: tuple[str, ...], *, tagged: bool, consent: bool
) -> tuple[Reading, ...]:
    """The readings of a sentence that is no bare answer to a "who" question (see ``_read``)."""
    text = sent.text
    # ("老周你能不能周五前把图纸改了。": asked with 能不能 though written with a full stop)
    # (a 呢 after 还没/还在/正在 says how things stand: "棠棠手上那堆数据还没弄完呢")
    interrogative = not tagged and (sent.question or bool(re.search(r"[吗么呢]$", strip_punct(clauses[-1].text))
                                                          and not _STILL_NE.search(strip_punct(clauses[-1].text)))
                                    or bool(re.search(r"(?:你|您)(?:能不能|可不可以|能否)", clauses[-1].text)))
    hedged = hedges(clauses, participants)
    q = conflict(sent, clauses)
    if q is not None:
        return ((q,),)
    if (interrogative or _ZH_ASKED_WITHIN.search(text)) and lx.OPEN_MARK.search(text) and not _assignment_in(clauses, participants) and not _vocative_tasks(
        clauses, participants
    ):
        # "Open question: how do we handle refunds?": the question asked is said to stay open.
        return ((Frame("open", sent, tuple(clauses)),),)
    if interrogative and has_cjk(text) and len(clauses) >= 2 and re.search(r"吧$", strip_punct(clauses[-2].text)):
        # "那何静，回归你来跑吧，你那边这周是不是松一点？": an order said with 吧, then a question of
        # its own (why them) — the order stands
        head = tuple(clauses[:-1])
        found = tasks(Sentence(head, sent.index), head, hedged[:-1], participants)
        if found:
            return (found,)
    if interrogative and not has_cjk(text):
        # ("Arjun, you were going to do the fire log?": asked to confirm the work is still theirs; said
        # as a statement it is as often what they no longer do)
        clauses = [replace(c, text=_EN_YOU_WERE_GOING.sub("you'll ", c.text)) for c in clauses]
    if interrogative:
        # (a "please" may close it: "Could everyone send Oliver their comments by the 29th, please?")
        asked = clauses[-2] if len(clauses) > 1 and re.fullmatch(r"(?i)please|thanks|cheers", strip_punct(clauses[-1].text)) else clauses[-1]
        if _ASKS_ANYONE.match(strip_punct(asked.text)) and (u := unowned(sent, clauses)) is not None:
            return ((u,),)  # "Can someone call the service engineer?": work with no owner yet
        if not _vocative_tasks(clauses, participants):
            # "End of next week for a first draft?": a date proposed for the work just discussed.
            opens = next(iter(lx.deadlines(clauses[0].text)), None)
            # ("Say Friday?", "How about the 15th?": a date offered with its offering words)
            # ("Wait, could you make it Thursday morning?": a new date asked for the work in hand)
            d = deadline(sent, clauses, participants) if (opens and not _OFFERING.sub("", clauses[0].text[: opens.start]).strip()) or (
                not has_cjk(text) and date_order(strip_punct(text))) else None
            return ((d,),) if d is not None else ()
        # "能不能…" asked of a named person is a request, not a suggestion.
        hedged = [h and not _zh_request(clauses, i, participants) for i, h in enumerate(hedged)]
        found = tasks(sent, clauses, hedged, participants)
        return (found,) if found else ()
    out: list[Reading] = []
    # (a clause moving the matter to a set point decides it too: "迁移先放一放，…，挪到2.5")
    settles = any((decided(c.text) or _MOVED.search(c.text)) and not open_mark(c.text) for c in clauses)
    # (nor is a request to the one called: "丽娟，PBC清单你跟他们财务对一下，…别像去年进场了还在等序时账")
    if open_mark(text) and not _assignment_in(clauses, participants) and not settles and not _vocative_tasks(clauses, participants):
        # (a clause deciding something is the news: "就用A，B看情况再定" decides A)
        cue = "answer" if any(open_answer(c.text) for c in clauses) else ""
        out.append((Frame("open", sent, tuple(clauses), cue=cue),))
    if sum(ex.zh_pair(c.text, participants) is not None for c in clauses) >= 2:
        # "那就这么分：佳琪展板，晓东音响设备…": what is settled is who takes what, each a task
        return (*out, tasks(sent, clauses, hedged, participants))
    k = min(next((i for i, c in enumerate(clauses) if _assignment_in([c], participants)), len(clauses)),
            _called_at(clauses, participants))
    # A hedge decides nothing in its own clauses, but one elsewhere in the sentence ("we could argue
    # all day, but we'll go with X") does not undo the decision said beside it.
    cued = [h for c, h in zip(clauses, hedged, strict=True) if decided(c.text)]
    firm = decided(text) and not (any(cued) if cued else any(hedged))  # (a cue across clauses: "Agreed, …")
    # "Agreed, it's cleaner.": an agreement with its reason decides what was proposed before it
    # (the analyzer reads it with the proposal), not the reason.
    firm = firm and (bool(cued) or not (ag.agrees([c.text for c in clauses])
                                        and all(_REASON.match(c.text) for c in clauses[1:])))
    if 0 < k < len(clauses) and firm and any(decided(c.text) for c in clauses[:k]):
        # "按国家标准来，就这么定，郑丽华把规范文档改一下": the decision, then who does what.
        head = Sentence(tuple(clauses[:k]), sent.index)
        return (*out, (decision(head, clauses[:k]), *tasks(sent, clauses[k:], hedged[k:], participants)))
    j = next((i for i, c in enumerate(clauses) if decided(c.text)), 0)
    # (the decided clause says more than when: "周四前定下来" is the work's date, not a decision)
    if firm and j > 0 and not lx.CONFIRM.match(strip_punct(clauses[j].text)) and len(
            re.sub(r"[^\u4e00-\u9fffA-Za-z]", "", lx.without_dates(clauses[j].text))) > 4 and not any(
            re.search(r"[你您]", c.text) or find_people(c.text, participants) for c in clauses[j:]):
        # "小罗你把值班表重排一下，周五给我，新的交接流程从下月起执行": who does what, then a decision
        found = tasks(sent, clauses[:j], hedged[:j], participants)
        if any(f.kind == "task" and f.owner for f in found):
            return (*out, (*found, decision(Sentence(tuple(clauses[j:]), sent.index), clauses[j:])))
    if (
        (firm or (consent and not any(hedged)))
        and not _assignment_in(bare := _unannounced(text, clauses), participants)
        # ("Here's what we'll do: Bob, you call the landlord.": who does what, announced)
        and not (len(bare) < len(clauses) and any(
            f.kind == "task" and f.owner for f in tasks(Sentence(tuple(bare), sent.index), bare, hedged[-len(bare):], participants)))
        and not _asked_to_settle(sent, clauses, hedged, participants)
    ):
        # "太好了，那就定王老师": the option is read with the question it settles when there is one
        # (the settle reading refuses without it), else the sentence is the decision.
        agreed = settle(sent, clauses, participants)
        return (*out, *(((agreed,),) if agreed is not None else ()),
                (decision(sent, clauses), *((cancel(sent),) if lx.CANCEL.search(text) else ())))
    agreed = settle(sent, clauses, participants)
    if agreed is not None:
        out.append((agreed,))
    if all(hedged):
        if lx.SUGGEST_NOTE.search(text):
            core = next((c for c in clauses if lx.SUGGEST_NOTE.search(c.text)), clauses[0])
            note = Frame("note", sent, tuple(clauses), core, work=strip_punct(core.text)[:200], text=strip_punct(text))
            out.append((note,))
        elif lx.UNDECIDED.search(lx.NO_OWNER.sub("", text)):
            out.append((Frame("undecided", sent, tuple(clauses)),))
        return tuple(out)
    # (a way of working put forward is no correction: "要不干脆改成用那个作业APP")
    markers = list(lx.CORRECTION.finditer(text))
    correcting = bool(markers) and not (any(hedged) and all(text[m.end() : m.end() + 1] == "用" for m in markers))
    if correcting and all(m.group(0).lower() == "instead" for m in markers) and _EN_MY_OWN_INSTEAD.search(text):
        correcting = False  # "I'll sort the subs' rota for while Leah's away instead": other work of the speaker's
    if correcting and all(m.group(0) in ("改成", "换成", "改为") and _BA_CHANGED.search(text[: m.start()]) for m in markers):
        correcting = False  # "海涛把系统里的送货地址全改成新库房的": a thing changed, asked of someone — work, not a correction
    called_off = any(not _IF_SAID.search(text[: m.start()].split(",")[-1]) and not _ZH_REPORTED.search(text[: m.start()])
                     for m in lx.CANCEL.finditer(text))
    if called_off and not correcting and not _assignment_in(clauses, participants):
        return (*out, (cancel(sent),))
    if called_off and correcting and new_owner(text, participants)[0] in (None, *_called_off_to(text, participants)):
        if re.match(r"(?i)^(?:oh,?\s+)?sorry,?\s+[A-Z][a-z]+[,.]?\s+(?:scrap|scratch|forget|ignore) (?:that|it)[.!]?$", text.strip()):
            return tuple(out)  # ("Debbie, you do it then. Sorry Sean, scrap that.": the apology for the handover)
        return (*out, (cancel(sent),))
    if not correcting and (theirs := theirs_then(sent, participants)) is not None:
        return (*out, (theirs,))
    if correcting and (split := _other_task_after(sent, clauses, hedged, participants)) is not None:
        out.append(split)
    if correcting:
        out.append((correction(sent, clauses, participants),))
        # "这个需求给张三，不对，给李四": the work and its correction in one breath.
        k = next(i for i, c in enumerate(clauses) if lx.CORRECTION.search(c.text) or i == len(clauses) - 1)
        if k:
            head = Sentence(tuple(clauses[:k]), sent.index)
            found = tasks(head, clauses[:k], hedged[:k], participants)
            if found:
                tail = Sentence(tuple(clauses[k:]), sent.index)
                out.append((*found, correction(tail, clauses[k:], participants)))
    found = tasks(sent, clauses, hedged, participants)
    if found:
        return (*out, found)
    u = unowned(sent, clauses, participants)
    if u is not None:
        return (*out, (u,))
    d = deadline(sent, clauses, participants)
    return (*out, (d,)) if d is not None else tuple(out)
