"""The rules brain proposes only what the ledger backs (``supervisor.rules.reconcile._backed``).

An owner the rules read from words the ledger's test does not take — a clipped first name that is the
subject of a sentence, not a call ("I reckon Pen should…") — would be nulled by the ledger *and*
held high-risk for a person; in ``execute`` mode that one intent keeps finalize from closing, and
the whole meeting ends with no minutes. Through the real replay path (store, Supervisor, finalize)
the meeting closes, the task stands with its owner unknown, and the other work keeps its owner.
"""

from __future__ import annotations

import json
from pathlib import Path

from meetingd.replay import replay


async def test_an_owner_the_ledger_would_null_is_left_unknown_and_the_meeting_closes(tmp_path: Path) -> None:
    script = {
        "title": "spring fair",
        "language": "en",
        "date": "2026-03-02",
        "participants": ["Penelope Ward", "Kofi Mensah"],
        "utterances": [
            "Right, the spring fair.",
            "I reckon Pen should sort the raffle prizes.",
            "Kofi, can you book the bouncy castle by Friday?",
            "Will do.",
        ],
    }
    path = tmp_path / "fair.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    result = await replay(path, mode="execute", speed=0.0, wait_s=30.0, date=script["date"])
    assert result.minutes is not None, result.finalize
    items = {a["task"]: a for a in result.minutes["action_items"]}
    raffle = next(a for t, a in items.items() if "raffle" in t)
    assert raffle["owner"] is None
    castle = next(a for t, a in items.items() if "bouncy castle" in t)
    assert castle["owner"] == "Kofi Mensah" and castle["due_date"] == "2026-03-06"
