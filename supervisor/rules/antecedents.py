"""Stage 3 (``frames``): work titled by what was said before.

Chinese work named by a pointer or by no title, and an English need said of what was just named,
titled by their antecedent in the sentence or the sentences before (``with_antecedent``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from . import extract as ex
from . import refer
from .frame_types import Frame, Reading
from .text import Sentence, has_cjk


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
        if f.kind not in ("task", "unowned") or not has_cjk(f.work):
            out.append(f)
            continue
        work = refer.without_condition(f.work)
        if work.endswith("的") and not refer.no_work(work):
            work = refer.modifier_head(work) or work  # "年终晚会节目单的(李四负责)"
        if refer.no_work(work):
            first = f.clauses[0]
            k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
            before = [c.text for c in f.scope.clauses[:k]]
            if not refer.pointer(work):
                before.append(first.text[: max(first.text.find(f.work), 0)] if f.work else "")
            verb = work if 0 < len(work) <= 2 and not refer.pointer(work) else ""  # "小秦你订"
            work, k, j = refer.antecedent(before, [[c.text for c in s.clauses] for s in earlier], participants, verb)
            if work:
                said = f.scope.clauses[j] if k < 0 and j < len(f.scope.clauses) else earlier[k].clauses[j] if k >= 0 else first
                f = replace(f, refs=tuple(sorted({*f.refs, *said.seqs})))
            else:
                work = refer.modifier_head(f.work)
        if not work:
            dropped = True
            continue
        out.append(f if work == f.work else replace(f, work=work))
    return tuple(out)
