"""The extraction corpus (``tests/corpus/meetings/*.json``, ASR-noisy twins in ``tests/corpus/asr/``)
and its one fixed dev / held-out split.

``split(meeting_id)`` is the only place the split is decided: the bench, the tests and anyone
tuning the rules brain ask it. Rules may be read, debugged and tuned on ``dev`` meetings only; of
``heldout`` meetings only aggregate numbers are ever printed.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Literal, TypeVar

CORPUS = Path(__file__).resolve().parent
MEETINGS = CORPUS / "meetings"
ASR = CORPUS / "asr"

Split = Literal["dev", "heldout"]


def split(meeting_id: str) -> Split:
    """``dev`` or ``heldout`` for a meeting id (its file stem), fixed by a hash of the id."""
    return "dev" if hashlib.sha256(meeting_id.encode()).digest()[0] % 2 == 0 else "heldout"


def meeting_files(which: Split, directory: Path = MEETINGS) -> list[Path]:
    """The corpus files of one split in ``directory``, sorted by name."""
    return [p for p in sorted(directory.glob("*.json")) if split(p.stem) == which]


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


T = TypeVar("T")
R = TypeVar("R")


def map_in_processes(fn: Callable[[T], R], items: Sequence[T], workers: int | None = None) -> list[R]:
    """``[fn(x) for x in items]``, spread over worker processes (one per core, at most four).

    The corpus tests are CPU-bound pure Python; one process leaves the CI machine's other cores
    idle. Workers are spawned, not forked: the test process may hold an event loop and threads.
    ``fn`` must be a module-level function; results come back in the order of ``items``.
    """
    n = workers or min(4, os.cpu_count() or 1)
    if n <= 1 or len(items) <= 1:
        return [fn(x) for x in items]
    with ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn")) as pool:
        return list(pool.map(fn, items, chunksize=max(1, len(items) // (n * 4))))
