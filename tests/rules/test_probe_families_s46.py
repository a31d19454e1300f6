"""Families found by the session-46 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import lexicon as lx
from supervisor.rules import mentions
from supervisor.rules.extract import clean_en_title
from tests.rules.rules_harness import has_task, run_all_at_once, tasks_in

# ---- English ------------------------------------------------------------------------------------------

_DEPOT = ["Nora Quinn", "Owen Pike", "Rhea Stone", "Saul Burke"]


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # a question that only says which thing leaves the request the one the date answers
        (["Owen, could you order the signs? The ones with the new logo?", "Yes, I'll order them tomorrow."],
         "Owen Pike", ["signs"], "tomorrow"),
        # an offer, then asked by name for a day: the offer was theirs
        (["We need the loading bay repainted.", "I can repaint the bay lines myself.", "Good. By Friday, Saul?", "Friday's fine."],
         "Saul Burke", ["bay lines"], "Friday"),
        # "that'd be me, wouldn't it", then sorry said back by name: the one who took it
        (["Someone has to write up the spill for the insurer.", "I guess that'd be me, right?", "Yes, sorry Rhea. Thursday okay?",
          "Thursday is fine."], "Rhea Stone", ["spill"], "Thursday"),
        # a call taken back, then the work said to be another's with a tag: they answer
        (["Nora, you — no, hang on, the key register is Owen's, isn't it?", "It is. I'll update the register today."],
         "Owen Pike", ["register"], "today"),
        # the thing said to be due, then "I'll do that": the thing and its day
        (["Saul, the fire certificate.", "Yep. The fire certificate's due on the 20th, I'll do that as usual."],
         "Saul Burke", ["fire certificate"], "the 20th"),
        # a call back keeps what it is about, and its day
        (["Saul, any news on the forklift?", "I'll call you back this afternoon about the spare forklift."],
         "Saul Burke", ["spare forklift"], "this afternoon"),
        # "Can you…?" after a remark with a tag, in the turn after the one greeted answered: still them
        (["Hi Owen. So, your mileage claim was due on Monday.", "I know, I've nearly finished it.",
          "Almost isn't done, is it? Could you send it over by Friday?", "Sure."], "Owen Pike", ["mileage claim"], "by Friday"),
        # another day offered by the one asked, then agreed
        (["Rhea, can you send me the audit pack by Friday?", "I'm off on Friday. Could I do Thursday?", "Thursday's fine."],
         "Rhea Stone", ["audit pack"], "Thursday"),
        # a holiday or an event a deadline is said against
        (["Nora, can you send the invitations before Christmas?", "Will do."], "Nora Quinn", ["invitations"], "before Christmas"),
        (["Saul, can you get the programme printed two weeks before the show?", "Yes."], "Saul Burke", ["programme"],
         "two weeks before the show"),
    ],
)
def test_en_work_found(utts: list[str], owner: str | None, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, owner, words, due), found


def test_en_need_after_a_but_is_titled_by_the_thing_said_before() -> None:
    utts = ["The kerb paint at gate two has worn off. Council's job really, but someone should flag it.",
            "Who'll do that? Nobody? Well, it needs flagging anyway."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, None, ["kerb paint"]), found
    assert not any(t.startswith(("Who", "Council")) for _, t, _ in found), found


def test_en_someone_outside_the_room_got_in_by_the_speaker_owns_nothing() -> None:
    utts = ["Owen, the yard lights — two are flickering.", "I'll have Declan sort them, he's our trainee."]
    assert not any(o == "Declan" for o, _, _ in tasks_in(utts, _DEPOT))


def test_en_day_after_a_new_matter_is_no_date_of_the_work_in_focus() -> None:
    utts = ["Owen, can you book the van for the move?", "Yes.", "One more thing — the canteen blinds. They're broken. Before the open day, if possible.",
            "Okay. Someone needs to fix the blinds.", "Right, that's it. Same time next week."]
    found = tasks_in(utts, _DEPOT)
    assert has_task(found, "Owen Pike", ["van"]) and all(d is None for o, _, d in found if o == "Owen Pike"), found
    assert has_task(found, None, ["blinds"], "Before the open day"), found


def test_en_what_others_already_have_in_hand_moves_no_date() -> None:
    utts = ["Rhea, can you run the forklift refresher by Thursday?", "Sure.",
            "And Saul, cancel the first-aid session. Head office has already booked one for Friday."]
    assert has_task(tasks_in(utts, _DEPOT), "Rhea Stone", ["forklift refresher"], "by Thursday")


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("send the invitations before Christmas", "before Christmas"),
        ("have it ready by the AGM", "by the AGM"),
        ("print it two weeks before the show", "two weeks before the show"),
    ],
)
def test_en_dates_said_with_their_cue(text: str, date: str) -> None:
    assert [h.text for h in lx.deadlines(text)] == [date]


def test_en_title_keeps_what_a_call_back_is_about() -> None:
    assert clean_en_title("ring you back this afternoon about the spare forklift") == "ring you back about the spare forklift"


# ---- Chinese ------------------------------------------------------------------------------------------

_YARD_ZH = ["严志国", "钱小军", "罗秀芬", "唐静"]
_PLANT = ["韩振东", "许佳琪", "潘志强", "邓立新", "曹浩"]
_STATION = ["孙志强", "吕骏", "彭雪梅", "苏明", "丁洋"]


@pytest.mark.parametrize(
    ("utts", "names", "owner", "words", "due"),
    [
        # a yes with a plan right after a request to 你 that names nobody: said by the one spoken to before it
        (["小军，说说门禁。", "门禁卡又坏了两张，得换。", "坏了就换，别拖。", "主任，押金退不退？", "退，你回去问一下物业。",
          "行，那我明天把名单交过去。"], _YARD_ZH, "钱小军", ["名单"], "明天"),
        # an event or a holiday a deadline is said against
        (["唐静，海报年会之前做完。", "好的。"], _YARD_ZH, "唐静", ["海报"], "年会之前"),
        (["小军，暖气片下雪之前都检查一遍。", "好。"], _YARD_ZH, "钱小军", ["暖气片"], "下雪之前"),
        # whom the work is for, then who said when: the date of the work in hand
        (["周报谁来汇总？吕队你来？", "好，我来，我周五前交。", "周五不用那么急，公司那边说下周三之前交都可以，你下周二之前给我就行。", "好。"],
         _STATION, "吕骏", ["周报"], "下周二之前"),
        # a question the work is to find out is no question put to the room
        (["彭工，水泵你查一下，看看到底是电机坏了还是管子堵了，周三前给个结论？", "可以。"], _STATION, "彭雪梅", ["水泵"], "周三前"),
        # a topic, the one called, then the work got done by someone brought in
        (["会议室投影仪，曹浩，明天就找人修。", "好。"], _PLANT, "曹浩", ["投影仪"], "明天"),
        # orders said first, then given to the one named
        (["第三，水泵，两台备用泵都检查一下，漏油的换掉。这块也是曹浩你的。", "行。"], _PLANT, "曹浩", ["备用泵"], None),
        # the training is what is done again; 搞 is the verb
        (["老邓，消防培训重新搞一遍。", "好。"], _PLANT, "邓立新", ["消防培训"], None),
        # a run-through with its object after 一遍 is work, not leaving
        (["唐静你明天给新同事走一遍流程。", "好。"], _YARD_ZH, "唐静", ["流程"], "明天"),
        # a verb jieba keeps fused with its 一下 is still the verb
        (["曹浩，冷却塔检查一下。", "好。"], _PLANT, "曹浩", ["冷却塔"], None),
        # a few days more asked for, then a later day agreed: the date moves
        (["雪梅你把值班表排出来，这周四给我。", "这周四……主任，我周二周三都在外面学习，能不能多给两天？", "那下周一吧。", "好，下周一。"],
         _STATION, "彭雪梅", ["值班表"], "下周一"),
    ],
)
def test_zh_work_found(utts: list[str], names: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, names)
    assert has_task(found, owner, words, due), found


def test_zh_surname_then_a_negation_names_nobody() -> None:
    found = tasks_in(["外卖车越停越多了。", "对，门口乱停的老是管不住。"], _YARD_ZH)
    assert not any(o == "管不住" for o, _, _ in found), found


def test_zh_how_long_someone_is_away_is_no_title() -> None:
    utts = ["钱小军，消防水带你去换一批。", "主任，我下周出差，三个礼拜呢。", "哦对。那唐静，你来吧，消防水带你接一下，月底前换完。", "好的。"]
    found = tasks_in(utts, _YARD_ZH)
    assert has_task(found, "唐静", ["水带"]) and not any("礼拜" in t for _, t, _ in found), found


def test_zh_handed_back_after_the_one_put_forward_is_away() -> None:
    utts = ["苏明你把电梯维保的事盯一下，跟维保公司约个时间。", "好的指导员。", "等等指导员，电梯这个事还是让丁班长来吧，他认识维保公司的人。",
            "行，丁洋你来？", "我下周要去外地学习，人不在。", "哦对。那还是苏明吧，苏明你盯。"]
    found = tasks_in(utts, _STATION)
    assert has_task(found, "苏明", ["电梯"]), found
    assert not any(o == "丁洋" for o, _, _ in found) and not any("指导员" in t for _, t, _ in found), found


def test_zh_relay_to_someone_away_does_not_break_the_reading() -> None:
    # (a plan read with its 我 as the speaker, whose clauses that reading reworded, is put back on the
    # clauses as heard — it used to raise and leave the utterances unread)
    utts = ["对，八十克的轻一些，厚度大概从二十二毫米变成十九毫米左右。",
            "那立华那边……他今天请假不在，嘉伟你回头跟立华说一声，让他准备两个版本的目录，二十二和十九的都做。",
            "行，我下午就跟他说，让他周一之前弄好。"]
    ledger = run_all_at_once(utts, ["秦雅琴", "叶嘉伟", "丁小芸", "司马建"])
    assert any(t["payload"]["owner"] == "叶嘉伟" for t in ledger.open("task")), ledger.compact()


def test_zh_fused_verb_and_once_are_cut_apart() -> None:
    assert mentions.words("检查一下")[:1] == (("检查", "v"),)
    assert mentions.words("第一遍") == (("第一遍", "m"),)
