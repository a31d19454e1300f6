"""Families found by the session-33 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import address_forms, initials
from supervisor.rules import refer
from supervisor.rules.names import find_people
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

# ---- Chinese: who is called, and what the work is about ---------------------------------------------

_DEPOT = ["滕志远", "郜春燕", "隗振宇", "宿小军"]


@pytest.mark.parametrize(
    ("form", "name"),
    [
        ("振子", "隗振宇"),  # the first character of the given name, with 子
        ("志哥", "滕志远"),
        ("春姐", "郜春燕"),
    ],
)
def test_the_first_given_character_calls_someone(form: str, name: str) -> None:
    assert form in address_forms(name, _DEPOT)
    hits = find_people(f"{form}，你下午去一趟。", _DEPOT)
    assert [h.name for h in hits] == [name], hits


def test_a_first_given_character_shared_with_another_calls_nobody() -> None:
    crew = ["滕志远", "庞志刚"]
    assert "志子" not in address_forms("滕志远", crew)


@pytest.mark.parametrize(
    ("clause", "topic"),
    [
        ("二号吊车的年审到期了", "二号吊车的年审"),
        ("灭火器快过期了", "灭火器"),
        ("开学之前所有的宿舍钥匙都要收回来", "宿舍钥匙"),
        ("全部货架标签都要重贴", "货架标签"),
        ("集团昨天又要求", ""),  # who asks is no thing to do
    ],
)
def test_the_topic_a_clause_opens_with(clause: str, topic: str) -> None:
    assert refer.subject(clause, _DEPOT) == topic


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # the matter said as due, then the one called with a verb of going
        (["二号吊车的年审到期了。振子，你跑一趟。", "行。"], "隗振宇", ["年审"]),
        # what head office asks, a short exchange, then "this one" is given
        (["集团又规定，开学之前所有储物柜钥匙都要收回来。", "都要收？", "对，都收。春姐，这个你牵头。"], "郜春燕", ["储物柜钥匙"]),
        # a request asked with a rising tone and 着点
        (["志远，冷库的温度老往上跳，您帮忙盯着点？", "好。"], "滕志远", ["冷库"]),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words), found


def test_this_one_reaches_no_further_than_two_turns_back() -> None:
    utts = ["展柜的灯坏了两个。", "嗯。", "上次也是。", "对了，下周的排班出了没？", "小军，这个你牵头。"]
    found = tasks_in(utts, _DEPOT)
    assert not any("展柜" in t for _, t, _ in found), found


# ---- English: names from South and South-East Asia ------------------------------------------------

_HUB = ["Yeo Kian Seng", "Norhayati binte Ismail", "Mohamad Firdaus bin Rahim", "Anjali Kulkarni", "Siew Lan Chia"]


@pytest.mark.parametrize(
    ("form", "name"),
    [
        ("Kian Seng", "Yeo Kian Seng"),  # a Chinese name written surname first: the given names
        ("Uncle Yeo", "Yeo Kian Seng"),
        ("Kak Norhayati", "Norhayati binte Ismail"),  # kin before the given name
        ("Firdaus", "Mohamad Firdaus bin Rahim"),  # the name after Mohamad, never the father's
        ("Anjali ma'am", "Anjali Kulkarni"),  # respect after the given name
    ],
)
def test_how_a_name_is_called_at_home(form: str, name: str) -> None:
    assert form in address_forms(name, _HUB), address_forms(name, _HUB)


def test_the_fathers_name_calls_nobody() -> None:
    assert "Rahim" not in address_forms("Mohamad Firdaus bin Rahim", _HUB)


def test_initials_of_a_surname_first_name_are_the_given_names() -> None:
    assert initials("Yeo Kian Seng", _HUB) == "KS"


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        (["Kian Seng, ring the shipping line about the missing crate."], "Yeo Kian Seng", ["shipping line"]),
        (["Kak Norhayati, can you file the export declarations today?"], "Norhayati binte Ismail", ["export declarations"]),
        (["Firdaus, book the cold truck for Thursday."], "Mohamad Firdaus bin Rahim", ["cold truck"]),
    ],
)
def test_work_said_to_a_name_called_at_home(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _HUB)
    assert has_task(found, owner, words), found


# ---- English: orders said other ways ------------------------------------------------------------

_YARD = ["Orla Brennan", "Kwame Asante", "Lucía Ferreira", "Tomasz Zielinski"]


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # what someone is told may happen is no hedge on telling them
        (["Kwame, warn the caterers it might rain."], "Kwame Asante", ["caterers"]),
        # work to go on with
        (["Lucía, keep chasing the crane hire for Friday."], "Lucía Ferreira", ["crane hire"]),
        # the attempt is the work
        (["Tomasz, try to find a spare forklift."], "Tomasz Zielinski", ["spare forklift"]),
        # a cancel said as what happens if it fails cancels nothing
        (["Orla, keep ringing the scaffolders, and unless somebody picks up by four we drop it."], "Orla Brennan", ["scaffolders"]),
        # "you" and a verb done with someone, after a condition
        (["Kwame, when the rota is out, you go through the safety video with the new starters."], "Kwame Asante", ["safety video"]),
        # an aside between the name and the order
        (["Tomasz, now that you're off next week, write up the handover notes."], "Tomasz Zielinski", ["handover notes"]),
        # what the speaker needs, with where it should land after a comma
        (["Lucía, I need the fuel logs and the tyre readings, both in my inbox before Friday."], "Lucía Ferreira", ["fuel logs"]),
        # asked after, then taken on with a pronoun
        (["Orla, are you drafting the near-miss summary?", "Yes, I'll draft it tonight."], "Orla Brennan", ["near-miss summary"]),
        (["Orla, what about the near-miss summary?", "I'll draft it."], "Orla Brennan", ["near-miss summary"]),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _YARD)
    assert has_task(found, owner, words), found


@pytest.mark.parametrize(
    "said",
    [
        "Kwame, check your inbox.",  # reading what was sent is no work
        "Kwame, I need the van.",  # one thing wanted now, no work named
        "Kwame, I might tell the caterers.",  # the speaker's own hedge
        "Next, the budget figures. Kwame, over to you.",  # the floor handed over, not the work
    ],
)
def test_no_work_for_the_one_called(said: str) -> None:
    assert not any(o == "Kwame Asante" for o, _, _ in tasks_in([said], _YARD))


def test_back_to_you_gives_the_work_back() -> None:
    utts = ["Next item, the pallet audit. Orla, can you take it?", "I'm flat out this week.", "Okay, Kwame, you take the pallet audit.",
            "I'm on leave Thursday.", "Right, Orla, back to you."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Orla Brennan", ["pallet audit"]), found
    assert not has_task(found, "Kwame Asante", ["pallet audit"]), found


def test_a_date_said_of_other_work_does_not_move_the_work_in_hand() -> None:
    utts = ["Okay, Kwame, you take the pallet audit.", "The stock count is moved to Monday. Pallet audit by next Wednesday, please."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Kwame Asante", ["pallet audit"], "by next Wednesday"), found


def test_the_one_spoken_of_in_a_reply_is_not_who_replies() -> None:
    utts = ["Lucía, you're on the site visit.", "Okay, I'll book the van, and Lucía can check the permits. By when?"]
    ledger = run_meeting(utts, _YARD, "en")
    assert not any(t["payload"]["owner"] == "Lucía Ferreira" and "van" in t["payload"]["title"] for t in ledger.open("task")), ledger.open("task")
