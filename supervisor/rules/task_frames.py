"""Stage 3 (``frames``): task frames and work said to have no owner.

``tasks`` reads the clauses of a sentence for who is asked to do what by when (with every way the
one asked is named: a vocative, "you", 你, a pronoun request, an order after a name, the agent going
on), skipping sources and recipients of the work and talk asked for in the meeting itself;
``unowned`` reads work that nobody owns yet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from . import extract as ex
from . import lexicon as lx
from . import mentions, refer
from .addressing import _ZH_TOPIC_YOU, _addressed, _you_as, _zh_you_as
from .due import _right_after_work, date_order, deadlines, due_hits
from .frame_types import Frame, Reading, date_last_task
from .generic import _DETERMINER, Generic, co_agents, generic, no_order, remark
from .names import find_people
from .orders import (
    _LIGHT_MEASURE,
    ABOUT_YOU,
    _bare_order,
    _bare_topic,
    _dated_order,
    _goes_on,
    _names_thing,
    _noun_run,
    _obliged,
    and_thing_then,
    counted_order,
    names_work,
    order_shaped,
)
from .text import ZH_ALSO, Clause, Sentence, has_cjk, strip_punct

# An English date said as a deadline ("by Friday", "before the audit"), not as when a thing happens.
_BY_DAY = re.compile(r"(?i)(?:by|before|no later than)\b")
# Finishing alone, with no work named: when the work just asked is done ("can finish by Tuesday?").
_EN_JUST_FINISH = re.compile(r"(?i)(?:finish|complete|be done|wrap up|finish up|get done)")
# Asked whether they have a thing ("you've got the keys?"), as a clause of its own.
_EN_HAVE_IT_ASKED = re.compile(r"(?i)(?:so\s+|and\s+)?you(?:'ve| have)? got (?:the|this|that|those|these|your)\s+[\w' -]{2,40}")
# A request to someone whose verb takes no object of its own: 你周五前能弄好吗, 你催一下, 你来吧,
# 周五之前定下来, 你明天再催一催, 能不能这周换一下 (adverbs, a date and a modal between).
_VERB_ONLY = re.compile(
    r"^(?:那|那就|好|行)?(?P<you>你|您)?(?:看|觉得)?(?:就|先|再|也|还是|赶紧|抓紧|尽快|马上|今天|明天|这周|下周|回头|抽空|"
    r"挨家挨户|挨家|挨个儿?|逐个|逐一|亲自|自己|当面|分头|一起|一块儿?|顺便|顺手|(?:回来|过来)(?=弄|做|搞|修|装|换))*"
    r"(?:能不能|可不可以|能|可以|要|得|负责)?(?:就|先|再|赶紧|抓紧|尽快)*(?P<come>来|去)?"
    r"(?P<v>弄好|弄完|弄一下|搞定|搞好|做完|做好|定下来|定一下|催一下|催一催|催催|跟进一下|跟一下|盯一下|盯着|处理一下|处理好|"
    r"看一下|看看|问问|问一下|换一下|改一下|改好|修好|修一下|统计一下|整理一下|整理好|安排一下|落实一下|确认一下|联系一下|来吧|来|"
    r"记一下|记下来|记着|出来|包了|[\u4e00-\u9fff]完|"  # (any one-syllable verb finished: "后天之前打完")
    r"[带拿送捎寄搬取](?:过去|过来|回来|回去)|"  # (a thing taken somewhere: "你带过去")
    r"弄|搞|做|办|催|修|改|换|盯|定|"  # (a bare verb: "你周五前能弄(好吗)" with its tag cut off)
    rf"(?!牵头|负责|主导)(?:{lx.ZH_ASSIGN_VERBS})(?:一下|一遍|好|完|掉|清楚)?)"
    r"(?:吧|吗|呢|啊|哈|好吗|行吗|可以吗|好不好|行不行)?$"
)


# What makes a thing and a day said after a name an order: by then, or handed to the speaker ("…周五前",
# "…下周一给我"); "李四，客户明天来" only tells them.
_ORDERED_BY = re.compile(r"(?:之前|以前|前)|(?:就|再|先)?(?:给|发|交|送|传)(?:给)?(?:我|我们)")


def verb_only_request(text: str, called: str | None, participants: Sequence[str], asked: bool = False) -> Generic | None:
    """The owner, a pointer title and the date of a Chinese request whose verb names no thing
    (see ``_VERB_ONLY``): said to the person named in the clause ("王芳你来吧", "陈静能不能这周换一
    下") or in the clause just before (``called``: "李明，你明天再催一催"). None otherwise."""
    t = strip_punct(text)
    if not has_cjk(t) or lx.PAST.search(t) or re.search(r"了[吗吧呢]?$|过[吗吧呢]?$", t):
        return None
    owner = called
    hits = [h for h in find_people(t, participants) if h.name != called]  # (a near-miss 你明 of 李明 is 你)
    if hits:
        if len({h.name for h in hits}) != 1 or hits[0].start > 1 or called:
            return None
        owner, t = hits[0].name, t[hits[0].end :]
    elif called is None:
        return None
    rest = lx.without_dates(t)
    m = _VERB_ONLY.match(rest.strip("，, "))
    if m is None or (m.group("v") in ("来", "来吧") and not m.group("you")):
        return None
    if m.group("come") == "来" and not m.group("you") and not rest.rstrip("，, ").endswith("吧"):
        return None  # "陈静来写吧" proposes who does the work asked about; "我来改" said back is a reply
    due = next((h.text for h in lx.dates(t)), None)
    if asked and due is None and not re.search(r"能不能|可不可以|能|可以|一下|一遍|好|完|掉|清楚|催|来", rest):
        return None  # ("样品的颜色，王五你确认？" asks whether it was done)
    return Generic((owner,), "这个", False, due)


# Whom the work is done with, said right before its verb ("你跟物流公司沟通一下"): part of the work.
_CALLING = re.compile(r"(?:打|回)(?:个)?电话|发(?:个)?(?:消息|邮件|短信|微信)|回(?:个)?(?:消息|邮件)|答复|回复")
_WITH_WHOM = re.compile(r"(?:跟|和|与|同|向|给)(?P<x>[\u4e00-\u9fffA-Za-z]{2,8}?)$")


_EN_WORK_VERB = (r"(?:get|send|draft|write|check|book|update|prepare|call|ring|email|ping|review|set up|fix|chase|"
                 r"follow up|schedule|organi[sz]e|pull|share|compile|collect|contact|order|buy|test|finish|complete|"
                 r"file|submit|confirm|look into|investigate|sort out|reconcile|add|create|clean up|deploy|document|"
                 r"reply to|arrange|do|print|post|print off|train|brief|invite|cancel|renew|return|count|tidy|move)")
_EN_TWO_WORKS = re.compile(rf"^(?P<a>{_EN_WORK_VERB}\s+(?!(?:up|out|over|off|back|through|down|in|on)\b)\S.*?)"
                           rf"\s+and\s+(?:also\s+|then\s+)?(?P<b>{_EN_WORK_VERB}\s+\S.*)$", re.IGNORECASE)


def _en_two_works(title: str, each_dated: bool = False) -> tuple[str, str] | None:
    """"chase Alliance about the backorder and do the count on Ward 7": two verbs of work, each with
    its own object, joined by "and" — two pieces of work (the light verb "do" leaves its object).
    ``each_dated``: the words said give each part its own day (``_days_each_side``)."""
    m = _EN_TWO_WORKS.match(title)
    if m is None:
        return None
    a, b = (re.sub(r"^do\s+(?=(?:the|a|an|our|your|this|that)\s)", "", x, flags=re.IGNORECASE) for x in (m["a"], m["b"]))
    pronoun = re.compile(r"^\S+\s+(?:(?:up|out|over|off|back)\s+)?(?:it|them|that|this|those|these|one)\b", re.IGNORECASE)
    if len(a.split()) < 2 or len(b.split()) < 2 or pronoun.match(a) or pronoun.match(b):
        return None  # ("rank them and send it over": one piece of work, done and handed in)
    if ex.reach_then(a) and not each_dated:
        return None  # ("call the city and book the inspection": what the call is for)
    return a, b


def _days_each_side(said: str) -> tuple[str, str] | None:
    """(the date before ``said``'s "and", the deadline after it) when it gives one on each side ("ring
    the bank today and get the form in by Friday": two pieces of work, each due when said), else None."""
    k = said.lower().find(" and ")
    hits = lx.dates(said) if k > 0 else []
    first = next((h.text for h in hits if h.end <= k), None)
    # (the second a deadline: "book the inspection for Thursday" says when it is, one call's purpose)
    then = next((h.text for h in hits if h.start > k and _BY_DAY.match(h.text)), None)
    return (first, then) if first is not None and then is not None else None


def _zh_two_things(title: str) -> tuple[str, str] | None:
    """"门禁卡还有访客登记本": two things of one 把 order, joined by 还有 / 以及 — one task each."""
    parts = re.split(ZH_ALSO, title)
    return (parts[0], parts[1]) if len(parts) == 2 and all(len(p) >= 2 for p in parts) else None


# A clause told not to do a thing ("小宁你先别改海报了"): the next says what to do instead.
_NOT_THAT = re.compile(r"^(?:你|您)们?(?:先|就|也)?(?:别|不用|不要|甭)")
# Handing the work on once it is done ("改完发群里", "检查完拍照发群里"): no work of its own.
_HANDED_ON = re.compile(r"^[\u3400-\u9fff]{1,3}?完(?:了|以后|之后)?(?:就|再)?(?:拍(?:个|张|几张)?照片?|截(?:个|张)?图)?"
                        r"(?:发|扔|交|给|传|报|拿|抄|转|同步|提交|上传|贴)")
# What a clause that goes on with the same agent may name and still add no work: when, who, how much.
_HOW_IT_GOES = re.compile(r"(?:具体)?(?:时间|日子|日期|时间点|人手?|钱|结果)")


def _done_for_you_by(text: str) -> bool:
    """ "今天就给你弄好": when the work just taken on is done, promised to the one asking."""
    t = strip_punct(text)
    lead = next((h for h in lx.dates(t) if h.start == 0), None)
    return lead is not None and re.fullmatch(
        r"(?:就|之前|以前|前)?(?:给你|帮你|给您|帮您)?(?:弄|搞|做|办|改|发|写|修|整|处理|开)(?:好|完|掉|出来)(?:了|吧)?", t[lead.end :]) is not None


def _with_whom(a: ex.Assignment, text: str, participants: Sequence[str]) -> ex.Assignment:
    """``a`` titled with the party its verb is done with when the clause says it right before the
    title ("跟物流公司沟通", not "沟通"); a person in the room or a pronoun is no such party."""
    at = text.find(a.title) if has_cjk(a.title) else -1
    m = _WITH_WHOM.search(text[:at]) if at > 0 else None
    if m is None or find_people(m.group("x"), participants) or re.search(r"[我你他她您咱]|大家|一起", m.group("x")):
        return a
    if m.group(0).startswith("给") and not _CALLING.match(a.title):
        return a  # (给 before other work is whom it is for: "给三号桌再做个果盘" is a 果盘)
    if re.search(r"(?:把|将)$", m.group(0)):
        return a  # (the title is a 把 object: "你跟食堂把夜宵的量再加两成" is about the 夜宵, settled with 食堂)
    return ex.Assignment(a.owner, m.group(0) + a.title, a.named, a.due)


# A pointer that opens a hand-over ("那这个就交给…"), the matter it points to said before.
_POINTED_OPENING = re.compile(r"^(?:那么|那就|那|好|行|嗯)?(?P<p>(?:这|那)(?:个|件事|块|事儿?|活儿?))(?:就|也|还是|先)?(?=[\u3400-\u9fff])")
# …and after the verb ("小陈你负责这个", "老周你跟一下这块吧"): the matter said before, handed over.
_POINTED_CLOSING = re.compile(r"(?:负责|跟进|跟|盯|管|弄|搞|处理|落实|对接)(?:一下)?(?P<p>(?:这|那)(?:个|件事|块|事儿?|活儿?))(?:吧|啊|哈|了)?$")
_EN_BARE_PRONOUN = re.compile(r"it|that|this|them|that one|this one", re.IGNORECASE)
# A clause that takes back or hesitates names no work for a hand-over after it ("Scratch that, Megan
# owns it", "Hmm, Tom's out next week. Megan, can you take it?").
_RETRACTS = re.compile(rf"{lx.CORRECTION.pattern}|^\W*{lx.EN_HESITATION}\b", re.IGNORECASE)
# "回头把报价单发我": an adverb of later before an order is no part of its work.
_LATER = re.compile(r"^(?:回头|抽空|等会儿?|待会儿?|有空)")
_ALL = re.compile(r"都|全部|一起|\b(?:all|both|everything)\b", re.IGNORECASE)


# A person one gets something from or gives something to is no owner: "你问大勇要个电话",
# "财务那部分我得找雅琪要", "回头给丽娟报了", "跟张三说一下", "抄送李四".
_SOURCE_BEFORE = re.compile(r"(?:问|找|向|跟|和|给|抄送|告诉|通知|转告)$")
_SOURCE_AFTER = re.compile(
    r"^(?:要|拿|借|领|报|说|讲|汇报|反映|打听|请教|申请|确认|沟通|商量|交代|发|转|递|一声|打个招呼|打声招呼|"
    r"看(?:看|一下|一眼)?$|过目|审核|审批|签字)"  # ("周五前给王老师看": whom it is shown to)
)
_SOURCE_VERB = re.compile(r"(?:抄送|告诉|通知|转告)$")


def source_only(texts: Sequence[str], owner: str, participants: Sequence[str]) -> bool:
    """``owner`` is named in ``texts`` only as a source or recipient of the work, never its doer."""
    slots = [
        bool(_SOURCE_BEFORE.search(t[: h.start]))
        and (bool(_SOURCE_VERB.search(t[: h.start])) or bool(_SOURCE_AFTER.match(t[h.end :])))
        for t in texts
        for h in find_people(t, participants)
        if h.name == owner
    ]
    return bool(slots) and all(slots)


# Asked to speak in the meeting itself ("一帆，你先讲讲你那个消融实验", "你给大家介绍一下"): no work
# to do after it. With a date it is a talk to prepare ("下周组会讲一下你的论文").
_ZH_SAY_NOW = re.compile(
    r"(?<!去)(?:讲讲|说说|聊聊|谈谈|讲一讲|说一说|讲一下|说一下|聊一下|谈一下|介绍一下|介绍介绍|分享一下|先汇报一下|先汇报)"
)


# Talk taken to someone outside the room ("去跟物业讲一下") is work to do, not talk now.
_ZH_SAY_TO = re.compile(r"(?:跟|和|向)(?!大家|我们|咱们|各位)[\u3400-\u9fffA-Za-z]{2,8}(?:讲|说|聊|谈|介绍|汇报)")


# Asking or checking whether, with the question in the clause after ("问问，看有没有冷库能租").
_INQUIRE = re.compile(r"(?:^问|^查|^看|问问|问一问|问一下|打听打听|打听一下|了解一下|查查|查一下|看看|找找)$")
# Telling someone, with nothing after the verb: the clause after it says what ("…讲一下，交期往后挪").
_TELL = re.compile(r"(?:讲|说|通知|告诉|交代|转告)(?:一下|一声)?[吧啊哈]?$")
# …a statement of its own: no person, no question, not the one asked again.
_MESSAGE = re.compile(r"^(?![你我他她])[^？?吗呢]{2,16}$")
_CHECK_WHETHER = re.compile(r"^(?:看|看看|瞧瞧)?(?P<q>(?:有没有|能不能|是不是|可不可以|肯不肯|愿不愿意|哪里|哪儿|哪家|谁)[^，,。]{2,})$")


def said_now(texts: Sequence[str]) -> bool:
    return any(_ZH_SAY_NOW.search(t) and not _ZH_SAY_TO.search(t) for t in texts) and not any(lx.dates(t) for t in texts)


def _one_title(found: Sequence[ex.Assignment]) -> bool:
    return len({a.title for a in found}) == 1


# Another request put to the same 你 in the same breath: "…，另外加班费的标准你跟财务确认一下".
_ZH_ANOTHER = re.compile(r"^(?:另外|还有|再就是|然后)(?=[^，,。]*(?:你|您)(?!们))")
# "周三修完了你…": once the work is done, then what the one asked does next.
_ZH_ONCE = re.compile(r"^(?P<when>[^，,你我他她]{1,12}?(?:完了?|好了?)(?:以后|之后)?|[^，,你我他她]{2,12}?(?:以后|之后))(?=你(?!们))")
# A clause that goes on with the one asked in the clause before: "…, and also update the notes".
# (or "and" with a verb of its own: "Kate, could you let the team know, and book the lecture theatre?")
_EN_GOES_ON = re.compile(r"^\s*(?:(?:and\s+)?(?:also|then|while you're at it)\s+(?=[a-z])|and\s+(?=(?-i:[a-z]+)\s)"
                         r"(?!(?:i|we|you|he|she|they|it|that|this|these|those|there|the|a|an|so|if|but|not|maybe|just|yeah|yes|"
                         r"no|ok|okay|is|are|was|were|will|would|can|could|should|then|also|one|two|all|any|some|everyone|"
                         r"everybody|obviously|honestly|actually|really)\b))", re.IGNORECASE)
_EN_AT_IT = re.compile(r"^\s*and\s+(?P<vp>[a-z].*?)[\s,]+while you(?:'re| are) at it\s*$", re.IGNORECASE)
_EN_WHEN_LEAD = re.compile(r"^(?:(?:once|when|after|as soon as|since|now that|seeing as)\s+(?:he|she|they|it|we|that|this|the|you|you're|[A-Z][\w'-]+)\b[^?]*|"
                           # (…or an aside: "And Brandon, while I'm thinking of it, I need your…")
                           r"(?:while I'?m (?:thinking of|at) it|before I forget|real quick|quickly|sorry|one more thing|"
                           # (how many things are asked: "Dana, two things: book the van…")
                           r"(?:one|two|three|a couple of|couple of|a few) (?:quick |more |small )?things|quick one))$", re.IGNORECASE)
# Taking the lead or charge, with no work named: the work is said in the clause after.
_LEADS = re.compile(r"(?:牵个?头|负责|跟进|统筹|主导|盯|跟|管|带个?头)(?:一下)?")


# A remark between the work and who takes it: "（SDK的排查，）这个是纯技术活（，任工你们来做）", or the
# side it falls to before its lead ("（整改报告，）律所出（，亮哥牵头）").
# How little will do ("口头说就行", "发群里就好"): a remark on the work, never its topic.
_WILL_DO = re.compile(r"[\u3400-\u9fff]{1,6}(?:就行|就好|就可以|就够了)")
_ASIDE = re.compile(r"^(?:(?:这个|这事儿?|这块|这一块|这部分|这)(?:本来)?(?:就)?(?:是|属于|算是?)[^，,。]{1,10}|"
                    r"[\u3400-\u9fff]{1,3}(?:来)?(?:出|做|负责)|" + _WILL_DO.pattern + r")$")


def _topic_before(clauses: Sequence[Clause], i: int, participants: Sequence[str]) -> str:
    """The clause before ``clauses[i]``, past remarks on the work (``_ASIDE``) back to a bare topic;
    "" when it only says why the one called is asked (``ABOUT_YOU``)."""
    if not i:
        return ""
    k = i - 1
    while k and _ASIDE.match(strip_punct(clauses[k].text)) and not find_people(clauses[k].text, participants):
        k -= 1
    before = clauses[k].text if k < i - 1 and _thing_named(clauses[k].text, participants) else clauses[i - 1].text
    # ("小宁，质检组对标准最熟，这个你牵头": why they are asked names no work: the work is said before)
    return "" if ABOUT_YOU.match(strip_punct(before)) or _WILL_DO.fullmatch(strip_punct(before)) else before


# The words that lead on to the next matter before it is named ("然后客户确认函", "另外年度总结").
_ZH_LEAD_WORD = r"然后|还有|另外|那么|那"


def _thing_named(text: str, participants: Sequence[str]) -> bool:
    """A clause that only names a thing ("第三方接口的排查和下线", "然后客户确认函"), whatever jieba tags
    its words: no person, pronoun, modal, asking word, aspect or question."""
    t = re.sub(rf"^(?:{_ZH_LEAD_WORD}|第[一二三四五六七八九十]+[，,、]?)", "", strip_punct(text))
    return 2 <= len(t) <= 16 and has_cjk(t) and not find_people(t, participants) and not re.search(
        r"[我你您他她咱了过吗呢？?]|[要得请让叫会能]|麻烦|辛苦|是", t)


# A matter said bare before the ask: "消防那块", "报销的事" (not "财务那边", which is whom to ask).
_ZH_MATTER = re.compile(r"(?:那个|还有|然后)?(?P<m>[\u3400-\u9fff]{2,8}?)(?:那块儿?|这块儿?|那一块|这一块|那边|这边|方面|的事儿?)"
                        # (the thing in the care of the one called: "你那边的配电柜")
                        r"|(?:你|您)(?:那边|这边)的(?P<y>[\u3400-\u9fff]{2,6})")

# A draft made, which names no thing of its own ("出个初稿", "拟一版提纲").
_ZH_DRAFT = re.compile(r"(?:起|写|出|拟|做|弄|打)(?:个|一个|一版|份|一份)?(?P<n>初稿|草稿|初版|大纲|提纲|框架|底稿)")

# Do it, naming nothing: "你弄一下", "你处理下吧".
_ZH_DO_IT = re.compile(r"\s*(?:你|您)(?:先|就|帮忙)?(?:弄|搞|办|处理)(?:一下|下)?[吧啊哈]?")

# The verbs of a take-on that names no work ("你弄一下", "你来负责").
_ZH_BARE_DO = re.compile(r"负责|搞|弄|做")


# Talked over first, before the order itself: "你们组先碰一下，…", "你先合计合计，…".
_TALK_FIRST = re.compile(r"(?:你|您)(?:们[\u3400-\u9fff]{0,3}?)?(?:先|再)?(?:商量|讨论|碰|合计|研究|琢磨|沟通)(?:一下|下|碰|合计)?")


def _aside(text: str) -> bool:
    """A clause between a name and a bare order that is no part of the work: why the one named is
    asked (``ABOUT_YOU``) or a talk to have first (``_TALK_FIRST``)."""
    bare = strip_punct(text)
    return bool(ABOUT_YOU.match(bare) or _TALK_FIRST.fullmatch(bare))


# A remark said between the name and a bare order: how a thing stands ("…太低了"), or what it must
# have ("得加高"); and the bare order after it ("再弄个防水罩").
_ZH_REMARK = re.compile(r"[^你您我把将，,]{2,14}?(?:太|很|有点|挺)?[\u3400-\u9fff]{1,3}了|得[\u3400-\u9fff]{1,4}")
_ZH_BARE_NEXT = re.compile(r"(?:再|先|赶紧|马上|抓紧|顺便|顺手)(?![是说])[\u3400-\u9fff]")


def tasks(
    scope: Sentence, clauses: Sequence[Clause], hedged: Sequence[bool], participants: Sequence[str]
) -> Reading:
    """Task frames of ``clauses`` (each with the clauses it quotes and its own deadline) and the
    deadline clauses shared by the tasks before them. Empty when no work with a title is named."""
    if clauses and lx.STANDING.match(clauses[0].text):
        return ()  # a rule for whenever it happens again, no work now
    if has_cjk(scope.text) and re.search(lx.ZH_TOO_BUSY, scope.text) and not re.search(r"[你您](?!们)", scope.text):
        return ()  # why the speaker cannot, told to the one called ("常总，周五库房盘点，都走不开")
    # ("立伟，消防那块，器材清点一下": the matter said between the name and the ask qualifies the work)
    at = next((k for k in range(len(clauses) - 2) if has_cjk(clauses[k + 1].text)
               and ex._only_names(re.sub(r"(?<=[\u3400-\u9fff])[啊呀哈]$", "", strip_punct(clauses[k].text)), participants)
               and _ZH_MATTER.fullmatch(strip_punct(clauses[k + 1].text))), None)
    if at is not None:
        said = _ZH_MATTER.fullmatch(strip_punct(clauses[at + 1].text))
        matter = said.group("m") or said.group("y")
        found = tasks(scope, [c for j, c in enumerate(clauses) if j != at + 1], [h for j, h in enumerate(hedged) if j != at + 1],
                      participants)
        return tuple(replace(f, work=matter + f.work) if f.kind == "task" and f.work and matter not in f.work and len(matter) <= 4
                     else f for f in found)
    out: list[Frame] = []
    # Work said to have no owner yet; a person taken on after it ("得有人写报告，陈静你来吧") owns theirs.
    no_owner_at = [k for k, c in enumerate(clauses) if lx.NO_OWNER.search(c.text)]
    # "Can you take care of the booking, Sam?": a name said alone at the end calls the person too.
    addressee = _addressed(clauses[-1].text, participants) if len(clauses) > 1 and not has_cjk(clauses[-1].text) else None
    at_end = addressee
    zh_named: tuple[int, str] | None = None  # a Chinese clause that only names someone: (index, name)
    joint: set[str] = set()  # co-owners of work split between them in this sentence
    agent: str | None = None  # the last one asked in this sentence, even for work it did not name
    # "佳琪展板，晓东音响设备，小郑签到表": work shared out as a list of names and things
    pairs = [None if hedged[k] else ex.zh_pair(c.text, participants) for k, c in enumerate(clauses)]
    listed = sum(p is not None for p in pairs) >= 2
    i = 0
    while i < len(clauses):
        c = clauses[i]
        prev = _topic_before(clauses, i, participants)
        if listed and i and pairs[i - 1] is not None:
            prev = ""  # (one part of the list is no topic of the next: "…，晓东音响设备，常总最后过目")
        addressee = _addressed(c.text, participants) or addressee
        if _addressed(c.text, participants) and i + 1 < len(clauses) and has_cjk(clauses[i + 1].text):
            zh_named = (i, addressee)  # "Leo，CVE的修复你负责一下": a Latin name, a Chinese request
        after = addressee is not None and addressee == at_end and i == len(clauses) - 2
        # ("Mo, you've got the keys?": whether they have it, asked — no work given)
        has_it = c.question and _EN_HAVE_IT_ASKED.fullmatch(c.text.strip()) is not None
        found = [] if hedged[i] or has_it else ex.assignments(_you_as(ex.en_polite(c.text), addressee, after), prev, participants)
        if not found and listed and pairs[i] is not None:
            found = [pairs[i]]
        used = [c]
        if not found and not hedged[i]:
            ask = ex.pronoun_request([d.text for d in clauses[: i + 1]], participants)
            if ask is not None:
                found, used = [ask], list(clauses[: i + 1])
        if not found and i + 1 < len(clauses) and not hedged[i + 1] and ex.light_ask(clauses[i + 1].text):
            # "The transcripts indexed, Tom, can you handle that?": "that" is the work said before.
            ask = ex.pronoun_request([d.text for d in clauses[: i + 2]], participants)
            if ask is not None:
                found, used = [ask], list(clauses[: i + 2])
                i += 1
        # ("Fiona, once he's paid, can you book the engineer?": when, between the name and the ask)
        skip = int(i + 2 < len(clauses) and not has_cjk(c.text) and bool(_EN_WHEN_LEAD.match(clauses[i + 1].text.strip())))
        # ("大勇，配电箱太低了，得加高，再弄个防水罩": how things stand, and what must be, before the bare order)
        if has_cjk(c.text) and _addressed(c.text, participants):
            k = 0
            while k < 2 and i + 2 + k < len(clauses) and _ZH_REMARK.fullmatch(clauses[i + 1 + k].text.strip()):
                k += 1
            skip = k if k and _ZH_BARE_NEXT.match(clauses[i + 1 + k].text.strip()) else skip
        if not found and i + 1 + skip < len(clauses) and not hedged[i + 1 + skip]:
            asked = clauses[i + 1 + skip]
            # ("Tanya, put Lou on the board": Lou, no participant, is put there by the one asked)
            polite = ex.en_polite(asked.text)
            v = ex.vocative(c.text, polite, participants) or (
                ex.vocative(c.text, asked.text, participants)
                if re.match(r"[A-Z][\w'-]* is on\b", polite) and not find_people(polite, participants) else None)
            if v and not has_cjk(asked.text) and date_order(strip_punct(asked.text)):
                v = None  # "Hamish? Get it to me by the 25th": the date of the work just asked for
            if v:
                # "Raj and Beth, can you two run the recruitment?": one task each.
                found = [ex.Assignment(o, v.title, v.named, v.due) for o in co_agents(c.text, v.owner or "", participants)]
                found = found if v.owner else [v]
                used = list(clauses[i : i + 2 + skip])
                i += skip
                if (not v.title and i and has_cjk(clauses[i + 1].text) and _bare_topic(prev, participants)
                        and len(t := ex.clean_zh_title(_DETERMINER.sub("", strip_punct(prev)))) >= 2):
                    # "那个PPT，许老师，你来弄吧": the thing, the name, then the take-on
                    found, used = [replace(a, title=t) for a in found], [clauses[i - 1], *used]
                elif not v.title and has_cjk(asked.text) and not prev and (bare := _ZH_BARE_DO.search(asked.text)):
                    # "还有顺通那个对账单。小王，你弄一下。": the verb alone stands for the work, which
                    # ``with_antecedent`` finds in the sentences before (or drops the task)
                    found = [replace(a, title=bare.group(0)) for a in found]
                i += 1
        if not found and i + 1 < len(clauses) and not hedged[i + 1]:
            terse = ex.terse_ask(c.text, [d.text for d in clauses[i + 1 : i + 3]], participants)
            if terse is not None:
                found, used = [terse[0]], list(clauses[i : i + 1 + terse[1]])
                i += terse[1]
                while i + 1 < len(clauses) and not hedged[i + 1] and (more := ex.terse_next(clauses[i + 1].text)) is not None:
                    # ("Tom, the rota by Friday, and the shelf labels by the 24th": one more item for the same one)
                    found.append(replace(terse[0], title=more[0], due=more[1]))
                    used.append(clauses[i + 1])
                    i += 1
        if not found and i + 1 < len(clauses) and not hedged[i] and not hedged[i + 1] and (pointed := ex.pointed_np(
                c.text, clauses[i + 1].text, clauses[i + 2].text if i + 2 < len(clauses) else "", participants)) is not None:
            # ("The boiler service, that's Nina. Friday, ideally.": the work, then whose it is)
            found, used = [pointed[0]], list(clauses[i : i + 1 + pointed[1]])
            i += pointed[1]
        elif not found and not hedged[i] and len(dashed := re.split(r"\s+[—–-]+\s+", c.text, maxsplit=1)) == 2 and (
                pointed := ex.pointed_np(*dashed, clauses[i + 1].text if i + 1 < len(clauses) else "", participants)) is not None:
            # ("And the boiler service — that's Nina.")
            found, used = [pointed[0]], list(clauses[i : i + pointed[1]])
            i += pointed[1] - 1
        if not found and not hedged[i]:
            nxt = clauses[i + 1] if i + 1 < len(clauses) and not hedged[i + 1] else None
            g = generic(c.text, prev, nxt.text if nxt else "", participants)
            if g is None and zh_named is not None and zh_named[0] < i and not (
                    (you_at := re.search(r"你|您", c.text)) and any(h.start < you_at.start() and h.name != zh_named[1]
                                                                 for h in find_people(c.text, participants))):
                # "蔡敏，冷菜那八个拼盘你来出" / "符军，那个旋耕机…，你…修好": 你 is the one named.
                # (not after another's name: "小芸给你打下手" is 小芸's help)
                said, topic = _zh_you_as(c.text, zh_named[1])
                if not said and zh_named[0] == i - 1 and (when := next(iter(lx.dates(c.text)), None)) is not None \
                        and when.start >= 2 and _ORDERED_BY.match(c.text, when.end) and (_bare_topic(c.text[: when.start], participants) or (
                            # (a paper jieba cuts into a verb and a verb: 排期表)
                            re.fullmatch(r"[\u3400-\u9fff]{1,6}[表单稿册图卡证书]", c.text[: when.start])
                            and not find_people(c.text[: when.start], participants))):
                    # "阿杰，排班表周五前给我": the thing, when, then the order, with no 你 said
                    said, topic = _zh_you_as(c.text[: when.start] + "你" + c.text[when.start :], zh_named[1])
                # ("小郑，那你…"; "小郑，一会儿你…": when, not what)
                topic = "" if re.fullmatch(r"(?:那|那么|那就|好|行|嗯|哦)?(?:一会儿?|待会儿?|等会儿?|回头|马上|现在)?", topic) or (
                    not lx.without_dates(topic).strip("那就，, ")) else topic
                if said and not topic and i > zh_named[0] + 1 and re.fullmatch(r"(?:还是|那)?(?:你|您)来吧?", strip_punct(c.text)):
                    # "宏达你去年做过，还是你来？": a bare take-on is for the topic the clause before opened
                    known = _ZH_TOPIC_YOU.match(prev)
                    topic = known.group("topic") if known else ""
                # (the clause before is the name itself, or only why they are asked: "小邱，你学过会计，
                # 你来吧" — the work is named before the name)
                right_after = all(ABOUT_YOU.match(strip_punct(d.text)) for d in clauses[zh_named[0] + 1 : i])
                before = clauses[zh_named[0] - 1].text if right_after and zh_named[0] else prev
                g = generic(said, before if right_after else prev, "", participants, topic=topic) if said else None
                if g is None and said and ex.ZH_BARE_COME.fullmatch(said[len(zh_named[1]) :]):
                    # "曹鹏，丢单的问题你亲自跟": the matter, then "you take it"; "…，这个你负责" / "这块
                    # 你跟一下": the take-on is for the matter said before, which ``frames.with_antecedent``
                    # finds (or drops the task when none was)
                    if len(matter := ex.clean_zh_title(topic)) >= 2:
                        g = Generic((zh_named[1],), matter, False)
                    elif refer.pointer(topic):
                        g = Generic((zh_named[1],), topic, False)
                elif g is None and said and not topic and _ZH_DO_IT.fullmatch(said[len(zh_named[1]) :]):
                    # ("小蒋，回头你处理下": the work just asked for, which ``frames.with_antecedent`` finds)
                    g = Generic((zh_named[1],), "这个", False)
                if g is not None:
                    used = list(clauses[zh_named[0] : i + 1])
            if g is None and zh_named is not None and zh_named[0] == i - 1:
                # "丽娟，停车费的收支月底前得在公告栏公示出来": an obligation said right after the name.
                title = _obliged(c.text, participants)
                g = Generic((zh_named[1],), title, False) if title else None
                if g is not None:
                    used = [clauses[i - 1], c]
            if g is None and zh_named is not None and zh_named[0] == i - 1 and order_shaped(c.text, participants):
                # "小杨，三楼的呼叫铃加个分机": an order said right after the name is asked of them.
                # (the thing may be named whole before the name: "银行询证函，小马，这周五前把函都发出去")
                named_before = clauses[zh_named[0] - 1].text if zh_named[0] and _thing_named(
                    clauses[zh_named[0] - 1].text, participants) else ""
                g = generic(zh_named[1] + "你" + _LATER.sub("", c.text), named_before, "", participants)
                if g is not None and (order := _bare_order(c.text, participants)) and re.match(r"^(?:给|帮|替)(?![着忙我])", order):
                    g = replace(g, title=ex.clean_zh_title(order))  # "给张女士加个号": whom it is for, and what
                if g is not None:
                    used = [clauses[i - 1], c]
            topics_between = i > zh_named[0] + 1 and all(
                _bare_topic(d.text, participants) for d in clauses[zh_named[0] + 1 : i]) if zh_named is not None else False
            if g is None and zh_named is not None and zh_named[0] < i and _dated_order(c.text, participants) and not any(
                f.kind == "task" and f.owner == zh_named[1] for f in out
            ) and not topics_between:  # (the thing named between is the work: read below)
                # "阿俊，你下路的对线数据不太好，这周加练补刀": a dated order with no agent of its own,
                # after a remark to the one named, is asked of them (after their task, it is its date).
                g = generic(zh_named[1] + "你" + c.text, "", "", participants)
                if g is not None:
                    used = list(clauses[zh_named[0] : i + 1])
            kept = [d.text for d in clauses[zh_named[0] + 1 : i] if not _aside(d.text)] if zh_named is not None else []
            if g is None and zh_named is not None and zh_named[0] < i and not any(
                f.kind == "task" and f.owner == zh_named[1] for f in out
            ) and (order := _bare_order(c.text, participants)) and all(_bare_topic(t, participants) for t in kept):
                # "老周，三号叉车今天下班前报修" / "小刘，差的那四十单，上午十点前补发" / "小蒋，给张女士
                # 加个号": an order with no agent of its own right after the name is asked of them.
                between = "，".join(kept)
                order = re.sub(r"^给(我们|我)([吧啊哈]?)$", r"交给\1\2", order)  # ("…，周五给我": handed in to me)
                if (handed := re.match(r"^(?P<t>[^，,我你他她把将]{2,12}?)(?:交给|给|发给|发)(?:我们|我)[吧啊哈]?$", order)) and (
                        mentions.words(handed.group("t"))[-1][1].startswith(("n", "vn"))):
                    # "桂兰，排班表这周五之前给我": the thing, then handed in to me
                    between, order = "，".join(x for x in (between, handed.group("t")) if x), "交给我"
                g = generic(zh_named[1] + "你" + order, "", "", participants, topic=between)
                if g is not None and re.match(r"^(?:给|帮|替)(?![着忙我])", order):
                    g = replace(g, title=ex.clean_zh_title(order))  # "给张女士加个号": whom it is for, and what
                if g is not None:
                    used = list(clauses[zh_named[0] : i + 1])
            if g is None and i and not any(f.kind == "task" for f in out) and (free := asked_if_free(c.text, participants)):
                # "测试报告要写一下，陈静有时间吗？": asking whether someone is free for the work just
                # named asks them to do it (``frames.with_antecedent`` titles it by that work).
                g, used = Generic((free,), "这个", False, None), [c]
            if g is None and not any(f.kind == "task" for f in out) and (
                    pointed := verb_only_request(c.text, zh_named[1] if zh_named and zh_named[0] == i - 1 else None, participants)):
                # "报价单的事情有点急。王芳，你周五前能弄好吗？": the request's verb names no thing; the
                # work is what was said before it (``frames.with_antecedent`` titles it, or drops it).
                g = pointed
                used = [clauses[i - 1], c] if zh_named and zh_named[0] == i - 1 else [c]
                if (nxt is not None and pointed.due is None and not re.search(r"[我你您他她咱]", nxt.text)
                        and not find_people(nxt.text, participants)
                        and (then := generic(pointed.owners[0] + "你" + nxt.text, "", "", participants))):
                    # "小赵你也来，做个记录": the work is the order that follows the take-on
                    g = replace(pointed, title=then.title, used_next=True, due=then.due)
                if i and lx.NO_OWNER.search(prev) and (open_work := ex.unowned_work(prev, "")):
                    g, used = replace(g, title=re.sub(r"^(?:我们|咱们|大家)", "", open_work)), [clauses[i - 1], c]  # the work said to have no owner
                if g.due is None and i and (said := lx.deadlines(prev)):
                    # "报价单周五前要交，王芳你来": the date said with the work before the take-on is its due
                    g, used = replace(g, due=said[0].text), [clauses[i - 1], c]
            told = out[-1].owner if out and out[-1].kind == "task" and out[-1].owner else None
            if (g is None and told is not None and has_cjk(c.text) and _ZH_ANOTHER.match(c.text)
                    and not find_people(c.text, participants)):
                # "丽华你排护士班，另外加班费的标准你顺便跟财务确认一下": 你 is still the one asked
                said, topic = _zh_you_as(_ZH_ANOTHER.sub("", c.text), told)
                g = generic(said, "", "", participants, topic=topic) if said else None
            if (g is None and told is not None and has_cjk(c.text) and (once := _ZH_ONCE.match(c.text))
                    and not find_people(c.text, participants)):
                # "那这个你盯着，周三修完了你在业主群里发个通知": what the one asked does once the
                # work is done, by when it is done
                said, topic = _zh_you_as(c.text[once.end() :], told)
                g = generic(said, "", "", participants, topic=topic) if said else None
                if g is not None and not g.due and (when := lx.dates(once.group("when"))):
                    g = replace(g, due=when[0].text)
            last = told or agent
            told_to = find_people(clauses[i - 1].text, participants) if i and last is None else []
            you = re.match(r"(?:你|您)们?", clauses[i - 1].text[told_to[0].end :]) if len(told_to) == 1 else None
            if you and (done := re.match(r"([\u3400-\u9fff]{1,3}?)完", c.text)) and done.group(1) in clauses[i - 1].text:
                last = told_to[0].name  # "阿勇你先测，测完写个报告": the one told to start goes on once it is done
            if last is None and zh_named is not None and zh_named[0] == i - 2 and re.match(r"(?:你|您)(?!们)", clauses[i - 1].text):
                last = zh_named[1]  # ("邱哥，你带他一下，顺便把样书送了": said to the one called, who goes on)
            said = None
            if g is None and you and _NOT_THAT.match(clauses[i - 1].text[told_to[0].end :]) and (
                    instead := re.match(r"^(?:先|还是|就)(?=[\u3400-\u9fff]{2})", c.text)):
                # "小宁你先别改海报了，先弄展板": not that but this, from the same one told
                last, said = told_to[0].name, c.text[instead.end() :]
            if (g is None and last is not None and not said and nxt is not None
                    and (joined := and_thing_then(c.text, nxt.text)) is not None
                    and (g := generic(last + "你" + joined, "", "", participants)) is not None):
                g = replace(g, used_next=True)  # ("…，还有北门那两个灯箱，明天就换了": the same one goes on)
            if g is None and last is not None and (said := said or _goes_on(c.text, told is None)) is not None:
                # "柯俊你去抽查一下那几间房，顺便把差评都回复了": the same agent goes on.
                g = generic(last + "你" + said, "", "", participants)
                if g is not None and told is not None and (_HOW_IT_GOES.fullmatch(g.title) or _HANDED_ON.match(c.text) or (
                        (v := counted_order(said)) and v in "".join(d.text for d in out[-1].clauses))):
                    # "那你联系一下消防维保单位，把时间约下来": the time of the work just given is no
                    # work of its own; nor how many of it ("一鸣你来剪吧，剪五条出来发矩阵号"), nor
                    # handing it on once done ("你改，改完发群里", "检查完拍照发群里")
                    out[-1] = replace(out[-1], clauses=(*out[-1].clauses, c))
                    i += 1
                    continue
                if g is not None and told is not None and out[-1].due and not g.due and not lx.dates(c.text):
                    # "老曹，春节前把防滑链检查一遍，顺便把空调修好": done on the same occasion, by the
                    # same date.
                    g = Generic(g.owners, g.title, g.used_next, out[-1].due)
                    used = [*out[-1].clauses, c]
                if g is not None and told is not None and _LEADS.fullmatch(out[-1].work or ""):
                    # "老周，你牵个头，把返工的原因查出来": the lead taken is of the work said after it
                    used = [*out.pop().clauses, c]
            if g is None and told is not None and not has_cjk(c.text) and (
                    more := _EN_GOES_ON.match(c.text) or _EN_AT_IT.match(c.text)):
                # "Chloé, could you cut three clips, and also update the show notes?", "…, and do the
                # rota while you're at it?": the same one asked
                v = ex.vocative(told.split()[0] + ",", more.group("vp") if "vp" in more.re.groupindex else c.text[more.end() :], (told,))
                if v is not None and v.title:
                    found, used = [ex.Assignment(told, v.title, True, v.due)], [c]
            if g is not None and (ABOUT_YOU.match(strip_punct(c.text)) or (
                    g.used_next and nxt is not None and ABOUT_YOU.match(strip_punct(nxt.text)))):
                g = None  # ("宋佳，你们测试对功能最熟，…": why the one called is asked, no work of its own)
            if g is not None:
                mine = g.due if not any(lx.deadlines(d.text) for d in (c, nxt) if d is not None) else None
                found = [ex.Assignment(o, g.title, True, mine) for o in g.owners]
                if g.used_next and nxt is not None:
                    used = [c, nxt]
                    i += 1
        elif len(found) == 1 and found[0].owner:
            # "王五和赵六负责后端": two agents joined, the same work for each.
            a = found[0]
            found = [replace(a, owner=o) for o in co_agents(c.text, a.owner, participants)]
        said_all = " ".join(d.text for d in used)
        if (len(found) == 1 and found[0].owner and not has_cjk(c.text) and found[0].title and (at := said_all.find(found[0].title)) >= 0
                and len(dated := ex.two_dated(said_all[at:])) == 2 and dated[1][1] is None):
            # "Ömer, get the trophy order in by Monday and send the draw to Ingrid": the
            # day said with the first order, then a second with its own verb
            found = [replace(found[0], title=t, due=d) for t, d in dated]
        elif len(found) == 1 and found[0].owner and not has_cjk(c.text) and len(parts := ex.two_orders(found[0].title)) == 2:
            # "Siobhan, can you send them the price list and get the contract variation drafted as
            # well?": two pieces of work asked in one breath are two tasks of the one asked
            found = [replace(found[0], title=t) for t in parts]
        elif (len(found) == 1 and found[0].owner and not has_cjk(c.text) and len(things := ex.two_things(said_all)) == 2
              and found[0].title.startswith((things[0].split(" the ")[-1], things[0]))):
            # "Jo, you do the menu and the seating chart": two things, two tasks
            found = [replace(found[0], title=t) for t in things]
        split = "split" if len({a.owner for a in found if a.title or i}) > 1 and _one_title(found) else ""
        agent = next((a.owner for a in found if a.owner), agent) if len(found) == 1 else None if found else agent
        for a in found:
            if not a.title and i and a.owner and names_work(prev, participants) and not ex._only_names(prev, participants) \
                    and not _RETRACTS.search(prev):
                # "还有单点登录的对接，交给陈思远吧": the hand-over's object is the clause before.
                title = ex.clean_title(prev)
                if i >= 2 and _names_thing(clauses[i - 2].text, participants) and not any(
                    clauses[i - 2] in f.clauses for f in out
                ):
                    # "然后data room，尽调要用的材料，交给祝凯": two names of the work in a row
                    # (the thing, then what it is, or two items): the hand-over takes both.
                    title = f"{ex.clean_title(clauses[i - 2].text)}，{title}"
                    used = [clauses[i - 2], clauses[i - 1], *used]
                a = ex.Assignment(a.owner, title, a.named, a.due)
            said = ex.work_said(prev, participants) if i and a.owner and not has_cjk(c.text) else ""
            if _EN_BARE_PRONOUN.fullmatch(a.title) and len(said.split()) >= 2 and not lx.CLOSING.search(prev) \
                    and not _RETRACTS.search(prev):
                # "We need to sort out the pricing, Tom can you take that?": "that" is the work the
                # clause before names.
                a = ex.Assignment(a.owner, said, a.named, a.due)
                used = [clauses[i - 1], *used]
            if not a.title and a.owner and (pointed := verb_only_request(c.text, None, participants)) is not None:
                if date_last_task(out, a.owner, pointed.due, (c,)):
                    continue  # "海报是王芳的活儿，王芳，你周三给一版？": the work just given them, dated
                a = ex.Assignment(a.owner, pointed.title, a.named, a.due or pointed.due)  # ("老周你跟进一下")
            if (not a.title and a.owner and has_cjk(c.text) and i + 1 < len(clauses) and not hedged[i + 1]
                    and _LEADS.search(strip_punct(c.text)[-3:])
                    and (said := _goes_on(clauses[i + 1].text, False) or _goes_on(clauses[i + 1].text, True)) is not None
                    and (then := generic(a.owner + "你" + said, "", "", participants)) is not None):
                # "请刘芳同志牵头，把意见征集做扎实": the lead taken is of the work said after it
                a = ex.Assignment(a.owner, then.title, a.named, a.due or then.due)
                used = [c, clauses[i + 1]]
                i += 1
            # "这个交给小周" / "那这块老韩负责吧" (the pointer before the name) / "小陈你负责这个" (after the
            # verb): the hand-over of the matter said before, which ``frames.with_antecedent`` finds (or
            # drops the task when none was); not when the work is said with them next ("这个交给老马，外墙的修补老马牵头")
            pt = None
            if not a.title and a.owner and has_cjk(c.text):
                said = strip_punct(c.text)
                pt = _POINTED_OPENING.match(said)
                pt = pt if pt and find_people(c.text[pt.end() :], participants) else _POINTED_CLOSING.search(said)
            if pt and not any(h.name == a.owner for d in clauses[i + 1 :] for h in find_people(d.text, participants)):
                a = ex.Assignment(a.owner, pt.group("p"), a.named, a.due)
            if not a.title:
                continue  # "给刘洋吧" with nothing before it: no work named
            a = _with_whom(a, c.text, participants)
            if a.owner and has_cjk(c.text) and source_only([u.text for u in used], a.owner, participants):
                continue
            if has_cjk(c.text) and (said_now([u.text for u in used]) or remark(c.text) or remark(used[-1].text) or no_order(used[-1].text)):
                continue  # talk asked for now, or a remark on the work ("你去年做得挺好")
            if not split and a.owner and has_cjk(c.text) and a.owner in joint and not due_hits(c.text, work=True):
                continue  # "…由晓东和舒婷一起写，晓东跑采访，舒婷做数据": who does which part of it
            light = _LIGHT_MEASURE.search(a.title) if i + 1 < len(clauses) and has_cjk(c.text) else None
            # (only when nothing else is done: "打个电话赔个不是" names its work, "语气要客气" after it is how)
            light = light if light and re.fullmatch(r"(?:(?:跟|给|和|向)[\u3400-\u9fff]{1,6})?", a.title[: light.start()]) else None
            head = _noun_run(clauses[i + 1].text, participants) if light else ""
            if light and head and not hedged[i + 1]:
                # "小苏你跟客户报个价，易拉宝一百二一个": a light verb with a measure names no thing;
                # the thing is the noun phrase the next clause opens with.
                a = ex.Assignment(a.owner, head + light.group("v") + light.group("n"), a.named, a.due)
                used = [*used, clauses[i + 1]]
                i += 1
            nxt_q = _CHECK_WHETHER.match(clauses[i + 1].text) if i + 1 < len(clauses) and has_cjk(c.text) else None
            if nxt_q and _INQUIRE.search(a.title):
                # "小王你去物流园问问，看有没有冷库能租": what is asked is the work.
                a = ex.Assignment(a.owner, ex.clean_zh_title(a.title + nxt_q.group("q")), a.named, a.due)
                used = [*used, clauses[i + 1]]
                i += 1
            told_what = clauses[i + 1] if (i + 1 < len(clauses) and has_cjk(c.text) and not hedged[i + 1]
                                           and _TELL.search(strip_punct(c.text)) and _TELL.search(a.title)) else None
            if told_what is not None and _MESSAGE.match(strip_punct(told_what.text)) and not find_people(told_what.text, participants):
                # "张丽你跟业务讲一下，交期往后挪": what they are to tell is the work's other half
                a = ex.Assignment(a.owner, ex.clean_zh_title(a.title + strip_punct(told_what.text)), a.named, a.due)
                used = [*used, told_what]
                i += 1
            draft = _ZH_DRAFT.fullmatch(a.title) if i and has_cjk(a.title) and used[0] is c else None
            if draft and _thing_named(prev, participants) and not lx.dates(prev):
                # "另外年度总结，你先出个初稿": a draft of the thing the clause before names
                thing = ex.clean_zh_title(_DETERMINER.sub("", re.sub(rf"^(?:{_ZH_LEAD_WORD})", "", strip_punct(prev))))
                if len(thing) >= 2 and draft.group("n") not in thing:
                    a = ex.Assignment(a.owner, thing + draft.group("n"), a.named, a.due)
                    used = [clauses[i - 1], *used]
            if a.title == ex.clean_title(prev) and i:
                used = [clauses[i - 1], *used]
            due = next((d for u in used if (d := _right_after_work(u.text, a.title))), None) or (
                (a.due or None) if a.due is not None
                else next((h.text for u in used for h in due_hits(u.text, work=True)), None)
            )
            if due is None and i and used[0] is c and (lead := _date_alone(prev)):
                # "周五之前，王芳得把纪要整理出来": a clause that is only the date dates the order after it.
                due, used = lead, [clauses[i - 1], *used]
            if due is None and a.owner and (opening := _date_opening(c.text, a.owner, participants)):
                due = opening  # "周四陈静去写测试报告": the day said before the one who does it
            main = used[-1] if len(used) > 1 and used[0] is not c else c
            owner = None if any(k >= i for k in no_owner_at) else a.owner
            days = _days_each_side(" ".join(u.text for u in used)) if not split and not has_cjk(a.title) else None
            two = (_en_two_works(a.title, days is not None) if not has_cjk(a.title) else _zh_two_things(a.title)) if not split else None
            for part, title in enumerate(two or (a.title,)):
                if two and days:
                    due = days[part]  # ("ring the bank today and get the form in by Friday": each part its own day)
                if (due and out and out[-1].kind == "task" and out[-1].owner == owner and not out[-1].due
                        and not has_cjk(title) and _EN_JUST_FINISH.fullmatch(title.strip())):
                    # ("Ana, you ring the printer, can finish by Monday?": when the work just asked is done)
                    out[-1] = replace(out[-1], due=due)
                    continue
                # ("could you chase the wholesaler and book the engineer by Thursday": two pieces of
                # work asked in one breath, each due when said)
                out.append(Frame("task", scope, tuple(used), main, owner, title, due,
                                 cue=split or ("split" if two else "recap" if a.recap else "")))
            along = _ALONG.match(strip_punct(clauses[i + 1].text)) if (
                i + 1 < len(clauses) and has_cjk(c.text) and not hedged[i + 1] and a is found[-1]) else None
            if along and not find_people(along.group("x"), participants) and not refer.no_work(along.group("x")):
                # "报价你算一下，合同也一起": one more thing for the same one, on the same terms
                out.append(Frame("task", scope, (clauses[i + 1],), clauses[i + 1], owner, along.group("x"), due, cue="split"))
                i += 1
            if split:
                joint.add(a.owner or "")
        dated = (_dated_order(c.text, participants) or _done_for_you_by(c.text)) and out[-1].kind == "task" and not out[-1].due \
            if out else False
        mine = has_cjk(c.text) and re.match(r"^(?:因为|反正)?我(?!们)", c.text) is not None and any(
            f.kind == "task" and f.owner for f in out)
        days = deadlines(c.text) or deadlines(strip_punct(c.text), lx.dates(strip_punct(c.text)))
        if (not found and out and (deadlines(c.text) or dated) and days and not ex.assignments(c.text, "", participants)
                and not mine):  # ("…还是26号之前吧，我27号要去趟上海": the speaker's own day, not the work's)
            # "张三负责前端，李四负责后端，周五之前都要完成": a shared deadline; "一鸣你去跟对方说，
            # 今晚就联系": the time the work just asked for is done.
            due = days[0].text
            out.append(Frame("share_due", scope, (c,), c, due=due, share=bool(_ALL.search(c.text))))
        i += 1
    return tuple(out)


# One more thing the same one does along with the work just asked: "合同也一起", "报价单也顺便弄了".
_ALONG = re.compile(r"^(?:还有|另外|然后)?(?P<x>[\u3400-\u9fffA-Za-z]{2,8}?)(?:也|都)(?:一起|一块儿?|顺便|顺手)"
                    r"(?:弄|做|搞|准备|出|写|整理|发|交)?(?:了|一下)?[吧啊吗]?$")


_DATE_LEAD = re.compile(r"(?:那|那就|就|最晚|最迟|务必|一定|必须|要|得|and\s+|so\s+)?(?:在|要在|得在)?", re.IGNORECASE)


_FREE = re.compile(r"(?:你|您)?(?:这周|明天|下周|最近|这两天|今天)?(?:有没有时间|有时间|有没有空|有空|方便)(?:吗|不|没)?")


def asked_if_free(clause: str, participants: Sequence[str]) -> str | None:
    """The one person a Chinese clause asks whether they are free ("陈静有时间吗"), else None."""
    t = strip_punct(clause)
    hits = find_people(t, participants)
    if len(hits) != 1 or hits[0].start > 1 or not _FREE.fullmatch(t[hits[0].end :]):
        return None
    return hits[0].name


def _date_opening(clause: str, owner: str, participants: Sequence[str]) -> str | None:
    """The day a Chinese clause opens with when the one who does the work comes right after it."""
    t = re.sub(r"^(?:那|那就|就|好|行|然后)?[，,\s]*", "", clause)
    when = next((h for h in lx.dates(t) if h.start == 0), None) if has_cjk(t) else None
    if when is None:
        return None
    hit = next((h for h in find_people(t, participants) if h.start == when.end), None)
    return when.text if hit is not None and hit.name == owner else None


def _date_alone(clause: str) -> str | None:
    """The deadline a clause says and nothing else ("周五之前", "最晚月底", "By Friday"), else None."""
    hits = lx.deadlines(clause)
    bare = strip_punct(clause)
    at = bare.find(hits[0].text) if len(hits) == 1 else -1
    if at < 0 or not bare.endswith(hits[0].text) or not _DATE_LEAD.fullmatch(bare[:at]):
        return None
    return hits[0].text


# "The raffle licence, somebody has to renew it": the work is the thing named before.
_EN_PRONOUN_END = re.compile(r"^[a-z]+(?:\s+(?:up|out|over|off|on))?\s+(?:it|them|that|this|those|these)$", re.IGNORECASE)


_EN_SELF = re.compile(r"^(?:(?:\w+),\s+)?(?:i|i'm|i've|i'd|i'll|we|we're|we've)\b", re.IGNORECASE)
_EN_IT = re.compile(r"^(?:\w+\s+){1,2}(?:it|that|this)\b", re.IGNORECASE)
_EN_WHOEVER = re.compile(r"\bwhoever\b", re.IGNORECASE)


# A clause that only says where: "在狮子馆后门", "就在二楼走廊那边".
_ZH_PLACE_ONLY = re.compile(r"(?:就)?在[\u3400-\u9fff]{1,10}?(?:门口|里|上|下|旁边|边上|那边|这边|附近|后面|前面|对面|后门|前门|口)")


_EN_ANYONE = re.compile(r"\b(?:some|any|every|no)(?:one|body)\b|\bwhoever\b|\bno one\b", re.IGNORECASE)


# A clause that only opens the next matter: "还有那个消防栓", "另外就是仓库的门禁".
_ZH_MATTER_OPENS = re.compile(r"(?:还有|另外|再就是|然后是)(?:就是)?(?:那个|这个|一个|个)?(?P<x>[\u3400-\u9fffA-Za-z0-9]{2,10})")


def unowned(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str] = ()) -> Frame | None:
    """Work said to have no owner yet ("测试环境需要有人确认", "someone needs to…"), or said to be
    needed with nobody asked ("门口那个灭火器过期了，得换新的，这周必须弄完")."""
    if not any(lx.NO_OWNER.search(c.text) for c in clauses):
        return _told_to_all(scope, clauses, participants) or _needed_by_nobody(scope, clauses, participants)
    for i, c in enumerate(clauses):
        if not lx.NO_OWNER.search(c.text):
            continue
        prev = clauses[i - 1].text if i else ""
        if (not has_cjk(c.text) and ex.EN_POINTED_NEED.match(c.text.strip()) and (when := lx.deadlines(c.text))
                and any(re.fullmatch(r"[A-Z][\w'’-]*", strip_punct(d.text).strip()) and find_people(d.text, participants)
                        for d in clauses[i + 1 :])):
            # ("It'll have to be booked Monday, Jas, or we lose the slot."): the work in hand, dated,
            # said to the one who has it
            return Frame("deadline", scope, tuple(clauses[i:]), c, candidates=tuple(h.text for h in when))
        title = ex.unowned_work(c.text, prev)
        if not title or (_EN_WHOEVER.search(c.text) and _EN_IT.search(title)):
            continue  # ("put it in the tracker, whoever gets to it first": "it" is work said before)
        used = [clauses[i - 1], c] if i and title == ex.clean_title(prev) else [c]
        if i and re.fullmatch(r"(?i)they|it|these|those", title) and (np_ := refer.en_subject(prev, participants)):
            title, used = np_, [clauses[i - 1], c]  # ("The new badges came in, they need handing out by Friday.")
        # (what is said before a "but" is conceded, not the thing: "Not our job, but someone should flag it.")
        if i and (mentions.content(title) < 2 or _EN_PRONOUN_END.search(title)) and not re.match(r"(?i)but\b", c.text.strip()):
            # "告警规则，迁完之后要重新配，这个先挂着，看谁有空": the work is the clause that names it.
            # (what the speaker says of themself names no work: "I already have the alert, can
            # someone else take it?")
            best = mentions.clearest([ex.clean_title(d.text) for d in clauses[:i] if not _EN_SELF.match(d.text.strip())
                                        and not re.fullmatch(r"[A-Z][\w'-]*", strip_punct(d.text).strip())])  # (nor a name called)
            # ("还有那个消防栓，物业说阀门有问题，…得有人跟一下": the matter the clause opens names it,
            # not what was reported of it)
            opened = next((ex.clean_title(m.group("x")) for d in clauses[:i]
                           if (m := _ZH_MATTER_OPENS.fullmatch(strip_punct(d.text))) and not re.search(r"[我你他她它这那是有]", m.group("x"))
                           and not find_people(m.group("x"), participants)), "")
            best = opened or best
            if best:
                k = next(j for j in range(i) if ex.clean_title(clauses[j].text) == best)
                title, used = best, [*clauses[k:i], c]
            if has_cjk(c.text) and len(used) >= 2 and title == ex.clean_title(used[0].text):
                # ("楼道那盏灯又被撞歪了，在电梯口，得有人修一下": the thing the passive is said of, not
                # where it stands nor what happened to it)
                at = clauses.index(used[0])
                k = at - int(at >= 1 and bool(_ZH_PLACE_ONLY.fullmatch(strip_punct(clauses[at].text))))
                said = ex.clean_title(clauses[k].text)
                passive = re.match(r"(?P<t>[^，,。被]{2,12}?)被", said)
                # (the passive's subject; else the clause before the place, when one was skipped)
                thing = ex.clean_title(passive.group("t")) if passive else said if k < at else ""
                if len(thing) >= 2 and not find_people(thing, participants):
                    title, used = thing, [*clauses[k:i], c]
        used += [d for d in clauses[i + 1 :] if lx.deadlines(d.text) or lx.NO_OWNER.search(d.text)]
        due = next((h.text for u in used for h in lx.deadlines(u.text)), None)
        lone = strip_punct(prev).strip()
        called = find_people(lone, participants) if (
            i == 1 and not has_cjk(c.text) and not _EN_ANYONE.search(c.text) and mentions.content(title) >= 2
            and not re.fullmatch(r"(?i)(?:it|that|this|they|these|those|them)", title)) else []
        if len(called) == 1 and called[0].start == 0 and called[0].end == len(lone) and clauses[i - 1] not in used:
            # ("Jas, the banners need to be up by Friday": a need said to the one just called is theirs)
            return Frame("task", scope, (clauses[i - 1], *used), c, called[0].name, title, due)
        return Frame("unowned", scope, tuple(used), c, None, title, due)
    return None


# Everyone, or each of a kind, told what to do: "每个店长自己对照一遍，下周二之前把自查表拍照发群里".
_TO_ALL = re.compile(r"^(?:那|那就|所以|好)?[，,]?(?:大家|各位(?![^，,]*[吗呢？?])|每(?:个|位|家)(?:人|店长?|门店|组|部门|班组?|科室|老师|同事|区|片区)|"
                     r"所有(?:人|店长?|门店|同事|部门)|各(?:店|组|部门|班组?|科室|门店|店长|区|片区))")


def _told_to_all(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A Chinese sentence that opens by telling everyone, or each of a kind, and orders a thing done
    with 把 by a date (``_TO_ALL``): work with no one owner, titled by what 把 takes; None otherwise."""
    if (not has_cjk(scope.text) or not clauses or not _TO_ALL.match(strip_punct(clauses[0].text))
            or find_people(scope.text, participants) or scope.question or lx.HEDGE_FWD.search(scope.text)):
        return None
    for i, c in enumerate(clauses):
        said = (_TO_ALL.sub("", strip_punct(c.text)) if i == 0 else strip_punct(c.text)).lstrip("，, ")
        if "把" not in said or not (said.startswith(("把", "将")) or lx.dates(said)):
            continue
        # (read as said to one of them, a stand-in named for the reading only)
        g = generic(f"{_ONE_OF_ALL}你{said}", "", "", (_ONE_OF_ALL,))
        if g is not None and g.due and not lx.PAST.search(said) and not refer.no_work(g.title):
            return Frame("unowned", scope, tuple(clauses[: i + 1]), c, None, g.title, g.due)
    return None


_ONE_OF_ALL = "甲某"


# A need said with nobody in the sentence: the modal opens the clause, the thing is named before it.
_MODAL_FIRST = re.compile(r"^(?:那|所以|这个|那这个)?(?:得|必须)(?!有人)")
# Verbs of one character jieba often tags otherwise at the start of a clause ("换新的": 换新/nz).
_ONE_VERB = frozenset("换修清补加弄做改写买订查装拆搬交发送贴挂刷擦洗")
# Needs that are no work: waiting, weighing, time taken, asking around.
_NO_NEED_WORK = re.compile(r"^(?:等|看|考虑|商量|研究|想想|想|问问|小心|注意|当心|[一两三四五六七八九十几半]|多少|花)")


def _needed_by_nobody(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A Chinese sentence that names no one and says a thing must be done ("治疗室那个紫外线灯管，…，
    得换", "排水沟这个得在下雨前清一下"): work nobody owns yet, titled by the thing; None otherwise."""
    if not has_cjk(scope.text) or find_people(scope.text, participants) or re.search(r"[我你您他她咱]|大家|谁|有人", scope.text) \
            or scope.question or lx.HEDGE_FWD.search(scope.text) or re.search(r"已经|早就", scope.text):
        return None  # (nor what is already done: "灯管上周已经换了，得换的都换了")
    for i, c in enumerate(clauses[1:], 1):
        said = strip_punct(c.text)
        modal = _MODAL_FIRST.match(said)
        if modal is None or lx.PAST.search(said):
            continue
        rest = re.sub(r"^(?:尽快|赶紧|马上|先|再|重新|好好)+", "", lx.without_dates(said[modal.end() :]))
        words = mentions.words(rest)
        if not words or _NO_NEED_WORK.match(rest) or not (words[0][1].startswith("v") or rest[0] in _ONE_VERB):
            continue
        # the thing is named in a clause before ("门口那个灭火器，上礼拜…过期了，得换新的")
        title = next((t for d in clauses[:i] if (t := refer.subject(d.text, participants)) and mentions.content(t) >= 2), "")
        if title:
            used = [*clauses[: i + 1], *(d for d in clauses[i + 1 :] if lx.deadlines(d.text))]
            due = next((h.text for u in used for h in lx.deadlines(u.text)), None)
            return Frame("unowned", scope, tuple(used), c, None, title, due)
    for i, c in enumerate(clauses):
        # (s49) the thing and its repair in one clause: "那投影仪得找人修一下", "门锁得赶紧换", "拖把也得换一批了"
        said = strip_punct(c.text)
        m = _FIX_NEEDED.search(said)
        if m is None or lx.PAST.search(said) or not (title := refer.subject(said[: m.start()].rstrip("也都还"), participants)) \
                or mentions.content(title) < 2:
            continue
        used = [c, *(d for d in clauses[i + 1 :] if lx.deadlines(d.text))]
        due = next((h.text for u in used for h in lx.deadlines(u.text)), None)
        return Frame("unowned", scope, tuple(used), c, None, title, due)
    return None


# A thing that must be mended, replaced or drawn up, said of it in its own clause ("投影仪得找人修一下"): the need
# and a verb of repair (not "质量得保证": a standard, no work).
# (not "该…了", due for it: "X该清了" is as often handed to someone in the next breath, "让小李去联系")
_FIX_NEEDED = re.compile(r"(?:也|都|还)?(?:得|必须|需要)(?:找人|赶紧|尽快|马上|抓紧|重新)?"
                         r"(?:修|换|改|补|清|装|贴|刷|拆|更新|维修|修理|更换|重做|重录|重印|加固|清理|清掏|检修|校准|补齐|"
                         r"(?:写|拟|出)(?:一版|一份|一个|个|份))"  # (a paper drawn up: "应急方案得出一份")
                         r"(?!进|善|变|正|革|位|贴|助|偿|楚|醒|白)")
