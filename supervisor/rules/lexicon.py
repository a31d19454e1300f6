"""Chinese and English cue words and date expressions of the rules analyzer.

Pure data plus small matchers. Everything the analyzer recognises in language lives here so the
patterns can be read (and extended) in one place; ``docs/rules.md`` lists the families.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# ---- dates -------------------------------------------------------------------------------------

_N = "[0-9０-９一二三四五六七八九十两]"
_ZH_HOUR = r"(?:[0-9一二三四五六七八九十]+|两)点(?:半|钟)?"  # (两点: how two o'clock is said)
_ZH_TOD = rf"(?:(?:上午|下午|中午|晚上|早上|傍晚|一大早|一早|下班|上班|放学|收工)(?:{_ZH_HOUR})?|{_ZH_HOUR})"
# (今日/明日 written and southern, 今儿/明儿 northern: the same days)
# A day's meeting said as the time ("明天早会前"): that day.
_ZH_MEET = r"(?:早会|晨会|例会|周会|组会|开会|交班|班前会)"
_ZH_DAY = r"(?:今天|明天|后天|大后天|今晚|明晚|明早|今早|今日|明日|今儿个?|明儿个?)" rf"(?:{_ZH_TOD}|之内|以内|{_ZH_MEET}(?=之前|以前|前))?"
# Fixed-date holidays and events a deadline is said against ("国庆前", "开幕前").
_ZH_HOLIDAY = r"(?:元旦|五一|劳动节|国庆节?|圣诞节?|中秋节?|春节|端午节?|过年|除夕|元宵节?|重阳节?|清明节?|小年|双十一|双十二|寒假|暑假)"
# (what the team works towards, and the weather it must beat: "验收前", "下次演出前", "入冬之前")
_ZH_EVENT = (r"(?:提测|上线|发版|发布|评审|演示|下次会议|下次周会|下次例会|开幕|开业|开学|开工|放假|验收|交付|活动|"
             r"(?:下次|下一次)?(?:年会|比赛|排练|演出|考试|检查)|下个?集|开场|转场|开采|下雪|入冬|降温)")
# The cue said with the date belongs to the time expression people write down ("下周五之前").
_ZH_UNTIL = r"(?:之前|以前|前(?![端台面期后])|为止|截止|截稿)?"
ZH_DATE = re.compile(
    r"(?:(?:"
    rf"(?:下下|下个?|这个?|本|上个?)?(?:周|星期|礼拜)[一二三四五六日天1-7末](?:{_ZH_TOD}|{_ZH_MEET}(?=之前|以前|前))?"
    r"|(?:下下|下个?|这个?|本)(?:周|星期|礼拜)(?:(?:之内|以内|内)|(?=之前|以前|前|结束))"
    rf"|(?:这个?月|本月|下个?月){_N}{{1,3}}[日号]"
    r"|(?:这个?|本)月(?:之内|以内|内)"
    rf"|(?:这个?|本|下个?)?月(?:底|初|中|末)|"
    rf"{_N}{{1,2}}月(?:上旬|中旬|下旬|底|末|初|中)|下个?月|下半月|年底|年初|年末|季度末|(?:本|这个?|下个?)季度"
    rf"|第{_N}{{1,2}}(?:周|个星期)"
    rf"|{_ZH_DAY}"
    # A clock time alone is today's: with the part of the day, or with a deadline cue ("十点前").
    rf"|(?:上午|下午|中午|晚上|早上|傍晚){_ZH_HOUR}|{_ZH_HOUR}(?=之前|以前|前)"
    # A part of today alone: with a deadline cue ("下班前", "中午之前", "每天收工前"), or said right after the one
    # who does the work ("你下午给它再做个B超", "我晚上发你").
    r"|(?:每天)?(?:上午|中午|下午|晚上|傍晚|下班|午饭|收工|交班|放学)(?=之前|以前|前)|(?<=[你您我])(?:上午|下午|晚上|今晚)(?!点|[0-9一二三四五六七八九十两])"
    rf"|{_N}{{1,2}}月{_N}{{1,3}}[日号]?"
    rf"|{_N}{{1,3}}[日号](?:{_ZH_TOD}|(?=之前|以前|前))"  # ("十四号下午": a day of the month with its part of the day)
    # A day of the month alone ("二十号交"), not a numbered thing ("3号楼", "五号线", "2号机").
    # (what may follow such a day: the clause's end, a part of the day, or the verb of what is due then)
    rf"|(?<![0-9０-９一二三四五六七八九十两第几])[0-9０-９一二三四五六七八九十]{{1,3}}[日号]"
    r"(?=$|[，,。.！!？?；;\s]|左右|那天|当天|之后|以后|后|再|就|要|得|必须|一定|务必|交|给|发|出|完成|截止|提交|上线|开|到|见|办|弄|搞|做|把)"
    rf"|{_N}{{1,2}}(?:天|周|个星期|个礼拜|个工作日|个月|个?小时|个钟头)(?:之内|以内|内|之后|后)"
    rf"|{_ZH_EVENT}(?:前{_N}{{1,2}}(?:天|周|个星期|个礼拜)|(?=之前|以前|前))"  # ("演出前两天": a span before the event)
    rf"|{_ZH_HOLIDAY}(?:放假|假期)?(?=之前|以前|前)"
    r"|(?:下下|下个?|这个?|本)(?:周|星期|礼拜)(?![一二三四五六日天1-7末])"
    rf"){_ZH_UNTIL}"
    r"|[跟和与同][\u3400-\u9fff]{1,8}?(?:同一天|同一时间|同时)"
    r")"
)
_ZH_AFTER_CUE = re.compile(
    r"^(?:之前|以前|前|为止|截止|内|之内|以内|结束前|完成|提测|交|发|拿给|拿来|拿过来|送过来|带过来|报给|报上来|上线|搞定|做完|弄完|给出|给|出|"
    r"要|必须|得|才能|能|提交|落地|准备好|弄好|做好|搞好|结束|到位|定稿|发出|完工|上传|更新|搞完|加班|加个班|"
    r"(?:写|改|修|整理|看|跑|测|排|核对|对)(?:完|好)(?!了))"
)
_ZH_BEFORE_CUE = re.compile(
    r"(?:在|于|截止|截至|到|赶(?:上|在)?|(?:最后|最终|就|那就)定|改到|改成|改为|推迟到|延期到|延到|延后到|提前到|挪到|定在|放到|最晚|最迟|"
    r"截止日期是|截止时间是|时间是|deadline是|日期是)\s*$"
)
# The deadline words said around a date; without them "二十五号之前" restates "这个月二十五号之前".
UNTIL_WORDS = re.compile(
    r"^(?:(?:by|before|until|till|no later than)\s+)|(?:之前|以前|前|为止|截止|截稿)$", re.IGNORECASE
)
# Settling on a date after a negotiation ("那就礼拜二", "行，6月17号", "Let's say Thursday"): the date
# is the deadline of the work in focus even a few sentences after the work was named.
SETTLE = re.compile(
    r"^(?:(?:行吧|行|好吧|好的|好|可以|ok|okay|fine|alright)[，,\s]+)?(?:那就|那最后|最后定|那么就|就定)|"
    r"^(?:行吧|行|好吧|好的|好|可以)[，,]|"
    r"^(?P<conceded>[^，,。]{2,8})就(?P=conceded)(?:吧|了)?(?:$|[，,。])|"  # ("后天就后天": the day pushed for, conceded)
    r"\blet'?s (?:say|make it|do|call it)\b|\b(?:can|could) wait (?:until|till)\b|\bmake it\b",
    re.IGNORECASE,
)
# Words that say "deadline" rather than name the work ("Print deadline for the kits is June 1st").
DEADLINE_WORDS = re.compile(r"\b(?:deadline|due date|due)\b|截止(?:日期|时间)?|截稿(?:时间)?|期限", re.IGNORECASE)
# A question asking when ("When do we need them?", "By when?", "截稿时间？", "什么时候要？"): the next
# date said answers it for the work in focus.
WHEN_ASKED = re.compile(r"\bwhen\b|\bwhat day\b|\bhow soon\b|\bhow long\b|什么时候|哪天|几号|多久|时间(?:呢|是)?$|deadline|"
                        r"(?:时程|时间|期限|日期|工期)[^，,。]{0,3}(?:往后|延后|推迟|宽限|挪|延)",  # ("时程往后挪一点，可以吗")
                        re.IGNORECASE)
# Pushing back on a date ("Friday's tough", "周五来不及"): the next date said is a counter-offer.
# The unit someone answers for, said after 你们 to them ("鹏飞你们班", "朱经理你们物业").
# (not the first character of a verb: "你们处理一下", "你们部署", "你们组织", "你们所有人")
ZH_YOUR_UNIT = (r"(?:[\u3400-\u9fff]{0,3}?(?:班组|小组|班|组(?![织成合建装])|科(?![学技普])|队|部(?![署分])|室|物业|公司|店|厂|车间|馆|院|"
                r"所(?![有以])|局(?![面势])|处(?![理置罚分])|站(?![出起住])|中心|团队|部门|办公室|"
                # (a department by its trade: "李主管，登记簿你们运营出个新模板")
                r"运营|财务|人事|行政|研发|法务|客服|后勤|质控|风控|合规|柜面|采购|仓库|前台)|那边|这边)"
                r"(?=[\u3400-\u9fff])")  # (…and "田馆长，你们文化馆牵头")

# How late a thing ran, said right before a span of days: "慢了三天", "晚咗两日", "拖了一周" (no date).
DELAYED_BY = re.compile(r"(?:慢|晚|迟|拖|延误|耽误|推迟|延迟)(?:了|咗|左)?$")
# Another day offered by the one asked: "Could I do Wednesday?", "Can we say Monday?" (a pushback, and no refusal).
# ("Can I have till the 20th?": more time asked for, up to another day)
_EN_OTHER_DAY = (r"\b(?:can|could) (?:I|we) (?:do|say|make it|have it(?: for)?|get it to you|(?:have|get|take) (?:until|till|til))\b"
                 r"[^,.;!?]{0,12}\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|the \d{1,2}(?:st|nd|rd|th)\b|"
                 r"(?:end of|next) (?:the )?(?:week|month)\b)")
OTHER_DAY_OFFERED = re.compile(_EN_OTHER_DAY, re.IGNORECASE)
DATE_PUSHBACK = re.compile(
    r"(?:'s|\bis|\bare)(?:\s*(?:\.{2,}|…))?\s+(?:a bit\s+|too\s+|pretty\s+|really\s+)?(?:tough|tight|hard|difficult|soon|early|tricky|awkward|bad|rough|"
    r"impossible|not possible|not doable|a stretch|no good)\b|\bcan'?t (?:do|make)\b|\b(?:won'?t|doesn'?t) work\b|"
    # (s49: the day said back in disbelief: "Tuesday? With half the crew on leave? Come on.")
    r"\?\s.*\bcome on[.!]?$|"
    # ("Not possible, Sam. … Give me till the 20th.": the date turned down, said first)
    r"^(?:(?:sorry|honestly|no)[,\s]+)?(?:not possible|impossible|no way)\b|"
    r"来不及|赶不上|不行|太紧|有点紧|太急|有点急|(?:有点|太|有些)悬|够呛|做不完|(?<=[\u4e00-\u9fff])不完(?![整善全美成])|搞不定|有点晚|太晚|太迟|晚了点|有点赶|太赶|赶不及|最快也(?:要|得)|"
    # (the one asked is away that day: "周五我休息啊", "I'm off Friday")
    r"我(?:休息|请假|调休|轮休|不在|出差)|\bI'?m (?:off|out|away|on leave)\b|\bwe'?re (?:off|out|away)\b|"
    # (or offers another day: "Could I do Wednesday?", "Could we say Monday?")
    rf"{_EN_OTHER_DAY}|"
    # ("I'm in a workshop all day", "I'm at the depot all morning")
    r"\bI'?m (?:in|at|on) [^,.;!?]{2,30}\ball (?:day|morning|afternoon)\b|"
    # (or has to be somewhere then: "我周四上午要去培训", "我那天得去监考")
    r"我[^，,。？?]{0,8}(?:要|得)(?:去[^，,。？?]{0,4}?)?(?:考试|考|参加|上课|开会|值班|培训|出差|监考|体检)|"
    # (or asks for a few days more: "能不能多给两天", "再宽限几天")
    r"(?:再)?宽(?:限)?[几一两三]天|多给[几一两三]天|(?:晚|推|延)[几一两三]天|"
    # (that day is taken: "下周一咱们不是要去区里听课吗", "正好撞上")
    r"不是(?:要|得|有)[^，,。？?]{1,14}(?:吗|嘛)|撞(?:上|了)|有冲突|冲突了|"
    # (or the one it is for is away then: "周五我们主任出差，发了也没人看")
    r"(?:主任|经理|领导|老板|负责人|主管|老师)[^，,。？?]{0,4}(?:出差|请假|休假|不在)|没人看|没人收|"
    # (or it is no working day: "十五号是礼拜天吧？", "that's a Sunday")
    r"是(?:礼拜天|礼拜日|星期天|星期日|周日|周末|礼拜六|星期六|周六|节假日|假期|放假)(?:吧|啊|呀|呢)?[？?]|"
    r"\bthat'?s a (?:saturday|sunday|bank holiday|public holiday)\b",
    re.IGNORECASE,
)
_ZH_SELF_CUE = re.compile(r"(?:之前|以前|前|之内|以内|内|同一天|同一时间|同时)$")

_WD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|weds|thu|thur|thurs|fri)"
_MON = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
_EN_NUM = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
# Days of the month said as words ("the first of November", "by the fifteenth").
_EN_ORD = (
    r"(?:(?:twenty|thirty)[- ])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|"
    r"twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth"
)
_EN_TOD = (r"(?:morning|afternoon|arvo|evening|night|eod|noon|midday|lunchtime|end of day|end of (?:the )?shift|close of business|cob"
           # s48: "Monday first thing", "Friday lunch", "Tuesday 9 AM"
           r"|first thing|lunch|(?:\d{1,2}(?::\d\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z]))")
# The end of a working day said on its own ("by COB", "first thing in the morning", "by lunch").
_EN_DAY_END = (r"(?:eod|cob|eop|end of (?:the )?(?:day|play|shift)|close of (?:business|play)|first thing in the morning"
               r"|lunchtime|noon|midday|within the hour|(?<=by )lunch|(?<=before )lunch)")
_EN_COUNT = r"(?:a|one|two|three|four|\d+)\s+(?:weeks?|fortnights?|months?)\s+(?:from|after)\s+"
# An hour of today said with its cue ("before ten", "by 3pm", "by half nine"): the clause must end
# there or name the hour as one, so "cut by ten percent" is no time.
# An hour of the clock, said as a word or in digits ("six", "10:30").
EN_HOUR = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}(?::\d\d)?)"
# Holidays and occasions a deadline is said against ("before Easter", "by the gala", "three days before
# the fair"); their day is not said, so they date the work in words only.
_EN_OCCASION = (r"(?:christmas|easter|thanksgiving|halloween|new year'?s?(?:\s+(?:eve|day))?|(?:the\s+)?(?:long\s+weekend|holidays)"
                r"|spring\s+break|(?:the\s+)?(?:next\s+)?(?:event|training|launch|audit|agm|storm|show|opener|season(?:\s+(?:launch|opener))?"
                r"|open\s+(?:house|day)|inspection|match|fete|ceremony|tournament|fair|festival|concert|gala|parade|rodeo|thaw|harvest|kickoff|kick-off|conference"
                # (the season, and a weekday's meeting: "before summer", "before Tuesday's board meeting")
                r"|(?:winter|summer|spring|autumn|fall)(?![ -][a-z]))|(?:mon|tues|wednes|thurs|fri|satur|sun)day'?s\s+(?:[a-z]+\s+)?(?:meeting|session|call)"
                # (s48: "before the Thursday rehearsal")
                r"|the\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:[a-z]+\s+)?(?:meeting|session|call|shift|practice|rehearsal|class))\b")
_EN_CLOCK = (rf"(?:by|before|until|till|no later than)\s+(?:(?:half|quarter)\s+(?:past|to)\s+|half\s+)?{EN_HOUR}"
             r"(?:\s*(?:o'clock|a\.?m\.?|p\.?m\.?)|(?=\s*(?:[,.!?;]|$|today|sharp|please|ideally|latest|at the latest)))")
# (s49) the hour as crews and ports say it: "by sixteen hundred", "at 0900 hours"
# (an hour that is also an amount, "by five hundred", only with "hours")
EN_MILITARY_HOUR = (r"(?:thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[- ](?:one|two|three))?)\s+hundred(?:\s+hours)?"
                    r"|(?:zero\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+hundred\s+hours|[012]\d00\s*(?:hours|hrs)")
EN_DATE = re.compile(
    # The cue said with the date belongs to the time expression people write down ("before the 15th").
    r"\b(?:(?:by|before|until|till|no later than|not later than|ahead of|on or before)\s+)?(?:"
    rf"(?:eod|end of (?:the )?(?:day|play|shift)|close of (?:business|play)|cob|first thing|noon|midday|lunchtime"
    # ("by the cut-off tomorrow", "before the close on Friday": a close or cut-off, with its day)
    r"|the (?:close|open|cut-?off)"
    r"|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.))"
    rf"\s+(?:on\s+)?(?:tomorrow|today|tonight|(?:next\s+|this\s+)?{_WD}|the\s+\d{{1,2}}(?:st|nd|rd|th)\b|the\s+(?:{_EN_ORD}))"
    rf"|{_EN_COUNT}(?:now|today|tomorrow|(?:next\s+|this\s+)?{_WD})"
    # (a day, then the hour by which: "tomorrow by noon", "Friday before lunch")
    rf"|(?:tomorrow|today|(?:next\s+|this\s+)?{_WD})\s+(?:by|before)\s+(?:noon|midday|lunch(?:time)?|eod|cob|end of (?:the )?day|"
    rf"close of business|{EN_HOUR}(?:\s*(?:o'clock|am|pm))?)"
    # (an hour of tonight or tomorrow, said with its cue: "by six tonight", "at nine tomorrow morning")
    rf"|(?:by|before|until|till|at)\s+{EN_HOUR}"
    r"(?:\s*(?:o'clock|am|pm))?\s+(?:tonight|this\s+(?:morning|afternoon|arvo|evening)|tomorrow(?:\s+(?:morning|afternoon|arvo|evening))?)"
    r"|(?:the\s+)?(?:end|close)\s+of\s+(?:today|tomorrow|play\s+(?:today|tomorrow))"
    rf"|{_EN_CLOCK}|(?:by|before|until|till|no later than|at)\s+(?:{EN_MILITARY_HOUR})\b"
    # ("email it straight after the meeting": today, once the meeting ends)
    r"|(?:right |straight |immediately |just )?after (?:this|the) (?:call|meeting)\b"
    rf"|(?:(?<=before )|(?<=by ))(?:{_EN_OCCASION})|{_EN_NUM}\s+(?:days?|weeks?)\s+before\s+(?:{_EN_OCCASION})"
    r"|(?:the\s+)?day\s+after\s+tomorrow"
    rf"|{_WD}\s+(?:week|after\s+next)|a\s+week\s+(?:today|tomorrow|on\s+{_WD})|(?:today|tomorrow)\s+week"
    rf"|(?:(?:next|this|coming|the following)\s+)?{_WD}(?:\s+(?:next|this)\s+week)?(?:\s+{_EN_TOD})?"
    rf"|(?:the\s+)?(?:end|middle)\s+of\s+{_MON}"
    rf"|(?:the\s+)?(?:{_EN_ORD}|\d{{1,2}}(?:st|nd|rd|th))\s+of\s+{_MON}|the\s+\d{{1,2}}(?:st|nd|rd|th)\b"
    r"|(?:the\s+)?end\s+of\s+(?:the\s+|this\s+|next\s+)?(?:day|week|month|quarter|year|sprint)"
    r"|(?:the\s+)?end\s+of\s+q[1-4]|(?:the\s+)?(?:month|quarter|year)[\s-]end"
    r"|the\s+(?:month|week|year)(?:'s|\s+is)\s+out"  # ("before the month's out": its end)
    r"|(?:(?:early|late|mid|sometime)[\s-]+)?(?:next|this)[\s-]+(?:weekend|week|month|quarter|sprint|year)"
    r"|(?:over|by|before)\s+the\s+weekend"
    r"|before\s+(?:you|we|i|they|he|she)\s+(?:leave|go(?:\s+home)?|head\s+(?:home|off|out)|finish|knock\s+off)\s+(?:tonight|today)"
    rf"|(?:(?:noon|midday|lunchtime|{_EN_TOD})\s+)?tomorrow(?:\s+(?:at\s+)?{_EN_TOD})?|this\s+(?:morning|afternoon|arvo|evening)|(?:later|midnight)\s+(?:today|tonight)|today|tonight|eow|eom"
    rf"|{_EN_DAY_END}"
    rf"|the\s+(?:{_EN_ORD})(?=\s*(?:[,.!?;]|$))"
    rf"|{_MON}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}|\d{{1,2}}/\d{{1,2}}"
    rf"|(?:in|within)\s+(?:the\s+next\s+)?{_EN_NUM}\s+(?:business\s+|working\s+)?(?:days|weeks|months|hours)(?:'\s+time)?"
    r"|(?:in|within)\s+(?:a|one)\s+(?:week|month|fortnight)(?:'s\s+time)?"
    r"|(?:the\s+)?same\s+day\s+as\s+(?:the\s+)?\w+"
    # ("today itself", "by tomorrow itself": Indian English for "this very day")
    r")(?:,?\s+at\s+the\s+latest|(?<=today|orrow|night)\s+itself)?\b",
    re.IGNORECASE,
)
_EN_BEFORE_CUE = re.compile(
    r"\b(?:by|before|until|till|due|on|for|no later than|to|deadline(?: for [\w' -]{1,40})? is|due date is|is due|"
    r"finish(?:ed)?|done|ready|ship|deliver|let'?s (?:say|call it|make it)|make it)\s*$",
    re.IGNORECASE,
)
_EN_EVENT = re.compile(
    r"\bbefore\s+(?:the\s+)?(?:next\s+|upcoming\s+)?(?:release|launch|demo|code freeze|review|next meeting|next sync|testing|go-live)\b"
    # someone's next occasion: "before your next on-call shift", "before our next board meeting"
    r"|\bbefore\s+(?:the\s+|your\s+|our\s+|their\s+|his\s+|her\s+)?(?:next|upcoming)\s+(?:[\w-]+\s+)?"
    r"(?:shift|meeting|sync|call|review|release|sprint|session|visit|audit|standup|demo|launch|trip|rotation)\b"
    # the occasion, then the day it falls on: "before the board meeting on the 3rd" (s47)
    r"|\bbefore\s+(?:the|our|your|their|my)\s+(?:[\w-]+\s+)?(?:meeting|call|session|review|visit|audit|inspection|drill|practice|"
    r"rehearsal|class|service|match|game|show)(?=,?\s+on\s+)",
    re.IGNORECASE,
)
# "by Sunday's match": the day, and the occasion it is the day of (s47)
_EN_DAYS_OCCASION = re.compile(r"['\u2019]s\s+(?:[\w-]+\s+)?(?:meeting|drill|practice|rehearsal|session|call|class|service|match|game|show|"
                               r"market|fair|training|shift|briefing|huddle|patrol|shoot|visit|delivery|recording|clinic)\b", re.IGNORECASE)

# What may follow a date that opens an English clause and still leave it a deadline said or agreed:
# "End of next week okay?", "Next Monday's fine", "End of next week for a first draft?".
# What a thing (not a person) says: "the website says…", "the rota still shows…".
_EN_REPORTED = re.compile(r"\b(?:(?:the|our|their|this|that)\s+[a-z][\w' -]{1,30}?|they|he|she)\s+(?:still\s+)?"
                          r"(?:says|said|shows|showed|lists|listed|reads|claims|claimed|states|stated)\b", re.IGNORECASE)
# Words that may trail an English date at the end of its clause and leave it the clause's end
# ("I'll ring him tomorrow morning first thing", "…Friday at the latest", "…Monday again").
_EN_DATE_TAIL = re.compile(r"^(?:[\s,]*(?:first thing|again|at the latest|latest|at the earliest|hopefully|if possible|"
                           r"as well|too|then|please|morning|afternoon|evening|ish|or so|all going well)\b)+"
                           # (a reason or occasion after it: "this weekend before I head off")
                           r"|^[\s,]*(?:before|after|once|while|when) (?:I|we|he|she|they|you)\b.*$"
                           # (what a call back is about: "I'll call you tomorrow about the invoice")
                           r"|^[\s,]*(?:about|regarding) (?:the|a|an|our|your|their|that|this)\b.*$",
                           re.IGNORECASE)
_EN_DATE_COMMENT = re.compile(
    r"(?:'s|is|would be|should be|works|work|would work)?\s*(?:(?:fine|ok|okay|good|great|perfect|doable|alright|(?:even |much )?better)"
    r"(?:\s+for (?:me|us|(?:a |the |your )?[\w -]{1,40}))?|"  # ("End of next week's fine for the notes.")
    r"for (?:me|us)|for (?:a |the |your )?[\w -]{1,40}|at the latest|then|ideally|latest|please|"
    r"if (?:at all )?possible|if you can|if we can|if that works|"
    r"(?:the |our |your )?(?:hard |latest )?(?:deadline|due date|target(?: date)?|cut-?off))?$",
    re.IGNORECASE,
)
# A condition ("…if the inspector comes Thursday", "如果供应商周三到货"): a date in it is when
# something else happens, not the deadline said beside it.
CONDITION = re.compile(r"\b(?:if|unless|as long as|provided)\b|如果|要是|假如|只要", re.IGNORECASE)
# Too busy for the work asked ("这两天实在走不开"): away (LEAVE) and turning work down (the analyzer).
# Asked either way, an A-not-A or its written form: a question however the sentence ends ("…能不能帮他查一下，特别是去年的。").
ZH_ASK_EITHER_WAY = re.compile(r"能不能|能否|可不可以")
ZH_TOO_BUSY = r"走不开|忙不过来|抽不开身|抽不出(?:时间|空)|脱不开身|排得(?:满满的|很满|太满|挺满)|(?:都|全)排满了|顾不过来"
LEAVE = re.compile(
    # (said as when the work is done, the leave is no refusal: "出差回来把报销弄了", "休假前交接好")
    r"(?:请假|休假|出差)(?!回来|回去|以后|之后|结束|前|之前)|不在|没空|有事|放假|生病|病假|年假|"
    # away or too busy for the work asked: "我下周要去培训三天", "这两天实在走不开"
    r"培训[一两二三四五六七八九十几]+天|外出[一两二三四五六七八九十几]+天|进修(?!回来|回去|以后|之后|结束|前|之前)|" + ZH_TOO_BUSY + "|"
    r"\bon (?:leave|maternity|paternity|sick leave|the sick list)\b|\bout of (?:the )?(?:office|town|country)\b|(?<!\bmonth)(?<!\bweek)(?<!\byear)(?<!\bmonth )(?<!\bweek )(?<!\byear )\b(?:be|is|'s|are|'re|am|'m|was|were) (?:out(?! of\b)|away|off|sick|busy)\b|\bvacation\b|"
    r"\bon holiday\b|\bpto\b|\btravell?ing\b|\bon a (?:business )?trip\b|\b(?:I'm|I am|he's|she's|they're) on (?:a|an|the|my|that) (?:[\w-]+ ){0,2}(?:course|training|retreat|conference)\b"
    # not at the meeting: "Tony couldn't join today", "Sara can't make it this week"
    r"|\b(?:couldn'?t|could not|can'?t|cannot|wasn'?t able to|isn'?t able to)\s+(?:join|make it|come|attend|be here)\b",
    re.IGNORECASE,
)


def has_cjk_text(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


@dataclass(frozen=True, slots=True)
class DateHit:
    start: int
    end: int
    text: str


@lru_cache(maxsize=1)
def dictionary() -> dict[str, int]:
    """jieba's word counts (its dictionary, loaded once)."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.dt.FREQ


@lru_cache(maxsize=1)
def _posseg():
    import logging

    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.posseg


@lru_cache(maxsize=4096)
def tagged(text: str) -> tuple[tuple[str, str], ...]:
    """(word, part of speech) pairs of ``text`` as jieba's ``posseg`` cuts it (loaded on first use)."""
    return tuple((w.word, w.flag) for w in _posseg().cut(text))


def tag(word: str) -> str:
    """jieba's part of speech for ``word`` in its dictionary ("" when it has none)."""
    return _posseg().dt.word_tag_tab.get(word, "")


def warm() -> None:
    """Load jieba, its dictionary and its part-of-speech tagger now (see ``supervisor.rules.warm``)."""
    _posseg()


def is_word(text: str) -> bool:
    """Whether ``text`` is a word of jieba's dictionary (loaded on first use)."""
    return dictionary().get(text, 0) > 0


def word_count(text: str) -> int:
    """How often jieba's dictionary counts ``text`` as a word (0: no word)."""
    return dictionary().get(text, 0)


def _own_word(text: str, hit: DateHit) -> DateHit:
    """A date that opens with 本 the word before it ends in is the date after it: "剧本周五交" is
    剧本 + 周五, "成本月底报" is 成本 + 月底."""
    if hit.text.startswith("本") and hit.start and is_word(text[hit.start - 1 : hit.start + 1]):
        rest = ZH_DATE.match(text, hit.start + 1)
        if rest is not None and rest.end() == hit.end:
            return DateHit(hit.start + 1, hit.end, hit.text[1:])
    if hit.text.startswith("下") and text[hit.start - 1 : hit.start] == "一" and _in_yixia(text, hit.start):
        # "组织一下周五的培训" is 组织一下 + 周五, "说一下下周的排班" 说一下 + 下周 (jieba's cut says which)
        rest = ZH_DATE.match(text, hit.start + 1)
        if rest is not None and rest.end() == hit.end:
            return DateHit(hit.start + 1, hit.end, hit.text[1:])
    return hit


def _in_yixia(text: str, at: int) -> bool:
    """Whether the 下 at ``at`` closes the word 一下 as jieba cuts the words around it."""
    import jieba

    dictionary()  # (loaded once, quietly)
    start = max(0, at - 6)
    pos = start
    for w in jieba.cut(text[start : at + 6]):
        if pos == at - 1 and w == "一下":
            return True
        pos += len(w)
        if pos > at:
            return False
    return False


_WEEKDAY_WORD = re.compile(r"(?i)(?:mon|tues|wednes|thurs|fri|satur|sun)day")
_OWNED_DAY_BEFORE = re.compile(r"(?i)\b(?:about|on|for|of|from|at|in|to|with|during|over)\s+$")


def dates(text: str) -> list[DateHit]:
    """Every date-like expression in ``text`` (Chinese and English), in order, without overlaps."""
    hits = [_own_word(text, DateHit(m.start(), m.end(), m.group(0))) for m in ZH_DATE.finditer(text)]
    # ("about Saturday's early bank", "for Friday's meeting": a day owning a thing, inside a phrase,
    # names the thing, no date; "Friday's tough" is "Friday is")
    hits += [DateHit(m.start(), m.end(), m.group(0)) for m in EN_DATE.finditer(text)
             if not (text[m.end() : m.end() + 2] in ("'s", "’s") and _WEEKDAY_WORD.fullmatch(m.group(0))
                     and _OWNED_DAY_BEFORE.search(text[: m.start()]))]
    hits += [DateHit(m.start(), m.end(), m.group(0)) for m in _EN_EVENT.finditer(text)]
    hits.sort(key=lambda h: (h.start, -(h.end - h.start)))
    out: list[DateHit] = []
    for h in hits:
        if out and h.start < out[-1].end:
            continue
        if (out and _WEEKDAY_END.search(out[-1].text) and re.fullmatch(r",?\s+", text[out[-1].end : h.start])
                and _DAY_OF_MONTH.fullmatch(h.text)):
            # "by Thursday the 17th": one day said twice over
            out[-1] = DateHit(out[-1].start, h.end, text[out[-1].start : h.end])
            continue
        if (out and (ev := _EN_EVENT.match(text, out[-1].start)) and ev.end() == out[-1].end
                and re.fullmatch(r",?\s+(?:on\s+)?", text[out[-1].end : h.start])
                and (_WEEKDAY_END.search(h.text) or _DAY_OF_MONTH.fullmatch(h.text))):
            # "before the launch on Monday": the event, and the day it falls on, one date
            out[-1] = DateHit(out[-1].start, h.end, text[out[-1].start : h.end])
            continue
        if re.match(r"(?i)(?:by|before)\s", h.text) and _WEEKDAY_END.search(h.text) and (m := _EN_DAYS_OCCASION.match(text, h.end)):
            h = DateHit(h.start, m.end(), text[h.start : m.end()])
        out.append(h)
    return out


_WEEKDAY_END = re.compile(rf"{_WD}$", re.IGNORECASE)
_DAY_OF_MONTH = re.compile(rf"the\s+(?:\d{{1,2}}(?:st|nd|rd|th)|{_EN_ORD})", re.IGNORECASE)


# A hesitation said as a word of its own ("Hmm", "Um", "Well"): no work, no correction either.
EN_HESITATION = r"(?:hmm+|um+|uh+|er+m*|well)"
# "X (still) needs doing / needs sorted": work named by its object alone, Scottish and Irish
# "needs done" included.
EN_NEEDS_DOING = r"(?:still\s+)?needs?\s+(?:doing|sorting|fixing|writing|updating|done|sorted|fixed)"


_EVENT_ONLY = re.compile(rf"(?i)(?:(?:by|before)\s+|{_EN_NUM}\s+(?:days?|weeks?)\s+before\s+)(?:{_EN_OCCASION})"
                         rf"|{_ZH_EVENT}(?:之前|以前|前)(?:{_N}{{1,2}}(?:天|周|个星期|个礼拜))?")


def event_only(raw: str) -> bool:
    """``raw`` dates the work only against an event ("before the show", "验收前"): no day of the
    calendar, so a day the owner names for it is more exact."""
    return bool(_EVENT_ONLY.fullmatch(raw.strip()) or _EN_EVENT.fullmatch(raw.strip()))


def without_dates(text: str, sep: str = "") -> str:
    """``text`` with every date expression (``dates``) cut out, ``sep`` said in its place."""
    for h in reversed(dates(text)):
        text = text[: h.start] + sep + text[h.end :]
    return text


# A stretch of time, not a point: "I'm in trial prep most of next week", "整个下周都在外地".
_DURATION = re.compile(r"(?:\b(?:(?:most|all|much|the rest) of|all|the whole|throughout|during)|整个)\s*$", re.IGNORECASE)


# A clause in the past tense reports what happened ("We had three this week", "it came in on Friday").
_EN_PAST_CLAUSE = re.compile(
    r"\b(?:we|i|they|he|she|it|you|there|(?:none|nobody|no one|everyone|everybody|all|both)(?: of (?:them|us))?)\s+"
    r"(?:already\s+|just\s+)?"
    r"(?:had|was|were|did|got|came|went|saw|sent|met|ran|made|took|found|heard|finished|started|received|spoke|"
    r"talked|checked)\b(?!\s+to\b)|"
    # (any regular past, said by a person: "they emailed the desk this morning"; "have it printed by
    # Wednesday" is no past)
    # ("they asked for that before the audit": the day asked for is the work's, no past)
    r"\b(?:we|i|they|he|she)\s+(?:already\s+|just\s+)?(?!(?:need|proceed|succeed|exceed|feed|speed|bleed|breed)\b)[a-z]{3,}ed\b"
    r"(?!\s+to\b|\s+for\s+(?:it|that|this|them)\s+(?:by|before)\b)|"
    # (what others already have in hand: "the depot's already sending one on Monday")
    r"(?:\b(?:is|are|am)|'s|'re|'m)\s+already\s+[a-z]+ing\b|\b(?:has|have)\s+already\s+(?:got|booked|scheduled|planned)\b",
    re.IGNORECASE,
)


def says_date(text: str) -> bool:
    """``text`` names a day, even a bare one that is no deadline of its own ("15号有点紧")."""
    return bool(dates(text) or re.search(r"[0-9０-９一二三四五六七八九十]{1,3}[号日]|\b\d{1,2}(?:st|nd|rd|th)\b", text))


def deadlines(text: str) -> list[DateHit]:
    """The dates in a clause that read as a deadline ("周五之前完成", "by Friday", "提测前").

    A date needs a deadline cue next to it, or must be (nearly) the whole clause, or in English end
    it ("can you fix the tests today?"); dates in a clause
    that explains an absence ("张三这周请假", "Alice is on leave this week") never count.
    """
    if LEAVE.search(text) or (not has_cjk_text(text) and _EN_PAST_CLAUSE.search(text)):
        return []
    out = []
    bare = text.strip(" ，,。.!！?？")
    for h in dates(text):
        after = text[h.end :].lstrip()
        before = text[: h.start]
        if _DURATION.search(before) or (not has_cjk_text(text) and _EN_REPORTED.search(before)):
            continue  # ("the website still says we're open Easter Monday": what a thing says, no deadline)
        if re.search(r"(?:以内|之内)$", h.text) and after.startswith("的"):
            continue  # ("三天以内的订单全部核对": what kind of thing, no deadline)
        if (
            _ZH_AFTER_CUE.match(after)
            or _ZH_BEFORE_CUE.search(before)
            or _ZH_SELF_CUE.search(h.text)
            or _EN_BEFORE_CUE.search(before)
            or h.text.lower().startswith(("in ", "within ", "before ", "by ", "until ", "till ", "no later than ",
                                          "the same day", "same day"))
            or len(bare) - len(h.text) <= 2
            or (not has_cjk_text(text) and not _EN_DATE_TAIL.sub("", text[h.end :]).strip(" ,.!?;:"))
            or (not has_cjk_text(text) and not text[: h.start].strip(" ,.!?;:")
                and _EN_DATE_COMMENT.match(text[h.end :].strip(" ,.!?;:")))
        ):
            out.append(h)
    return out


# ---- cue words ---------------------------------------------------------------------------------

# The complement of work done that makes a bare verb an order ("整理一下", "检查一遍", "装好", "排出来").
ZH_DONE = r"一下|一遍|一版|一稿|一轮|好|完|掉|出来|清楚|齐"  # (s48: 招齐, 备齐)
# Said before a verb: a time that is when the work is done, no part of it ("闭馆前", "下班以后"), and
# a modal after it ("闭馆前要"), not a word that ends like one (摘要, 心得).
ZH_AT_TIME = r"(?:之前|以前|(?<![提当目眼])前|之后|以后|的时候)"
ZH_MODAL = r"(?:(?<![摘需主重概纲只纪提])要|(?<![心获取记懂])得|必须|需要|应该)"

ZH_ASSIGN_VERBS = (
    "负责|跟进|处理|整理|准备|编写|撰写|起草|写|做|改|修改|更新|修复|修|测试|部署|联系|对接|完成|提交|评审|安排|"
    "确认|调研|设计|开发|实现|排查|检查|汇总|推进|落实|梳理|补充|补|优化|重构|搭建|配置|发布|沟通|通知|核对|整合|"
    "输出|画|申请|采购|购买|买|预订|订|催|盯|验证|复盘|统计|分析|收集|出|发|搞|弄|看一下|看看|主导|牵头|review|"
    "跟一下|盯一下|整一下|整好|整完|打电话|打个电话|回电话|回个电话|办|配|走流程|联络|筹备|报|算|核算|拟|拟定|定稿|签|谈|约|培训|查|查一下|问一下|问|要一下|讲讲|规划|"
    # Work verbs of trades and offices that jieba often tags a noun or a name in context ("去仓库清点库存");
    # none of them is also a noun that names work (报价, 报销, 面试 are left out: "把报价要回来").
    "清点|盘点|张罗|归档|报修|送修|补齐|核实|登记|复核|对账|打印|发放|录入|上传|打包|寄送|发送|转发|排期|排班|安装|维修|"
    "保养|清理|打扫|布置|询价|结算|付款|开票|审核|审批|签字|盖章|校对|排版|剪辑|拍摄|录制|回访|走访|摸底|摸排|核查|巡检|巡查|"
    "组织|复查|上门|主笔|执笔|"
    # s48: staffing ("把保安招齐", "招两个临时工")
    "招|招聘|招募|凑齐|备齐|收齐|"
    # English verbs said inside Chinese ("老周你follow up一下客户", "小李你sync一下设计那边")
    "follow up|followup|sync|check|fix|update|push|ping|align|cover|handle|own|confirm|test|deploy|merge"
)

# A clause that is only a word of closure ("Done.", "Sorted."): a decision or a confirmation by context.
_EN_BARE_DONE = r"^(?:done|sorted|end of discussion|end of story|done deal)$"

# Those a thing is done for, after 给 ("押金给人家退了", "给对方回个电话"): no part of the work.
ZH_FOR_THEM = "人家|对方|大家|客户"

# Why the one asked, said after the ask ("你来吧，预算表你比他熟"): a reason, no work of its own.
ZH_WHY_YOU = re.compile(r"(?:你|您)?(?:更|最|比[^，,。]{1,5}?)(?:熟悉?|懂|清楚|了解|在行|擅长|有经验|合适)[啊吧嘛些点]*")

# Talk ended, not put off (s48): "就这么定了，不用再商量" / "不用再讨论了" settles the matter; only the bare
# "再议" / "再讨论" defers it.
_NO_MORE_TALK = r"(?<!不用)(?<!不必)(?<!无需)(?<!没必要)(?<!不需要)(?<!别)(?<!不要)"

# Closing words said after a statement that settle it (s47), read by ``CONFIRM`` (said alone) and
# ``DECISION`` (said alone or after a comma): "That's that.", "…, end of.", "Not negotiable."; and the
# thing just named, dropped ("Forget it.").
_EN_CLOSING_WORDS = (r"end of|that'?s that|period|(?:(?:that'?s|it'?s) )?(?:not negotiable|non-negotiable|not optional)|"
                     r"that'?s where we (?:land|landed)|that'?s (?:our|the) decision|no arguments?|that'?s happening")
_EN_DROP_IT = r"(?:(?:okay|ok|so|right|then|honestly)[,\s]+)*(?:forget (?:it|about it)|drop it|scrap it|bin it|ditch it)"

# The decision announced as one, before it is said (s47): "So here's the decision: …", "Decision for
# today: …", "the decision on that: …", "this is a decision — …", "So, agreed then: …", "So we're
# agreed, …", "I think we all agree. …". ``DECISION_LEAD`` drops it from the decision's text.
EN_ANNOUNCED = (r"(?:^|[,.:]\s*)(?:(?:so|okay|ok|right|and|then)[,\s]+)*(?:here'?s the decision|(?:(?:one|the) )?(?:real )?decision "
                r"(?:for (?:today|now|this week)|on (?:that|this))|this is a decision|agreed then|we(?:'re| are) (?:all )?agreed|"
                r"i think we all agree|we all agree|"
                # s48: the call announced as the speaker's ("Let me make the call: …", "Right, let's do
                # this: …", "Here's what we'll do: …")
                # (a colon is a comma once the clauses are joined; never a full stop: "I'll make the call.")
                r"(?:(?:i'?m (?:just )?going to|let me) (?:just )?make the call|let'?s do this|"
                r"here'?s what we(?:'ll| will|'re going to| are going to) do)(?=\s*[:,\u2014]))(?=\s*(?:[:,.\u2014-]|$))")

DECISION = re.compile(
    # s10: the matter closed before what is settled ("那就这样，发布会改到下月"), one option taken
    # ("供应商就选B家了", "我们采用方案二", "就用腾讯会议，不用钉钉"), something we stop doing ("我们不续签了",
    # "这期不做了"), a level kept ("维持五十万不变"), approved from above ("领导已经批了").
    r"^(?:好|行|那)?[，,]?(?:那就|就)(?:这样|这么着)(?:吧)?[，,]\s*(?=[\u4e00-\u9fff]{4})|"
    r"(?<![我你他她])就(?:选|用|定|订|租|走)[^，,。吗呢？?]{1,10}了[。！!]?$|就用[^，,。]{1,10}[，,]\s*不用|"
    r"(?:我们|咱们|大家)(?:就|最终|最后|决定)?(?:采用|采纳|选用)|经过讨论|"
    r"(?:我们|咱们|公司)(?:就|今年|这次)?不(?:续签|续约|续租|招人|招|做|办|搞|买|租|换|延期|参加|投|合作)了|"
    r"(?:这期|这次|今年|这个版本|这个月)(?:先)?不(?:做|上|搞|办)了|"
    r"(?:这次|今年|那)就不[\u4e00-\u9fff]{1,6}了(?=$|[，,。])|"
    r"维持[^，,。]{1,10}不变|保持不变|(?:领导|老板|公司|总部|董事会|上面|甲方)(?:已经|也)?(?:批了|批准了|同意了|拍板了|签字了|点头了|点头同意了)|"
    r"(?:^|[，,]\s*)(?:这个|这事)?我(?:就)?批了(?=$|[，,。！!])|"  # (s48: said by the one who may: "周末加个班，这个我批了")
    # s11: what was said stays ("…下周二上线，这个不变"), a tool changed for all ("我们改用飞书了"), an
    # option no longer considered ("外包我们不考虑了", "…，不去上海了"), a provisional setting (暂定三年),
    # a rule from a date on ("从下个月起全部走线上").
    r"(?:^|[，,]\s*)(?:这个|这点|这一点|时间|日期|计划|安排|方案|价格|标准|其他|别的|其余)(?:都|也)?(?:保持)?不变(?=$|[，,。！!])|"
    r"(?:我们|咱们|大家|公司|以后|今后)(?:就|都|统一|以后)?改用(?=[\u4e00-\u9fffA-Za-z])|"
    r"(?:我们|咱们|公司)(?:就|也|暂时|先)?不(?:考虑|再考虑|予考虑)了|(?:^|[，,]\s*)(?:就)?不(?:去|选|找|租|订)[\u4e00-\u9fffA-Za-z]{1,6}了(?=$|[。！!])|"
    r"暂定(?:为|在|成|于)?(?=[\u4e00-\u9fff0-9])|"
    r"从[^，,。]{1,8}(?:起|开始)[，,]?[^。？?]{0,24}?(?:全部|全都|统统|一概)|"
    # (not what stood before, "原来定在三月初", nor asked, "我问他定了没有")
    r"决定|定为|定成|(?<!原来)(?<!本来)(?<!原先)(?<!原本)定在|(?<!把.)(?<!把..)(?<!把...)(?<!把....)(?<!把.....)定下来|就这么定|就这样定|拍板|达成一致|一致同意|最终确定|确定为|确定了|(?<!把.)(?<!把..)(?<!把...)(?<!把....)(?<!把.....)敲定|结论是|"
    r"(?<!搞)(?<!action)(?<!分工)(?<!任务)(?<!待办)(?<!行动项)定了(?!没有?|吗|么)(?![^，,。]{0,6}?(?:再|以后|之后|才))|"  # ("先把action定了：…" leads into the tasks)
    # (nor what the work waits for: "展板等场地定了再做")
    r"确定用|决定用|最后就(?:叫|用|定|选|按)|最终(?:就)?(?:叫|用|选|按)|选定|"
    # A rule laid down ("这个是规定", "没有商量余地", "就按文件执行", "以后所有代码都要…", "今天确定
    # 一件事：…"), and a closing 统一 ("…改成十二点半，统一").
    r"是规定|没有商量(?:的)?余地|没得商量|就(?:先)?按[^，,。]{1,12}(?:来|办|执行)|按文件执行|"
    r"(?:以后|今后|从今天起|从现在起)[^，,。]{0,12}(?:都|一律)(?:要|得|必须|不)|"
    # A rule for everyone from now on ("以后报销一律走线上", "从下周起，所有合同都必须双人复核"),
    # one way for all (统一用/按/走), the plan kept (维持原方案), the final plan named, consent
    # by all (大家都同意, 没有异议, 一致通过).
    r"一律|(?:所有|全部|每个|每位)[^，,。]{1,10}都(?:必须|得|要)|原则上(?!(?:可以|没问题|同意|行|是))|"
    r"统一(?:用|按|走|改|为|成|采用|使用|安排|放在|定在|口径)|口径统一|维持原(?:来|有|方案|计划|价|定)|"
    r"(?:最终|最后)(?:的)?方案(?:是|就是)|(?:大家|各位)(?:都)?(?:同意|没(?:有)?意见|没(?:有)?异议)(?:了)?(?=[，,。；;]|$)|"
    r"没有异议|一致通过|全票通过|就这么办|就照这个(?:办|来)|(?:咱们|我们|大家)(?:就)?(?:这么|这样)定|"
    r"确定(?:一件事|几件事|一点|如下|以下)|(?:^|[，,]\s*)(?:就)?统一(?:吧)?[。！!]?$|"
    # s7: an order that sets a rule for everyone ("先封存，谁都别碰", "任何人不许动"); a rule from a
    # point in time on or for every case ("以后进机房必须刷卡", "从下月开始，所有报销单必须…", "每周五
    # 固定大扫除"); one way for all, any verb ("统一订吧"); the plan kept (就先按原计划; not one
    # version of several: "一个按原计划，一个延期的"); the way someone proposed adopted (就按您说的,
    # 听你的); the way settled for now (就先这么办); not
    # changing something for now (空调先不换, 会员价暂时不调). Exclusions are character classes: every
    # 2–4 character literal here is a cue word that hearing repairs same-sound slips towards.
    r"(?:谁|任何人)(?:都|也)(?:别|不许|不准|不得)|(?:立|定|说|宣布)(?:一)?(?:个|条)(?:新)?(?:规矩|规定)[：:，,]|"
    r"^(?:那)?(?:这次|今年|明年|以后)[^，,。你您我他她]{1,8}就(?:用|选|去|定|订|租|放在|定在|办在)(?=[^，,。吧]{2})|任何人(?:都)?(?:不许|不准|不得|不能)|"
    r"(?:以后|今后|往后|从今往后)[^，,。]{0,16}(?:必须|一律|不许|不准|不得|统一|固定)|(?:以后|今后|往后)[^，,。]{0,12}都(?![会是没])(?=[\u4e00-\u9fff])|"
    r"(?:所有|全部|凡是|每)[^，,。]{1,14}(?:必须|一律|不许|不准|不得|固定)|(?:所有人|全员|全体)(?:一律)?(?:取消|暂停|停止)(?=[\u4e00-\u9fff])|"
    r"从[^，,。]{1,8}(?:起|开始)[，,]?[^。？?]{0,24}?(?:必须|一律|不许|不准|不得|统一|都要)|"
    r"^[^，,。]{1,4}开始[，,][^。？?]{0,24}?(?:必须|一律|不许|不准|不得|统一|都要)|"
    r"(?<![不没要需得该会再去来将能])统一(?![一])(?=[\u4e00-\u9fff])|(?<![个份版种套])按原(?:计划|方案|安排)|"
    r"(?:就|那就)(?:按|照)(?:你|您|他|她|[\u4e00-\u9fff]{1,3}?)(?:(?:说|讲)的|的建议)|(?:就|那就)听(?:你|您)的(?=$|[，,。吧])|"
    r"(?:就)?先(?:这么|这样)(?:办|定|来)|(?:那就|就)定(?![个一下了在为成好不])(?=[\u4e00-\u9fff]{2})|"
    # ("那冷盘就换成金枪鱼吧": the thing said first, switched to another by all, not asked of 你)
    r"^(?:那|那么|好|行)?[^，,。你您我他她]{2,6}(?:就|那就)(?:换成|改成|改用|换用)(?=[\u4e00-\u9fff]{2})|"
    r"(?<![我你您他她])(?:先不|暂时不|暂不)(?![说讲定决管急着用要下考做搞弄办知清确好])(?=[\u4e00-\u9fff])|"
    r"\bno exceptions\b|\bwithout exception\b|\bfull stop\b|\bno [\w' -]{1,30}? without\b|"
    r"\bstarting (?:now|today|tomorrow|immediately|this \w+|next \w+|on \w+)\b|\beffective (?:immediately|today|now)\b|"
    r"\bas of (?:today|now|tomorrow|this \w+|next \w+)\b|\bfrom here on\b|\bthe motion carries\b|"
    r"\b(?:then|so) we go with\b|^(?:ok(?:ay)?,? )?we go with\b|"
    # The choice and the refusal said plainly: "Navy it is", "we've landed on…", "that's the call",
    # "done deal", "let's make it the 14th", "going with…, then", "we're not doing the raffle",
    # "let's not renew…", "no more…", "…is off the table", "from next term, …"; 就它了, 一言为定,
    # 说定了, 就这么着, 按老规矩 / 照旧 / 还是跟去年一样, 以X为准.
    r"^(?!(?:it|that|this|what|which)\b)[\w' -]{1,30} it is[.!]?$|\b(?:we(?:'ve| have) )?landed on\b|\bthat'?s the call\b|"
    r"\bdone deal\b|\b(?:decide|decided|confirm|confirmed|settled|finali[sz]ed?) already\b|\blet'?s make it (?:the |on |at |\d)|^(?:(?:so|ok(?:ay)?|right),? )?going with\b|"
    r"\bwe(?:'re| are) not (?:doing|having|running|holding|going ahead with|booking|ordering|buying|hiring|renewing|printing|"
    r"extending|replacing|reopening)\b|\bwe won'?t be (?:doing|having|running|holding)\b|"
    # s31: a rule laid down ("…. That's the rule."), something let go ("we'll let the raffle go"), a
    # standing change from a day on ("From Monday, we're closing the side door at six")
    r"(?:^|,\s*)that'?s (?:the|a) rule[.!]?$|^let'?s (?:put|get|pencil) (?:it|that|this) in (?:the diary|the calendar)\b|\bwe(?:'ll| will) let (?:the|that|this|our) [\w' -]{1,30}? go\b|"
    r"(?:^|,\s*)(?:so\s+)?from (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|the \d{1,2}(?:st|nd|rd|th))"
    r",?\s+we(?:'re| are| will|'ll)\s+(?!not\b)\w+ing\b|"
    r"\blet'?s not (?:renew|do|run|hold|book|order|buy|hire|use|open|offer|print|extend|change|switch|move|have|bother)\b|(?:^|,\s*)no more\b|\b(?:is|are)(?: now)? off the table\b|"
    r"\b(?:let'?s|we(?:'ll| will)) stick to\b|\bfrom (?:next|the start of next) (?:term|month|week|year|quarter|semester|season)\b|"
    r"\b(?:that|it)'?s a (?:no|yes|go) (?:on|for)\b|\bI say we (?:go with|do|take|pick|keep|stick with)\b|"
    r"\blet'?s leave (?:the |it|that|this|them)[\w\s'-]{0,30}?as (?:it|they) (?:is|are)\b|"
    r"\bthe answer is (?:no|yes)\b|\bthat'?s agreed\b|\b(?:is|are) a go\b|\bwe(?:'ll| will) go ahead and\b|"
    # s22: the option kept or taken, said as settled ("We'll keep the twelfth", "let's keep the original
    # counter", "Let's start Zone 3 on the 13th then", "Let's say Thursday instead", "so we drop 3.9",
    # "Leave the bonus off for now"); not how the meeting runs ("let's keep it to ten minutes")
    r"\b(?:let'?s|we(?:'ll| will)) keep (?:the|it as|them as)\b|\blet'?s (?:start|go with|say|do)\b[^?]*\b(?:then|instead)[.!]?$|"
    r"^(?:(?:cool|okay|ok|right|fine)[,\s]+)*so we(?:'ll| will)? (?:drop|go with|keep|use|skip|move)\b|"
    r"^(?:(?:okay|ok|right|fine|do it)[,.!\s]+)*leave (?:the|it|that|them)\b[^?]{0,30}\b(?:off|out) for now\b|"

    r"就(?:它|这个|那个|这家|那家|这款|那款|这套|那套)(?:了|吧)|一言为定|"
    # a concession that settles ("行，八折就八折"), one way over another ("那就重贴，不补胶了")
    # (not a day: "那就周五，不周四了", "国庆前就国庆前" move a date)
    r"(?:^|[，,]\s*)(?P<same>(?![^，,。]*?(?:周|号|月|天|日|点|星期|礼拜|前|底|节|假))[\u4e00-\u9fff0-9]{2,6})就(?P=same)(?:吧|了)?(?=$|[，,。！!])|"
    r"^(?:(?:行|好|那)[，,]?\s*)*那就(?![^，,。]*?(?:周|号|月|天|日|点|星期|礼拜))[^，,。]{1,10}[，,]\s*不[\u4e00-\u9fff]{1,4}了(?=$|[，,。！!])|说定了|就这么着|就这么(?:弄|干|搞)|就(?:卡在|控制在|压在)|"
    r"按老规矩|照老规矩|照旧|(?<=[\u3400-\u9fff]{2})(?:照常|照办)(?=$|[，,。！!；;吧]|进行|举行|开)|"
    # ("城市史这本，列入明年重点选题": put on the list)
    r"(?:列入|纳入)(?=[^，,。吗？?]{2,})|"
    # s31: a standing change from a point in time on ("从下个月起例会改到周四上午"), a rule put into
    # force ("从下一期开始执行"), the first option kept after a pushback ("那就还是十号执行"), a limit
    # set on a thing, not asked of someone ("那篇稿子控制在五千字以内")
    r"从[^，,。]{1,8}(?:起|开始)[，,]?[^。？?，,]{0,16}?(?:改到|改成|改为|换成|换到|调到|调整为|挪到)|"
    r"从[^，,。]{1,8}(?:起|开始)(?:执行|实行|实施|生效)|"
    r"^(?:那就|那|就)还是[^，,。你您我他她]{1,12}(?:执行|实行|实施|生效|举行)(?=$|[，,。吧])|"
    r"^(?![^，,。]*[你您把])[^，,。]{0,12}控制在[^，,。]{1,10}以内|"
    r"还是(?:跟|和)(?:去年|上次|往年|以前)一样|以[^，,。]{1,12}为准|"
    # A figure, a standard or a place gone by ("按八万五的来", "押金就按两个月房租收", "咱们就用腾讯
    # 会议吧", "那这次体检就去市一院"); "let's do the lunch at Rosie's", "we're doing the fundraiser in
    # the gym", "sounds like we're doing…", "the price is fixed at…"; not a trip told ("我们就去了趟…").
    r"按[^，,。时]{2,12}?来(?:吧|了)?(?=$|[，,。！!；;])|"
    # one option of those put ("那就按第二个方案", "就按方案二吧", "就按B方案")
    r"(?:那就|就|那)按(?:第[一二三四五六七八九十\d]+个|[A-Da-d一二三四两]号?)?(?:方案|版本|选项|方向|思路|套餐)"
    r"[一二三四五六七八九十\dA-Da-d]?(?:吧|了)?(?=$|[，,。！!；;])|就按[^，,。]{1,12}(?:收|算|付|发|结|报|走|执行|办|弄|搞|订|买|租|配|给)(?:吧|了)?(?=$|[，,。！!；;])|"
    r"(?:咱们|我们|大家)(?:这次|今年|以后|今天)?(?:就|还是|统一)(?:用|选|去|定|走|订|租|买|办|请|放在|改用)(?![了过])(?=[^，,。吧]{2})|"
    r"^那(?:这次|今年)?[^，,。你您我他她]{1,8}就(?:用|选|去|定|订|租|放在)(?![了过])(?=[^，,。吧]{2})|"
    r"\blet'?s (?:do|hold|go ahead with) the\b|\bgo ahead with the\b|\bwe(?:'re| are) (?:doing|having|holding|going with) the\b|"
    r"\bwe(?:'re| are) (?:switching|moving|changing) (?:over )?to\b|\bwe(?:'ll| will) switch (?:over )?to\b|"
    r"\bwe(?:'re| are) going ahead with\b|\bwe(?:'re| are) dropping\b|"
    # (the call made, in the progressive: "We're cutting the car chase", "we're keeping the price at…")
    r"(?<!whether )(?<!if )\bwe(?:'re| are) (?:cutting|keeping|closing|locking in|scrapping|shelving|"  # (s48: not asked "whether we're…")
    r"sticking with|pulling|postponing|cancelling|canceling|parking) (?:the|our|it|this|that|#\d+)\b(?! eye\b)|"
    r"\b(?:that|it)(?:'s| is) settled\b|^(?:(?:so|ok|okay|good|fine|great|right)[,\s]+)?(?:that'?s|that is|it'?s|it is) (?:also |now )?approved[.!]?$|"
    r"\bsounds like we(?:'re| are) (?:doing|going with|having|holding)\b|\b(?:is|are|'s) (?:fixed|set|locked) (?:at|for|on|in)\b|"
    r"\bwe(?:'ll| will) (?:do|use|go with|keep|have|run|take) [\w\s'-]{1,40}? instead\b|"
    r"\b(?:let'?s|we(?:'ll| will)) (?:keep (?:both|them both|it as it is|things as they are)|stick with)\b|\bfinal answer\b|"
    r"^(?:(?:the )?motion )?(?:carried|carries|passes|passed)[.!]?$|\bfinal call\b|\bthe (?:final )?plan is\b|\bgoing forward\b|\bfrom now on\b|\bas a rule\b|"
    r"(?<!whether )(?<!if )\bwe(?:'re| are) keeping\b|\bsettle on\b|\b(?:the )?(?:conclusion|verdict|consensus) is\b|"
    r"\b(?:everyone|everybody|we)(?:'s|'re| is| are) (?:all )?on board\b|\bthat'?s what we'?ll do\b|"
    rf"{_EN_BARE_DONE}|"  # (a confirmation: ``EN_BARE_CONFIRM``)
    r"\bwe(?:'ve| have)? decided\b|\bdecided\b|\bwe(?:'ve| have)? agreed\b|\b(?:all|everyone|everybody) agreed\b|"
    r"\bagreed (?:on|that|to)\b|\bthe decision is\b|\bthat'?s final\b|\bit'?s final\b|"
    r"\bwe(?:'re| are) going with\b|\bwe(?:'re| are) going to go with\b|"
    r"\bfinal decision\b|\blet'?s go with\b|\bwe(?:'ll| will) go with\b|\bit'?s decided\b|\bsettled on\b|"
    r"(?:^|,\s*)decision(?: time| then| made)?(?=\s*[:,])|\bthat'?s firm\b|^locked\b|\blet'?s lock (?:(?:it|that|this) )?in\b|\bwe(?:'re| are) decided\b|^(?:(?:yeah|yes|yep|ok(?:ay)?|right),?\s+)?agreed(?=,\s*\w)|"
    # s10: the date of something moved by all of us ("we'll push the release to next month"), a
    # refusal said as what we are not doing ("we're not renewing the lease"), a level kept ("let's
    # keep the budget at 50k"), the call named ("our call is…"), one option over another ("we'll use
    # Slack, not email"), a body that approved or rejected, going forward with a plan.
    r"\b(?:we(?:'ll| will)|let'?s) (?:push|move|postpone|delay|defer|bring forward|pull in|shift|reschedule) "
    r"(?!(?:it|that|this|them|on|ahead|forward|back)\b)[\w\s'-]{1,40}? (?:to|until|till|into)\b|"
    r"\bwe(?:'re| are) not (?:renewing|extending|hiring|launching|shipping|releasing|changing|switching|offering|ordering|"
    r"buying|using|adding|building|pursuing|continuing|opening|moving|printing|running|holding|doing|having|going ahead)\b|"
    r"\blet'?s keep (?!(?:it|that|this|them|going|an eye|in touch|track)\b)[\w\s'-]{1,30}? (?:at|as|on|to)\b|"
    r"\b(?:our|the) (?:call|verdict|pick|choice) is\b|"
    r"\b(?:we(?:'ll| will)|let'?s) (?:use|go with|pick|choose|take|keep)\b[^.?]*?,?\s+(?:not|rather than|instead of)\s+\w|"
    r"\b(?:board|committee|council|client|management|leadership|panel|trustees|governors)\s+(?:has\s+|have\s+)?"
    r"(?:approved|signed off on|rejected|voted (?:for|against|to))\b|"
    # the chair declaring the vote: "The annual accounts are approved.", "The budget is adopted."
    r"^(?:(?:so|then|okay|right)[\s,]+)?(?:the|our|this)\s+[\w' -]{2,40}?\s+(?:is|are)\s+(?:hereby\s+)?"
    r"(?:approved|adopted|carried|ratified)(?:\s+as\s+(?:presented|amended|circulated))?[.!]?$|"
    r"\bwe(?:'re| are|'ll| will)? (?:moving|move|going|go|proceeding|proceed) (?:forward|ahead) with\b|"
    r"\bworks for (?:everyone|everybody|all of us)\b|\b(?:let'?s|we(?:'ll| will)) stay with\b|\bwe(?:'ll| will|'re going to) (?:skip|drop|cancel|scrap|ditch|shelve)\b|"
    r"\b(?:slips?|is (?:pushed|moved|postponed|delayed)|gets (?:pushed|moved)) (?:back )?(?:to|until)\b|"
    r"^(?:(?:so|okay|ok|right),?\s+)?no [a-z][\w-]*(?: [a-z][\w-]*)? (?:this|next|until|for the rest of)\b|\bfrom now[.!]?$|"
    # s11: a level or a plan kept ("so the budget stays at 40k", "the scope remains unchanged"), a
    # change we make ("we're switching the rotation to weekly"), a date fixed ("the date is locked:
    # …", "locked in for the 3rd", "set in stone"), a refusal in the future ("we're not going to renew").
    r"^(?:(?:so|okay|ok|right|then),?\s+)+(?:the |our )?[\w'-]+(?: [\w'-]+){0,3} (?:stays|stay|remains|remain|will stay|will remain) (?:at|on)\b|"
    r"\b(?:stays|remains|will stay|will remain) (?:the same|unchanged|as (?:is|it is)|where it is|in place)\b|"
    r"\bwe(?:'re| are) (?:switching|moving|changing) (?!(?:on|ahead|forward|fast|quickly)\b)[\w\s'-]{1,40}? (?:to|over to)\b|"
    r"\b(?:is|are|'s) (?:locked(?: in)?|set in stone|final)\s*[:,\u2014-]|\blocked in (?:for|at|on)\b|\bset in stone\b|"
    r"\bwe(?:'re| are) not going to (?:renew|extend|hire|launch|ship|release|change|switch|offer|order|buy|use|add|build|"
    r"pursue|continue|open|move|print|run|hold|do|have|go ahead|sign|approve|fund|support|raise|cut)\b|"
    r"\bwe won'?t (?:renew|extend|hire|launch|ship|release|offer|order|buy|use|sign|approve|fund|pursue|continue)\b|"
    # s11 (a grid of one choice said many ways): "we'll do X for Y", "we're going to hold / booking /
    # locking in…", "X it is for Y", ", final", "Confirmed: …", "X moves to Y", "everyone agrees",
    # ", so X stays in Y", "let's make X the venue".
    r"\bwe(?:'ll| will) (?:do|use|take|hold|book|pick|choose|run) (?!(?:it|that|this|them|our best|what)\b)[\w' -]{1,40}? for (?:the|our|this|next)\b|"
    r"\bwe(?:'re| are) (?:going to )?(?:hold|holding|book|booking|pick|picking|choose|choosing) "
    r"(?:the|our|this|it)\b[\w' -]{0,40}? (?:in|at|on|for)\b|"
    r"\bwe(?:'re| are) locking (?:in|down)\b|\blet'?s make [\w' -]{1,30} the (?:venue|date|default|plan|standard|choice|location|time|deadline|format)\b|"
    r"^(?:(?:ok(?:ay)?|so|right|fine|great|good|alright)[,\s]+)?(?!(?:it|that|this|what|which)\b)[\w' -]{1,30} it is for [\w' -]{1,30}[.!]?$|(?:^|,\s*)final[.!]?$|^confirmed\s*[:,]\s*\w|"
    r"\bmoves? (?:back |forward )?to\b(?![^.?]*(?:\?|\b(?:when|once|after|if|as soon as|unless)\b))|(?:^|,\s*)(?:everyone|everybody|we all) agrees?[.!]?$|"
    r"(?:^|[,;]\s*)(?:so|then)\s+(?:the |our )?[\w'-]+(?: [\w'-]+){0,3} (?:stays|remains) (?:at|on|in)\b|"
    # 就在X办, 那X去Y, 我们选X, 最后还是X, 大家都同意X, 确认一下：…, 今年在X搞, 别改了 / 不折腾了, …的事就这样.
    r"(?<![我你他她])就(?:在|去|放在|定在)[^，,。？?你我他她]{1,8}(?:办|开|搞|举行|举办)(?:吧|了)?(?=$|[，,。！!])|"
    r"^那(?:这次|今年)?[^，,。你您我他她]{2,8}(?:用|选|放在|定在)[^，,。吗呢？?]{2,8}[。！!]?$|"
    r"(?:我们|咱们|大家)(?:这次|今年)?(?:就|还是|统一|最后)?(?:选|选定)(?!一下|一个|个|择)(?=[^，,。吧？?]{2})|(?<![我你他她])最后还是(?!没|不)(?=[\u4e00-\u9fff]{2})|"
    r"(?<![要如果若只])(?:大家|各位|我们)(?:都|一致)?同意(?!就|的话|吗|不|与否|了吗)(?=[\u4e00-\u9fff]{2}[^？?]*$)|^(?:那|好)?(?:最后)?确认一下[：:，,](?=[^？?]*$)|"
    r"(?:^|[，,])[^，,。你我他她们]{0,8}(?:今年|这次|明年|下次)(?:就)?(?:在|去)[^，,。你我他她]{1,8}(?:搞|办|开|举办|举行)(?=$|[，,。！!])|"
    # s12 (a second choice grid): settled at last (最后确定), settled unless someone objects (没意见的话就…),
    # one way agreed for all (统一一下，…), a plan passed (方案通过了), the final plan named (最终方案：…),
    # "Approved: …", "locking in …".
    r"最后确定|没(?:有)?意见的话[，,]?\s*(?:那)?就|统一一下[，,]|(?:方案|提案|议案|预算|申请)(?:已经|也)?(?:通过|批)了|"
    r"^(?:最终|最后)(?:的)?(?:方案|决定|结果)(?:[：:，,]|$)|^(?:(?:ok(?:ay)?|so|right)[,\s]+)?approved\s*[:,!.]|"
    r"^(?:(?:ok(?:ay)?|so|right)[,\s]+)?locking (?:in|down)\b|"
    r"别(?:再)?(?:改|变|折腾|动)了|(?<![我你他她])不(?:折腾|改|变|换)了(?=$|[。！!])|[，,](?:[^，,。]{0,8}的事)?就(?:这样|这么定)(?:了|吧)?[。！!]?$|"
    # s47: the decision announced as one ("Here's the decision: …", "Decision for today: …", "So,
    # agreed then: …", "So we're agreed, …"); a rule from a point in time for everyone ("From tonight,
    # nobody …", "Starting tonight, no …"); a setting held ("…stays closed until the inspection");
    # something dropped by all of us ("scrap the raffle", "we cut the second act"); a closing
    # word said after a comma ("…, end of.", "…, that's that.").
    rf"{EN_ANNOUNCED}|"
    r"(?:^|,\s*)(?:(?:so|and|okay|ok|right)[,\s]+)*(?:from|starting|as of) (?:today|tonight|now(?: on)?|this (?:weekend|week)|tomorrow|"
    r"(?:this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))[,\s]+(?:everybody|everyone|nobody|no one|no|each|every|all|"
    r"any|anyone|anybody|whoever)\b|\bstarting tonight\b|"
    r"\b(?<!I )(?<!you )(?:stays|stay|remains) (?:closed|shut|off|switched off|on hold)\b(?![^.?]*\?)|"
    # s48: a thing kept as it is, said as its own clause ("Entry stays free.", "the fee stays as it is")
    r"(?:^|[,;]\s*)(?:(?:so|okay|ok|right|then|and),?\s+)*(?!(?:if|unless|whether|when|once|as long as)\b)(?:the |our )?[\w'-]+(?: [\w'-]+){0,2} "
    r"(?:stays|stay|remains|remain) (?:free(?: of charge)?|as (?:it is|they are)|the way (?:it is|they are))[.!]?$|"
    r"^(?:(?:okay|ok|so|right|nah|no|then)[,.!\s]+)*(?:scrap|ditch|skip|forget(?: about)?) the\b|\bwe(?:'re| are)? (?:cutting|cut|dropping|scrapping|ditching) the\b|"
    r"(?<!whether )(?<!if )\bwe(?:'re| are) (?:keeping|sticking (?:to|with)) (?:it|that|them|the)\b|"
    r"\blet'?s leave (?:it|them) in place\b|"
    r"\bwe(?:'re| are) not (?:calling|selling|raising|paying|accepting|taking|releasing|signing|cancell?ing|postponing|charging|"
    r"reopening|closing|allowing)\b|"
    # (s48: also "…, locked in." after the statement)
    rf"(?:^|,\s*)(?:{_EN_CLOSING_WORDS}|(?:that'?s )?locked in|(?:that'?s|it'?s) confirmed|{_EN_DROP_IT})[.!]?$|"
    # s48: "Let's lock that — <what is locked>"
    r"\blet'?s lock (?:it|that|this)(?: in)?(?=\s*[:\u2014-]\s*\w)|"
    # a thing refused in so many words ("No karaoke.", "Okay, no fireworks this year."), and
    # one called off after its name ("The quiz night — cancel.", "the river trip, that's off")
    r"^(?:(?:okay|ok|right|then|fine)[,\s]+)*no (?!(?:problem|problems|worries|worry|idea|clue|rush|way|thanks|thank|need|change|"
    r"one|chance|pressure|stress|comment|news|answer|word|luck|doubt|kidding|joke|sweat|bother|biggie|harm|matter|question|questions|"
    r"offence|offense|sir|ma'?am|mate|love|not|i|you|we|it|that|this|he|she|they)\b)[a-z][\w-]*(?: [a-z][\w-]*){0,2}"
    r"(?: (?:tonight|today|this year|this time|this week|anymore))?[.!]?$|"
    r"[\w)]\s*(?:\u2014|--| - )\s*(?:cancel(?:led)?|scrapped|that'?s off|it'?s off)[.!]?$|"
    r"\w+\s+[\w)]+,\s*(?:cancell?ed|scrapped|that'?s off|it'?s off)[.!]?$|"
    # what is settled, said of its thing with "then" ("Ines keeps the keys then.", "So the fair goes
    # Sunday.")
    r"^(?:(?:right|okay|ok|so|fine|good|great|fair enough)[,\s]+)*(?!(?:i|you|he|she|it|that|this|there|we|they|what|who)\b)"
    r"(?:the |our )?[\w' -]{2,30}? (?:keeps|stays|goes|comes|moves|runs|starts|opens|closes|takes|leads) [^,;?]{0,40}\bthen[.!]?$|"
    r"^(?:(?:right|okay|ok|fine)[,\s]+)*so (?:the |our )?[\w' -]{2,30}? (?:goes|moves|runs|starts|opens|closes|happens) (?:on )?"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|the \d)|"
    # s47, Chinese: a rule from now on that spans a comma or two ("以后每份合同，盖章之前，必须…"),
    # a thing no longer done ("抽奖不搞了", "宣传片不拍了"), a thing left as it is ("房租不动", "排班不变"),
    # the chair settling it ("我定一下：…", "我拍个板"), a standing stop or change from a day on
    # ("从周五开始停运", "从下周起改轮休").
    r"(?:以后|今后|往后|从今天起|从现在起|从今往后)[^。？?]{0,24}?(?:必须|一律|不许|不准|不得)|"
    r"(?:^|[，,])(?![^，,。]*(?:你|我|他|她|说|问))[\u4e00-\u9fffA-Za-z]{2,8}(?<![先暂])(?:就)?不(?:搞|办|拍|请|印|订|招|参加|发|要|安排)了(?=$|[，,。！!])|"
    r"(?:^|[，,])(?![^，,。]*(?:你|我|他|她|一动|动不动|雷打|[卖拿搬走推拉跑抬提扛吃干叫请拖背挪]不动))[\u4e00-\u9fffA-Za-z0-9]{2,8}(?:不动|不变|保留|照旧)(?!了)(?=$|[，,。！!])|"  # (s48: 不要了, 保留, 照旧)
    # ("二号电梯暂停使用", "例行保养全部暂停", "运动会取消": a standing stop said of a thing)
    r"(?:^|[，,])(?![^，,。]*(?:你|我|他|她|要不|是不是|能不能))[\u4e00-\u9fffA-Za-z0-9]{2,8}(?:全部|一律|统统)?(?:暂停使用|暂停|停用)(?=$|[，,。！!])|"
    r"(?:^|[，,])(?![^，,。]*(?:你|我|他|她|要不|是不是))[\u4e00-\u9fff]{1,6}(?:日|会|节|赛|活动|典礼|仪式|演出|培训)取消(?=$|[，,。！!])|"
    r"(?:^|[，,])(?:那)?我(?:来)?(?:定一下|拍个板|拍一下板)[：:，,]|"
    r"从[^，,。你我他她]{1,8}(?:起|开始)[，,]?[^。？?，,你我他她]{0,8}?(?:闭馆|停用|停业|停运|暂停|关闭|封闭|恢复|改)",
    re.IGNORECASE,
)
DECISION_LEAD = re.compile(
    r"^(?:所以|那|那么|好|好的|最后)?(?:我们|大家)?(?:最终|最后)?(?:决定|一致同意|确定|(?:就这么|就这样)?定)(?:了|一下)?[，,:：]?\s*|"
    r"^(?:最终|最后)(?:的)?(?:方案|决定|结果)(?:是|就是)?[，,:：]?\s*|"
    r"^(?:so\s+|okay\s+|ok\s+)?(?:we(?:'ve| have)? (?:decided|agreed)|it'?s decided|(?:that'?s|that is) (?:decided|settled|agreed)(?=,)|the decision is|decision(?: time| then| made)?(?=\s*[:,]))"
    r"(?:\s+(?:that|to|on))?[,:]?\s*|"
    rf"^{EN_ANNOUNCED}\s*[:,.\u2014-]?\s*|"
    r"^(?:(?:so|okay|ok|right|yes|yeah)[,\s]+)?let'?s lock (?:it|that|this)(?: in)?\s*[:\u2014-]\s*",
    re.IGNORECASE,
)
# Forward hedges make their own clause (and continuations) a suggestion; backward ones reach back
# over the clauses before them in the same sentence ("…，但这只是一个初步想法").
HEDGE_FWD = re.compile(
    r"可以考虑|考虑一下|要不要|要不|或许|也许|可能|建议|提议|我觉得可以|不如|是不是可以|能不能|"
    r"我(?:个人)?(?:比较)?倾向|个人倾向|先这么考虑|个人觉得|"
    r"\bmaybe\b|\bperhaps\b|\bmight\b|\bcould\b(?!\s+you)|\bhow about\b|\bwhat if\b|\bi suggest\b|\bi'?d suggest\b|"
    r"\bwe should consider\b|\bconsider\b|\bpropose\b|\bsuggestion\b|\bi(?:'m| am)? lean(?:ing)? towards?\b|\btentatively\b",
    re.IGNORECASE,
)
HEDGE_BACK = re.compile(
    rf"只是一个?(?:初步)?(?:想法|建议|提议)|初步想法|还没定|还没有定|没定|待定|再评估|{_NO_MORE_TALK}(?:再讨论|再商量|再议)|再看看|再研究|"
    r"回头再定|以后再定|还不确定|不确定|先不定|未定|没决定|未决定|没有决定|\bhaven'?t decided\b|\bjust an idea\b|\bjust a thought\b|\bnot decided\b|\bnot final\b|\bundecided\b|"
    r"\btbd\b|\bnot sure\b|\bto be decided\b|\bstill open\b|\bneed to discuss\b|\bdiscuss (?:it )?later\b|"
    # nobody can answer it: "I'm afraid I don't.", "No idea.", "I haven't heard anything."
    r"^(?:(?:um|uh|er|hmm|sorry|honestly)[\s,]+)*(?:I'm afraid (?:I )?(?:don't|do not|not)(?: know)?|I (?:don't|do not) know|no idea|"
    r"no clue|I haven't (?:heard|a clue)(?: anything)?|nobody knows|no one knows|not a clue)\b",
    re.IGNORECASE,
)
SUGGEST_NOTE = re.compile(
    r"可以考虑|考虑一下|要不|建议|提议|初步想法|想法|不如|\bmaybe we\b|\bjust an idea\b|\bhow about\b|\bwhat if\b|"
    r"\bi suggest\b|\bi'?d suggest\b|\bwe could\b|\bwe might\b|\bconsider\b|\bpropose\b",
    re.IGNORECASE,
)
# Taken off the work by name ("小宁就别管这个了"): read as a correction, the one released its old owner.
RELEASED = r"(?:就|也)?(?:别|不用|甭)管(?:这个|这事儿?)?了"
CORRECTION = re.compile(
    # (对不对 asks, 不对劲 is "something is off": neither corrects)
    r"^(?:不对|不是|错了|说错了|搞错了|更正|纠正|等一下|等等)|(?<!对)不对(?!劲)|说错|搞错|更正一下|"
    # (s48: not the talk dropped, "算了，现在说这些也晚了")
    r"改成|换成|改为|改由|换人|换给|改给|算了(?![，,、…\s]*(?:现在|再|多)?(?:说|讲|提|追究)(?:这个|这些|那个|那些)?(?:也|都)?(?:没用|没意义|晚了|没意思))|"
    r"(?<=[\u3400-\u9fff])" + RELEASED + r"|还是(?=[\u3400-\u9fff]{1,4}(?:吧|来|负责|做))|还是(?=[\u3400-\u9fff]{1,4}[，,](?:你|您)(?!觉得|看|说)[^，,。]{0,8}?(?:来|负责|做|弄|搞|去|修|办))|改到|推迟到|推迟|延期|延到|"
    # (挪到/放到 move a date, not a thing: "能挪的挪到地面上" moves cars)
    r"延后|提前到|(?:挪到|放到)(?=[下上本这今明后周星礼月年号\d一二三四五六七八九十两早晚中最]|以后|之后|回头|再说)|"
    # ("sorry to barge in", "Sorry Jordan." / "Ha, sorry Dave.": an apology, to a person, corrects nothing)
    # ("I'm actually ten minutes away": an adverb inside a statement corrects nothing)
    # ("If Siobhan's agents actually send the transcripts": inside a clause, before its verb, it
    # only stresses; a correction says it first, after a pause, or last)
    r"(?:^|(?<=[,.;:!?—–-])\s*|\b(?:no|oh|wait|um|uh|hmm|sorry)[,\s]+)actually\b|"
    # ("finished it last week actually": when it was done, stressed, corrects nothing)
    r"(?<!i'm )(?<!i am )(?<!we're )(?<!it's )(?<!that's )(?<!is )(?<!are )(?<!was )(?<!yesterday )(?<!already )(?<!last week )(?<!last night )(?<!this morning )\bactually(?=\s*(?:[,.;:!?—–-]|$))|\bsorry\b(?!\s+(?:to|about|for|i'?m|i am|i was|we'?re|everyone|guys|all|mate)\b)"
    r"(?!,?\s+(?-i:[A-Z])[a-z]+\s*(?:[.!?]|$))"
    # ("Sorry — Lou, you've frozen": how the one called is doing, said to them)
    r"(?!\s*[—–,-]*\s*(?-i:[A-Z])[a-z]+,?\s+you(?:'re| are| were|'ve| have)\b)"
    # ("Callum, sorry, Monday's nae good for the condenser": sorry for a problem, which it then says)
    r"(?!,?\s+[\w-]+(?:'s|'re|\s+is|\s+are|\s+was)\s+(?:nae|not|no|never)\b)(?!,?\s+(?:i|we)\s+(?:can't|cannae|cannot|won't|don't)\b)|\binstead\b|\bscratch that\b|(?<!the )(?<!a )(?<!our )(?<!your )(?<!that )(?<!this )\bcorrection\b(?!\s+(?:on|to|of|for|notice|needs|has|is|and)\b)|\bi mean\b|\bmy mistake\b|"
    r"\bno,? wait\b|\bwait,? no\b|\bon second thoughts?\b|\bmake that\b|"
    r"\bchange (?:it|that|the owner|the deadline|the date) to\b|\bmove (?:it|that)? ?to\b|\bpush (?:it|that)? ?(?:back )?to\b|"
    r"\bpostpone\b|\bswitch (?:it )?to\b|\breassign\b|\bmake it\b|(?<!let's )(?<!let us )(?<!lets )\bnot (?!yet\b|really\b|sure\b|(?:possible|feasible|doable|realistic|okay|ok|fine|good|great|ideal|enough|easy|likely|fair|allowed|necessary|needed|required|urgent|important|bad)\b)\w+,|"
    # A bare hand-over of the work just discussed ("给李四吧", "give it to Bob") reassigns it even
    # when the cue word is missing or misheard; zero-width, so the name stays after the marker.
    r"(?:^|(?<=[，,。.!?！？；;]))\s*(?=(?:那就|那)?(?:给|让|交给|换)[\u3400-\u9fff]{2,4}(?:吧|来吧|来做吧))|"
    r"(?:^|(?<=[，,。.!?！？；;]))\s*(?=(?:give|hand) it (?:over )?to\b)|"
    # ("Okay, back to Sam, you've got the list.": the work goes back to the one named)
    r"\bback to (?=(?-i:[A-Z])[a-z]+(?:,|\s+then\b))|"
    # ("I can't, I'm not on that system." "Oh, right. Marcus, then.": the work goes to the one named)
    r"(?:^|(?<=[.!?]))\s*(?=(?!(?:Right|Okay|Ok|Fine|Good|Great|Alright|Well|So|And|Now|Yes|Yeah|Sure|Cool|Oh)\b)(?-i:[A-Z][a-z]+)(?:\s(?-i:[A-Z][a-z]+))?,?\s+then\s*(?:[.!]|$))",
    re.IGNORECASE,
)
CANCEL = re.compile(
    r"不用做了|不用做|不做了|不用了|不需要了|先不做|不需要做|取消掉|取消了|取消吧|就取消|砍掉|砍了|去掉|先不搞|不搞了|"
    r"先放一放|暂停|作废|撤销|拉倒|不(?:买|订|修|写|弄|办|印|租|换|装|请)了|"
    r"\bnot needed\b|\bno longer needed\b|\bnot necessary\b|\bnever ?mind\b|\bcancel(?:led|ed)\b|(?<!I'll )(?<!I will )(?<!going to )(?<!you )(?<!you to )\bcancel\b|\bdrop (?:it|that|the)\b(?![^,.;!?—–]*\b(?:off|round|around|over|by)\b)|"
    r"\bscrap\b|\bforget (?:about )?(?:it|that|the)\b|\bdon'?t need\b|\bno need\b(?!\s+to\s+(?:wait|hurry|rush|panic|worry|apologi[sz]e|ask|thank))|\bskip (?:it|that|the)\b|"
    # ("Actually, leave it, I've already done it"; not "leave it with me", "leave it till Monday")
    r"(?:^|(?:actually|no|oh|ah|wait)[,\s]+)leave (?:it|that)(?=\s*(?:[,.;!—–]|$))|\bdon'?t bother\b|"
    # ("Scratch that, we're not re-cutting the trailer": the work said off)
    r"\bwe(?:'re| are) not (?:[a-z]+-)?[a-z]+ing (?:the|that|this|it)\b",
    re.IGNORECASE,
)
# Everyone asked to do a thing ("Could everyone send Oliver their comments…"), not asked whether
# they can hear, see, come or make it.
EN_ALL_ASKED = (r"(?:can|could|would) (?:everyone|everybody|you all|all of you)"
                r"(?! (?:make it|hear|see|be|come|join|attend|agree|manage|remember|stay|keep|bear|note|read|sit|think|vote)\b)")
NO_OWNER = re.compile(
    r"需要有人|(?<![省免记觉晓懂值])得有人|要有人|没有负责人|没负责人|负责人(?:会后|之后|以后|稍后|回头)?(?:再)?(?:确认|定|待定|未定|还没定)|"
    r"谁来负责还没定|看谁有空|看谁有时间|谁有空谁|暂时没人|还没人(?!选)|没有?人(?:认领|负责|跟进|接手|接|管)|无人(?:认领|负责|跟进)|待认领|待分配|"
    r"(?:缺|还缺|需要)(?:一个)?负责人|待定负责人|负责人(?:是谁)?(?:还)?(?:不确定|不清楚)|"
    r"人(?:回头|之后|以后|稍后|会后)?再(?:定|找|安排)|谁(?:来|去)?(?:做|负责|弄)?(?:回头|之后|会后)再定|"
    r"\b(?:someone|somebody) (?:(?:really|just|definitely|seriously|honestly) )?(?:needs|has|should|must|will (?:need|have) to|please)\b|\b(?:someone|somebody) ?'ll (?:need|have) to\b|"
    # ("someone's going to have to get a quote", "somebody's gotta go through the lowboys")
    r"\b(?:someone|somebody)(?:'s| is) (?:going to have to|gonna have to|got to|gotta)\b|\b(?:someone|somebody) (?:gotta|got to)\b|"
    rf"\b(?:can|could) (?:someone|somebody)\b|\b{EN_ALL_ASKED}|\bneed (?:someone|somebody) to\b|\bfigure out who\b|"
    r"\b(?:get|ask|find) (?:someone|somebody)(?: in)? to\b|"
    r"\b(?:needs|has|have|need) to be (?:\w+ed|done|set up|sorted)\b(?!\s+by\s+[A-Z])|"
    # ("the correction needs to go up today"; with no day it only says what will happen)
    # (or go to whoever receives it by a day: "The draft list needs to go to the cabinet member by the end of April")
    r"\b(?:needs|has|have|need) to go (?:up|out|live|in|to (?:the|our|their)\b)(?!\s+by\s+[A-Z])(?=.*\b(?:today|tonight|tomorrow|by|before|this|next)\b)|"
    # ("the risk assessment's got to go on EVOLVE before half term", "that diesel must be filled up before Monday")
    r"(?:'s| has) got to go (?:up|out|live|in|on)\b(?=.*\b(?:today|tonight|tomorrow|by|before|this|next)\b)|"
    r"\bmust be (?:\w+ed|done|set up|sorted)(?: up| out| in| off)?\s+(?:by|before)\b|"
    r"\bneeds? an owner\b|\bneeds? (?:someone|somebody)(?: on it)?[.!]?$|\bno owner\b|\bowner tbd\b|\bowner is tbd\b|\bunassigned\b|\bowner to be confirmed\b|"
    r"\bnobody (?:owns|has picked up|is on)\b|\bno one (?:owns|is on)\b|\bup for grabs\b|\bneeds? a volunteer\b|"
    r"\bwhoever (?:gets to it|has (?:time|capacity|a minute)|is free|'s free)\b|"
    r"^(?:(?:and|so|also|yeah|okay|ok|well)[\s,]+)*(?:that|this|it)(?: one)?(?:'s| is)? (?:still |really |definitely )?"
    r"(?:needs|has to be|must be|should be) (?:\w+ing|\w+ed|looked at|sorted(?: out)?|fixed)\b",
    re.IGNORECASE,
)
# Words that point back at work already discussed rather than naming it ("这个需求", "that one").
GENERIC_WORK = re.compile(
    r"这个|那个|这些|那些|这件|那件|需求|任务|功能|事情|事儿|事|东西|部分|这块|那块|也|都|就|还是|"
    r"\b(?:it|that|this|these|those|one|task|thing|stuff|work|item|we|i|you|is|are|can|the|then|ok|okay|so)\b|\s+",
    re.IGNORECASE,
)
CONTRAST = re.compile(r"但是|但|不过|可是|然而|却|\bbut\b|\bhowever\b|\bwhereas\b|\bwhile\b", re.IGNORECASE)
ATTRIBUTION = re.compile(
    r"写的是|写着|记录|纪要|文档上|上面写|说|表示|认为|\bsays?\b|\bsaid\b|\baccording to\b|\bnotes?\b|\bwrote\b|"
    r"\bthe doc\b|\bthinks?\b|\bclaims?\b|\bplan(?:ned)? says\b|\bschedule\b",
    re.IGNORECASE,
)
# A sentence that opens the next item of an agenda ("第二个，节假日排班", "还有一件事", "Next item"): what
# was said before it is no longer the matter a bare correction ("还是你来吧") reaches back to.
# How many of a paper are handed over ("给我一份…", "给我个…"): the count before the thing.
ZH_COPIES = r"(?:一|两|几)?(?:份|个|版|张|套|篇|本)"
# Advice put to the one spoken to with the thing to do ("我建议你把客户名单整理一份"): asked of them.
ZH_ADVISE_YOU = r"我(?:们)?(?:建议|提议)(?=(?:你|您)(?!们)(?:先|再)?(?:把|将))"
NEW_ITEM = re.compile(
    r"^(?:好[，,]?\s*|那|然后[，,]?\s*)?(?:第[二三四五六七八九十\d]+(?:件|项|个|点|条)|还有一?(?:件|个)(?:事|问题)?|另外一?(?:件|个)|"
    r"下一(?:个|项|件)|最后一?(?:件|个|项)|接下来|下面)|"
    r"^(?:(?:ok(?:ay)?|so|right|alright)[,\s]+)?(?:next(?: item| up| thing)?|moving on|last thing|another thing|one more thing)\b",
    re.IGNORECASE,
)
# Words that open a new statement. Single characters only count before a pause or with a word that
# makes them a discourse marker: a VAD cut inside "准备好" must not read as "好" starting a sentence.
SENTENCE_START = re.compile(
    r"^(?:好(?:的|了|吧)?(?=[\s，,。]|$)|那(?:么|就|我们|接下来|下面)|下面|接下来|另外|还有|然后|最后|首先|其次|对了|"
    r"(?:ok|okay|so|next|also|and then|alright|moving on)\b)",
    re.IGNORECASE,
)
# Speaking in the meeting now ("我补充一点", "你先说两句"): no work after it.
ZH_SPEAKS_NOW = re.compile(r"(?:先|再|也)?(?:补充|说|讲|汇报|提|点评)(?:一点|两点|两句|几句|一下)(?:吧|啊)?|"
                           # ("我补充一下麻醉这边看到的": what they saw or know, told now)
                           r"(?:先|再|也)?(?:补充|说|讲)(?:一下|一点)[\u3400-\u9fff]{0,8}?(?:看到|听到|了解|知道|掌握)的(?:情况)?|"
                           r"(?:我)?(?:提|说)(?:个|一个|两个)(?:想法|建议|意见|事儿?)|"  # ("我提个想法": the floor, now)
                           # ("把手机先静音": the room's manners, now)
                           r"(?:先)?把手机(?:收|放下|收起来|静音|调静音|关了|关一下)(?:一下|起来)?(?:吧|啊)?")
CHATTER_ONLY = re.compile(
    r"^(?:好|好的|嗯|对|是的|行|可以|没问题|谢谢|谢谢大家|ok|okay|yes|yeah|right|sure|thanks|thank you|"
    r"呃|额|唔|啊|嗯嗯|那个|就是|就是说|"  # (a hesitation said between the parts of a request)
    r"ugh|argh|hmm+|hm|um+|uh+|erm|er|oh|ah|aw|oof|phew|whew|alright|all right|okay okay|ok ok|"  # (or a sigh before it)
    # (a count of the requests that follow: "a couple of things for you: …")
    r"(?:(?:and |also )?(?:one|two|three|a couple of|a few|couple of) (?:more |quick )?things?|one more|quick one)(?: for you)?)$",
    re.IGNORECASE,
)
# A tag asking the owner to confirm ("两周内搞完，可以吗？") is a request, not an open question.
TAG_QUESTION = re.compile(
    r"^(?:可以吗|可以不|行吗|行不行|好吗|好不好|没问题吧|有问题吗|能搞定吗|来得及吗|ok吗|okay吗|(?:你|您)(?:行|可以|没问题)吧|"
    r"ok|okay|right|alright|yeah|yep|yes|eh|no|innit|lah|ok lah|okay lah|can or not|can|would you|will you|could you|"
    r"sound good|sounds good|can you|ok with you|is that ok|does that work|"
    r"(?:大家)?(?:都)?(?:同意吧|同意吗|没意见吧|没意见吗|没问题吧)|(?:everyone|all) (?:agree|ok|okay|good)|agreed)$",
    re.IGNORECASE,
)
# The work is left open (no owner, no date, no choice yet): "下线时间还没定", "回头再议".
UNDECIDED = re.compile(rf"还没定|还没有定|没定下来|待定|{_NO_MORE_TALK}再议|回头再定|以后再定|\bnot decided\b|\btbd\b|\bstill open\b",
                       re.IGNORECASE)
POINTER = re.compile(r"^(?:这个|那个|这件事|那件事|这事|这块|(?:this|that|it)\b)", re.IGNORECASE)
PAST = re.compile(
    # (昨天的 / 上周的 say which thing: "把上周的出库单发我" asks for it)
    # (已经 in a modifier says which thing: "把已经签好的合同寄回去" asks for it)
    r"已经(?![\u4e00-\u9fff]{1,4}的)|刚刚|刚才|(?<=[你我他她])当时|(?<=[\u4e00-\u9fff])过的(?=$|[，,。！!])|当时(?:就|说|讲|没|也)|(?:上回|上次)(?:说|讲|提|答应)|(?<![前底末号天])之前(?:说|讲)(?=是|过)|昨天(?!的)|上周(?!的)|做完了|完成了|\balready\b|\byesterday\b(?!'s)|\blast week\b(?!'s)", re.IGNORECASE
)

# "以后碰到这种情况，…你主班就继续讲", "Next time that happens, just call me": what to do whenever it
# happens again — a rule for later (a decision, when the group settles it), no task now.
STANDING = re.compile(
    r"^(?:那|那么|其实)?(?:以后|今后|下次|往后|再)?(?:再)?(?:碰到|遇到|遇上|碰上|出现)(?:这种|这样|类似|这类)|"
    r"^(?:so\s+|and\s+)?(?:next time|if (?:that|this|it) (?:ever )?happens again)\b",
    re.IGNORECASE,
)
# A clause that only confirms what was just said as decided ("That's decided.", "就这么定了").
# A bare "Done." / "Sorted." confirms only a statement of what the group does, said just before.
EN_BARE_CONFIRM = re.compile(_EN_BARE_DONE, re.IGNORECASE)
EN_GROUP_PLAN = re.compile(r"^(?:(?:right|so|okay|ok|then|and)[,.]?\s+)*(?:we(?:'re| are|'ll| will)|let'?s)\s+(?!not\b)[a-z]",
                           re.IGNORECASE)
CONFIRM = re.compile(
    r"^(?:(?:so|ok|okay|good|fine|great)[,\s]+)?(?:that'?s|that is|it'?s|it is|this is)?\s*(?:also |now |all )?(?:decided|final|settled|firm|locked(?: in)?)$|"
    # s48: "We are decided on that.", "Fine, that's approved." (said by the one who may)
    r"^(?:(?:so|ok|okay|good|fine|great|right)[,\s]+)?(?:we(?:'re| are) (?:all )?decided(?: on (?:that|this|it))?|"
    r"(?:that'?s|that is|it'?s|it is) (?:also |now )?approved)$|"
    # ("We're bidding at eight percent. Done.": only after what the group does, ``EN_GROUP_PLAN``)
    rf"{_EN_BARE_DONE}|"
    r"^let'?s lock (?:it|that|this) in$|^(?:that'?s|that is|it'?s|it is) (?:the|a) rule$|^no exceptions$|"
    # s47: closing words said on their own after the statement ("Full stop.", "That's where we land.",
    # "That's what we'll do.", "Not negotiable.", "So we'll go with that.")
    rf"^(?:(?:so|ok|okay|good|fine|great|right)[,\s]+)?(?:full stop|{_EN_CLOSING_WORDS}|this is (?:not negotiable|non-negotiable|not optional)|"
    r"that'?s what we(?:'ll| will|'re| are) (?:do|doing)|(?:that'?s |it'?s )?(?:locked in|confirmed)|"
    # (s50) what was agreed already, pointed at: "That's what we agreed with the landlord."
    r"that'?s what (?:we|everyone) (?:agreed|decided|settled on)(?: (?:with|at) (?:the )?[a-z]+(?: [a-z]+)?)?|"
    r"(?:we(?:'ll| will)|let'?s) go with (?:that|this|it))$|"
    # ("The photo booth. Forget it.": the thing named, dropped)
    rf"^{_EN_DROP_IT}$|"
    # ("So, the picnic on the 9th. Let's put it in the diary.": the plan written down as settled)
    r"^let'?s (?:put|get|pencil) (?:it|that|this) in (?:the diary|the calendar)(?: properly| then| now)?$|"
    # (s48: the matter pointed at, "这个定了", "这事我们就定了吧"; the one who may approve it, "这个我批了")
    r"^(?:好的?|那|那就|行)?[，,]?(?:(?:这个|这事|这件事|这条|这块)?(?:咱们|我们|大家)?)?(?:也)?(?:就)?(?:先)?(?:这么|这样)?"
    r"(?:定了|定下来了|决定了|就这么定|就这样定|就这么办|这么办|这样办|统一|(?<=也)定下来|(?<=这个)定下来)"
    r"(?:吧|啊|哈|呀|嘛|哦)?(?:[，,\s]*定了)*$|"
    r"^(?:好|行|那)?[，,]?(?:这个|这事)?我(?:就)?批了$|"
    # A motion voted through ("Carried.", "Motion passes.").
    r"^(?:(?:the )?motion )?(?:carried|carries|passes|passed)(?: unanimously)?$|"
    # (s49: what was voted on, named: "The rule passes.", "The amendment is carried.")
    r"^(?:(?:so|okay|ok|right)[,\s]+)?(?:the|that) (?:rule|motion|proposal|amendment|resolution|change) (?:passes|carries|is (?:carried|adopted|passed))(?: unanimously)?$|"
    # (s49: "That's the rule from now on.")
    r"^(?:(?:so|okay|ok|right)[,\s]+)?(?:that'?s|that is) (?:the|our) (?:new )?rule (?:from now on|going forward|from today)$",
    re.IGNORECASE,
)
# The consent tags that turn a proposal into a decision ("…，大家同意吧？").
# The same tag glued to the end of a Chinese request, with no pause before it ("周六你顶一下值班行不
# 行？", "你今天之内搞定好唔好？"): the clause before it is the request (regional forms included).
ZH_TAG_GLUED = re.compile(
    r"(?:行不行|好不好|行吗|好吗|可以吗|可不可以|成不成|中不中|好唔好|得唔得|得不得|能行吗|没问题吧|OK吗|ok吗|OK不OK)$"
)
CONSENT = re.compile(
    r"(?:大家)?(?:都)?(?:同意吧|同意吗|没意见吧|没意见吗)|(?:everyone|all) (?:agree|ok|okay|good)|agreed",
    re.IGNORECASE,
)
# A question asked for effect, whose answer everyone knows ("这么晚了谁不想回家？", "哪个学生不爱放假的？", "工资没五千谁干？", "who doesn't
# want a day off?"): nothing is left open by it.
RHETORICAL = re.compile(r"谁不(?!知道|清楚|记得|同意|去|来|行)[\u3400-\u9fff]|哪(?:有|个)[\u3400-\u9fff]{0,6}不(?:爱|喜欢|想|要)[\u3400-\u9fff]{1,6}的|没[\u3400-\u9fff]{1,6}谁(?:干|愿意|肯)|谁(?:受|顶|扛|吃|忍)得(?:了|住|消)|能(?:下|有|差|贵|坏)多(?:大|少|久|远|难)|"
                        r"\bwho (?:doesn'?t|wouldn'?t|does ?n[o']t) (?:love|like|want|enjoy)\b", re.IGNORECASE)
# A matter explicitly left open: the question it is about becomes an open question.
OPEN_MARK = re.compile(
    r"\bopen question\b|\b(?:keep|leave) (?:it|this|that) open\b|\bwe don'?t know yet\b|\bnobody knows\b|"
    r"\bno one knows\b|\bhaven'?t figured out\b|\bhave(?:n'?t| not) decided\b|\bparking lot\b|"
    # (s49: "the venue deposit is still a question mark", "the main open item is whether the lease renews")
    r"\b(?:is|are|'s|'re) still (?:a|the) (?:big )?question mark\b|\bthe (?:big |main |one )?open (?:thing|item|question) is\b|"
    r"\bnot decide [\w\s]+ today\b|\bdon'?t decide [\w\s]+ today\b|"
    r"先挂着|先放着|悬而未决|还没(?:有)?结论|没(?:有)?结论|待讨论|还不清楚|还不知道|没人知道|回头再(?:说|讲|聊|谈)|下次再(?:说|讲|议|讨论)|"
    r"到底(?:谁|哪个|哪边)说了算|"
    # (s49: no word back yet, or no answer the speaker can give now: "等了两周也没个准话", "这事我今天没法答复", "我心里也拿不准")
    r"没(?:个|有)?准话|没(?:有)?(?:个)?回音|没(?:个|有)?说法|没法答复|答复不了|拿不准|说不准|不敢打包票",
    re.IGNORECASE,
)
# Closing a meeting or thanking: a date in it ("that's all for today") is no deadline.
CLOSING = re.compile(
    r"\bthat'?s (?:all|it) for\b|\bthanks(?: all| everyone)?\b|\bsame time (?:next|tomorrow)\b|\bthank you\b|\bsee you\b|\bwrap (?:it )?up\b(?!\s+(?:the\s+\w+\s+)?(?:by|before|no later than)\b)|"
    r"今天就到这|就到这里|散会|谢谢大家|(?:先|那就|都)?散了(?:吧|散了)",
    re.IGNORECASE,
)
