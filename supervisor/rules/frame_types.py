"""The frame type of stage 3 (``frames``): ``Frame``, a reading, the frame kinds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .text import Clause, Sentence

# Frame kinds. ``share_due`` is a deadline clause after the tasks of its sentence ("…，周五之前都要
# 完成"): it reaches the last task, or every one with 都/all.
KINDS = frozenset(
    {"task", "share_due", "unowned", "decision", "cancel", "correct", "open", "undecided", "note",
     "conflict", "deadline", "answer"}
)


@dataclass(frozen=True, slots=True)
class Frame:
    kind: str
    scope: Sentence  # the (part of the) sentence the frame is read from
    clauses: tuple[Clause, ...]  # the clauses its evidence quotes
    main: Clause | None = None  # the clause that carries it (its quote is preferred there)
    owner: str | None = None
    work: str = ""  # task / unowned: the title; decision: the text; note: the title; conflict: the question
    due: str | None = None
    text: str = ""  # cancel: the reason; note: the body
    cue: str = ""  # decision: "confirm" when it only confirms the statement before; open: "own" | "back";
    # task: "called" for a name asked alone ("Jenna?"), kept only when a need was said just before it
    old_owners: tuple[str, ...] = ()  # correct: the names the work is taken from
    works: tuple[str, ...] = ()  # correct: new work named in it ("actually, Carol will also review…")
    candidates: tuple[str, ...] = ()  # conflict: the dates; deadline: every date said (in order)
    share: bool = False  # share_due: every task of the sentence (都/all), else the last one
    refs: tuple[int, ...] = ()  # task / unowned: utterances its title was taken from, beyond its quote


Reading = tuple[Frame, ...]


REFUSABLE = frozenset({"correct", "open", "answer"})  # may not apply: the next reading is tried


def date_last_task(out: list[Frame], owner: str, due: str | None, said: Sequence[Clause]) -> bool:
    """Whether ``out`` holds a task of ``owner``: a take-on of theirs that names no work of its own
    is that work ("海报是王芳的活儿，王芳，你周三给一版？", "那报销单给陈静吧，陈静你熟，周四之前核完交给
    财务"), so the last such task takes ``due`` when it has none, its quote growing by ``said``."""
    k = next((j for j in range(len(out) - 1, -1, -1) if out[j].kind == "task" and out[j].owner == owner), None)
    if k is None:
        return False
    if due and not out[k].due:
        out[k] = replace(out[k], due=due, clauses=(*out[k].clauses, *said))
    return True
