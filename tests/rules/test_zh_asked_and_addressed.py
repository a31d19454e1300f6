"""Table tests of Chinese work asked for in conversation (s5zh): one test of a title that names no
work, requests asked as questions, talk asked for in the meeting itself, an agent that goes on
into the next clause, 你 said to the person called before a reply, and the owner's own date.
Sentences are written in other words and domains than any corpus meeting."""

from __future__ import annotations

import pytest

from supervisor.rules import refer
from supervisor.rules.analyzer import analyze
from supervisor.rules.frames import read
from supervisor.rules.text import segment

ZH = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨", "欧阳雪"]


def said(text: str) -> list[tuple]:
    sent = segment([(1, text)], lambda t: False, lambda t: False)[0]
    readings = read(sent, ZH)
    return [(f.owner, f.work, f.due) for f in (readings[-1] if readings else ()) if f.kind == "task"]


def tasks(*lines: str) -> list[tuple]:
    props = analyze(list(enumerate(lines, 1)), ZH, "zh", meeting_date="2026-05-04")
    return [(p.payload["owner"], p.payload["title"], p.payload["due_date_raw"])
            for p in props if getattr(p, "kind", "") == "task"]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        # Pointers, time adverbs, light verbs with a measure (the regex part) …
        ("这事儿", True), ("回头", True), ("出一个方案", True), ("实验部分你", True),
        # … and only pronouns, particles, numbers, generic verbs by their tags (the jieba part).
        ("我来", True), ("进下来", True), ("挂着", True), ("", True),
        ("排班方案", False), ("出图", False), ("校对", False), ("PPT", False), ("book the room", False),
        ("前端", False),  # jieba tags it a locative: a work title all the same
    ],
)
def test_one_test_of_a_title_that_names_no_work(title, expected):
    assert refer.no_work(title) is expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # The antecedent said before in the sentence, then in the sentences before …
        (("年检的资料，回头王五把它弄好。",), [("王五", "年检的资料", None)]),
        (("打印机的硒鼓又没了。", "这个事儿赵六你盯一下。"), [("赵六", "打印机的硒鼓", None)]),
        # … and with none, no task (a reply that says only who, a light verb alone).
        (("我来吧，刘洋说他来。",), []),
        (("陈晨，你约一下。",), []),
    ],
)
def test_a_title_that_names_no_work_takes_its_antecedent_or_is_dropped(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A bare rising question asking a named person to take the work on is a request …
        ("然后报销系统的上线，王五你牵头？", [("王五", "报销系统的上线", None)]),
        ("年会的节目单，刘洋你来负责？", [("刘洋", "年会的节目单", None)]),
        # … so is asking when it can be done, of someone called (or their side) before …
        ("陈晨那边，宣传视频什么时候能出来？", [("陈晨", "宣传视频", None)]),
        ("赵六，体检报告哪天能交？", [("赵六", "体检报告", None)]),
        # … and an assignment stated before a question that asks for it.
        ("招聘海报是李四的活儿，李四，你周三给一版？", [("李四", "招聘海报", None)]),
        # Asking how it stands, whether it was done, or only suggesting, asks for no work.
        ("李四，论文初稿怎么样了？", []),
        ("王五，合同你签了没？", []),
        ("张三你觉得呢？", []),
        ("要不刘洋你来写？", []),
        # A bare question with any other verb may only ask to confirm a fact.
        ("发票的事，张三你核对过？", []),
        ("样品的颜色，王五你确认？", []),
    ],
)
def test_requests_asked_as_questions(text, expected):
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Asked to talk in the meeting itself: nothing to do after it.
        ("张三，你先讲讲你那个压测。", []),
        ("李四，你给大家介绍一下新的报销流程。", []),
        ("王五你跟大家说说这个月的预算。", []),
        # With a date it is a talk to prepare.
        ("赵六，你下周一讲一下新的报销流程。", [("赵六", "讲新的报销流程", "下周一")]),
    ],
)
def test_talk_asked_for_in_the_meeting_is_no_task(text, expected):
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A request with no work of its own, then a 把 order after its time: the same agent.
        ("王五你跟物业对接一下，周五前把消防检查做了。", [("王五", "消防检查", "周五前")]),
        ("陈晨你跟房东对接一下，下周三前把合同签了。", [("陈晨", "合同", "下周三前")]),
        # After a task of its own the dated clause is that task's date, not new work.
        ("李四负责写迁移脚本，明天之前把数据补回去。", [("李四", "写迁移脚本", "明天之前")]),
    ],
)
def test_the_agent_goes_on_into_a_dated_order(text, expected):
    assert tasks(text) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # 你 after the person called and their reply is that person.
        (("张三，你先讲讲那个压测。", "就是峰值的时候延迟翻倍了。", "那你把压测报告整理一下，周五前发我。"),
         [("张三", "压测报告", "周五前")]),
        (("刘洋，展台的事你说一下。", "搭建商还没定。", "好，你这周把搭建商的报价要回来。"),
         [("刘洋", "搭建商的报价要回来", "这周")]),
        # Two people called: 你 is nobody known.
        (("张三、李四，你们说说进度。", "还差一点。", "那你把压测报告整理一下。"), []),
    ],
)
def test_you_is_the_person_called_before_the_reply(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # The owner answers "when can it be done?" with a date of their own.
        (("刘洋那边，展板什么时候能出来？", "展板我周三可以出。"), [("刘洋", "展板", "周三")]),
        # A date pushed back on ("有点晚") is countered, and the counter-offer moves it.
        (("刘洋那边，展板什么时候能出来？", "展板我周三可以出。", "周三有点晚，能不能提前到周一？", "行，周一吧。"),
         [("刘洋", "展板", "周一")]),
    ],
)
def test_the_owner_answers_with_a_date(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What someone else said, asked back to confirm, asks for no work.
        ("陈晨那边，客户的意思是合同要重签一版？", []),
        ("刘洋，听说样机要返厂？", []),
    ],
)
def test_reported_speech_asked_back_is_no_request(text, expected):
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A compound surname alone calls the one participant who has it.
        ("还有门店的排班，欧阳，你排一下。", [("欧阳雪", "门店的排班")]),
        # An object that is a question names no work: the topic said before, done by the verb.
        ("还有志愿者排班，欧阳，你那边统计一下谁能来。", [("欧阳雪", "志愿者排班统计")]),
        ("年会场地，赵六你问一下哪天有空。", [("赵六", "年会场地问")]),
        ("团建的预算，陈晨你算一下要多少钱。", [("陈晨", "团建的预算算")]),
        # Two names of the work in a row before one hand-over: the title keeps both.
        ("然后data room，尽调要用的材料，交给王五。", [("王五", "data room，尽调要用的材料")]),
        ("另外年会的场地，两百人左右的，交给刘洋。", [("刘洋", "年会的场地，两百人左右的")]),
        # A clause with a verb before the noun phrase is no second name of it.
        ("那合同得更新，加上新的条款，交给刘洋。", [("刘洋", "加上新的条款")]),
    ],
)
def test_what_the_work_is_called(text, expected):
    assert [(o, w) for o, w, _ in said(text)] == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # A request that names only its verb takes the noun phrase said right before that verb.
        (("那海报改吧。", "刘洋你改，周五之前。"), [("刘洋", "海报", "周五之前")]),
        (("投影仪修一下吧。", "王五你修，周五之前。"), [("王五", "投影仪", "周五之前")]),
    ],
)
def test_a_bare_verb_takes_the_object_said_before_it(lines, expected):
    assert tasks(*lines) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A role title after the surname calls the one participant with that surname.
        ("欧阳护士长，你今天联系厂家修空调。", [("欧阳雪", "联系厂家修空调")]),
        ("陈店长，你周五前把报价单整理一下。", [("陈晨", "报价单")]),
    ],
)
def test_a_role_title_calls_the_participant(text, expected):
    assert [(o, w) for o, w, _ in said(text)] == expected
