"""Answering a completion question in a real Chromium: the dock offers the candidates on the
question card; one click makes the answer the task's owner (a person's edit) and closes the question."""

from __future__ import annotations

import pytest
from browser import BROWSER_TEST, chromium_path, open_dock
from web_harness import running_daemon

pytestmark = [*BROWSER_TEST]


@pytest.mark.timeout(120)
async def test_a_completion_question_is_answered_with_one_click(tmp_path):
    from playwright.async_api import async_playwright, expect

    async with running_daemon(tmp_path) as d, async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path())
        try:
            m = await d.create_meeting(participants=["张三", "李四"])
            page, errors = await open_dock(browser, d, m["id"])
            await page.get_by_test_id("say-text").fill("测试环境需要有人确认，周五之前。")
            await page.get_by_test_id("say-text").press("Enter")

            question = page.locator('[data-testid="intent"][data-kind="question"]')
            task = page.locator('[data-testid="intent"][data-kind="task"]')
            await expect(task).to_have_attribute("data-status", "detected")
            await question.get_by_test_id("answer-candidate").filter(has_text="李四").click()
            await expect(task).to_have_attribute("data-revision", "2")
            await expect(task).to_contain_text("李四")
            await expect(task.get_by_test_id("set-by-person")).to_be_visible()
            await expect(page.locator('[data-testid="intent"][data-kind="question"][data-status="detected"]'))\
                .to_have_count(0)
            assert errors == []
        finally:
            await browser.close()
