"""Real browser: a meeting started from the form with a glossary and an agenda shows its
vocabulary in the dock; a word the ASR correction rewrote is underlined and tells what Whisper
heard; a vocabulary edit (PATCH) reaches the open dock live."""

from __future__ import annotations

import asyncio

import pytest
from browser import BROWSER_TEST, chromium_path
from test_web_api import FixedTranscriber, wait_change, wav_bytes
from web_harness import running_daemon

pytestmark = [
    *BROWSER_TEST,
]  # fmt: skip


@pytest.mark.timeout(120)
async def test_dock_shows_vocabulary_and_heard_as(tmp_path):
    from playwright.async_api import async_playwright, expect

    async with running_daemon(tmp_path, transcriber=FixedTranscriber("宴重骂由刘杨负责。")) as d, \
            async_playwright() as pw:  # fmt: skip
        browser = await pw.chromium.launch(
            executable_path=chromium_path(), args=["--no-sandbox"]
        )
        try:
            page = await (await browser.new_context(locale="zh-CN")).new_page()
            page.set_default_timeout(15_000)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(f"{d.base_url}/#token={d.token}")
            await page.get_by_test_id("meeting-title").fill("周会")
            await page.get_by_test_id("meeting-participants").fill("张三, 刘洋")
            await page.get_by_test_id("meeting-glossary").fill("验证码, 登录")
            await page.get_by_test_id("meeting-agenda").fill("验证码的有效期")
            await page.get_by_test_id("start-meeting").click()
            await page.wait_for_url("**/meetings/m_*")
            mid = page.url.rsplit("/", 1)[-1]
            vocab = page.get_by_test_id("dock-vocabulary")
            await expect(vocab).to_contain_text("验证码、登录")
            await expect(vocab).to_contain_text("验证码的有效期")

            t = (await d.client.post(f"/api/meetings/{mid}/upload-tickets")).json()
            done = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "job" and ch.data["status"] == "done"))
            assert (await d.client.put(t["url"], content=wav_bytes(1000, amplitude=3000))).status_code == 202
            await done
            utterance = page.get_by_test_id("utterance").first
            await expect(utterance).to_contain_text("验证码由刘洋负责。")
            marks = utterance.get_by_test_id("rewrite")
            await expect(marks).to_have_count(2)
            await expect(marks.first).to_have_text("验证码")
            await expect(marks.first).to_have_attribute("title", "听成了「宴重骂」")
            await expect(marks.nth(1)).to_have_attribute("title", "听成了「刘杨」")

            # A vocabulary edit while live shows up in the open dock without a reload.
            r = await d.client.patch(f"/api/meetings/{mid}", json={"glossary": ["验证码", "接口文档"]})
            assert r.status_code == 200
            await expect(vocab).to_contain_text("验证码、接口文档")
            assert errors == []
        finally:
            await browser.close()
