"""Table tests of Chinese task frames that generalise (s6zh): a remark on someone's work is no
request, a dated order after a remark to the one named is theirs, a title that is only a modifier
or a part takes the whole said before, the modal and the time of a request are no part of its
title, and a request on a verb the lexicon does not list. Sentences are written for these tests,
in other domains and with other names than any corpus meeting."""

from __future__ import annotations

import pytest

from supervisor.rules import refer
from supervisor.rules.analyzer import analyze
from supervisor.rules.generic import remark

ZH = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨", "欧阳雪", "孙丽"]


def tasks(*lines: str) -> list[tuple]:
    props = analyze(list(enumerate(lines, 1)), ZH, "zh", meeting_date="2026-05-04")
    return [(p.payload["owner"], p.payload["title"], p.payload["due_date_raw"])
            for p in props if getattr(p, "kind", "") == "task"]


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("你上个月的报表做得挺好", True),
        ("你最近状态不错", True),
        ("刘洋的发言稿写得太长了", True),
        ("你这边的回款有点慢", True),
        ("你把会议室收拾得干净一点", False),  # the amount wanted: an order
        ("张三你把报告写好", False),
        ("李四你尽快改好", False),
    ],
)
def test_a_remark_judges_work_it_asks_for_nothing(clause, expected):
    assert remark(clause) is expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("陈晨，你上个月的报表做得挺好。",), []),
        (("张三，你最近状态不错。",), []),
        # A request after the remark still is one: in its own clause …
        (("张三，你这个方案写得挺好，下周二之前把预算也补上。",), [("张三", "预算", "下周二之前")]),
        # … or a dated order with no agent of its own, asked of the one named.
        (("刘洋，你发球的成功率不太好，这周加练发球。",), [("刘洋", "加练发球", "这周")]),
        (("孙丽，你的库存盘点有点慢，明天复核库存。",), [("孙丽", "复核库存", "明天")]),
    ],
)
def test_a_remark_is_no_task_a_request_after_it_is(lines, expected):
    assert tasks(*lines) == expected


def test_a_dated_clause_after_a_task_of_the_one_named_is_its_date_not_a_second_task():
    assert tasks("赵六，官网的改版你负责一下，周一前出设计稿。") == [("赵六", "官网的改版", "周一前")]


@pytest.mark.parametrize(
    ("title", "expected"),
    [("男方的", True), ("前排的", True), ("剩下的", True), ("后半部分", True),
     ("宾客名单", False), ("男方宾客名单", False)],
)
def test_a_modifier_or_a_part_names_no_work(title, expected):
    assert refer.no_work(title) is expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("座位表分两块，前排的张三负责，后排的李四负责。",), [("张三", "座位表", None), ("李四", "座位表", None)]),
        (("体检报告分两批，第一批的王五负责，第二批的赵六负责，周五之前都交上来。",),
         [("王五", "体检报告", "周五之前"), ("赵六", "体检报告", "周五之前")]),
    ],
)
def test_a_title_that_is_only_a_modifier_takes_the_whole_said_before(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("宣传海报的张三负责，周五之前发群里。",), [("张三", "宣传海报", "周五之前")]),
        (("年终晚会节目单的李四负责。",), [("李四", "年终晚会节目单", None)]),
        (("男方的张三负责。",), []),  # a side of a whole nobody named: no work to title
        (("第二批的李四负责。",), []),
    ],
)
def test_a_modifier_with_no_whole_before_it_is_the_work_when_it_names_a_thing(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # The modal that asks is no part of the topic …
        (("欧阳，招聘海报能不能你来设计？",), [("欧阳雪", "招聘海报", None)]),
        # … and neither is when it is done by an event.
        (("张三，展板能不能赶在开幕前装好？",), [("张三", "展板", "开幕前")]),
        (("李四，那个投影仪你在周会之前调好。",), [("李四", "投影仪", None)]),
    ],
)
def test_the_modal_and_the_time_of_a_request_are_no_part_of_its_title(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # A message to take to someone outside the room is work; the date after it is its time.
        (("刘洋你去跟物业说，明天上午就联系。",), [("刘洋", "跟物业说", "明天上午")]),
        (("陈晨，你去和供应商讲一下，今晚就打电话。",), [("陈晨", "和供应商讲", "今晚")]),
        # Talk asked for in the meeting itself is still none.
        (("张三，你先说说上周的进展。",), []),
    ],
)
def test_a_message_to_take_to_someone_is_work(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # A name proposed with 你 and the verb asked, rising or not, answers "谁V？" …
        (("会议纪要谁写？李四你写吧。",), [("李四", "会议纪要", None)]),
        (("横幅谁去取？王五你去？",), [("王五", "横幅", None)]),
        # … and the date in the reply after it is that task's.
        (("会议纪要谁写？李四你写吧。", "好，明天上午发出来。"), [("李四", "会议纪要", "明天上午")]),
    ],
)
def test_a_name_with_you_answers_who(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # A reply "<date>就<verb>" dates the work just asked for …
        (("张三，你把样品寄给客户。", "好的，明天就去。"), [("张三", "样品", "明天")]),
        (("赵六，你把合同交给法务。", "行，我今天下午就交。"), [("赵六", "合同", "今天下午")]),
        # … but never moves a date already said: it is when the one asked starts.
        (("张三，你把样品寄给客户，周五之前。", "好的，明天就去。"), [("张三", "样品", "周五之前")]),
    ],
)
def test_a_date_in_the_reply_belongs_to_the_task_just_asked(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # What is asked about is the work of a verb of asking or checking …
        (("陈晨你去问问，看有没有场地能借。",), [("陈晨", "问问有没有场地能借", None)]),
        (("刘洋你去查查，看哪家快递能上门取件。",), [("刘洋", "查查哪家快递能上门取件", None)]),
        # … and the person asked to do something is not its title's modal ("Y就让X…").
        (("展位的布置就让王五帮着弄。",), [("王五", "展位的布置", None)]),
    ],
)
def test_what_is_asked_is_the_work(lines, expected):
    assert tasks(*lines) == expected
