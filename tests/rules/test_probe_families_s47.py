"""Families found by the session-47 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are decisions and open questions."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import decisions_in, questions_in

# ---- English decisions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # a closing word said on its own after the statement
        (["The minibus stays in the depot overnight. Full stop.", "Right."], ["minibus", "depot"]),
        (["We limit the tombola to sixty tickets. Period.", "Okay."], ["tombola", "sixty"]),
        (["From Monday, everybody wears a lanyard on site. Not negotiable.", "Fine."], ["lanyard"]),
        (["We move the choir practice to Thursdays. That's that.", "Okay."], ["choir practice", "Thursdays"]),
        (["The fees go up by two pounds. That's where we land.", "Fair."], ["fees", "two pounds"]),
        (["The old trophies get engraved again. That's our decision.", "Good."], ["old trophies"]),
        # a closing word after a comma
        (["Safety comes first, end of.", "Understood."], ["Safety comes first"]),
        # the statement the reasons follow, not the last reason
        (["The deposit stays at fifty. We went over it at the AGM. If it goes up, bookings drop. That's decided.", "Okay."],
         ["deposit", "fifty"]),
        # the decision announced as one
        (["Decision for this week: no deliveries after three.", "Okay."], ["no deliveries"]),
        (["So here's the decision: the outing goes ahead on Sunday.", "Great."], ["outing", "Sunday"]),
        (["So, agreed then: green tiles for the washroom.", "Yes."], ["green tiles"]),
        (["So we're agreed, the bazaar opens on the fourth of June.", "Yep."], ["bazaar", "fourth of June"]),
        # a rule from a point in time, a setting held, something dropped by all
        (["Starting tonight, nobody props the fire door open.", "Okay."], ["fire door"]),
        (["Studio two stays shut while the ceiling's patched.", "Makes sense."], ["studio two"]),
        # a thing left where it is
        (["The piano's too fragile to shift. Let's leave it in place for the concert.", "Agreed."], ["in place"]),
        # "we'll go with that" confirms what was said before it
        (["Registration at nine, talks at ten. We'll go with that.", "Fine."], ["Registration at nine"]),
        # a thing refused in so many words, or called off after its name
        (["Fireworks this year?", "Too risky. No fireworks.", "Fine."], ["No fireworks"]),
        (["Okay, no varnishing today.", "Right."], ["varnishing"]),
        (["And the band practice on Friday — cancel. The hall's flooded.", "Right."], ["band practice"]),
        (["Okay.", "The ice sculpture. Forget it. Far too dear.", "Okay."], ["ice sculpture"]),
        # settled, said of its thing with "then"
        (["I'm happy to hold onto it.", "Okay. Priya keeps the key log then.", "Thanks."], ["key log"]),
        (["Right, so the craft stall goes on Saturday.", "Yep."], ["craft stall", "Saturday"]),
    ],
)
def test_en_decided(utts: list[str], words: list[str]) -> None:
    found = decisions_in(utts)
    assert any(all(w.lower() in d.lower() for w in words) for d in found), found


@pytest.mark.parametrize("said", ["No problem.", "No idea.", "See you Friday then.", "No worries, I'll sort it."])
def test_en_not_decided(said: str) -> None:
    assert decisions_in(["Can someone check the boiler?", said]) == []


def test_en_agreed_then_what_is_done_is_decided() -> None:
    found = decisions_in(["Do we refund everyone or only the ones who complained?", "Everyone. Otherwise it looks petty.",
                          "Agreed. Refunds for every ticket holder, and the complainers get a free pass.", "Good."])
    assert any("Refunds for every ticket holder" in d for d in found), found


def test_en_agreed_then_own_plan_is_no_decision() -> None:
    assert decisions_in(["Can you print the flyers, Bob?", "Agreed. I'll print them tonight."]) == []


def test_en_closing_word_alone_is_no_decision_of_its_own() -> None:
    found = decisions_in(["The minibus stays in the depot overnight. Full stop.", "Right."])
    assert not any(d.lower().startswith("full stop") for d in found), found


# ---- Chinese decisions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        (["会议室从下周二开始封闭装修。", "好。"], ["会议室", "封闭"]),
        (["以后每张发票，交财务之前，必须两个人签字。", "明白。"], ["发票", "签字"]),
        (["抽奖环节不搞了，时间太紧。", "行。"], ["抽奖环节"]),
        (["租金不动。", "嗯。"], ["租金"]),
        (["我定一下：九月三号开学典礼，九月一号之前彩排完。", "好的。"], ["开学典礼"]),
        (["食堂从周四开始停业。", "好。"], ["食堂", "停业"]),
        (["4号叉车今天起暂停使用。", "好。"], ["4号叉车", "暂停"]),
        (["周末的加班全部暂停。", "嗯。"], ["加班"]),
        (["家长会取消。", "行。"], ["家长会取消"]),
        (["6号车间设备不动。", "好。"], ["6号车间"]),
    ],
)
def test_zh_decided(utts: list[str], words: list[str]) -> None:
    found = decisions_in(utts)
    assert any(all(w in d for w in words) for d in found), found


@pytest.mark.parametrize(
    "utts",
    [
        ["我明天不去了，家里有事。", "好。"],  # one person's own plan, no decision of the group
        ["那台机器不动了，得找人修。", "好。"],  # stuck, not left as it is
        ["他说合同不签了。", "啊？"],  # what someone else said
        ["周六我要去钓鱼，雷打不动。", "哈哈。"],  # an idiom, not a thing left as it is
    ],
)
def test_zh_not_decided(utts: list[str]) -> None:
    assert decisions_in(utts) == [], decisions_in(utts)


# ---- English open questions -----------------------------------------------------------------------------


def test_en_question_a_hedged_counter_offer_goes_on_is_the_one_left_open() -> None:
    found = questions_in(["Fine, I'll book it.", "What about the newsletter, do we print it this year?",
                          "Maybe only for the members? Most copies went in the bin.", "Hmm. Let's think about it.",
                          "Right, the car park."])
    assert any("newsletter" in q for q in found), found


def test_en_question_another_option_asked_goes_on_the_first_question() -> None:
    found = questions_in(["Right, the harvest supper. Is it still the 20th?", "Two of the committee can't make the 20th.",
                          "The 27th, then?", "No idea. We'll ask around.", "Okay, any other business?"])
    assert any("harvest supper" in q for q in found), found


def test_en_question_nobody_actually_knows_the_answer_to_stays_open() -> None:
    found = questions_in(["Can we reuse last year's poster design?", "I don't actually know, to be honest.",
                          "Okay. Moving on."])
    assert any("poster" in q for q in found), found


# ---- Chinese dates --------------------------------------------------------------------------------------


def test_zh_day_settled_with_a_bare_na_after_the_owner_is_away_moves_the_work() -> None:
    from tests.rules.rules_harness import tasks_in

    found = tasks_in(["小唐，物料清单周五给我。", "周五我在苏州出差。", "那周四中午吧，清单周四中午发我。", "好的。"],
                     ["高峰", "唐小雨", "马丽"])
    assert any(owner == "唐小雨" and "清单" in title and due == "周四中午" for owner, title, due in found), found


def test_en_today_itself_is_said_whole() -> None:
    from tests.rules.rules_harness import tasks_in

    found = tasks_in(["Arjun, can you send the revised invoice to the printer?", "Sure, I'll mail it today itself."],
                     ["Meera Nair", "Arjun Rao"])
    assert any(owner == "Arjun Rao" and due == "today itself" for owner, _title, due in found), found


@pytest.mark.parametrize(
    ("text", "said", "iso"),
    [
        ("Have the rota ready before the staff meeting on the twelfth.", "before the staff meeting on the twelfth", "2026-04-12"),
        ("Check the nets by Sunday's match, Leon.", "by Sunday's match", "2026-04-12"),
        ("Lock the tool cage before you leave tonight.", "before you leave tonight", "2026-04-06"),
    ],
)
def test_en_date_said_with_its_occasion(text: str, said: str, iso: str) -> None:
    from datetime import date

    from intents.dates import resolve
    from supervisor.rules import lexicon as lx

    hits = [h.text for h in lx.dates(text)]
    assert hits == [said] and resolve(said, date(2026, 4, 6)) == iso, hits


@pytest.mark.parametrize(
    ("said", "words", "due"),
    [
        ("小唐，周四上午你负责把展板送过去。", "展板", "周四上午"),
        ("小唐，后天你去把租约签了。", "租约", "后天"),
    ],
)
def test_zh_day_said_before_you_dates_the_order(said: str, words: str, due: str) -> None:
    from tests.rules.rules_harness import tasks_in

    found = tasks_in([said, "好的。"], ["高峰", "唐小雨", "马丽"])
    assert any(owner == "唐小雨" and words in title and d == due for owner, title, d in found), found


@pytest.mark.parametrize("reply", ["Hmm. Let me hold off for now. I don't want to promise and then let them down.",
                                   "Yeah... let's see."])
def test_en_question_put_off_without_naming_it_stays_open(reply: str) -> None:
    found = questions_in(["Also, the hospice asked us for help. Do we take the weekend shifts or not?", reply,
                          "Okay. Next, the minibus."])
    assert any("weekend shifts" in q for q in found), found


def test_en_question_asked_again_by_pointing_keeps_the_matter_said_first() -> None:
    found = questions_in(["Who covers the cracked tiles? Four hundred quid at least. Is that on us?",
                          "Honestly, I don't know. Let me ask head office.", "Okay. Next, the skip hire."])
    assert any("cracked tiles" in q for q in found), found


def test_en_name_called_again_goes_on_no_question() -> None:
    found = questions_in(["Is Carol on? Carol, are you there? Your video's frozen. Carol?",
                          "Hi, sorry, I've no idea how this app works. Here now.", "Great. First, the rota."])
    assert not any("are you there" in q for q in found), found
