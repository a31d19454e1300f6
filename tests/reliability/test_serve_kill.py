"""``kill -9`` of a real ``meetingd serve`` while a WebSocket client streams the fixture.

The client behaves like the dock page: it sends ``audio.start{offset_ms}`` then binary PCM frames
of uneven sizes, keeps everything not yet acknowledged, and after a drop reconnects and resends
from the last ``audio.ack`` it saw. The daemon is SIGKILLed mid-audio, mid-transcription and right
after a commit seen on the WebSocket; the last incarnation finalizes over HTTP. The result must
match the uninterrupted baseline: no utterance, job or task twice; every acknowledged millisecond on
disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import pytest
import websockets
from rel_helpers import FIXTURE_WAV, cer, invariants, meeting_facts

from asr.audio import BYTES_PER_MS, read_wav_file
from tests.serve_process import ServeProcess

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]

TOKEN = "reliability-token-42"


def daemon(data: Path) -> ServeProcess:
    """One ``meetingd serve`` on the data dir; restarted by ``start()`` after each ``kill()``."""
    return ServeProcess(data, TOKEN, http_timeout_s=120,
                        env={"MEETINGD_BRAIN": "rules", "MEETINGD_MERGE_WINDOW_MS": "100", "MEETINGD_ASR_THREADS": "2"})


class Client:
    """The dock's audio logic: resend from the last ack after every reconnect."""

    def __init__(self, pcm: bytes) -> None:
        self.pcm = pcm
        self.acked = 0
        self.events: list[dict] = []
        self.all_sent = asyncio.Event()
        self.seen = asyncio.Event()  # pulsed on every message

    async def session(self, url: str, pace_s: float) -> None:
        """Stream from the last ack to the end, then listen until the connection drops."""
        async with websockets.connect(url, max_size=None) as ws:
            reader = asyncio.create_task(self._read(ws))
            try:
                start = self.acked
                await ws.send(json.dumps({"type": "audio.start", "sample_rate": 16000, "offset_ms": start}))
                pos, n = start * BYTES_PER_MS, 0
                while pos < len(self.pcm):
                    size = 3200 if n % 4 else 3200 + 11  # a ragged frame now and then (odd bytes)
                    await ws.send(self.pcm[pos : pos + size])
                    pos, n = pos + size, n + 1
                    await asyncio.sleep(pace_s)  # a client's pacing, not synchronisation
                await ws.send(json.dumps({"type": "audio.stop"}))
                self.all_sent.set()
                await reader
            finally:
                reader.cancel()

    async def _read(self, ws) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in ws:
                msg = json.loads(raw)
                if msg.get("type") == "audio.ack":
                    self.acked = max(self.acked, msg["received_ms"])
                elif msg.get("type") == "event":
                    self.events.append(msg)
                self.seen.set()

    async def until(self, pred, within_s: float, what: str) -> None:
        try:
            async with asyncio.timeout(within_s):
                while not pred():
                    self.seen.clear()
                    await self.seen.wait()
        except TimeoutError:
            raise AssertionError(f"no {what} within {within_s}s (acked {self.acked})") from None


async def test_kill_9_of_meetingd_serve_while_streaming_then_resume_and_finalize(tmp_path, baseline):
    pcm = read_wav_file(FIXTURE_WAV)
    total_ms = len(pcm) // BYTES_PER_MS
    d = daemon(tmp_path / "data")
    client = Client(pcm)

    await d.start()
    async with d.http() as http:
        r = await http.post("/api/meetings", json={"title": "kill -9", "language": "zh", "mode": "execute",
                                                    "participants": ["陈静", "李明", "赵磊"]})
        assert r.status_code == 201, r.text
        mid = r.json()["id"]

    async def run_until(pred, what: str, pace_s: float = 0.01) -> None:
        session = asyncio.create_task(client.session(d.ws_url(mid), pace_s))
        try:
            await client.until(pred, 90, what)
        finally:
            d.kill()
            await d.wait()
            with contextlib.suppress(Exception):
                await session  # the connection drops with the daemon

    # 1. mid-audio
    await run_until(lambda: client.acked >= 12_000, "12 s acknowledged")
    assert 12_000 <= client.acked < total_ms
    # 2. mid-transcription: the whole stream is in and a job is being transcribed
    await d.start()
    client.events.clear()
    await run_until(lambda: client.acked >= total_ms and any(
        e["kind"] == "job" and e["data"].get("status") == "processing" for e in client.events), "a job in Whisper")
    # 3. right after a guarded commit shows up on the WebSocket
    await d.start()
    client.events.clear()
    await run_until(lambda: any(e["kind"] == "intent" and e["data"].get("status") == "applied"
                                for e in client.events), "a commit")
    # 4. a last incarnation: reconnect (nothing left to send), finalize over HTTP
    await d.start()
    try:
        session = asyncio.create_task(client.session(d.ws_url(mid), 0))
        await asyncio.wait_for(client.all_sent.wait(), 30)
        async with d.http() as http:
            r = await http.post(f"/api/meetings/{mid}/finalize", json={"wait_s": 90})
            assert r.status_code == 200, r.text
            assert r.json()["status"] == "ended"
    finally:
        d.kill()
        await d.wait()
        with contextlib.suppress(Exception):
            await session

    facts = meeting_facts(d.data / "meetingd.db", mid)
    assert invariants(facts) == []
    assert facts["audio"]["received_ms"] == total_ms == client.acked
    assert (d.data / "audio" / mid / "stream.pcm").read_bytes() == pcm[: total_ms * BYTES_PER_MS]
    ref = [u["text"] for u in baseline["utterances"]]
    hyp = [u["text"] for u in facts["utterances"]]
    assert abs(len(hyp) - len(ref)) <= 1, (ref, hyp)
    assert cer("".join(ref), "".join(hyp)) <= 0.10, (ref, hyp)
    assert len(facts["tasks"]) == len(baseline["tasks"]), (facts["tasks"], baseline["tasks"])
