"""Families found by the session-38 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import en_turns, lexicon, refer, zh_turns
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_DEPOT = ["Phineas Grady", "Marguerite Obi", "Priya Lang", "Trevor Hale", "Mehreen Qureshi", "Kemi Adeyemi"]


@pytest.mark.parametrize(
    ("call", "name"),
    [("Finn", "Phineas Grady"), ("Mags", "Marguerite Obi"), ("Pree", "Priya Lang"), ("Tev", "Trevor Hale"),
     ("Mez", "Mehreen Qureshi")],
)
def test_a_pet_name_as_it_sounds(call: str, name: str) -> None:
    # ph said f, the r after the first vowel or consonant dropped, a silent h, ee said i
    assert clipped_call(call, name, _DEPOT)
    assert not clipped_call(call, "Kemi Adeyemi", _DEPOT)


def test_an_event_and_its_weekday_are_one_date() -> None:
    assert [h.text for h in lexicon.deadlines("I'll have the fix in before the release on Tuesday")] == [
        "before the release on Tuesday"]


@pytest.mark.parametrize(
    ("heard", "seq", "speaker"),
    [
        # called alone, the one called answers, then turns to someone else
        ({1: "Thanks. Kemi?", 2: "Invoices, mostly. And — Tev, you had the courier rota, right?"}, 2, "Kemi Adeyemi"),
        # …not one who cuts in first
        ({1: "Thanks. Kemi?", 2: "Sorry. Tev, you had the courier rota, right?"}, 2, None),
        # the one whose part is needed answers
        ({1: "Kemi, the grant return.", 2: "I'll file it Friday, I just need Trevor's mileage sheets.",
          3: "I'll send you those tonight."}, 3, "Trevor Hale"),
        # a speaker who calls someone, then says who they are
        ({1: "Good. Tev, it's Mez. I need the signed timesheets by the 30th."}, 1, "Mehreen Qureshi"),
    ],
)
def test_who_speaks(heard: dict[int, str], seq: int, speaker: str | None) -> None:
    assert en_turns.speaker(seq, heard, _DEPOT)[0] == speaker


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "have it fixed": the thing said to be broken since they were called
        (["Okay, quick one. Kemi, go.", "So the label printer is jammed again, it chews every third sheet.",
          "Will that be sorted before the demo?", "It has to be. I'll have it fixed before the demo on Thursday."],
         "Kemi Adeyemi", ["label printer"], "before the demo on Thursday"),
        # "it" is the matter they were called with
        (["Right. Priya, the insurance renewal.", "Bad news, they brought it forward a week.", "Can you do it?",
          "Yes, I'll get it done by Friday."], "Priya Lang", ["insurance renewal"], "by Friday"),
        # "those" is what was said to be needed of them
        (["Kemi, the grant return.", "I'll file it Friday, I just need Trevor's mileage sheets.", "I'll send you those tonight."],
         "Trevor Hale", ["mileage sheets"], "tonight"),
        # a call broken off by an aside and said again
        (["Okay. Tev — ah, here he comes — Tev, the van service, can you book that by Friday?", "Yep."],
         "Trevor Hale", ["van service"], "by Friday"),
        # a need restated more plainly right after
        (["Okay. Finn?", "So I think we need a backup, like, a spare projector, in case the hall one dies. I'll book it Monday."],
         "Phineas Grady", ["spare projector"], "Monday"),
        # an order with nothing to order is for the matter said on calling them
        (["Finn, gloves and masks. We're nearly out. Can you get an order in by Friday?", "Will do."],
         "Phineas Grady", ["gloves and masks"], "by Friday"),
        # a day said before "can you", and a place numbered is no one
        (["Tev, Monday morning could you take the spare crates down to Bay 6?", "Sure."], "Trevor Hale", ["crates"], "Monday morning"),
        # whom they ring, by name, said as their plan
        (["Fine by me. Marguerite is ringing Halvorsen's about the pallets."], "Marguerite Obi", ["Halvorsen"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words, due), found


def test_it_will_have_to_be_ordered_sooner_moves_the_date() -> None:
    utts = ["Finn, gloves and masks. We're nearly out. Can you get an order in by Friday?",
            "Wait, the inspection is Thursday. It'll have to be ordered tomorrow, Finn, or it won't land in time.", "Okay, tomorrow."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "Phineas Grady", ["order"], "tomorrow"), found


def test_a_name_spoken_to_while_putting_a_fact_right_takes_nothing() -> None:
    utts = ["Tev, keep chasing the scaffold permit, sorry.", "Fine, I'll keep at it.",
            "Wait, no, the riggers aren't in till Friday now, Kemi, they swapped days."]
    found = tasks_in(utts, _DEPOT)
    assert not has_task(found, "Kemi Adeyemi", ["permit"]), found
    assert has_task(found, "Trevor Hale", ["permit"]), found


# ---- Chinese ------------------------------------------------------------------------------------------

_WARD = ["钟立伟", "奚小敏", "邬建华", "祁乐"]


def test_greeted_as_they_come_in_is_a_call() -> None:
    assert zh_turns.called("小敏来啦，那我交个班，今天事多。", _WARD) == "奚小敏"


def test_two_talk_turn_by_turn_until_someone_else_is_named() -> None:
    heard = {1: "小敏来啦，那我交个班。", 2: "嗯，你说吧。", 3: "第一个，三号床的输液泵报警了好几次。", 4: "又是那台？上周刚修过。"}
    assert zh_turns.speaker(4, heard, _WARD)[0] == "奚小敏"
    assert zh_turns.speaker(3, heard, _WARD)[0] is None  # (the other one is never named)


@pytest.mark.parametrize(
    ("text", "work"),
    [("谁给房东打个电话问一下押金？", ["房东", "押金"]), ("谁不想早点回家？", None), ("谁知道这个密码？", None)],
)
def test_who_then_the_work(text: str, work: list[str] | None) -> None:
    got = zh_turns.asked_who(text)
    assert (got is None) if work is None else (got is not None and all(w in got for w in work)), got


def test_how_often_is_no_title_and_a_kind_of_thing_no_deadline() -> None:
    assert refer.no_work("每两个小时")
    assert not lexicon.deadlines("三天以内的订单全部重新核对一遍")


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the list of what was said to be needed
        (["下周要盘库，过期的耗材得先列个清单出来。祁乐，这个你来弄，周三交给我。"], "祁乐", ["耗材清单"], "周三"),
        # the thing, then what to get done with it; one more the same way
        (["立伟，对讲机全充上，备用电池也带上。"], "钟立伟", ["对讲机"], None),
        (["立伟，对讲机全充上，备用电池也带上。"], "钟立伟", ["备用电池"], None),
        # done once it is got
        (["小敏你收到以后登记一下样本。"], "奚小敏", ["登记"], None),
        # their work, reminded of with its day, then moved
        (["小敏，交接记录那份，不是说今天中午之前交吗？", "对，但是护士长又加了两项，得晚一点。", "那行，改到今晚八点前。"],
         "奚小敏", ["交接记录"], "今晚八点前"),
        # the one asked has to be somewhere that day: the date said next moves it
        (["祁乐，过期耗材的清单你来整理，周五交给我。", "组长，我周五上午要去培训，下午可能……", "哦，那下周一早上交也行。"],
         "祁乐", ["清单"], "下周一早上"),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _WARD)
    assert has_task(found, owner, words, due), found


def test_a_reminder_answered_yes_but_is_no_decision() -> None:
    led = run_meeting(["小敏，交接记录那份，不是说今天中午之前交吗？", "对，但是护士长又加了两项，得晚一点。"], _WARD, "zh")
    assert not led.open("decision"), led.open("decision")


def test_who_asked_then_claimed_and_thanked_by_name() -> None:
    utts = ["谁给房东打个电话问一下押金？", "我来吧，我一会儿就打。", "谢谢敏姐。"]
    found = tasks_in(utts, _WARD)
    assert has_task(found, "奚小敏", ["房东"]), found


def test_you_after_a_thanks_and_a_call_is_the_one_called() -> None:
    utts = ["谢谢敏姐。立伟，交班本你看了没？", "看了一半，昨晚急诊太忙了。", "啊？忙成那样？", "嗯，来了好几个车祸的。",
            "那你下午把交班本看完，晚上别再问了。"]
    found = tasks_in(utts, _WARD)
    assert has_task(found, "钟立伟", ["交班本"]), found
