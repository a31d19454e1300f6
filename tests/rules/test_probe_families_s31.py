"""Families found by the session-31 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules.names import find_people
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

_DEPOT = ["罗小川", "钱立强", "邝志远", "岑晓燕", "宋立"]
_HALL = ["Fiona MacRae", "Tom Becker", "Le Thi Hoa", "Andrea Moretti", "Imogen Park"]


def _zh(utts: list[str]) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for u in utts for ch in u)


def _decisions(utts: list[str], names: list[str]) -> list[str]:
    minutes = run_meeting(utts, names, "zh" if _zh(utts) else "en").minutes()
    return [f"{d['text']}|{d.get('evidence', '')}" for d in minutes["decisions"]]


# ---- decisions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # a standing change from a point in time on
        (["还有个事，从下个月起例会改到周四上午。"], ["周四上午"]),
        # a rule put into force from a point on
        (["以后出库单和入库单两个人各签一遍，从下一批开始执行。"], ["入库单"]),
        # kept as planned, said with the verb
        (["周末的义卖原定在操场，还办吗？", "照常办。"], ["义卖"]),
        # agreed, then said again as what is done
        (["库存那么多，要不退一部分？", "就这么办，剩下的库存全部退回。"], ["库存"]),
        # a bare refusal read with the question it answers
        (["线上报名还开不开？", "开的话谁来盯？", "没人啊。", "那就算了，不开了。"], ["线上报名"]),
        # "定了，…" read with the question it answers
        (["新的排班定了没有？", "定了，早班七点到，晚班十点走。"], ["排班", "早班"]),
        # an event called off that no task is
        (["下午三十六度，拔河比赛要出事的，取消吧。"], ["拔河"]),
        # everyone's leave stopped
        (["国庆期间所有人取消休假，十号以后再补。"], ["休假"]),
        # English: the topic said alone before "it"
        (["Right, the loyalty card scheme. It ends in May and we're not renewing it."], ["loyalty card"]),
        # English: called off, in answer to whether it is still on
        (["Is the Easter raffle still on?", "No, it's off. The hall's double-booked, so we're not doing it this year."],
         ["raffle"]),
        # English: a standing change from a day on
        (["So from Monday, we're closing the side door at six."], ["side door"]),
        # English: a rule laid down and said to be one
        (["Until it's inspected nobody climbs that ladder. That's the rule."], ["ladder"]),
        # English: something let go
        (["Yes, we'll let the fun run go, it's too hot."], ["fun run"]),
        # English: the plan written into the diary
        (["So, the picnic on the 9th of June. Let's put it in the diary."], ["picnic"]),
    ],
)
def test_decided(utts: list[str], words: list[str]) -> None:
    got = _decisions(utts, _DEPOT if _zh(utts) else _HALL)
    assert any(all(w in d for w in words) for d in got), got


@pytest.mark.parametrize(
    "utts",
    [
        # a bare "就X" answering a question asked of one person
        ["小川，你下周去上海住哪儿？", "就会场对面那家，便宜。"],
        # what stands is checked, nothing chosen
        ["不是说好下周交吗？", "对。"],
        # a yes and nothing else
        ["好吧好吧，我打。"],
    ],
)
def test_nothing_decided(utts: list[str]) -> None:
    assert _decisions(utts, _DEPOT) == []


def test_a_refusal_taken_back_is_no_longer_decided() -> None:
    got = _decisions(["宣传册还印不印？", "人都排不过来了，宣传册先不印了。", "可开学季正是招生的时候。",
                      "嗯，也对。那还是印，印一千份，小岑你去联系印刷厂。"], _DEPOT)
    assert any("一千份" in d for d in got), got
    assert not any("不印" in d.split("|")[0] for d in got), got


def test_one_decision_for_the_question_and_the_reply_that_calls_it_off() -> None:
    got = _decisions(["Is the Easter raffle still on?", "No, it's off. The hall's double-booked, so we're not doing it this year."],
                     _HALL)
    assert len(got) == 1, got


def test_who_does_what_then_a_decision_in_one_sentence() -> None:
    utts = ["小罗你把值班表重排一下，周五给我，新的交接流程从下月起执行。"]
    assert has_task(tasks_in(utts, _DEPOT), "罗小川", ["值班表"], "周五")
    assert any("交接流程" in d for d in _decisions(utts, _DEPOT))


# ---- Chinese: who owns it, and what it is ------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # an order closing on 了, done for someone
        (["小罗，押金给人家退了。"], "罗小川", ["押金"], None),
        (["小罗，押金你给人家退了。"], "罗小川", ["押金"], None),
        # a surname with a one-character title (站长 said 站)
        (["邝站，你跟供电所联系一下。"], "邝志远", ["供电所"], None),
        # an obligation whose verb is one character, jieba gluing the modal to it
        (["小岑，围挡得租，月底前到。"], "岑晓燕", ["围挡"], "月底前"),
    ],
)
def test_chinese_work_and_who_owns_it(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words, due), found


def test_the_one_pointed_to_asks_for_the_work() -> None:
    found = tasks_in(["小岑，报价单你改一下，以后新客户都用这个。", "我改报价单啊？宋哥你不是改过吗？",
                      "改过改过。那给我嘛，我来改。"], _DEPOT)
    assert has_task(found, "宋立", ["报价单"]), found
    assert not has_task(found, "岑晓燕", ["报价单"]), found


def test_what_to_do_in_the_room_now_is_no_work() -> None:
    assert tasks_in(["来来，都坐，老钱你那杯奶茶先放下，开会了。"], _DEPOT) == []


def test_a_bare_verb_to_the_one_just_asked_is_their_work_not_anothers() -> None:
    found = tasks_in(["邝站，你跟供电所联系一下，借两台发电车，周五前到位。",
                      "小岑，围挡得租，月底前到。", "月底太晚了。", "那就提前，你这周就联系好。"], _DEPOT)
    assert has_task(found, "邝志远", ["供电所"]), found
    assert not has_task(found, "岑晓燕", ["供电所"]), found


def test_a_title_glued_to_a_surname_is_a_name_only_when_it_calls() -> None:
    people = ["高明", "车立"]
    assert find_people("我们下周去高校招聘。", people) == []
    assert find_people("去车站接一下客户。", people) == []
    assert [h.name for h in find_people("高校，你看看这个。", people)] == ["高明"]


# ---- English: who is called, and who speaks ------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # a capital inside the surname
        (["Fiona, you've got the keys, haven't you?", "I'll open the hall on Saturday."], "Fiona MacRae", ["open the hall"], None),
        # a Vietnamese name said surname first is called by its last word
        (["Hoa, can you book the coach?"], "Le Thi Hoa", ["coach"], None),
        # a pet form ending in -i
        (["Andi, can you book the van for Thursday?"], "Andrea Moretti", ["van"], None),
        # the one who cuts in says who they are, and claims the work
        (["Tom, can you check the fire extinguishers?", "I can, but honestly I'm swamped.",
          "Sorry, Imogen here, on the phone. That one's mine, not Tom's. I'll check the fire extinguishers by Friday."],
         "Imogen Park", ["fire extinguishers"], "by Friday"),
        # an aim for work said without an owner
        (["Andrea, the newsletter.", "It has to go out a week before the fair, so I'm aiming for the 12th."],
         "Andrea Moretti", ["newsletter"], "the 12th"),
        # "Please do." after a wish of the one who answered
        (["Fiona, the handbook?", "I'd want to rewrite the safety section before anyone prints it.", "Please do."],
         "Fiona MacRae", ["rewrite the safety section"], None),
    ],
)
def test_english_work_and_who_owns_it(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _HALL)
    assert has_task(found, owner, words, due), found


def test_the_one_cutting_in_takes_the_work_from_the_one_asked() -> None:
    found = tasks_in(["Tom, can you check the fire extinguishers?", "I can, but honestly I'm swamped.",
                      "Sorry, Imogen here, on the phone. That one's mine, not Tom's. I'll check them by Friday."], _HALL)
    assert not any(o == "Tom Becker" for o, _, _ in found), found


def test_two_orders_to_the_one_who_answered_briefly_dated_both() -> None:
    found = tasks_in(["And Tom, sorry, the audit again.", "I know, I know.",
                      "So could you send Andrea the figures and give Fiona the summary? Both today, ideally."], _HALL)
    assert has_task(found, "Tom Becker", ["figures"], "today"), found
    assert has_task(found, "Tom Becker", ["summary"], "today"), found


def test_an_order_asked_as_a_question_tells_nobody() -> None:
    found = tasks_in(["Tom, radio.", "The jingle isn't finished, the ending is a mess.", "Get the intern to finish it?",
                      "Nah, I'll finish the jingle myself by Friday."], _HALL)
    assert not any("intern" in t for _, t, _ in found), found
    assert has_task(found, "Tom Becker", ["jingle"], "by Friday"), found
