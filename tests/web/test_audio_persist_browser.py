"""Unacknowledged audio survives a killed tab (issue #13), in real Chromium.

The fake microphone plays a generated tone; the page's binary sends are black-holed (a network that
swallows frames), so what it captures stays unacknowledged — in memory and in IndexedDB. The tab is
then crashed. A fresh tab of the same browser profile finds the frames in IndexedDB and resends
them, and the daemon's durable stream receives everything the dead tab had captured.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import wave
from pathlib import Path

import pytest
from browser import BROWSER_TEST, chromium_args, chromium_path
from test_web_api import FixedTranscriber
from web_harness import running_daemon

pytestmark = [
    *BROWSER_TEST,
]


def tone_wav(path: Path, seconds: int = 20) -> Path:
    """What the fake microphone plays: a tone (the fixed transcriber does not listen)."""
    frames = b"".join(int(8000 * math.sin(2 * math.pi * 440 * i / 16000)).to_bytes(2, "little", signed=True)
                      for i in range(16000 * seconds))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(frames)
    return path

BLACK_HOLE = """() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string") return send.call(this, data);  // control messages still flow
  };
}"""


async def _received_ms(d, meeting_id: str) -> int:
    return (await d.client.get(f"/api/meetings/{meeting_id}")).json()["dock"]["received_ms"]


@pytest.mark.timeout(120)
async def test_a_crashed_tab_loses_no_unacked_audio(tmp_path: Path):
    from playwright.async_api import async_playwright, expect

    async with running_daemon(tmp_path, transcriber=FixedTranscriber("听到了。")) as d, async_playwright() as pw:
        ctx = await pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=chromium_path(),
            args=chromium_args(tone_wav(tmp_path / "tone.wav")), headless=True)
        try:
            m = await d.create_meeting(title="断网", mode="suggest")
            url = f"{d.base_url}/meetings/{m['id']}#token={d.token}"
            page = await ctx.new_page()
            await page.goto(url)
            await expect(page.get_by_test_id("connection")).to_have_class(re.compile(r"\bconnected\b"))
            await page.evaluate(BLACK_HOLE)
            await page.get_by_test_id("mic-toggle").click()
            # Three seconds of captured audio that the daemon never sees.
            await page.wait_for_function("() => window.meetingdDock.uplink.next >= 3000", timeout=20_000)
            captured = await page.evaluate("() => window.meetingdDock.uplink.unacked.length * 100")
            assert captured >= 3000 and await _received_ms(d, m["id"]) == 0
            await page.wait_for_function(
                """async (n) => {
                     const s = window.meetingdDock.uplink.store;
                     return s && (await s.load()).length >= n;
                   }""", arg=captured // 100, timeout=10_000)

            cdp = await ctx.new_cdp_session(page)
            # The tab crashes: no unload handler, no goodbye on the socket; the reply never comes.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(cdp.send("Page.crash"), 3)
            fresh = await ctx.new_page()
            await fresh.goto(url)
            async with asyncio.timeout(30):
                while await _received_ms(d, m["id"]) < captured:  # noqa: ASYNC110 - the daemon has no push for tests
                    await asyncio.sleep(0.1)
            # Acknowledged frames leave IndexedDB once the daemon has them.
            await fresh.wait_for_function(
                "async () => (await window.meetingdDock.uplink.store.load()).length === 0", timeout=10_000)
        finally:
            await ctx.close()
