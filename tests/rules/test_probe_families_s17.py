"""Families found by the session-17 blind probe meetings (three writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from intents.evidence import address_forms, called_only, clipped_call
from supervisor.rules import lexicon as lx
from supervisor.rules.hearing import repair
from supervisor.rules.names import find_people
from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, run_meeting, tasks_in

ZH, EN = list(PROBE_ZH), list(PROBE_EN)
_found, _has = tasks_in, has_task


# ---- names as people call them ----------------------------------------------------------------


def test_the_last_character_of_a_given_name_doubled_calls_its_holder_unless_it_is_a_word() -> None:
    assert "莹莹" in address_forms("周雪莹", ["周雪莹", "陈静"])
    # 明明 is a word (clearly) too: 赵晓明 only where it calls her
    assert called_only("明明")
    assert [h.name for h in find_people("他明明说好了周五交", ["赵晓明", "陈静"])] == []
    assert [h.name for h in find_people("明明，你周五前把表交了", ["赵晓明", "陈静"])] == ["赵晓明"]
    found = _found(["莹莹，你下周一前把门店的排班表发群里。"], [*ZH, "周雪莹"])
    assert _has(found, "周雪莹", ["排班表"], "下周一前"), found


# ---- Chinese -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # the thing, the name, then the take-on (还是 before 你 is no correction)
        (["那个招标书，王芳，还是你来弄吧。"], "王芳", ["招标书"], None),
        (["宣传册，李明，你来做。"], "李明", ["宣传册"], None),
        # a verb that holds its own object, said alone with a date
        (["陈静你明天上午付款。"], "陈静", ["付款"], "明天上午"),
        (["王芳，你周四前下单吧。"], "王芳", ["下单"], "周四前"),
        # the name cut out of the title leaves no 的 behind
        (["李明的验收报告下周二给我。"], "李明", ["验收报告"], "下周二"),
        # a first-person 把 plan right after the one called answers is theirs
        (["王芳，团建照常。", "好的，那我明天把名单改一下。"], "王芳", ["名单"], "明天"),
        # "…搞定了打给我" is what to do once done, not a decision
        (["李明，你明天去跟物业谈停车位，搞定了打给我。"], "李明", ["停车位"], "明天"),
        # where it is put closes the 把 clause (jieba glues 表发 and 发群)
        (["陈静，你周五前把门店的值班表发群里。"], "陈静", ["门店的值班表"], "周五前"),
        (["王芳你把验收照片传系统上。"], "王芳", ["验收照片"], None),
        # an obligation after the name, jieba gluing the modal to the noun ("表要")
        (["周主任，年会的节目表要尽快出来。"], "周建华", ["年会的节目表"], None),
        # the one asked says yes to the asker by name, then when
        (["李明，库存的盘点表你整理一下。", "好的周主任，我周三给您。"], "李明", ["盘点表"], "周三"),
        # 完整 is a word, not "once done" ("X完Y")
        (["王芳，你写一份完整的复盘报告。"], "王芳", ["完整的复盘报告"], None),
        # the lead taken is of the 把 order said after it
        (["请陈静同志牵头，把社区义诊的报名统计做扎实。"], "陈静", ["社区义诊的报名统计"], None),
        (["由王芳牵头，把消防演练的方案做好。"], "王芳", ["消防演练的方案"], None),
        # the deadline said with the work in the sentence before the take-on
        (["三号机的皮带尽快换，周四之前必须能转。李明你盯一下。"], "李明", ["皮带"], "周四之前"),
    ],
)
def test_zh_requests(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found


def test_the_one_named_hands_in_later_moves_their_date() -> None:
    found = _found(["李明出采购清单，这周四前交给我。", "那李明你下周二交。"])
    assert _has(found, "李明", ["采购清单"], "下周二"), found


def test_a_state_said_with_a_date_is_no_work() -> None:
    assert _found(["周主任，照这个进度，国庆前够呛。"]) == []


def test_a_decision_then_a_request_by_name_in_one_sentence_gives_both() -> None:
    ledger = run_meeting(["年会定在下个月十八号，那个节目单，陈静，你来弄吧。"], ZH)
    minutes = ledger.minutes()
    assert any(a["owner"] == "陈静" and "节目单" in a["task"] for a in minutes["action_items"]), minutes
    assert any("十八号" in d["text"] and "节目单" not in d["text"] for d in minutes["decisions"]), minutes


@pytest.mark.parametrize(
    "utterances",
    [
        ["我们就去了趟西湖，人多得不行。"],  # a trip told, not "we'll go"
        ["省得有人说我们偏心。"],  # what the work avoids
        ["对了王芳，你家那只狗胖了没有。"],  # asked whether, by its form (ASR drops the ？)
        ["王芳，团建照常。", "好的，我把名单改了。"],  # a report of what was done
        ["李明，你那个实验呢？", "我把滤波关掉以后，噪声小了一半。"],  # told of, with 以后
    ],
)
def test_zh_no_work(utterances) -> None:
    found = _found(utterances)
    assert found == [], found


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["那周六的体检照常，早上八点集合。"], ["体检照常"]),  # as usual
        (["社区食堂这个项目，列入明年的民生实事。"], ["列入明年的民生实事"]),  # put on the list
        (["那最后定一下：下学期开始，统一用新的作业本。"], ["统一用新的作业本"]),  # the lead-in is no part
        (["Sorry, no. We're cutting the second encore."], ["cutting the second encore"]),
        (["Okay, we're closing #412 as a duplicate."], ["closing #412"]),
    ],
)
def test_decisions(utterances, words) -> None:
    decisions = run_meeting(utterances, ZH if any("\u4e00" <= ch <= "\u9fff" for ch in utterances[0]) else EN).minutes()["decisions"]
    assert any(all(w in d["text"] for w in words) and not d["text"].startswith("一下") for d in decisions), decisions


def test_a_trip_told_is_no_decision() -> None:
    assert not lx.DECISION.search("我们就去了趟西湖")
    assert lx.DECISION.search("我们就去西湖吧")


def test_a_closing_le_meiyou_asks_whether_it_is_done() -> None:
    # Whisper marks the pause, not the rise: the form asks.
    assert repair("李明你合同签了没有。", ZH).endswith("？")


def test_a_title_of_address_is_no_topic() -> None:
    found = _found(["王芳，验收单你补一下。", "老师，验收单是我填的，我来补吧。", "也行，那李明补。"])
    assert not any(t in ("老师", "行") for _, t, _ in found), found


def test_a_clause_about_people_is_no_antecedent() -> None:
    found = _found(["客户要的报价单，王芳，你来做。", "报价单那节是我写的，我来吧。", "行，那李明做。"])
    assert not any("客户" == t for _, t, _ in found), found


def test_a_verb_before_de_modifies_the_noun_phrase() -> None:
    found = _found(["甲方要的效果图，李明，你来出。"])
    assert _has(found, "李明", ["效果图"]), found


# ---- English -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "utterances",
    [
        ["Dave, can you — actually, never mind, I'll sort it."],  # cut off by a change of mind
        ["Megan, you want to start?"],  # taking one's turn to speak
        ["Tom, could you — sorry, no, that's done."],
    ],
)
def test_en_no_work(utterances) -> None:
    found = _found(utterances)
    assert not any(o in EN for o, _, _ in found), found


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # when, said between the name and the ask
        (["Megan, once the invoice clears, can you get the scaffolders booked?"], "Megan Cole", ["scaffolders booked"], None),
        # the delivery of the work just asked for is its date, not a task of its own
        (["Will you write up the site survey, Dave? Get it to me by the 12th."], "Dave Olsen", ["site survey"], "by the 12th"),
        (["Dave, will you write up the site survey?", "Yep.", "Dave, get it to me by Thursday."], "Dave Olsen",
         ["site survey"], "by Thursday"),
    ],
)
def test_en_requests(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found
    assert not any("get it" in t.lower() for _, t, _ in found), found


def test_en_a_short_first_name_with_a_pet_ending_and_laughter_between() -> None:
    assert clipped_call("Tommo", "Tom Becker", EN) and clipped_call("Tommy", "Tom Becker", EN)
    assert not clipped_call("Ha", "Harriet Lane", ["Harriet Lane", *EN])  # laughter calls nobody
    found = _found(["Tommo, the rota.", "It's on draft three. People keep swapping the Sunday shifts.",
                    "Ha. Okay, can you do draft four with the new starters by Friday?"], [*EN, "Harriet Lane"])
    assert _has(found, "Tom Becker", ["draft four"], "by Friday"), found


def test_en_a_second_ask_while_you_are_at_it() -> None:
    found = _found(["Tom, can you order the safety signs, and do the fire drill log while you're at it?"])
    assert _has(found, "Tom Becker", ["safety signs"]) and _has(found, "Tom Becker", ["fire drill log"]), found


def test_en_start_with_an_object_is_work() -> None:
    assert _has(_found(["Tom, can you start the backup job tonight?"]), "Tom Becker", ["backup job"], "tonight")
