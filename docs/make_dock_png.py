"""Produce ``docs/dock.png``: the dock of a meeting that went through a correction.

    .venv/bin/python docs/make_dock_png.py [--out docs/dock.png]

Starts a daemon on 127.0.0.1 (temporary data dir, rules brain, execute mode), types a short
meeting in which a task is given to 张三 and then corrected to 李四 ("不对，给李四吧"), waits for
the Supervisor to settle, opens the dock in headless Chromium (1280×860) and checks before the
screenshot that every transcript line shows once and that the only task is the corrected one
(applied at revision 2, owner 李四, nothing left open). Exits 1 if a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from live.config import Settings  # noqa: E402
from meetingd.serve import serve  # noqa: E402

LINES = [
    "今天同步一下登录页改版和发布的安排。",
    "登录页面的改版给张三负责，周五之前完成。",
    "不对，给李四吧。",
    "我们决定下周三发布 2.0 版本。",
    "发布之后的值班再单独约时间。",
]


async def settled(client: httpx.AsyncClient, mid: str) -> dict:
    """The snapshot once the Supervisor analysed every line and left nothing open."""
    async with asyncio.timeout(60):
        while True:
            snap = (await client.get(f"/api/meetings/{mid}")).json()
            m = snap["meeting"]
            open_ = [i for i in snap["intents"] if i["status"] not in ("applied", "rejected", "superseded")]
            if m["analyzed_seq"] >= len(LINES) and not open_:
                return snap
            await asyncio.sleep(0.2)  # the daemon's state, read over HTTP


async def main(out: Path) -> int:
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory() as tmp:
        cfg = Settings(data_dir=Path(tmp), host="127.0.0.1", port=0, token="dock-screenshot",
                       brain="rules", merge_window_ms=50)
        got: asyncio.Future = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve(cfg, ready=got.set_result, announce=False))
        try:
            info = await asyncio.wait_for(got, 30)
            async with httpx.AsyncClient(base_url=info.base_url, timeout=30,
                                         headers={"Authorization": f"Bearer {info.token}"}) as c:
                m = (await c.post("/api/meetings", json={
                    "title": "发布计划周会", "language": "zh", "mode": "execute",
                    "participants": ["张三", "李四", "王五"], "agenda": "登录页改版\n发布安排"})).json()
                for text in LINES:
                    (await c.post(f"/api/meetings/{m['id']}/utterances", json={"text": text})).raise_for_status()
                    await settled_upto(c, m["id"], text)
                snap = await settled(c, m["id"])
            tasks = [i for i in snap["intents"] if i["kind"] == "task"]
            problems = []
            if [u["text"] for u in snap["transcript"]] != LINES:
                problems.append(f"transcript is not the lines said once each: {snap['transcript']}")
            if len(tasks) != 1 or tasks[0]["payload"].get("owner") != "李四" or tasks[0]["revision"] != 2 \
                    or tasks[0]["status"] != "applied":
                problems.append(f"expected one applied task for 李四 at revision 2: {tasks}")
            async with async_playwright() as pw:
                exe = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
                browser = await pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
                try:
                    page = await (await browser.new_context(viewport={"width": 1280, "height": 860},
                                                            locale="zh-CN")).new_page()
                    await page.goto(f"{info.base_url}/meetings/{m['id']}#token={info.token}")
                    await page.get_by_test_id("utterance").nth(len(LINES) - 1).wait_for()
                    await page.wait_for_function("document.querySelector('[data-testid=connection]')"
                                                 "?.classList.contains('connected')")
                    shown = await page.get_by_test_id("utterance").all_inner_texts()
                    if len(shown) != len(LINES):
                        problems.append(f"the dock shows {len(shown)} transcript lines, not {len(LINES)}")
                    cards = await page.locator("[data-testid=intent][data-status]").evaluate_all(
                        "els => els.map(e => e.dataset.status)")
                    if any(s not in ("applied", "rejected", "superseded") for s in cards):
                        problems.append(f"an intent card is left open: {cards}")
                    if problems:
                        print("\n".join(problems), file=sys.stderr)
                        return 1
                    await page.screenshot(path=str(out))
                finally:
                    await browser.close()
        finally:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
    print(f"wrote {out}")
    return 0


async def settled_upto(c: httpx.AsyncClient, mid: str, text: str) -> None:
    """Like a person speaking: the next line comes after the Supervisor read this one."""
    async with asyncio.timeout(30):
        while True:
            m = (await c.get(f"/api/meetings/{mid}")).json()["meeting"]
            if m["analyzed_seq"] >= m["latest_seq"]:
                return
            await asyncio.sleep(0.1)  # the daemon's state, read over HTTP


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "dock.png")
    sys.exit(asyncio.run(main(ap.parse_args().out)))
