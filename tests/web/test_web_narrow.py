"""The dock and the meetings list on a phone: real Chromium at 390×844 (issue #15).

Every visible element must end inside the viewport and the meeting title must show at least
8 characters; checked on a live meeting and on the same meeting once its minutes are shown.
"""

from __future__ import annotations

import pytest
from browser import BROWSER_TEST, chromium_path
from web_harness import running_daemon

WIDTH, HEIGHT = 390, 844

pytestmark = [
    *BROWSER_TEST,
]

# Every visible element whose right edge passes the viewport, described for the failure message.
OVERFLOWING = """(width) => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || cs.display === "none") continue;
    if (r.right > width + 0.5) out.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(r.right)}`);
  }
  return out;
}"""

# How many leading characters of the title are fully inside the title's box.
TITLE_CHARS_SHOWN = """() => {
  const h1 = document.getElementById("meeting-title");
  const box = h1.getBoundingClientRect();
  const node = h1.firstChild;
  if (!node || box.width === 0) return 0;
  let shown = 0;
  for (let i = 1; i <= node.textContent.length; i++) {
    const range = document.createRange();
    range.setStart(node, i - 1); range.setEnd(node, i);
    const r = range.getBoundingClientRect();
    if (r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) break;
    shown = i;
  }
  return shown;
}"""

TITLE = "第三季度产品路线评审：登录页改版与支付回调重试方案"


@pytest.mark.timeout(120)
async def test_dock_fits_a_390px_phone_live_and_with_minutes(tmp_path):
    from playwright.async_api import async_playwright, expect

    async with running_daemon(tmp_path) as d, async_playwright() as pw:
        m = await d.create_meeting(TITLE, mode="execute", participants=["张三", "李四"])
        for text in ["今天同步一下登录页改版的进度。",
                     "张三负责写支付回调重试的设计文档，周五之前完成。",
                     "不对，给李四吧。",
                     "决定下周一上线新登录页。",
                     "https://example.invalid/a/very/long/link/without/any/break/opportunities/at/all/0123456789"]:
            r = await d.client.post(f"/api/meetings/{m['id']}/utterances", json={"text": text})
            assert r.status_code == 201, r.text
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            ctx = await browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale="zh-CN")
            page = await ctx.new_page()
            page.set_default_timeout(15_000)
            await page.goto(f"{d.base_url}/#token={d.token}")
            await expect(page.get_by_test_id("meeting-item")).to_have_count(1)
            assert await page.evaluate(OVERFLOWING, WIDTH) == []

            await page.goto(f"{d.base_url}/meetings/{m['id']}#token={d.token}")
            await expect(page.get_by_test_id("utterance")).to_have_count(5)
            await expect(page.get_by_test_id("connection")).to_have_class("conn connected")
            await expect(page.get_by_test_id("meeting-language")).to_have_value("zh")  # auto, fixed by the words
            assert await page.evaluate(OVERFLOWING, WIDTH) == []
            assert await page.evaluate(TITLE_CHARS_SHOWN) >= 8
            conn = await page.get_by_test_id("connection").bounding_box()
            assert conn is not None and conn["height"] < 30  # "已连接" on one line, not a character per line

            r = await d.client.post(f"/api/meetings/{m['id']}/finalize", json={"wait_s": 30})
            assert r.status_code == 200, r.text
            await page.reload()
            await expect(page.get_by_test_id("minutes")).to_be_visible()
            assert await page.evaluate(OVERFLOWING, WIDTH) == []
            assert await page.evaluate(TITLE_CHARS_SHOWN) >= 8
            task_cell = page.locator("table.items td").first
            assert (await task_cell.bounding_box())["width"] > 200  # a readable column, not one character
            await page.screenshot(path=str(tmp_path / "narrow.png"), full_page=True)
        finally:
            await browser.close()
