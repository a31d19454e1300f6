"""Table tests of the frames stage: one sentence in, its readings (typed frames with slots) out."""

from __future__ import annotations

import pytest

from supervisor.rules.frames import read
from supervisor.rules.text import segment

ZH = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨"]
EN = ["Alice", "Bob", "Carol", "Dave"]


def sentence(text: str):
    return segment([(1, text)], lambda t: False, lambda t: False)[0]


def slots(f):
    """The slots a frame of its kind fills, as plain values."""
    return {
        "task": lambda: (f.kind, f.owner, f.work, f.due),
        "share_due": lambda: (f.kind, f.due, f.share),
        "unowned": lambda: (f.kind, f.work, f.due),
        "decision": lambda: (f.kind, f.work, f.cue),
        "correct": lambda: (f.kind, f.owner, f.old_owners, f.due),
        "conflict": lambda: (f.kind, f.work, f.candidates),
        "note": lambda: (f.kind, f.work),
        "deadline": lambda: (f.kind, f.candidates),
    }.get(f.kind, lambda: (f.kind,))()


@pytest.mark.parametrize(
    ("text", "people", "readings"),
    [
        # a date right before the verb of the work's own clause is when it is done
        ("脚手架今天上午全面检查一遍，由李四负责。", ZH, [[("task", "李四", "脚手架", "今天上午")]]),
        ("接口文档交给李四吧，周四之前弄完。", ZH, [[("task", "李四", "接口文档", None), ("share_due", "周四之前", False)]]),
        (
            "张三负责前端，李四负责后端，周五之前都要完成。",
            ZH,
            [[("task", "张三", "前端", None), ("task", "李四", "后端", None), ("share_due", "周五之前", True)]],
        ),
        ("Bob, can you fix the flaky tests by tomorrow?", EN, [[("task", "Bob", "fix the flaky tests", "by tomorrow")]]),
        ("测试环境需要有人确认。", ZH, [[("unowned", "确认测试环境", None)]]),
        ("我们决定用方案A。", ZH, [[("decision", "用方案A", "")]]),
        ("That's decided.", EN, [[("decision", "That's decided", "confirm")]]),
        (
            "按国家标准来，就这么定，张三把规范文档改一下。",
            ZH,
            [[("decision", "按国家标准来，就这么定", ""), ("task", "张三", "规范文档", None)]],
        ),
        # a correction may find nothing to correct: the work and its correction in one breath,
        # then the plain assignment, are the next readings
        (
            "这个需求给张三，不对，给李四。",
            ZH,
            [
                [("correct", "李四", ("张三",), None)],
                [("task", "张三", "需求", None), ("correct", "李四", (), None)],
                [("task", "张三", "需求", None)],
            ],
        ),
        ("Actually, give it to Carol.", EN, [[("correct", "Carol", (), None)]]),
        ("夜间模式先不做了。", ZH, [[("cancel",)]]),
        ("可以考虑加一个缓存，只是初步想法。", ZH, [[("note", "可以考虑加一个缓存")]]),
        ("这个还没定。", ZH, [[("undecided",)]]),
        ("记录写的是周三，但是王五说周五。", ZH, [[("conflict", "完成时间是周三还是周五？", ("周三", "周五"))]]),
        ("Let's leave it open.", EN, [[("open",)]]),
        # answers that leave the matter open without the lexicon's markers
        ("开放时间现在还不好说，版权问题还没理清。", ZH, [[("open",)]]),
        ("到底用哪个方案，等报告回来再判断。", ZH, [[("open",)]]),
        ("I'm waiting on the plan, so that stays open.", EN, [[("open",)]]),
        ("下周三之前提测。", ZH, [[("deadline", ("下周三之前",))]]),
        ("No, due Wednesday, not Friday.", EN, [[("deadline", ("Wednesday",))]]),  # a negated date is none
        ("好的。", ZH, []),  # chatter
        ("Is it due Friday?", EN, []),  # a question that asks nobody for work
        ("End of next week for a first draft?", EN, [[("deadline", ("End of next week",))]]),  # a date proposed
    ],
)
def test_read_gives_the_readings_of_a_sentence(text, people, readings) -> None:
    assert [[slots(f) for f in r] for r in read(sentence(text), people)] == readings


# The generic task frame: a participant as the agent, an action verb, the work from its shape.
GP = ["王秀英", "刘洋", "吕婧", "宋宇", "王五", "李四", "张三", "贺平", "Jamal", "Siobhan", "Priya", "Tom", "Dave", "Maria"]


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        ("那先回滚超时配置，宋宇今晚就做。", [[("task", "宋宇", "回滚超时配置", "今晚")]]),  # work said before
        ("王五明天去仓库领保温棉。", [[("task", "王五", "领保温棉", "明天")]]),  # verb + object
        ("李四把接口文档更新一下。", [[("task", "李四", "接口文档", None)]]),  # 把: the object before the verb
        ("吕婧，你那篇论文初稿月底交给我。", [[("task", "吕婧", "论文初稿", "月底")]]),  # addressed, object first
        # two agents: the same work for each (state never merges them)
        ("那公开课就是王秀英和刘洋各上一节。", [[("task", "王秀英", "公开课", None), ("task", "刘洋", "公开课", None)]]),
        ("Priya and Tom will review the deck by Friday.",
         [[("task", "Priya", "review the deck", "by Friday"), ("task", "Tom", "review the deck", "by Friday")]]),
        # any imperative by its shape after a name (with a conjunction before it)
        ("Jamal, please book the visit, and Siobhan, restock the surgical packs before Friday.",
         [[("task", "Jamal", "book the visit", None), ("task", "Siobhan", "restock the surgical packs", "before Friday")]]),
        # a request asked as a question of a named person
        ("刘洋你能不能把接口文档更新一下？", [[("task", "刘洋", "接口文档", None)]]),
        ("刘洋，你能不能周五之前把接口文档更新一下？", [[("task", "刘洋", "接口文档", "周五之前")]]),
        ("Can Tom book the room for Thursday?", [[("task", "Tom", "book the room", "Thursday")]]),
        ("Can Tom make it on Thursday?", []),  # coming is no work
        ("Dave, you take the slides for Monday.", [[("task", "Dave", "slides", "Monday")]]),  # "you" + imperative
        ("Dave, you know the drill.", []),
        ("Maria's going to draft the memo by Friday.", [[("task", "Maria", "draft the memo", "by Friday")]]),
        ("Maria's gonna love this.", []),
        ("要不要把接口文档更新一下？", []),  # nobody asked: a suggestion
        ("贺平没有架子工证。", []),  # negated: no work
        ("张三觉得可以。", []),  # a verb of thinking
        ("如果李四有空更新文档就好了。", []),  # hypothetical
        ("王秀英你上一节吧。", []),  # a measure word is no work, and none was named before
        ("张三昨天已经改了接口文档。", []),  # past
    ],
)
def test_generic_task_frame(text, readings) -> None:
    assert [[slots(f) for f in r] for r in read(sentence(text), GP)] == readings


def test_split_frames_are_marked() -> None:
    (reading,) = read(sentence("王五和李四负责压测。"), GP)
    assert [(f.owner, f.work, f.cue) for f in reading] == [("王五", "压测", "split"), ("李四", "压测", "split")]
