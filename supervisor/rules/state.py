"""Stage 4: the dialogue state. The live tasks of the meeting and a frame in, the operations out.

Pure. ``DialogueState`` is a snapshot of the tasks said by now (per topic: title, owner, the
owners it had before, due, when it was last touched); each ``on_*`` function reads one frame
against it and returns the operations it causes — ``create``, ``restate`` (the same work asked
again), ``reassign`` / ``revert`` (another owner; one it had before), ``move`` (a new date),
``cancel`` — together with the state after them. The analyzer applies the operations to its
working ledger; the diff with the stored intents stays in its reconcile.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import date

from intents.dates import resolve

from . import extract as ex
from . import lexicon as lx
from . import mentions, refer
from .frames import Frame, names_work
from .names import find_people
from .text import fold, has_cjk, similarity, spelled_out, strip_punct, tokens

# The speaker's own plan: "I'll…", or 我 right after the acceptance that opens the reply ("好，我下午出
# 报告"), not 我们 nor an opinion (我觉得/我看/我想).
_FIRST_PERSON_PLAN = re.compile(r"\bI(?:'ll| will|'m going to| am going to)\b|^我(?:会|先|这边)"
                                r"|^(?:(?:好|行|好的|嗯|可以|没问题|收到)吧?[，,。！!\s]*)+我(?!们|觉得|看|想|说|认为|的|是|也觉得)",
                                re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Topic:
    """One live task, as the dialogue knows it."""

    ref: int  # the analyzer's handle on its ledger item
    title: str
    owner: str | None = None
    due: str | None = None
    owners: tuple[str, ...] = ()  # every owner it had, oldest first (the current one last)
    touched: int = -1  # sentence that last changed it; -1: only known from the store
    last_seq: int = 0
    order: int = 0
    intro: int | None = None  # sentence that introduced it in this window
    seqs: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class DialogueState:
    tasks: tuple[Topic, ...] = ()
    sentence: int = 0  # index of the sentence being read


@dataclass(frozen=True, slots=True)
class Op:
    name: str  # create | restate | reassign | revert | move | cancel
    ref: int | None = None  # the topic it changes (None: create)
    owner: str | None = None
    due: str | None = None


def topic_score(headline: str, text: str) -> float:
    """How surely ``text`` names the work ``headline``: shared topic tokens, or — Chinese has no
    spaces, so a short reference shares few bigrams with a long title — a shared run of three or
    more characters ("推荐位那个改到周五" → 首页的推荐位模块)."""
    score = similarity(headline, text)
    if has_cjk(headline):
        a, b = fold(headline), fold(text)
        m = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
        run = a[m.a : m.a + m.size].strip("的")  # ("节目的" is only 节目: the particle shares nothing)
        if len(run) >= 3 and has_cjk(run):
            score = max(score, 0.6)
    return score


def topic_text(text: str, participants: Sequence[str]) -> str:
    """``text`` without what never names the work: cue words, dates and people."""
    for rx in (lx.CORRECTION, lx.CANCEL, lx.DEADLINE_WORDS):
        text = rx.sub(" ", text)
    text = lx.without_dates(text, " ")
    for h in reversed(find_people(text, participants)):
        text = text[: h.start] + " " + text[h.end :]
    return text


def by_topic(state: DialogueState, text: str, participants: Sequence[str], floor: float = 0.5) -> Topic | None:
    """The live task ``text`` names (cue words, dates and people aside), if any; ``floor``: how
    much of the smaller side must be shared (a question the date answers may share one word)."""
    text = topic_text(text, participants)
    scored = [(topic_score(t.title, text), t) for t in state.tasks]
    scored = [(s, t) for s, t in scored if s >= floor]
    return max(scored, key=lambda p: (p[0], p[1].touched, p[1].last_seq))[1] if scored else None


def focus(state: DialogueState) -> Topic | None:
    """The task just discussed."""
    return max(state.tasks, key=lambda t: (t.touched, t.last_seq, t.order)) if state.tasks else None


def apply(state: DialogueState, ops: Sequence[Op]) -> DialogueState:
    """The state after ``ops`` (a created task joins when the analyzer gives it a handle)."""
    tasks = list(state.tasks)
    for op in ops:
        for i, t in enumerate(tasks):
            if t.ref != op.ref:
                continue
            if op.name == "cancel":
                tasks.pop(i)
                break
            owner = op.owner if op.name in ("assign", "reassign", "revert") else t.owner
            owners = (*t.owners, owner) if owner and owner != t.owner else t.owners
            tasks[i] = replace(t, owner=owner, owners=owners, due=op.due or t.due, touched=state.sentence)
            break
    return replace(state, tasks=tuple(tasks))


def same_work(a: str, b: str) -> bool:
    """``a`` and ``b`` name the same work for sure: equal, one inside the other, or nearly the same
    words (a looser topic match is enough for the same owner, not to take work from someone)."""
    a, b = spelled_out(a, b), spelled_out(b, a)
    fa, fb = fold(a), fold(b)
    if not fa or not fb:
        return False
    short = min(fa, fb, key=len)
    long = fb if short is fa else fa
    if has_cjk(short[:1]) and short != long and _CONTACT_ONLY.fullmatch(short):
        return False  # ("打电话" / "打电话报修": a call, made for other work)
    if has_cjk(short[:1]) and short != long and _ONLY_OF.search(long[long.find(short) + len(short):] if short in long else ""):
        return False  # ("冰柜坏了的情况拍给我": a thing said of it, other work than the thing itself)
    if fa == fb or ((fa in fb or fb in fa) and (len(short) >= 3 if has_cjk(short) else len(short.split()) >= 2)):
        return True
    if has_cjk(short[0]) and 2 <= len(short) < len(long) and long.endswith(short):
        return True  # the head noun said alone ("乳猪" of 烤乳猪, "报告" of 年终总结报告)
    core = re.sub(r"^(?:写|做|出|弄|搞|整理|准备)", "", short)
    if core != short and has_cjk(core[:1]) and len(core) >= 3 and core in long:
        return True  # the thing with the verb of making it ("写整改报告" of 给监管的整改报告)
    ta, tb = tokens(a), tokens(b)
    if not has_cjk(a + b) and min(len(ta), len(tb)) >= 2 and (ta <= tb or tb <= ta):
        return True  # "do the offer package" / "put together the offer package"
    return bool(ta and tb) and len(ta & tb) / max(len(ta), len(tb)) >= 0.7


# A way of reaching someone, named alone: what the call is for is the work.
_CONTACT_ONLY = re.compile(r"(?:打|回)(?:个|一个|一通|一遍)?电话|发(?:个)?(?:消息|微信|短信|邮件)|联系(?:一下)?")
# What follows a thing named as the modifier of another ("…坏了的情况", "…用的说明书"); not its
# matter said again ("…的事", "…那个").
_ONLY_OF = re.compile(r"^[^，,的]{1,6}的(?!事|活|那个|这个|部分|工作|问题)[\u3400-\u9fff]")
_COPY_TO_ME = re.compile(r"(?:发|给|传|转|抄送)(?:给)?(?:我|我们)(?:一份|一下|看看)|\b(?:send|forward|copy) me (?:a copy|it|that)\b",
                         re.IGNORECASE)
_PRONOUN_WORK = re.compile(r"(?:(?:do|take|handle|own|cover|get|doing|taking|handling|owning|covering|grabbing|grab)\s+)?"
                           r"(?:it|that|this|them|that one|this one)(?:\s+(?:on|over|instead|then|too|please))?", re.IGNORECASE)


# Any verb whose only object is a pronoun left unresolved ("book it", "report it online", "pull that")
# (not "them": "Could you rank them?" ranks the people just named)
_VERB_PRONOUN = re.compile(r"[a-z][a-z-]*(?:\s+(?:up|out|over|back|in|off|down))?\s+(?:it|that|this)"
                           r"(?:\s+(?:on|over|instead|then|too|please|again|online|today|tomorrow|tonight|now|later|first))?", re.IGNORECASE)
_THAT_THING = re.compile(r"(?:[a-z]+\s+){0,2}(?:that|this)\s+(?P<n>[a-z]{3,})", re.IGNORECASE)


# The thing of English work said again by another verb or only pointed at: "get the rota across to
# the staff" / "post the rota", "order the skip" / "have it ordered".
_NOT_THING = frozenset({"it", "that", "this", "them", "out", "up", "over", "back", "in", "off", "down", "through",
                        "to", "for", "me", "you", "him", "her", "us", "done", "sorted", "booked", "sent", "ordered",
                        "fixed", "finished", "ready", "across"})
_IT_DONE = re.compile(r"(?:[a-z]+(?:\s+(?:up|out|over|back|in|off|down|on))?(?:\s+to)?\s+)?(?:it|that|this|them)(?:\s+[a-z]+(?:ed|en)|\s+(?:done|sorted|"
                      r"ready|over|out|in|off|back|through|across|down|home|away|round))?(?:\s+(?:to|by|for|before)\s+[\w' -]+)?", re.IGNORECASE)


# The thing itself, before what is said of it ("a highways response" of "… for the report"), and
# its last word.
_THING_HEAD = re.compile(r"(?:(?:the|a|an|our|your|my|their|this|that|those|these)\s+)?(?:[\w'-]+\s+){0,3}?(?P<h>[a-z][\w'-]{2,})"
                         r"(?=\s+(?:out|up|to|for|with|about|on|at|from|by|in|into|over|off|back|before|after|today|tomorrow|tonight)\b"
                         r"|\s+(?:[a-z]+ed|done|sorted|ready|sent|written)\s*$|\s*$)",
                         re.IGNORECASE)


# Work taken on by the one who says it "myself".
_MYSELF = re.compile(r"(?i)\bmyself\b")


def _said_again(title: str, work: str) -> bool:
    """English ``work`` is ``title``'s work again: the same thing with another verb, or "it"."""
    if has_cjk(title + work) or " " not in work.strip():
        return False
    if _IT_DONE.fullmatch(work.strip()):
        return True
    # (a title may be the thing alone: "protocol")
    heads = [_THING_HEAD.match(w.strip().split(None, 1)[-1]) for w in (title, work)]
    return all(heads) and heads[0].group("h").lower() == heads[1].group("h").lower()


_LET_ME_KNOW = re.compile(r"(?i)\W*(?:(?:and|so|okay|ok|just|please)\W+)*(?:let me know|tell me|get back to me)\b")
_SO_I_CAN = re.compile(r"(?i),?\s*\bso (?:that )?(?:I|we) (?:can|could|'ll|will)\b.*$")


def _head_named(title: str, work: str) -> bool:
    """English ``work`` is only ``title``'s head noun, with at most an article ("the stall" for "do the
    raffle stall")."""
    w = re.sub(r"(?i)^(?:the|that|this)\s+", "", work.strip())
    return not has_cjk(title + work) and re.fullmatch(r"[a-z][\w-]{2,}", w) is not None and title.lower().split()[-1] == w.lower() \
        and len(title.split()) > 1


def _same_thing(title: str, work: str) -> bool:
    """English ``work`` names all of ``title``'s thing, or ``title`` all of its ("do the tenant notice"
    / "draft the tenant notice for block B"; not "the monthly report" / "the safety report")."""
    if has_cjk(title + work) or " " not in title.strip() or " " not in work.strip():
        return False
    a, b = (tokens(w.strip().split(None, 1)[1]) - _NOT_THING for w in (title, work))
    return bool(a and b) and (a <= b or b <= a)


def _points_at(work: str, title: str) -> bool:
    """ "do that visit" said of "do a visit at the Elm Street store": the thing just discussed."""
    m = _THAT_THING.fullmatch(work.strip())
    return m is not None and re.search(rf"\b{re.escape(m.group('n'))}\b", title, re.IGNORECASE) is not None


def on_task(state: DialogueState, frame: Frame) -> tuple[DialogueState, tuple[Op, ...]]:
    """A task frame: the same person asked again for the same work restates that task (a new date
    moves it) instead of adding a second one; the same work named for another person later hands
    it over — ``assign`` when it had no owner, ``revert`` to an owner it had before, else
    ``reassign`` — whatever words say so. Work split between several people in one breath
    (``cue="split"``) is one task each. Otherwise it is new work — unless its work is only a pronoun
    ("do it") with nothing just said to point at: then no op at all (such a title could never be
    approved, and a task nobody can settle keeps the meeting from closing)."""
    seqs = {s for c in frame.clauses for s in c.seqs}
    f = focus(state)
    # (two back: the one asked may push back first — "I can, but I'm slammed." "Actually, let Ben do it.")
    # (or two utterances back, however many short sentences they were cut into: "…" "Um, boss, I'm on
    # the course next week." "Ah. No wait, let Sam take it then.")
    recent = f is not None and (f.touched >= state.sentence - 2 or (seqs and f.last_seq >= min(seqs) - 2)) and f.intro != state.sentence
    if frame.owner and recent and f.owner != frame.owner and (
            _PRONOUN_WORK.fullmatch(frame.work) or _points_at(frame.work, f.title)
            # ("Someone has to fix the gate." "Jo?" "Fine, I'll take it to the workshop tomorrow.")
            or (f.owner is None and _IT_DONE.fullmatch(frame.work.strip()) is not None)
            # ("I'll do the raffle stall." "Perfect. Omar, the stall, Saturday.": the unowned work just
            # taken, named by its head noun with the one who took it)
            or (f.owner is None and _head_named(f.title, frame.work))):
        # "Someone needs to reorder the tips." "Ben, could you do that?": "that" is the work just said.
        name = "assign" if f.owner is None else "revert" if frame.owner in f.owners else "reassign"
        op = Op(name, f.ref, owner=frame.owner, due=frame.due)
        return apply(state, [op]), (op,)
    if _PRONOUN_WORK.fullmatch(frame.work) or _VERB_PRONOUN.fullmatch(frame.work):
        return state, ()  # "let Ben do it" with nothing just said to point at: no work named
    if frame.owner is None and not has_cjk(frame.work):
        for t in state.tasks:
            if t.touched >= state.sentence - 2 and t.intro != state.sentence and same_work(t.title, frame.work):
                # "Anita, could you do the card?" "Okay, I'll do the card.": agreeing, not new work.
                op = Op("restate", t.ref, due=None if t.due else frame.due)
                return apply(state, [op]), (op,)
    if frame.owner:
        newest = max((u for u in state.tasks if u.owner == frame.owner), key=lambda u: (u.last_seq, u.order), default=None)
        for t in state.tasks:
            if t.intro != state.sentence and t.owner == frame.owner and (
                    topic_score(t.title, frame.work) >= 0.6 or (frame.cue == "recap" and frame.work in t.title)
                    # ("Ann, can you get the rota across to the staff?" "Sure, I'll post the rota tonight.": the
                    # one asked agreeing in their own words, a few turns on at most)
                    or (seqs and t.last_seq >= min(seqs) - 3 and t is newest
                        and _said_again(t.title, frame.work)
                        and not any(u.owner != frame.owner and same_work(u.title, frame.work) for u in state.tasks))):
                if t.seqs & seqs and t.intro is None and not (frame.cue == "recap" and t.seqs - seqs and min(t.seqs) < min(seqs)):
                    # the stored reading of this very statement: re-read it as new (not a recap part
                    # restating work said before it: "…, Hiroshi sends the RFI, …")
                    break
                # (a recap's "报价单周四" keeps the fuller date it restates, "周四下班前")
                due = None if frame.cue == "recap" and t.due and frame.due and frame.due in t.due else frame.due
                op = Op("restate", t.ref, due=due)
                return apply(state, [op]), (op,)
        # (the verb itself said to them after 你, not a topic before it: "培训你来安排" is new work)
        told = any(re.search(rf"[你您][^，,。]*{re.escape(frame.work)}", c.text) and "我" not in c.text for c in frame.clauses)
        if f is not None and recent and told and f.owner == frame.owner and _bare_zh_verb(frame.work) and seqs and not f.seqs & seqs and not any(
                t.owner != frame.owner and same_work(t.title, frame.work) and t.last_seq >= min(seqs) - 3 for t in state.tasks):
            # ("小燕，围挡得租，月底前到。" … "那就提前，你这周就联系好": a bare verb said to the one whose
            # work was just discussed is that work, not another's said a while ago that shares the verb)
            op = Op("restate", f.ref, due=frame.due if not f.due else None)
            return apply(state, [op]), (op,)
        # ("Kim, can you send the minutes, and Raj, you'll book the room?" "I'll send the minutes
        # tonight.": two were called, and the plan is the work given to the other one — it is theirs,
        # said by them, no hand-over)
        calls = set(frame.refs) - seqs  # (the utterance that called them, not this one)
        if calls and not has_cjk(frame.work):
            given = next((t for t in state.tasks if t.owner not in (None, frame.owner) and len(t.owners) <= 1 and t.seqs & calls
                          and t.intro != state.sentence and same_work(t.title, frame.work)), None)
            if given is not None:
                op = Op("restate", given.ref, due=frame.due)
                return apply(state, [op]), (op,)
        # (a copy asked to be sent on is other work: "报告小赵发我一份" after 陈工 was given the report)
        if frame.cue != "split" and not any(_COPY_TO_ME.search(c.text) for c in frame.clauses):
            for t in sorted(state.tasks, key=lambda t: (t.touched, t.last_seq), reverse=True):
                if t.intro == state.sentence or t.owner == frame.owner or not (same_work(t.title, frame.work) or (
                        # ("Could you draft the notice to tenants?" "…" "Then I'll do the tenant notice myself.")
                        _MYSELF.search(frame.scope.text) and _same_thing(t.title, frame.work))):
                    continue
                if t.seqs & seqs and t.intro is None:
                    break
                name = "assign" if t.owner is None else "revert" if frame.owner in t.owners else "reassign"
                op = Op(name, t.ref, owner=frame.owner, due=frame.due)
                return apply(state, [op]), (op,)
    return state, (Op("create", None, frame.owner, frame.due),)


def _bare_zh_verb(work: str) -> bool:
    """``work`` is one Chinese verb of two characters at most, with no object ("联系", "跟进")."""
    ws = mentions.words(work) if has_cjk(work) and len(work) <= 2 else ()
    return len(ws) == 1 and (ws[0][1].startswith("v") or work in _ZH_WORK_VERBS)  # (jieba calls 联系 a noun)


_ZH_WORK_VERBS = frozenset(lx.ZH_ASSIGN_VERBS.split("|"))


def _changed(target: Topic, owner: str | None, due: str | None) -> tuple[Op, ...]:
    ops: list[Op] = []
    if owner and owner != target.owner:
        ops.append(Op("revert" if owner in target.owners else "reassign", target.ref, owner=owner))
    if due and due != target.due:
        ops.append(Op("move", target.ref, due=due))
    return tuple(ops)


_SPEAKER_TAKES = re.compile(r"我(?:自己)?(?:来|去)(?![了过])")
_BACK_TO = re.compile(r"还是|\bback to\b", re.IGNORECASE)


def on_correct(
    state: DialogueState, frame: Frame, participants: Sequence[str]
) -> tuple[DialogueState, tuple[Op, ...]] | None:
    """A correction: the task of an old owner it names, else the one it names by topic, else the
    one just discussed, gets the new owner / date. None when it does not apply: nothing to correct,
    or the sentence names new work ("actually, Carol will also review the docs")."""
    target = back = None
    for t in sorted(state.tasks, key=lambda t: (t.touched, t.last_seq), reverse=True):
        if t.owner in frame.old_owners:
            target = t
            break
    if target is None and frame.owner and _BACK_TO.search(frame.scope.text):
        # ("那还是小周你来": back to the one who had it, so the work taken from them, even when newer
        # work was said since)
        back = max((t for t in state.tasks if t.owner != frame.owner and (
            frame.owner in t.owners[:-1] or (t.owner is None and frame.owner in t.owners))),
                   key=lambda t: t.touched, default=None)
        target = back if back is not None and back.touched >= state.sentence - 6 else None
    if target is None:
        target = by_topic(state, frame.scope.text, participants) or focus(state)
        # ("hold the quote till Monday actually": holding a thing back dates it, it is no new work)
        subject = re.sub(r"^(?:hold(?: off on| off)?|push(?: back)?|delay|park|keep back)\s+", "", _new_work(frame, participants),
                         flags=re.IGNORECASE)
        def fits(t: Topic) -> float:
            return max(similarity(subject, t.title), topic_score(t.title, subject))

        if subject and state.tasks:
            # (the work the correction names is its target, whatever else the sentence mentions)
            best = max(state.tasks, key=lambda t: (fits(t), t.touched))
            if fits(best) >= 0.5:
                target = best
        if subject and (target is None or fits(target) < 0.5):
            return None  # "还有单点登录的对接，交给陈思远吧": new work handed over, not a correction
    if frame.works and (target is None or all(similarity(w, target.title) < 0.5 for w in frame.works)) and (
            target is None or target is not back):
        return None
    if target is None:
        return None
    owner = frame.owner
    if owner is None and target.owner in frame.old_owners and len(target.owners) >= 2:
        owner = target.owners[-2]  # "算了，李四这周没空": taken from its owner, it goes back to the one before
    elif owner is None and target.owner is None and target.owners and re.search(r"还是(?:你|您)(?!们)", frame.scope.text):
        owner = target.owners[-1]  # ("…算了，我去谈吧。" … "嗯，那还是你去吧": back to the one let off)
    elif owner is None and target.owner is not None and (target.owner in frame.old_owners or target.touched >= state.sentence - 1) \
            and _SPEAKER_TAKES.search(frame.scope.text) and has_cjk(frame.scope.text):
        # ("那清单小云你列一下——哎算了，清单我来列吧": taken back by a speaker nobody names; the one let off
        # no longer has it, and who has it is not said)
        ops = (Op("reassign", target.ref, owner=None, due=frame.due if frame.due != target.due else None),)
        return apply(state, ops), ops
    ops = _changed(target, owner, frame.due)
    if ops or owner or frame.due:
        # "confirm": the words restate what the task already says; the task is still the referent.
        ops = ops or (Op("confirm", target.ref),)
        return apply(state, ops), ops
    return None


def _new_work(frame: Frame, participants: Sequence[str]) -> str:
    """The words right before the correction cue name work of their own (the clause before it when
    the cue opens its clause) — work no live task matched — so the cue hands over new work."""
    clauses = frame.scope.clauses
    for i, c in enumerate(clauses):
        m = lx.CORRECTION.search(c.text)
        if m:
            before = c.text[: m.start()]
            if not before.strip() and i:
                before = clauses[i - 1].text
            if re.search(r"\b(?:it|that|this|them)\b|它|这个|那个", before, re.IGNORECASE):
                return ""  # "I'll have it in by lunch, actually.": the work it points back to
            # ("Oh, and Hartwell — actually, Sofia, …": a matter named alone before the cue)
            matter = re.fullmatch(r"(?i:(?:oh|and|also|so|now)[,\s]+)*(?P<m>[A-Z][\w'&-]*(?: [A-Z][\w'&-]*){0,2})\s*[—–-]\s*", before.strip() + " ")
            if matter and not find_people(matter.group("m"), participants):
                return matter.group("m")
            return ex.clean_title(before) if names_work(before, participants) else ""
    return ""


def _names_other_work(frame: Frame, participants: Sequence[str]) -> bool:
    """The cancelling clause names its own subject ("夜间模式先不做了") — one that no task
    matched — rather than pointing back (这个先不做了, 算了不用做了, drop it)."""
    for k, c in enumerate(frame.scope.clauses):
        m = lx.CANCEL.search(c.text)
        if m and any(ex.ZH_MEANT_TO.search(b.text) for b in frame.scope.clauses[: k + 1]):
            return True  # ("本来打算让小周把门锁都换了，…那就不用了": the work once meant, said just before)
        if m and any(_ZH_MATTER_OF.search(strip_punct(b.text)) for b in frame.scope.clauses[:k]):
            return True  # ("上回提的团建那事儿，算了，取消吧": the matter named in a clause before the cue)
        if m:
            subject = lx.GENERIC_WORK.sub("", ex.clean_title(topic_text(c.text[: m.start()], participants)))
            if len(subject) >= 2 if has_cjk(subject) else bool(subject.strip()):
                return True
            # "Skip the raffle": the thing is named after the cue. "Bin the old sign, we don't need
            # it": the pointer stands for the thing the clause before named.
            # ("No need. … Cancel the coach": every cue of the sentence is read, the last may name it)
            if m.group(0).lower().endswith(" the") or re.match(r"(?i)\s+(?:the|our|any|those|these)\s+[a-z]", c.text[m.end() :]) is not None or (
                    bool(_EN_POINTER.match(c.text, m.end())) and any(_EN_THING.search(b.text) for b in frame.scope.clauses[:k])):
                return True
    return False


# A matter named by what it is about: "请讲师的事儿", "团建那事" (not the pointers 这个事儿, 那件事).
_ZH_MATTER_OF = re.compile(r"(?<![这那个件])[\u3400-\u9fff]{2}(?:的|那|这)(?:个|件)?(?:事儿?|事情)$")
_EN_POINTER = re.compile(r"\s*(?:that|it|this|those)\b", re.IGNORECASE)
# A thing named with its article: "the big banner", "those 'kids eat free' flyers".
_EN_THING = re.compile(r"\b(?:the|those|these)\s+(?:['‘\"“][^'’\"”]+['’\"”]\s*)?[a-z][\w-]+", re.IGNORECASE)


def on_cancel(
    state: DialogueState, frame: Frame, participants: Sequence[str]
) -> tuple[DialogueState, tuple[Op, ...]]:
    """Cancels the task the sentence names, else the one just discussed (within two sentences or
    utterances) unless the sentence names some other work of its own."""
    target = by_topic(state, frame.scope.text, participants)
    if target is None and not _names_other_work(frame, participants):
        f = focus(state)
        if f is not None and (f.touched >= state.sentence - 2 or f.last_seq >= min(frame.scope.seqs) - 2):
            target = f
    if target is None:
        return state, ()
    op = Op("cancel", target.ref)
    return apply(state, [op]), (op,)


# Two phrases said in one conversation name the same day when they do on any one reference day;
# a Monday that is the 1st keeps "周五"/"下周五" and "二十五号"/"这个月二十五号" as they are meant.
_REFERENCE_DAY = date(2024, 1, 1)
# …and on a second day too, a Wednesday: "tomorrow" and "Tuesday" are the same day on the Monday only.
_SECOND_REFERENCE_DAY = date(2024, 1, 10)


_DAY_ONLY = re.compile(r"\d{1,2}(?:st|nd|rd|th)?\b|[0-9一二三四五六七八九十]{1,3}[号日]", re.IGNORECASE)
_MONTH_SAID = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|[0-9一二三四五六七八九十]{1,2}月", re.IGNORECASE
)


def _restated(said: str, due: str) -> bool:
    """``said`` only repeats the deadline already recorded ("二十五号之前" after "这个月二十五号之前")."""
    a, b = resolve(said, _REFERENCE_DAY), resolve(due, _REFERENCE_DAY)
    if a and b and a[-2:] == b[-2:] and _DAY_ONLY.search(said) and _DAY_ONLY.search(due) and (
        not _MONTH_SAID.search(said) or not _MONTH_SAID.search(due)
    ):
        return True  # "Before September 1st, sure." after "Before the 1st": the month only made explicit
    if a or b:
        return a == b and resolve(said, _SECOND_REFERENCE_DAY) == resolve(due, _SECOND_REFERENCE_DAY)
    core = lx.UNTIL_WORDS.sub("", said).strip().lower()
    return bool(core) and core in due.lower()


def _latest_of_named(state: DialogueState, text: str, participants: Sequence[str], within: int) -> Topic | None:
    """The task touched last, within ``within`` sentences, of someone ``text`` names."""
    return _latest_of(state, {h.name for h in find_people(text, participants)}, within)


def _latest_of(state: DialogueState, owners: Collection[str], within: int) -> Topic | None:
    """The task of one of ``owners`` touched last, within ``within`` sentences."""
    mine = [t for t in state.tasks if t.owner in owners and t.touched >= state.sentence - within]
    return max(mine, key=lambda t: (t.touched, t.last_seq, t.order), default=None)


def on_claim(state: DialogueState, owner: str, first_seq: int) -> tuple[DialogueState, tuple[Op, ...]]:
    """"Somebody has to update the corrections page." … "Margaret, that's usually you?" "Fine, I'll do
    it.": the work just said (within the two utterances before) that has no owner is ``owner``'s.
    Work someone already has changes hands only with words that say so."""
    f = focus(state)
    if f is None or f.owner is not None or f.last_seq < first_seq - 2:
        return state, ()
    op = Op("assign", f.ref, owner=owner)
    return apply(state, [op]), (op,)


def on_given_me(state: DialogueState, owner: str, first_seq: int) -> tuple[DialogueState, tuple[Op, ...]]:
    """"那给我嘛，我来改": the work just discussed (within the two utterances before), someone
    else's, changes hands to ``owner``, who asks for it."""
    f = focus(state)
    if f is None or f.owner in (None, owner) or f.last_seq < first_seq - 2:
        return state, ()
    op = Op("revert" if owner in f.owners else "reassign", f.ref, owner=owner)
    return apply(state, [op]), (op,)


# Everyone with work given a date: "大家周四之前交", "各位周五前发我".
_EVERYONE_BY = re.compile(r"(?:^|[，,])(?:那|那就|就)?(?:大家|各位)(?:都|统一)?[^，,。]{0,8}?(?:之前|以前|前)")


# The speaker only as whom the work goes to: "…交给我", "发我", "get them to me".
_TO_ME = re.compile(r"(?:交给|交|给|发给|发|报给|告诉)我(?!们)|\b(?:to|send) me\b", re.IGNORECASE)


# A date said as a limit: "before the end of the month", "by Friday", "周五前".
_BY_WHEN = re.compile(r"^(?i:before|by|until|no later than)\b|(?:之前|以前|前|之内|以内)$")


# A date said of all the work just given ("Both today", "I'll do both tonight", "两件都周五前").
# Said to every one just given work: "both of you", "you two", "你们俩".
_TO_YOU_ALL = re.compile(r"\b(?:both|all|each) of you\b|\byou (?:both|two|all|guys)\b|你们(?:俩|两个|几个)(?:都)?", re.IGNORECASE)
_BOTH = re.compile(r"\b(?:both|all of (?:them|those|it)|all three|each of them)\b|两(?:个|件|样|份)(?:事)?都|这两(?:个|件|样)", re.IGNORECASE)


# The work in focus pointed at and given a new date: "So it really has to be in by Wednesday."
_IT_DUE = re.compile(r"(?i)\b(?:it|that|this)(?:\s+(?:actually\s+|really\s+|now\s+|then\s+)?(?:needs to|has to|must|'s got to|'ll have to|will have to)"
                     r"|(?:'s got to|'ll have to|'ll need to))"
                     r"\s+be\s+(?:done|in|out|ready|finished|sent|up|submitted|delivered|ordered|booked|paid|signed|filed|posted|printed)\b")


# A thing said to be moved to a day: "The stock count is moved to Monday", "…got pushed to Friday".
_EN_MOVED_TO = re.compile(r"\b(?:is|are|was|were|got|been|already)\s+(?:now\s+)?(?:moved|shifted|pushed|postponed|rescheduled|"
                          r"brought forward|shift|move)\b", re.IGNORECASE)


def _each_its_day(state: DialogueState, frame: Frame, participants: Sequence[str]) -> tuple[Op, ...]:
    """"Print them today, and the binding by the end of the month.", "合同周三签，发票我月底开": clauses
    that each name a task just discussed with a date of its own date each of them, when they name
    two or more."""
    first = min(frame.scope.seqs, default=0)
    recent = replace(state, tasks=tuple(t for t in state.tasks if t.touched >= state.sentence - 3 or t.last_seq >= first - 3))
    ops: dict[int, Op] = {}
    for c in frame.scope.clauses:
        days = lx.dates(c.text)
        if len(days) != 1:
            continue
        t = by_topic(recent, c.text, participants, floor=0.3)
        if t is None or t.ref in ops:
            return ()
        ops[t.ref] = Op("move", t.ref, due=strip_punct(lx.deadlines(c.text)[0].text if lx.deadlines(c.text) else days[0].text))
    return tuple(ops.values()) if len(ops) > 1 else ()


def on_deadline(
    state: DialogueState, frame: Frame, participants: Sequence[str], asked: str = "", countered: bool = False,
    speaker: str | None = None, said_to: str = "",
) -> tuple[DialogueState, tuple[Op, ...]]:
    """A deadline said on its own about a task just discussed: the first one sets it ("赵六负责
    后端。" "下周三之前提测。"); a different one later moves it ("那就周四吧，周四晚上之前"),
    the last date said winning. The task is the one the sentence names, else the one in focus.
    ``asked``: the sentence before, when it asks when ("When do we need people confirmed by?"):
    the answer is the date of the work that question names or is asked of ("Bea, when do you need
    the money in by?"), else of the work in focus even after a few replies in between.
    ``countered``: the sentence before pushes back on a date ("Friday's tough"), so the date said
    now is a counter-offer that moves the work in focus. A task split between several people
    ("Raj and Beth, can you two…") gets the date for each of them. ``speaker``: the person whose
    plan the sentence is ("Priyanka, the privilege log, where are we?" "…I'll finish it by
    Wednesday."): the date is for their task that ``said_to`` (the utterance before) names, else
    their task said last."""
    text = frame.scope.text
    if len(frame.scope.clauses) > 1 and (each := _each_its_day(state, frame, participants)):
        return apply(state, each), each
    when_asked = bool(asked) and lx.WHEN_ASKED.search(asked) is not None
    # (what the speaker will do with it names no work: "Tell me by noon, so I can ring the agency")
    named = said_named = by_topic(state, _SO_I_CAN.sub("", text), participants)
    if speaker:
        mine = replace(state, tasks=tuple(t for t in state.tasks if t.owner == speaker))
        own = named if named is not None and named.owner == speaker else None
        # (the utterance before may name several of theirs: the one the plan itself names, then)
        said = topic_text(said_to, participants)
        several = sum(topic_score(t.title, said) >= 0.5 for t in mine.tasks) > 1
        named = (own if several else None) or by_topic(mine, said_to, participants) or own or _latest_of(state, {speaker}, 6) or named
    if named is None and asked:
        named = by_topic(state, asked, participants, floor=0.2) or _latest_of_named(state, asked, participants, 6)
    if named is None and frame.cue == "order":
        # "Then aim for the 25th, Yuki.": the task of the person addressed, said lately.
        named = _latest_of_named(state, text, participants, 3)
    f = focus(state)
    target = named
    # A first date that opens its sentence answers "By when?" / "When do we need them?", which may
    # come after a short exchange, so it reaches one sentence further than a date moving one set.
    opens = next(iter(lx.dates(text)), None)
    reach = 3 if f is not None and not f.due and opens and not text[: opens.start].strip() else 2
    if frame.cue == "order" or _LET_ME_KNOW.match(text):
        reach = max(reach, 4)  # ("I'll see." "Fine. Tell me by Friday either way.": the work just asked)
    settling = opens is not None and re.match(r"^(?:那|那就|那么就|就定|(?i:(?:(?:okay|ok|right|fine|alright|so)[,\s]+)?then))$",
                                              text[: opens.start].strip("，, ")) is not None
    # ("Okay. Thursday then.": the same, said after the date)
    settling = settling or (opens is not None and not text[: opens.start].strip("，, ")
                            and re.fullmatch(r"(?i)[\s,]*then[.!]?", text[opens.end :]) is not None)
    if settling:
        reach = max(reach, 3)  # ("下周二吧" "下周二都放假了。" "哦对。" "那就元旦前", "Okay, then Monday": the date settled at last)
    if asked and f is not None and not f.due:
        reach = max(reach, 6)
    # ("…周五之前交给我。" "周五？库房那天盘点。" "哦对。那这样，大家周四之前交": a new date for
    # everyone with the work just shared out, after a short exchange)
    said_to_all = has_cjk(text) and _EVERYONE_BY.search(text) is not None
    if said_to_all:
        reach = max(reach, 5)
    # A reply in the very next utterance is about the task in focus however many short sentences
    # ("Ha. Fine. I'll get it up today.") the turns were cut into.
    replied = f is not None and frame.scope.seqs and f.last_seq >= min(frame.scope.seqs) - 1
    # ("Thanks, Luis. Up by when?" "I'll have it up at the desk by Thursday.": asked by when, the
    # answer dates the work in focus whatever date came with it)
    if target is None and f is not None and (f.touched >= state.sentence - reach or (replied and (not f.due or when_asked))):
        target = f
    if target is None and f is not None and settling and frame.scope.seqs and f.last_seq >= min(frame.scope.seqs) - 3:
        target = f  # (the same, read again later with the work from an earlier pass: by the turns between)
    if target is None and f is not None and countered and frame.scope.seqs and f.last_seq >= min(frame.scope.seqs) - 4:
        # ("…下周一交给我。" "下周一不是要去听课吗？" "哎对。那就下周二吧": the date pushed back on, maybe
        # twice over: "周四太赶了。" "那周五？" "周五也有点悬。" "行吧，下周二。")
        target = f
    pointed = _IT_DUE.search(text) is not None
    if target is None and f is not None and pointed and f.touched >= state.sentence - 4:
        target = f  # ("…Their meeting moved. So it really has to be in by Wednesday.": "it" is the work in focus)
    if target is not None and target is not named and not pointed and not has_cjk(text):
        # ("The stock count is moved to Monday.": a date said of other work, by its own subject)
        dated = next((c.text for c in frame.scope.clauses if lx.dates(c.text)), "")
        own = refer.en_subject(dated, participants) if _EN_MOVED_TO.search(dated) else ""
        if own and not lx.dates(own) and not set(tokens(own)) & set(tokens(target.title)):
            return state, ()
    if target is None:
        return state, ()
    every = _BOTH.search(text) is not None
    everyone = said_to_all and target is f
    if target.due and (_FIRST_PERSON_PLAN.search(text) or frame.cue == "plan") and not (when_asked and target is f) and not every \
            and not everyone and not lx.event_only(target.due):  # (a day named against an event is more exact)
        return state, ()  # "Sure, I'll pull the contracts next week": a step of the owner's, not a new date
    due = frame.candidates[0] if not target.due else frame.candidates[-1]
    if lx.event_only(due) and (exact := [c for c in frame.candidates if not lx.event_only(c)]):
        due = exact[0]  # ("Two weeks before the fair, so the 3rd of May": the day said more exactly)
    marked = [c for c in frame.candidates if _BY_WHEN.search(c)]
    if not target.due and len(frame.candidates) > 1 and len(marked) == 1:
        due = marked[0]  # ("Two sessions, one weekday, one Saturday, done before the end of the month": by when)
    if len(frame.candidates) > 1 and re.search(
            rf"{re.escape(frame.candidates[0])}[，,]?\s*(?:也)?就是\s*{re.escape(frame.candidates[1])}", text):
        due = frame.candidates[1]  # ("周五，就是十三号": the same day said more exactly)
    if len(frame.candidates) > 1 and target is named and (at := text.find(target.title)) >= 0:
        # ("那就教案周六，命题周五": each thing its own day, the one said right after it)
        after = [c for c in frame.candidates if text.find(c, at) >= 0]
        due = min(after, key=lambda c: text.find(c, at)) if after else due
    if countered and target.due and _restated(frame.candidates[0], target.due) and re.match(r"(?i)(?:no|nope|sorry)\b|不行|不可以", text):
        return state, ()  # ("Could I do Wednesday?" "No, Monday please, they sign on Tuesday.": the date kept, and why)
    if target.due and _restated(due, target.due):
        return state, ()  # "本周六，行" after "本周六之前整改完": the same date, the fuller phrase stays
    if target.due and frame.cue != "order" and not countered and not settling and not everyone and not (
            lx.CORRECTION.search(text) or lx.SETTLE.search(text) or pointed):
        if target is f and target is not named and f.touched < state.sentence - 1 and not when_asked:
            return state, ()  # two sentences on, an unrelated date does not move the work in focus
        if (frame.scope.seqs and target.last_seq in frame.scope.seqs and target.touched == state.sentence - 1
                and not (opens and not text[: opens.start].strip())):  # ("By end of today, ideally." still dates it)
            # "Dev, can you … before the 13th? Committee's on the 16th and I want your notes before
            # the weekend.": the same speaker's next date, unmarked, gives a reason, not a move
            return state, ()
    ops = [Op("move", target.ref, due=due)]
    if _TO_YOU_ALL.search(text) and target.intro is not None:
        # ("…and Lou, you order the flour. Before Friday, both of you.": each one given work in that breath)
        ops += [Op("move", t.ref, due=due) for t in state.tasks if t.ref != target.ref and t.intro == target.intro]
    elif every and target.intro is not None:
        # ("…send Dev the notes and give Ana the slides?" "Both today." / "I'll do both tonight.")
        ops += [Op("move", t.ref, due=due) for t in state.tasks
                if t.ref != target.ref and t.intro == target.intro and t.owner == target.owner]
    elif not target.due and target.intro is not None:
        # (the one asked dating a reply that names none of it dates all that was asked of them in
        # that breath: "你回头给客户回个电话，把这个退款给办了。" "我今晚就打。")
        # (a date said right after work shared out, naming none of it, is everyone's: "佳琪展板，晓东
        # 音响设备。周五之前交给我。")
        shared = said_named is None and (not speaker or _TO_ME.search(text)) and target.touched >= state.sentence - 1
        ops += [Op("move", t.ref, due=due) for t in state.tasks
                if t.ref != target.ref and not t.due and (
                    (t.intro == target.intro and (t.title == target.title or (
                        speaker and said_named is None and t.owner == speaker == target.owner)
                        # ("…order the badges and book the room?" "By when?" "The 9th.": all asked in that breath)
                        or (when_asked and said_named is None and t.owner == target.owner)))
                    or (shared and t.touched == target.touched and t.owner != target.owner))]
    elif everyone and target.due:
        ops += [Op("move", t.ref, due=due) for t in state.tasks
                if t.ref != target.ref and t.due == target.due and t.touched == target.touched]
    elif countered and target.due and target.intro is not None:
        # (work given out in one breath with one date: the counter-offer moves each of them)
        ops += [Op("move", t.ref, due=due) for t in state.tasks
                if t.ref != target.ref and t.due == target.due and (t.intro == target.intro or t.touched == target.touched)]
    if target.due and target.intro is not None:
        # (one work led by one and helped by another, given in one breath: its new date is both of theirs)
        ops += [Op("move", t.ref, due=due) for t in state.tasks if t.ref != target.ref and t.intro == target.intro
                and t.title == target.title and t.due == target.due and all(o.ref != t.ref for o in ops)]
    return apply(state, ops), tuple(ops)
