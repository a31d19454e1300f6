"""``meetingd listen`` against a real daemon when another client takes over the recording: it stops
with one clear error (RecorderReplaced → "meetingd: error: …", exit 2) instead of streaming frames
that are refused one by one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from web_harness import running_daemon, ws_connect

from meetingd.listen import stream
from models import RecorderReplaced

FRAME = b"\x00\x00" * 320  # 20 ms of silence


async def test_listen_stops_with_a_clear_error_when_another_client_takes_over(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting()

        async def endless() -> AsyncIterator[bytes]:
            while True:  # a live microphone: never ends by itself
                yield FRAME
                await asyncio.sleep(0.02)  # the pace of a real microphone, not synchronisation

        async with ws_connect(d.ws_url(m["id"])) as browser:
            await browser.recv_until(lambda x: x.get("type") == "snapshot")
            listening = asyncio.create_task(stream(d.ws_url(m["id"]), endless(), show_meter=False,
                                                   max_reconnects=0))
            # The dock says listen is recording: only now is there something to take over.
            dock = await browser.recv_until(lambda x: x.get("type") == "dock" and x["dock"]["recording"], within_s=15)
            await browser.send({"type": "audio.start", "sample_rate": 16000,
                                "offset_ms": dock["dock"]["received_ms"]})
            with pytest.raises(RecorderReplaced, match="took over") as err:
                async with asyncio.timeout(15):
                    await listening
        assert err.value.details["acked_ms"] >= 0
