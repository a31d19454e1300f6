"""The extraction corpus (``tests/corpus/meetings/*.json``, ASR-noisy twins in ``tests/corpus/asr/``)
and its one fixed dev / held-out split.

``split(meeting_id)`` is the only place the split is decided: the bench, the tests and anyone
tuning the rules brain ask it. Rules may be read, debugged and tuned on ``dev`` meetings only; of
``heldout`` meetings only aggregate numbers are ever printed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal

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
