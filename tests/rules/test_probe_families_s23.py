"""Families found by the session-23 blind probe meetings (four writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import extract as ex
from supervisor.rules import lexicon as lx
from supervisor.rules import turns, zh_turns
from tests.rules.rules_harness import decisions_in, has_task, tasks_in

_found, _has = tasks_in, has_task
_ZH = ["周建华", "王芳", "李明", "陈静", "何晓燕"]
_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Dave Olsen"]


# ---- an offer taken up is the plan of the one who made it --------------------------------------


@pytest.mark.parametrize(
    ("question", "plan"),
    [
        ("Should I put a notice up on the intranet too?", "I'll put a notice up on the intranet"),
        ("Sure. Want me to call the landlord?", None),  # two sentences: each is read on its own
        ("Want me to call the landlord?", "I'll call the landlord"),
        ("Should I email them, or wait for Monday?", None),  # a choice, not an offer
        ("要不要我把值班表发群里？", "我把值班表发群里"),
        ("需要我跟物业说一声吗？", "我跟物业说一声"),
        ("要不要换个供应商？", None),  # asks the room, offers nothing
    ],
)
def test_an_offer_reads_as_the_plan_it_becomes(question: str, plan: str | None) -> None:
    assert turns.offered(question) == plan


@pytest.mark.parametrize(
    ("reply", "taken"),
    [
        ("Yeah, do that. Keep it short.", True),
        ("Yes please.", True),
        ("No, hold off for now.", False),
        ("Sure, but not yet.", False),
        ("好，发吧。", True),
        ("不用了，我来。", False),
    ],
)
def test_an_offer_taken_up(reply: str, taken: bool) -> None:
    assert turns.taken_up(reply) is taken


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        # the one called answers, is told what to do, and offers one more thing
        (["Tom, how many complaints came in over the weekend?", "About thirty, mostly about the parking.",
          "Okay, send those to facilities.", "Will do. Should I put a notice up on the intranet too?", "Yes please, keep it short."],
         "Tom Becker", ["notice", "intranet"]),
        (["王芳，值班表排好了吗？", "排好了。要不要我把值班表发群里？", "好，发吧。"], "王芳", ["值班表"]),
    ],
)
def test_an_offer_taken_up_is_the_offerers_plan(said: list[str], owner: str, words: list[str]) -> None:
    names = _ZH if owner in _ZH else _EN
    assert _has(_found(said, names), owner, words), _found(said, names)


def test_an_offer_turned_down_is_nobodys_work() -> None:
    said = ["王芳，值班表排好了吗？", "排好了。要不要我把值班表发群里？", "不用，我周一会上说。"]
    assert not [t for t in _found(said, _ZH) if "群" in t[1]], _found(said, _ZH)


# ---- English orders said back after the one called answers --------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        # a sigh before the order is no clause of its own
        (["Dave, the printer on two still jammed?", "Yep, third time this week.", "Ugh. Okay, log a ticket with the vendor."],
         "Dave Olsen", ["ticket"]),
        # called with the matter alone, then told what to do, a verb with its particle
        (["Megan, catering.", "So the caterer wants a final headcount and we're short on vegetarian options.",
          "Put in the final headcount today, and call the caterer about a second vegetarian dish."],
         "Megan Cole", ["headcount"]),
    ],
)
def test_an_order_said_back_to_the_one_who_answered(said: list[str], owner: str, words: list[str]) -> None:
    found = _found(said, _EN)
    assert _has(found, owner, words), found


def test_a_second_order_joined_on_is_theirs_too() -> None:
    said = ["Megan, catering.", "So the caterer wants a final headcount and we're short on vegetarian options.",
            "Put in the final headcount today, and call the caterer about a second vegetarian dish."]
    found = _found(said, _EN)
    assert _has(found, "Megan Cole", ["vegetarian"]), found


@pytest.mark.parametrize("said", ["ugh", "Hmm", "alright", "Oh"])
def test_a_sigh_is_chatter(said: str) -> None:
    assert lx.CHATTER_ONLY.match(said)


# ---- what is not an order, not a correction, not done -------------------------------------------


def test_a_wish_by_name_is_no_work() -> None:
    found = _found(["Right, that's everything. Dave, enjoy the long weekend."], _EN)
    assert not found, found


def test_a_deadline_said_alone_after_an_ask_is_no_work() -> None:
    found = _found(["Dave, can you redo the floor plan then? Before the audit, obviously."], _EN)
    assert not [t for t in found if t[1].lower().startswith("before")], found


@pytest.mark.parametrize(
    ("said", "corrects"),
    [
        ("Tom, sorry, Friday's no good for the walkthrough.", False),  # sorry for a problem it then says
        ("Sorry, we can't do Friday.", False),
        ("Give it to Tom, sorry, Megan.", True),
    ],
)
def test_sorry_corrects_only_when_it_takes_something_back(said: str, corrects: bool) -> None:
    assert bool(lx.CORRECTION.search(said)) is corrects


def test_already_on_it_is_work_under_way_not_done() -> None:
    said = ["Tom, can you chase up the scaffold hire?", "Already on it, I'll have it booked today."]
    found = _found(said, _EN)
    assert _has(found, "Tom Becker", ["scaffold"]), found


# ---- Chinese: a draft asked for by its count ----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        (["陈静，你把值班表重新排一版，周一给我。"], "陈静", ["值班表"]),
        (["李明，你把发言稿改一稿。"], "李明", ["发言稿"]),
    ],
)
def test_a_draft_asked_for_by_its_count(said: list[str], owner: str, words: list[str]) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words), found


# ---- more of what the one called is asked -------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # two pieces of work, each with its own object, asked in one breath
        (["Tom, can you update the rota and also book the minibus for the away game?"], "Tom Becker", ["minibus"], None),
        (["Tom, can you update the rota and also book the minibus for the away game?"], "Tom Becker", ["rota"], None),
        # called with the matter alone, then asked for it by a day
        (["Megan, the grant summary for the board. Can I have it by the 12th?"], "Megan Cole", ["grant summary"], "by the 12th"),
        # an ask taken back at a dash and given to someone else, in the same sentence or the next
        (["Dave, can you ring the locksmith — actually, no, Megan, you do it, you've got the account."], "Megan Cole",
         ["locksmith"], None),
        (["Dave, print the seating plan for Friday — actually, no. Megan, you do it, you know the room."], "Megan Cole",
         ["seating plan"], None),
    ],
)
def test_what_the_one_called_is_asked(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, _EN)
    assert _has(found, owner, words, due), found


@pytest.mark.parametrize(
    ("title", "parts"),
    [
        ("update the rota and also book the minibus", ["update the rota", "book the minibus"]),
        ("call the landlord and get the boiler looked at", ["call the landlord and get the boiler looked at"]),  # what the call is for
        ("check the stock and the fridge", ["check the stock and the fridge"]),  # one verb, two things
        ("draft the report and get it to me", ["draft the report and get it to me"]),  # the same work, handed in
    ],
)
def test_two_orders_joined_by_and(title: str, parts: list[str]) -> None:
    assert ex.two_orders(title) == parts


def test_an_ask_taken_back_leaves_the_work_before_it_where_it_was() -> None:
    said = ["Dave, can you send the invoice pack to Megan by Friday?", "Sure.",
            "Megan, can you ring the locksmith — actually, no, Tom, you do it, you've got the account."]
    found = _found(said, _EN)
    assert _has(found, "Dave Olsen", ["invoice pack"]) and _has(found, "Tom Becker", ["locksmith"]), found


def test_a_day_pushed_back_after_a_pause_moves_to_the_one_offered() -> None:
    said = ["Megan, the grant summary for the board. Can I have it by the 12th?",
            "The 12th is... tight. I'm still waiting on the figures from finance.", "Okay. Then the 15th, but no later."]
    assert [d for o, _, d in _found(said, _EN) if o == "Megan Cole"] == ["the 15th"], _found(said, _EN)


@pytest.mark.parametrize(
    ("said", "plan"),
    [
        ("Not yet. Let me call the depot this afternoon.", True),
        ("Let me think about it.", False),
        ("Let me see.", False),
    ],
)
def test_let_me_before_a_verb_of_work_is_a_plan(said: str, plan: bool) -> None:
    assert turns.plans(said) is plan


# ---- Chinese: what the speaker means to do, work given while a matter is put off ----------------


@pytest.mark.parametrize(
    ("said", "plan"),
    [
        ("我想周四去仓库盘个点。", True),
        ("我想这周五前把合同签下来。", True),
        ("我打算把广告预算砍一半。", True),
        ("我想问一下。", False),  # a wish to speak now
        ("我想这个方案不太行。", False),  # an opinion
    ],
)
def test_what_the_speaker_means_to_do_and_when_is_a_plan(said: str, plan: bool) -> None:
    assert zh_turns.plans(said) is plan


def test_a_plan_meant_is_the_speakers_task() -> None:
    said = ["何晓燕，体检这块呢？", "都正常。就是流感又要来了，我想这周给全体员工做一次培训。", "可以。"]
    assert _has(_found(said, _ZH), "何晓燕", ["培训"], "这周"), _found(said, _ZH)


def test_just_that_opens_no_decision() -> None:
    said = ["何晓燕，体检这块呢？", "都正常。就是流感又要来了。"]
    assert not decisions_in(said), decisions_in(said)


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        # a matter put off, and work given for it by name in the same breath
        (["两个方案都行。这个先不定，王芳你把两种方案的成本都整理一下，下周一再议。"], "王芳", ["成本"]),
        # a verb jieba knows, asked done once, its object said before
        (["这个先不定，李明你两种都评估一下，下周一给个结论。"], "李明", ["评估"]),
        (["李明你统计一下。"], "李明", ["统计"]),
    ],
)
def test_work_given_while_a_matter_is_put_off(said: list[str], owner: str, words: list[str]) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words), found


@pytest.mark.parametrize("said", ["李明你想一下。", "李明你介绍一下。"])
def test_thinking_or_speaking_now_is_no_work(said: str) -> None:
    assert not _found([said], _ZH), _found([said], _ZH)


# ---- open work nobody owns, said the way people say it ------------------------------------------


@pytest.mark.parametrize(
    ("said", "words"),
    [
        (["Okay, well, someone's going to have to get a quote for the fence repair."], ["quote"]),
        (["Somebody's gotta go through the freezer and label everything."], ["freezer"]),
        (["That generator must be refuelled before Monday."], ["generator"]),
        (["And the fire plan's got to go up on the noticeboard before the inspection on Friday."], ["fire plan"]),
    ],
)
def test_open_work_nobody_owns(said: list[str], words: list[str]) -> None:
    found = _found(said, _EN)
    assert _has(found, None, words), found


def test_an_ask_taken_back_by_the_one_who_made_it_is_theirs() -> None:
    # the one thanked right after said it; the work said before as nobody's is theirs now
    said = ["Somebody's gotta take the keys round to the landlord.",
            "Okay. Tom, can you take the keys round— actually, no, I'll do it, you're swamped. I'll do it today.",
            "Thanks, Megan."]
    found = _found(said, _EN)
    assert [o for o, t, _ in found if "keys" in t] == ["Megan Cole"], found


def test_dropping_a_thing_off_delivers_it() -> None:
    found = _found(["Tom, can you drop the keys off at the landlord's tomorrow?"], _EN)
    assert _has(found, "Tom Becker", ["keys"], "tomorrow"), found
    assert lx.CANCEL.search("Let's drop the idea of a second launch.")


def test_reckoning_is_work() -> None:
    # 算 with a complement of work done reckons ("算一下"); "算了" drops the matter
    found = _found(["这个先不定，王芳你把两种方案的成本都算一下，下周一再议。"], _ZH)
    assert _has(found, "王芳", ["成本"], "下周一"), found
