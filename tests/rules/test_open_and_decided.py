"""Table tests of questions left open and decisions said in varied ways (s4q): deferring answers,
pronouns pointing back at the question, a new question starting a new matter, an answered question
staying closed; rules laid down, a closing 统一, "we'll do X instead", hedges that decide nothing.
The sentences are written for these tests, not taken from the corpus."""

from __future__ import annotations

import pytest

from supervisor.rules.analyzer import analyze
from supervisor.rules.frames import read
from supervisor.rules.text import segment

ZH = ["张三", "李四", "王五"]
EN = ["Alice", "Bob", "Carol"]


def first_kinds(text: str, people=ZH) -> list[str]:
    sent = segment([(1, text)], lambda t: False, lambda t: False)[0]
    readings = read(sent, people)
    return [f.kind for f in readings[0]] if readings else []


@pytest.mark.parametrize(
    "text",
    [
        # Deferred until what it depends on is known, to another meeting, or set aside.
        "嗯，那就看预算情况再定。",
        "我先问一下物业再说吧。",
        "这个话题太大了，下次单独开个会吧。",
        "先放一放。",
        "嗯，先搁一下。",
        "这个还得问法务。",
        "这个我再跟总部确认。",
        "我也不太清楚。",
        "报价还没出来，这个先不定。",
        # English: still unknown, said to be open, parked.
        "We still don't know who's driving.",
        "That one's still open.",
        "Let's park that until the audit.",
        "We'll come back to it in March.",
    ],
)
def test_left_open(text):
    assert first_kinds(text, ZH if text[0] > "\u2e80" else EN) == ["open"]


@pytest.mark.parametrize(
    "text",
    [
        # 再说 opening a clause means "besides", not "later".
        "再说，他下周也不在。",
        # A plain statement with no marker.
        "预算上周已经批下来了。",
    ],
)
def test_not_left_open(text):
    assert "open" not in first_kinds(text)


@pytest.mark.parametrize(
    ("text", "people", "expected"),
    [
        ("以后周报都要周一上午发。", ZH, ["decision"]),
        ("报销统一走线上，这是规定。", ZH, ["decision"]),
        ("押金按合同执行，这个没有商量余地。", ZH, ["decision"]),
        ("就按去年的标准来。", ZH, ["decision"]),
        ("那我们今天确定一件事：所有合同都要法务过目。", ZH, ["decision"]),
        ("值班表从下周开始改成两班倒，统一。", ZH, ["decision"]),
        ("Okay, no banner this year. We'll use the blue flyers instead.", EN, ["decision"]),
        ("Let's keep both versions for now.", EN, ["decision"]),
        ("We'll stick with the old supplier.", EN, ["decision"]),
        # Hedges decide nothing.
        ("我倾向于换供应商。", ZH, []),
        ("先这么考虑，换个供应商。", ZH, []),
        ("Maybe we should switch suppliers.", EN, []),
    ],
)
def test_decisions(text, people, expected):
    sent = segment([(1, text)], lambda t: False, lambda t: False)[-1]
    readings = read(sent, people)
    kinds = [f.kind for f in readings[0]] if readings else []
    assert [k for k in kinds if k == "decision"] == expected


def test_content_after_the_confirmation_is_the_decision():
    props = analyze([(1, "Any objections? None."), (2, "Okay, it's decided: 9:30 start for every shift.")], EN, "en")
    decisions = [p.payload["text"] for p in props if p.kind == "decision"]
    assert decisions == ["9:30 start for every shift"]


def questions(utterances: list[str], people=EN) -> list[str]:
    props = analyze(list(enumerate(utterances, 1)), people, "en")
    return [p.payload["text"] for p in props if p.kind == "question"]


def test_pointer_reaches_the_question_within_the_utterance_before():
    qs = questions([
        "Should we rent a second van for the trip? Do we even need one?",
        "That's what I can't say. Finance decides on Tuesday, after the numbers are in. Let's leave it open.",
    ])
    assert len(qs) == 1 and "second van" in qs[0]


def test_question_right_before_joins_a_named_matter():
    qs = questions(["年会要不要请外部主持人？", "我倾向于请，但是得看预算，这个先不定。"], ZH)
    assert len(qs) == 1 and "外部主持人" in qs[0]


def test_a_new_question_is_a_new_matter():
    qs = questions(["服务器采购的事先挂着。", "那新办公室什么时候搬？", "搬家时间还没定，等物业通知再说。"], ZH)
    assert len(qs) == 2 and "新办公室" in qs[1]


def test_the_same_matter_named_again_joins_the_quote():
    qs = questions(["We don't know yet what the insurer will cover.", "So the scooter policy stays open until June."])
    assert len(qs) == 1 and "insurer" in qs[0] and "scooter policy" in qs[0]


def test_an_answered_question_does_not_become_open():
    qs = questions(["要不要换投影仪？", "要，旧的坏了。", "这个我再跟行政确认一下。"], ZH)
    assert not any("投影仪" in q for q in qs)


def test_a_topic_named_with_de_shi_is_the_matter():
    qs = questions(["加班费的事我跟人事提了，暂时没有答复。"], ZH)
    assert qs and "加班费" in qs[0]


def test_a_justification_after_the_confirmation_keeps_the_statement_before():
    props = analyze([(1, "We're moving to weekly billing from May. That's decided, the board signed off.")], EN, "en")
    decisions = [p.payload["text"] for p in props if p.kind == "decision"]
    assert len(decisions) == 1 and "weekly billing" in decisions[0]


def test_a_decision_beside_a_deferral_is_still_decided():
    props = analyze([(1, "场地就用学校礼堂，定了，茶歇看预算再说。")], ZH, "zh")
    assert any("学校礼堂" in p.payload["text"] for p in props if p.kind == "decision")


@pytest.mark.parametrize(
    ("utterances", "open_"),
    [
        (["会议室的投影谁去换一下？", "……", "好，那先这样。"], True),
        (["Who's taking the minutes next week?", "...", "Okay, moving on."], True),
        # Answered, or a bare filler before the answer: nothing is left open.
        (["会议室的投影谁去换一下？", "嗯", "我去吧。"], False),
        (["Who's taking the minutes next week?", "Me, I'll do it."], False),
    ],
)
def test_a_question_met_with_silence_is_open(utterances, open_):
    people = ZH if utterances[0][0] > "\u2e80" else EN
    assert bool(questions(utterances, people)) is open_


def test_silence_is_proposed_when_it_arrives():
    window = [(1, "会议室的投影谁去换一下？"), (2, "……")]
    first = analyze(window[:1], ZH, "zh")
    assert not [p for p in first if p.kind == "question"]
    later = analyze(window, ZH, "zh", new_from_seq=2)
    assert [p.payload["text"] for p in later if p.kind == "question"] == ["会议室的投影谁去换一下"]


@pytest.mark.parametrize(
    ("utterances", "open_"),
    [
        # A reply that only hedges, with no decision after it.
        (["要不要给客户送月饼？", "我觉得可以考虑，但预算得再算算。", "好，下一个。"], True),
        (["Should we move the standup to ten?", "Maybe, I could see that working.", "Okay."], True),
        # …unless the next sentence decides it.
        (["要不要给客户送月饼？", "我觉得可以考虑。", "那就送，定了。"], False),
        # The topic changes with no answer.
        (["年底要不要换一批新电脑？", "另外，报销单这周五前交齐。"], True),
        (["年底要不要换一批新电脑？", "搞，去郊区。"], False),
        # 嗯，再说吧 defers the question just asked.
        (["海报谁来做呢？", "嗯，再说吧。"], True),
    ],
)
def test_a_question_left_unsettled_is_open(utterances, open_):
    people = ZH if utterances[0][0] > "\u2e80" else EN
    assert bool(questions(utterances, people)) is open_


def test_a_question_that_only_points_takes_the_statement_before_it():
    qs = questions([
        "The fire extinguisher inspection is due in April.",
        "Who usually does that?",
        "It was Marco, but he left. We'll figure out who takes it.",
    ])
    assert len(qs) == 1 and "fire extinguisher" in qs[0]
    qs = questions(["机房空调的保养合同下个月到期。", "这个谁来跟？", "嗯，再说吧。"], ZH)
    assert len(qs) == 1 and "保养合同" in qs[0]

