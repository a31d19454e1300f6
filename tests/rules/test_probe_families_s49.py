"""Families found by the session-49 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures. This session's families are a chair's terse list of work (bare nouns, one
more item after "and", the work then whose it is), motions carried and rules confirmed, things
dropped by name, and Chinese work whose state is said before the order."""

from __future__ import annotations

from datetime import date

import pytest

from tests.rules.rules_harness import decisions_in, has_task, questions_in, tasks_in

# ---- English: a chair's terse list -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # a bare plural or compound, no article, and its day
        (["Tom, shelf labels by Friday."], "Tom Becker", ["shelf labels"], "by Friday"),
        (["Okay, Megan, seating plans this week."], "Megan Cole", ["seating plans"], "this week"),
        # one more item after "and", with its own day
        (["Dave, the rota by Monday, and the fridge log by the 12th."], "Dave Olsen", ["fridge log"], "by the 12th"),
        (["Right, Priya, invoices tomorrow, and the bank letters by Thursday, so we close on time."],
         "Priya Shah", ["bank letters"], "by Thursday"),
        # the work named, then whose it is
        (["The boiler service, that's Megan. Friday, ideally."], "Megan Cole", ["boiler service"], None),
        (["And the supplier follow-up — that's Tom. Today if you can."], "Tom Becker", ["supplier follow-up"], None),
        # told with "you", the work named before
        (["Next, the fire drill.", "Dave, you book it."], "Dave Olsen", ["fire drill"], None),
    ],
)
def test_en_terse_list(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts)
    assert has_task(found, owner, words, due), found


def test_en_terse_list_keeps_the_first_item() -> None:
    found = tasks_in(["Dave, the rota by Monday, and the fridge log by the 12th."])
    assert has_task(found, "Dave Olsen", ["rota"], "by Monday"), found


@pytest.mark.parametrize(
    "utts",
    [
        # where someone will be, or how, is no work
        ["Tom, back by six."],
        ["Megan, home by Friday?"],
        # a day said back to someone, no thing with it
        ["Dave, so the 9th."],
        # what someone hears, pointed at a name, is who it is
        ["If you hear drilling next door, that's Dave."],
    ],
)
def test_en_terse_list_not_work(utts: list[str]) -> None:
    assert tasks_in(utts) == [], tasks_in(utts)


def test_en_terse_list_item_with_its_own_verb_is_a_statement() -> None:
    found = tasks_in(["Tom, the rota by Monday, and the fridge log was checked on Friday."])
    assert not any("fridge" in t for _, t, _ in found), found


# ---- English: motions carried, rules confirmed, things dropped ---------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # the motion put with what it is, counted, carried
        (["Can we just vote?", "Let's vote. All in favour of the bike shed extension? Okay, that's everyone. Carried."],
         ["bike shed"]),
        (["The proposal is a two-pound guest fee.", "All in favour?", "Aye.", "The motion carries."], ["guest fee"]),
        # the rule said, then called the rule
        (["Anyone who locks up checks the back door twice. That's the rule from now on."], ["back door"]),
        # a thing dropped by name
        (["Do you still want the banner printed?", "No, forget the banner. We'll use the chalkboard."], ["forget the banner"]),
    ],
)
def test_en_decided(utts: list[str], words: list[str]) -> None:
    found = decisions_in(utts)
    assert any(all(w in d for w in words) for d in found), found


@pytest.mark.parametrize(
    "utts",
    [
        # a reminder is no decision
        ["Don't forget the banner tomorrow."],
        # the count alone decides nothing
        ["How many are here?", "Okay, that's everyone."],
    ],
)
def test_en_not_decided(utts: list[str]) -> None:
    assert decisions_in(utts) == [], decisions_in(utts)


# ---- Chinese: the state said before the order ----------------------------------------------------------------


def test_zh_not_done_yet_is_no_order_of_its_own() -> None:
    # how it stands is said to the one named; the order that follows is for the thing, titled by it
    found = tasks_in(["李明，保险单还没签，你催一下。"])
    assert found == [("李明", "保险单", None)], found


def test_zh_not_done_yet_alone_gives_no_work() -> None:
    assert tasks_in(["陈静，报名表还没交。"]) == []


# ---- Chinese: decisions announced as a list, confirmed with 也 / 咱们 ----------------------------------------


def test_zh_points_of_an_announced_list_are_decisions() -> None:
    found = decisions_in(["好，我宣布两个决定。第一，食堂早餐延长到九点。第二，周五下午不排会。", "收到。"])
    assert any("早餐延长到九点" in d for d in found), found
    assert any("周五下午不排会" in d for d in found), found
    # the announcement itself decides nothing
    assert not any(d.startswith("我宣布两个决定") for d in found), found


def test_zh_points_without_an_announcement_are_not_decisions() -> None:
    found = decisions_in(["我说几个情况。第一，食堂早餐有人反映太早。第二，周五下午会太多。", "嗯。"])
    assert found == [], found


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # confirmed with 也, the statement before is the decision
        (["还有，值班表每周一更新，不能拖。这个也定下来。", "好。"], ["值班表每周一更新"]),
        # "咱们就这么定了" closing a sentence that names a step in between: the whole statement
        (["班车票价不变，还是两块，这个我去跟车队说，咱们就这么定了。", "行。"], ["班车票价不变"]),
    ],
)
def test_zh_confirmed(utts: list[str], words: list[str]) -> None:
    found = decisions_in(utts)
    assert any(all(w in d for w in words) for d in found), found


# ---- open questions: no word back, no answer to give, asked inside a statement ----------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        # the reply says no word has come back
        (["打印机到底什么时候能修好？", "我周一就报修了，到现在也没个准话。"], ["打印机"]),
        # the reply says it can give no answer now
        (["搬家的费用谁出啊？", "这个我得回去问问，我现在没法答复你。"], ["搬家的费用"]),
        # asked inside a statement, with the speaker unsure
        (["年终奖到底发不发，我也拿不准，等董事会开完再说。", "好吧。"], ["年终奖"]),
        # English: the matter called a question mark, or the open thing
        (["Okay, so the venue deposit is still a question mark. Let's see next week."], ["venue deposit"]),
        (["So the big open thing is still whether the grant covers travel.", "Yeah."], ["grant covers travel"]),
    ],
)
def test_left_open(utts: list[str], words: list[str]) -> None:
    found = questions_in(utts)
    assert any(all(w in q for w in words) for q in found), found


def test_zh_question_answered_is_not_open() -> None:
    assert questions_in(["打印机到底什么时候能修好？", "明天上午就修好，师傅已经约了。"]) == []


# ---- Chinese: a thing that must be mended, nobody asked --------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "words"),
    [
        (["会议室那个投影仪，最近老是闪。", "那投影仪得找人修一下，下周要接待客户。"], ["投影仪"]),
        (["还有前台的价目表也得改一下，好几个价都不对了。"], ["价目表"]),
        (["仓库那几把叉车钥匙也得换一批了，齿都磨平了。"], ["叉车钥匙"]),
    ],
)
def test_zh_needed_repair_is_unowned_work(utts: list[str], words: list[str]) -> None:
    found = tasks_in(utts)
    assert has_task(found, None, words), found


@pytest.mark.parametrize(
    "utts",
    [
        # a standard to keep is no work
        ["服务态度得改进，这是老问题了。"],
        # nor what was already done
        ["空调上周已经换了新的，得换的都换了。"],
    ],
)
def test_zh_needed_repair_not_work(utts: list[str]) -> None:
    found = tasks_in(utts)
    assert found == [], found


# ---- a day said to everyone just given work ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "utts",
    [
        ["Dave, you restock the napkins, and Priya, you call the laundry service. By Thursday, both of you."],
        ["李明你去借投影仪，陈静你去打印签到表。你们俩周三之前弄好。"],
    ],
)
def test_day_said_to_both_dates_each(utts: list[str]) -> None:
    found = tasks_in(utts)
    assert len(found) == 2 and all(d is not None for _, _, d in found), found


# ---- the hour as crews say it ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Clear bay nine by fifteen hundred.", "by fifteen hundred"),
        ("Crew change at 0700 hours.", "at 0700 hours"),
        ("Have the truck back by twenty-two hundred.", "by twenty-two hundred"),
    ],
)
def test_en_military_hour_is_the_day_said(text: str, said: str) -> None:
    from intents.dates import resolve
    from supervisor.rules import lexicon as lx

    hits = [h.text for h in lx.dates(text)]
    assert said in hits and resolve(said, date(2026, 5, 4)) == "2026-05-04", hits


@pytest.mark.parametrize("text", ["Cut the order by five hundred units.", "We're over by twelve hundred dollars."])
def test_en_amount_is_no_hour(text: str) -> None:
    from supervisor.rules import lexicon as lx

    assert lx.dates(text) == [], lx.dates(text)


# ---- two things with one light verb -------------------------------------------------------------------------------


def test_en_two_things_with_one_light_verb_are_two_tasks() -> None:
    found = tasks_in(["Priya, you do the seating chart and the welcome email."])
    assert has_task(found, "Priya Shah", ["seating chart"]) and has_task(found, "Priya Shah", ["welcome email"]), found
    assert not any("seating chart" in t and "welcome email" in t for _, t, _ in found), found


def test_en_one_dish_named_with_and_stays_one_task() -> None:
    found = tasks_in(["Tom, you do the bread and butter pudding."])
    assert [t for _, t, _ in found] == ["bread and butter pudding"], found


# ---- a handed-over question, a short clarification, a day pushed back with "come on" --------------------------


def test_en_handed_over_as_a_question_is_work() -> None:
    found = tasks_in(["Megan, you take the stock count then?", "Yeah, fine."])
    assert has_task(found, "Megan Cole", ["stock count"]), found


def test_en_decision_said_again_as_a_contrast_confirms_the_statement() -> None:
    found = decisions_in(["Bay two stays closed until the floor is resealed. Not the patch, the whole floor. That's decided, full stop."])
    assert any("Bay two stays closed" in d for d in found), found


def test_en_day_said_back_with_come_on_is_moved() -> None:
    found = tasks_in(["Dave, can you repaint the loading lines?", "Sure, I can have that done by tomorrow.",
                      "Tomorrow? In this rain? Come on.", "Okay, fair. By the end of next week then."])
    assert has_task(found, "Dave Olsen", ["loading lines"], "By the end of next week") or has_task(
        found, "Dave Olsen", ["loading lines"], "by the end of next week"), found


def test_en_rule_said_after_the_cue_is_the_rule() -> None:
    found = decisions_in(["So that's the rule from now on: whoever opens the shop counts the float before nine."])
    assert any("counts the float" in d for d in found), found
