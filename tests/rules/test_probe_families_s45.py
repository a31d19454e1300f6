"""Families found by the session-45 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import zh_turns
from supervisor.rules.extract import clean_en_title
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_YARD = ["Gwen Porter", "Hugh Daly", "Ines Moreau", "Karl Novak"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # given the floor with a matter ("Hugh, the trailers."), the one called answers: their plan is theirs,
        # though they turn to someone else after it
        (["Hugh, the trailers.", "Two tyres are bald after the winter. I'll order new tyres by Friday. Karl, can you check the hitch?",
          "Sure."], "Hugh Daly", ["tyres"], "by Friday"),
        # "they need the X before…" is what "could you run it?" points at
        (["Three new drivers start next month. They need the safety briefing before they drive. Ines, could you run it?", "Happy to."],
         "Ines Moreau", ["safety briefing"], None),
        # the thing, a dash, then whose it is
        (["The parts order — Karl, that's yours, please.", "Fine."], "Karl Novak", ["parts order"], None),
        # the thing and its day, asked of the one called
        (["Gwen, the fuel log by Friday?", "Sure."], "Gwen Porter", ["fuel log"], "by Friday"),
        (["Gwen, the fuel log, Friday?", "Fine."], "Gwen Porter", ["fuel log"], "Friday"),
        # what the one called is wanted to see done, stressed with "do", is what their plan does
        (["Karl, though, I do want the drivers trained on the new scanner.", "I'll train them before the rota changes on the 9th."],
         "Karl Novak", ["new scanner"], "the 9th"),
        # the thing said again as "the new one" is not its title
        (["The duty rota, the new one with the weekend shifts, Gwen, that's yours.", "Okay."], "Gwen Porter", ["rota"], None),
    ],
)
def test_en_work_found(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _YARD)
    assert has_task(found, owner, words, due), found


@pytest.mark.parametrize(
    ("said", "title"),
    [
        # what a call is for stays with it when a day is said between
        ("call the surveyor on Monday to book the visit", "call the surveyor to book the visit"),
        ("ring the garage tomorrow and get a price", "ring the garage and get a price"),
        ("email the landlord tomorrow", "email the landlord"),
    ],
)
def test_en_title_keeps_what_the_call_is_for(said: str, title: str) -> None:
    assert clean_en_title(said) == title


def test_en_other_thing_scrapped_keeps_the_work_in_focus() -> None:
    utts = ["Hugh, can you pull the tachograph records?", "Yeah, I'll pull the tachograph records by Thursday.",
            "And didn't we say we'd buy a second jack?",
            "No, scrap the second jack, the old one works fine. Nothing to buy.", "Great. Scratch that then."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Hugh Daly", ["tachograph records"]), found


def test_en_away_said_first_turns_the_work_down_and_the_taker_is_named_after() -> None:
    utts = ["Ines, the careers fair, the 14th. You're doing the stand?", "Oh — I'm away that week.", "Right, who can do it?",
            "I'm in town anyway. I'll run the careers stand.", "Great. Karl, the stand, the 14th."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Karl Novak", ["stand"], "the 14th") and not any(o == "Ines Moreau" for o, _, _ in found), found


def test_en_let_me_know_by_dates_the_work_asked_not_the_call_for_the_speaker() -> None:
    utts = ["Hugh, call the depot and move the slot.", "Yep, I'll call them.", "Ines, can you find a driver for the Leeds run?",
            "I'll try, we're two drivers down.", "Fine. Let me know by Thursday either way, so I can call the agency if need be."]
    found = tasks_in(utts, _YARD)
    assert has_task(found, "Ines Moreau", ["driver"], "by Thursday") and not has_task(found, "Hugh Daly", ["call"], "by Thursday"), found


def test_en_group_noun_opening_a_sentence_owns_nothing() -> None:
    found = tasks_in(["Can we run a late shift?", "Kitchen can manage it if the deliveries come at two."], _YARD)
    assert not any(o == "Kitchen" for o, _, _ in found), found


@pytest.mark.parametrize(
    "utts",
    [
        # a bare yes or no answers the question
        (["There has been no night porter for years. Would anyone really want one back?", "Nope.", "Then we leave it."]),
        # a who-question answered by putting someone forward, who takes it
        (["The shed roof leaks again.", "Who's going to patch it?", "Karl, you've still got roofing felt, haven't you?",
          "Yes. All right, I'll patch the shed roof."]),
    ],
)
def test_en_answered_question_is_not_open(utts: list[str]) -> None:
    assert run_meeting(utts, _YARD, "en").minutes()["open_questions"] == []


def test_en_figure_answers_the_question_and_what_nobody_knows_is_open() -> None:
    opened = run_meeting(["The lorries need new permits.", "What do they cost?",
                          "Thirty pounds a lorry. I'm not sure if the firm pays or the drivers do, mind.", "Right."],
                         _YARD, "en").minutes()["open_questions"]
    texts = [q.get("text", "") for q in opened]
    assert texts and not any("cost" in t for t in texts) and any("firm pays" in t for t in texts), texts


# ---- Chinese ------------------------------------------------------------------------------------------

_DEPOT = ["宋建平", "马丽娜", "唐一鸣", "邹海燕"]


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # things counted off after a call are each an order of theirs
        (["一鸣，三件事：一是把叉车的保养记录补齐；二是把库房的灭火器换掉；三是把排班表贴出去。", "好的。"], "唐一鸣", ["保养记录"]),
        (["一鸣，三件事：一是把叉车的保养记录补齐；二是把库房的灭火器换掉；三是把排班表贴出去。", "好的。"], "唐一鸣", ["灭火器"]),
        # a request said with a rising tone, with whom after 一下
        (["海燕，你回头联系一下供电所？", "行。"], "邹海燕", ["供电所"]),
        # "我？" answers being named just before: the plan after it is theirs
        (["年会的主持，今年还是您来？", "今年我不主持了，让丽娜主持吧。", "我？…好吧，那我主持。串词我自己写。", "好的。"], "马丽娜", ["串词"]),
        # the speaker's plan, named by the yes said to them right after
        (["货架的事怎么说？", "货架我来订。", "好的马经理。下一个。"], "马丽娜", ["货架"]),
    ],
)
def test_zh_work_found(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words), found


@pytest.mark.parametrize(
    "utts",
    [
        # what the speaker has done is no work
        (["丽娜，冷库那边呢？", "冷库的门封条坏了，我报修了，师傅明天过来。"]),
        # who was said to have it before is no work now
        (["叉车钥匙谁管？", "之前说是一鸣管，后来也没人再提。"]),
        # work once meant and given up in the same breath
        (["原本打算让一鸣把货架都刷一遍漆，看了下还挺新，那就不用了。", "嗯。"]),
    ],
)
def test_zh_no_work_read(utts: list[str]) -> None:
    assert tasks_in(utts, _DEPOT) == [], tasks_in(utts, _DEPOT)


def test_zh_work_given_up_leaves_the_earlier_task() -> None:
    found = tasks_in(["海燕，你把上月的出库单导出来，明天给宋总。", "行，明天上午给。",
                      "原本打算让海燕把标签机也换了，试了下还能用，那就不用了。", "嗯。"], _DEPOT)
    assert has_task(found, "邹海燕", ["出库单"]) and len(found) == 1, found


def test_zh_what_people_are_told_to_say_leaves_nothing_open() -> None:
    utts = ["下个月起东门封闭维修，这个定了。", "那司机问起来我们怎么说？", "就说开放日期另行通知。"]
    assert run_meeting(utts, _DEPOT, "zh").minutes()["open_questions"] == []


def test_zh_client_called_by_surname_and_title_trailing_off() -> None:
    assert zh_turns.called("尾款按合同月底付清，马女士这边……", ["宋建平", "马丽娜"]) == "马丽娜"


def test_zh_helper_shares_the_work_led_and_its_new_date() -> None:
    utts = ["盘点方案，丽娜你牵头，一鸣配合，下周三之前拿个初稿出来。", "下周三我在外地培训，能不能晚几天？", "那就下周五吧。", "行。"]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "马丽娜", ["盘点方案"], "下周五") and has_task(found, "唐一鸣", ["盘点方案"], "下周五"), found


def test_zh_whom_it_goes_to_is_not_who_takes_it_back() -> None:
    utts = ["最后一个，马经理，你们部门的盘点表周五之前发我。", "好，一鸣，这个你弄一下？", "经理，盘点表得您签字，而且数我也对不上……",
            "也对，那还是我自己来吧，周五之前发给宋总。", "行。"]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "马丽娜", ["盘点表"]) and not any(o == "宋建平" for o, _, _ in found), found


def test_zh_cannot_finish_by_then_pushes_the_date_back() -> None:
    utts = ["海燕，过期药品的清单你们组查一下，周三给我。", "周三？我们组就三个人，两千多种药，周三肯定查不完。",
            "那就月底前，月底前一定给我。", "月底前行。"]
    assert has_task(tasks_in(utts, _DEPOT), "邹海燕", ["过期药品的清单"], "月底前"), tasks_in(utts, _DEPOT)


def test_zh_date_pushed_back_twice_moves_the_work() -> None:
    utts = ["一鸣，盘点表你整理一下，周四之前给我。", "周四太急了，库房还没清完。", "那周五？", "周五……也有点悬，这周还有两个审计。",
            "行吧，下周二，下周二之前必须给我。"]
    assert has_task(tasks_in(utts, _DEPOT), "唐一鸣", ["盘点表"], "下周二"), tasks_in(utts, _DEPOT)


def test_zh_taken_back_by_a_speaker_nobody_names_leaves_the_one_let_off() -> None:
    utts = ["价格就这么定了。", "那报价单丽娜你改一下——哎算了，报价单我来改吧，运费那几行也得重算，周五之前发给宋总。", "好。"]
    found = tasks_in(utts, _DEPOT)
    assert any("报价单" in t for _, t, _ in found) and not any(o in ("马丽娜", "宋建平") for o, _, _ in found), found


def test_zh_back_to_the_one_let_off_after_the_speaker_took_it() -> None:
    utts = ["那一鸣你去跟物流公司聊聊运价的事。哎，算了，我去说吧，价钱的事我出面合适。", "其实……他们老板吧，您出面他反而不好开口。",
            "也是。那还是你去吧，你们打交道多，这周内谈完告诉我。", "好，这周内。"]
    assert has_task(tasks_in(utts, _DEPOT), "唐一鸣", ["运价"], "这周内"), tasks_in(utts, _DEPOT)


def test_zh_a_deadline_said_with_before_is_no_past_talk() -> None:
    assert has_task(tasks_in(["海燕，年会的场地你月底之前定好。", "好。"], _DEPOT), "邹海燕", ["场地"], "月底之前")


def test_zh_a_step_to_meet_the_date_insisted_on_moves_nothing() -> None:
    utts = ["一鸣，盘点表周五中午前给我。", "周五中午有点紧，下周一行吗？", "不行，下周一就要报了，周五中午。", "好吧，我今晚加个班。"]
    assert has_task(tasks_in(utts, _DEPOT), "唐一鸣", ["盘点表"], "周五中午前"), tasks_in(utts, _DEPOT)
