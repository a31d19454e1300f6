"""Real Chromium for the dock's browser tests: where it lives, the marks every such test carries,
and the flags of a fake microphone that plays a WAV file."""

from __future__ import annotations

import shutil
from pathlib import Path

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
