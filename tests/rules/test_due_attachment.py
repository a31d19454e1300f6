"""Table tests of due dates: the phrases the date grammar reads, and which task a deadline said
around the hand-over belongs to (Chinese and English). Sentences are written for the tests, in
words of their own, to check that each mechanism covers a family of phrasings."""

from __future__ import annotations

from datetime import date

import pytest
from rules_harness import run_meeting

from intents.dates import resolve
from supervisor.rules.lexicon import deadlines

WED = date(2026, 3, 11)  # a Wednesday
ZH = ["张三", "李四", "王五", "赵六"]
EN = ["Alice", "Bob", "Carol", "Dave"]


def dues(led) -> list[tuple[str | None, str, str | None]]:
    return sorted((t["payload"]["owner"], t["payload"]["title"], t["payload"]["due_date_raw"])
                  for t in led.open("task"))


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("the first of April", "2026-04-01"), ("by the fifteenth", "2026-03-15"),
        ("the twenty-first of March", "2026-03-21"), ("before the thirtieth", "2026-03-30"),
        ("this afternoon", "2026-03-11"), ("this evening", "2026-03-11"), ("明天一早", "2026-03-12"),
        ("first thing Friday", "2026-03-13"),
    ],
)
def test_days_said_as_words_and_parts_of_today_resolve(raw, iso) -> None:
    assert resolve(raw, WED) == iso


@pytest.mark.parametrize(
    ("clause", "said"),
    [
        ("Let's say the first of April.", ["the first of April"]),
        ("I'll order them this afternoon.", ["this afternoon"]),
        ("The deadline for the brochures is May 3rd.", ["May 3rd"]),  # "deadline for X is" is a cue
        ("明天一早之前交给我", ["明天一早之前"]),  # the whole expression, not 明天
        ("We picked the first draft.", []),  # an ordinal that is no day
        ("I'm on a site visit most of next week.", []),  # a stretch of time, not a point
        ("整个下周都在跑客户", []),
        ("I'm travelling next week.", []),  # an absence
    ],
)
def test_deadline_phrases(clause, said) -> None:
    assert [h.text for h in deadlines(clause)] == said


def test_a_trailing_deadline_is_for_every_request_of_the_run() -> None:
    # the same person goes on (顺便), and a list of who does what
    led = run_meeting(["王五你去检查一下那几台设备，顺便把维修记录都补了，周四之前。"], ZH)
    assert [d for _, _, d in dues(led)] == ["周四之前", "周四之前"]
    led = run_meeting(["王五，你把仓库的库存清点一下，顺便把报损单更新了，周四之前交给我。"], ZH)
    assert [d for _, _, d in dues(led)] == ["周四之前", "周四之前"]
    led = run_meeting(["张三画原型，李四写接口，下周二之前给我一个能演示的版本。"], ZH)
    assert sorted((o, d) for o, _, d in dues(led)) == [("张三", "下周二之前"), ("李四", "下周二之前")]


def test_a_joint_task_divided_up_keeps_no_date_of_its_parts() -> None:
    led = run_meeting(["报告张三你和李四一起写，李四画图，张三写正文，月底之前给我。"], ZH)
    got = {t: d for _, t, d in dues(led)}
    assert got.get("画图") == "月底之前" and all(d is None for t, d in got.items() if "报告" in t)


def test_the_answer_to_when_reaches_the_work_in_focus() -> None:
    led = run_meeting([
        "Bob, can you own the vendor shortlist? Nobody has started it.",
        "Sure, I can take that. When do you need it?",
        "By end of day Friday, so we can review it Monday.",
    ], EN)
    assert dues(led) == [("Bob", "vendor shortlist", "By end of day Friday")]


def test_a_reply_in_the_next_utterance_dates_the_work_in_focus() -> None:
    led = run_meeting(["Carol, you do the seating chart.", "Ha. Okay. Fine. I'll have it done tonight."], EN)
    assert dues(led) == [("Carol", "seating chart", "tonight")]


def test_a_date_said_after_a_split_task_is_for_each_person() -> None:
    led = run_meeting([
        "Alice and Dave, can you two plan the offsite together?",
        "Happy to.",
        "When should the agenda be ready?",
        "Let's say the tenth of April.",
    ], EN)
    assert [(o, d) for o, _, d in dues(led)] == [("Alice", "the tenth of April"), ("Dave", "the tenth of April")]


def test_a_deadline_naming_the_work_goes_to_that_work() -> None:
    led = run_meeting([
        "Alice owns the banner and Bob handles the printed event flyers.",
        "Banner by the 3rd, so it can go up early.",
        "The print deadline for the flyers is May 9th.",
    ], EN)
    assert dues(led) == [("Alice", "banner", "by the 3rd"), ("Bob", "printed event flyers", "May 9th")]


def test_a_date_in_a_condition_moves_nothing() -> None:
    led = run_meeting(["Dave, the roof repair. Can you be done by Friday?",
                       "Friday works if the crane arrives Wednesday."], EN)
    assert dues(led) == [("Dave", "roof repair", "by Friday")]


def test_each_request_of_a_clause_keeps_the_date_said_right_after_it() -> None:
    led = run_meeting(["Bob, can you email the landlord tomorrow and renew the lease for next year?"], EN)
    assert dues(led)[0][2] == "tomorrow"


def test_a_counter_offer_after_pushing_back_moves_the_date() -> None:
    led = run_meeting([
        "Alice, can you get the lease renewal signed by Monday?",
        "Monday's tight, the landlord is abroad. Wednesday?",
        "Okay, Wednesday.",
    ], EN)
    assert dues(led) == [("Alice", "get the lease renewal signed", "Wednesday")]
    led = run_meeting(["李四，你把预算表周三之前交给我。", "周三来不及，财务那边还没给数。周五吧。"], ZH)
    assert [d for _, _, d in dues(led)] == ["周五"]


def test_the_answer_to_when_asked_of_someone_dates_their_work() -> None:
    led = run_meeting([
        "Carol, can you book the caterer?",
        "Dave, could you print the name badges?",
        "Sure, I'll print them.",
        "Carol, when do you need the caterer confirmed by?",
        "By June 3rd, so they can plan the menu.",
    ], EN)
    assert dict((o, d) for o, _, d in dues(led)) == {"Carol": "By June 3rd", "Dave": None}


def test_a_date_answering_a_question_on_another_matter_moves_no_task() -> None:
    led = run_meeting([
        "服务器迁移由王五负责，这周五加班做完。",
        "等一下，王五这周五要去客户那边培训。",
        "客户培训能不能往后挪？",
        "能，我问过了，改到下周三。",
    ], ZH)
    assert dues(led) == [("王五", "服务器迁移", "这周五")]


def test_an_answer_to_a_question_about_a_task_dates_it() -> None:
    led = run_meeting([
        "机房的线缆张三重新整理一下。",
        "那边现在确实很乱。",
        "线缆要不要等下个月？",
        "不等，这周六加个班。",
    ], ZH)
    assert dues(led) == [("张三", "机房的线缆", "这周六")]


@pytest.mark.parametrize(
    "said",
    ["合同条款王五去跟客户确认，两个小时内给李四回复。", "报价单赵六去核一下，明天上午之前给张三一个答复。"],
)
def test_whom_a_reply_goes_to_is_no_owner_and_its_date_is_the_work_s(said) -> None:
    (owner, _, due), = dues(run_meeting([said], ZH))
    assert owner in ("王五", "赵六") and due in ("两个小时内", "明天上午之前")


def test_the_one_asked_planning_a_step_keeps_the_deadline_asked_for() -> None:
    # "好，我下午先出个初版": the asked-for date stays; the reply's time is a step of their own.
    from rules_harness import open_tasks

    found = open_tasks(["宋雨，你把门店的客流数据汇总一下，后天例会前给我。", "好，我下午先整理。"], ["宋雨", "梁伟"], "zh")
    assert [(owner, due) for owner, _, due in found] == [("宋雨", "后天例会前")]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # the day said right after the one who does it, before a manner word and the verb, is the work's
        (["李四，那几家供应商你明天挨个打电话问一下报价，让他们周五之前把样品寄过来。"], ("李四", "明天")),
        (["王五，这批客户你今天逐个去回访一下。"], ("王五", "今天")),
    ],
)
def test_the_day_said_after_the_agent_is_the_works(said, expected) -> None:
    owner, due = expected
    got = dues(run_meeting(said, ZH, "zh"))
    assert any(o == owner and d == due for o, _, d in got), got
