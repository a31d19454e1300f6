"""Stage 3 (``frames``): work titled by what was said before.

Chinese work named by a pointer or by no title, and an English need said of what was just named,
titled by their antecedent in the sentence or the sentences before (``with_antecedent``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from . import extract as ex
from . import refer
from .frame_types import Frame, Reading
from .text import Clause, Sentence, has_cjk


def _en_pointed(f: Frame, earlier: Sequence[Sentence], participants: Sequence[str]) -> Frame | None:
    """"Last thing, the security contact email bounces. That needs fixing.": the unowned work is
    the noun phrase the statement before opens with (in the sentence, else the two before), with the
    need said of it; None when nothing before names it."""
    first = f.clauses[0]
    k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
    candidates = [c for c in f.scope.clauses[:k][::-1]] + [c for s in earlier for c in s.clauses[::-1]]
    for c in candidates:
        np_ = refer.en_subject(c.text, participants)
        if np_:
            return replace(f, work=f"{np_} {f.work}", refs=tuple(sorted({*f.refs, *c.seqs})))
    return None


# An English request whose object is a pronoun ("update it") and a clause before it that only names
# a thing ("Next, the budget sheet.", "For the release notes, …", "The budget sheet — …").
_EN_DO_IT = re.compile(r"(?P<v>[a-z]+(?: (?:up|out|over|off|on|back|through))?) (?:it|that|this|them)", re.IGNORECASE)
_EN_THING = re.compile(
    r"^(?:(?:next|now|and|so|okay|ok|then|also|right|for|about|as for|regarding|re|on)[,:\s]+)*"
    r"(?:the|our|your|this|that|those|these)\s+(?P<np>[a-z][\w' -]{2,40}?)\s*$",
    re.IGNORECASE,
)


def _en_thing_before(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """The thing a clause before ``f`` names alone, in its sentence or the one before in the same
    utterance (nearest first); ("", None) when none does."""
    last = f.clauses[-1]
    k = next((i for i, c in enumerate(f.scope.clauses) if c == last), 0)  # (the name's clause may hold it: "X — Megan")
    said = [s for s in earlier[:1] if set(s.seqs) & set(f.scope.seqs)]
    for c in [*f.scope.clauses[:k][::-1], *(c for s in said for c in s.clauses[::-1])]:
        for part in re.split(r"\s*[—–]\s*", c.text)[:1]:
            m = _EN_THING.match(part.strip(" .,;:"))
            if m and not re.search(r"\b(?:is|are|was|were|will|can|could|should|has|have|had|do|does|did)\b", m.group("np")):
                return m.group("np"), c
    return "", None


def with_antecedent(reading: Reading, earlier: Sequence[Sentence], participants: Sequence[str]) -> Reading:
    """``reading`` with Chinese work named by a pointer or by no title ("这事儿大勇你盯一下",
    "易凡，你约一下") titled by its antecedent — the topic said before it in the sentence, else in
    ``earlier`` (the sentences before, nearest first); a task with none is dropped, and so is a
    deadline clause that was only its own."""
    out: list[Frame] = []
    dropped = False
    for f in reading:
        if f.kind == "share_due" and dropped:
            continue
        dropped = False
        if f.kind == "unowned" and not has_cjk(f.work) and ex.EN_POINTED_NEED.match(f.main.text.strip() if f.main else ""):
            f = _en_pointed(f, earlier, participants)
            if f is not None:
                out.append(f)
            continue
        if f.kind == "task" and f.owner and not has_cjk(f.work) and (m := _EN_DO_IT.fullmatch(f.work.strip())):
            # "Next, the budget sheet. Dave, update it by Friday": "it" is the thing named before.
            thing, where = _en_thing_before(f, earlier)
            if where is not None:
                f = replace(f, work=f"{m.group('v')} the {thing}", refs=tuple(sorted({*f.refs, *where.seqs})))
        if f.kind not in ("task", "unowned") or not has_cjk(f.work):
            out.append(f)
            continue
        work = refer.without_condition(f.work)
        if work.endswith("的") and not refer.no_work(work):
            work = refer.modifier_head(work) or work  # "年终晚会节目单的(李四负责)"
        leads = refer.leads_only(work)
        verb = work if f.kind == "task" and f.owner and refer.bare_verb(work) else ""
        if verb:
            # A verb alone is done to the topic said before it in the same breath (this sentence or
            # the one before in the same utterance); with none, the verb is the title.
            said = [s for s in earlier[:1] if set(s.seqs) & set(f.scope.seqs)]
            first = f.main if f.main is not None and work in f.main.text else f.clauses[0]
            k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
            before = [c.text for c in f.scope.clauses[:k]] + [first.text[: max(first.text.find(work), 0)]]
            ante, k, j = refer.antecedent(before, [[c.text for c in s.clauses] for s in said], participants)
            if ante and verb not in ante:
                ante = ex.clean_zh_title(ante) or ante
                where = f.scope.clauses[j] if k < 0 and j < len(f.scope.clauses) else said[k].clauses[j] if k >= 0 else first
                out.append(replace(f, work=f"{ante}{verb}", refs=tuple(sorted({*f.refs, *where.seqs}))))
                continue
        if refer.no_work(work) or leads:
            # (the clause that says the work: "周建华，年会节目你牵个头" cites the name's clause first)
            first = f.main if f.main is not None and f.work and f.work in f.main.text else f.clauses[0]
            k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
            before = [c.text for c in f.scope.clauses[:k]]
            if not refer.pointer(work):
                before.append(first.text[: max(first.text.find(f.work), 0)] if f.work else "")
            verb = work if 0 < len(work) <= 2 and not refer.pointer(work) else ""  # "小秦你订"
            # (leading is about the topic said in the same breath only)
            work, k, j = refer.antecedent(before, [] if leads else [[c.text for c in s.clauses] for s in earlier], participants, verb)
            if work:
                work = ex.clean_zh_title(work) or work  # ("数据迁移的事" is 数据迁移)
                said = f.scope.clauses[j] if k < 0 and j < len(f.scope.clauses) else earlier[k].clauses[j] if k >= 0 else first
                f = replace(f, refs=tuple(sorted({*f.refs, *said.seqs})))
            else:
                work = f.work if leads else refer.modifier_head(f.work)
        if not work:
            dropped = True
            continue
        out.append(f if work == f.work else replace(f, work=work))
    return tuple(out)
