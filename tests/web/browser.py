"""Real Chromium for the dock's browser tests: where it lives, the marks every such test carries,
and the flags of a fake microphone that plays a WAV file."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")

BROWSER_TEST = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists() and shutil.which("chromium") is None,
                       reason="chromium is not installed (apt-get install chromium)"),
]


def chromium_path() -> str:
    return str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium"))


def chromium_args(wav: Path) -> list[str]:
    return [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={wav}%noloop",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--no-sandbox",
        "--autoplay-policy=no-user-gesture-required",
    ]


async def open_dock(browser: Any, daemon: Any, meeting_id: str) -> tuple[Any, list[str]]:
    """A zh-CN page on ``meeting_id``'s dock, connected and live, and the list its page errors
    are collected in (a test asserts it stays empty)."""
    from playwright.async_api import expect

    page = await (await browser.new_context(locale="zh-CN")).new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(f"{daemon.base_url}/meetings/{meeting_id}#token={daemon.token}")
    await expect(page.get_by_test_id("meeting-status")).to_have_attribute("data-status", "live")
    return page, errors
