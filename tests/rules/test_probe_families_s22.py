"""Families found by the session-22 blind probe meetings (four writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import called_only
from supervisor.rules import zh_turns
from supervisor.rules.names import find_people
from tests.rules.rules_harness import decisions_in, has_task, run_meeting, tasks_in

_found, _has = tasks_in, has_task
_ZH = ["周建华", "王芳", "李明", "陈静", "何晓燕", "冯海涛", "谢鹏飞"]
_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Dave Olsen", "Pádraig Walsh"]


# ---- who: a pet name that is also a word calls its holder only as a call ------------------------


def test_a_pet_name_that_is_a_common_word_calls_only_where_it_calls() -> None:
    assert called_only("燕子") and not called_only("东子")
    assert [h.name for h in find_people("屋檐下有个燕子窝", _ZH)] == []
    assert [h.name for h in find_people("燕子，这个月的考勤你汇总一下", _ZH)] == ["何晓燕"]
    found = _found(["好，下一个。", "哦对了，燕子，这个月的考勤你汇总一下，周五前给我。"], _ZH)
    assert _has(found, "何晓燕", ["考勤"], "周五前"), found


# ---- Chinese work read past what stood in its way ----------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # a verb–object word said bare with its day (送检: jieba tags 检 a verbal noun)
        (["海涛你后天去送检。"], "冯海涛", ["送检"], "后天"),
        # a 把 clause that ends on its verb and result, whatever jieba tags them
        (["鹏飞你把消防栓全部擦干净。"], "谢鹏飞", ["消防栓"], None),
        # the one called answers for their unit
        (["鹏飞你们班把水带全部晾干。"], "谢鹏飞", ["水带"], None),
        (["周主任，你们科先把节前的值班表排出来，周四交。"], "周建华", ["值班表"], None),
        (["另外王姐，防汛的通知你们办公室今天就发下去。"], "王芳", ["防汛的通知"], "今天"),
        # what the work waits for, said before the one who does it
        (["设备到了以后李明你装一下系统、做个测试。"], "李明", ["装"], None),
        # how many to find, then the work they do
        (["海涛，你找至少两家比价，周三前给我。"], "冯海涛", ["比价"], None),
        # a pointer to the work said just before
        (["那得做个满意度调查。王芳，这个你跑一下？"], "王芳", ["满意度调查"], None),
        # a verb counted, jieba tagging it a place
        (["老周你再上门一次，周六去。"], "周建华", ["上门"], None),
        # a work verb of the lexicon with its object, and its day
        (["陈静你今天下午给他打电话。"], "陈静", ["打电话"], "今天下午"),
        # what is done first, said before the day and the work
        (["李明你改完周三前重新提交一版。"], "李明", ["提交"], "周三前"),
        # the one asked by name is asked, whatever hedged the clause before
        (["那先找找附近的门店，看能不能调几台，陈静你打几个电话问问。"], "陈静", ["电话"], None),
        # the verb alone after 去, done to what was said before
        (["合同还是找原来那家改。王芳你去沟通。"], "王芳", ["沟通"], None),
    ],
)
def test_zh_work_read_past_what_stood_in_its_way(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words, due), found


def test_going_to_listen_is_no_work() -> None:
    found = _found(["公开课前一天你找个教室试讲一遍，我去听。"], ["沈慧敏", "方子豪"])
    assert not [t for t in found if t[1] == "听" or "公开课前一天" in t[1]], found


@pytest.mark.parametrize(
    ("said", "due"),
    [
        # the day is too soon for the work, the counter-offer moves it
        (["鹏飞，你找两家打样，这周五前能到吗？", "这周五有点赶，打样最快也要一周。", "那就下周五，下周五前必须到。"], "下周五前"),
        # the one asked is away that day
        (["燕子，考勤你汇总一下，周五前给我。", "周五我休息啊，上周跟你请过假的。", "哦对。那就周四吧，周四下班前给我。"], "周四下班前"),
    ],
)
def test_a_day_pushed_back_moves_to_the_one_offered(said: list[str], due: str) -> None:
    found = _found(said, _ZH)
    assert [d for o, _, d in found if o in ("谢鹏飞", "何晓燕")] == [due], found


# ---- who says a plan ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "plan"),
    [
        ("我今天晚上把报表发出来。", True),  # two words of when before the 把
        ("第二笔款我下周一提付款申请。", True),  # a weekday with 下周
        ("我今天下午跟财务再对一下。", True),
        ("我跑一趟就要两个小时。", False),  # how long it takes
    ],
)
def test_a_plan_said_in_the_first_person(said: str, plan: bool) -> None:
    assert zh_turns.plans(said) is plan


def test_a_plans_you_is_the_one_told_not_the_one_asked() -> None:
    # In a call between two, "我…告诉你" is a plan told to the other: the next turn is not theirs.
    people = ["沈一鸣", "杜晓菲"]
    said = ["喂，菲菲？听得到吗？", "听得到，沈哥你说。", "三张图要改，你们评估一下。", "好，我跟画师确认一下，有问题下班前告诉你。",
            "行。修改意见我今晚把标注好的文档发你邮箱。"]
    found = _found(said, people)
    assert _has(found, "沈一鸣", ["文档"], "今晚"), found


# ---- decisions ---------------------------------------------------------------------------------


def test_the_option_taken_first_then_how_is_a_decision() -> None:
    said = ["公开课讲哪篇？《背影》会不会太常见？", "我对《背影》有感觉，能讲出自己的东西。", "那就讲《背影》，但切入点换一下，从动作描写进去。"]
    assert any("背影" in d for d in decisions_in(said)), decisions_in(said)


def test_an_option_settled_in_its_own_words_quotes_no_rejected_one() -> None:
    said = ["机房续约签一年还是三年？", "我倾向于三年的，折扣大。", "三年太长，变数大。", "那就签一年的，确定了。"]
    decided = decisions_in(said)
    assert decided and not any("折扣" in d for d in decided), decided


@pytest.mark.parametrize(
    "said",
    [
        ["Okay, let's keep this to ten minutes. Tom, you want to start?", "Sure."],
        ["Okay, let's get going. Megan, where are we at?", "Yeah, so the van's back from the garage."],
        ["I hear you. But let's not decide that here. Can you pull the numbers for the board?", "Yeah, I can have that by Friday."],
    ],
)
def test_running_the_meeting_and_putting_off_are_no_decisions(said: list[str]) -> None:
    assert decisions_in(said) == [], decisions_in(said)


@pytest.mark.parametrize(
    ("said", "word"),
    [
        (["The council wants the hearing moved.", "I'd rather we didn't.", "Fair. We'll keep the ninth."], "ninth"),
        (["Are we still repainting the bar?", "Actually, let's keep the old bar. It looks better worn."], "old bar"),
        (["That pushes everything back a month.", "Okay, fine. Let's start the east wing on the fourth then."], "east wing"),
        (["Cool, so we drop Python 3.8 in the next release."], "drop Python 3.8"),
        (["We could offer a bonus.", "Do it. Leave the bonus off for now."], "bonus"),
    ],
)
def test_the_option_kept_or_taken_said_as_settled_is_a_decision(said: list[str], word: str) -> None:
    assert any(word in d for d in decisions_in(said)), decisions_in(said)


@pytest.mark.parametrize("said", [["Let's keep it to ten minutes, people."], ["Let's keep an eye on the pump."]])
def test_keeping_the_meeting_short_or_an_eye_on_it_is_no_decision(said: list[str]) -> None:
    assert decisions_in(said) == [], decisions_in(said)


# ---- English asks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        (["Good. Megan, then submit the claim form by Tuesday."], "Megan Cole", ["submit the claim form"], "by Tuesday"),
        (["Fair enough. Podge, will you get a second quote, so?"], "Pádraig Walsh", ["second quote"], None),
        (["Tom, can you see if we can borrow a van for Monday?"], "Tom Becker", ["see if we can borrow a van"], "Monday"),
        # a name that is no participant after the verb: the one called puts them there
        (["Okay. Dave, put Lou on the early shift and give the depot a heads-up."], "Dave Olsen", ["put Lou on the early shift"], None),
        # an order naming nobody, said on right after asking one person
        (["Right. Priya, will you book the hall for the sixth? And ring the caterer."], "Priya Shah", ["ring the caterer"], None),
        # a pet form with -s, then the ask opened with "and"; "please" with an adverb after it
        (["Cheers, Meg. And can you get the float order in by Thursday?"], "Megan Cole", ["float order"], "by Thursday"),
        (["Good. Tom, please also check with the printers whether they can do two hundred."], "Tom Becker", ["check with the printers"], None),
        # work nobody owns yet, said of the future or of the thing itself
        (["Somebody will need to hire a generator for it, too."], None, ["hire a generator"], None),
        (["And the apology on the Riverside story needs to go up today."], None, ["apology on the Riverside story"], "today"),
    ],
)
def test_en_asks(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, _EN)
    assert _has(found, owner, words, due), found


def test_the_same_work_said_on_is_not_a_second_task() -> None:
    found = _found(["Megan, could you chase the electrician? Get him booked in."], _EN)
    assert [t for o, t, _ in found if o == "Megan Cole"] == ["chase the electrician"], found


def test_an_ask_taken_back_at_a_dash_gives_nothing() -> None:
    found = _found(["Tom, can you order the toner— actually, no, leave it."], _EN)
    assert not [t for o, t, _ in found if o == "Tom Becker"], found


def test_a_participant_put_on_work_still_owns_it() -> None:
    found = _found(["Okay. Dave, put Tom on the stock take."], _EN)
    assert not [t for o, t, _ in found if o == "Dave Olsen"], found


def test_the_rules_brain_keeps_the_plan_of_the_one_a_reply_calls() -> None:
    ledger = run_meeting(["王芳，报价单今天能出吗？", "能，今天晚上八点前我把报价单发出来。", "好的王芳，辛苦。"], _ZH)
    assert any(t["payload"]["owner"] == "王芳" and "报价单" in t["payload"]["title"] for t in ledger.open("task"))


def test_the_noun_correction_corrects_nothing() -> None:
    found = _found(["Dave, book the minibus.", "And the correction to the rota needs to go out today."], _EN)
    assert _has(found, "Dave Olsen", ["book the minibus"]), found


# ---- work needed with nobody asked -------------------------------------------------------------


def test_a_thing_that_must_be_done_with_nobody_named_is_open_work() -> None:
    found = _found(["还有车间门口那个灭火器，上周检查说过期了，得换新的，这周必须弄完。"], _ZH)
    assert _has(found, None, ["灭火器"], "这周"), found


def test_open_work_taken_on_right_after_is_one_task_of_the_taker() -> None:
    found = _found(["二号库的货架，上周有一层塌了，得修。", "李明你来弄吧。"], _ZH)
    assert [(o, t) for o, t, _ in found] == [("李明", "二号库的货架")], found


@pytest.mark.parametrize(
    "said",
    [
        ["夜班人少，护士一晚上得跑好几趟。"],  # how hard it is, no work
        ["这批货到港，得两三天。"],  # how long it takes
        ["这事得跟技术科商量。"],  # talking it over first
    ],
)
def test_a_must_that_names_no_work_is_nothing(said: list[str]) -> None:
    assert _found(said, _ZH) == [], _found(said, _ZH)
