"""What a dock shows, as plain values: the live status (``dock``) and the snapshot a client
starts from (``snapshot``, DESIGN §8: ``{meeting, transcript, intents, dock, cursor}``).

Pure: the service reads the store and the session, these functions shape the JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from models import Intent, Meeting, Utterance

from .audio import AudioStream


def dock_view(meeting: Meeting, jobs: Mapping[str, int], supervisor: Mapping[str, Any] | None,
              stream: AudioStream | None, skipped: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """``supervisor`` is the running Supervisor's snapshot, None when the meeting has no session;
    ``skipped`` the open skipped ranges (``store.skipped_ranges``), each retryable from the dock."""
    sup = dict(supervisor) if supervisor is not None else {
        "state": "idle", "agents": [], "analyzed_seq": meeting.analyzed_seq}
    return {
        "recording": bool(stream and stream.active_clients),
        "received_ms": stream.received_ms if stream else 0,
        "buffered": bool(stream and stream.buffered),
        "transcribing": jobs["pending"] + jobs["processing"],
        "jobs": dict(jobs),
        "latest_seq": meeting.latest_seq,
        "analyzed_seq": meeting.analyzed_seq,
        "pending_seq": max(0, meeting.latest_seq - meeting.analyzed_seq),
        "supervisor": sup,
        "agents": sup.get("agents", []),
        "skipped": [dict(r) for r in skipped],
    }


def snapshot_view(meeting: Meeting, transcript: Sequence[Utterance], intents: Sequence[Intent],
                  dock: dict[str, Any]) -> dict[str, Any]:
    return {
        "meeting": meeting.to_dict(),
        "transcript": [u.to_dict() for u in transcript],
        "intents": [i.to_dict() for i in intents],
        "dock": dock,
        "cursor": meeting.change_cursor,
    }
