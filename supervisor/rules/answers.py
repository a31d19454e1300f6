"""Stage 3 (``frames``): answers to "who" questions.

A sentence that is only a person's name (``answer``), and the task the question it answers asked
for, with that person as its owner (``who_task``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from . import lexicon as lx
from .frame_types import Frame
from .generic import generic
from .names import find_people
from .text import Clause, Sentence, has_cjk, strip_punct

_ANSWER_ZH = re.compile(r"^(?P<lead>那|那就|就|让|我看|我觉得|我建议)?(?P<x>.+?)"
                        r"(?P<tail>吧|来吧|来|去吧|去|负责吧|负责|可以|(?:一直|现在)?在(?:跟|弄|做|负责|管|盯)|(?:比较|最|挺|很)?合适(?:吧|啊)?)?$")
# The verb asked said back after the name ("谁刷啊？" "小龙刷。"): read only when the name alone does
# not answer, and only ever after a who-question (the state decides).
_ANSWER_VERB_ZH = re.compile(r"^(?P<lead>那|那就|就|让)?(?P<x>.+?)"
                             r"(?P<tail>(?![来去说讲呢吗啊呀的了是也都还和跟不没你您我他她])[\u3400-\u9fff](?:(?![的了过着呢吗啊])[\u3400-\u9fff])?吧?)$")
_ANSWER_YOU = re.compile(r"^(?P<x>[^你您]{2,6}?)(?:你|您)(?:来|去)?[\u3400-\u9fff]{1,2}?[吗吧呢]?$")
_ANSWER_EN = re.compile(
    r"^(?:maybe |i guess |how about |probably |let'?s say |i'?d say |i think |i reckon |i'?d go with |what about )?(?P<x>.+?)"
    r"(?:\s+(?:can|will|could|should|does|is|has it|has))?(?:,?\s+(?:i guess|maybe|probably|then|i think|i'?d say|i reckon))?$",
    re.IGNORECASE,
)


def answer(sent: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A sentence that is only a person's name ("王五吧", "Dave can."): the answer to a "who" question
    just asked, if there was one (the state decides)."""
    text = strip_punct(clauses[0].text)
    if len(clauses) == 2 and _EN_HEDGE_AFTER.fullmatch(strip_punct(clauses[1].text)):
        clauses = clauses[:1]  # "Tom, I think."
    if len(clauses) != 1 and not _marked_answer(text, clauses[1:], participants):
        return None
    if has_cjk(text) and (you := _ANSWER_YOU.match(text)):
        text = you.group("x")  # "苏哥你发？": a name proposed for the verb asked, rising or not
    elif sent.question:
        return None
    name = _only_name(text, participants, (_ANSWER_ZH, _ANSWER_VERB_ZH) if has_cjk(text) else (_ANSWER_EN,))
    return Frame("answer", sent, tuple(clauses), clauses[0], name) if name else None


def _only_name(text: str, participants: Sequence[str], shapes: Sequence[re.Pattern[str]], marked: bool = False) -> str | None:
    """The one participant ``text`` is, read by the first of ``shapes`` that leaves nothing but the
    name (``marked``: only a shape read with its lead or tail)."""
    for shape in shapes:
        m = shape.match(text)
        if m is None or (marked and not (m.group("lead") or m.group("tail"))):
            continue
        hits = find_people(m.group("x"), participants)
        if len(hits) == 1 and not strip_punct(m.group("x")[: hits[0].start] + m.group("x")[hits[0].end :]):
            return hits[0].name
    return None


_EN_HEDGE_AFTER = re.compile(r"(?:i think|i guess|i reckon|i'?d say|i suppose|probably|maybe|perhaps)", re.IGNORECASE)


def _marked_answer(text: str, rest: Sequence[Clause], participants: Sequence[str]) -> bool:
    """ "王芳吧，周五前弄完" / "我看王芳合适，她熟": an answer said as one (吧, 合适, 我看…) and more
    said after it about no one else; a bare name before more is a call ("王芳，周五前…")."""
    only = has_cjk(text) and _only_name(text, participants, (_ANSWER_ZH, _ANSWER_VERB_ZH), marked=True) is not None
    return only and not any(find_people(c.text, participants) for c in rest)


_WHO = re.compile(r"谁|\bwho\b", re.IGNORECASE)


def who_task(question: Sentence, name: str, participants: Sequence[str]) -> Frame | None:
    """The task a "who" question asks for, with ``name`` as the one who answers it: the question
    read with the name in place of 谁/who ("谁来负责压测？" + 王五 → 王五来负责压测)."""
    for c in question.clauses:
        if not _WHO.search(c.text) or lx.RHETORICAL.search(c.text):
            continue  # ("…谁不想休息？" asks no one)
        said = _WHO.sub(name, c.text, count=1)
        # "周报现在谁在跟？" "王芳在跟。": whoever is on it now owns it from here on
        said = re.sub(rf"(?:现在|目前)?{re.escape(name)}(?:一直|现在|目前)?在(?=跟|弄|做|负责|管|盯)", name + "来", said)
        found = ex.assignments(said, "", participants)
        if not found and has_cjk(said):
            g = generic(said, "", "", participants)
            found = [ex.Assignment(name, g.title, True, g.due)] if g else []
        for a in found:
            if a.owner == name and a.title:
                due = a.due or next((h.text for h in lx.deadlines(c.text)), None)
                return Frame("task", question, (c,), c, name, a.title, due)
    return None
