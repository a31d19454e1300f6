"""Table tests of Chinese turns: who an utterance calls, who is thanked or handed the work, who
speaks next (the one called answers; the one thanked spoke; in a one-to-one the turns alternate),
and what that does to the ledger: a volunteered plan is the speaker's task, 你 in a one-to-one is
the other participant. Rows where nobody can be told keep no owner. Sentences are written for the
tests, in domains of their own."""

from __future__ import annotations

import pytest
from rules_harness import open_tasks

from supervisor.rules import zh_turns
from supervisor.rules.hearing import repair

TEAM = ["邓志刚", "孔小雯", "钱国华", "蔡云"]
PAIR = ["邓志刚", "孔小雯"]


def tasks(utterances: list[str], people: list[str]) -> list[tuple[str | None, str, str | None]]:
    return open_tasks(utterances, people, "zh")


@pytest.mark.parametrize(
    ("said", "who"),
    [
        ("蔡云，签到表今天能发吗？", "蔡云"),
        ("老钱你下午去趟仓库。", "钱国华"),
        ("这批货周五能到吧，小雯？", "孔小雯"),
        ("好，那老钱，横幅的事你跟一下。", "钱国华"),
        ("钱国华说小雯知道。", None),  # named, not called
        ("我跟老钱说过了。", None),
        ("Sure, Hana, go ahead.", None),  # English is turns.py's
    ],
)
def test_the_person_an_utterance_calls(said, who) -> None:
    assert zh_turns.called(said, TEAM) == who


@pytest.mark.parametrize(
    ("said", "thanked", "handed"),
    [
        ("好，辛苦老钱。", "钱国华", None),
        ("那就麻烦蔡云了。", "蔡云", None),
        ("谢谢大家。", None, None),
        ("行，展板老钱弄。", None, "钱国华"),
        ("好，小雯拿走。", None, "孔小雯"),
        ("行，老钱你弄，弄完拍张照片。", None, "钱国华"),  # the 你 of the hand-back
        ("好，蔡云您负责吧。", None, "蔡云"),
        ("好，老钱也帮着看看。", None, None),  # someone else joins, nobody is handed the work
    ],
)
def test_who_is_thanked_or_handed_the_work_just_offered(said, thanked, handed) -> None:
    assert zh_turns.thanked(said, TEAM) == thanked
    assert zh_turns.handed_back(said, TEAM) == handed


@pytest.mark.parametrize(
    ("said", "plans", "bare"),
    [
        ("好，展板我来做，周四前做完。", True, False),
        ("这个我得去问一下财务，问清楚再告诉你。", True, False),  # a modal before the plan's verb
        ("我要一杯热水。", False, False),
        ("可以，方案我这边出，下次给你们看。", True, False),
        ("好的，我明天一早就去。", True, False),
        ("还是交给我吧。", True, False),
        ("我来吧。", True, True),
        ("行，我去。", True, True),
        ("我发吧，今晚发。", True, True),
        ("我觉得可以。", False, False),
        ("写完发我看看。", False, False),
        ("我能请个假吗？", False, False),
        ("我们来做。", False, False),
    ],
)
def test_work_taken_on_in_the_first_person(said, plans, bare) -> None:
    assert zh_turns.plans(said) is plans
    assert zh_turns.bare_claim(said) is bare


@pytest.mark.parametrize(
    ("said", "work"),
    [
        ("那签到表谁出？", "签到表"),
        ("展厅的灯坏了两盏，谁修？", "展厅的灯坏了两盏"),
        ("横幅谁订？老钱你订？", "横幅"),
        ("谁去报修一下？", None),  # the work is in the verb: nothing to name it by
        # the clause before the question only says how the matter is: the matter is named before it
        ("还有二楼那台复印机，现在卡纸卡得厉害，谁找人修一下？", "二楼那台复印机"),
        ("另外食堂的排班表，乱七八糟的，谁理一下？", "食堂的排班表"),
        ("签到表出好了。", None),
    ],
)
def test_the_work_a_who_question_names(said, work) -> None:
    assert zh_turns.asked_who(said) == work


@pytest.mark.parametrize(
    ("heard", "people", "seq", "who"),
    [
        # the one called answers, in any meeting
        ({1: "蔡云，签到表的事你跟一下？", 2: "好，我今天下班前发出去。"}, TEAM, 2, "蔡云"),
        # …unless the reply calls them back
        ({1: "蔡云，签到表的事你跟一下？", 2: "蔡云，你先别急。"}, TEAM, 2, None),
        # a plan, then a thank-you by name: the one thanked made it
        ({1: "展厅的灯坏了两盏，谁修？", 2: "我来吧，明天上午修好。", 3: "好，辛苦老钱。"}, TEAM, 2, "钱国华"),
        # a plan and a bare "好": nobody is told
        ({1: "展厅的灯坏了两盏，谁修？", 2: "我来吧，明天上午修好。", 3: "好。"}, TEAM, 2, None),
        # named in a question, or asked for help by name: a plan right after, naming nobody, is theirs
        ({1: "横幅谁订？去年是老钱订的吧？", 2: "对，我来订，周四前订好。"}, TEAM, 2, "钱国华"),
        ({1: "我需要小雯那边配合一下，把台账发我。", 2: "台账我下午就发你。"}, TEAM, 2, "孔小雯"),
        ({1: "老钱说这个月要交报告。", 2: "报告我来写。"}, TEAM, 2, None),  # named, not asked
        ({1: "老钱和蔡云谁有空？", 2: "我来吧。"}, TEAM, 2, None),  # two named
        ({1: "横幅谁订？去年是老钱订的吧？", 2: "不知道，反正不是我。"}, TEAM, 2, None),  # no plan
        # one-to-one: the call tells who spoke it, then the turns alternate
        ({1: "小雯，坐吧。", 2: "谢谢主任。"}, PAIR, 2, "孔小雯"),
        ({1: "小雯，坐吧。", 2: "谢谢主任。", 3: "上周的台账你整理完了吗？"}, PAIR, 3, "邓志刚"),
        # one-to-one with nothing to start from
        ({1: "最近忙吗？", 2: "还行。", 3: "你把台账整理一下。"}, PAIR, 3, None),
        # one-to-one, followed six turns back (``_ALTERNATE_1TO1``), and past that counted from the
        # call by name (``_COUNTED_BACK``)
        ({1: "小雯，坐吧。", 2: "谢谢。", 3: "嗯。", 4: "好。", 5: "对。", 6: "行。", 7: "你把台账整理一下。"}, PAIR, 7, "邓志刚"),
        ({1: "小雯，坐吧。", 2: "谢谢。", 3: "嗯。", 4: "好。", 5: "对。", 6: "行。", 7: "是。", 8: "哦。", 9: "嗯嗯。",
          10: "台账你整理一下。"}, PAIR, 10, "孔小雯"),
        ({1: "最近忙吗？", 2: "还行。", 3: "嗯。", 4: "好。", 5: "对。", 6: "行。", 7: "是。", 8: "哦。", 9: "嗯嗯。",
          10: "台账你整理一下。"}, PAIR, 10, None),
        # four people: turns do not alternate
        ({1: "蔡云，坐。", 2: "好的。", 3: "你把台账整理一下。"}, TEAM, 3, None),
    ],
)
def test_who_speaks(heard, people, seq, who) -> None:
    assert zh_turns.speaker(seq, heard, people)[0] == who


@pytest.mark.parametrize(
    ("utterances", "people", "expected"),
    [
        # volunteered with no object: the work is the one the who-question named; the thank-you says who
        (["展厅的灯坏了两盏，谁修？", "我来吧，明天上午修好。", "好，辛苦老钱。"], TEAM,
         ("钱国华", "灯", "明天上午")),
        (["横幅谁订？老钱你订？", "我订吧，今晚订。"], TEAM, ("钱国华", "横幅", "今晚")),
        # volunteered with an object, by the one the turn before called
        (["孔老师，开幕式的流程你帮我们排一下吧？", "可以，流程我这边出个草稿，周五给你们。"], TEAM,
         ("孔小雯", "流程", "周五")),
        (["签到表的事还没人管。", "签到表我来做，周四前做完。", "那就麻烦蔡云了。"], TEAM, ("蔡云", "签到表", "周四前")),
        # one-to-one: 你 is the other participant, and the reply's date is their work's
        (["小雯，坐吧。", "谢谢主任。上周的台账我还在整理。", "台账不急。你先把报销单交到财务处吧。", "好的，我明天上午就去。"],
         PAIR, ("孔小雯", "报销单", "明天上午")),
        (["小雯，今天就聊两件事。", "好的主任。", "第一，你来组织下个月的新人培训吧。"], PAIR, ("孔小雯", "培训", None)),
    ],
)
def test_the_speaker_owns_what_they_take_on(utterances, people, expected) -> None:
    owner, word, due = expected
    assert any(o == owner and word in t and d == due for o, t, d in tasks(utterances, people)), tasks(utterances, people)


@pytest.mark.parametrize(
    ("utterances", "people"),
    [
        (["展厅的灯坏了两盏，谁修？", "我来吧，明天上午修好。", "好。"], TEAM),
        (["最近忙吗？", "还行。", "你先把报销单交到财务处吧。"], PAIR),
        (["签到表的事还没人管。", "签到表我来做，周四前做完。"], TEAM),
    ],
)
def test_no_owner_when_nobody_can_tell_who_speaks(utterances, people) -> None:
    assert all(o is None for o, _, _ in tasks(utterances, people))


def test_a_request_after_a_call_is_not_heard_as_a_cue_word() -> None:
    # 你订 sounds like 拟定, but right after a call it is the request's 你
    assert repair("横幅谁订？老钱你订？", TEAM) == "横幅谁订？老钱你订？"
    assert repair("方案拟定一下", TEAM) == "方案拟定一下"


def test_a_title_never_takes_in_the_name_read_for_wo() -> None:
    # "横幅我去找外包吧" read as "横幅蔡云去找外包吧" must not leave the name inside a title
    got = tasks(["开幕式还差横幅。", "横幅我去找外包吧，我来跟进。", "好，那横幅外包由蔡云跟进。"], TEAM)
    assert got and all("蔡云" not in t for _, t, _ in got)


@pytest.mark.parametrize(
    ("utterances", "expected"),
    [
        # asked how a thing stands, answered, then a dated order said back: the one who answered does it
        (["蔡云，展会的物料呢？", "还在印，说是下周才能好。", "太慢了。周三之前把样品先寄过来。"], ("蔡云", "样品", "周三之前")),
        (["老钱，仓库那边怎么样了？", "货到了一半，还差三十箱。", "明天上午把那三十箱的物流催一下。"], ("钱国华", "物流", "明天上午")),
    ],
)
def test_a_dated_order_said_back_is_for_the_one_who_answered(utterances, expected) -> None:
    owner, word, due = expected
    assert any(o == owner and word in t and d == due for o, t, d in tasks(utterances, TEAM)), tasks(utterances, TEAM)


@pytest.mark.parametrize(
    "utterances",
    [
        ["蔡云，展会的物料呢？", "还在印，说是下周才能好。", "把这个事情搞清楚。"],  # no date: a remark as often as an order
        ["蔡云，展会的物料呢？", "还在印，说是下周才能好。", "第二项，周三之前把场地合同签好。"],  # a new matter
        ["蔡云，展会的物料呢？", "老钱说还在印。", "周三之前把样品寄过来。"],  # the answer names someone else
    ],
)
def test_no_order_said_back(utterances) -> None:
    assert not any(o == "蔡云" for o, _, _ in tasks(utterances, TEAM)), tasks(utterances, TEAM)
