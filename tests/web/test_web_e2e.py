"""Real browser end to end: Debian chromium with a fake microphone playing a fixture meeting.

create meeting → mic on → utterances (real Whisper) → an intent → approve → applied → reload
mid-meeting → state restored without duplicates, events continue → finalize → minutes.
Screenshots land in ``artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import BROWSER_TEST, chromium_args, chromium_path
from web_harness import running_daemon

REPO = Path(__file__).resolve().parents[2]
WAV = REPO / "tests" / "fixtures" / "meetings" / "zh_release_handover.wav"
ARTIFACTS = REPO / "artifacts"

pytestmark = [
    *BROWSER_TEST,
    pytest.mark.skipif(not WAV.exists(), reason=f"fixture audio missing: {WAV}"),
]


async def seqs(page) -> list[int]:
    return [int(s) for s in await page.eval_on_selector_all(
        '[data-testid="utterance"]', "els => els.map(e => e.dataset.seq)")]


@pytest.mark.timeout(180)
async def test_dock_end_to_end_in_chromium(tmp_path):
    from playwright.async_api import async_playwright, expect

    from asr.transcriber import WhisperTranscriber

    ARTIFACTS.mkdir(exist_ok=True)
    async with running_daemon(tmp_path, transcriber=WhisperTranscriber()) as d, async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(),
                                           args=chromium_args(WAV))
        try:
            ctx = await browser.new_context(viewport={"width": 1440, "height": 900}, locale="zh-CN")
            page = await ctx.new_page()
            page.set_default_timeout(15_000)
            console_errors: list[str] = []
            page.on("pageerror", lambda e: console_errors.append(str(e)))

            # The home page: the token arrives in the fragment, then the form starts a meeting.
            await page.goto(f"{d.base_url}/#token={d.token}")
            assert "token=" not in page.url  # the fragment is cleared once stored
            await page.get_by_test_id("meeting-title").fill("发布评审：支付模块")
            await page.get_by_test_id("meeting-participants").fill("陈静, 李明, 赵磊")
            await page.get_by_test_id("meeting-mode").select_option("suggest")
            await page.get_by_test_id("start-meeting").click()
            await page.wait_for_url("**/meetings/m_*")
            meeting_id = page.url.rsplit("/", 1)[-1]
            await expect(page.get_by_test_id("meeting-status")).to_have_attribute("data-status", "live")

            # Mic on: the fake device plays the fixture meeting; utterances appear live.
            await page.get_by_test_id("mic-toggle").click()
            await expect(page.get_by_test_id("dock-recording")).to_contain_text("●", timeout=10_000)
            utterances = page.get_by_test_id("utterance")
            await expect(utterances.nth(1)).to_be_visible(timeout=40_000)

            # An intent appears; approving it (with the revision shown) gets it applied.
            card = page.locator('[data-testid="intent"][data-status="detected"]').first
            await expect(card).to_be_visible(timeout=30_000)
            intent_id = await card.get_attribute("data-intent-id")
            await card.get_by_test_id("approve").click()
            applied = page.locator(f'[data-testid="intent"][data-intent-id="{intent_id}"]')
            await expect(applied).to_have_attribute("data-status", "applied", timeout=20_000)
            applied_title = (await applied.locator(".headline").inner_text()).strip()
            assert applied_title

            # Reload mid-meeting: rebuilt from the snapshot, no duplicates, events continue.
            before = await seqs(page)
            await page.reload()
            await expect(utterances.first).to_be_visible(timeout=10_000)
            after = await seqs(page)
            assert len(after) == len(set(after)) and after == sorted(after)
            assert set(before) <= set(after)
            await expect(applied).to_have_attribute("data-status", "applied")
            await page.get_by_test_id("mic-toggle").click()  # a page owns the mic: turn it on again
            await expect(utterances.nth(len(after))).to_be_visible(timeout=40_000)
            # Let the fixture play to its closing line, as a meeting ends before someone finalizes it.
            await expect(utterances.filter(has_text="这里")).to_be_visible(timeout=45_000)
            assert await page.get_by_test_id("dock-supervisor").is_visible()
            await page.screenshot(path=str(ARTIFACTS / "dock.png"))
            final = await seqs(page)
            assert len(final) == len(set(final)) == final[-1]

            # Finalize: stop the mic, settle every open intent, then the minutes show.
            await page.get_by_test_id("mic-toggle").click()
            await expect(page.get_by_test_id("dock-recording")).not_to_contain_text("●", timeout=10_000)
            await page.get_by_test_id("finalize").click()
            minutes = page.get_by_test_id("minutes")
            blockers = page.get_by_test_id("finalize-blockers")
            either = page.locator('[data-testid="minutes"]:not([hidden]), '
                                  '[data-testid="finalize-blockers"]:not([hidden])').first
            await expect(either).to_be_visible(timeout=60_000)
            for _ in range(10):
                if await minutes.is_visible():
                    break
                assert await blockers.is_visible()
                assert await page.get_by_test_id("blocker").count() >= 1
                approve = page.locator('[data-testid="intent"] [data-testid="approve"]')
                for _ in range(20):  # cards re-render as each approval lands: always take the first
                    n = await approve.count()
                    if n == 0:
                        break
                    await approve.first.click()
                    await expect(approve).not_to_have_count(n, timeout=10_000)
                await expect(approve).to_have_count(0)
                await page.get_by_test_id("finalize").click()
                await expect(either).to_be_visible(timeout=60_000)
                if not await minutes.is_visible():
                    await expect(minutes).to_be_visible(timeout=5_000)
            await expect(minutes).to_contain_text(applied_title, timeout=30_000)
            await expect(minutes.get_by_test_id("download-json")).to_be_visible()
            await expect(minutes.get_by_test_id("download-md")).to_be_visible()
            await expect(page.get_by_test_id("meeting-status")).to_have_attribute("data-status", "ended")
            await page.screenshot(path=str(ARTIFACTS / "dock-minutes.png"), full_page=True)
            assert console_errors == []
            snap = (await d.client.get(f"/api/meetings/{meeting_id}")).json()
            assert snap["meeting"]["status"] == "ended"
            # Audio still in flight when the mic stopped may add lines after ``final``; none may be lost.
            stored = [u["seq"] for u in snap["transcript"]]
            assert stored[: len(final)] == final and stored == list(range(1, len(stored) + 1))
        finally:
            await browser.close()
