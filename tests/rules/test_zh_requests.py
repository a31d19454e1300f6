"""Table tests of Chinese requests the specific patterns miss (r2zh): the person addressed by name
before a clause that asks 你, an order with a clause-final 了, and the same agent going on."""

from __future__ import annotations

import pytest

from supervisor.rules.frames import read
from supervisor.rules.text import segment

ZH = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨"]


def tasks(text: str) -> list[tuple]:
    sent = segment([(1, text)], lambda t: False, lambda t: False)[0]
    readings = read(sent, ZH)
    return [(f.owner, f.work, f.due) for f in (readings[-1] if readings else ()) if f.kind == "task"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A topic before 你, after a name alone: the topic is the work of the one named.
        ("李四，测试报告你来出。", [("李四", "测试报告", None)]),
        ("王五，服务器的配置你下周一之前全部改完。", [("王五", "服务器的配置", "下周一之前")]),
        # A clause about the work between the name and the request: the request is still to them.
        ("赵六，那台打印机一直卡纸，你周五之前送去修好。", [("赵六", "打印机一直卡纸", "周五之前")]),
        # 把…了 said to 你 is an order ("get it booked"), not a report.
        ("张三，你明天去前台把会议室订了。", [("张三", "会议室", "明天")]),
        # …and a report of the same shape without 你 stays no task.
        ("张三把会议室订了。", []),
        # 你 is nobody named: no owner to give the work to.
        ("测试报告你来出。", []),
    ],
)
def test_zh_addressed_requests(text, expected):
    assert tasks(text) == expected


def kinds(text: str) -> list[list[tuple]]:
    sent = segment([(1, text)], lambda t: False, lambda t: False)[0]
    return [[(f.kind, f.owner, f.work) for f in r] for r in read(sent, ZH)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A decision cue negated decides nothing: the matter is left open.
        ("这个还在吵，老板也没拍板。", [[("open", None, "")]]),
        ("大家没决定用哪家。", [[("open", None, "")]]),
        # Waiting for news, or asking someone else, leaves the question open.
        ("这个我也在等人事的消息。", [[("open", None, "")]]),
        ("可能要吧，我看看老板怎么说。", [[("open", None, "")]]),
        # A cue inside a request to a named person is the work, not a decision.
        ("张三，你去前台把会议室定了。", [[("task", "张三", "会议室")]]),
        # A closing 定了 confirms the whole statement before it.
        ("另外年会的预算，今年不加，我跟财务说好了，定了。",
         [[("decision", None, "另外年会的预算，今年不加，我跟财务说好了，定了")]]),
        ("方案就这么定了。", [[("decision", None, "方案就这么定了")]]),
    ],
)
def test_zh_decided_or_left_open(text, expected):
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "people", "expected"),
    [
        # A Latin name addressed before a Chinese request; a lone 负责(一下) is the verb.
        ("Dave，登录模块你负责一下。", ["Dave"], [("Dave", "登录模块", None)]),
        ("李四，测试报告你负责。", ZH, [("李四", "测试报告", None)]),
        # After a 把 object the word before the complement is the verb, whatever its tag, and the
        # same agent goes on with 顺便/再 把….
        ("张三，你把防汛物资清点一下，顺便把值班名单更新了。", ZH,
         [("张三", "防汛物资", None), ("张三", "值班名单", None)]),
        # A clause about people is no work for the hand-over after it.
        ("那就你们俩一起，李四牵头。", ZH, []),
    ],
)
def test_zh_more_requests(text, people, expected):
    sent = segment([(1, text)], lambda t: False, lambda t: False)[0]
    readings = read(sent, people)
    got = [(f.owner, f.work, f.due) for f in (readings[-1] if readings else ()) if f.kind == "task"]
    assert got == expected
