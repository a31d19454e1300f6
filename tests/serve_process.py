"""A real ``meetingd serve`` process for tests that kill it or run several: on a free port of
127.0.0.1, its stderr drained, ``kill()`` is SIGKILL."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import httpx

MEETINGD = str(Path(sys.executable).with_name("meetingd"))


class ServeProcess:
    def __init__(self, data: Path, token: str, *, args: Sequence[str] = (), env: Mapping[str, str] | None = None,
                 http_timeout_s: float = 60.0) -> None:
        self.data, self.token, self.args = data, token, tuple(args)
        self.env = {**os.environ, **(env or {})}
        self.http_timeout_s = http_timeout_s
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0
        self._drain: asyncio.Task[None] | None = None

    async def start(self) -> ServeProcess:
        """Start (or restart) it and wait until it prints the dock's address."""
        self.proc = await asyncio.create_subprocess_exec(
            MEETINGD, "serve", "--port", "0", *self.args, "--data-dir", str(self.data), "--token", self.token,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=self.env,
        )
        assert self.proc.stderr is not None
        async with asyncio.timeout(60):
            while True:
                line = (await self.proc.stderr.readline()).decode(errors="replace")
                assert line, "meetingd serve exited before listening"
                if m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                    self.port = int(m.group(1))
                    break
        self._drain = asyncio.create_task(self._drain_stderr())
        return self

    async def _drain_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while await self.proc.stderr.readline():
            pass  # keep the pipe empty so the daemon never blocks on logging

    def kill(self) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGKILL)

    async def wait(self) -> None:
        assert self.proc is not None
        await self.proc.wait()
        if self._drain is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._drain

    async def stop(self) -> None:
        """SIGTERM, then SIGKILL if it has not exited within 15 s."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            async with asyncio.timeout(15):
                await self.proc.wait()
        except TimeoutError:
            self.kill()
            await self.proc.wait()

    def http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=f"http://127.0.0.1:{self.port}",
                                 headers={"Authorization": f"Bearer {self.token}"}, timeout=self.http_timeout_s)

    def ws_url(self, meeting_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/meetings/{meeting_id}?token={self.token}"
