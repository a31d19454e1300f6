"""Families found by the session-40 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import lexicon, refer, zh_turns
from supervisor.rules.orders import _bare_order, _bare_topic
from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_HALL = ["Philippa Grant", "Desmond Okafor", "Tamsin Reyes", "Hugo Brandt"]


def test_a_pet_form_from_inside_the_name() -> None:
    assert clipped_call("Pip", "Philippa Grant", _HALL)
    assert clipped_call("Pippa", "Philippa Grant", _HALL)
    # (not when another participant's name gives it as well)
    assert not clipped_call("Pip", "Philippa Grant", [*_HALL, "Pipaluk Berg"])


def test_work_handed_on_by_the_one_asked_goes_to_the_one_named() -> None:
    utts = ["Next, the raffle. Tamsin, can you print the raffle tickets?", "I'm flat out with the stalls, Hugo, can you?",
            "Sure, leave it with me."]
    found = tasks_in(utts, _HALL)
    assert has_task(found, "Hugo Brandt", ["raffle tickets"]), found
    assert not has_task(found, "Tamsin Reyes", ["raffle tickets"]), found


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # what they will need done is asked of them
        (["Hugo, you'll need the hall chairs stacked by Friday.", "Okay."], "Hugo Brandt", ["hall chairs"], "by Friday"),
        # "just" softens the order, it asks all the same
        (["Tamsin, you just need to email the caterers.", "Will do."], "Tamsin Reyes", ["caterers"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _HALL)
    assert has_task(found, owner, words, due), found


# ---- Chinese ------------------------------------------------------------------------------------------

_GARAGE = ["钱国梁", "阮小蝶", "邵建新", "柴文静"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # done once over before its object, with when said first
        (["小蝶，你周四下班前清点一遍那批轮胎。", "好。"], "阮小蝶", ["轮胎"], "周四下班前"),
        # a thing moved into place, its verb and direction one word: done to the thing said before
        (["新的灭火器明天送到。到了以后建新你挂上去。", "行。"], "邵建新", ["灭火器"], None),
        # 也是/还是 before the one asked, and 你弄吧 asked with a rising tone
        (["然后仓库盘点，也是文静你弄吧？", "好的。"], "柴文静", ["仓库盘点"], None),
        # a topic of one word before 还是你来V？
        (["年会的事，小蝶，主持还是你来？", "行，我来。"], "阮小蝶", ["主持"], None),
        # one more thing for the same one, on the same terms
        (["建新，报价单你整理一下，对账单也一起，周五之前给我。", "好。"], "邵建新", ["对账单"], "周五之前"),
        # the thing, then by when it can be done, asked
        (["文静，新版的价目表，月底前能弄出来吗？", "能。"], "柴文静", ["价目表"], "月底前"),
        # by a deadline still to come, 了 ends an order
        (["文静，你的通行证是不是快过期了？", "对，下个月。", "文静，那你十五号之前抽空去换了。", "好。"], "柴文静", ["通行证"], "十五号之前"),
        # the speaker offers it: 我可以做…
        (["海报，小蝶。", "海报我可以做，我周三前做两版。"], "阮小蝶", ["海报"], None),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _GARAGE)
    assert has_task(found, owner, words, due), found


def test_one_told_to_take_it_on_takes_the_task_in_focus() -> None:
    utts = ["小蝶你周一通知一下那几位车主。", "通知车主我来吧，反正回访也是我打。", "也行，那文静你来。"]
    found = tasks_in(utts, _GARAGE)
    assert has_task(found, "柴文静", ["车主"]), found
    assert not has_task(found, "阮小蝶", ["车主"]), found


def test_putting_the_phone_away_is_no_work() -> None:
    assert tasks_in(["开始吧，建新你把手机收一下。", "好好。"], _GARAGE) == []


def test_which_one_one_has_in_hand_is_no_plan() -> None:
    assert not zh_turns.plans("我这边找的是城南那家修理厂，人挺多的。")
    assert zh_turns.plans("我可以做两版。")


def test_what_a_decision_waits_on_decides_nothing() -> None:
    assert not lexicon.DECISION.search("宣传单等价格定了再印")
    assert lexicon.DECISION.search("价格定了")


def test_how_things_are_and_how_many_are_no_antecedent() -> None:
    assert refer.subject("原来那家的太贵", []) == ""
    assert refer.subject("好多车主有意见", []) == ""
    assert refer.subject("配件挺贵", []) == "配件"


def test_an_order_asked_whether_it_can_be_done_by_a_date() -> None:
    assert _bare_order("周五前能交上来吗", _GARAGE) == "交上来"
    assert _bare_order("能交上来吗", _GARAGE) == ""  # (no date: only asks whether it can be)
    assert _bare_topic("返修的车单", _GARAGE)
    assert _bare_topic("车单和发票", _GARAGE)
