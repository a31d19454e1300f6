"""Web benchmarks (issue 5): event latency over the WebSocket and snapshot rendering in chromium.

1. change committed → event received by a WebSocket client: p50/p95/max over paced utterance
   appends, with 1 and 5 clients on the meeting (target p95 ≤ 50 ms). "Committed" is the store's
   after-commit callback; both clocks are this process's ``perf_counter``.
2. snapshot of a 2,000-utterance meeting rendered by the dock page: from navigation start to the
   2,000th ``utterance`` element in the DOM, measured in the page (``performance.now()``), with
   chromium (target ≤ 1 s). Skipped when chromium is missing.

Run: ``.venv/bin/python bench/web_bench.py [--events 300] [--utterances 2000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import websockets

from live.config import Settings
from meetingd.serve import ServeInfo, serve


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


@contextlib.asynccontextmanager
async def daemon(data_dir: Path):
    cfg = Settings(data_dir=data_dir, host="127.0.0.1", port=0, token="bench-token-123456", brain="rules")
    got: asyncio.Future[ServeInfo] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(cfg, ready=got.set_result, announce=False))
    try:
        yield await asyncio.wait_for(got, 30)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def event_latency(info: ServeInfo, n: int, clients: int, interval_s: float) -> list[float]:
    svc = info.service
    m = await svc.create_meeting("bench latency", "zh", "record")
    committed: dict[int, float] = {}
    received: list[dict[int, float]] = [{} for _ in range(clients)]

    def on_commit(changes):
        now = time.perf_counter()
        for c in changes:
            if c.meeting_id == m.id:
                committed[c.cursor] = now

    unsubscribe = svc.store.subscribe(on_commit)
    url = f"ws://127.0.0.1:{info.port}/ws/meetings/{m.id}?token={info.token}"
    done = asyncio.Event()
    target: list[int] = [0]

    async def reader(i: int, ws) -> None:
        async for raw in ws:
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg["type"] == "event":
                received[i][msg["cursor"]] = now
                if target[0] and all(target[0] in r for r in received):
                    done.set()

    conns = [await websockets.connect(url, max_size=2**24) for _ in range(clients)]
    for ws in conns:
        json.loads(await ws.recv())  # snapshot
    readers = [asyncio.create_task(reader(i, ws)) for i, ws in enumerate(conns)]
    try:
        for i in range(n):
            await svc.add_utterance(m.id, f"第{i}句：这是一条用于测量延迟的发言。")
            await asyncio.sleep(interval_s)  # paced like speech, not a burst
        target[0] = (await svc.store.get_meeting(m.id)).change_cursor
        await asyncio.wait_for(done.wait(), 30)
    finally:
        unsubscribe()
        for t in readers:
            t.cancel()
        for ws in conns:
            await ws.close()
    return [(r[c] - t0) * 1000 for r in received for c, t0 in committed.items() if c in r]


async def seed_meeting(info: ServeInfo, count: int) -> str:
    svc = info.service
    m = await svc.create_meeting("bench 2000", "zh", "record")
    for i in range(count):
        await svc.store.append_utterance(
            m.id, f"第{i + 1}句：我们讨论一下登录改版的进度，以及接口文档什么时候发出来。", i * 3000, i * 3000 + 2500)
    return m.id


async def render_time(info: ServeInfo, meeting_id: str, count: int, runs: int) -> list[float] | None:
    chromium = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if chromium is None:
        return None
    from playwright.async_api import async_playwright

    out = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=[
            "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run"])
        try:
            ctx = await browser.new_context(viewport={"width": 1440, "height": 900}, bypass_csp=True)
            page = await ctx.new_page()
            await page.goto(f"{info.base_url}/#token={info.token}")  # stores the token
            for _ in range(runs):
                await page.goto(f"{info.base_url}/meetings/{meeting_id}")
                ms = await page.wait_for_function(
                    f"document.querySelectorAll('[data-testid=utterance]').length >= {count}"
                    " ? performance.now() : false", timeout=30_000, polling="raf")
                out.append(float(await ms.json_value()))
        finally:
            await browser.close()
    return out


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=300)
    ap.add_argument("--interval-ms", type=float, default=20)
    ap.add_argument("--utterances", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        async with daemon(Path(tmp)) as info:
            for clients in (1, 5):
                lat = await event_latency(info, args.events, clients, args.interval_ms / 1000)
                print(f"event latency, {clients} client(s), {len(lat)} events: p50 {statistics.median(lat):.1f} ms"
                      f"  p95 {pct(lat, 95):.1f} ms  max {max(lat):.1f} ms  (target p95 <= 50 ms)")
            t0 = time.perf_counter()
            mid = await seed_meeting(info, args.utterances)
            print(f"seeded {args.utterances} utterances in {time.perf_counter() - t0:.1f} s")
            t0 = time.perf_counter()
            snap = await info.service.snapshot(mid)
            print(f"snapshot build: {(time.perf_counter() - t0) * 1000:.0f} ms,"
                  f" {len(json.dumps(snap, ensure_ascii=False)) / 1024:.0f} KiB")
            times = await render_time(info, mid, args.utterances, args.runs)
            if times is None:
                print("render: skipped (chromium not installed)")
            else:
                print(f"dock render of {args.utterances} utterances (navigation → last element), {len(times)} runs:"
                      f" median {statistics.median(times):.0f} ms  max {max(times):.0f} ms  (target <= 1000 ms);"
                      f" runs: {', '.join(f'{t:.0f}' for t in times)} ms")


if __name__ == "__main__":
    asyncio.run(main())
