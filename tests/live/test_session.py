"""A meeting's session: transcript from the ASR path reaches its Supervisor through the store's
change feed (no callback into the service), and a retired session stops listening."""

from __future__ import annotations

import asyncio

from live.config import Settings
from live.service import MeetingService
from models import Change


async def analyzed(svc: MeetingService, meeting_id: str, seq: int, timeout_s: float = 10.0) -> None:
    """Wait until the Supervisor reports ``analyzed_seq >= seq`` on the change feed."""
    done = asyncio.Event()

    def on_changes(changes: list[Change]) -> None:
        if any(c.meeting_id == meeting_id and c.kind == "supervisor" and c.data.get("analyzed_seq", 0) >= seq
               for c in changes):
            done.set()

    unsubscribe = svc.subscribe(on_changes)
    try:
        if (await svc.get_meeting(meeting_id)).analyzed_seq < seq:
            async with asyncio.timeout(timeout_s):
                await done.wait()
    finally:
        unsubscribe()


async def test_an_asr_utterance_wakes_the_supervisor_through_the_change_feed(tmp_path):
    svc = await MeetingService.open(Settings(data_dir=tmp_path, brain="rules", merge_window_ms=10))
    try:
        m = await svc.create_meeting("周会", "zh", "suggest", ["张三"])
        # A job completed as the worker would complete it; the service is not told.
        job = await svc.store.enqueue_job(m.id, str(tmp_path / "seg.wav"), 1500, 0)
        await svc.store.complete_job(job.id, "张三负责周五之前写完周报。", 0, 1500)
        await analyzed(svc, m.id, 1)
        assert svc.sessions[m.id].supervisor.analyzed_seq == 1
    finally:
        await svc.close()


async def test_a_finalized_meeting_has_no_session_left(tmp_path):
    svc = await MeetingService.open(Settings(data_dir=tmp_path, brain="rules", merge_window_ms=10))
    try:
        m = await svc.create_meeting("t", "en", "suggest")
        await svc.add_utterance(m.id, "Nothing to record today.")
        assert (await svc.finalize(m.id, wait_s=10))["status"] == "ended"
        assert m.id not in svc.sessions
        listeners = len(svc.store._listeners)
        await svc.store.create_meeting("another")  # a change nobody from the old meeting hears
        assert len(svc.store._listeners) == listeners
    finally:
        await svc.close()
