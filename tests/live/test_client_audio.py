"""One client's audio: frames of any length land as whole milliseconds at the right offset."""

from __future__ import annotations

from live.audio import AudioStream, ClientAudio
from store import Store


async def open_stream(store: Store, tmp_path) -> AudioStream:
    m = await store.create_meeting("t")
    stream = AudioStream(store, tmp_path, m.id, lambda job: None)
    await stream.open()
    return stream


async def test_odd_frames_are_aligned_to_whole_milliseconds(store: Store, tmp_path) -> None:
    stream = await open_stream(store, tmp_path)
    client = ClientAudio()
    assert client.start(stream, 0) and stream.active_clients == 1
    pcm = bytes(range(256)) * 5  # 1280 bytes = 40 ms, sent in torn pieces
    assert await client.write(pcm[:7]) is None  # less than 1 ms: buffered, nothing to ack
    acks = [await client.write(pcm[i : i + 33]) for i in range(7, len(pcm), 33)]
    assert acks[0] == 1 and acks[-1] == 40 and acks == sorted(acks)
    assert stream.received_ms == 40
    assert stream.path.read_bytes() == pcm
    assert client.stop() and stream.active_clients == 0
    assert not client.stop()  # stopping twice changes nothing


async def test_a_resend_from_an_earlier_offset_is_not_written_twice(store: Store, tmp_path) -> None:
    stream = await open_stream(store, tmp_path)
    first, second = ClientAudio(), ClientAudio()
    first.start(stream, 0)
    assert await first.write(bytes([1]) * 320) == 10
    first.stop()
    second.start(stream, 5)  # a reconnect that resends from 5 ms
    assert await second.write(bytes([1]) * 160 + bytes([2]) * 160) == 15
    assert stream.path.read_bytes() == bytes([1]) * 320 + bytes([2]) * 160
