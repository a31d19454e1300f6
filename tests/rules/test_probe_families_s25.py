"""Families found by the session-25 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from supervisor.rules import refer
from supervisor.rules.due import negated
from tests.rules.rules_harness import has_task, tasks_in

_found, _has = tasks_in, has_task
_ZH = ["周建华", "王芳", "李明", "陈静", "何晓燕"]
_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Dave Olsen"]


# ---- English: what "it" stands for ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # what is due needs doing; the ask comes two sentences on, when, after the pronoun, is no title
        (["And the quarterly fire alarm test is due. Who's got it this quarter?",
          "Megan, you had it in the spring, didn't you? Dave, could you take it this time?"],
         "Dave Olsen", ["fire alarm test"], None),
        # a lead before the dash names nothing; the plan's "it" is what comes after the dash
        (["One more thing — the holiday rota for August. I'll get it posted by Friday.", "Thanks, Priya."],
         "Priya Shah", ["holiday rota"], "by Friday"),
        # what we could do, said over commas, is what to get done
        (["What we could do, though, is put a notice on the website about the new hours. Tom, could you get that done this week?"],
         "Tom Becker", ["notice on the website"], "this week"),
    ],
)
def test_english_pronouns_stand_for_the_thing_said_before(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, _EN)
    assert _has(found, owner, words, due), found


@pytest.mark.parametrize(
    ("said", "lead"),
    [("Last thing", True), ("Oh, and one more thing", True), ("Also", True), ("The rota", False), ("", False)],
)
def test_a_lead_into_a_matter_says_no_thing(said: str, lead: bool) -> None:
    assert refer.lead_only(said) is lead


@pytest.mark.parametrize(
    ("text", "is_negated"),
    [("I can, but not till Friday", False), ("not until Monday", False), ("due Wednesday, not Friday", True),
     ("not by Friday", True)],
)
def test_not_till_a_day_says_when_it_is(text: str, is_negated: bool) -> None:
    hit = lx.dates(text)[-1]
    assert negated(text, hit) is is_negated


def test_a_day_not_before_which_they_can_is_the_due() -> None:
    found = _found(["Megan, could you check the fridge logs?", "I can, but not till Thursday."], _EN)
    assert _has(found, "Megan Cole", ["fridge logs"], "till Thursday"), found


def test_the_day_a_question_asks_about_is_not_the_due_of_the_thing() -> None:
    found = _found(["And the quarterly fire alarm test is due. Who's got it this month?",
                    "Megan, you had it in the spring, didn't you? Dave, could you take it this time?"], _EN)
    assert _has(found, "Dave Olsen", ["fire alarm test"]), found
    assert not _has(found, "Dave Olsen", ["fire alarm test"], "this month"), found


# ---- Chinese: work named by the question before, by what is proposed, and by whom it helps --------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # a verb of organising alone: what the question before asked about, by the date the answer gives
        (["我们内部先试吃一下。", "好，那试吃放在啥时候？", "下周嘛，下周三前搞完。王芳你来组织，各组都派人来。"],
         "王芳", ["试吃"], "下周三前"),
        # a plan asked for, of what was proposed before it; handed in on a day
        (["我觉得可以搞个早餐套餐，豆浆油条，针对上班族。", "这个可以试。李明你出个方案，下周一拿给我看。"],
         "李明", ["早餐套餐"], "下周一"),
        # asked to help, and what the help is
        (["陈静你配合一下，先在你们组试点。"], "陈静", ["试点"], None),
        # 你来弄 with 你 said is asked of the one named, titled by the matter before
        (["春节的值班今年要排。", "老周你来弄。"], "周建华", ["春节的值班"], None),
        # a thing fetched goes on with the one asked
        (["何晓燕你去跟两家都谈一下，拿样本回来。"], "何晓燕", ["样本"], None),
        # the way it goes after a 把 object is no verb of its own
        (["何晓燕你把样本带回来。"], "何晓燕", ["样本"], None),
    ],
)
def test_chinese_work_named_around_the_ask(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words, due), found


def test_you_after_an_answer_and_a_remark_is_the_one_who_answered() -> None:
    found = _found(["第二个，纸箱。晓燕，这个月纸箱又涨了？", "涨了，每吨涨了三百。我在看另外两家供应商。",
                    "东莞那家我晓得，质量还可以。你去跟两家都谈一下。"], _ZH)
    assert _has(found, "何晓燕", ["两家"]), found


@pytest.mark.parametrize(
    ("said", "words", "due"),
    [
        (["每个组长自己对照那个检查表过一遍，下周二之前把检查表拍照发群里。"], ["检查表"], "下周二之前"),
        (["大家周五前把周报交上来。"], ["周报"], "周五前"),
    ],
)
def test_an_order_to_everyone_is_work_with_no_one_owner(said: list[str], words: list[str], due: str) -> None:
    found = _found(said, _ZH)
    assert _has(found, None, words, due), found


def test_an_order_to_everyone_with_no_day_is_no_task() -> None:
    assert _found(["大家把手机调成静音。"], _ZH) == []


@pytest.mark.parametrize(
    ("clause", "topic"),
    [("冬至的活动搞嘛", "冬至的活动"), ("冬至……搞嘛", "冬至"), ("中秋礼盒还没定", "中秋礼盒"), ("明天开会", ""),
     ("新教材昨天到了", "新教材")],
)
def test_a_feast_is_a_topic_a_day_is_not(clause: str, topic: str) -> None:
    assert refer.subject(clause, []) == topic


# ---- English: needs said a turn or two before the one who takes them on ---------------------------


def test_somebody_will_have_to_is_open_work() -> None:
    found = _found(["Well, somebody'll have to get onto the council about the parking permits so."], _EN)
    assert _has(found, None, ["parking permits"]), found


def test_taking_on_a_need_said_two_turns_before() -> None:
    found = _found(["And someone needs to order the medals. Last year they came late.", "That was Ken's job last year.",
                    "Well, Ken's not here. Dave, would you take it on?", "Go on so. I'll get the order in by Friday."], _EN)
    assert _has(found, "Dave Olsen", ["order the medals"], "by Friday"), found


def test_a_need_said_by_the_one_who_then_takes_it() -> None:
    found = _found(["Right. Megan, anything from the kitchen?",
                    "Only that the boiler service is due end of May. I'll do it, but I'm not doing the forms on my own again this year."],
                   _EN)
    assert _has(found, "Megan Cole", ["boiler service"], "end of May"), found


def test_what_has_run_low_is_what_to_order() -> None:
    found = _found(["Tom, the hall. Is it ready?", "Nearly, only thing is we're almost out of floor polish.",
                    "Can you just order it and put it on the club account?"], _EN)
    assert _has(found, "Tom Becker", ["floor polish", "club account"]), found


# ---- Chinese two-person calls: names said at the opening, 你 said later -----------------------------

_CALL = ["胡秀英", "陆子豪"]
_OPENING = ["喂，陆院长吗？我教务处胡秀英啊。", "哎胡处，您好您好！", "过年好！我打电话主要是说几个事儿。", "您说，我拿个本记一下。",
            "第一个，排课系统里有两个班冲突了。", "哦，这个我知道，是临时调了时间。", "那你们尽快弄好，学生周五选课。", "没问题。",
            "第二个，评估的事儿。", "初稿有了，就是数据还差一些。"]


def test_turns_of_a_call_are_counted_from_its_opening() -> None:
    found = _found([*_OPENING, "毕业生的数据我帮你去要吧，我跟那边熟。", "那太好了，谢谢胡处！",
                    "不过评估报告你们尽量提前，三月十号前给我。", "行，我们抓紧。"], _CALL)
    assert _has(found, "胡秀英", ["毕业生的数据"]), found
    assert _has(found, "陆子豪", ["评估报告"], "三月十号前"), found


def test_you_given_to_is_not_asked() -> None:
    found = _found([*_OPENING, "对了，组里分给你的是阅读那部分，你知道吧？", "知道知道。"], _CALL)
    assert not any(o == "陆子豪" and "组里" in t for o, t, _ in found), found


def test_each_thing_its_own_day() -> None:
    found = _found(["王芳，教案你周四发我。", "好。", "周四有点赶，命题也是周五。", "那教案你周六发我也行，命题不能拖。",
                    "好好，那就教案周六，命题周五。"], _ZH)
    assert _has(found, "王芳", ["教案"], "周六"), found


# ---- English: everyone asked, telling someone, a second verb after "and" --------------------------


def test_everyone_asked_to_do_a_thing_is_work_with_no_one_owner() -> None:
    found = _found(["Could everyone send Megan their feedback by the twelfth, please?"], _EN)
    assert _has(found, None, ["feedback"], "by the twelfth"), found


@pytest.mark.parametrize("said", ["Can everyone make it on Friday?", "Could everybody hear me all right?"])
def test_everyone_asked_whether_they_can_come_or_hear_is_no_work(said: str) -> None:
    assert _found([said], _EN) == []


def test_letting_someone_know_is_work_and_a_second_verb_after_and_is_the_same_ones() -> None:
    found = _found(["Priya, could you let the caterers know it's forty, and book the small hall for the lunch?"], _EN)
    assert _has(found, "Priya Shah", ["caterers"]), found
    assert _has(found, "Priya Shah", ["small hall"]), found


def test_work_taken_back_by_the_one_who_asked_in_a_sentence_of_its_own() -> None:
    found = _found(["Next, the audit pack. Megan, could you check the invoices before Friday? Actually — scratch that, "
                    "you've got enough on. I'll check them myself.", "Thanks, Priya. Much appreciated."], _EN)
    assert [o for o, t, _ in found if "invoices" in t] == ["Priya Shah"], found


def test_the_one_waited_on_owns_up_and_plans() -> None:
    found = _found(["Tom, has the order gone in?", "Not yet. I was waiting on the final quantities from Megan.",
                    "Sorry, that's on me. I'll get you the quantities by Thursday.", "Cheers."], _EN)
    assert _has(found, "Megan Cole", ["quantities"], "by Thursday"), found


def test_two_orders_with_a_day_between_are_two_tasks_each_with_its_day() -> None:
    found = _found(["And Megan, could you send Tom the list of the open defects today and re-inspect the east stairs by Monday?"], _EN)
    assert _has(found, "Megan Cole", ["list of the open defects"], "today"), found
    assert _has(found, "Megan Cole", ["re-inspect the east stairs"], "by Monday"), found


def test_a_plan_said_in_full_after_a_bare_one_and_to_someone_by_name() -> None:
    found = _found(["Dave, is there any chance the supplier could deliver early?",
                    "I can ask. I'll speak to Harlow tomorrow and get a date for the early delivery."], _EN)
    assert _has(found, "Dave Olsen", ["early delivery"], "tomorrow"), found
    assert not _has(found, "Dave Olsen", ["ask"]), found


def test_a_thing_that_needs_to_go_to_someone_by_a_day_is_open_work() -> None:
    found = _found(["The draft budget needs to go to the trustees by the end of April."], _EN)
    assert _has(found, None, ["draft budget"], "by the end of April"), found


def test_a_call_and_what_it_is_for_stay_one_task_when_a_day_is_said_between() -> None:
    found = _found(["Tom, can you ring the council today and book the inspection for Thursday?", "Sure."], _EN)
    assert [(o, d) for o, t, d in found] == [("Tom Becker", "today")], found
    assert "inspection" in found[0][1], found


def test_holding_a_thing_back_till_a_day_moves_its_task_whatever_else_is_named() -> None:
    found = _found(["Megan, the renewal quote. Can you get it out by Friday?", "Sure.",
                    "Fine, I'll take the discount approval then. I'll send it to Gareth today.",
                    "And Megan, hold the quote till Monday actually, no point sending it before the discount's signed off."], _EN)
    quotes = [(o, t, d) for o, t, d in found if "quote" in t]
    assert quotes == [("Megan Cole", quotes[0][1], "till Monday")], found
