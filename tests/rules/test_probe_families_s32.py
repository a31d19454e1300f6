"""Families found by the session-32 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import refer
from supervisor.rules.names import find_people
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

_SITE = ["蒙建国", "苟晓丽", "阙海涛", "仝文静"]


# ---- Chinese: what the work waits for is no part of it -------------------------------------------


@pytest.mark.parametrize(
    ("topic", "thing"),
    [
        ("验收完了", ""),
        ("等发票开出来了", "发票"),
        ("发票到了以后", "发票"),
        ("材料齐了", "材料"),
        ("等到周三", None),  # a time, no condition on work
        ("合同", None),
        ("报价单那个", None),
    ],
)
def test_a_condition_names_at_most_a_thing(topic: str, thing: str | None) -> None:
    got = refer.waited_on(topic)
    if thing is None:
        assert got is None or got == "", got
    else:
        assert got == thing, got


@pytest.mark.parametrize(
    ("utts", "owner", "words", "bad"),
    [
        # said to the one called by name, the condition first
        (["阙工，验收完了请您再去抽检一次。", "好。"], "阙海涛", ["抽检"], "验收"),
        (["晓丽，等发票开出来了你寄给对方。", "行。"], "苟晓丽", ["发票"], "等发票"),
        # the name after the condition
        (["验收完了请阙工再去抽检一次。", "好。"], "阙海涛", ["抽检"], "验收"),
        (["等发票开出来了晓丽你寄给对方。", "行。"], "苟晓丽", ["寄"], "等发票"),
    ],
)
def test_the_condition_before_the_work_is_not_its_title(utts: list[str], owner: str, words: list[str], bad: str) -> None:
    found = tasks_in(utts, _SITE)
    assert has_task(found, owner, words), found
    assert not any(bad in t for _, t, _ in found), found


# ---- English: how people are called ------------------------------------------------------------

_RINK = ["Ingrid Solberg", "Tevita Fifita", "Şule Yılmaz", "Ömer Aksoy", "Marama Te Rangi"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # initials said alone as a call, or as the one who does something
        ("Okay, IS, one for you.", "Ingrid Solberg"),
        ("Nets. TF?", "Tevita Fifita"),
        ("If TF can get the nets up, we're fine.", "Tevita Fifita"),
        # a surname with an accented capital, said alone
        ("Scoreboard. Aksoy?", "Ömer Aksoy"),
        ("Ömer, the scoreboard?", "Ömer Aksoy"),
        # a surname of two words opened by a particle
        ("Te Rangi, where are we on the bus?", "Marama Te Rangi"),
        # a title with the surname
        ("Coach Fifita, are the kids ready?", "Tevita Fifita"),
        # two letters of a surname said as a call
        ("Ak, can you lock up?", "Ömer Aksoy"),
    ],
)
def test_called_by(text: str, name: str) -> None:
    assert [h.name for h in find_people(text, _RINK)] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "The IS team rebuilt the server.",  # initials inside a phrase are an acronym
        "Ho ho, very funny.",  # a laugh is no call
        "Send it to the TF queue.",
    ],
)
def test_not_called(text: str) -> None:
    assert find_people(text, _RINK) == []


def test_a_title_said_with_a_surname_calls_them_alone_later() -> None:
    found = tasks_in(["Coach Fifita, the kids' bus?", "Booked for Saturday.",
                      "Coach, can you send the parents the pickup times by Thursday?", "Will do."], _RINK)
    assert has_task(found, "Tevita Fifita", ["pickup times"], "by Thursday"), found


# ---- English: the work asked, and its date ------------------------------------------------------


def test_the_one_called_answering_at_length_is_still_you() -> None:
    found = tasks_in(["Ice plant. Ingrid?", "Compressor two. It's running hot. Louder than last week, too.",
                      "Can you get a technician out to look at it before Friday?", "Yep."], _RINK)
    assert has_task(found, "Ingrid Solberg", ["technician"], "before Friday"), found


def test_a_new_date_asked_as_a_question_moves_the_work() -> None:
    found = tasks_in(["Tevita, can you reseal the boards by Friday?", "Friday, yes.",
                      "Wait, could you make it Thursday morning?", "Thursday morning. Fine."], _RINK)
    assert has_task(found, "Tevita Fifita", ["reseal the boards"], "Thursday morning"), found
    assert not any(t.startswith("make it") for _, t, _ in found), found


def test_a_count_of_the_requests_that_follow_is_no_clause_of_its_own() -> None:
    found = tasks_in(["Also, Ingrid, a couple of things for you: order the new pucks, and book the Zamboni service."], _RINK)
    assert has_task(found, "Ingrid Solberg", ["pucks"]), found
    assert has_task(found, "Ingrid Solberg", ["Zamboni"]), found


def test_a_dated_order_then_another() -> None:
    found = tasks_in(["Ömer, get the trophy order in by Monday and send the draw to Ingrid."], _RINK)
    assert has_task(found, "Ömer Aksoy", ["trophy order"], "by Monday"), found
    assert has_task(found, "Ömer Aksoy", ["send the draw"]), found


def test_leaving_the_room_after_the_meeting_is_no_leave() -> None:
    found = tasks_in(["Şule, the website still lists the old times.",
                      "Sorry. I'll fix the opening times on the website as soon as we're out of this room."], _RINK)
    assert has_task(found, "Şule Yılmaz", ["opening times"]), found
    assert not any("as soon as" in t for _, t, _ in found), found


def test_the_work_pointed_at_gets_the_new_date() -> None:
    found = tasks_in(["Ömer, the league wants the fixture list. Can you draw that up by Thursday?", "Thursday's fine.",
                      "Oh wait, I just saw an email. Their meeting moved to Wednesday. So it really has to be in by Wednesday.",
                      "Okay, tight but fine."], _RINK)
    assert has_task(found, "Ömer Aksoy", ["fixture list"], "by Wednesday"), found


def test_a_name_called_after_a_dash() -> None:
    assert [h.name for h in find_people("Okay, then — Tev, could you take the keys?", _RINK)] == ["Tevita Fifita"]


# ---- questions nobody answers -------------------------------------------------------------------


def _open_questions(utts: list[str], names: list[str]) -> list[str]:
    minutes = run_meeting(utts, names, "zh" if any("\u4e00" <= ch <= "\u9fff" for u in utts for ch in u) else "en").minutes()
    return [str(q.get("text", "")) for q in minutes["open_questions"]]


@pytest.mark.parametrize(
    ("utts", "word"),
    [
        # the meeting closes on it
        (["蒙书记，水塔那个检修的钱到底谁出？镇里有没有补助？", "哎，都十二点了，饭要凉了，先散了吧。"], "水塔"),
        # the next turn asks someone else about something else
        (["晒谷场到底是修成停车场还是留着？说了一年了。", "哎，晓丽，你家的猫找到没？", "找到了。"], "晒谷场"),
        # the matter put aside for another
        (["消毒柜就一台，两个食堂轮着用，够不够啊？", "……那个，先说排班吧。"], "消毒柜"),
        # said not to be known, after the asker adds a word of their own
        (["阙工，那个资质的年审到底交上去没有？去年就说要交。", "我也不晓得，材料交给街道就没消息了。"], "年审"),
    ],
)
def test_a_question_left_hanging_is_open(utts: list[str], word: str) -> None:
    got = _open_questions(utts, _SITE)
    assert any(word in q for q in got), got


def test_a_question_answered_is_not_open() -> None:
    assert _open_questions(["消毒柜就一台，两个食堂轮着用，够不够啊？", "够的，错开时间就行。"], _SITE) == []


def test_a_thing_changed_is_work_not_a_correction() -> None:
    found = tasks_in(["那晓丽你把门口的价目表更新一版，海涛把系统里的送货地址全改成新库房的，这两个周四前弄完。"], _SITE)
    assert has_task(found, "苟晓丽", ["价目表"], "周四前"), found
    assert has_task(found, "阙海涛", ["送货地址"], "周四前"), found


def test_a_handover_changed_to_another_is_still_a_correction() -> None:
    found = tasks_in(["价目表给晓丽，不对，改成海涛。"], _SITE)
    assert has_task(found, "阙海涛", ["价目表"]), found
    assert not has_task(found, "苟晓丽", ["价目表"]), found
