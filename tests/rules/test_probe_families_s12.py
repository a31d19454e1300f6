"""Session-12 families, each a table of sentences written for these tests (none from the corpus),
found by crossing new templates with verbs, objects, dates and names:

- hand-overs said softly: 拜托/靠 X 了, X辛苦一下 (then the work), 我建议X去…, 我看还是X来…比较好,
  让他来吧 (他: the one just named), X的任务是…, X包了, 顺便把…也…了, X记一下;
- who takes it, answered: 我看X合适 (and the date said with it), X在跟, "Tom, I think.", "Tom does.",
  a who-question about the work's thing (会议纪要谁来跟？), 那X怎么办？ X来V吧;
- asked whether they are free for the work just named (陈静有时间吗？, "Tom, you free?"), and work
  said to need someone, then the one who takes it (我们需要有人…，陈静你来吧);
- a progress question to one person, then a date ordered (王芳，周报进度怎么样？… 那周五之前给我;
  "Tom, how's the price list coming along?" … "get it to me by Friday");
- dates: a clause that is only the date before the order, the day that opens the clause before
  the one who does it, 得在…之前把…, a bare day of the month (二十号, not 3号楼), 麻烦X周四…;
- English hand-overs: you've got the X, assigning X to Y, can we get X from Y, put Y on X, X is with
  Y, I'd rather Y…, I'm going to need you to…, that's you / yours after the thing, a terse ask with
  a tag ("Tom, the price list, Friday, yeah?"), "X is the deadline".
"""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from tests.rules.rules_harness import open_tasks

ZH = ["周建华", "王芳", "李明", "陈静"]
EN = ["Priya", "Tom", "Megan", "Dave"]


def _has_task(utterances, owner, words, due):
    found = _found(utterances)
    assert any(o == owner and words in t and d == due for o, t, d in found), found


def _found(utterances):
    lang = "en" if all(u.isascii() for u in utterances) else "zh"
    return open_tasks(utterances, EN if lang == "en" else ZH, lang)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["会议纪要的事就拜托王芳了，周五整理。"], "王芳", "会议纪要", "周五"),
        (["王芳辛苦一下，会议纪要周五整理好。"], "王芳", "会议纪要", "周五"),
        (["我建议王芳去整理会议纪要，周五。"], "王芳", "会议纪要", "周五"),
        (["测试报告我看还是陈静来写比较好，周四。"], "陈静", "测试报告", "周四"),
        (["项目周报这事王芳最熟，让他来吧，周五。"], "王芳", "项目周报", "周五"),
        (["陈静，测试报告靠你了，周四。"], "陈静", "测试报告", "周四"),
        (["项目周报王芳包了，周五。"], "王芳", "项目周报", "周五"),
        (["王芳顺便把项目周报也整理了，周五。"], "王芳", "项目周报", "周五"),
        (["还有个项目周报，王芳记一下，周五整理。"], "王芳", "项目周报", "周五"),
        (["下周李明的任务是联系物业。"], "李明", "联系物业", "下周"),
        (["这个会议纪要让王芳来整理吧，周五。"], "王芳", "会议纪要", "周五"),  # 纪要's 要 is no modal
        (["这个巡检记录呢，陈静同志牵头抓一下，周五前拿出方案。"], "陈静", "巡检记录", "周五前"),
        (["陈静的话，就整理一下巡检记录，周五。"], "陈静", "巡检记录", "周五"),
        (["巡检记录那块，陈静能者多劳，周五。"], "陈静", "巡检记录", "周五"),
        (["陈静帮个忙，巡检记录周五前整理一下。"], "陈静", "巡检记录", "周五前"),
        (["巡检记录，就定陈静了，周五。"], "陈静", "巡检记录", "周五"),
        (["陈静，巡检记录这个事交给你了啊，周五。"], "陈静", "巡检记录", "周五"),
        (["陈静，那个报销单，周五之前你出一个。"], "陈静", "报销单", "周五之前"),  # 报销+单: one document
        (["老周你盯紧点排班表，十号一定要更新完。"], "周建华", "排班表", "十号"),
        # said the way people talk: fillers, a stutter, a particle, a title, a regional verb
        (["巡检记录的话呢，就是陈静你这边，呃，周五之前弄一下。"], "陈静", "巡检记录", "周五之前"),
        (["那个，陈静啊，巡检记录，周五给我。"], "陈静", "巡检记录", "周五"),
        (["陈静，巡检记录那个，你，你周五前搞一下。"], "陈静", "巡检记录", "周五前"),
        (["报销单麻烦陈静处理一下喔，周五。"], "陈静", "报销单", "周五"),
        (["陈老师，巡检记录麻烦您周五前看一下。"], "陈静", "巡检记录", "周五前"),
        (["巡检记录这块儿，陈静你多费心，周五。"], "陈静", "巡检记录", "周五"),
        (["陈静，巡检记录你整一下，周五。"], "陈静", "巡检记录", "周五"),
        (["老周，没交表的同事你挨个打电话，月底前收齐。"], "周建华", "同事", "月底前"),
        (["老周你给客户打个电话。"], "周建华", "给客户打个电话", None),
    ],
)
def test_zh_soft_handovers(utterances, owner, words, due):
    _has_task(utterances, owner, words, due)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["谁来整理会议纪要？", "我看王芳合适，周五整理完。"], "王芳", "会议纪要", "周五"),
        (["会议纪要谁来跟？", "王芳吧。", "行，周五。"], "王芳", "会议纪要", "周五"),
        (["项目周报现在谁在跟？", "王芳在跟。", "好，周五前搞定。"], "王芳", "项目周报", "周五前"),
        (["那测试报告怎么办？", "陈静来写吧，周四。"], "陈静", "测试报告", "周四"),
        (["会议纪要还没人整理。", "王芳你来吧。"], "王芳", "会议纪要", None),
        (["我们需要有人写测试报告，陈静你来吧，周四。"], "陈静", "测试报告", "周四"),
        (["测试报告要写一下，陈静有时间吗？", "有。", "好，周四。"], "陈静", "测试报告", "周四"),
        (["我去吧，李明上班走不开。", "好，那陈静你去取样品，尽量周三之前。"], "陈静", "取样品", "周三之前"),
        (["Who's going to update the price list?", "Tom, I think.", "Okay, by Friday then."], "Tom", "price list", "by Friday"),
        (["Who owns the price list now?", "Tom does.", "Cool, Friday then."], "Tom", "price list", "Friday"),
        (["The price list needs someone. Tom, you free?", "Yeah.", "Great, by Friday please."], "Tom", "price list", "by Friday"),
        (["And the test report? Dave, yours. Friday."], "Dave", "test report", "Friday"),
        (["We'll need the training deck by Friday. Megan, that's you."], "Megan", "training deck", "by Friday"),
    ],
)
def test_who_takes_it(utterances, owner, words, due):
    _has_task(utterances, owner, words, due)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["王芳，项目周报的进度怎么样？", "还在弄。", "那周五之前给我。"], "王芳", "项目周报", "周五之前"),
        (["王芳你那边测试报告写得怎么样了？", "还差一点。", "那周四写完。"], "王芳", "测试报告", "周四"),
        (["王芳，项目周报。到哪一步了？", "快了。", "那周五之前给我。"], "王芳", "项目周报", "周五之前"),
        (["Tom, how is the price list coming along?", "Almost there.", "Okay, get it to me by Friday."],
         "Tom", "price list", "by Friday"),
        (["Tom, the price list. Where are we?", "Nearly done.", "Okay, wrap it up by Friday."], "Tom", "price list", "by Friday"),
    ],
)
def test_progress_asked_then_dated(utterances, owner, words, due):
    _has_task(utterances, owner, words, due)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["周五之前，王芳得把会议纪要整理出来。"], "王芳", "会议纪要", "周五之前"),
        (["最晚月底，王芳把报价单更新一下。"], "王芳", "报价单", "月底"),
        (["王芳得在周五之前把会议纪要整理出来。"], "王芳", "会议纪要", "周五之前"),
        (["周四陈静去写测试报告。"], "陈静", "测试报告", "周四"),
        (["陈静，测试报告那个事你二十号给我个答复。"], "陈静", "测试报告", "二十号"),
        (["陈静，周四能把客户名单整理出来吗？"], "陈静", "客户名单", "周四"),
        (["麻烦陈静周四写一下测试报告。"], "陈静", "测试报告", "周四"),
        (["Tom, you've got the price list. Friday is the deadline."], "Tom", "price list", "Friday"),
        (["I'm assigning the price list to Tom, due Friday."], "Tom", "price list", "Friday"),
        (["Can we get the price list from Tom by Friday?"], "Tom", "price list", "by Friday"),
        (["Let's put Megan on the vendor contract."], "Megan", "vendor contract", None),
        (["The vendor contract is with Megan."], "Megan", "vendor contract", None),
        (["Tom, I'm going to need you to book the meeting room by Monday."], "Tom", "meeting room", "by Monday"),
        (["Tom, the price list, Friday, yeah?"], "Tom", "price list", "Friday"),
        (["Ok so Tom, you'll update the price list, right? By Friday."], "Tom", "price list", "By Friday"),
        (["Tom, you're the price list person. Friday."], "Tom", "price list", "Friday"),
        (["So the price list falls to Tom. Friday."], "Tom", "price list", "Friday"),
        (["Put the price list on Tom's list, Friday."], "Tom", "price list", "Friday"),
        (["Let's say Tom owns the price list, due Friday."], "Tom", "price list", "Friday"),
        (["How about Tom takes the price list?", "Sure, I can do Friday."], "Tom", "price list", "Friday"),
        (["Tom, can you update the price list? Say Friday?"], "Tom", "price list", "Friday"),
        (["Tom mate, update the price list by Friday."], "Tom", "price list", "by Friday"),
        (["Megan love, could you book the meeting room?"], "Megan", "meeting room", None),
    ],
)
def test_dates_and_english_handovers(utterances, owner, words, due):
    _has_task(utterances, owner, words, due)


@pytest.mark.parametrize(
    ("utterances", "unwanted"),
    [
        (["陈静有时间吗？", "有。"], ""),  # free for nothing named: no task at all
        (["Tom, you free?", "Yeah."], ""),
        (["The meeting goes to Friday."], ""),  # a day moved to, no one given work
        (["就定周五了。"], ""),  # a day settled, not a person
        (["测试报告要写一下，陈静，你周四能写完吗？", "不行，我这周没空。"], "测试报告"),  # turned down
        (["李明你讲一节吧，去年讲过的那套课件稍微改改就行。", "行，我来改。"], "稍微改改"),  # a remark titles no work
    ],
)
def test_no_task(utterances, unwanted):
    found = _found(utterances)
    assert not [f for f in found if unwanted in f[1]], found


@pytest.mark.parametrize(
    ("text", "day"),
    [("二十号交", "二十号"), ("15号给我", "15号"), ("3号楼电梯坏了", None), ("五号线停运", None), ("2号机要保养", None)],
)
def test_bare_day_of_month(text, day):
    hits = lx.dates(text)
    assert (hits[0].text if hits else None) == day


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("那我们最后确定下个月开始弹性上班。", "弹性上班"),
        ("大家没意见的话，就用阿里云。", "阿里云"),
        ("我们统一一下，以后周会改到周二下午。", "周二下午"),
        ("先上线安卓版这个方案通过了。", "安卓版"),
        ("最终方案：预算砍到五十万。", "五十万"),
        ("Approved: the blue logo.", "blue logo"),
        ("Okay, locking in the move to the new office.", "new office"),
    ],
)
def test_decided_said_another_way(said, word):
    from tests.rules.rules_harness import decisions_in

    assert any(word in d for d in decisions_in([said])), decisions_in([said])


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("年会的场地我们再研究研究。", "年会"),
        ("新人的培训方式是个问题，大家想想。", "培训"),
        ("服务器迁移的时间到底谁说了算？", "迁移"),
        ("No answer yet on who approves the budget.", "budget"),
        ("Parking the venue for the offsite for now.", "offsite"),
    ],
)
def test_left_open_said_another_way(said, word):
    from tests.rules.rules_harness import questions_in

    assert any(word in q for q in questions_in([said])), questions_in([said])


@pytest.mark.parametrize("said", ["测试通过了。", "Approved leave is on the shared calendar."])
def test_not_decided(said):
    from tests.rules.rules_harness import decisions_in

    assert decisions_in([said]) == []
