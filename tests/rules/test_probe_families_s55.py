"""Families found in session 55 (the session-55 blind probe meetings), each as a table of sentences
written fresh for this file — none is quoted from a probe, the corpus or the shared fixtures. In
Chinese: whom a plan is for (…给您) is no part of its title; a take-on after the one asked pushed back, with why them said after it; "接着/跟着" before the
verb; a light verb with a generic noun (报个方案) and a name said alone are no titles; the thing, the day,
then the verb as the topic; whom it is settled with (跟出版社那边协调); a request settled with 吧 and
asked only to hear a yes; a matter named and called off; care wished; a condition waited on (…定了我
才…); a fact recalled (…是几号来着); 反正 before a plan; the one who offered, named when the offer is
taken; work shown to someone when finished; who alone does it now; the day a condition is checked on;
when someone else comes. In English: away on maternity; people named as a kind; the thing that came in."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import has_task, tasks_in

# ---- Chinese: titles ------------------------------------------------------------------------------------


def test_zh_for_whom_is_no_part_of_the_title() -> None:
    utts = ["王芳，纪念册贵不贵？", "这个要看纸张，铜版的和哑光的差不少。我回头整理个价目表给您。"]
    found = tasks_in(utts)
    assert has_task(found, "王芳", ["价目表"]) and not any("给您" in t or "差不少" in t for _, t, _ in found), found


@pytest.mark.parametrize(
    "said",
    ["报销单那边，李明你接着核对一下。", "报销单那边……李明你跟着核对一下，别漏了。"],
)
def test_zh_going_on_before_the_verb(said: str) -> None:
    assert has_task(tasks_in([said]), "李明", ["报销单"]), tasks_in([said])


def test_zh_a_light_verb_and_a_generic_noun_is_no_title() -> None:
    utts = ["展台和海报你一起弄吧，陈静，下周三之前报个方案给我。"]
    found = tasks_in(utts)
    assert has_task(found, "陈静", ["展台和海报"], "下周三之前"), found


def test_zh_the_thing_then_the_day_then_the_verb() -> None:
    utts = ["就定五十人，报名上限明天就调，李明你来弄。"]
    assert has_task(tasks_in(utts), "李明", ["报名上限"]), tasks_in(utts)


def test_zh_whom_it_is_settled_with() -> None:
    """出 of 出版社 is no verb: the verb is 协调, and whom it is settled with stays in the title."""
    utts = ["周建华，书展这块你跟进。", "李明你去跟出版社那边协调一下，看能不能多给两个展位。"]
    found = tasks_in(utts)
    assert has_task(found, "李明", ["出版社", "协调"]) and not any(t.startswith("版社") for _, t, _ in found), found


def test_zh_a_name_said_alone_is_no_title() -> None:
    utts = ["保安不够。", "保安我这边可以去外面招几个。", "行，李明你去招，招几个你跟陈静商量。"]
    found = tasks_in(utts)
    assert has_task(found, "李明", ["保安"]) and not any(t == "李明" for _, t, _ in found), found


# ---- Chinese: who takes it ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "instead",
    ["王芳，你来吧。", "那……王芳，你来吧，预算表你比他熟。"],
)
def test_zh_taken_on_after_the_one_asked_pushed_back(instead: str) -> None:
    utts = ["下周审计要来，资料谁准备？", "那个让李明弄吧。", "我这周得跑两个工地，还有一堆报销……", instead]
    found = tasks_in(utts)
    assert [o for o, _, _ in found] == ["王芳"], found


@pytest.mark.parametrize(
    ("utts", "owner", "words"),
    [
        # settled with 吧 and asked only to hear a yes: a request
        (["王芳，你们做展板吧？", "展板我们做。"], "王芳", ["展板"]),
        # the one who offered, named when the offer is taken
        (["会议的签到表谁来做？", "我来吧，我做表格还行。", "李明你做？行，那你先做，做完给陈静把关，周四之前吧。"], "李明", ["签到表"]),
    ],
)
def test_zh_asked_to_hear_a_yes(utts: list[str], owner: str, words: list[str]) -> None:
    found = tasks_in(utts)
    assert has_task(found, owner, words) and not any(o == "陈静" for o, _, _ in found), found


def test_zh_an_offer_taken_is_other_work_than_theirs_before() -> None:
    """Two titles that share only "会议的" are two pieces of work."""
    utts = ["李明，你把往年会议的照片整理出来，下周一给我。", "好的。", "会议的签到表谁来做？", "我来吧。", "李明你做？行，周四之前吧。"]
    found = tasks_in(utts)
    assert has_task(found, "李明", ["照片"], "下周一") and has_task(found, "李明", ["签到表"], "周四之前"), found


@pytest.mark.parametrize(
    "utts",
    [
        ["王芳，这事你有数吧？"],  # whether they know
        ["周建华，你朋友里懂音响的人多吧？"],  # how things are, with no verb of work after 你
        ["陈静，你那个腰注意一点啊，别又闪了。"],  # care wished
        ["仓库现在就李明一个人盯，周末肯定顾不过来。"],  # who alone does it now
        ["周建华，今年运动会是几号来着？", "十月十二号，周一。"],  # a fact recalled
    ],
)
def test_zh_no_work(utts: list[str]) -> None:
    assert tasks_in(utts) == [], tasks_in(utts)


def test_zh_a_matter_called_off_takes_no_work_from_anyone() -> None:
    utts = ["李明，周五的订餐你来安排。", "好。", "哦对了王芳，上次说的请乐队的事儿，算了，取消吧，预算不够。"]
    found = tasks_in(utts)
    assert has_task(found, "李明", ["订餐"]) and not any(o == "王芳" for o, _, _ in found), found


def test_zh_work_waited_on_is_no_decision() -> None:
    utts = ["李明，提纲呢？", "提纲我来，名单定了我才好写……我争取下周二出初稿。", "下周二，可以。"]
    assert has_task(tasks_in(utts), "李明", ["提纲"], "下周二"), tasks_in(utts)


def test_zh_a_plan_opened_with_fanzheng() -> None:
    utts = ["王芳，赞助这块呢？", "有两家在谈。", "那你怎么看？", "我倾向第一家，但是得看领导。反正我月底之前把两家的报价都拿出来。"]
    assert has_task(tasks_in(utts), "王芳", ["报价"], "月底之前"), tasks_in(utts)


# ---- Chinese: dates -------------------------------------------------------------------------------------


def test_zh_the_day_a_condition_is_checked_on() -> None:
    utts = ["王芳，那笔尾款你再打电话催一下，月底之前要是还不给，我亲自去。", "好，我明天就打。"]
    assert has_task(tasks_in(utts), "王芳", [], "明天"), tasks_in(utts)


def test_zh_when_someone_else_comes() -> None:
    utts = ["李明，今年消防检测，下个月十号之前必须全部弄完。", "知道，这个我已经约了检测公司，下周就来。"]
    assert has_task(tasks_in(utts), "李明", ["消防检测"], "下个月十号之前"), tasks_in(utts)


# ---- English --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    ["I'm short two porters this week. Megan is on maternity and Tom is off sick.", "Visitors can use the side entrance."],
)
def test_en_no_work(said: str) -> None:
    assert tasks_in([said]) == [], tasks_in([said])


def test_en_the_thing_that_came_in() -> None:
    utts = ["Dave. The beach.", "So the seaweed came in heavy on the north side.", "That needs clearing before nine. Dave, that's you."]
    assert has_task(tasks_in(utts), "Dave Olsen", ["seaweed"]), tasks_in(utts)
