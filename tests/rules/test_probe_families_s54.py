"""Families found in session 54 (gaps left by session 53's probes, and the session-54 blind probe
meetings), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures. In English: more time asked for as a question ("Can I have till
the 20th?") and granted by a bare yes; a no that keeps the date, with a reason that names another
day; a thing put first and then the speaker's plan for it with no object of its own; "you do it" after
what we need to do; regional forms ("decide already", "Can give me by…?", "Sir Tom, …"); an ask taken
back at once; a sigh before the ask. In Chinese: a day settled on, then the one it falls to called
with "辛苦一下"; a dish that is no one; work handed in to the speaker; a chapter as work; the one named
at last taking work nobody had; things handed over as "是你的"; a time of day or a day that says which."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, tasks_in

# ---- English: a date asked for and granted ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "due"),
    [
        # another day asked for as a question, granted by a bare yes: the day asked for
        (["Dave, can you get the tenancy forms signed by the 12th?", "Can I have till the 19th?", "Sure."], "the 19th"),
        (["Megan, could you finish the stock report by Monday?", "Could I take until Wednesday?", "Fine by me."], "Wednesday"),
        (["Tom, can you book the coach by Friday?", "Could I do Tuesday?", "Okay, go ahead."], "Tuesday"),
        # …and turned down, with a reason that names another day: the first date stands
        (["Dave, can you get the tenancy forms signed by the 12th?", "Can I have till the 19th?",
          "No, the 12th please, the landlord flies out on the 14th."], "the 12th"),
        (["Tom, can you book the coach by Friday?", "Could I do Tuesday?", "No, Friday please, the school closes bookings on Monday."],
         "Friday"),
        # the other day asked for, with no answer given: still the day first asked
        (["Megan, could you finish the stock report by Monday?", "Could I take until Wednesday?",
          "Now, the next item is parking."], "Monday"),
    ],
)
def test_en_other_day_asked_for(utts: list[str], due: str) -> None:
    found = tasks_in(utts)
    assert len(found) == 1 and found[0][2] and due in found[0][2], found


def test_en_thing_first_then_a_plan_with_no_object() -> None:
    """"The X I'll pick up Monday": the thing said first is what the plan is for."""
    utts = ["Next, the open day.", "Priya, the welcome packs?", "The welcome packs I'll collect Thursday."]
    assert has_task(tasks_in(utts), "Priya Shah", ["welcome packs"], "Thursday"), tasks_in(utts)


# ---- Chinese: a day settled on, and whom it falls to ------------------------------------------------------


@pytest.mark.parametrize(
    "settled",
    ["那就下周二，王芳辛苦一下。", "行，那就下周二吧，王芳辛苦下。"],
)
def test_zh_day_settled_then_the_one_asked_called(settled: str) -> None:
    utts = ["王芳，新员工的培训手册这周四之前给我。", "周四不行，我周三到周五都在外面培训。", settled]
    assert has_task(tasks_in(utts), "王芳", ["培训手册"], "下周二"), tasks_in(utts)


# ---- English: work named before "you do it", and said in regional ways ------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # "you do it" by a day: the work we said we need to do
        (["We need to re-run the payroll export. Dave, you do it before the cut-off tomorrow."], "Dave Olsen",
         ["payroll export"], "before the cut-off tomorrow"),
        (["We need to update the allergen sheet.", "Megan, you take it."], "Megan Cole", ["allergen sheet"], None),
        # …or what was just settled, said as what we do
        (["We move the stock count to the annex, decided already. Tom, you do it by Friday."], "Tom Becker",
         ["stock count"], "by Friday"),
        # a day asked for with no "you"; a remark on what goes in between is no matter of its own
        (["Priya, you do the weekly freight summary. Volumes, delays, claims, the rest. Can give me by Thursday noon?"],
         "Priya Shah", ["freight summary"], "by Thursday noon"),
        # a title of respect before the name calls them
        (["Okay then, Sir Tom, can you take the safety induction instead?"], "Tom Becker", ["safety induction"], None),
        # sent on once the meeting ends: today
        (["Megan, you send the signed lease to the landlord straight after the meeting."], "Megan Cole", ["signed lease"],
         "straight after the meeting"),
    ],
)
def test_en_work(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    assert has_task(tasks_in(utts), owner, words, due), tasks_in(utts)


def test_en_told_to_settle_the_thing_asked_about() -> None:
    """The thing set off first in a question, then told done by a day: the one asked owns it."""
    utts = ["Dave, the March petty cash, still short by forty, right?", "Yes, I think a receipt went missing.",
            "Sort it by Friday."]
    assert has_task(tasks_in(utts), "Dave Olsen", ["petty cash"], "by Friday"), tasks_in(utts)


def test_en_sigh_before_the_ask_leaves_the_one_who_answered_asked() -> None:
    utts = ["Megan, where are we with the printer lease?", "Still waiting, they lost our paperwork again.",
            "Of course they did. Can you ring them and get a firm renewal date?"]
    found = tasks_in(utts)
    assert any(o == "Megan Cole" for o, _, _ in found), found


def test_en_ask_taken_back_then_put_to_another() -> None:
    """Asked, taken back at once with a reason about the one asked, then asked of another: only the
    second ask stands; "back to X then" hands it on again."""
    utts = ["The venue deposit, we need to pay it. Tom, can you sort that too? Actually, no, you're swamped already. "
            "Dave, could you pay the venue deposit?",
            "I could, but I don't have the card details.",
            "Fair. Okay, back to Tom then. The venue deposit is yours, by Wednesday is fine."]
    found = tasks_in(utts)
    assert [o for o, _, _ in found] == ["Tom Becker"], found


def test_en_away_said_after_a_title_of_respect_turns_the_ask_down() -> None:
    utts = ["Dave, you run the fire drill this week.", "Ma'am, I'm on leave Thursday and Friday.",
            "Oh right. Megan, can you run the fire drill instead?"]
    found = tasks_in(utts)
    assert [o for o, _, _ in found] == ["Megan Cole"], found


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # the choice said, then "that's the plan" and "locked in" confirm it
        (["So we're printing the brochures in-house and the posters at the shop. That's the plan, that's locked in."],
         ["brochures in-house"]),
        # "decide already": decided, however it is said; "no need to wait" calls nothing off
        (["We switch the courier to the cheaper one, decide already, no need to wait."], ["switch the courier"]),
    ],
)
def test_en_decisions(utts: list[str], words: list[str]) -> None:
    from tests.rules.rules_harness import run_meeting

    m = run_meeting(utts, PROBE_EN, "en", idempotent=False).minutes()
    assert any(all(w in d["text"] for w in words) for d in m["decisions"]), m["decisions"]


# ---- Chinese: what is handed in, and what a part of a paper is ------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # handed to the speaker, 我 is no part of the work
        (["陈静，你把报销单发我一下。"], "陈静", ["报销单"], None),
        # a chapter counted by its place is a thing to do
        (["陈静你帮他看看第二章，周六之前。"], "陈静", ["第二章"], "周六之前"),
    ],
)
def test_zh_work(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    assert has_task(tasks_in(utts), owner, words, due), tasks_in(utts)


def test_zh_a_dish_is_no_one_and_switching_to_it_is_decided() -> None:
    from tests.rules.rules_harness import run_meeting

    m = run_meeting(["那冷盘就换成金枪鱼吧。"], PROBE_ZH, "zh", idempotent=False).minutes()
    assert not m["action_items"], m["action_items"]
    assert any("金枪鱼" in d["text"] for d in m["decisions"]), m["decisions"]


def test_zh_the_one_named_at_last_takes_the_work_nobody_had() -> None:
    utts = ["还有年会，年会的节目单得有人牵头啊。谁来？", "那我来吧，我去年弄过。", "好，王芳牵头，下周五之前。"]
    assert has_task(tasks_in(utts), "王芳", ["节目单"], None), tasks_in(utts)


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # things handed to the one spoken to as theirs
        (["李明，年会的背景板和邀请函都是你的，下周三之前出来。"], "李明", ["背景板"], "下周三之前"),
        # a time of day that says which ones is part of the thing
        (["陈静你把下午的访客挨个通知一遍。"], "陈静", ["下午的访客"], None),
        # …and so is a day before a noun phrase
        (["王芳你把周五培训名单核对一下。"], "王芳", ["培训名单"], None),
    ],
)
def test_zh_things_handed_over(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    assert has_task(tasks_in(utts), owner, words, due), tasks_in(utts)

