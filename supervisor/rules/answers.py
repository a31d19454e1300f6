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

_ANSWER_ZH = re.compile(r"^(?:那|那就|就|让|我看|我觉得)?(?P<x>.+?)(?:吧|来吧|来|去吧|去|负责吧|负责|可以)?$")
_ANSWER_YOU = re.compile(r"^(?P<x>[^你您]{2,6}?)(?:你|您)(?:来|去)?[\u3400-\u9fff]{1,2}?[吗吧呢]?$")
_ANSWER_EN = re.compile(
    r"^(?:maybe |i guess |how about |probably |let'?s say )?(?P<x>.+?)(?:\s+(?:can|will|could|should))?"
    r"(?:,?\s+(?:i guess|maybe|probably|then))?$",
    re.IGNORECASE,
)


def answer(sent: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A sentence that is only a person's name ("王五吧", "Dave can."): the answer to a "who" question
    just asked, if there was one (the state decides)."""
    if len(clauses) != 1:
        return None
    text = strip_punct(clauses[0].text)
    if has_cjk(text) and (you := _ANSWER_YOU.match(text)):
        text = you.group("x")  # "苏哥你发？": a name proposed for the verb asked, rising or not
    elif sent.question:
        return None
    m = (_ANSWER_ZH if has_cjk(text) else _ANSWER_EN).match(text)
    hits = find_people(m.group("x"), participants) if m else []
    if len(hits) != 1 or strip_punct(m.group("x")[: hits[0].start] + m.group("x")[hits[0].end :]):
        return None
    return Frame("answer", sent, tuple(clauses), clauses[0], hits[0].name)


_WHO = re.compile(r"谁|\bwho\b", re.IGNORECASE)


def who_task(question: Sentence, name: str, participants: Sequence[str]) -> Frame | None:
    """The task a "who" question asks for, with ``name`` as the one who answers it: the question
    read with the name in place of 谁/who ("谁来负责压测？" + 王五 → 王五来负责压测)."""
    for c in question.clauses:
        if not _WHO.search(c.text):
            continue
        said = _WHO.sub(name, c.text, count=1)
        found = ex.assignments(said, "", participants)
        if not found and has_cjk(said):
            g = generic(said, "", "", participants)
            found = [ex.Assignment(name, g.title, True, g.due)] if g else []
        for a in found:
            if a.owner == name and a.title:
                due = a.due or next((h.text for h in lx.deadlines(c.text)), None)
                return Frame("task", question, (c,), c, name, a.title, due)
    return None
