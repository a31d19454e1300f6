"""Families found by the session-16 blind probe meetings (three writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import address_forms, called_only, clipped_call
from supervisor.rules import lexicon as lx
from supervisor.rules.hearing import repair
from supervisor.rules.names import find_people
from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, run_meeting, tasks_in

ZH, EN = list(PROBE_ZH), list(PROBE_EN)
_found, _has = tasks_in, has_task


# ---- names as people call them ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "name", "others", "calls"),
    [
        ("Gaz", "Gareth Lloyd", ["Sara Lund"], True),  # the first syllable to its r, said with z
        ("Shaz", "Sharon Kemp", ["Sara Lund"], True),
        ("Gaz", "Gareth Lloyd", ["Gary Hunt"], False),  # Gary gives it too
        ("Baz", "Basil Fox", ["Sara Lund"], True),  # the s between vowels is said z (session 39)
        ("Baz", "Basil Fox", ["Barry Hunt"], False),  # Barry gives it too
        ("Fitz", "Tom Fitzgerald", ["Sara Lund"], True),  # a short first name leaves the surname's clip
        ("Okafor", "Chinedu Okafor", ["Sara Lund"], True),  # the surname itself, called out
        ("Okafor", "Chinedu Okafor", ["Ada Okafor"], False),  # two people share it
    ],
)
def test_more_calls(word, name, others, calls) -> None:
    assert clipped_call(word, name, [name, *others]) is calls


def test_a_one_character_given_name_is_called_with_zi_unless_that_is_a_word() -> None:
    assert "强子" in address_forms("付强", ["付强", "王芳"])
    # 林子 is a word (woods) too: 王林 only where it calls him
    assert called_only("林子") and not called_only("强子")
    assert [h.name for h in find_people("林子里有条小路", ["王林", "陈静"])] == []
    assert [h.name for h in find_people("林子，你明天去趟仓库", ["王林", "陈静"])] == ["王林"]


# ---- English -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # the order after a dash, once the work was handed over or the remark made
        (["Dave, you're on it — take the van over to the garage tomorrow morning."], "Dave Olsen",
         ["van over to the garage"], "tomorrow morning"),
        (["And Megan, you've got the caterer's number — can you get a tasting booked?"], "Megan Cole",
         ["get a tasting booked"], None),
        # the thing named, then the order on it after a dash
        (["Tom, the site photos — please have them uploaded before noon."], "Tom Becker", ["site photos", "uploaded"], "before noon"),
        # going to do it, and having it done
        (["I'll go look at that drain myself Monday.", "Appreciate it, Tom."], "Tom Becker", ["look at that drain"], "Monday"),
        (["I'll have six hundred words on the vote filed by lunchtime.", "Thanks, Priya."], "Priya Shah",
         ["six hundred words on the vote filed"], "by lunchtime"),
        (["The April rota still needs sorted.", "Tom, can you take it?", "Aye, no bother."], "Tom Becker",
         ["April rota"], None),
        # the one asked moves their own date, the cue said last
        (["Dave, can you draft the incident report by end of day?", "Yep, started already. I'll have it in by lunch, actually."],
         "Dave Olsen", ["incident report"], "by lunch"),
    ],
)
def test_en_requests(utterances, owner, words, due) -> None:
    assert _has(_found(utterances), owner, words, due), _found(utterances)


def test_one_verb_two_objects_each_with_its_day_are_two_tasks() -> None:
    found = _found(["Megan, what about the paper?", "I'll write the summary Friday and the full report next Tuesday."])
    assert _has(found, "Megan Cole", ["summary"], "Friday")
    assert _has(found, "Megan Cole", ["full report"], "next Tuesday")


@pytest.mark.parametrize(
    "utterances",
    [
        ["Dave, you forgot the cones again."],  # a report of what they did
        ["Thanks. Priya, floor's yours."],  # giving the floor
        ["Someone should probably tidy the shared drive at some point."],  # a wish
        ["Fine, I'll take the blame on it at the board."],
    ],
)
def test_no_task(utterances) -> None:
    assert _found(utterances) == []


# ---- Chinese -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # 它 stands for the thing said before it
        (["新教材昨天到了。王芳，你周五前把它看完。"], "王芳", ["新教材"], "周五前"),
        (["《山海札记》的样书到了。李明，你把它校一遍。"], "李明", ["山海札记"], None),
        # a remark on why they are asked, between the name and the order
        (["陈工，二号楼的水泵检测报告，你是搞机电的，帮着看一下，周四开会前给个意见。"], "陈静", ["水泵检测报告"], None),
        # to whom it goes, and what would do, are no part of the title
        (["周主任，你把会议记录整理一份发我。"], "周建华", ["会议记录"], None),
        (["王芳你把上周的出库单今晚发我邮箱上就行。"], "王芳", ["出库单"], "今晚"),
        # 给我 only urges
        (["李明，二号机床你给我好好检修一遍。"], "李明", ["二号机床"], None),
        # 强子 for a one-character given name
        (["强子，你明天把样品寄出去。"], "付强", ["样品"], "明天"),
        # a 你 follow-up after the one called answered at length
        (["还有小陈，你那台打印机是不是老卡纸？", "对，一天卡好几回，换了纸也一样。", "你这周四之前拿去售后看看。"], "陈静",
         ["售后"], "这周四之前"),
        # a topic, then 你, said to the one called two turns back
        (["静静，下周的排课，那几门选修还开不开？", "我觉得开，就是人少，我再统计一下。", "那下周的排课表你周三给我。"], "陈静",
         ["排课表"], "周三"),
    ],
)
def test_zh_requests(utterances, owner, words, due) -> None:
    names = [*ZH, "付强"] if any("强子" in u for u in utterances) else ZH
    found = _found(utterances, names)
    assert _has(found, owner, words, due), found


def test_the_batch_said_by_its_day_is_a_thing_to_do() -> None:
    assert _has(_found(["十五号那批，周主任你带一下？", "嗯，我带。"]), "周建华", ["十五号那批"])


def test_whom_the_work_waits_for_does_not_take_it() -> None:
    found = _found(["王芳，通知你周五发出去。", "周五发不了，方案还没定。", "那改成下周五，等李明方案出来了再发。"])
    assert _has(found, "王芳", ["通知"], "下周五"), found
    assert not any(o == "李明" for o, _, _ in found)


def test_a_rhetorical_question_to_someone_is_no_task() -> None:
    assert _found(["知道了知道了，李明你急啥。"]) == []


def test_a_purchase_called_off_is_cancelled() -> None:
    assert _found(["李明，你去五金店买两卷胶带回来。", "不用买，仓库还有一箱。", "那拉倒，不买了。"]) == []


def test_a_conclusion_agreed_to_is_decided() -> None:
    ledger = run_meeting(["那就按老线路走，多加一个站点。", "同意。", "同意。"], ZH, "zh")
    assert any("老线路" in d["text"] for d in ledger.minutes()["decisions"])


# ---- hearing: what Whisper slips are undone, and what is left alone ------------------------------


def test_a_cue_word_repair_never_breaks_a_word_heard_right() -> None:
    assert repair("是我们组之前录的", []) == "是我们组之前录的"  # 之 belongs to 之前: no 组织 here
    assert repair("这个张三负则", []) == "这个张三负责"


def test_calling_a_purchase_off_cancels() -> None:
    assert lx.CANCEL.search("那拉倒，不订了")
