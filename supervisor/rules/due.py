"""Stage 3 (``frames``): when work is due.

The dates of a clause that are deadlines (``due_hits``, ``promised``, a date right after the work),
the ``deadline`` frame of a sentence that only says a date (an order, a plan), and the ``conflict``
frame of two dates said for one item.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from . import lexicon as lx
from .frame_types import Frame
from .names import find_people
from .text import Clause, Sentence, has_cjk, strip_punct

_WHEN_SAID = re.compile(
    r"\s*(?:讨论|开会|会上|说|的会|的时候|时|早上|上午|下午|we\b|in the meeting|morning)", re.IGNORECASE
)
NEGATED = re.compile(
    r"(?:不是|而不是|不在|\bnot|\binstead of|\brather than)\s*(?:on\s+|by\s+|在)?$", re.IGNORECASE
)


def negated(text: str, hit: lx.DateHit) -> bool:
    """Whether the date ``hit`` in ``text`` is said not to be the day ("不是周五", "not by Friday").
    "not till Friday" says when it is."""
    return bool(NEGATED.search(text[: hit.start])) and not re.match(r"(?:until|till)\b", hit.text, re.IGNORECASE)


def conflict(scope: Sentence, clauses: Sequence[Clause]) -> Frame | None:
    """Two different dates for one item, a contrast and an attribution: a clarification question."""
    text = scope.text
    if not lx.CONTRAST.search(text) or not lx.ATTRIBUTION.search(text):
        return None

    def said(c: Clause) -> list[lx.DateHit]:
        # Dates of the item, not of the talk about it ("今天讨论时…", "this morning we…"), nor of a
        # condition ("明天还不到的话…", "if it's not in by Friday").
        if lx.CONDITION.search(c.text) or re.search(r"的话", c.text):
            return []
        hits = lx.deadlines(c.text)
        if len(hits) < 1:
            hits = [h for h in lx.dates(c.text) if not _WHEN_SAID.match(c.text[h.end :])]
        return hits

    found = [h for c in clauses for h in said(c)]
    distinct = list(dict.fromkeys(h.text for h in found))
    if len(distinct) < 2:
        return None
    first = next(c for c in clauses if said(c))
    topic = ex.conflict_topic(first.text, said(first)[0].start)
    d1, d2 = distinct[0], distinct[-1]
    if has_cjk(text):
        q = f"{topic}的完成时间是{d1}还是{d2}？" if topic else f"完成时间是{d1}还是{d2}？"
    else:
        q = f"Is {topic} due {d1} or {d2}?" if topic else f"Is it due {d1} or {d2}?"
    return Frame("conflict", scope, tuple(clauses), first, work=q, candidates=(d1, d2))


_OBLIGED = re.compile(r"\s*(?:就|也|都)?(?:得|要|必须|一定要|务必|需要)")


# In the work's own clause a date right before its verb is when it is done: "脚手架今天上午全面检查一遍".
_DONE_BY = re.compile(rf"\s*(?:就|也|都|先|再|全面|统一|一起|尽快|抓紧|马上|加班|加个班|加急|挨个|逐个|一个个|一家家|亲自|分别|立刻|立马|重新|专门|回来|过来)*(?:{lx.ZH_ASSIGN_VERBS}|打电话|打个电话|去|跑)")
# ("老周，下周一上午你盯着把尾款付了", "后天你去把章盖了": the day, then the one told and the work)
_YOU_THEN = re.compile(rf"\s*(?:你|您)(?:就|先|再|得|要|亲自|记得)?(?:盯着|负责|{lx.ZH_ASSIGN_VERBS}|去|跑|把|给)")
# The owner's own date: a date before a modal of ability or promise and the verb ("初稿我十二月
# 十五号可以出", "我周三之前能给").
_PROMISED = re.compile(rf"\s*(?:(?:就|也|都)?(?:可以|能|会|一定|肯定|保证)(?:{lx.ZH_ASSIGN_VERBS}|给|交)|"
                       rf"(?P<plan>就(?:去|给|交|打|联系|{lx.ZH_ASSIGN_VERBS})))")  # a reply: "好的，明天就去"


def _right_after_work(text: str, title: str) -> str | None:
    """English: a date said right after the work is when that work is done, even when the clause
    goes on with other work and its own date ("call the city today and book the inspection for
    Thursday" → today)."""
    if has_cjk(text) or not title:
        return None
    at = text.lower().find(title.lower())
    if at < 0 and " and " in title:
        # ("speak to Stonebridge tomorrow and get a price": the title says both, the day said between)
        title = title.split(" and ")[0]
        at = text.lower().find(title.lower())
    if at < 0 or re.search(r"\b(?:about|on|for|of|with|to|from|at|around|until)$", title, re.IGNORECASE):
        return None  # "ask them about Thursday afternoons": the date is the work's object
    end = at + len(title)
    return next((h.text for h in lx.dates(text) if end <= h.start <= end + 1), None)


_RESCHEDULED = re.compile(
    r"\b(?:move|moving|reschedule|rescheduling|shift|push|postpone|bring|change|switch)\b[^,;!?]*?"
    r"\b(?:to|until|till|for|from [\w ]+ to)\s*$",
    re.IGNORECASE,
)


# A day agreed and nothing else: "那就下周一吧", "就周五吧" (when the work is due, if work is in
# question; the analyzer reads it as a settled option first).
# (or conceded: "后天就后天", "五一前就五一前吧")
_AGREED_DAY = re.compile(r"^(?:(?:那就|那|就|好|行)+(?P<day>.+?)|(?P<said>.+?)就(?P=said))(?:吧|了|好了)?$")


def promised(text: str) -> list[lx.DateHit]:
    """Deadlines of a clause, and a date the speaker promises the work by ("…我周三可以出") or
    the day agreed ("那就下周一吧")."""
    hits = lx.deadlines(text)
    day = _AGREED_DAY.match(strip_punct(text).strip())
    whole = [h for h in lx.dates(text) if day and h.text == (day.group("day") or day.group("said"))]
    more = [h for h in lx.dates(text) if h not in hits and (_PROMISED.match(text, h.end) or h in whole)]
    return sorted([*hits, *more], key=lambda h: h.start)


def deadlines(text: str, hits: Sequence[lx.DateHit] | None = None) -> list[lx.DateHit]:
    """``hits`` (default ``lx.deadlines``) but the day a condition is checked on ("月底之前要是还不付，
    …"): not the work's."""
    return [h for h in (lx.deadlines(text) if hits is None else hits) if not _IF_BY.match(text, h.end)]


def due_hits(text: str, work: bool = False) -> list[lx.DateHit]:
    """Deadlines of a clause, and (Chinese) a date right before an obligation: "初稿下周一就得给我";
    ``work``: the clause names the task's work, so a date right before its verb counts too."""
    hits = deadlines(text)
    if work and not has_cjk(text):
        # "move Mrs. Patel to Monday", "push the demo to Friday": the new day is what the work is about.
        hits = [h for h in hits if not _RESCHEDULED.search(text[: h.start])]
    if lx.LEAVE.search(text) or not has_cjk(text):
        return hits  # "李明下周要出差": an absence, not a deadline
    more = [h for h in lx.dates(text) if h not in hits and not _IF_BY.match(text, h.end)
            and (_OBLIGED.match(text, h.end) or (work and (_DONE_BY.match(text, h.end) or _YOU_THEN.match(text, h.end))))]
    return sorted([*hits, *more], key=lambda h: h.start)


_COMES = re.compile(r"(?:就|会|才|能)?(?:过来|来|到|上门)(?:了|吧|啊)?")
_IF_BY = re.compile(r"(?:之前|以前|前)?(?:要是|如果|若是|万一)")


# "那我拿到就送印，下周一之前印出来": what the speaker does once the work reaches them, with its
# own date; the date of the work they wait for does not move.
_ONCE_I_GET = re.compile(r"(?:^|[，,])\s*(?:行|好|那|那就)?[，,]?\s*(?:那)?我(?:这边)?一?(?:拿到|收到|接到)(?:了|以后|之后|后)?[^，,。]{0,4}?就")


def once_i_get(text: str) -> bool:
    """"那我拿到就送印，…": the speaker's own next step once the work reaches them."""
    return bool(_ONCE_I_GET.search(text))


# "周末要不要开？": whether to do something on that day at all, no date for work in hand
_WHETHER_THEN = re.compile(r"[^，,。？?]{0,4}?(?:要不要|需不需要|用不用|开不开)")
_THING_THEN_DAY = re.compile(r"(?:好+|行|那就|那|就)*[，,]?(?:那就|就)?[\u4e00-\u9fff]{2,6}")


# A clause said to everyone who has work ("大家…", "各位…", "你们都…").
_EVERYONE = re.compile(r"(?:那|那就|就)?(?:大家|各位|你们)(?:都|统一|一律)?")


def _dates_for_everyone(clauses: Sequence[Clause]) -> list[lx.DateHit]:
    return [h for c in clauses if has_cjk(c.text) and _EVERYONE.match(strip_punct(c.text)) for h in lx.dates(c.text)]


def dated_for_everyone(clauses: Sequence[Clause]) -> bool:
    """A clause gives everyone with work a date ("那这样，大家周四之前交")."""
    return bool(_dates_for_everyone(clauses))


# A yes that is a no: "I would, but…", "I'd love to, but…".
_WOULD_BUT = re.compile(r"(?i)^\W*(?:(?:yeah|well|um|uh|look|sorry|honestly)[,.\s]+)*(?:I would|I'd love to|I'd like to|I wish I could|I could)"
                        r"(?: have)?,?\s+but\b")


def deadline(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A sentence that only says a deadline (no person, not a closing): it may set or move the date
    of the task it names or the one just discussed."""
    # "Friday's doable if the inspector comes Thursday": a date in a condition moves nothing.
    # (Chinese: also the owner's own date, "初稿我十二月十五号可以出".)
    hits = [h for c in clauses for h in (promised(c.text) if has_cjk(c.text) else lx.deadlines(c.text))
            if not negated(c.text, h) and not lx.CONDITION.search(c.text[: h.start]) and not _WHETHER_THEN.match(c.text, h.end)
            # ("我约了厂家，周三就来": when someone else comes, not the work's date)
            and not ("我" not in c.text and _COMES.fullmatch(strip_punct(c.text)[h.end :]))]
    # ("那就教案周六，命题周五": a thing, then its day, closing the clause)
    hits += [h for c in clauses if has_cjk(c.text) for h in lx.dates(strip_punct(c.text))
             if h.end == len(strip_punct(c.text)) and _THING_THEN_DAY.fullmatch(strip_punct(c.text)[: h.start])
             and not lx.DELAYED_BY.search(strip_punct(c.text)[: h.start])
             and all(h.text != k.text for k in hits)]
    # ("好，下周二，我周一一早就去堵他": the date said back alone is the work's; the plan after is a step)
    echoed = [h for c in clauses if has_cjk(c.text) for h in lx.dates(strip_punct(c.text))
              if h.start == 0 and h.end == len(strip_punct(c.text))]
    if echoed and len(hits) > len(echoed):
        hits = [h for h in hits if any(h.text == e.text for e in echoed)] or hits
    # ("那这样，大家周四之前交，我周五拿去审": the date everyone hands in by; the speaker's own step
    # after it is theirs)
    everyone = _dates_for_everyone(clauses)
    if everyone and len(hits) > len(everyone):
        hits = [h for h in hits if any(h.text == e.text for e in everyone)] or hits
    # "好的，明天就去": when the one asked will do it — a first date for the work, never a move.
    plan = bool(hits) and has_cjk(scope.text) and all(_plans(c.text) for c in clauses if has_cjk(c.text))
    # ("Hamish, get it to me by the 25th": the one it is said to, then the order)
    called = len(clauses) > 1 and _only_a_name(clauses[0].text, participants)
    order = (not has_cjk(scope.text) and (date_order(scope.text) or (called and date_order(" ".join(c.text for c in clauses[1:]))))) or (
        has_cjk(scope.text) and bool(clauses) and (zh_date_order(clauses[0].text, participants) or (
            # (after a no to the date just agreed: "哎呀，那不行，老秦你还是周三给我")
            len(clauses) > 1 and _ZH_NO_THEN.match(clauses[0].text) is not None
            and any(zh_date_order(c.text, participants) for c in clauses[1:3]))))
    # ("那就下周一，李明辛苦一下": a date settled, then the one it falls to called — read with 辛苦一下 said plainly)
    order = order or (has_cjk(scope.text) and len(clauses) == 2 and _only_a_name(clauses[1].text, participants)
                      and bool(hits) and _settled_day(clauses[0].text, hits))
    if order and not hits:
        # "File Saturday morning.", "Then aim for the 25th, Yuki.": an order whose only news is a
        # date; the addressed person's task (or the one in focus) gets it.
        hits = [h for c in clauses for h in lx.dates(c.text) if not negated(c.text, h)]
    if not hits or lx.CLOSING.search(scope.text) or _ONCE_I_GET.search(scope.text) or _A_WEEKDAY.match(scope.text):
        return None
    if _WOULD_BUT.match(scope.text):
        return None  # ("I would, but the van's booked till Monday": when the obstacle ends, no date for the work)
    if any(find_people(c.text, participants) and not yes_by_name(c.text, participants) and not _why_then(c.text, participants)
           for c in scope.clauses) and not order:
        return None
    cue = "order" if order else "plan" if plan else ""
    return Frame("deadline", scope, tuple(clauses), candidates=tuple(h.text for h in hits), cue=cue)


_ACK = re.compile(r"(?:好的|好嘞|好|行|可以|收到|没问题|嗯|对|ok|okay|sure|yep|yes|right|will do)?", re.IGNORECASE)


def _why_then(clause: str, participants: Sequence[str]) -> bool:
    """A clause, with no date, that only says why by what another one needs ("…，阿杰那边要排班的")."""
    hits = find_people(clause, participants)
    return (has_cjk(clause) and len(hits) == 1 and hits[0].start == 0 and not lx.dates(clause)
            and re.match(r"(?:那边|这边)?(?:还)?(?:要|得|需要)[\u3400-\u9fff]{1,8}?的?$", strip_punct(clause[hits[0].end :])) is not None)


# What is left of a clause that only settles a day, its date taken out: "那就（下周一）", "行，（周四）吧".
_SETTLED_DAY = re.compile(r"(?:好|行|可以|那|那就|就|那么)*(?:之前|以前|前)?(?:吧|啊)?")


def _settled_day(first: str, hits: Sequence[lx.DateHit]) -> bool:
    """Whether ``first`` says only the dates in ``hits`` and words that settle on them ("那就下周一")."""
    said = lx.dates(first)
    if [h.text for h in said] != [h.text for h in hits]:
        return False
    rest = first
    for h in reversed(said):
        rest = rest[: h.start] + rest[h.end :]
    return _SETTLED_DAY.fullmatch(strip_punct(rest)) is not None


def _only_a_name(clause: str, participants: Sequence[str]) -> bool:
    hits = find_people(clause, participants)
    return len(hits) == 1 and not strip_punct(clause[: hits[0].start] + clause[hits[0].end :]).strip(" ,")


def yes_by_name(clause: str, participants: Sequence[str]) -> bool:
    """A clause that only says yes to someone by name ("好的冯经理", "Sure, Sam"): the one asking is
    called back, nobody is given work."""
    hits = find_people(clause, participants)
    if len(hits) != 1:
        return False
    rest = strip_punct(clause[: hits[0].start] + " " + clause[hits[0].end :]).strip(" ,，")
    return bool(_ACK.fullmatch(rest)) and bool(rest)


def _plans(text: str) -> bool:
    """Every date of the clause is when the speaker will go and do it ("明天就去")."""
    return all((m := _PROMISED.match(text, h.end)) and m.group("plan") for h in lx.dates(text))


# Handing the work in, with nothing else said: "(那老张你)下周一交", "周三前给我".
_ZH_HAND_IN = re.compile(r"(?:再|就)?(?:交|交上来|交给我|给我|发我|发给我|弄完|做完|搞完)(?:吧|啊|哈)?")


# Which day of the week a date falls on, said of it: "It's a Thursday." (no date of its own).
_A_WEEKDAY = re.compile(r"^\s*(?:it's|it is|that's|that is|that'll be)\s+a\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE)
_ZH_NO_THEN = re.compile(r"^(?:哎哟|哎呀|哎|诶|哦|啊)?(?:对+|那|不行|不对|等一下)+[。！!，,]?$")


def zh_date_order(clause: str, participants: Sequence[str]) -> bool:
    """A Chinese clause that only moves when the one named hands their work in ("那老张你下周一交"):
    a name, a date, then handing in."""
    t = re.sub(r"^(?:那就|那|就|好)", "", strip_punct(clause))
    hits = find_people(t, participants)
    if not hits or hits[0].start != 0:
        return False
    t = re.sub(r"^(?:你|您)(?:还是|就|最晚|最迟|干脆)?", "", t[hits[0].end :])  # ("秦师傅你还是周三给我")
    when = next((h for h in lx.dates(t) if h.start == 0), None)
    return when is not None and bool(_ZH_HAND_IN.fullmatch(re.sub(r"^(?:之前|以前|前)", "", t[when.end :])))


def date_order(text: str) -> bool:
    """The order's verb is followed by the date and nothing else ("File Saturday morning", not
    "Send the invoice Friday", which names work of its own)."""
    m = _EN_DATE_ORDER.match(text)
    if not m:
        return False
    # ("wrap it up by Friday", "get it to me by Monday": the pronoun, a particle and to whom, then the date)
    rest = re.sub(r"^\s*(?:(?:it|that|them|this)\s+)?(?:(?:up|out|over|off|across|round|around|done|finished|ready|sorted|in)\s+)?"
                  r"(?:(?:to|with)\s+(?:me|us|everyone|the team|them)\s+)?(?:(?:by|on|for|before|no later than)\s+)?", "", text[m.end() :])
    return any(h.start == 0 for h in lx.dates(rest))


_EN_DATE_ORDER = re.compile(
    r"^(?:(?:fine|okay|ok|then|so|right|alright|yes|no|actually|well|hang on|wait|sorry)[\s,.—-]+)*"
    r"(?:(?:can|could|would) you (?:please |just )?(?=make it|aim for|go for|target))?"  # ("Wait, could you make it Thursday morning?")
    r"(?:let'?s say|aim for|make it|go for|target|(?:file|send|deliver|submit|finish|have it|get it|wrap it|close it|"
    r"complete it|ship it|circulate it|share it|hand it)\b|"
    # ("Can give me by tomorrow noon?", said with no "you": when the work just asked is handed in)
    r"(?:can|could)(?: you)? (?:give|send|pass|get)(?: it| that| them)?(?: to)? (?:me|us)\b)",
    re.IGNORECASE,
)
