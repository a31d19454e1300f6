"""The meetings list in real Chromium: rename, search, delete (after the page's confirmation)."""

from __future__ import annotations

import pytest
from browser import BROWSER_TEST, chromium_path
from web_harness import running_daemon

pytestmark = [
    *BROWSER_TEST,
]


@pytest.mark.timeout(120)
async def test_rename_search_and_delete_on_the_meetings_list(tmp_path):
    from playwright.async_api import async_playwright, expect

    async with running_daemon(tmp_path) as d, async_playwright() as pw:
        keep = await d.create_meeting("预算会", language="zh")
        gone = await d.create_meeting("周会", language="zh")
        await d.client.post(f"/api/meetings/{gone['id']}/utterances", json={"text": "登录页改版下周一上线。"})
        await d.client.post(f"/api/meetings/{keep['id']}/utterances", json={"text": "预算下周再议。"})
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            page = await (await browser.new_context(locale="zh-CN")).new_page()
            page.set_default_timeout(15_000)
            answers = iter(["周会（改版）", None])  # the rename prompt, then the delete confirmation
            dialogs: list[str] = []

            async def on_dialog(dialog) -> None:
                dialogs.append(dialog.type)
                answer = next(answers)
                await (dialog.accept(answer) if answer is not None else dialog.accept())

            page.on("dialog", on_dialog)
            await page.goto(f"{d.base_url}/#token={d.token}")
            items = page.get_by_test_id("meeting-item")
            await expect(items).to_have_count(2)
            row = page.locator(f"[data-meeting-id='{gone['id']}']")
            await row.get_by_test_id("rename-meeting").click()
            await expect(row.get_by_test_id("meeting-item-title")).to_have_text("周会（改版）")
            assert (await d.client.get(f"/api/meetings/{gone['id']}")).json()["meeting"]["title"] == "周会（改版）"

            await page.get_by_test_id("search-input").fill("登录页")
            await page.get_by_test_id("search-go").click()
            hit = page.get_by_test_id("search-hit")
            await expect(hit).to_have_count(1)
            await expect(hit).to_contain_text("登录页改版下周一上线。")
            assert await hit.locator("a").get_attribute("href") == f"/meetings/{gone['id']}#u-1"

            await row.get_by_test_id("delete-meeting").click()
            await expect(items).to_have_count(1)
            await expect(items.first).to_contain_text("预算会")
            assert dialogs == ["prompt", "confirm"]
            assert (await d.client.get(f"/api/meetings/{gone['id']}")).status_code == 404
        finally:
            await browser.close()
