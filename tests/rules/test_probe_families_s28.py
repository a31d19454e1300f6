"""Families found by the session-28 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules.zh_turns import called
from tests.rules.rules_harness import has_task, tasks_in

_CREW = ["钱伟", "孟凤英", "杜小鹏", "罗志刚"]
_WARD = ["郭丽华", "韩冰", "蒋涛", "石慧"]


# ---- a name closing a sentence after a particle calls them -------------------------------------


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("你推得倒挺快啊老罗。行，那你们说怎么办。", "罗志刚"),
        ("别急嘛小杜！先把图纸看完。", "杜小鹏"),
        ("这回总算弄明白了呀孟师傅。", "孟凤英"),
        # (a name after 了 is the object, not the one spoken to)
        ("这事儿我昨天问过了老罗。", None),
        # (no particle: "交给老罗。" hands the work over, it calls nobody)
        ("模具的事交给老罗。", None),
    ],
)
def test_a_name_after_a_closing_particle_calls_them(text: str, who: str | None) -> None:
    assert called(text, _CREW) == who


def test_the_one_called_after_a_particle_answers_with_their_plan() -> None:
    found = tasks_in(
        [
            "三号线的标签贴反了两百箱，我白班的人都走了，钱班长你们夜班弄吧。",
            "你推得倒挺快啊老罗。贴反的是哪几托，记录在你们白班手上，你们最清楚。",
            "也对。那我把贴反那两百箱的托盘号理出来，八点前弄完再走。",
        ],
        _CREW,
    )
    assert has_task(found, "罗志刚", ["托盘号"], "八点前")


# ---- the floor given in the meeting is no work ---------------------------------------------------


@pytest.mark.parametrize(
    "utts",
    [
        ["好，开始吧。先请韩护士长把昨晚的情况再简单说一遍。"],
        ["我补充一下药房那边了解到的。当时值班的说药是按时发的。"],
        ["石老师，你把你们科看到的也补充一下。"],
    ],
)
def test_speaking_in_the_meeting_now_is_no_task(utts: list[str]) -> None:
    assert tasks_in(utts, _WARD) == []


# ---- 让他 after the reasons for choosing them --------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        (["交接本，小杜细心，字也工整，让他补。"], "杜小鹏", ["交接本"]),
        (["设备台账，老罗最熟，让她改。"], "罗志刚", ["设备台账"]),
        (["巡检记录，孟师傅经验多，就让她签吧。"], "孟凤英", ["巡检记录"]),
    ],
)
def test_let_him_after_why_him_gives_the_thing_first_said(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _CREW)
    assert has_task(found, owner, words)
    assert all(w not in t for _, t, _ in found for w in ("细心", "最熟", "经验"))


# ---- English: "when will X be ready, NAME?" answered with a day ------------------------------------

_TEAM = ["Jade Whitaker", "Carlos Mendes", "Dana Cole", "Emily Novak"]


@pytest.mark.parametrize(
    ("asked", "reply", "words", "due"),
    [
        ("When will the vendor invoices be ready, Dana?", "Give me till Thursday.", ["vendor invoices"], "Thursday"),
        ("Carlos, when can you have the onboarding deck done?", "End of next week, realistically.", ["onboarding deck"],
         "End of next week"),
        ("Dana, rough ETA on the billing migration?", "I'm aiming for the 14th.", ["billing migration"], "the 14th"),
    ],
)
def test_the_one_called_answers_when_with_a_day(asked: str, reply: str, words: list[str], due: str) -> None:
    found = tasks_in(["Quick round on the open items.", asked, reply], _TEAM)
    owner = "Carlos Mendes" if "Carlos" in asked else "Dana Cole"
    assert any(o == owner and all(w in t for w in words) and d and due.lower() in d.lower() for o, t, d in found), found


@pytest.mark.parametrize("reply", ["No idea, ask finance.", "It went out yesterday.", "Already live, actually."])
def test_a_when_answered_without_a_day_to_come_is_no_task(reply: str) -> None:
    found = tasks_in(["Quick round on the open items.", "When will the vendor invoices be ready, Dana?", reply], _TEAM)
    assert not any(o == "Dana Cole" for o, _, _ in found), found


@pytest.mark.parametrize(
    ("reply", "due"),
    [("That one's mine. Realistically Thursday morning.", "Thursday morning"), ("Thursday morning, realistically.", "Thursday morning")],
)
def test_the_matter_put_to_one_called_answered_with_a_day(reply: str, due: str) -> None:
    found = tasks_in(["The payroll export hangs, and the login page loops.", "Okay. Dana, the payroll export?", reply], _TEAM)
    assert any(o == "Dana Cole" and "payroll export" in t and d and d.lower() == due.lower() for o, t, d in found), found


@pytest.mark.parametrize("reply", ["Booked for the 14th.", "It went live on Monday."])
def test_the_matter_answered_with_its_state_is_no_task(reply: str) -> None:
    found = tasks_in(["Next, logistics.", "Okay. Dana, the venue?", reply], _TEAM)
    assert not any(o == "Dana Cole" for o, _, _ in found), found


# ---- getting a thing into a state is the work ----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "words", "due"),
    [
        ("I'll have a patch up tonight.", ["patch"], "tonight"),
        ("Sure, I'll have the slides ready by Friday.", ["slides"], "by Friday"),
    ],
)
def test_having_a_thing_ready_is_a_plan(said: str, words: list[str], due: str) -> None:
    found = tasks_in(["The billing page is broken on Safari again.", "No, you go, Carlos.", said], _TEAM)
    assert has_task(found, "Carlos Mendes", words, due), found


@pytest.mark.parametrize("said", ["I'll have the day off on Friday.", "I'll have it in mind."])
def test_having_is_no_work_without_a_state_to_reach(said: str) -> None:
    found = tasks_in(["The billing page is broken on Safari again.", "No, you go, Carlos.", said], _TEAM)
    assert not any(o == "Carlos Mendes" for o, _, _ in found), found


# ---- the one called is told the work cannot be done so --------------------------------------------


def test_work_put_back_to_the_one_called_with_an_objection_is_not_theirs() -> None:
    found = tasks_in(["郭主任，新的引流袋月底前全部换完……说实话够呛，厂家下个月才排产。"], _WARD)
    assert not any(o == "郭丽华" for o, _, _ in found), found


def test_work_put_to_the_one_called_without_objection_is_theirs() -> None:
    found = tasks_in(["郭主任，新的引流袋你月底前全部换完，能行吗？"], _WARD)
    assert has_task(found, "郭丽华", ["引流袋"])


# ---- a yes from the one asked for something after the call -----------------------------------------


def test_the_yes_is_from_the_one_asked_after_the_call() -> None:
    found = tasks_in(
        [
            "郭主任，培训课件我们来做没问题，但是流程那一段，得蒋医生那边给我们一份书面的说明。",
            "可以，我回去写一份说明给你，周四前。",
        ],
        _WARD,
    )
    assert any(o == "蒋涛" and d == "周四前" for o, _, d in found), found
    assert not any(o == "郭丽华" for o, _, _ in found), found


# ---- "before the month's out" is the month's end, no absence ----------------------------------------


@pytest.mark.parametrize("said", ["before the month's out", "before the month is out"])
def test_before_the_month_is_out_is_a_date(said: str) -> None:
    found = tasks_in([f"Dana, can you chase the unpaid invoices {said}?"], _TEAM)
    assert has_task(found, "Dana Cole", ["unpaid invoices"], said), found


def test_the_month_is_out_resolves_to_its_last_day() -> None:
    from datetime import date

    from intents.dates import resolve

    assert resolve("before the month's out", date(2026, 9, 10)) == "2026-09-30"
    assert resolve("before the week is out", date(2026, 9, 10)) is None  # (a range, as "this week" is)


def test_someone_out_is_still_away() -> None:
    assert tasks_in(["Dana is out next week, so the audit waits."], _TEAM) == []


# ---- "X, you do it then. Sorry Y, scrap that." ------------------------------------------------------


def test_the_work_handed_on_with_an_apology_to_the_first_owner() -> None:
    found = tasks_in(
        [
            "The coach for the away game. Carlos, can you book it?",
            "Sure, but—",
            "Hang on, the account with the coach firm is in Emily's name. They won't take a booking from Carlos.",
            "Ah, fair enough. Emily, you take it then. Sorry Carlos, scratch that.",
        ],
        _TEAM,
    )
    assert any(o == "Emily Novak" for o, _, _ in found), found
    assert not any(o == "Carlos Mendes" for o, _, _ in found), found


def test_a_pronoun_for_a_thing_said_with_its_state_takes_the_thing() -> None:
    found = tasks_in(["Also the first-aid kit's almost empty, we're out of plasters.", "Dana, can you restock it before Saturday?"], _TEAM)
    assert ("Dana Cole", "restock the first-aid kit", "before Saturday") in found, found


@pytest.mark.parametrize("said", ["Carlos, shut the door, the heating's on. Thanks.", "Emily, can you turn the lights off? The screen's washed out."])
def test_the_room_now_is_no_task(said: str) -> None:
    assert tasks_in([said], _TEAM) == []


def test_the_room_later_is_still_work() -> None:
    assert has_task(tasks_in(["Emily, can you close the windows before you leave on Friday?"], _TEAM), "Emily Novak", ["windows"])


def test_xiao_for_a_given_name_opening_with_xiao() -> None:
    from intents.evidence import address_forms

    assert "小雨" in address_forms("李晓雨", ["赵婷婷", "孙浩", "李晓雨"])
    assert "小雨" not in address_forms("李思雨", ["赵婷婷", "孙浩", "李思雨"])
    found = tasks_in(["小雨，喜糖到货了吗？", "到了，都在我家。", "喜糖我来装，五一前装好。"], ["赵婷婷", "孙浩", "李晓雨"])
    assert any(o == "李晓雨" and d == "五一前" for o, _, d in found), found
    assert tasks_in(["今天外面下小雨，大家路上慢点。"], ["赵婷婷", "孙浩", "李晓雨"]) == []


def test_a_request_checked_with_which_one_still_stands() -> None:
    names = ["高强", "蔡丹", "孙凤英", "蔡伟"]
    assert has_task(tasks_in(["日子就定8号。强哥，饭店你去订，还是上次那家？"], names), "高强", ["饭店"])
    # (a choice of who is a question, no request)
    assert tasks_in(["强哥，饭店你去订，还是让伟哥去？"], names) == []


def test_a_given_name_called_with_a_word_of_kin() -> None:
    names = ["高远", "蔡丹", "孙桂兰", "蔡伟"]
    assert called("桂兰婶，回礼的喜饼今年还是您蒸？", names) == "孙桂兰"
    found = tasks_in(["桂兰姨，满月酒的喜蛋您那边能包了吗？", "喜蛋我洗，染红也是我，头天晚上弄好。"], names)
    assert has_task(found, "孙桂兰", ["喜蛋"]), found


def test_oh_well_then_new_work_taken_on_moves_no_other_task() -> None:
    names = ["高远", "蔡丹", "孙凤英", "蔡伟"]
    found = tasks_in(
        [
            "凤英婶，回礼的喜饼今年还是您做？",
            "喜饼我做，老规矩。",
            "我奶奶那边，我哥说了，他开车去接，是吧哥？",
            "我哪说过……那天我得加班。哎，算了，奶奶要紧，接奶奶我去，班改天再加。",
        ],
        names,
    )
    assert has_task(found, "孙凤英", ["喜饼"]), found
    assert not any(o == "蔡伟" and "喜饼" in t for o, t, _ in found), found


def test_the_next_matter_put_to_the_one_just_called() -> None:
    found = tasks_in(["宋姐，还有冷柜的温度记录，周五前交上来。"], ["张卫东", "宋美玲", "邓志强"])
    assert has_task(found, "宋美玲", ["温度记录"], "周五前"), found
    assert tasks_in(["宋姐，还有个事，你下午有空吗？"], ["张卫东", "宋美玲", "邓志强"]) == []


def test_what_the_one_called_did_before_names_the_work_asked_again() -> None:
    found = tasks_in(["We need a permit for the summer fair.", "Emily, you did the permit form last year, could you do it again?"], _TEAM)
    assert has_task(found, "Emily Novak", ["permit form"]), found
    assert not any("last year" in t for _, t, _ in found), found


# ---- words the date and the team readers cut in two ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [("组织一下周五的培训", "周五"), ("你看一下周三的安排", "周三"), ("说一下下周的排班", "下周"), ("统一下周一交", "下周一")],
)
def test_yixia_before_a_weekday_is_no_next_week(text: str, day: str) -> None:
    from supervisor.rules import lexicon as lx

    assert [h.text for h in lx.dates(text)] == [day]


@pytest.mark.parametrize(
    ("said", "title"),
    [("许晴，你们处理一下这个投诉。", "处理"), ("许晴，你们部署一下新版本。", "部署"), ("许晴，你们组织一下周五的培训。", "组织")],
)
def test_a_verb_after_nimen_is_no_team(said: str, title: str) -> None:
    found = tasks_in([said], ["高明远", "许晴", "邓凯"])
    assert any(o == "许晴" and t.startswith(title) for o, t, _ in found), found


@pytest.mark.parametrize("title", ["明白", "收到了", "谢谢舅", "开车慢点", "说正事", "路上小心"])
def test_a_yes_a_thanks_or_a_wish_names_no_work(title: str) -> None:
    from supervisor.rules import refer

    assert refer.no_work(title)


@pytest.mark.parametrize("title", ["明白需求", "收到货", "谢谢信"])
def test_work_that_opens_with_such_a_word_is_still_work(title: str) -> None:
    from supervisor.rules import refer

    assert not refer.no_work(title)
