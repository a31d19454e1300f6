"""Families found by the session-50 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are who speaks in a long exchange and whom their
你 is for, work given by saying whose it is, the next step of an order said without its agent,
titles cut from a date or a pointer, replies that add work or only report, and questions and
decisions pointed at by a closing remark."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import decisions_in, has_task, questions_in, tasks_in

# ---- English --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the work named, then "that's you too", then the name in a clause of its own
        (["And the fire extinguisher check, that's you too, Dave, since you have the keys."],
         "Dave Olsen", ["fire extinguisher check"], None),
        (["The minibus booking, that's you again, Megan."], "Megan Cole", ["minibus booking"], None),
        # "it" is the thing a new matter opened with, two sentences back, past a remark on it
        (["Oh, one more thing — the kiln in room 4 is cracked again. Totally gone. Someone needs to get it sent "
          "off to the repair shop."], None, ["kiln"], None),
        # the one asked says one more thing they will do, "too": work of its own
        (["Megan, can you get the volunteer sign-up sheet out today?",
          "Yep, I'll email the sign-up sheet this afternoon, and I'll phone the scout leader too."],
         "Megan Cole", ["scout leader"], None),
    ],
)
def test_en_work(utts: list[str], owner: str | None, words: list[str], due: str | None) -> None:
    found = tasks_in(utts)
    assert has_task(found, owner, words, due), found


@pytest.mark.parametrize("answer", ["By the 20th.", "A week? Say by the 20th."])
def test_en_how_long_answered_with_a_day_dates_the_work(answer: str) -> None:
    found = tasks_in(["Dave?", "I need to redo the stock sheets for the bar.", "How long will that take you?", answer])
    assert any(o == "Dave Olsen" and "stock sheets" in t and d and "20th" in d for o, t, d in found), found


def test_en_one_more_thing_keeps_what_was_asked() -> None:
    found = tasks_in(["Megan, can you get the volunteer sign-up sheet out today?",
                      "Yep, I'll email the sign-up sheet this afternoon, and I'll phone the scout leader too."])
    assert has_task(found, "Megan Cole", ["sign-up sheet"], "today"), found
    assert len(found) == 2, found


def test_en_trouble_on_a_day_dates_no_work() -> None:
    # asked how a thing is going, the one asked says when the trouble is: no work, no date
    found = tasks_in(["Tom, how's the van rota looking?", "Not great. We've got two drivers short on Monday."])
    assert not any(d == "Monday" for _, _, d in found), found


def test_en_fair_question_then_no_answer_keeps_the_question() -> None:
    found = questions_in(["Is there a bonus scheme at some point?",
                          "It's a fair question. Honestly, we haven't figured out pay bands at all."])
    assert any("bonus scheme" in q for q in found), found


def test_en_decided_then_said_is_the_decision() -> None:
    found = decisions_in(["Okay, the trip. I've thought about it a lot and we've decided. We're taking the coach, not the train."])
    assert any(d.startswith("We're taking the coach") for d in found), found
    assert not any(d.startswith("I've thought") for d in found), found


def test_en_agreed_already_confirms_the_statement_before() -> None:
    found = decisions_in(["We'll open the hall at eight on match days. That's what we agreed with the council."])
    assert any(d.startswith("We'll open the hall at eight") for d in found), found


# ---- Chinese --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "我这边先把…" is a plan of the one called, who goes on after the other's remark
        (["陈静，仓库那批退货你看过了吗？", "看过了，有六箱包装破了。", "那得跟供应商说一下。",
          "我这边先把破损的照片整理出来，明天上午发给你。"], "陈静", ["照片"], "明天上午"),
        # given the floor ("李明先来"), they call the chair; the chair's 你 is for them
        (["好，人到齐了，一个一个说。李明先来，机房。", "周总，机房这边二号空调又漏水了，地上都是水。",
          "那得修，你联系一下厂家，明天之前修好。"], "李明", ["厂家"], "明天之前"),
        # a date and a pointer before the thing say which one; 提前 is how soon
        (["小李，你今天就把后天那场的物料提前备好。"], "李明", ["物料"], "今天"),
        # one more thing done along with it, brought back (收回来)
        (["李明，你下午把会议室的椅子搬出去，顺便把旧展架收回来。"], "李明", ["旧展架"], "下午"),
        # what someone else said (…说不用了) calls nothing off
        (["陈静你周五把横幅撤下来，顺便把易拉宝收回来，前台说不用了。"], "陈静", ["横幅"], "周五"),
        # how many copies is no verb
        (["王芳，下周的值班表你周三之前给我一份。"], "王芳", ["值班表"], "周三之前"),
        # 下架 is a verb of the work, not a filler
        (["王芳，下架打包你负责，这周五之前。"], "王芳", ["下架打包"], "这周五之前"),
    ],
)
def test_zh_work(utts: list[str], owner: str | None, words: list[str], due: str | None) -> None:
    found = tasks_in(utts)
    assert has_task(found, owner, words, due), found


def test_zh_reported_call_off_keeps_both_tasks() -> None:
    found = tasks_in(["陈静你周五把横幅撤下来，顺便把易拉宝收回来，前台说不用了。"])
    assert has_task(found, "陈静", ["易拉宝"], "周五"), found


def test_zh_the_one_called_answering_is_not_their_own_you() -> None:
    # the chair answers the one who called them: the 你 is not the chair
    found = tasks_in(["好，人到齐了，一个一个说。李明先来，机房。", "周总，机房这边二号空调又漏水了，地上都是水。",
                      "那得修，你联系一下厂家，明天之前修好。"])
    assert not any(o == "周建华" for o, _, _ in found), found


def test_zh_cannot_sell_is_no_decision() -> None:
    assert decisions_in(["这款面膜一直卖不动，库里还压着两百盒。"]) == []


def test_zh_no_longer_arranged_is_a_decision() -> None:
    assert any("抽奖环节" in d for d in decisions_in(["好，那年会的抽奖环节就不安排了。"]))


def test_zh_plan_to_settle_a_thing_is_no_decision() -> None:
    assert decisions_in(["展位我去联系，我周五之前把展位敲定，然后跟大家说。"]) == []


def test_zh_done_reply_to_status_is_no_task() -> None:
    assert tasks_in(["李明，上个月的报表出来了吗？", "出来了，一共十二页，三个月内的数据都在。"]) == []
