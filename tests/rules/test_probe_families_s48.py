"""Families found by the session-48 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are confirmations that settle what was said before
or after them, open questions whose reply only says nobody knows, dates said with their occasion, and
Chinese work handed over by pointing at it."""

from __future__ import annotations

from datetime import date

import pytest

from tests.rules.rules_harness import decisions_in, has_task, questions_in, tasks_in

# ---- Chinese confirmations -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # the matter pointed at, confirmed on its own after the statement
        (["仓库的消防通道全部清空，周末也不许堆货。这个定了。", "好。"], ["消防通道"]),
        (["下学期的家长会改成线上开，没意义再挤礼堂。这个咱们就定了吧。", "同意。"], ["家长会", "线上"]),
        # …or inside the sentence, with "no more talk" after it
        (["以后进机房，每个人都要登记，这个就这么定了，不用再讨论了。", "行。"], ["进机房", "登记"]),
        (["年货一律发购物卡，这个就定了，不用再议，明年再看。", "好的。"], ["购物卡"]),
        # approved by the one who may
        (["行，周末值班加一个人，这个我批了。", "谢谢主任。"], ["值班", "加一个人"]),
        # a rule closed as not negotiable: the whole rule, not the clause before the cue
        (["第二，以后体温超过三十八度，又咳嗽的，一律先隔离，没得商量，不用等化验。", "明白。"], ["三十八度", "隔离"]),
        # a part dropped, a part kept, a plan kept as it was
        (["行，那覆膜不要了，压纹保留。", "好的。"], ["覆膜不要了", "压纹保留"]),
        (["下个月的读书会照旧。", "好。"], ["读书会照旧"]),
    ],
)
def test_zh_confirmed(utts: list[str], words: list[str]) -> None:
    found = decisions_in(utts)
    assert any(all(w in d for w in words) for d in found), found


def test_zh_no_more_talk_is_not_put_off() -> None:
    assert questions_in(["年货一律发购物卡，这个就定了，不用再议。", "好的。"]) == []


def test_zh_confirmation_before_the_rule_confirms_the_rule() -> None:
    found = decisions_in(["要不要搞个线上报修系统？", "系统以后再说，先用登记本。这个就定了，从下周起报修一律登记。", "好。"])
    assert any("登记" in d.split(" | ")[0] for d in found) and not any("系统" in d.split(" | ")[0] for d in found), found


# ---- English confirmations and decisions -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        (["Every ladder gets tagged before use. Not just inspected. That's also decided.", "Okay."], ["ladder", "tagged"]),
        (["Blue and silver for the banners.", "I agree. Okay — blue and silver. We are decided on that.", "Great."],
         ["blue and silver"]),
        (["Just your signature on the order. It's about nine hundred.", "Fine, that's approved.", "Thanks."], ["approved"]),
        # said again right after the cue: what follows it is the decision
        (["Six, monthly. Easy. So that's decided, six sessions, monthly, and we'll redo the budget.", "Cool."],
         ["six sessions", "monthly"]),
        # locked in after a comma, or what is locked said after the cue
        (["Right, the red route for the fun run, locked in.", "Good."], ["red route"]),
        (["Saturday works. Let's lock that — prize-giving Saturday at four.", "Great."], ["prize-giving Saturday"]),
        # a value set for all, closed with a bare "Done."
        (["Okay, the late fee goes to two pounds from next term. Done.", "Fair."], ["late fee", "two pounds"]),
        # an offer said as a statement, picked with "X it is"
        (["The caterer can do us the fourteenth.", "Good, the fourteenth it is."], ["fourteenth"]),
        # a thing kept as it is
        (["No. We're not charging for the shuttle. The shuttle stays free.", "Okay."], ["shuttle stays free"]),
        (["Okay, locker fees stay at ten pounds for another term.", "Fine."], ["locker fees", "ten pounds"]),
        # the call announced as the speaker's, or what we'll do
        (["So I'm just going to make the call: the gym closes at nine instead of ten.", "Okay."], ["gym closes at nine"]),
        (["Then let's do this: the clinic starts Monday the fourth of May.", "Good."], ["clinic starts"]),
        (["Here's what we'll do: the late shift starts at ten.", "Sure."], ["late shift"]),
    ],
)
def test_en_decided(utts: list[str], words: list[str]) -> None:
    found = decisions_in(utts)
    assert any(all(w.lower() in d.lower() for w in words) for d in found), found


@pytest.mark.parametrize(
    "utts",
    [
        ["If the shuttle stays free, more people will come.", "Probably."],
        ["Does the shuttle stay free next year?", "No idea."],
        ["I'm going to make the call to the caterer after lunch.", "Thanks."],
        # asked, not decided
        ["What I'd really like to know is whether we're keeping the late bus.", "Me too."],
    ],
)
def test_en_not_decided(utts: list[str]) -> None:
    assert decisions_in(utts) == []


def test_en_parking_a_matter_still_leaves_it_open() -> None:
    found = questions_in(["Do we repaint the fence this year?", "Parking that for now.", "Okay, next."])
    assert any("fence" in q for q in found), found


def test_en_bare_done_after_a_report_decides_nothing() -> None:
    assert decisions_in(["I posted the flyers through every door. Done.", "Thanks."]) == []


def test_en_announced_hand_over_stays_a_task() -> None:
    found = tasks_in(["Here's what we'll do: Tom, you ring the landlord.", "Will do."])
    assert has_task(found, "Tom Becker", ["ring the landlord"]), found


def test_en_reason_after_the_cue_keeps_the_statement_before() -> None:
    found = decisions_in(["The hall fee goes up to forty pounds.", "That's decided, the treasurer signed off.", "Okay."])
    assert any("forty pounds" in d for d in found), found


# ---- English open questions ------------------------------------------------------------------------------


def test_en_question_met_with_nothing_heard_stays_open() -> None:
    found = questions_in(["One more — did anyone hear back from the council about the bins?",
                          "Nothing. I chased them on Monday.", "Okay, moving on."])
    assert any("bins" in q for q in found), found


def test_en_bare_nothing_answers_a_question_about_what_is_there() -> None:
    assert questions_in(["Is anything blocking the release?", "Nothing.", "Great, moving on."]) == []


@pytest.mark.parametrize(
    "utts",
    [
        ["Has anybody asked the school about using their hall?", "I haven't. I thought you had.",
         "So nobody has. Hmm. We'll have to come back to that one."],
        ["Did anyone get a reply from the insurer about the van?", "Nothing. I rang them twice.",
         "Same here. So that's still up in the air."],
        ["Should the raffle be cash or vouchers? I really don't know.", "I lean vouchers, but the kids like cash, so...",
         "Yeah. Let's not decide that today."],
    ],
)
def test_en_question_a_reply_leaves_open_is_quoted_when_put_off(utts: list[str]) -> None:
    found = questions_in([*utts, "Right, anything else?"])
    asked = utts[0].split("?")[0].split()[-1]
    assert any(asked in q for q in found), found


def test_en_question_answered_with_a_figure_two_turns_back_is_not_reopened() -> None:
    found = questions_in(["How many tables do we need?", "Twelve, I'd say.", "Okay. Right, the raffle prizes.",
                          "Let's come back to that."])
    assert not any("tables" in q for q in found), found


def test_en_question_to_the_room_takes_the_matter_said_before_it() -> None:
    found = questions_in(["The lease on the depot runs out in May. Does anyone know who renews it?",
                          "I emailed the landlord. He never got back to me.", "Okay, that's still open."])
    assert any("lease on the depot" in q for q in found), found


# ---- dates -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said", "iso"),
    [
        ("I'll have the figures a week today.", "a week today", "2026-04-13"),
        ("Send it a week on Friday.", "a week on Friday", "2026-04-17"),
        ("Fix the hoist before Thursday's delivery.", "before Thursday's delivery", "2026-04-09"),
        ("Print the sheets before the Wednesday rehearsal.", "before the Wednesday rehearsal", "2026-04-08"),
        # the day with the hour or the part of it
        ("I'll ring the glazier tomorrow first thing.", "tomorrow first thing", "2026-04-07"),
        ("Bring the float Saturday lunch.", "Saturday lunch", "2026-04-11"),
        ("The form closes Sunday 10 AM.", "Sunday 10 AM", "2026-04-12"),
        ("Get the returns in by midnight tonight.", "midnight tonight", "2026-04-06"),
        ("Can you patch it later today?", "later today", "2026-04-06"),
    ],
)
def test_en_date_said_british_or_with_its_occasion(text: str, said: str, iso: str) -> None:
    from intents.dates import resolve
    from supervisor.rules import lexicon as lx

    hits = [h.text for h in lx.dates(text)]
    assert said in [h.removeprefix("by ") for h in hits] and resolve(said, date(2026, 4, 6)) == iso, hits


# ---- Chinese hand-overs ----------------------------------------------------------------------------------


def test_zh_work_handed_over_by_pointing_after_the_verb() -> None:
    found = tasks_in(["今年换个做法，我们做个签到表，贴在前台。王芳你负责这个，周五之前弄好。", "好的。"])
    assert has_task(found, "王芳", ["签到表"], "周五之前"), found


def test_zh_order_with_a_complement_of_completeness() -> None:
    found = tasks_in(["李明，场地这块你说说。", "去年的桌椅坏了不少。", "那你月底之前把保安招齐。", "好。"])
    assert has_task(found, "李明", ["保安"], "月底之前"), found


def test_zh_talk_dropped_with_suanle_reassigns_nothing() -> None:
    found = tasks_in(["陈静，你把那批纸箱先寄回去。", "好，我下午就寄。", "李明，库存你怎么盘的？", "就盘了一半。",
                      "一半？你这……算了，现在说这个也没用。你把库存表周四之前重新盘一遍。", "明白。"])
    assert has_task(found, "陈静", ["纸箱"]) and not has_task(found, "李明", ["纸箱"]), found


def test_zh_goods_sent_back_is_work() -> None:
    found = tasks_in(["陈静，你把那批纸箱先退回去。", "好。"])
    assert has_task(found, "陈静", ["纸箱"]), found


# ---- English owners --------------------------------------------------------------------------------------


def test_en_name_called_with_an_apology_takes_nothing_over() -> None:
    found = tasks_in(["Megan, could you write up the minutes?", "I'll have them by Monday.",
                      "Tom, you'll book the hall once the date's fixed.", "Sure.",
                      "Actually, Priya — sorry — Monday's tight for me. Can I say Wednesday for the minutes?", "Wednesday's fine."])
    assert has_task(found, "Tom Becker", ["book the hall"]) and not has_task(found, "Priya Shah", ["hall"]), found


def test_en_one_for_you_hands_the_need_over() -> None:
    found = tasks_in(["We need fresh quotes for the gutters. Dave, that's one for you.", "Okay."])
    assert has_task(found, "Dave Olsen", ["quotes"]), found
