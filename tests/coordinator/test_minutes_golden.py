"""Golden minutes for one zh and one en meeting, built through the real store, ledger and gate.

Regenerate after an intended format change with ``MEETINGD_UPDATE_GOLDEN=1 pytest tests/coordinator``
and review the diff of ``tests/coordinator/golden/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from coordinator_meetings import en_meeting, normalise_minutes, zh_meeting

from coordinator.finalize import finalize_meeting
from coordinator.minutes import meeting_date
from store import Store

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name, build", [("zh", zh_meeting), ("en", en_meeting)])
async def test_minutes_match_golden_files(tmp_path, name, build):
    store = await Store.open(tmp_path / "m.db")
    try:
        meeting = await build(store)
        result = await finalize_meeting(store, meeting.id, stats_extra={"asr_compute_ms": 1500})
        assert result["status"] == "ended", result
        got_json, got_md = normalise_minutes(result["minutes"], result["markdown"], meeting_date(meeting.created_at))
    finally:
        await store.close()
    json_path, md_path = GOLDEN / f"{name}_minutes.json", GOLDEN / f"{name}_minutes.md"
    if os.environ.get("MEETINGD_UPDATE_GOLDEN") == "1":
        json_path.write_text(json.dumps(got_json, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        md_path.write_text(got_md, encoding="utf-8")
    assert got_md == md_path.read_text(encoding="utf-8")
    assert got_json == json.loads(json_path.read_text(encoding="utf-8"))
