"""Families found by the session-27 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import address_forms, clipped_call
from supervisor.rules import refer
from supervisor.rules.names import find_people
from supervisor.rules.text import segment
from tests.rules.rules_harness import has_task, run_meeting, tasks_in

_found, _has = tasks_in, has_task
_ZH = ["周建华", "王芳", "李明", "陈静"]
_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Sam Ortiz"]


# ---- a transcript that never closes its utterances ---------------------------------------------


def _segment(utts: list[str]) -> list[str]:
    return [s.text for s in segment(list(enumerate(utts, 1)), lambda _: False, lambda _: False)]


@pytest.mark.parametrize(
    "utts",
    [
        # commas inside, no full stop at the end: each utterance is where a speaker stopped
        ["好，先过一下排班，这周人手紧", "李明，夜班你顶两天，周三周四", "可以，那周五我要调休", "行，周五给你批了"],
        # no punctuation at all, clauses parted by spaces
        ["好 先过一下排班 这周人手紧", "李明 夜班你顶两天 周三周四", "可以 那周五我要调休", "行 周五给你批了"],
        # no punctuation and no spaces: a typed log, one line a turn
        ["先过一下排班这周人手紧", "李明夜班你顶两天周三周四", "可以那周五我要调休", "行周五给你批了", "好那就这样"],
    ],
)
def test_utterances_that_never_close_stay_apart(utts: list[str]) -> None:
    assert len(_segment(utts)) == len(utts)


def test_a_pause_cut_after_a_comma_still_joins_the_sentence() -> None:
    # the source closes its sentences: an utterance cut at a pause runs on into the next one
    said = _segment(["王芳，", "报销单你周五前交一下。", "李明，", "机房钥匙你明天还我。"])
    assert said == ["王芳，报销单你周五前交一下", "李明，机房钥匙你明天还我"]


def test_a_question_said_without_its_mark_is_still_asked() -> None:
    led = run_meeting(["先说团建，地方还没定", "联系了两家，价格还在谈", "城东那个场地能不能带家属去，有人知道吗",
                       "不清楚，上次问了还没回"], _ZH, "zh")
    asked = [q["payload"]["text"] for q in led.open("question")]
    assert any("家属" in q for q in asked), asked
    # (and no question runs one utterance into the next)
    assert not any("还没定联系了" in q for q in asked), asked


# ---- requests said the way people say them ----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # "你看…能…吗" asks as "你能…吗" does
        (["王芳，你看下周一能出个验收报告吗？"], "王芳", ["验收报告"], "下周一"),
        # "给到我" hands it in, as "给我" does
        (["陈静，门店海报月底前得给到我。"], "陈静", ["海报"], "月底前"),
        # a verb one character long, said with 一遍, whatever jieba tags it
        (["李明，仓库的备件你明天盘一遍。"], "李明", ["备件"], "明天"),
    ],
)
def test_requests_as_people_say_them(said: list[str], owner: str, words: list[str], due: str) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words, due), found


def test_a_title_drops_the_question_particle_and_the_measure() -> None:
    found = _found(["李明，你周五能交一份巡检记录吗？"], _ZH)
    assert ("李明", "巡检记录", "周五") in found, found


def test_a_latin_word_names_work_in_a_chinese_title() -> None:
    assert not refer.no_work("OKR的deck")  # (jieba tags a Latin word "eng", no interjection "e")
    found = _found(["续签的事月底前要定。", "王芳，OKR的deck你这周五前能弄好吧？"], _ZH)
    assert _has(found, "王芳", ["deck"], "这周五前"), found


def test_work_given_after_a_decision_in_the_same_breath_is_still_given() -> None:
    led = run_meeting(["对，年会放在酒店办，这个定了，陈静你把酒店的报价要一下。"], _ZH, "zh")
    tasks = [(t["payload"]["owner"], t["payload"]["title"]) for t in led.open("task")]
    assert ("陈静", "酒店的报价") in tasks, tasks
    assert any("酒店" in d["payload"]["text"] for d in led.open("decision"))


def test_a_date_conceded_is_no_decision() -> None:
    led = run_meeting(["李明，那个打印机报修的工单怎么还没关？", "配件要等，最快也得五一前。",
                       "五一前就五一前，你把这个工单跟紧。"], _ZH, "zh")
    assert led.open("decision") == [], led.open("decision")
    tasks = [(t["payload"]["owner"], t["payload"]["title"]) for t in led.open("task")]
    # "这个工单" is the one said narrowed before
    assert ("李明", "打印机报修的工单") in tasks, tasks


def test_whether_to_do_something_that_day_dates_no_work() -> None:
    found = _found(["李明，盘点表你出吧？", "行，盘点表我来做，周三给大家。", "周六要不要加班？好多人周六有空。"], _ZH)
    assert _has(found, "李明", ["盘点表"], "周三"), found


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # asked when a thing will be ready, the one called answers with a day (a day given up first)
        (["王芳，新版官网什么时候能上线？", "本来想周三上，但是证书还没下来。下周一吧。"], "王芳", ["官网"], "下周一"),
        (["陈静，报价单啥时候能发出来？", "原来想今天发，客户又改了需求。周五吧。"], "陈静", ["报价单"], "周五"),
    ],
)
def test_a_day_answering_when_it_will_be_ready_is_the_ones_task(said: list[str], owner: str, words: list[str],
                                                                 due: str) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words, due), found


# ---- names as workmates say them ---------------------------------------------------------------


def test_pet_and_big_forms_of_chinese_names() -> None:
    people = ["熊伟", "林小雨", "黄俊宇", "王芳"]
    forms = address_forms("熊伟", people)
    assert "大熊" in forms
    assert "雨妹" in address_forms("林小雨", people) and "宇仔" in address_forms("黄俊宇", people)
    assert [h.name for h in find_people("冷库那批货大熊盯着", people)] == ["熊伟"]
    assert find_people("我们去看大熊猫", people) == []  # 大熊 opens a word there
    assert "大方" not in address_forms("方敏", ["方敏", "王芳"])  # 大方 is a word


def test_a_first_name_with_a_pet_ending_calls_them() -> None:
    people = ["Pete Novak", "Priya Shah"]
    assert clipped_call("Petey", "Pete Novak", people)
    found = _found(["Then Petey, you've got the gutters instead."], people)
    assert _has(found, "Pete Novak", ["gutters"]), found


def test_who_did_it_before_is_no_work_for_the_one_asked_next() -> None:
    found = _found(["Tom, can you get the alarm code changed at the east gate?",
                    "I can try, but it's a security contract thing, not ours. Megan has the contact.",
                    "Oh right, she did it last time. Megan, can you take it?", "Sure, I'll call them."], _EN)
    assert _has(found, "Megan Cole", ["alarm code"]), found
    assert not any("last time" in t for _, t, _ in found), found


# ---- decisions said as people confirm them -------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "decided"),
    [
        (["If the hall floods again, the quiz moves to the library. That's it, decided."], "library"),
        (["We're starting the late shift at six, not seven. I've decided, no arguments."], "late shift"),
        # a few words said again for weight between the statement and "That's final"
        (["Right. Until the roof is checked, the loading bay stays shut. No one parks there. That's final."],
         "loading bay"),
    ],
)
def test_a_confirmation_said_alone_decides_the_statement_before(said: list[str], decided: str) -> None:
    led = run_meeting(said, _EN, "en")
    texts = [d["payload"]["text"] for d in led.open("decision")]
    assert any(decided in t for t in texts), texts
    assert not any(t.lower().startswith(("that's it", "i've decided")) for t in texts), texts


@pytest.mark.parametrize(
    "said",
    [
        ["我问了供应商，价格定了没有他也说不清。"],  # asked whether it is settled
        ["年会原来定在一月中旬，现在酒店那边还没回话。"],  # what stood before
    ],
)
def test_settled_asked_or_as_it_stood_is_no_decision(said: list[str]) -> None:
    assert run_meeting(said, _ZH, "zh").open("decision") == []


# ---- handovers and dates as they are said ----------------------------------------------------


def test_the_day_pushed_for_and_conceded_moves_the_work() -> None:
    found = _found(["李明，巡检报告你整理一下，明天给我。", "明天我一整天在外面培训，周四行吗？", "周四就周四。"], _ZH)
    assert _has(found, "李明", ["巡检报告"], "周四"), found


def test_the_thing_then_for_me_then_the_verb_is_asked_of_the_one_called() -> None:
    found = _found(["建华，宣传册这周三给我定稿。"], _ZH)
    assert _has(found, "周建华", ["宣传册"], "这周三"), found


def test_you_and_your_office_is_the_one_called() -> None:
    found = _found(["王芳，这批回执你们科月底前全部收齐。"], _ZH)
    assert _has(found, "王芳", ["回执"], "月底前"), found


def test_a_reassurance_names_no_work() -> None:
    found = _found(["李明，展板周五给我。", "展板要是改字的话，我是不是白做了？", "改两个字而已，不影响，你照做。"], _ZH)
    assert not any(t.startswith(("不影响", "没")) for _, t, _ in found), found


def test_the_work_is_the_named_ones_after_all() -> None:
    found = _found(["Tom, can you sort the rota for the weekend?", "Priya, sorry, the rota's mine now. It moved to HR in May.",
                    "Did it? Right. Megan's, then.", "Yep, leave it with me, I'll have it out by Friday."], _EN)
    assert _has(found, "Megan Cole", ["rota"]), found
    assert not any(o == "Priya Shah" for o, _, _ in found), found


def test_whether_everyone_can_hear_is_no_work() -> None:
    assert _found(["Morning. Can everyone on the call hear me? Sam, you're dialling in from the depot?"], _EN) == []


def test_a_nickname_then_the_full_name_teaches_the_nickname() -> None:
    from supervisor.rules.names import introduced

    aliases = introduced([(3, "小黑——李明！别看手机了，说说你那块。")], _ZH)
    assert [(a.form, a.name) for a in aliases] == [("小黑", "李明")]
    found = _found(["小黑——李明！别看手机了。", "在听。", "报价单你去催一下。", "我催不动啊。",
                    "那算了，还是王芳去，王芳你周五前把报价单要回来。", "好。", "小黑，那你把合同再过一遍。"], _ZH)
    assert _has(found, "李明", ["合同"]), found


@pytest.mark.parametrize(
    "said",
    [
        ["刚说到排班呢，陈静你坐。"],  # a latecomer asked to sit
        ["王芳您先坐下歇会儿。"],
        ["我想了想，还是不能让李明一个人扛。"],  # who must not be left with it
        ["这种事别老让王芳去跑。"],
    ],
)
def test_asked_to_sit_or_not_to_be_left_with_it_is_no_task(said: list[str]) -> None:
    assert _found(said, _ZH) == [], _found(said, _ZH)
