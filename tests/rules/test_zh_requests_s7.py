"""Table tests of Chinese requests the third writer phrased in ways the rules missed (s7zh): an order
with no agent right after the name that calls someone, a clock time with no day, work named by a
verb–object word jieba tags a noun, "V一下X的事", manner adverbs before the verb, and a date that
modifies the work ("下周的组会")."""

from __future__ import annotations

from datetime import date

import pytest

from intents.dates import resolve
from supervisor.rules import lexicon as lx
from supervisor.rules.frames import read
from supervisor.rules.text import segment

ZH = ("张三", "李四", "王五", "刘晓燕", "周建华", "蒋文", "钟晓彤", "李桂兰", "陈思远")


def tasks(text: str, people: tuple[str, ...] = ZH) -> list[tuple]:
    sent = segment([(1, text)], lambda t: False, lambda t: False)[0]
    readings = read(sent, people)
    # A deadline clause after the request is a share_due frame of the same reading: the task's date.
    shared = next((f.due for f in (readings[0] if readings else ()) if f.kind == "share_due"), None)
    return [(f.owner, f.work, f.due or shared) for f in (readings[0] if readings else ()) if f.kind == "task"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Called by a nickname, then the thing, its deadline and the verb, with no 你.
        ("老周，三号叉车今天下班前报修。", [("周建华", "三号叉车", "今天下班前")]),
        ("张三，两台投影仪周五之前送修。", [("张三", "两台投影仪", "周五之前")]),
        # The thing in a clause of its own between the name and the order.
        ("小刘，差的那四十单，上午十点前补发。", [("刘晓燕", "差的那四十单", "上午十点前")]),
        ("王五，三楼那批病历，明天之前归档。", [("王五", "三楼那批病历", "明天之前")]),
        # An order that opens with whom it is for (给/帮…): the whole clause is the work.
        ("小蒋，给张女士加个号。", [("蒋文", "给张女士加个号", None)]),
        ("李四，帮新来的同事开个邮箱账号。", [("李四", "帮新来的同事开个邮箱账号", None)]),
    ],
)
def test_order_after_the_name(text, expected):
    assert tasks(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "老周，三号叉车坏了。",  # a report, no order
        "张三，系统卡了两个小时。",  # past
        "李四，客户明天来。",  # coming and going is no work, and no deadline cue
        "王五，项目进度正常推进。",  # no deadline, no 把/给: a statement
        "张三，报告明天之前能交吗？",  # a question is left to the question patterns
    ],
)
def test_statements_after_a_name_are_no_order(text):
    assert [t for t in tasks(text) if t[0] and t[1] and "报告" not in t[1]] == []


@pytest.mark.parametrize(
    ("raw", "iso"),
    [("上午十点前", "2026-03-10"), ("十点前", "2026-03-10"), ("中午十二点半", "2026-03-10"),
     ("下午三点之前", "2026-03-10")],
)
def test_a_clock_time_alone_is_today(raw, iso):
    assert [h.text for h in lx.dates(f"{raw}交")] == [raw]
    assert resolve(raw, date(2026, 3, 10)) == iso


@pytest.mark.parametrize("text", ["三点建议", "有一点难", "第三点"])
def test_a_number_with_dian_is_no_time(text):
    assert lx.dates(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A verb–object word jieba tags a noun, after 去/来: the word is the work.
        ("好，那晓彤你去选片，尽量下周二之前。", [("钟晓彤", "选片", "下周二之前")]),
        ("王五你去点货，今天下班前。", [("王五", "点货", "今天下班前")]),
        ("那李四你来记账吧，月底前交给我。", [("李四", "记账", "月底前")]),
        # "V一下X的事": 的事 heads a noun phrase, whatever jieba tags its words.
        ("李桂兰你通知一下分红的事。", [("李桂兰", "通知分红", None)]),
        ("张三你处理一下报销的事。", [("张三", "处理报销", None)]),
        ("王五你落实一下续约的事情。", [("王五", "落实续约", None)]),
        # A manner adverb before the verb is no verb of its own.
        ("桂兰你挨家通知一下分红的事，这个月底前都通知到。", [("李桂兰", "通知分红", "这个月底前")]),
        ("张三你亲自跑一趟税务局。", [("张三", "跑一趟税务局", None)]),
        ("李四你逐个核对一下库存。", [("李四", "核对库存", None)]),
        # A date before 的 says which one; the work is what follows ("下周的组会", jieba: 组会 a verb).
        ("还有，下周的组会陈思远你来讲吧。", [("陈思远", "组会", None)]),
        ("周五的培训张三你来主持。", [("张三", "培训", None)]),
        ("明天的发布会李四你来盯一下。", [("李四", "发布会", None)]),
    ],
)
def test_work_jieba_hides(text, expected):
    assert tasks(text) == expected


def test_xia_of_xiazhou_is_no_complement():
    # "主持下周的组会": 下 of 下周 is not the 下 of "V一下".
    assert tasks("陈思远你来主持下周的组会。") == [("陈思远", "主持组会", None)]


def _minutes(utterances: list[str], people: tuple[str, ...]) -> list[tuple]:
    from tests.rules.rules_harness import run_meeting

    led = run_meeting(utterances, list(people))
    return [(t["owner"], t["task"], t["due_date_raw"]) for t in led.minutes()["action_items"]]


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        # Asked when a thing can be delivered, right after someone took work on: the thing is theirs,
        # and the reply's date is its deadline.
        (["邱老师，项目设计能不能你来牵头？", "可以啊，我来吧。", "那什么时候能拿出方案？", "我想想……下周五吧。"],
         [("邱静", "项目设计", None), ("邱静", "方案", "下周五")]),
        (["张三，供应商那边你来对接。", "好的。", "报价单哪天能发过来？", "周三吧。"],
         [("张三", "供应商", None), ("张三", "报价单", "周三")]),
        (["李四，这次评审你来组织。", "行，我来。", "那初稿啥时候能给我？", "月底前。"],
         [("李四", "评审", None), ("李四", "初稿", "月底前")]),
        # Asking when it can start names no thing to deliver: the date is the work's own.
        (["李四，这次评审你来组织。", "行，我来。", "大概什么时候能开始？", "月底前。"],
         [("李四", "评审", "月底前")]),
    ],
)
def test_a_deliverable_asked_for_with_a_question(utterances, expected):
    assert _minutes(utterances, ("张三", "李四", "王五", "邱静", "郭丽")) == expected


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        # The one asked turns it down (away, too busy): the request is withdrawn.
        (["小夏，家长通知你来发。", "园长，我下周要去培训三天，可能来不及。"], []),
        (["李四，测试报告你来写。", "这周我出差，实在弄不了。"], []),
        (["王五，仓库的盘点你负责一下。", "这两天实在走不开。"], []),
        # …and given to someone else by name, it is theirs.
        (["李四，测试报告你来写。", "这周我出差，实在弄不了。", "那测试报告张三你写吧。"], [("张三", "测试报告", None)]),
        # Pushing back on the date only, or taking it on after all, keeps the work.
        (["李四，测试报告周五前你来写。", "周五来不及，下周一吧。"], [("李四", "测试报告", "下周一")]),
        (["李四，测试报告今天下班前你来写。", "有点紧……行，我盯着。"], [("李四", "测试报告", "今天下班前")]),
    ],
)
def test_work_turned_down_by_the_one_asked(utterances, expected):
    assert _minutes(utterances, ("张三", "李四", "王五", "夏雨", "郭丽")) == expected


@pytest.mark.parametrize("text", ["我下周要去培训三天。", "这两天实在走不开。", "月底前实在忙不过来。"])
def test_away_or_too_busy_is_no_deadline(text):
    assert lx.deadlines(text) == []


def test_a_date_turned_down_is_no_work_turned_down():
    # "周三来不及" pushes back on the date; the counter-offer in the next sentence moves it.
    assert _minutes(["李四，你把预算表周三之前交给我。", "周三来不及，财务那边还没给数。周五吧。"],
                    ("张三", "李四")) == [("李四", "预算表", "周五")]
