"""Issue #16: slow clients are cut off, and a second daemon on one data dir changes nothing.

A client that trickles its request head (slowloris) is closed after the header timeout, one that
trickles its body gets 408 after the body timeout; a second ``meetingd serve`` on a data dir that
another one serves exits with one line naming that one's pid (exit 2) before it opens the store.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from rel_helpers import web_harness

from live.instance import InstanceLock

ROOT = Path(__file__).resolve().parents[2]


async def _read_until_closed(reader: asyncio.StreamReader, within_s: float) -> bytes:
    got = b""
    async with asyncio.timeout(within_s):
        while chunk := await reader.read(4096):
            got += chunk
    return got


async def test_a_slow_request_head_is_closed_and_a_slow_body_gets_408(tmp_path):
    async with web_harness.running_daemon(tmp_path, header_timeout_s=0.5, body_timeout_s=0.5) as d:
        port = d.info.port
        heads = [await asyncio.open_connection("127.0.0.1", port) for _ in range(5)]
        started = time.monotonic()
        for _, w in heads:
            w.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finished
            await w.drain()
        for r, _ in heads:
            assert await _read_until_closed(r, 5) == b""  # closed by the daemon, nothing answered
        assert time.monotonic() - started < 4
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(b"POST /api/meetings HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + d.token.encode()
                + b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"title\"")
        await w.drain()
        answer = await _read_until_closed(r, 5)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"body_timeout" in answer
        w.close()
        assert (await d.client.get("/healthz")).status_code == 200  # the daemon serves the others


def test_a_second_instance_exits_with_one_line_and_touches_nothing(tmp_path):
    data = tmp_path / "data"
    lock = InstanceLock.acquire(data)  # "the first daemon"
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        env.pop("MEETINGD_DATA_DIR", None)
        p = subprocess.run([sys.executable, "-m", "meetingd.cli", "serve", "--data-dir", str(data), "--port", "0"],
                           capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
        assert p.returncode == 2, p.stderr
        lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
        assert lines == [f"meetingd: error: another meetingd (pid {os.getpid()}) is serving {data}"], p.stderr
        assert "Traceback" not in p.stderr
        assert sorted(x.name for x in data.iterdir()) == ["meetingd.lock"]  # no store opened, nothing resumed
    finally:
        lock.release()
    again = InstanceLock.acquire(data)  # released: the next daemon may start
    again.release()
    assert not (data / "meetingd.db").exists() or sqlite3.connect(data / "meetingd.db")


async def test_a_busy_keep_alive_connection_outlives_the_header_timeout(tmp_path):
    """The head deadline is per request: a client that keeps one connection busy with prompt
    requests for several header timeouts is never cut off (an older deadline once closed the
    connection between two requests, a ReadError for the client)."""
    async with web_harness.running_daemon(tmp_path, header_timeout_s=0.3) as d:
        r, w = await asyncio.open_connection("127.0.0.1", d.info.port)
        started, answered = time.monotonic(), 0
        while time.monotonic() - started < 1.5:  # five header timeouts on one connection
            w.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            await w.drain()
            async with asyncio.timeout(5):
                head = await r.readuntil(b"\r\n\r\n")
                length = int(next(ln.split(b":")[1] for ln in head.split(b"\r\n")
                                  if ln.lower().startswith(b"content-length")))
                await r.readexactly(length)
            assert head.startswith(b"HTTP/1.1 200"), head
            answered += 1
        assert answered > 5
        w.close()
