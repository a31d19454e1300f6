"""Families found by the session-53 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are, in Chinese, a thing asked to be handed over
as "给我一份X", a name called with "你辛苦一下" before the work, a task handed on in fuller words,
advice put to the one spoken to ("我建议你把…"), a call to someone as the work, a matter opened
with "还有那个X" as what nobody has taken yet, a car driven over, work turned down as someone
else's usual job; and, in English, "Let's not…" and "Not possible" that
correct nobody, a reply that calls the asker first, the floor handed over, a thing said to be
done already, a "no need" that answers the plan just brought up, and "X is with you"."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import PROBE_EN, has_task, tasks_in

# ---- Chinese: work and its owner ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # a thing counted out after 给我 is what is handed in, with 你 or without
        (["李明，你下周一之前给我一份培训计划。"], "李明", ["培训计划"], "下周一之前"),
        (["李明，明天下班前给我一个书面的说明。"], "李明", ["书面的说明"], "明天下班前"),
        # …and by a day's meeting
        (["王芳，周四例会之前给我一份排班表。"], "王芳", ["排班表"], "周四例会之前"),
        # a clause that calls the one asked with "你辛苦一下", then the work
        (["王芳你辛苦一下，年会的节目单周三之前定下来。"], "王芳", ["节目单"], "周三之前"),
        # advice put to the one spoken to, with the thing to do
        (["陈静，我建议你把客户的回访记录整理一份。"], "陈静", ["回访记录"], None),
        # a call to someone is the work, with whom it is to
        (["李明，你给物业打个电话。"], "李明", ["物业", "电话"], None),
        # a car driven over: one thing of one character, and what is done with it
        (["李明，你明天上午把车开过来。"], "李明", ["车", "开过来"], "明天上午"),
        # finished, then sent on to someone: the thing said first is the work
        (["王芳，会议纪要你今天整理好发客户邮箱。"], "王芳", ["会议纪要"], "今天"),
    ],
)
def test_zh_work(utts: list[str], owner: str | None, words: list[str], due: str | None) -> None:
    assert has_task(tasks_in(utts), owner, words, due), tasks_in(utts)


def test_zh_dated_order_said_back_with_a_copy_to_hand_in() -> None:
    """After the one asked answers, a request with a thing counted out after 给我 is theirs, however
    it opens."""
    utts = ["李明，空调维修的事你去问一下厂家。", "好，我下午就打。", "那你先让他们报个价，周五开会之前给我一份书面的方案。", "行。"]
    assert has_task(tasks_in(utts), "李明", ["书面的方案"], "周五开会之前"), tasks_in(utts)


def test_zh_handed_on_in_fuller_words_takes_the_fuller_title() -> None:
    utts = ["王芳，你来弄一下清单。", "周总，我这周都在外面培训。", "哦对。那还是小陈吧，陈静你辛苦一下，报废设备清单整理出来，月底之前交。", "好。"]
    found = tasks_in(utts)
    assert has_task(found, "陈静", ["报废设备清单"]), found
    assert not any(o == "王芳" for o, _, _ in found), found


def test_zh_someone_elses_usual_job_turns_the_work_down() -> None:
    utts = ["王芳，办公用品你去订一下。", "周总，订货一直是李明在跑的，供应商我都没联系过。", "哦对，是李明。李明，那你联系供应商，下周一之前送到。", "好。"]
    found = tasks_in(utts)
    assert not any(o == "王芳" for o, _, _ in found), found
    assert any(o == "李明" for o, _, _ in found), found


def test_zh_matter_opened_names_the_unowned_work() -> None:
    found = tasks_in(["还有那个消防栓，物业上个月说阀门有问题，到现在也没人管，得有人跟一下。"])
    assert any(o is None and "消防栓" in t for o, t, _ in found), found


def test_zh_thing_falling_apart_needs_redoing_by_nobody_yet() -> None:
    found = tasks_in(["对了，楼道那几块指示牌都快掉了，得重新装一下。", "那谁有空谁弄吧。"])
    assert any(o is None and "指示牌" in t for o, t, _ in found), found


@pytest.mark.parametrize(
    ("said", "words", "not_in_title"),
    [
        # how it is to be done, said after the work, names no work ("语气要客气")
        ("王芳，你跟供应商打个电话道个歉，语气要客气。", ["道个歉"], "语气"),
        # how little will do, said before the bare verb, is no topic of it
        ("李明，周会上通报一下停电的安排，口头说就行，你安排一下。", ["停电"], "就行"),
    ],
)
def test_zh_manner_clauses_name_no_work(said: str, words: list[str], not_in_title: str) -> None:
    found = tasks_in([said])
    assert any(all(w in t for w in words) for _, t, _ in found) and not any(not_in_title in t for _, t, _ in found), found


def test_zh_help_for_you_is_no_order_to_you() -> None:
    """"尽量帮您争取" after calling someone: the speaker does it for them, nothing is asked of them."""
    found = tasks_in(["王芳，这个要走总部的审批，我现在没法答应，只能说尽量帮您争取。"])
    assert not any(o == "王芳" for o, _, _ in found), found


# ---- English ------------------------------------------------------------------------------------------------


def test_en_lets_not_corrects_nobody() -> None:
    utts = ["Dave, renew the parking permits.", "Will do.", "Maybe we should also repaint the lines?",
            "Let's not rush, Tom. Let me think about it."]
    assert has_task(tasks_in(utts), "Dave Olsen", ["parking permits"]), tasks_in(utts)


def test_en_not_possible_pushes_back_the_date() -> None:
    utts = ["Megan, the supplier audit.", "We've only done three of the nine sites.", "Please finish the audit by Friday.",
            "Not possible, Dave. Half the sites are closed this week. Give me till the 20th.", "Okay, the 20th then."]
    found = tasks_in(utts)
    assert has_task(found, "Megan Cole", ["audit"], "the 20th"), found
    assert not any(o == "Dave Olsen" for o, _, _ in found), found


def test_en_reply_that_calls_the_asker_first() -> None:
    utts = ["Priya, the hiring plan.", "Tom, we still have four roles open.", "Please post the adverts by Thursday.", "Okay."]
    assert has_task(tasks_in(utts), "Priya Shah", ["post the adverts"], "by Thursday"), tasks_in(utts)


def test_en_exclaimed_word_before_the_request() -> None:
    utts = ["Dave, the van servicing.", "Two of them are overdue.", "Overdue! Please book them in this week.", "Will do."]
    assert has_task(tasks_in(utts), "Dave Olsen", ["van servicing"], "this week"), tasks_in(utts)


def test_en_answer_opened_with_see_is_the_one_called() -> None:
    utts = ["Now the pricing issue. Megan, this is what I wanted to raise.",
            "Right. See, Tom, the discount was never agreed in writing. I'll send the client a revised offer on Monday.", "Good."]
    assert has_task(tasks_in(utts), "Megan Cole", ["revised offer"], "Monday"), tasks_in(utts)


def test_en_floor_handed_over_is_no_task_and_the_plan_after_is_theirs() -> None:
    utts = ["So, Priya, you want to take them through?",
            "Sure. The designs are final. The test rig, I'll have it up and running by Tuesday. Dave, we'll need the sensors before then.",
            "Okay."]
    found = tasks_in(utts)
    assert has_task(found, "Priya Shah", ["test rig"], "by Tuesday"), found
    assert not any("through" in t for _, t, _ in found), found


def test_en_thing_said_first_then_already_done() -> None:
    utts = ["Tom, we'll need the badge printer fixed before Monday.", "Yeah, the printer I've already done, sorted it yesterday actually.",
            "Great."]
    assert tasks_in(utts) == [], tasks_in(utts)


def test_en_no_need_answers_the_plan_just_brought_up() -> None:
    utts = ["Megan, can you draft the visitor guide?", "I'll draft the visitor guide by Friday.",
            "Oh, and earlier we said we'd hire a coach for the visitors.", "No need. The hotel is next door. Cancel the coach."]
    assert has_task(tasks_in(utts), "Megan Cole", ["visitor guide"], "by Friday"), tasks_in(utts)


@pytest.mark.parametrize("said", ["Dave, the catering is with you.", "Dave, catering is on you."])
def test_en_is_with_you_hands_it_over(said: str) -> None:
    assert has_task(tasks_in([said], PROBE_EN), "Dave Olsen", ["catering"]), tasks_in([said], PROBE_EN)


def test_en_that_needs_doing_restates_the_unowned_work_not_the_reason() -> None:
    utts = ["Someone needs to update the fire drill plan, because the current one still lists the old exits.", "Yeah, that needs doing."]
    found = tasks_in(utts)
    assert [t for _, t, _ in found] == ["update the fire drill plan"], found


def test_en_got_to_run_is_leaving() -> None:
    utts = ["Tom, the venue deposit?", "Still chasing them. I'll keep calling. Okay, I've got to run, my train's in ten."]
    found = tasks_in(utts)
    assert not any(t.strip() == "run" for _, t, _ in found), found
