"""Session-13 families and fixes, each a table of sentences written for these tests (none from the corpus):

- asked how their work stands (done yet, when, how far: 了吗 / 啥时候出 / 咋样了, "how's … coming
  along?"), the one asked answers with their plan or a date: the work asked about is theirs;
- a matter put to someone by name ("Dave, the projector in room two keeps flickering.") and taken on
  in the reply ("I'll sort it out tomorrow", "行，我中午修一下"): theirs;
- a who-question with only a verb ("谁收拾啊？") answered by a name and that verb: the work said
  before it; a who-question with a candidate's name after it, answered "有有有，我下午看";
- asked with a modal and no 你 right after calling someone ("明哥，展板明早能提前送到吗？");
- the speaker's plan with its time between 我 and the verb ("我下午看", "我今天找他聊");
- an apology by name ("Sorry Jordan.") corrects nothing, and a task said later in the same
  utterance is no referent of what comes before it (re-reading changes nothing);
- an English name the patterns cannot read as written ("Kevin O'Brien") read by its given name;
- a date that opens with 本 inside a word ("剧本周五写完": 剧本 + 周五).
"""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from tests.rules.rules_harness import open_tasks, run_meeting

ZH = ["周建华", "王芳", "李明", "陈静"]
EN = ["Priya", "Tom", "Megan", "Dave"]


def _found(utterances, names=None):
    lang = "en" if all(u.isascii() for u in utterances) else "zh"
    return open_tasks(utterances, names or (EN if lang == "en" else ZH), lang)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["王芳，周报写了吗？", "还没，周五之前给你。"], "王芳", "周报", "周五之前"),
        (["陈静，巡检记录啥时候出啊？", "还没弄好，下周二前发给大家。"], "陈静", "巡检记录", "下周二前"),
        (["李明，报销单收得咋样了？", "收了一半，我月底前弄完。"], "李明", "报销单", "月底前"),
        (["李明，供应商合同签了吗？", "还没签，我明天就去补。"], "李明", "供应商合同", "明天"),
        (["Tom, how's the price list coming along?", "Nearly there. I'll send it over Friday."], "Tom", "price list", "Friday"),
        (["Dave, the projector in room two, it keeps flickering.", "Sure, I'll sort it out tomorrow."], "Dave", "projector", "tomorrow"),
        (["Megan, when will the seating chart be ready?", "I'll send it round by Wednesday."], "Megan", "seating chart", "by Wednesday"),
        (["Dave, is the floor plan done yet?", "Not yet, I'll finish it by Thursday."], "Dave", "floor plan", "by Thursday"),
        (["李明，三号仓库的卷帘门又卡住了，下午要进货。", "行，我中午修一下。"], "李明", "卷帘门", None),
        (["会议室今天下班前收拾干净。", "谁收拾啊？", "陈静收拾，上次就是她弄的。"], "陈静", "收拾", "下班前"),
        (["那个报价单谁有空核对一下？王芳？", "有有有，我下午看。"], "王芳", "报价单", "下午"),
        (["王芳，这个你能不能去跟供应商沟通一下？", "行，我今天找他聊。"], "王芳", "供应商", "今天"),
        # asked with a modal and no 你 right after the name: asked of them
        (["李明，展板明早能提前送到吗？", "我跟印刷厂说一下，应该没问题，十点前送到。"], "李明", "展板", "十点前"),
        (["明哥，展板明早能提前送到吗？"], "李明", "展板", "明早"),
        # 把…V了 handed over is an order; verb-object words jieba tags as nouns are verbs
        (["王芳，你今天下班前把报销单填了给我。"], "王芳", "报销单", "今天下班前"),
        (["李明，你明天把合同签了发我。"], "李明", "合同", "明天"),
        (["陈静，横幅你今天下单吧。"], "陈静", "横幅", "今天"),
        # a verb of sending with its direction: 送过去 is no 过 of the past, 发过来 is one jieba word
        (["李明，你明天把展板送过去。"], "李明", "展板", "明天"),
        (["陈静，你周五能把报价单发过来吗？"], "陈静", "报价单", "周五"),
        # a matter put with the day it happened: the day is no part of it
        (["周总，二号冷库昨天半夜又跳闸了。", "行，我上午检查一下。"], "周建华", "冷库", None),
    ],
)
def test_answers_and_matters_taken(utterances, owner, words, due):
    found = _found(utterances)
    assert any(o == owner and words in t and (due is None or (d and due in d)) for o, t, d in found), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["王芳，周报写了吗？", "早就发了。"],
        ["Tom, how's the price list coming along?", "I sent it yesterday."],
        ["陈静，你吃了吗？", "吃了，我刚回来。"],
        ["王芳，你们那边下雨了吗？", "下了，明天还要下。"],
        ["王芳，你明天有空吗？", "我下午去开会。"],
    ],
)
def test_answered_done_or_no_work(utterances):
    assert _found(utterances) == []


def test_apology_by_name_corrects_nothing():
    utterances = [
        "Megan, can you book the venue by Thursday?",
        "Sure.",
        "Sorry Megan. So, I'll also draft the agenda for you next week.",
    ]
    found = _found(utterances)
    assert ("Megan", "book the venue", "by Thursday") in found, found
    assert not lx.CORRECTION.search("Ha, sorry Dave. Right, anything else?")
    assert lx.CORRECTION.search("Give it to Tom, sorry, Dave.")
    assert not lx.CORRECTION.search("Not yet, I'll finish it by Thursday.")  # (but "not Tom, Dave" corrects)
    assert lx.CORRECTION.search("Not Tom, Dave.")


def test_a_later_plan_is_no_earlier_request_on_reread():
    # run_meeting checks that reading the window again proposes nothing (idempotency)
    led = run_meeting(
        ["Priya, you right to run the Monday class?", "Yeah, no worries.",
         "Bossman, the treadmill at the back is broken again. Can you get someone out?",
         "Yeah mate, I'll give them a call tomorrow."],
        EN, "en",
    )
    assert led.open("task")


def test_a_name_with_an_apostrophe():
    names = ["Kevin O'Brien", "Maria Gonzalez", "Derek Lin"]
    assert _found(["Kevin, you're on the stock count."], names) == [("Kevin O'Brien", "stock count", None)]


@pytest.mark.parametrize(
    ("text", "date"),
    [("剧本周五写完", "周五"), ("成本月底报上来", "月底"), ("我本周五交", "本周五"), ("本周五交", "本周五")],
)
def test_a_date_inside_a_word(text, date):
    assert [h.text for h in lx.dates(text)] == [date]


def test_a_word_before_the_date_stays_in_the_title():
    assert _found(["陈静，剧本周五写完。"]) == [("陈静", "剧本", "周五")]
