"""Durable live audio: acknowledged bytes are on disk, resends are deduplicated, finalize closes it."""

from __future__ import annotations

import pytest

from asr.audio import BYTES_PER_MS
from live.audio import MAX_FRAME_BYTES, AudioStream
from models import InvalidInput, MeetingClosed
from store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "m.db")
    yield s
    await s.close()


async def open_stream(store, tmp_path, meeting_id, queued):
    stream = AudioStream(store, tmp_path, meeting_id, queued.append)
    await stream.open()
    return stream


async def test_acked_audio_is_on_disk_and_resend_overlap_is_dropped(store, tmp_path):
    m = await store.create_meeting("t", "zh", "suggest")
    stream = await open_stream(store, tmp_path, m.id, [])
    silence = bytes(100 * BYTES_PER_MS)
    assert await stream.write(0, silence) == 100
    assert stream.path.stat().st_size == 100 * BYTES_PER_MS
    # A reconnecting client resends from 50 ms: the first 50 ms overlap and are dropped.
    assert await stream.write(50, bytes(100 * BYTES_PER_MS)) == 150
    assert stream.path.stat().st_size == 150 * BYTES_PER_MS
    # A gap is filled with silence so meeting time stays true.
    assert await stream.write(200, bytes(10 * BYTES_PER_MS)) == 210
    row = await store.get_audio_stream(m.id)
    assert row["received_ms"] == 210


async def test_restart_restores_received_ms_and_odd_frames_wait_for_their_other_half(store, tmp_path):
    m = await store.create_meeting("t", "zh", "suggest")
    stream = await open_stream(store, tmp_path, m.id, [])
    assert await stream.write(0, bytes(33)) == 1  # 1 ms durable, 1 byte waits for its other half
    # The next frame starts at 1 ms: its first byte overlaps the waiting one and is dropped.
    assert await stream.write(1, bytes(32)) == 2
    again = await open_stream(store, tmp_path, m.id, [])
    assert again.received_ms == 2


async def test_oversized_frames_and_negative_offsets_are_refused(store, tmp_path):
    m = await store.create_meeting("t", "zh", "suggest")
    stream = await open_stream(store, tmp_path, m.id, [])
    with pytest.raises(InvalidInput, match="exceeds"):
        await stream.write(0, bytes(MAX_FRAME_BYTES + 2))
    with pytest.raises(InvalidInput, match="offset_ms"):
        await stream.write(-1, bytes(32))
    assert not stream.path.exists() or stream.path.stat().st_size == 0


async def test_flush_closes_the_stream_to_new_audio(store, tmp_path):
    m = await store.create_meeting("t", "zh", "suggest")
    stream = await open_stream(store, tmp_path, m.id, [])
    await stream.write(0, bytes(10 * BYTES_PER_MS))
    await stream.flush()
    with pytest.raises(MeetingClosed):
        await stream.write(10, bytes(10 * BYTES_PER_MS))
