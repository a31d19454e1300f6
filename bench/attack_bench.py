"""Attack load check (issue #16): /healthz latency while hostile clients push.

A daemon runs as a child process (``meetingd serve``, 127.0.0.1, a temp data dir, a short header
timeout) so the measuring client does not share its event loop. For ``--seconds``:
- 4 WebSockets, one per meeting, each floods 20 ms audio frames as fast as the daemon takes them;
- 40 slow clients each open a connection and trickle a request head that never ends (slowloris);
- one client GETs ``/healthz`` every 50 ms and records the latency.
Prints p50 / p95 / max of /healthz (target p95 ≤ 50 ms), the audio acknowledged and how many slow
clients the daemon cut off. Every loop is bounded by the run time.

Run: ``.venv/bin/python bench/attack_bench.py [--seconds 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "attack-bench-token-0123"
FRAME = b"\x01\x00" * 320  # 20 ms


async def start_daemon(data_dir: Path, header_timeout_s: float) -> tuple[asyncio.subprocess.Process, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEETINGD_HEADER_TIMEOUT_S": str(header_timeout_s),
           "MEETINGD_BRAIN": "rules"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "meetingd.cli", "serve", "--data-dir", str(data_dir), "--port", "0", "--token", TOKEN,
        stderr=asyncio.subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stderr is not None
    async with asyncio.timeout(30):
        while True:
            line = (await proc.stderr.readline()).decode()
            if not line:
                raise RuntimeError("the daemon exited before listening")
            if m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                return proc, int(m.group(1))


async def flood(port: int, meeting_id: str, until: float, acked: dict[str, int]) -> None:
    url = f"ws://127.0.0.1:{port}/ws/meetings/{meeting_id}?token={TOKEN}"
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "audio.start", "sample_rate": 16000, "offset_ms": 0}))

        async def reader() -> None:
            async for raw in ws:
                if isinstance(raw, str) and (msg := json.loads(raw)).get("type") == "audio.ack":
                    acked[meeting_id] = msg["received_ms"]

        task = asyncio.create_task(reader())
        try:
            while time.monotonic() < until:
                await ws.send(FRAME)
                await asyncio.sleep(0)  # send() rarely yields: let this process's probe run too
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def slow_client(port: int, until: float, cut: list[int]) -> None:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    try:
        while time.monotonic() < until:
            w.write(b"X-a: b\r\n")  # one header line a second, never the blank line
            await w.drain()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(1):
                    if await r.read(1) == b"":
                        cut.append(1)
                        return
    except (ConnectionError, OSError):
        cut.append(1)
    finally:
        w.close()


async def main(seconds: float, header_timeout_s: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = await start_daemon(Path(tmp), header_timeout_s)
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}",
                                         headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10) as c:
                ids = [(await c.post("/api/meetings", json={"title": f"flood {i}"})).json()["id"] for i in range(4)]
                until = time.monotonic() + seconds
                acked: dict[str, int] = {}
                cut: list[int] = []
                tasks = [asyncio.create_task(flood(port, i, until, acked)) for i in ids]
                tasks += [asyncio.create_task(slow_client(port, until, cut)) for _ in range(40)]
                lat: list[float] = []
                errors = 0
                while time.monotonic() < until:
                    t0 = time.perf_counter()
                    try:
                        r = await c.get("/healthz")
                        ok = r.status_code == 200
                    except httpx.HTTPError:
                        ok = False
                    if ok:
                        lat.append((time.perf_counter() - t0) * 1000)
                    else:
                        errors += 1
                    await asyncio.sleep(0.05)  # the probe's pace, not synchronisation
                for res in await asyncio.gather(*tasks[:4], return_exceptions=True):
                    if isinstance(res, BaseException):
                        print(f"  flooding socket failed: {res!r}")
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            proc.terminate()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(proc.wait(), 10)
    lat.sort()
    p95 = lat[min(len(lat) - 1, round(0.95 * (len(lat) - 1)))] if lat else float("nan")
    print(f"/healthz under attack ({seconds:.0f} s, 4 flooding sockets, 40 slowloris clients, "
          f"header timeout {header_timeout_s:g} s):")
    print(f"  requests {len(lat)} ok, {errors} failed; p50 {statistics.median(lat):.1f} ms, "
          f"p95 {p95:.1f} ms, max {lat[-1]:.1f} ms  (target p95 <= 50 ms)")
    print(f"  audio acknowledged per flooding socket: {sorted(v / 1000 for v in acked.values())} s")
    print(f"  slow clients cut off by the daemon: {len(cut)} / 40")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--header-timeout", type=float, default=3.0)
    a = ap.parse_args()
    asyncio.run(main(a.seconds, a.header_timeout))
