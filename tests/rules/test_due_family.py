"""A broad table of the deadline expressions people say, English and Chinese, against the corpus
README's date conventions: a day named (or counted from today) resolves to that day; ranges, vague
parts of a period and anchors on events stay null in ISO. Each phrase is also found whole as the
deadline of a work clause, so ``due_date_raw`` is the words said. Phrases and clauses are written
for this test from how people say dates, not taken from the corpus."""

from __future__ import annotations

from datetime import date

import pytest

from intents.dates import resolve
from supervisor.rules.lexicon import dates, deadlines

WED = date(2026, 3, 11)  # a Wednesday

EN_DAYS = [
    ("EOD", "2026-03-11"), ("by EOD", "2026-03-11"), ("COB", "2026-03-11"), ("by close of business", "2026-03-11"),
    ("COB Friday", "2026-03-13"), ("EOD tomorrow", "2026-03-12"), ("EOW", "2026-03-13"),
    ("by end of week", "2026-03-13"), ("by the end of this week", "2026-03-13"), ("end of next week", "2026-03-20"),
    ("first thing Monday", "2026-03-16"), ("first thing tomorrow", "2026-03-12"),
    ("first thing in the morning", "2026-03-12"), ("by the 15th", "2026-03-15"), ("before the 15th", "2026-03-15"),
    ("by the 1st", "2026-04-01"), ("before the end of the month", "2026-03-31"), ("by end of month", "2026-03-31"),
    ("EOM", "2026-03-31"), ("by the end of next month", "2026-04-30"), ("in two weeks", "2026-03-25"),
    ("within a week", "2026-03-18"), ("in ten days", "2026-03-21"), ("in a fortnight", "2026-03-25"),
    ("a week from Friday", "2026-03-20"), ("a week from today", "2026-03-18"), ("a week from tomorrow", "2026-03-19"),
    ("two weeks from Monday", "2026-03-30"), ("Friday week", "2026-03-20"), ("Monday after next", "2026-03-23"),
    ("the day after tomorrow", "2026-03-13"), ("by Monday morning", "2026-03-16"), ("this Friday", "2026-03-13"),
    ("no later than Thursday", "2026-03-12"), ("Thursday at the latest", "2026-03-12"),
    ("by tomorrow noon", "2026-03-12"), ("by noon tomorrow", "2026-03-12"), ("by lunchtime", "2026-03-11"),
    ("tonight", "2026-03-11"), ("by tonight", "2026-03-11"), ("by March 20", "2026-03-20"),
    ("the 20th of March", "2026-03-20"), ("within 24 hours", "2026-03-12"), ("in 48 hours", "2026-03-13"),
    ("within the hour", "2026-03-11"), ("by the end of the quarter", "2026-03-31"),
    ("next Tuesday", "2026-03-17"), ("ahead of Friday", "2026-03-13"), ("two weeks from now", "2026-03-25"),
    ("a month from today", "2026-04-11"), ("within the next two weeks", "2026-03-25"),
    ("in the next three days", "2026-03-14"), ("in a week's time", "2026-03-18"),
    # an hour before the day it is on; the day read whole with "at the latest"; short forms
    ("by 5pm Friday", "2026-03-13"), ("by noon Friday", "2026-03-13"), ("by close of business on the 14th", "2026-03-14"),
    ("by the 14th at the latest", "2026-03-14"), ("by Weds", "2026-03-11"), ("by 20/3", "2026-03-20"),
    ("by month end", "2026-03-31"), ("by the end of Q2", "2026-06-30"),
]
EN_NULL = [
    "mid-next-week", "the middle of next week", "by mid-March", "this week", "this weekend", "over the weekend",
    "next month", "early next month", "in a couple of days", "the week after next", "sometime next week",
    "before the launch", "ASAP",
]
ZH_DAYS = [
    ("周五之前", "2026-03-13"), ("这周五", "2026-03-13"), ("本周五下班前", "2026-03-13"), ("礼拜五", "2026-03-13"),
    ("下周一上班前", "2026-03-16"), ("下周三", "2026-03-18"), ("下下周一", "2026-03-23"), ("星期天", "2026-03-15"),
    ("下个月五号", "2026-04-05"), ("下个月5号之前", "2026-04-05"), ("后天下午", "2026-03-13"),
    ("明天下班前", "2026-03-12"), ("今天下班之前", "2026-03-11"), ("今晚", "2026-03-11"), ("明早", "2026-03-12"),
    ("大后天", "2026-03-14"), ("月底", "2026-03-31"), ("月底前", "2026-03-31"), ("下个月底", "2026-04-30"),
    ("三月底", "2026-03-31"), ("15号之前", "2026-03-15"), ("十五号前", "2026-03-15"), ("3月20号", "2026-03-20"),
    ("三月二十日之前", "2026-03-20"), ("两周内", "2026-03-25"), ("三天内", "2026-03-14"), ("一周之内", "2026-03-18"),
    ("五个工作日内", "2026-03-18"), ("国庆前", "2026-09-30"), ("五一之前", "2026-04-30"), ("元旦前", "2026-12-31"),
    ("下周五中午", "2026-03-20"), ("明天上午十点", "2026-03-12"), ("一个礼拜内", "2026-03-18"),
    ("三天后", "2026-03-14"), ("两周之后", "2026-03-25"), ("十四号下午", "2026-03-14"), ("二十号晚上之前", "2026-03-20"),
    # Lunar holidays, through the lunar calendar: the next one (春节 2026 has passed by March 11).
    ("春节前", "2027-02-05"), ("过年之前", "2027-02-05"), ("除夕前", "2027-02-04"), ("中秋节前", "2026-09-24"),
    ("端午前", "2026-06-18"), ("元宵节前", "2027-02-19"),
]
ZH_NULL = ["月中", "这两天", "节前", "下周", "下个月初", "十月中旬", "周末", "这周末", "开机前", "年前", "清明前",
           "近期", "尽快", "过两天", "下旬"]


@pytest.mark.parametrize(("raw", "iso"), EN_DAYS + ZH_DAYS)
def test_a_day_said_resolves_to_that_day(raw, iso) -> None:
    assert resolve(raw, WED) == iso


@pytest.mark.parametrize("raw", EN_NULL + ZH_NULL)
def test_ranges_vague_parts_and_anchors_stay_null(raw) -> None:
    assert resolve(raw, WED) is None


@pytest.mark.parametrize(("raw", "iso"), EN_DAYS)
def test_an_english_deadline_is_found_whole_after_the_work(raw, iso) -> None:
    clause = f"Can you send the vendor the revised quote {raw}?"
    assert [h.text for h in deadlines(clause)] == [raw]


@pytest.mark.parametrize(("raw", "iso"), ZH_DAYS)
def test_a_chinese_deadline_is_found_whole_before_the_work(raw, iso) -> None:
    clause = f"报价单{raw}发给供应商"
    assert [h.text for h in deadlines(clause)] == [raw]


@pytest.mark.parametrize(("raw", "on", "iso"), [
    ("除夕", date(2026, 1, 5), "2026-02-16"),  # the eve of 春节 2026 (Feb 17)
    ("春节前", date(2026, 1, 5), "2026-02-16"),
    ("春节前", date(2026, 12, 20), "2027-02-05"),  # said in December: the coming one
    ("中秋", date(2027, 8, 1), "2027-09-15"),
])
def test_a_lunar_holiday_is_the_next_one_on_the_solar_calendar(raw, on, iso) -> None:
    assert resolve(raw, on) == iso


@pytest.mark.parametrize(("raw", "iso"), [
    ("下午两点", "2026-03-11"), ("两点半之前", "2026-03-11"), ("下班前", "2026-03-11"), ("中午之前", "2026-03-11"),
    ("今晚", "2026-03-11"), ("下午", "2026-03-11"), ("明天下午", "2026-03-12"), ("周五下班前", "2026-03-13"),
    ("ideally by the 13th", "2026-03-13"), ("latest by the twentieth", "2026-03-20"),
])
def test_a_time_of_day_alone_is_today_and_hedges_before_a_day_change_nothing(raw, iso) -> None:
    assert resolve(raw, WED) == iso


@pytest.mark.parametrize(("clause", "said"), [
    ("周报最快下午两点发出来", "下午两点"),  # 两点, how two o'clock is said
    ("两点前把样品送到前台", "两点前"),
    ("下班前给供应商回个话", "下班前"),
    ("中午之前把座位表排好", "中午之前"),
])
def test_a_time_of_today_is_found_as_a_deadline(clause, said) -> None:
    assert [h.text for h in deadlines(clause)] == [said]


def test_a_part_of_today_said_right_after_the_one_who_does_the_work_is_its_time() -> None:
    assert [h.text for h in dates("你下午带新人去办门禁卡")] == ["下午"]
    assert dates("我们下午的培训取消了") == []  # after 我们, not the one who does it
