"""Families found by the session-35 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import orders, turns
from supervisor.rules.extract import clean_zh_title
from supervisor.rules.polite import en_polite
from supervisor.rules.text import segment
from tests.rules.rules_harness import has_task, tasks_in

# ---- Chinese ------------------------------------------------------------------------------------------

_DEPOT = ["尚立伟", "龙秋菊", "盛海洋", "薛晓东", "牛可欣"]


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # the matter said bare between the name and the ask qualifies the work
        (["立伟，消防那块，器材清点一下，月底前补齐。", "好。"], "尚立伟", ["消防器材"]),
        # another thing, then what is done to it in the next clause: the same one goes on
        (["海洋你这周把货架的螺丝紧一遍，还有门口那两个坏了的灯箱，明天就换了。", "好。"], "盛海洋", ["灯箱"]),
        # 走 with a 把 object, done once over, walks it to check
        (["可欣你下午把西侧的围挡再走一遍。", "好。"], "牛可欣", ["围挡"]),
        # when it is done, said by another doing then, is no part of it
        (["晓东你每天下班锁门的时候顺手关一下空调。", "好。"], "薛晓东", ["空调"]),
        # how the thing stands is no part of it
        (["打印纸快用完了，秋菊你去订。", "好。"], "龙秋菊", ["打印纸"]),
        # handed to someone by the one called: the thing is the topic said before
        (["报价单这边，终版海洋你周五前给尚经理吧。", "好。"], "盛海洋", ["报价单"]),
        # what the one called says they will do, asked about a thing
        (["秋菊，样品呢？", "快递说在路上了，我今天再催一下。", "好。"], "龙秋菊", ["样品"]),
        # a plan dated by the clock, handed on: still the thing asked about
        (["海洋，盘点数据呢？", "昨晚都对完了，我十点前报给财务。", "好。"], "盛海洋", ["盘点数据"]),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words), found


def test_after_the_step_before_is_done_the_work_is_what_follows() -> None:
    found = tasks_in(["印完可欣负责装订。", "好。"], _DEPOT)
    assert [(o, t) for o, t, _ in found] == [("牛可欣", "装订")], found


def test_a_dash_between_chinese_words_breaks_off_a_clause() -> None:
    sents = segment([(1, "晓东你去订——哦你不熟，秋菊你订吧。")], lambda _: True, lambda _: False)
    assert [c.text for c in sents[0].clauses][:2] == ["晓东你去订", "哦你不熟"]


def test_the_one_called_before_a_no_and_i_will_do_it_myself_is_let_off() -> None:
    found = tasks_in(["展台的事，街道让我们出个方案。秋菊你来弄吧——算了，这个我自己来。", "行。"], _DEPOT)
    assert not any(o == "龙秋菊" for o, _, _ in found), found


def test_a_remark_said_to_someone_by_name_orders_nothing_of_them() -> None:
    utts = ["晓东，你这周把仓库的货位全部核一遍。", "货位这周全部核一遍，四百多个呢，尚经理。", "那就下周三之前吧。", "好。"]
    found = tasks_in(utts, _DEPOT)
    assert [o for o, _, _ in found] == ["薛晓东"], found


def test_a_date_said_back_alone_is_the_works_the_plan_after_is_a_step() -> None:
    utts = ["可欣，宣传片周四之前得出来。", "好。", "别卡周四了，宣传片给你放到下周二。", "好，下周二，我周一一早就去拍。"]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "牛可欣", ["宣传片"], "下周二"), found


def test_a_condition_dates_nothing_in_a_conflict() -> None:
    utts = ["海洋，配件呢？", "供应商说发了，我今天再催，后天还不到的话我就换一家。", "好。"]
    from tests.rules.rules_harness import questions_in
    assert not any("还是" in q for q in questions_in(utts)), questions_in(utts)


@pytest.mark.parametrize(
    ("title", "clean"),
    [
        ("墨盒快没了", "墨盒"),
        ("复印纸又不够了", "复印纸"),
        ("灭火器已经过期了", "灭火器"),
    ],
)
def test_zh_title_without_how_it_stands(title: str, clean: str) -> None:
    assert clean_zh_title(title) == clean


@pytest.mark.parametrize(
    ("clause", "then", "said"),
    [
        ("还有北门那两个灯箱", "明天就换了", "明天就把北门那两个灯箱换了"),
        ("还有北门那两个灯箱", "挺亮的", None),  # how it is, no order
        ("北门那两个灯箱", "明天就换了", None),  # no "还有": not another thing named
    ],
)
def test_another_thing_then_what_is_done_to_it(clause: str, then: str, said: str | None) -> None:
    assert orders.and_thing_then(clause, then) == said


# ---- English ------------------------------------------------------------------------------------------

_CLINIC = ["Rosalind Pike", "Tobias Wren", "Nadia Farouk", "Leon Ashby", "Carmen Soto"]


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # what "we'll" have to do, said to the one called, is theirs
        (["The lab's closed on the fourth. Nadia, we'll need to reprint the consent forms then.", "Sure."], "Nadia Farouk",
         ["reprint the consent forms"]),
        # asked to confirm the work is still theirs
        (["Tobias, you were going to do the fridge temperature log?", "Yes, I was."], "Tobias Wren", ["fridge temperature log"]),
        (["Leon, you'll still run the fire drill?", "Yeah."], "Leon Ashby", ["fire drill"]),
        # the name called, then the speaker's own part after it
        (["There's budget left. Just fill in the claim form and send it to me, Carmen, and I'll sign it.", "Great."],
         "Carmen Soto", ["claim form"]),
        # what the speaker must do, when nobody gave them work, is their plan
        (["Are we keeping the late clinic on Thursdays?", "We are, that's settled.",
          "Okay. Then I need to redo the nurse rota.", "Thanks, Nadia."], "Nadia Farouk", ["nurse rota"]),
        # Singapore English: "you … can?"
        (["Leon, you check the oxygen cylinders can?", "Can."], "Leon Ashby", ["oxygen cylinders"]),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _CLINIC)
    assert has_task(found, owner, words), found


def test_what_one_given_work_must_do_is_how_not_more_work() -> None:
    utts = ["The audit pack is due on the 30th. Leon, you're on the charts, and Carmen's doing the tables.",
            "Sure.", "Tables might slip, I need to rerun the queries first.", "Fine, the 24th then, Carmen."]
    found = tasks_in(utts, _CLINIC)
    assert not any("queries" in t for _, t, _ in found), found
    assert has_task(found, "Carmen Soto", ["tables"]), found


def test_a_statement_of_what_they_were_going_to_do_gives_nothing() -> None:
    found = tasks_in(["Tobias, you were going to do the fridge log, but Leon's taken it.", "Okay."], _CLINIC)
    assert not has_task(found, "Tobias Wren", ["fridge log"]), found


def test_a_titled_person_named_before_is_whom_a_plan_calls() -> None:
    utts = ["Rosalind, the dental invoices?", "Mostly paid. Mr Haldane's unhappy with his. I'll ring him this afternoon.",
            "Thanks, Rosalind."]
    found = tasks_in(utts, _CLINIC)
    assert has_task(found, "Rosalind Pike", ["Mr Haldane"]), found


@pytest.mark.parametrize(
    ("said", "plan", "only_must"),
    [
        ("Then I need to redo the rota.", True, True),
        ("I've got to call the lab.", True, True),
        ("Do I need to sign anything?", False, False),
        ("I'll book it, I need to check the dates first.", True, False),
    ],
)
def test_what_the_speaker_must_do(said: str, plan: bool, only_must: bool) -> None:
    assert turns.plans(said) is plan
    assert turns.only_must(said) is only_must


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("you check the oxygen cylinders can?", "can you check the oxygen cylinders"),
        ("you call the supplier or not?", "can you call the supplier"),
        ("you know the answer or not?", "you know the answer or not?"),  # knowing is no work
        ("you prepare can?", "you prepare can?"),  # no object: what it is done to is said elsewhere
    ],
)
def test_singapore_english_asks(said: str, plain: str) -> None:
    assert en_polite(said) == plain
