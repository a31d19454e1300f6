"""Table tests of Chinese work named by a pointer, owners said after the work, people who are a
source or recipient, co-owners and hand-overs that name the work by its head noun (s4zh).
Sentences are written in other words than any corpus meeting, to check the mechanisms are general."""

from __future__ import annotations

import pytest

from supervisor.rules import refer
from supervisor.rules.analyzer import analyze
from supervisor.rules.state import same_work

ZH = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨", "Amy", "Linda"]


def tasks(*lines: str) -> list[tuple]:
    props = analyze(list(enumerate(lines, 1)), ZH, "zh", meeting_date="2026-05-04")
    return [(p.payload["owner"], p.payload["title"]) for p in props if getattr(p, "kind", "") == "task"]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # A pointer stands for the work said in the sentence before: the title is that, never 这事儿.
        (("服务器机房的空调又坏了。", "这事儿李四你跟一下。"), [("李四", "服务器机房的空调")]),
        (("还有，用户手册一直没人写。", "这个得有人写。"), [(None, "用户手册")]),
        # A light verb or a generic noun is no title: the topic said before in the sentence is.
        (("发布会的场地和物料，张三你那边出一个方案，周三前给我。",), [("张三", "发布会的场地和物料")]),
        (("年会抽奖得找供应商，刘洋，你约一下。",), [("刘洋", "年会抽奖")]),
        (("另外仓库的盘点表，回头赵六把它发我。",), [("赵六", "仓库的盘点表")]),
        # Nothing said before to stand for: no task rather than an invented title.
        (("这事儿李四你跟一下。",), []),
        # An obligation said right after a name alone is asked of that person.
        (("李四，会议纪要明天下班前得发给全体。",), [("李四", "会议纪要发给全体")]),
        (("张三，我们得抓紧。",), []),
        (("刘洋，明天得下雨。",), []),
        # A Latin participant name inside Chinese text (no \b between CJK and Latin letters).
        (("好，那音效外包由Amy跟进。",), [("Amy", "音效外包")]),
        (("回头Linda把总部的回复邮件转我一份。",), [("Linda", "总部的回复邮件")]),
        (("Amyas说了。",), []),
        # The owner after the work.
        (("宣传片的话刘洋来。",), [("刘洋", "宣传片")]),
        (("数据迁移是王五的活儿。",), [("王五", "数据迁移")]),
        (("陈晨负责客户回访那块。",), [("陈晨", "客户回访")]),
        # A source or a recipient is no owner.
        (("你问李四要个账号。",), []),
        (("预算那部分我得找陈晨要。",), []),
        (("这份合同你跟张三说一下。",), []),
        (("季度报表做完以后，回头给王五报了。",), []),
        (("周报赵六来写，写完抄送李四。",), [("赵六", "周报")]),
        # Co-owners: one task each, titled by the object; who does which part of it is no new task.
        (("年终特稿由张三和李四一起写。",), [("张三", "年终特稿"), ("李四", "年终特稿")]),
        (("招商手册由王五和赵六合作写，王五跑客户，赵六做排版。",), [("王五", "招商手册"), ("赵六", "招商手册")]),
        # A hand-over that names the work by its head noun acts on the live task.
        (("宣传片交给张三。", "那宣传片王五来。"), [("王五", "宣传片")]),
        (("年终总结报告让李四写。", "算了，还是报告王五来写吧。"), [("王五", "年终总结报告")]),
        (("烤乳猪让张三弄。", "那乳猪赵六你亲自来。"), [("赵六", "烤乳猪")]),
    ],
)
def test_zh_pointers_and_owners(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("title", "expected"),
    [("这事儿", True), ("那件事", True), ("回头", True), ("约", True), ("出一个方案", True), ("实验部分你", True),
     ("你问", True), ("排班方案", False), ("出一个高峰期的排班方案", False), ("我们组的意见", False)],
)
def test_not_title(title, expected):
    assert refer.no_work(title) is expected


def test_condition_is_no_part_of_the_title():
    assert refer.without_condition("补丁出来以后review") == "review"
    assert refer.without_condition("数据校验脚本") == "数据校验脚本"


def test_head_noun_is_the_same_work_only_as_a_suffix():
    assert same_work("烤乳猪", "乳猪") and same_work("报告", "年终总结报告")
    assert not same_work("借展协议", "电路检查")  # same length, different work
    assert not same_work("乳猪", "乳猪馆装修")
