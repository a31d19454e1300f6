"""Families found by the session-30 probe meetings (blind writers who read no code and no corpus),
each as a table of sentences written fresh for this file — none is quoted from a probe, the corpus
or the shared fixtures."""

from __future__ import annotations

from datetime import date

import pytest

from intents.dates import readings, resolve
from supervisor.rules.names import find_people, introduced
from tests.rules.rules_harness import has_task, tasks_in

_YARD = ["谭红梅", "甘勇", "邱建军", "沈宁", "姜芸"]
_CREW = ["Dana Whitfield", "Kit Ambrose", "Ravi Menon", "Lou Carver"]


# ---- Chinese: who owns it, and what it is -------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # the one told to start goes on once it is done
        (["阿勇你先测，测完写个测试报告发群里。"], "甘勇", ["测试报告"], None),
        # not that but this, from the same one told
        (["小宁你先别改海报了，先弄展板。"], "沈宁", ["展板"], None),
        # said to the one called, who goes on with a 把 order
        (["邱哥，你带他一下，顺便把那两箱样书送了。"], "邱建军", ["样书"], None),
        # the thing pointed at with a determiner, then the order with "for me"
        (["小芸，楼道里那些纸箱，明天中午前给我搬出来。"], "姜芸", ["纸箱"], "明天中午前"),
        # an adverb of how it is gathered is no work
        (["报名表，阿勇你统一收一下。"], "甘勇", ["报名表"], None),
        # reported to someone: they receive it, they do not do it
        (["小芸，把各组的人数统计一下，报给邱哥。"], "姜芸", ["人数"], None),
        # a north-western or northern first person
        (["老邱，账本呢？", "俺明天把账本拿过来。"], "邱建军", ["账本"], "明天"),
        # the speaker naming themself after 我
        (["发票也说一下，还差三张。", "发票交给我老邱，我去跟财务对。"], "邱建军", ["发票"], None),
        # a title said once with the surname stands for them when said alone
        (["谭站长今天也在啊。", "站长，临时工的事你那边有人没？", "有，临时工我来找，下周一前我把人定下来。"],
         "谭红梅", ["临时工"], "下周一前"),
        # a one-character given name with 娃
        (["勇娃，仓库里那些退件，你后天清一下。"], "甘勇", ["退件"], "后天"),
    ],
)
def test_chinese_work_and_who_owns_it(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _YARD)
    assert has_task(found, owner, words, due), found


@pytest.mark.parametrize(
    ("utts", "owner"),
    [
        # how tired the work made them is no work
        (["人手不够，阿勇一个人搬得腰都酸了。"], "甘勇"),
        # why the one called is asked names no work; the helper gets no title cut from the call
        (["小宁，质检组对标准最熟，这个你牵头，小芸给你打下手。"], "姜芸"),
        # 班主任 is no call of the one called 主任
        (["谭主任好。", "这学期的班主任还是老样子，你们自己安排。"], "谭红梅"),
    ],
)
def test_chinese_no_work_for_them(utts: list[str], owner: str) -> None:
    assert all(o != owner for o, _, _ in tasks_in(utts, _YARD))


def test_a_helper_named_after_the_lead_gets_no_title_cut_from_the_call() -> None:
    found = tasks_in(["小宁，质检组对标准最熟，这个你牵头，小芸给你打下手。"], _YARD)
    assert not any("质检组" in t or t.endswith("给") for _, t, _ in found), found


def test_whose_it_is_and_what_goes_with_it_are_no_part_of_the_title() -> None:
    found = tasks_in(["邱哥，你带他一下，顺便把他那两箱样书跟你的一起送了。"], _YARD)
    assert has_task(found, "邱建军", ["样书"]), found
    assert not any("他那" in t or "一起" in t for _, t, _ in found), found


def test_sending_it_on_once_done_is_the_same_work() -> None:
    found = tasks_in(["小芸，排班表这回还用旧的？", "想换个新的，早晚班分两栏。", "可以啊，你改，改完发群里大家看看。"], _YARD)
    assert len([t for o, t, _ in found if o == "姜芸"]) <= 1, found


def test_released_by_name_hands_the_work_over() -> None:
    found = tasks_in(["小宁，你把样书送到印厂。", "行，那样书阿勇你送，小宁就别管这个了。"], _YARD)
    assert has_task(found, "甘勇", ["样书"]), found
    assert not any(o == "沈宁" for o, _, _ in found), found


def test_a_reply_that_dates_nothing_by_name_dates_all_asked_in_that_breath() -> None:
    found = tasks_in(["阿勇，你回头给客户回个电话，把这个退款给办了。", "行，我今晚就打。"], _YARD)
    assert has_task(found, "甘勇", ["退款"], "今晚"), found


def test_the_date_settled_at_last_after_a_pushback() -> None:
    found = tasks_in(["小宁，展板这周五给我。", "周五够呛，下周二吧。", "下周二都放假了。", "哦对。", "那就元旦前，最晚元旦前。"], _YARD)
    assert has_task(found, "沈宁", ["展板"], "元旦前"), found


def test_a_title_is_learned_only_from_one_participant() -> None:
    said = [(1, "谭站长今天也在啊。"), (2, "站长，你说。")]
    assert [(a.form, a.name) for a in introduced(said, _YARD)] == [("站长", "谭红梅")]
    # (two participants called by the same title: it stands for neither)
    assert introduced([(1, "谭站长好。"), (2, "甘站长也来了。")], _YARD) == ()
    # (老师 is said to many and teaches nothing)
    assert introduced([(1, "谭老师好。")], _YARD) == ()


def test_a_dialect_word_is_read_but_the_quote_stays_as_said() -> None:
    found = tasks_in(["老邱，账本呢？", "俺明天把账本拿过来。"], _YARD)
    assert has_task(found, "邱建军", ["账本"]), found
    assert find_people("勇娃", _YARD)[0].name == "甘勇"


# ---- dates --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "on", "iso"),
    [
        # a weekday and the day of the month that falls on it: that day
        ("Saturday the 11th", date(2026, 4, 2), "2026-04-11"),
        ("by Thursday, the 9th", date(2026, 4, 2), "2026-04-09"),
        ("周六11号", date(2026, 4, 2), "2026-04-11"),
        ("十一号周六之前", date(2026, 4, 2), "2026-04-11"),
        # …and a day that does not fall on it: nobody can say which was meant
        ("Friday the 13th", date(2026, 4, 2), None),
        ("周五，就是十三号", date(2026, 4, 2), None),
        # a limit said with till / until / no later than
        ("till the 11th", date(2026, 12, 2), "2026-12-11"),
        ("no later than the 31st", date(2026, 7, 21), "2026-07-31"),
    ],
)
def test_dates_people_can_use(raw: str, on: date, iso: str | None) -> None:
    assert resolve(raw, on) == iso, readings(raw, on)


# ---- English ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("utts", "owner", "words", "due"),
    [
        # how many things are asked, between the name and the first
        (["Right. Dana, two things: book the van for the site visit, and get the permits printed no later than the 20th."],
         "Dana Whitfield", ["permits"], "no later than the 20th"),
        (["Right. Dana, two things: book the van for the site visit, and get the permits printed no later than the 20th."],
         "Dana Whitfield", ["van"], None),
        # the date said first in the reply is the plan's
        (["Ravi, the mailing list. It's grown a lot.", "Forty now.", "Could you email the new members soon?",
          "In two weeks, sure. I'll email the new members."],
         "Ravi Menon", ["email the new members"], "In two weeks"),
        # a reason after the date leaves it the date
        (["Lou, could you fix the shed door and oil the gate?", "Yeah, both, I'll do it this weekend before I fly out."],
         "Lou Carver", ["shed door"], "this weekend"),
        # the date settled after the one asked is reminded why not
        (["Kit, the survey. When was it last run?", "Ages ago. I can rerun the survey on Friday.",
          "Isn't the van booked out until the weekend?", "Oh, yes, it is.", "Okay, then Monday, first job Monday."],
         "Kit Ambrose", ["survey"], "Monday"),
        # a call after a discourse word: the one called answers, and their plan is theirs
        (["Kit, the freight quote. They want a number.", "Honestly Dana, I don't know the routes well enough.",
          "Fair. Fine, I'll do the quote myself by Friday."],
         "Dana Whitfield", ["quote"], "by Friday"),
        # a head noun alone is the fuller thing said just before
        (["Next, the freight port quote.", "Ravi, can you do the quote?"], "Ravi Menon", ["freight port quote"], None),
    ],
)
def test_english_work_and_who_owns_it(utts: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = tasks_in(utts, _CREW)
    assert has_task(found, owner, words, due), found
