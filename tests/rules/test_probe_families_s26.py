"""Families found by the session-26 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from supervisor.rules import refer
from tests.rules.rules_harness import has_task, tasks_in

_found, _has = tasks_in, has_task
_ZH = ["周建华", "王芳", "李明", "陈静"]
_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Sam Ortiz"]


# ---- the agenda moves on: a bare "还是你来" corrects nothing said before ----------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # the next item opened; the plan once meant for another is no task in the ledger
        (["第一个，库房盘点，王芳你牵个头，月底前盘完。", "好的。",
          "第二个，值班表。这个值班表呢，原来我是说让李明排的，他最近太忙了。陈静，还是你来排吧，周四之前发群里。"],
         "陈静", ["值班表"], "周四之前"),
        # …and a matter named alone, then handed over by "还是你来", is that matter's task
        (["第一个，培训签到，周建华负责。", "行。", "还有一个，月度报表，这个月还没交。王芳，还是你来吧，月底交给我。"],
         "王芳", ["月度报表"], "月底"),
    ],
)
def test_a_correction_after_the_agenda_moved_on_gives_the_new_matter(said: list[str], owner: str, words: list[str],
                                                                      due: str | None) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words, due), found
    # the first item keeps its owner
    assert not any(o == owner and ("盘点" in t or "签到" in t) for o, t, _ in found), found


def test_the_first_owner_is_kept_when_nothing_moved_on() -> None:
    found = _found(["库房盘点王芳来负责，月底前。", "她这周出差。", "那还是李明来吧。"], _ZH)
    assert _has(found, "李明", ["库房盘点"]), found


# ---- replies that take work, turn it down, or date it ----------------------------------------------


def test_a_complaint_that_the_work_is_too_much_turns_it_down() -> None:
    found = _found(["数据迁移给李明好了？", "拜托，我报表那个就做不完了好不好，你还要塞给我。", "那还是陈静。"], _ZH)
    assert not any(t.startswith("拜托") for _, t, _ in found), found


def test_the_date_answers_a_question_that_opened_the_turn_before() -> None:
    found = _found(["周建华，打印机驱动你先装一下。", "好。", "还有一个，建华，驱动那个礼拜三前可以吗？老师们一直在问。",
                    "礼拜三啊，应该可以，好，礼拜三没问题。"], _ZH)
    assert _has(found, "周建华", ["驱动"], "礼拜三"), found


def test_a_team_taking_the_work_back_is_the_speaker() -> None:
    found = _found(["监控面板这块让陈静顺便弄一下吧。", "周哥，我手上还有迁移呢，而且监控一直是你们组在管。",
                    "也对。那监控面板我们组自己来，我周五前出个方案。"], _ZH)
    assert _has(found, "周建华", ["监控面板"], "周五前"), found


def test_a_claim_by_its_verb_then_the_thing_and_its_day() -> None:
    found = _found(["陈静，家长那边要不要发个通知？", "我来写，开学公告明天下午发出去。"], _ZH)
    assert _has(found, "陈静", ["开学公告"], "明天下午"), found


def test_the_agenda_line_before_the_orders_is_no_decision() -> None:
    found = _found(["先把分工定了：李明今天之内把备份做了，数据库的权限陈静收回来。"], _ZH)
    assert _has(found, "李明", ["备份"], "今天之内"), found


@pytest.mark.parametrize(
    ("clause", "topic"),
    [
        ("上周家长一直在反映那个食堂的问题", "食堂的问题"),
        ("客户又投诉了那个打印机的噪音", "打印机的噪音"),
    ],
)
def test_what_is_reported_is_the_topic_not_who_reports_it(clause: str, topic: str) -> None:
    assert refer.subject(clause, _ZH) == topic


@pytest.mark.parametrize(("title", "empty"), [("我想说", True), ("听不清", True), ("结帐页面", False), ("看不清的地方", False)])
def test_what_the_speaker_thinks_or_a_state_names_no_work(title: str, empty: bool) -> None:
    assert refer.no_work(title) is empty


@pytest.mark.parametrize(
    ("text", "deadline"),
    [("不过得走变更，赶周三那个窗口上", "周三"), ("赶在周五之前", "周五之前"), ("我们周三开会", None)],
)
def test_catching_a_day_makes_it_a_deadline(text: str, deadline: str | None) -> None:
    hits = [h.text for h in lx.deadlines(text)]
    assert (hits[0] if hits else None) == deadline, hits


# ---- English -------------------------------------------------------------------------------------------


def test_a_handover_two_utterances_after_the_ask_reaches_it() -> None:
    found = _found(["Tom, you handle the licence renewal, get it done before the 20th.",
                    "Um, I'm on the first-aid course Monday to Wednesday next week.",
                    "Ah. No wait, let Sam take it then."], _EN)
    assert _has(found, "Sam Ortiz", ["licence renewal"], "before the 20th"), found
    assert not any(o == "Tom Becker" for o, _, _ in found), found


@pytest.mark.parametrize(
    ("text", "away"),
    [("I'm on the safeguarding course Tuesday to Thursday", True), ("She's on a training course next week", True),
     ("Put it on the course page by Tuesday", False)],
)
def test_being_on_a_course_is_an_absence(text: str, away: bool) -> None:
    assert bool(lx.LEAVE.search(text)) is away
