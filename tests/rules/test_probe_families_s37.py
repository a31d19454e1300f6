"""Families found by the session-37 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import en_turns
from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_YARD = ["Tomasz Nowak", "Lena Fairweather", "Rhys Caddick", "Kitty Osei", "Olamide Bakare"]


def test_a_polish_pet_ending() -> None:
    assert clipped_call("Tomek", "Tomasz Nowak", _YARD)
    assert not clipped_call("Tomek", "Lena Fairweather", _YARD)


@pytest.mark.parametrize(
    ("heard", "seq", "speaker"),
    [
        # the one called goes on after the caller's remark, though nobody names the caller
        ({1: "Okay. Lena?", 2: "The kiln's fixed, but the glaze order's late.", 3: "That supplier again. Typical.",
          4: "I'll ring them after this."}, 4, "Lena Fairweather"),
        # …not after a question to the room
        ({1: "Okay. Lena?", 2: "The kiln's fixed, but the glaze order's late.", 3: "Right, are we still on for the fair?",
          4: "I think so."}, 4, None),
        # the one called answers, speaking to the caller by name first
        ({1: "Tomek, want to kick off?", 2: "Yeah, so, Lena, the press is back up."}, 2, "Tomasz Nowak"),
        # …but not one who says they cut in
        ({1: "Tomek, want to kick off?", 2: "Lena, sorry to jump in, the van's here."}, 2, None),
        # the one called answers for themself first, then passes it on
        ({1: "Kitty, can you cover Sunday?", 2: "I'm away Sunday. Rhys, could you?"}, 2, "Kitty Osei"),
        # the one spoken of answers for themself
        ({1: "Right. Olamide was going to redo the floor plan legend.", 2: "I was, sorry. I'll finish it tonight."}, 2, "Olamide Bakare"),
        # …not when the reply speaks of them
        ({1: "Right. Olamide was going to redo the floor plan legend.", 2: "I think she's off today, I'll check."}, 2, None),
    ],
)
def test_who_speaks(heard: dict[int, str], seq: int, speaker: str | None) -> None:
    assert en_turns.speaker(seq, heard, _YARD)[0] == speaker


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "Right." before the "can you…?" still opens the turn that asks the one who answered
        (["Okay. Lena?", "The kiln's fixed, but the glaze order's late.", "Late for the fair?", "No, only for March.",
          "Right. Can you chase the glaze supplier today?", "Yep, will do."], "Lena Fairweather", ["glaze supplier"], "today"),
        # …and so does what the asker settles first, naming nobody
        (["Okay. Kitty.", "Bad news. The new menus are stuck at the printer.", "Oh, come on. The launch is Saturday.",
          "Was Saturday. I think we push it to the 17th.",
          "Yeah. Okay. Move it. Friday the 17th. Can you put the new date on the website today?", "On it."],
         "Kitty Osei", ["website"], "today"),
        # turned down by a reason and passed on with a bare "could you?"
        (["Kitty, could you cover the market stall on Sunday?", "I'm away Sunday, it's my cousin's wedding. Rhys, could you?",
          "Yeah, go on, I'll do it."], "Rhys Caddick", ["market stall"], None),
        # a claim with its day
        (["Next thing. Who can send the invoice to the caterers?", "I'll do it tomorrow.", "Cheers, Ola. Next, the van."],
         "Olamide Bakare", ["invoice"], "tomorrow"),
        # asked past a turn-down by someone else
        (["Okay, stock. Who's doing the paint order this week?", "Usually me, but I'm off Thursday and Friday.",
          "I'll do it. Tomorrow, before the site visit.", "Thanks, Rhys."], "Rhys Caddick", ["paint order"], "Tomorrow"),
        # what is not done yet is what "it" is
        (["Don't start the varnish tonight. Kitty never tested the moisture yet.",
          "Yeah, I haven't done the moisture test. I'll do it first thing tomorrow."], "Kitty Osei", ["moisture test"], "first thing tomorrow"),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _YARD)
    assert has_task(found, owner, words, due), found


def test_turned_down_and_passed_on_leaves_the_first_one_nothing() -> None:
    found = tasks_in(["Kitty, could you cover the market stall on Sunday?", "I'm away Sunday, it's my cousin's wedding. Rhys, could you?",
                      "Yeah, go on, I'll do it."], _YARD)
    assert not has_task(found, "Kitty Osei", ["market stall"]), found


def test_leave_it_to_someone_by_name_calls_it_off() -> None:
    utts = ["And someone needs to book the minibus for the away game.", "I'll book it tonight.",
            "Actually, leave it, Rhys, I booked it this morning. Sorry, forgot to say.", "Oh. Okay."]
    found = tasks_in(utts, _YARD)
    assert not any("minibus" in (title or "") for _, title, _ in found), found


def test_they_after_a_thing_that_came_in_is_that_thing() -> None:
    found = tasks_in(["Also, the new hi-vis vests came through, they need to go in every van before the audit on the 18th."], _YARD)
    assert has_task(found, None, ["hi-vis vests"]), found


def test_a_kindness_offered_is_no_work() -> None:
    utts = ["Oh, and Lena, did the café ever open?", "Last weekend! It was packed.", "I'm coming Saturday.", "I'll save you a table, seriously."]
    found = tasks_in(utts, _YARD)
    assert not any("table" in (title or "") for _, title, _ in found), found


def test_someone_on_the_call_too_is_no_work() -> None:
    found = tasks_in(["Hi all. Kitty is on too, she did most of the legwork.", "Hi everyone."], _YARD)
    assert not has_task(found, "Kitty Osei", []), found


# ---- Chinese ------------------------------------------------------------------------------------------

_SHOP = ["孙丽华", "周建军", "梅晓红", "苗可欣", "温子豪"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # 再把… goes on with the one asked, whatever jieba tags its verb
        (["晓红，你把会员名单整理一下，再把生日提醒设置上。", "好。"], "梅晓红", ["生日提醒"], None),
        # a given name with a kin word after it calls them
        (["丽华姐，库存表你理一下。", "行。"], "孙丽华", ["库存表"], None),
        # the thing, when, then the order after the name, with no 你
        (["建军，排班表周五前给我。", "好的。"], "周建军", ["排班表"], "周五前"),
        # 把…给我: 给 is the verb
        (["建军，下周一把排班表给我。", "好。"], "周建军", ["排班表"], "下周一"),
        # 想办法 before a 把 order
        (["建军，尾款收得怎么样了？", "还差三家。", "你月底前想办法把尾款催回来。", "行吧。"], "周建军", ["尾款"], "月底前"),
        # a draft of the matter the sentence before opened
        (["对了，下个月的促销方案，总部说下周三前要。", "那正好。晓红你弄个初稿，周一给我看一眼。", "可以。"], "梅晓红", ["促销方案"], "周一"),
        # one needed to do it is asked, as 让 asks
        (["新的陈列谁牵头？", "我来吧，文案我来写，但是需要子豪出几张效果图。", "效果图没问题。"], "温子豪", ["效果图"], None),
        # a plan said by the one called, with a verb of the trade
        (["下周上新，价目表得改。可欣？", "好，价目表我这周更新一下。"], "苗可欣", ["价目表"], "这周"),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _SHOP)
    assert has_task(found, owner, words, due), found


def test_zh_a_correction_then_someone_elses_work() -> None:
    utts = ["海报谁做？", "海报晓红做吧。", "我不太会那个软件……", "那算了，海报还是子豪你来出，晓红就负责发公众号和朋友圈。", "行。"]
    found = tasks_in(utts, _SHOP)
    assert has_task(found, "温子豪", ["海报"]), found
    assert has_task(found, "梅晓红", ["公众号"]), found
    assert not has_task(found, "梅晓红", ["海报"]), found


def test_zh_a_date_settled_though_the_reason_names_another() -> None:
    utts = ["合同可欣你周三能出吗？", "周三我要去外地开会。周四行不行？", "那周四，最晚周四中午，建军那边要排期的。", "好。"]
    found = tasks_in(utts, _SHOP)
    assert has_task(found, "苗可欣", ["合同"], "周四中午"), found


def test_zh_who_did_it_said_as_done_is_no_work() -> None:
    found = tasks_in(["包裹漏液了，什么东西啊？", "不知道，面单上写的是化妆品。", "人没事吧？", "没事，晓红戴手套弄的，手套扔了。"], _SHOP)
    assert not has_task(found, "梅晓红", []), found


def test_zh_asking_leave_to_break_in_is_no_work() -> None:
    found = tasks_in(["建军，打扰一下，楼下有位客户等着呢。", "好，我马上下去。"], _SHOP)
    assert not any("打扰" in (title or "") for _, title, _ in found), found
