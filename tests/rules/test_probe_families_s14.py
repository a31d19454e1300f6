"""Session-14 families and fixes, each a table of sentences written for these tests (none from the
corpus):

- a closing recap of who brings what by when ("老李合同周三，小王那边报价下周、样品今天"): each part
  restates its task (keeping the fuller date said before) or names one; re-reading changes nothing;
- 由 + a participant + a verb Whisper misheard into no word; its homophone 有 before a verb of
  taking charge; "是由…提出的" says where a thing came from, no work;
- a bare 把 order (or 找X把…) after a request goes on with the one asked, and a lead taken with no
  work named ("你牵个头，把…做出来") is the lead of that work; "…, and also <verb> …" in English;
- 把 + object + 拿到/送到 + place + 来/去; "周四之前给老李" after an order is by when and to whom;
- address forms: 雪儿 (given name + 儿), 赵爸爸 / 孙妈妈 (a class's parents); "那老李，…你负责" is a
  call, not an answer; "老李你是安全员，…" calls them too;
- "晓琳那篇论文的返修" names whose paper; "大家散吧，晓琳留一下" is no work;
- "X那部分请你来弄" is titled X; "你亲自跟"; a part of the day right after 你 is no part of the
  title; "另外…你…" after a request asks the same person; "一个按原计划，一个延期的" decides nothing;
- a follow-up question with no name after the answer of the one called is put to them again;
- "I'll cancel the subscription" is work taken, not a cancellation.
"""

from __future__ import annotations

import pytest

from supervisor.rules import zh_turns
from tests.rules.rules_harness import open_tasks, run_meeting

ZH = ["周建华", "王芳", "李明", "陈静"]
EN = ["Priya", "Tom", "Megan", "Dave"]


def _found(utterances, names=None):
    lang = "en" if all(u.isascii() for u in utterances) else "zh"
    return open_tasks(utterances, names or (EN if lang == "en" else ZH), lang)


def _has(found, owner, words, due=None):
    return any(o == owner and all(w in t for w in words) and (due is None or d == due) for o, t, d in found)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # misheard verb after 由 + a participant; 有 for 由 before a verb of taking charge
        (["展位的布置由王芳奇桶。", "下周一之前出图。"], "王芳", ["展位的布置"], None),
        (["好，那门店海报有李明跟进。"], "李明", ["门店海报"], None),
        # a bare 把 order goes on with the one asked
        (["陈静你去跟物业沟通一下，把维修清单准备好。"], "陈静", ["维修清单"], None),
        (["李明，年度审计那部分请你来弄，找会计把凭证复印出来。"], "李明", ["凭证"], None),
        (["王芳，你带个头，把新人培训的课件做出来，月底前给我。"], "王芳", ["新人培训的课件"], "月底前"),
        # 把 + object + 拿到/送到 + place + 来/去
        (["李明，你明天把新到的样布拿到会议室来。"], "李明", ["样布"], "明天"),
        (["陈静，你把旧电脑送到仓库去。"], "陈静", ["旧电脑"], None),
        # by when and to whom after an order: the one asked keeps it
        (["王芳，你把预算表改一下，周五之前给老周。"], "王芳", ["预算表"], "周五之前"),
        # address forms
        (["芳儿，你把签到表打印出来。"], "王芳", ["签到表"], None),
        (["那李爸爸您帮忙问一下大巴的价格，周三之前告诉我。"], "李明", ["大巴的价格"], "周三之前"),
        (["那老李，空调滤网清洗你负责，周四之前弄完。"], "李明", ["空调滤网"], "周四之前"),
        (["老陈你是消防员，灭火器你每天下班前查一遍。"], "陈静", ["灭火器"], None),
        # a title cut right
        (["李明，你下午去银行跑一趟，把回单打出来。"], "李明", ["回单"], None),
        (["王芳，退款的问题你亲自跟，周二之前给个结论。"], "王芳", ["退款的问题"], "周二之前"),
        (["陈静，保险的条款你顺便跟律师确认一下。"], "陈静", ["保险的条款"], None),
        (["行，李明你排值班表，另外耗材的单价你顺便跟供应商核对一下。"], "李明", ["耗材的单价"], None),
        (["对，王芳，你把招聘启事准备两个版本，一个按原计划，一个推迟一周的，周五给我。"], "王芳", ["招聘启事"], "周五"),
        # English
        (["Megan, could you book the venue for May, and also send the invite to the board?"], "Megan", ["invite"], None),
        (["We should drop the old newsletter tool.", "Agreed.", "I'll cancel the subscription tomorrow.", "Thanks, Dave."],
         "Dave", ["subscription"], "tomorrow"),
    ],
)
def test_family_finds_the_task(utterances, owner, words, due):
    found = _found(utterances)
    assert _has(found, owner, words, due), found


@pytest.mark.parametrize(
    ("utterances", "owner", "words"),
    [
        (["这个方案是由王芳提出的。"], "王芳", []),
        (["这个活动去年有李明负责过。"], "李明", []),
        (["好，今天就到这，大家散吧，陈静留一下。"], "陈静", []),
        (["这周两件事，年度预算，还有王芳那篇报告的修改。"], "王芳", []),
        (["对，王芳，你把招聘启事准备两个版本，一个按原计划，一个推迟一周的。"], None, ["按原计划"]),
    ],
)
def test_not_work(utterances, owner, words):
    minutes = run_meeting(utterances, ZH, "zh").minutes()
    if not words:
        assert not [t for t in minutes["action_items"] if t["owner"] == owner], minutes["action_items"]
    else:
        assert not [d for d in minutes["decisions"] if all(w in d["text"] for w in words)], minutes["decisions"]


def test_recap_restates_and_adds_tasks():
    utterances = [
        "李明，你把三家的报价单比一下，周四下班前给我。",
        "好。",
        "王芳你去跟街道那边沟通一下。",
        "行。",
        "仓库的盘点我来吧。",
        "那就陈静，盘点你来。",
        "好，今天就这些。李明报价单周四，王芳街道那边下周、宣传册今天，陈静盘点月底。散会。",
    ]
    found = _found(utterances)
    assert _has(found, "李明", ["报价单"], "周四下班前"), found  # the fuller date said first is kept
    assert _has(found, "王芳", ["街道"], "下周"), found
    assert _has(found, "王芳", ["宣传册"], "今天"), found  # no name: the one named before it in the part
    assert _has(found, "陈静", ["盘点"], "月底"), found
    assert len([f for f in found if "报价单" in f[1]]) == 1, found  # restated, not added


def test_recap_part_shape():
    from supervisor.rules.extract import _zh_recap

    assert [(a.owner, a.title, a.due) for a in _zh_recap("李明报价单周四", "", ZH)] == [("李明", "报价单", "周四")]
    assert [(a.owner, a.title, a.due) for a in _zh_recap("宣传册今天", "王芳街道那边下周", ZH)] == [("王芳", "宣传册", "今天")]
    assert _zh_recap("我们明天开会", "", ZH) == []  # a statement, no recap part
    assert _zh_recap("宣传册今天", "", ZH) == []  # nobody named before it


def test_follow_up_question_is_put_to_the_one_who_answered():
    heard = {1: "李明，退货率多少？", 2: "百分之八左右。", 3: "是不是包装的问题？", 4: "说不好，我得问问物流。"}
    assert zh_turns.speaker(4, heard, ZH)[0] == "李明"
    heard[3] = "王芳，是不是包装的问题？"
    assert zh_turns.speaker(4, heard, ZH)[0] == "王芳"
