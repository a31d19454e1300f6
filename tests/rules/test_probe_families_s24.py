"""Families found by the session-24 blind probe meetings (four writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import extract as ex
from supervisor.rules import zh_turns
from supervisor.rules.names import find_people
from supervisor.rules.orders import counted_order
from tests.rules.rules_harness import has_task, tasks_in

_found, _has = tasks_in, has_task
_ZH = ["周建华", "王芳", "李明", "陈静", "何晓燕"]
_EN = ["Priya Shah", "Tom Becker", "Megan Cole", "Dave Olsen"]


# ---- Chinese: the work said after a light ask, and verbs said the way people say them -----------


@pytest.mark.parametrize(
    ("clause", "thing"),
    [
        ("周四之前让大家把工位清一清", "工位"),
        ("让他们把样品寄回去", "样品"),
        ("月底前把报销单交上来", "报销单"),
        ("明天记得开会", ""),
        ("大家都把它看完", ""),  # a pointer: titled by what was said before, elsewhere
    ],
)
def test_the_object_of_a_ba_order_after_whoever_does_it(clause: str, thing: str) -> None:
    assert ex.ba_object(clause) == thing


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        # a light verb with no object, then the 把 order that says what is watched over
        (["下个月消防检查，楼道里堆了不少杂物。李明，你帮忙盯一下，周四之前让大家把楼道清一清。"], "李明", ["楼道"]),
        # a verb said twice, done once over
        (["王芳你下午把仓库理一理。"], "王芳", ["仓库"]),
        (["陈静你把会议室的白板擦擦。"], "陈静", ["白板"]),
        # a two-character object, a one-character verb
        (["李明你明天把库房理一下。"], "李明", ["库房"]),
        # one syllable done once to an object, whatever jieba tags it alone
        (["静姐帮她核一下成本。"], "陈静", ["核", "成本"]),
        (["老周你盘一下库存。"], "周建华", ["库存"]),
        # on the way
        (["老周你顺路把样品带回来。"], "周建华", ["样品"]),
        # the object said whole before 给
        (["小李把清单给他。"], "李明", ["清单"]),
        # what they are to tell is half the work
        (["陈静你跟客户讲一下，交期往后挪。"], "陈静", ["交期"]),
        # a plan asked for by its kind, with nothing before it to be about
        (["王芳你先出个方案，下次会上再定。"], "王芳", ["方案"]),
        # …and with a topic before it, the plan is of the topic
        (["年会的事，王芳你出个方案。"], "王芳", ["年会"]),
    ],
)
def test_chinese_asks_said_the_way_people_say_them(said: list[str], owner: str, words: list[str]) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words), found


@pytest.mark.parametrize("said", ["陈静你等一下再说。", "李明你说一下情况。"])
def test_waiting_or_telling_once_is_no_work(said: str) -> None:
    assert not _found([said], _ZH)


@pytest.mark.parametrize(
    ("clause", "verb"),
    [("拿两箱打印纸", "拿"), ("订三个房间", "订"), ("拍几张照片", "拍"), ("还差两个人", ""), ("剩三箱", ""),
     ("有两个问题", ""), ("今天来了五个人", "")],
)
def test_an_order_of_so_many_of_a_thing(clause: str, verb: str) -> None:
    assert counted_order(clause) == verb


def test_so_many_of_a_thing_goes_on_with_the_one_asked() -> None:
    found = _found(["小李你先联系一下物业，拍几张照片发群里。"], _ZH)
    assert _has(found, "李明", ["物业"]) and _has(found, "李明", ["照片"]), found


def test_how_many_of_the_same_work_is_no_second_task() -> None:
    found = _found(["上周培训的视频，李明你来剪吧，剪三条出来发公众号。"], _ZH)
    assert len([t for t in found if t[0] == "李明"]) == 1, found


def test_what_there_is_next_month_is_no_order() -> None:
    found = _found(["还有一个我自己的事，周总，下个月市里有个安全培训，三天，我想去。"], _ZH)
    assert not [t for t in found if t[0] == "周建华"], found


# ---- who is called: 科长 and 处长 said short, a yes by name ------------------------------------------


@pytest.mark.parametrize(
    ("text", "names", "who"),
    [
        ("好的李科。", _ZH, "李明"),
        ("王处，材料我交了。", _ZH, "王芳"),
        ("你去一下何处长那里。", _ZH, "何晓燕"),
        ("这是高科技产品。", ["高远", "李明"], None),
        ("高处作业要系安全带。", ["高远", "李明"], None),
        ("放在高处。", ["高远", "李明"], None),
    ],
)
def test_a_surname_with_a_short_title_is_them_unless_a_word(text: str, names: list[str], who: str | None) -> None:
    hits = find_people(text, names)
    assert (hits[0].name if hits else None) == who


def test_a_yes_said_to_someone_by_name_calls_them() -> None:
    assert zh_turns.called("好的李科。先说预算的事。", _ZH) == "李明"
    assert zh_turns.called("这个交给李科。", _ZH) is None


def test_who_answers_a_yes_said_by_name_takes_their_plan_on() -> None:
    said = ["好的李科。财务和人事的表一直没交。", "财务那边我去跟他们说吧。"]
    assert _has(_found(said, _ZH), "李明", ["财务"]), _found(said, _ZH)


# ---- English ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        # an aside between the name and what is needed of them
        (["And Dave, while I'm thinking of it, I need your site photos by Friday."], "Dave Olsen", ["site photos"]),
        (["Megan, before I forget, can you renew the parking permits?"], "Megan Cole", ["parking permits"]),
        # a word said again after a filler is said once
        (["Tom, can you book the, uh, the big conference room for Thursday?"], "Tom Becker", ["big conference room"]),
        # the one called right after a need is asked to meet it
        (["Also, somebody needs to renew the parking permits, they lapse Monday. Megan?"], "Megan Cole", ["parking permits"]),
    ],
)
def test_english_asks_around_asides_and_calls(said: list[str], owner: str, words: list[str]) -> None:
    found = _found(said, _EN)
    assert _has(found, owner, words), found


def test_a_name_called_after_a_matter_alone_is_no_task() -> None:
    found = _found(["Okay, next, the parking permits. Megan?"], _EN)
    assert not [t for t in found if t[0] == "Megan Cole"], found


def test_a_need_met_by_the_one_called_is_one_task() -> None:
    found = _found(["Somebody needs to order more gloves, we're nearly out. Priya?", "Yep, I'll do it today."], _EN)
    assert [t[0] for t in found if "gloves" in t[1]] == ["Priya Shah"], found


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        # the day said first, between the name and the order
        (["So Dave, on Thursday swap the filters on the chiller."], "Dave Olsen", ["swap the filters"], "Thursday"),
        # "it" is what the turn before says is needed, with the name said last
        (["Next, the handbook. We really need a glossary, nobody knows the acronyms.", "Can you write it, Megan?"],
         "Megan Cole", ["glossary"], None),
        # "those" stands for what was needed
        (["I reckon we need a refresher session for the night crew.", "Agreed. Can you run those, Tom?"],
         "Tom Becker", ["refresher session"], None),
        # the matter said bare right after calling them, then "it"
        (["Okay. Priya, seating plan. The venue wants numbers. Can you get it to them by Friday?"],
         "Priya Shah", ["seating plan"], "by Friday"),
    ],
)
def test_english_pronouns_and_days_said_around_the_ask(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, _EN)
    assert _has(found, owner, words, due), found


def test_a_correction_said_to_someone_with_a_reason_hands_nothing_over() -> None:
    said = ["Tom, could you book the venue for the offsite?", "Sure. I was going to send them the old brochure as well, so —",
            "Actually, scratch that, Megan, they've seen it already."]
    found = _found(said, _EN)
    assert _has(found, "Tom Becker", ["book the venue"]) and not [t for t in found if t[0] == "Megan Cole"], found


def test_tomorrow_and_tuesday_are_different_days_when_a_counter_offer_is_taken() -> None:
    said = ["Priya, can you get the slides to the client by tomorrow?", "Tomorrow is tight. Could I have till Tuesday?",
            "Okay, Tuesday then."]
    assert _has(_found(said, _EN), "Priya Shah", ["slides"], "Tuesday"), _found(said, _EN)


@pytest.mark.parametrize(
    ("said", "owner", "words"),
    [
        # a visit in person is work, however jieba tags 上门 (to whom is its title)
        (["五号楼那几户，小李你跟老周一起上门。"], "李明", ["五号楼"]),
        # after a short yes, 你 is still the one who answered
        (["陈静，年会的场地你怎么打算？", "我想订城东那家酒店，但是价格得再谈。", "可以。价格的事你去谈，多问几家。"], "陈静", ["价格"]),
        # what they do next
        (["王芳，你先把新人培训搞完，然后再抽查一次。"], "王芳", ["抽查"]),
        # a reminder is an order
        (["好，散会。芳姐，报表记得下午发我。"], "王芳", ["报表"]),
        # how early, then the order
        (["小李你跟静姐拿名单，提前一天把胸牌做好。"], "李明", ["胸牌"]),
    ],
)
def test_more_chinese_orders_said_in_passing(said: list[str], owner: str, words: list[str]) -> None:
    found = _found(said, _ZH)
    assert _has(found, owner, words), found


def test_whom_the_work_is_squared_with_is_not_its_owner() -> None:
    said = ["陈静，年会的场地你怎么打算？", "我想订城东那家酒店，但是价格得再谈。", "可以。价格的事你去谈，谈好了跟小李对一下账。"]
    found = _found(said, _ZH)
    assert not [t for t in found if t[0] == "李明"] and _has(found, "陈静", ["价格"]), found


def test_a_yes_that_opens_a_turn_is_no_name() -> None:
    said = ["Tom, could you have a word with the landlord about the heating?", "Yeah can do, I'll ring him this afternoon."]
    found = _found(said, _EN)
    assert all(t[0] in (*_EN, None) for t in found) and _has(found, "Tom Becker", ["word with the landlord"]), found


def test_doing_both_restates_what_was_asked() -> None:
    said = ["Megan, can you chase the caterer, and also check the room booking?", "Yes, I'll do both."]
    found = _found(said, _EN)
    assert not [t for t in found if "both" in t[1]] and _has(found, "Megan Cole", ["room booking"]), found


def test_leave_that_with_me_calls_the_one_it_is_taken_from() -> None:
    said = ["Megan, can you check the room booking?", "Sure.", "Dave, could you have a word with the council about the permit?",
            "Actually, wait, no, leave that with me, Dave. I know the planning officer."]
    found = _found(said, _EN)
    assert _has(found, "Megan Cole", ["room booking"]), found


@pytest.mark.parametrize("said", ["王芳你把报告改一下？", "芳姐你跟财务说一下？"])
def test_a_rising_ask_to_do_a_bit_is_a_request(said: str) -> None:
    assert [t for t in _found([said], _ZH) if t[0] == "王芳"], _found([said], _ZH)


def test_an_order_with_ba_then_a_question_of_its_own_stands() -> None:
    found = _found(["那陈静，盘点你来做吧，你这周是不是稍微空一点？"], _ZH)
    assert _has(found, "陈静", ["盘点"]), found


@pytest.mark.parametrize("said", ["I just need somebody to restock the first-aid kits, they're nearly empty.",
                                  "We need somebody to restock the first-aid kits."])
def test_needing_somebody_is_open_work(said: str) -> None:
    assert _has(_found([said], _EN), None, ["restock the first-aid kits"]), _found([said], _EN)


def test_praise_before_the_order_said_back_is_no_clause_of_its_own() -> None:
    said = ["Okay. Priya, the tender document, where's it at?", "It's nearly done. I just need the pricing schedule.",
            "Good. Get the pricing schedule from finance by Thursday."]
    assert _has(_found(said, _EN), "Priya Shah", ["pricing schedule"]), _found(said, _EN)


def test_benji_is_ben() -> None:
    found = _found(["And Benji, can you dig into the crash logs?"], ["Ben Albright", "Tyler Nguyen"])
    assert _has(found, "Ben Albright", ["crash logs"]), found
