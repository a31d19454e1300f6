"""Due dates people can use: the words said (``due_date_raw``) resolved against the meeting's date.

Pure. ``readings(raw, on)`` reads a deadline phrase as it was said ("下周三之前", "by Friday",
"3月18日", "end of the month", "两天内") and returns every calendar date it can mean on the
meeting's date ``on``; ``resolve`` keeps a date only when there is exactly one. A phrase relative to
an event ("提测前", "same day as the backend") or without a day ("下周", "next month") has no
reading: the date stays null rather than guessed.

The grammar is small and explicit: an optional week shift (这/本/下/下下, this/next/coming) and a
weekday; today/tomorrow offsets; end of week/month/quarter/year; month + day; day of month; and
"within N days/weeks/working days/months". Weeks start on Monday (ISO).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, timedelta
from functools import lru_cache

from lunardate import LunarDate

_ZH_NUM = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 6,
               "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6}
_EN_WEEKDAY = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_EN_MONTH = {m.lower(): i for i, m in enumerate(calendar.month_abbr) if m}
_EN_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "a": 1, "an": 1}
_EN_ORD_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_EN_ORDINAL = {
    **{w: i + 1 for i, w in enumerate(_EN_ORD_UNITS)},
    **{w: i + 10 for i, w in enumerate(("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
                                        "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"))},
    **{f"{tens}{sep}{w}": base + i + 1 for tens, base in (("twenty", 20), ("thirty", 30))
       for i, w in enumerate(_EN_ORD_UNITS) for sep in ("-", " ")},
    "thirtieth": 30,
}
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def meeting_date(created_at: float) -> date:
    """The meeting's date: the local calendar date of its ``created_at`` timestamp."""
    return datetime.fromtimestamp(created_at).date()


def _zh_int(s: str) -> int | None:
    """``18``, ``十八``, ``二十一``, ``三`` → int; None when it is not a number."""
    s = s.translate(_FULLWIDTH)
    if s.isdigit():
        return int(s)
    if not s or any(ch not in _ZH_NUM and ch != "十" for ch in s):
        return None
    if "十" in s:
        tens, _, ones = s.partition("十")
        return (_ZH_NUM[tens] if tens else 1) * 10 + (_ZH_NUM[ones] if ones else 0)
    return _ZH_NUM[s] if len(s) == 1 else None


def _week_start(d: date, shift: int) -> date:
    return d - timedelta(days=d.weekday()) + timedelta(weeks=shift)


def _weekday(on: date, wd: int, shift: int | None) -> date:
    """Weekday ``wd`` of the week ``shift`` weeks away; ``None``: the next one on or after ``on``."""
    if shift is None:
        return on + timedelta(days=(wd - on.weekday()) % 7)
    return _week_start(on, shift) + timedelta(days=wd)


def _month_end(year: int, month: int) -> date:
    while month > 12:
        year, month = year + 1, month - 12
    return date(year, month, calendar.monthrange(year, month)[1])


def _add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def _add_workdays(d: date, n: int) -> date:
    while n > 0:
        d += timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d


def _month_day(on: date, month: int, day: int) -> date | None:
    for year in (on.year, on.year + 1):
        try:
            d = date(year, month, day)
        except ValueError:
            return None
        # A date said without a year is the next one: "1月5日" said in December is next January.
        if d >= on - timedelta(days=31):
            return d
    return None


def _lunar_day(on: date, month: int, day: int) -> date | None:
    """The solar date of lunar ``month``/``day`` meant when said on ``on``: the next one (a
    holiday is said as a deadline ahead; "春节前" in March is next year's)."""
    for year in (on.year - 1, on.year, on.year + 1):
        try:
            d = LunarDate(year, month, day).to_solar_date()
        except ValueError:  # outside the table (1900–2099)
            continue
        if d >= on:
            return d
    return None


def _weekday_with_day(wd: date, d: date | None) -> list[date]:
    """A weekday said with a day of the month ("Saturday the 11th", "周六11号"): that day when it
    falls on the weekday; the weekday alone when no day could be read; else both readings."""
    if d is None or d.weekday() == wd.weekday():
        return [d or wd]
    return sorted({wd, d})


def _day_of_month(on: date, day: int) -> date | None:
    for month in (on.month, on.month + 1):
        year = on.year + (month - 1) // 12
        month = (month - 1) % 12 + 1
        if day <= calendar.monthrange(year, month)[1]:
            d = date(year, month, day)
            if d >= on:
                return d
    return None


_SHIFT_ZH = {"": None, "这": 0, "这个": 0, "本": 0, "下": 1, "下个": 1, "下下": 2, "下下个": 2, "上": -1, "上个": -1}
_ZH_WEEKDAY_RX = re.compile(r"(下下个?|下个?|这个?|本|上个?)?(?:周|星期|礼拜)([一二三四五六日天1-7])")
_ZH_WEEK_END_RX = re.compile(r"(下下个?|下个?|这个?|本)?(?:周|星期|礼拜)(?:末|内|之内|以内|结束)")
_ZH_REL_DAY = (("大后天", 3), ("后天", 2), ("明", 1), ("今", 0))
_ZH_MONTH_DAY = re.compile(r"([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})月([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})[日号]?")
_ZH_DAY = re.compile(r"(?<![月0-9])([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})[日号]")
_ZH_WITHIN = re.compile(r"([0-9０-９]+|[一二三四五六七八九十两]{1,3})(天|周|个星期|个礼拜|个工作日|个月)(?:内|之内|以内|后|之后)")
_ZH_NAMED_MONTH_END = re.compile(r"([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})月(?:底|末)")
_ZH_MONTH_END = re.compile(r"(这个?|本|下个?)?月(?:底|末|之内|以内|内)")
_ZH_SHIFTED_DAY = re.compile(r"(这个?|本|下个?)月([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})[日号]")
_ZH_HOURS = re.compile(r"([0-9０-９]+|[一二三四五六七八九十两半]{1,3})个?(?:小时|钟头)(?:内|之内|以内)")
# A clock time with no day ("上午十点前", "中午十二点半", "下午两点") is today's.
_ZH_CLOCK_ONLY = re.compile(
    r"(?:上午|下午|中午|晚上|早上|傍晚)?(?:[0-9一二三四五六七八九十]+|两)点(?:半|钟|[0-9一二三四五六七八九十]+分?)?"
    r"(?:之前|以前|前|为止)?"
)
# A part of the day with no day ("下午", "下班前", "中午之前", "今晚") is today's, as "this afternoon"
# and "before close of business" are.
_ZH_PART_OF_TODAY = re.compile(
    r"(?:今天|今日)?(?:上午|中午|下午|傍晚|晚上|今晚|下班|收工|午饭|吃饭)(?:之前|以前|前|为止)?"
)
# Holidays on a fixed day of the solar calendar; "国庆前" is the day before.
_ZH_HOLIDAYS = (("元旦", 1, 1), ("五一", 5, 1), ("劳动节", 5, 1), ("国庆", 10, 1), ("圣诞", 12, 25))
# Holidays on a fixed day of the lunar calendar, which ``lunardate`` turns into the solar date of the
# year meant: (name, lunar month, day, days before it). 除夕 is the eve of 春节, counted back from it
# because the twelfth month has 29 or 30 days. 清明 is a solar term, not a lunar day, and stays null.
_ZH_LUNAR_HOLIDAYS = (("除夕", 1, 1, 1), ("春节", 1, 1, 0), ("过年", 1, 1, 0), ("元宵", 1, 15, 0), ("端午", 5, 5, 0),
                      ("七夕", 7, 7, 0), ("中秋", 8, 15, 0), ("重阳", 9, 9, 0))

_EN_SHIFT = {None: None, "this": 0, "coming": None, "next": 1, "the following": 1}
# Whole weekday words only: "month" is no Monday ("next month" stays without a day).
_EN_WD = (r"(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|r|rs|urday)?")
_EN_WD_NTH = re.compile(rf"\b{_EN_WD},?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\b", re.IGNORECASE)
_EN_WEEKDAY_RX = re.compile(rf"\b(?:(next|this|coming|the following)\s+)?{_EN_WD}\b", re.IGNORECASE)
_EN_END_RX = re.compile(r"\bend\s+of\s+(?:the\s+)?(this\s+|next\s+)?(day|week|month|quarter|year)\b"
                        # ("before the month's out"; "before the week is out" is a range, as "this week" is)
                        r"|\bthe\s+()(month|year)(?:'s|\s+is)\s+out\b", re.IGNORECASE)
_EN_MONTH_DAY = re.compile(r"\b([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b", re.IGNORECASE)
_EN_MONTH_END = re.compile(r"\bend of ([a-z]{3})[a-z]*\b", re.IGNORECASE)
# "by the 15th", "ideally by the 13th", "latest by the 20th": hedges before the day change nothing.
_EN_NTH = re.compile(r"^(?:(?:ideally|preferably|hopefully|latest|at the latest|at latest)\s+)?(?:before |by |till |until |no later than |"
                     # ("before the site visit on the 10th": the day the occasion falls on)
                     r"before (?:the|our|your|their|my) [\w-]+(?: [\w-]+)?,? on )?"
                     r"the (\d{1,2})(?:st|nd|rd|th)(?:,?\s+at\s+the\s+latest)?$", re.IGNORECASE)
_EN_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3})[a-z]*\b", re.IGNORECASE)
_EN_SLASH = re.compile(r"\b(\d{1,2})/(\d{1,2})\b")
_EN_WITHIN = re.compile(
    r"\b(?:in|within)\s+(?:the\s+next\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|an)\s+"
    r"(business\s+|working\s+)?(day|week|month)s?\b",
    re.IGNORECASE,
)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def _zh(raw: str, on: date) -> list[date]:
    if m := _ZH_WEEKDAY_RX.search(raw):
        wd = _weekday(on, _ZH_WEEKDAY[m.group(2)], _SHIFT_ZH[m.group(1) or ""])
        # ("周六11号": the day of the month when it falls on that weekday; else both readings)
        rest = raw[: m.start()] + "，" + raw[m.end() :]
        d = None
        if dm := _ZH_MONTH_DAY.search(rest):
            month, day = _zh_int(dm.group(1)), _zh_int(dm.group(2))
            d = _month_day(on, month, day) if month and day else None
        elif dm := _ZH_DAY.search(rest):
            day = _zh_int(dm.group(1))
            d = _day_of_month(on, day) if day else None
        return _weekday_with_day(wd, d)
    if m := _ZH_WITHIN.search(raw):
        n = _zh_int(m.group(1).replace("两", "二"))
        if n is None:
            return []
        unit = m.group(2)
        if unit == "天":
            return [on + timedelta(days=n)]
        if unit in ("周", "个星期", "个礼拜"):
            return [on + timedelta(weeks=n)]
        if unit == "个工作日":
            return [_add_workdays(on, n)]
        return [_add_months(on, n)]
    if m := _ZH_WEEK_END_RX.search(raw):
        # "这周内/下周结束前": within the week, which ends on Sunday; "周末" is Saturday or Sunday.
        shift = _SHIFT_ZH[m.group(1) or ""] or 0
        start = _week_start(on, shift)
        if "末" in m.group(0):
            return [start + timedelta(days=5), start + timedelta(days=6)]
        return [start + timedelta(days=6)]
    if m := _ZH_SHIFTED_DAY.search(raw):
        day = _zh_int(m.group(2))
        shift = 1 if m.group(1).startswith("下") else 0
        year, month = on.year + (on.month + shift - 1) // 12, (on.month + shift - 1) % 12 + 1
        if day and day <= calendar.monthrange(year, month)[1]:
            return [date(year, month, day)]
        return []
    if _ZH_HOURS.search(raw) or _ZH_CLOCK_ONLY.fullmatch(raw) or _ZH_PART_OF_TODAY.fullmatch(raw):
        return [on]
    for name, month, day in _ZH_HOLIDAYS:
        if name in raw:
            d = _month_day(on, month, day)
            if d and re.search(rf"{name}节?(?:放假|假期)?(?:之前|以前|前)", raw):
                d -= timedelta(days=1)
            return [d] if d else []
    for name, month, day, eve in _ZH_LUNAR_HOLIDAYS:
        if name in raw:
            d = _lunar_day(on, month, day)
            before = re.search(rf"{name}节?(?:放假|假期)?(?:之前|以前|前)", raw) is not None
            return [d - timedelta(days=eve + before)] if d else []
    if m := _ZH_MONTH_DAY.search(raw):
        month, day = _zh_int(m.group(1)), _zh_int(m.group(2))
        d = _month_day(on, month, day) if month and day else None
        return [d] if d else []
    if m := _ZH_DAY.search(raw):
        day = _zh_int(m.group(1))
        d = _day_of_month(on, day) if day else None
        return [d] if d else []
    if m := _ZH_NAMED_MONTH_END.search(raw):
        month = _zh_int(m.group(1))
        if month and 1 <= month <= 12:
            year = on.year + (1 if month < on.month - 1 else 0)
            return [_month_end(year, month)]
        return []
    if m := _ZH_MONTH_END.search(raw):
        shift = 1 if (m.group(1) or "").startswith("下") else 0
        return [_month_end(on.year, on.month + shift)]
    if "年底" in raw or "年末" in raw:
        return [date(on.year, 12, 31)]
    if "季度末" in raw or "季度底" in raw:
        return [_month_end(on.year, ((on.month - 1) // 3 + 1) * 3)]
    for word, days in _ZH_REL_DAY:
        if re.search(word if len(word) > 1 else rf"{word}(?:天|晚|早|日|儿)", raw):
            return [on + timedelta(days=days)]
    return []


_EN_DAY_END = re.compile(
    r"^(?:(?:by|before|until|till|no later than)\s+)?(?:eod|end of (?:the )?(?:day|play)|close of (?:business|play)|cob|first thing"
    r"|noon|midday|lunchtime|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.))"
    r"\s+(?:on\s+)?(?=\S)",
    re.IGNORECASE,
)
_EN_WEEKDAY_OF_WEEK = re.compile(rf"\b{_EN_WD}\s+(next|this)\s+week\b", re.IGNORECASE)
# Counted from a day: "a week from Friday", "two weeks from today", "Friday week", "Monday after next".
_EN_WEEKS_FROM = re.compile(
    r"\b(a|one|two|three|four|\d+)\s+(week|fortnight|month)s?\s+(?:from|after)\s+(.+)$", re.IGNORECASE
)
_EN_DAY_WEEK = re.compile(rf"\b{_EN_WD}\s+(?:week|after next)\b", re.IGNORECASE)
# British: "a week today", "a week tomorrow", "a week on Friday", "tomorrow week": that day, a week on.
_EN_A_WEEK_ON = re.compile(rf"\ba\s+week\s+(?:(today|tomorrow)|on\s+{_EN_WD})\b|\b(today|tomorrow)\s+week\b", re.IGNORECASE)
# A part of a period names no day: "mid-next-week", "early next month", "sometime next week".
_EN_PART_OF = re.compile(
    r"\b(?:early|late|mid|middle of|sometime|some time)[\s-]+(?:the\s+)?(?:(?:this|next|following)[\s-]+)?"
    r"(?:week|month|quarter|year|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)",
    re.IGNORECASE,
)


def _ordinals_as_numbers(low: str) -> str:
    """"the first of november" → "the 1st of november": days said as words read like digits."""
    for word in sorted(_EN_ORDINAL, key=len, reverse=True):
        low = re.sub(rf"\bthe {word}\b", f"the {_EN_ORDINAL[word]}th", low)
    return low


def _en(raw: str, on: date) -> list[date]:
    low = _ordinals_as_numbers(raw.lower())
    if m := _EN_DAY_END.match(low):
        # "end of day tomorrow", "EOD Thursday", "first thing Monday": the day named after it.
        if found := _en(low[m.end() :], on):
            return found
    if _EN_PART_OF.search(low):
        return []
    if m := _EN_WEEKS_FROM.search(low):
        num = m.group(1)
        n = (int(num) if num.isdigit() else _EN_NUM[num]) * (2 if m.group(2) == "fortnight" else 1)
        base = [on] if m.group(3).strip(" .,!?") == "now" else _en(m.group(3), on)
        if len(base) != 1:
            return []
        return [_add_months(base[0], n) if m.group(2) == "month" else base[0] + timedelta(weeks=n)]
    if m := _EN_WEEKDAY_OF_WEEK.search(low):
        return [_weekday(on, _EN_WEEKDAY[m.group(1)], 1 if m.group(2) == "next" else 0)]
    if m := _EN_A_WEEK_ON.search(low):
        said = m.group(1) or m.group(3)
        if said:
            return [on + timedelta(days=7 + (said == "tomorrow"))]
        return [_weekday(on + timedelta(days=1), _EN_WEEKDAY[m.group(2)], None) + timedelta(weeks=1)]
    if m := _EN_DAY_WEEK.search(low):
        # "Friday week" / "Monday after next": a week after the coming one.
        return [_weekday(on + timedelta(days=1), _EN_WEEKDAY[m.group(1)], None) + timedelta(weeks=1)]
    if m := re.search(r"\b(?:in|within)\s+(\S+)\s+hours?\b", low):
        # "within 24 hours" is tomorrow; a few hours are today.
        n = int(m.group(1)) if m.group(1).isdigit() else 0
        return [on + timedelta(days=n // 24)]
    if re.search(r"\b(?:in|within)\s+(?:a|one)\s+fortnight\b", low):
        return [on + timedelta(weeks=2)]
    if m := _ISO.search(low):
        try:
            return [date(int(m.group(1)), int(m.group(2)), int(m.group(3)))]
        except ValueError:
            return []
    if m := re.search(r"\b(month|quarter|year)[\s-]end\b", low):
        low = f"end of the {m.group(1)}"  # "by month end"
    if m := re.search(r"\bend of q([1-4])\b", low):
        return [_month_end(on.year + (1 if int(m.group(1)) * 3 < on.month else 0), int(m.group(1)) * 3)]
    if m := _EN_END_RX.search(low):
        nxt = bool(m.group(1) and m.group(1).strip() == "next")
        unit = m.group(2) or m.group(4)
        if unit == "day":
            return [on]
        if unit == "week":
            start = _week_start(on, 1 if nxt else 0)
            return [start + timedelta(days=4)]
        if unit == "month":
            return [_month_end(on.year, on.month + (1 if nxt else 0))]
        if unit == "quarter":
            return [_month_end(on.year, ((on.month - 1) // 3 + 1 + (1 if nxt else 0)) * 3)]
        return [date(on.year + (1 if nxt else 0), 12, 31)]
    if re.search(r"\bday after tomorrow\b", low):
        return [on + timedelta(days=2)]
    if re.search(r"\btomorrow\b|\bfirst thing in the morning\b", low):
        return [on + timedelta(days=1)]
    if re.search(r"\beow\b", low):
        return [_week_start(on, 0) + timedelta(days=4)]
    if re.search(r"\beom\b", low):
        return [_month_end(on.year, on.month)]
    if m := _EN_WITHIN.search(low):
        num = m.group(1)
        n = int(num) if num.isdigit() else _EN_NUM[num]
        unit = m.group(3)
        if unit == "day":
            return [_add_workdays(on, n) if m.group(2) else on + timedelta(days=n)]
        if unit == "week":
            return [on + timedelta(weeks=n)]
        return [_add_months(on, n)]
    if m := _EN_MONTH_END.search(low):
        month = _EN_MONTH.get(m.group(1)[:3])
        if month:
            year = on.year + (1 if month < on.month else 0)
            return [_month_end(year, month)]
    for rx, mon_group, day_group in ((_EN_MONTH_DAY, 1, 2), (_EN_DAY_MONTH, 2, 1)):
        for m in rx.finditer(low):
            month = _EN_MONTH.get(m.group(mon_group)[:3])
            if month:
                d = _month_day(on, month, int(m.group(day_group)))
                return [d] if d else []
    if m := _EN_NTH.search(low):
        d = _day_of_month(on, int(m.group(1)))
        return [d] if d else []
    if m := _EN_WD_NTH.search(low):
        # "Saturday the 11th": the day of the month, when it falls on that weekday; else both
        # readings (which was meant, nobody can say)
        return _weekday_with_day(_weekday(on, _EN_WEEKDAY[m.group(1).lower()], None), _day_of_month(on, int(m.group(2))))
    if m := _EN_SLASH.search(low):
        a, b = int(m.group(1)), int(m.group(2))
        d = _month_day(on, *((b, a) if a > 12 >= b else (a, b)))  # (20/3 can only be day/month)
        return [d] if d else []
    if m := _EN_WEEKDAY_RX.search(low):
        shift_word = " ".join(m.group(1).split()) if m.group(1) else None
        wd = _EN_WEEKDAY[m.group(2).lower()]
        shift = _EN_SHIFT[shift_word]
        if shift_word == "next":
            # "next Friday" said early in a week may mean this week's: both readings unless they agree.
            soonest = _weekday(on + timedelta(days=1), wd, None)
            in_next = _weekday(on, wd, 1)
            if soonest == on + timedelta(days=1):
                return [in_next]  # tomorrow would be called "tomorrow": "next Wednesday" said on a Tuesday
            return sorted({soonest, in_next})
        return [_weekday(on, wd, shift)]
    if re.search(r"\b(?:eod|end of day|end of (?:the )?shift|cob|close of business|end of play|close of play|tonight|today|"
                 r"this (?:morning|afternoon|arvo|evening)|lunch(?:time)?|noon|midday|within the hour|after (?:this|the) (?:call|meeting))\b", low):
        return [on]
    if re.fullmatch(r"(?:by|before|until|till|no later than)\s+(?:(?:half|quarter)\s+(?:past|to)\s+|half\s+)?(?:one|two|three|four|five|six|seven|eight|"
                    r"nine|ten|eleven|twelve|\d{1,2}(?::\d\d)?)(?:\s*(?:o'clock|a\.?m\.?|p\.?m\.?|sharp))?", low.strip()):
        # "before ten", "by 3pm": an hour with no day is an hour of the day it is said.
        return [on]
    if re.fullmatch(r"(?:by|before|until|till|no later than|at)\s+(?:[a-z -]+\s+hundred(?:\s+hours)?|[01]\d00\s*(?:hours|hrs))", low.strip()):
        return [on]  # ("by sixteen hundred": the hour as crews say it, of the day it is said)
    return []


# The characters the Chinese grammar reads. ASR may write one of them as another character of the
# same sound (下州三 for 下周三); a phrase with no reading is read again with those undone, and then
# once more with the week words' slips undone (``_week_heard``).
_GRAMMAR_CHARS = "周星期礼拜号日月底末前内天明今后下本这个一二三四五六七八九十两"


@lru_cache(maxsize=1)
def _grammar_sounds() -> dict[str, str]:
    from pypinyin import Style, pinyin

    return {pinyin(ch, style=Style.TONE3)[0][0]: ch for ch in reversed(_GRAMMAR_CHARS)}


def _heard(text: str) -> str:
    from pypinyin import Style, pinyin

    table = _grammar_sounds()
    out = []
    for ch in text:
        if "\u4e00" <= ch <= "\u9fff" and ch not in _GRAMMAR_CHARS:
            ch = table.get(pinyin(ch, style=Style.TONE3)[0][0], ch)
        out.append(ch)
    return "".join(out)


# A weekday number by its toneless syllable (also read by the rules brain's hearing repair).
WEEKDAY_SYLLABLES = {"yi": "一", "er": "二", "san": "三", "si": "四", "wu": "五", "liu": "六", "ri": "日"}
_WEEK_WORDS = {("li", "bai"): "礼拜", ("xing", "qi"): "星期"}
_SHIFTS = "这本下上"


def _week_heard(text: str) -> str:
    """``text`` read with the grammar's characters by sound (``_heard``) and the week words
    Whisper writes with other syllables or tones undone, same length: 礼拜/星期 in any tones
    (历败三), a weekday's number in any tone after the week word (周物 → 周五), and 周 heard as 中
    (zhong1 for zhou1) before a weekday — after a week shift (这中五, 这中午) or before a deadline
    cue (中六支前); bare 中午 stays noon."""
    from pypinyin import lazy_pinyin

    chars = list(_heard(text))
    sounds = [lazy_pinyin(ch)[0] if "\u4e00" <= ch <= "\u9fff" else "" for ch in text]
    for i in range(len(chars) - 1):
        if (word := _WEEK_WORDS.get((sounds[i], sounds[i + 1]))) is not None:
            chars[i : i + 2] = list(word)
    for i in range(len(chars) - 1):
        day = WEEKDAY_SYLLABLES.get(sounds[i + 1])
        if day is None:
            continue
        week = chars[i] in "周期拜"
        after_shift = text[i] == "中" and i > 0 and text[i - 1] in _SHIFTS
        cue = tuple(sounds[i + 2 : i + 4])
        before_cue = text[i] == "中" and text[i + 1] != "午" and (
            cue in (("zhi", "qian"), ("yi", "qian")) or cue[:1] == ("qian",))
        if week or after_shift or before_cue:
            chars[i], chars[i + 1] = "周" if text[i] == "中" else chars[i], day
    return "".join(chars)


def readings(raw: str | None, on: date | None) -> tuple[date, ...]:
    """Every date the deadline phrase ``raw`` can mean when said on ``on``; () when none."""
    if not raw or on is None:
        return ()
    text = raw.strip()
    found: list[date] = []
    if re.search(r"[\u3400-\u9fff]", text):
        found = _zh(text, on) or _zh(_heard(text), on) or _zh(_week_heard(text), on)
    if not found:
        found = _en(text, on)
    return tuple(sorted(set(found)))


def resolve(raw: str | None, on: date | None) -> str | None:
    """The ISO date ``raw`` means on ``on`` when exactly one reading exists, else None."""
    found = readings(raw, on)
    return found[0].isoformat() if len(found) == 1 else None


def parse_iso(value: object) -> date | None:
    """``value`` as a date when it is an ISO ``YYYY-MM-DD`` string, else None."""
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        return None
