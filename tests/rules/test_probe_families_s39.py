"""Families found by the session-39 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import en_turns, lexicon
from supervisor.rules.names import find_people
from supervisor.rules.text import similarity, spelled_out
from tests.rules.rules_harness import has_task, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_YARD = ["Rosalind Pike", "Orla Varga", "Stanislav Novak", "Abena Mensah", "Fitzgerald Dunne", "Wendy Lowe"]


def test_a_title_with_the_initial_of_the_surname_calls_them() -> None:
    assert [h.name for h in find_people("Mr. V, can you sign the forms?", _YARD)] == ["Orla Varga"]
    # (another surname opening with the same letter: no one)
    assert find_people("Mr. V, can you sign the forms?", [*_YARD, "Tom Vance"]) == []


def test_a_short_form_after_a_title_and_one_said_with_z() -> None:
    assert clipped_call("Roz", "Rosalind Pike", _YARD)
    # (the k of the first syllable written c in the pet form; not when another name gives it)
    assert clipped_call("Nicky", "Nikhil Shah", [*_YARD, "Nikhil Shah"])
    assert not clipped_call("Nicky", "Nikhil Shah", [*_YARD, "Nikhil Shah", "Nicola Bell"])
    assert [h.name for h in find_people("Coach Roz, can you book the bus?", _YARD)] == ["Rosalind Pike"]


def test_an_acronym_is_the_words_it_stands_for() -> None:
    assert similarity("raise the PO", "raise the purchase order for the tyres") == 1.0
    assert spelled_out("chase the RMA", "chase the purchase order") == "chase the RMA"  # (spells out no RMA)


@pytest.mark.parametrize(
    ("heard", "seq", "speaker"),
    [
        # each of the two may speak to the other by name on the way ("…, Wendy."), and mention
        # someone else in passing
        ({1: "Fitz, the bar.", 2: "We're two short on Friday.", 3: "Don't take them from the cloakroom, Abena needs them. Ring the agency.",
          4: "The agency sends people who can't pour, Wendy.", 5: "Then ring last year's casuals.", 6: "Fine. I'll ring the casuals."},
         6, "Fitzgerald Dunne"),
    ],
)
def test_who_speaks(heard: dict[int, str], seq: int, speaker: str | None) -> None:
    assert en_turns.speaker(seq, heard, _YARD)[0] == speaker


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the speaker's own part after an order is a statement of its own, with its own date
        (["Okay, the fence.", "Stan, measure the gap by Tuesday and I'll order the panels Thursday.", "Sure."],
         "Stanislav Novak", ["measure the gap"], "by Tuesday"),
        # a title and the surname's initial, then the acronym said back
        (["Mr. V, can you raise the purchase order for the tyres?", "I can do the PO, sure."], "Orla Varga", ["purchase order"], None),
        # two names called, then the ask: one task each
        (["Stan and Abena, can you split the night checks?", "Sure."], "Abena Mensah", ["night checks"], None),
        (["Stan and Abena, can you split the night checks?", "Sure."], "Stanislav Novak", ["night checks"], None),
        # the speaker's own plan taken back and handed on: "them" is what the plan named
        (["Wendy, the skip is full. I'll call the skip company today. Actually, no — Abena, you've got their number. Can you ring them?",
          "Will do."], "Abena Mensah", ["skip company"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _YARD)
    assert has_task(found, owner, words, due), found


def test_each_thing_its_own_date_in_one_sentence() -> None:
    utts = ["Abena, relabel the shelves so the codes match, and move the old stock to bay two.", "Okay. Relabelling is quick.",
            "Relabel today, then, and the move by the end of next week."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Abena Mensah", ["relabel"], "today"), found
    assert has_task(found, "Abena Mensah", ["move"], "by the end of next week"), found


def test_a_counter_offer_after_a_tricky_day_moves_the_date() -> None:
    utts = ["Wendy, can you phone the three families back?", "By when?", "By Thursday.",
            "Thursday's tricky, I'm at the depot all day. Could I do Friday?", "Friday's fine."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Wendy Lowe", ["families"], "Friday"), found


def test_a_thing_named_before_it_is_binned_is_not_the_work_in_hand() -> None:
    utts = ["Wendy, can you put the new times on the website today?", "Already on it.",
            "And bin the old 'summer hours' poster, we don't need that reprinted."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Wendy Lowe", ["website"]), found


def test_busy_all_day_pushes_a_date_back() -> None:
    assert lexicon.DATE_PUSHBACK.search("Thursday's awkward, I'm at the depot all day")


# ---- Chinese ------------------------------------------------------------------------------------------

_STATION = ["郑海涛", "侯立强", "苏晓燕", "蔡子轩", "龙春生"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # once over with a one-syllable verb, then what is measured; a day said after the week narrows it
        (["老侯，你这周把三楼那几个灭火器再挨个查一遍压力，周四之前给我个数。", "好。"], "侯立强", ["灭火器"], "周四之前"),
        # 重新 before the verb of a topic said to 你
        (["晓燕，值班表你重新排一份，周五前弄好。", "行。"], "苏晓燕", ["值班表"], "周五前"),
        # two things of one 把, said between pauses
        (["子轩你明天把会场的平面图，还有嘉宾的座位表，一起发给我。", "好的。"], "蔡子轩", ["座位表"], "明天"),
        (["子轩你明天把会场的平面图，还有嘉宾的座位表，一起发给我。", "好的。"], "蔡子轩", ["平面图"], "明天"),
        # 已经 in a modifier says which thing
        (["子轩你先把已经签好的合同寄回去。", "好。"], "蔡子轩", ["合同"], None),
        # greeted as they come in, then a remark, then 你
        (["好。", "春生来了正好，车的事。那辆面包车一直在漏油，你明天开去修一下。"], "龙春生", ["面包车"], "明天"),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _STATION)
    assert has_task(found, owner, words, due), found


def test_arrived_in_time_is_no_work() -> None:
    found = tasks_in(["春生来了正好，我们说一下排班。", "好。"], _STATION)
    assert not any(o == "龙春生" for o, _, _ in found), found


def test_a_day_one_is_taken_pushes_the_date_back_and_a_counter_date_moves_it() -> None:
    utts = ["晓燕，消防台账你整理一份，周三前弄好？", "周三……我周三要去区里开会一整天，来不及。", "那周五吧，周五给我。", "好，周五没问题。"]
    found = tasks_in(utts, _STATION)
    assert has_task(found, "苏晓燕", ["消防台账"], "周五"), found


def test_away_every_day_asked_still_turns_the_work_down() -> None:
    utts = ["晓燕，消防台账你这两天整理一下。", "我周三周四都要去区里开会，走不开。"]
    assert not any(o == "苏晓燕" for o, _, _ in tasks_in(utts, _STATION))


def test_the_ask_turned_down_goes_to_the_one_named_instead() -> None:
    utts = ["这批水带得送检。老侯，你把那批水带拉去送检一下。", "海涛，我下周休假啊。", "哦对，不对，那子轩你去吧。", "好，我明天就去。"]
    found = tasks_in(utts, _STATION)
    assert has_task(found, "蔡子轩", ["水带"]), found
    assert not any(o == "侯立强" for o, _, _ in found), found


def test_a_thing_knocked_over_is_the_work_not_where_it_stands() -> None:
    found = tasks_in(["对了，那块限速的牌子被车撞歪了，在后门那边，得有人扶一下。"], _STATION)
    assert has_task(found, None, ["限速的牌子"]), found


def test_two_days_for_two_tasks_in_one_reply() -> None:
    utts = ["子轩你先把嘉宾的邀请函发了，顺便把他们的房间也订一下。", "邀请函周三之前发，房间我下周订。"]
    found = tasks_in(utts, _STATION)
    assert has_task(found, "蔡子轩", ["邀请函"], "周三之前"), found
    assert has_task(found, "蔡子轩", ["房间"], "下周"), found
