"""Clause-level extraction: who is asked to do what, work without an owner, conflicting dates.

Pure functions over one clause's text (plus the previous clause of the same sentence, which may
hold the object: "登录页面的改版，交给张三负责"). Owners come back canonical (a participant) or as a
clearly-a-name string; ``None`` means "said, but nobody named" (我负责…, someone needs to…).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from . import lexicon as lx
from . import mentions, refer
from .lexicon import is_word
from .names import HONORIFIC, bare_name, find_people, resolve_slot, split_tail_name
from .polite import en_polite
from .text import EN_NAME, EN_NAME_WORD, has_cjk, strip_punct

_V = lx.ZH_ASSIGN_VERBS
# Adverbs between "你" and the verb of a request: 你先看一下, 你今天就改掉.
_ZH_ADV = r"(?:先|再|也|就|马上|赶紧|抓紧|尽快|抽空|抽个空|回头|今天|明天|后天|这两天|这周|下周|这次|这回)*"
_ZH_LEAD_FILLER = re.compile(
    r"^(?:不过|但是|可是|反正(?=[^，,。]{0,8}?(?:之前|以前|把|将))|那么|要不然|不然|那个|(?:那|这)[一两几]?(?:批|些|份|件|台|把|张|条|篇|套|块|位|家)(?=[\u3400-\u9fff])|那(?![天时年次阵会])|然后|另外|还有|接下来|(?<=然后|另外|还有|下来)是(?=[\u3400-\u9fff]{2})|好的|好|嗯|这个|关于|至于|所以|就是|就(?!业)|还是|先|再|也|把|将|一下|"
    r"下(?![周月次场回轮个期批趟架单载班线午])|"
    r"的(?!确)(?=[\u3400-\u9fffA-Za-z]{2}))+"  # what is left after a name cut out: "(雅婷)的质证意见"
)
_ZH_TAIL_FILLER = re.compile(
    r"(?:吧|了|啊|呢|吗|哈|呀|一下|的事情|的事|的话|这块|那块|这边|那边|就|这部分|这件事|这个事|的工作|这边|工作|来做|来弄|来负责|负责|也|都|就让|让|就请|(?<=[\u3400-\u9fff]{2})(?<!申)请|那部分|能不能|能否|可不可以|"
    # (how fitting it is to ask them: "你去问最好了")
    r"(?<=[\u3400-\u9fff])最好|"
    # (what it needs: "合同得贾总签字")
    r"(?<=[\u3400-\u9fff]{2})(?<![心记懂值晓觉])得|"
    # adverbs a 把 object runs into before its verb ("把合同再核对一遍")
    r"再|(?<![优事首抢])先|重新|赶紧|尽快|抓紧|马上|挨个|逐个|一个个|挨家挨户|(?<=[\u3400-\u9fff]{2})(?:一起|一块儿?)|(?<=[\u3400-\u9fff]{2})(?:这个|那个|一直|一向|向来|平时|本来|还是|到底|(?<![总但于凡要若就倒])是)|"
    # to whom it goes is no part of the work: "整理个汇总表发我", "写个总结交给我们"
    r"(?<=[\u3400-\u9fff]{2})(?:发|交|报|传)给?(?:我们|我)(?:一份)?|"
    # (where it is carried off to be done: "把那几桶油拉去(化验)")
    r"(?<=[\u3400-\u9fff]{2})(?:拉|拿|送|带|搬|运)(?:去|过去|回去|走))+$"
)
_ZH_TITLE_VERB_FILLER = re.compile(r"^(?:一下|下)")


@dataclass(frozen=True, slots=True)
class Assignment:
    owner: str | None
    title: str  # "" when the clause names no work ("给刘洋吧", "give it to Bob")
    named: bool  # an owner slot was filled (a name or a pronoun), as opposed to "nobody yet"
    due: str | None = None  # its own part's deadline ("" for none) when a clause holds several
    recap: bool = False  # a closing recap's part: it restates a task more than it names one


def _prev_title(prev: str) -> str:
    """The clause before as the title of work that names none, unless it is about people or only
    says what is ("是我们组之前自己录的"): then no title."""
    t = refer.need_named(clean_zh_title(prev), prev)  # ("那三天门诊得压一压，我回头调一下")
    # (nor a yes said over and over: "行行行")
    yes = re.fullmatch(r"(?P<w>好|行|对|是|嗯|可以)(?P=w)*", t) is not None
    # (nor a state said with 不/没: "不影响，你照做" orders the work in hand, "不影响" is none)
    return "" if yes or re.search(r"[我你他她它](?!们)|^(?:是|有|不|没)", t) else t


def clean_zh_title(t: str) -> str:
    for h in lx.dates(t):
        # "下周的组会", "周五的培训": a date before 的 says which one, the work is after it.
        if t[h.end : h.end + 1] == "的":
            t = t[: h.start] + t[h.end + 1 :]
        elif h.start == 0 and (which := re.match(r"(?:那|这)(?:个|场|批|趟|次|期|轮)的?", t[h.end :])) and which.end() and (
                len(t) - h.end - which.end() >= 2):
            t = t[h.end + which.end() :]  # ("后天那场的物料": the date and the pointer say which one)
        elif h.start == 0 and len(ws := mentions.words(t[h.end :])) >= 2 and ws[0][1] in ("n", "vn") and ws[-1][1] == "n" and all(
                f in ("n", "vn") for _, f in ws):
            pass  # ("周五培训名单": the day names which list, a noun phrase of its own)
        else:
            t = t[: h.start]
        break
    t = strip_punct(t)
    # ("车间门口那个那个消防栓": a word said twice while thinking is no part of the thing)
    t = re.sub(r"(那个|这个|就是|那啥)(?:\1)+", "", t)
    for _ in range(2):
        t = _ZH_LEAD_FILLER.sub("", t)
        t = _ZH_TAIL_FILLER.sub("", t)
        t = strip_punct(t)
    t = re.sub(r"^(?:负责|来|去(?!年))", "", t)
    # ("墨盒快没了，…你去买": how the thing stands is no part of it)
    t = re.sub(r"(?<=[\u3400-\u9fff]{2})(?:(?:快要?|又|都|已经)没|(?:快要?|又|都|已经)?(?:用完|不够|坏掉?|用光|没货|到期|过期|见底))了?$", "", t)
    # ("把他那两箱样书跟你的一起(送了)": whose, and sent along with what, are no part of the thing)
    t = re.sub(r"^(?:他|她)(?:们)?(?:的)?(?:那|这)[一两几]?(?:个|些|批|份|件|台|箱)(?=[\u3400-\u9fff]{2})", "", t)
    t = _ZH_LEAD_FILLER.sub("", re.sub(r"(?<=[\u3400-\u9fff]{2})(?:跟|和|连同)[^，,]{1,6}?(?:一起|一块儿?)$", "", t))
    # ("押金给人家(退了)": whom it is done for is no part of the thing)
    t = re.sub(rf"(?:(?<=[\u3400-\u9fffA-Za-z]{{2}})|^)给(?:{lx.ZH_FOR_THEM}|他们|她们|他|她)$", "", t)
    if (mine := re.search(r"(?<=[\u3400-\u9fffA-Za-z]{2})给(?:(?:你|我)们?|您)$", t)) and (re.match(_V, t) or any(f == "v" for _, f in mentions.words(t[: mine.start()]))):
        t = t[: mine.start()]  # ("(我晚点)列个清单给你": whom the work is done for, after its verb)
    if re.match(r"^一?个[\u3400-\u9fffA-Za-z]{2}", t) and not is_word(t.lstrip("一")[:2]):
        t = t.lstrip("一")[1:]  # "(做)个B超", "(出)一个方案": the measure is no part of the work; 个人 is a word
    elif re.match(r"^一(?:份|版|套|张)[\u3400-\u9fffA-Za-z]{2}", t):
        t = t[2:]  # "(交)一份压测报告": the same
    if re.fullmatch(r"(?:那|哎哟|哎呀|实在|真|要是|如果)?(?:(?:不|没)?(?:行|好|可以|对|是|嗯|成))+(?:的话)?", t):
        return ""  # ("也行，那一鸣改": a yes names no work, nor a no: "那不行不行，…你还是周三给我")
    return t.replace("一下", "").strip()


_EN_LEAD = re.compile(r"^(?:the|a|an|our|this|that|all|of|please|and|also|oh|still)\s+", re.IGNORECASE)
_EN_CUT = re.compile(
    r"\s+(?:by|before|until|till|no later than|due)\s+.*$|\s+(?:on|for|due|by)\s*$|\s+and\s+(?:finish|complete|deliver|have|get|ship|wrap|send|hand)\b(?!\s+(?:(?:me|us)\s+)?(?:the|a|an|our|your|those|these)\s).*$"
    r"|\s+(?:this|next)\s+(?:week|month)\s*$|\s+(?:too|as well|please|though|again|then|anyway|together|instead)\s*$"
    r"|,?\s+and\s+(?:I'?ll|I will|we'?ll|we will)\s+.*$"  # ("send it back and I'll adjust the contact": the rest is mine)
    r"|\s+(?:lah|leh|lor|meh|hor|ah|na|yaar|ya)\s*$"
    r"|\s+(?:sometime|some time|asap|soon|today itself)\s*$"
    r"|\s+(?:right )?after (?:this|the) (?:call|meeting)\s*$"  # when, not what
    r"|\s+(?:as soon as|once|the moment|whenever)\s+(?:I|we|you|he|she|they|it)\b.*$"  # (…once we're back at the office)
    r"|\s+or not\s*$"  # Singaporean / Indian English particles: tone, not work
    r"|\s+so (?:that |it |it's |we |they |nothing )[^,]*$"  # a purpose said after the work
    r"|\s+(?:in the (?:evenings?|mornings?|afternoons?)|over the weekend|on (?:the )?weekends?)\s*$"  # when, not what
    # A title cut mid-phrase (Whisper's "…monitoring for all the"): no headline ends on an article,
    # a possessive or a conjunction (particles stay: "check in", "follow up with" are the verb; "her"
    # is whom: "ring her", titled by the one named before in ``antecedents.en_titled``).
    r"|\s+(?:the|a|an|our|their|your|my|his|its|these|those|some|every|each|of|from|and|or)\s*$"
    r"|\s+(?:for|to|of|with|from|at|in|about)\s+all\s*$",
    re.IGNORECASE,
)


# "run those": a verb and its pronoun, titled by what the pronoun stands for (``antecedents``)
_EN_V_THOSE = re.compile(r"[a-z]+(?: (?:up|out|over|off|back))? (?:these|those)", re.IGNORECASE)


def clean_en_title(t: str) -> str:
    t = strip_punct(t)
    if _EN_V_THOSE.fullmatch(t):
        return t
    prev = None
    while prev != t:
        prev = t
        t = _EN_CUT.sub("", t).strip()
        for h in lx.dates(t):
            if re.match(r"['’]s\s+[a-z]", t[h.end :]):
                t = f"{t[: h.start]}{t[h.end + 2 :].strip()}"  # ("tomorrow's rota": which rota, said by its day)
                break
            if (h.start == 0 or re.search(r"\b(?:the|a|our|this|that|every|your)\s*$", t[: h.start], re.IGNORECASE)) and re.match(
                    r"\s+(?!(?:at|by|in|on|morning|afternoon|evening|night|first|latest|before|after|or|and|to|please|then|"
                    r"is|are|works?|should|would|could|will|if)\b)[a-z]", t[h.end :]):
                continue  # "the Monday bulletin": a day that says which one, not when
            # ("send Nigel the list today and re-inspect the lanes", "speak to Stonebridge tomorrow and
            # get a price": more work after the day, which only the day leaves)
            # (or what it is for: "call the surveyor on Monday to book the visit")
            # (or what a call back is about: "call Jo tomorrow about the invoice")
            more = re.match(r",?\s+(?:and\s+(?:then\s+|also\s+)?|to\s+(?=(?:book|get|set|arrange|sort|fix|order|confirm)\b))"
                            r"(?!(?:I|we|you|he|she|they|it|that|this|the|a|an)\b)[a-z][\w-]*\s+\S"
                            r"|\s+(?=(?:about|regarding|re)\s+(?:the|a|an|our|your|their|that|this)\s+[A-Za-z])", t[h.end :])
            before = re.sub(r"\s+(?:on|by|at|before)$", "", t[: h.start].strip())
            t = f"{before} {t[h.end :].strip(' ,')}" if more and h.start > 0 else t[: h.start].strip()
            break
        t = _EN_LEAD.sub("", t).strip()
        t = strip_punct(t)
    return t


# A second order joined on by "and" with its own object: "send them the price list and get the
# contract variation drafted", "draft the patch notes and also give the mods a heads-up".
_EN_SECOND_ORDER = re.compile(
    r"^(?P<a>\S+\s+\S.*?)\s+and\s+(?:also\s+|then\s+)?(?P<b>(?P<v>[a-z][a-z-]*)(?:\s+(?:up|out|in|over|back|down|off))?\s+"
    r"(?:(?:me|us|them|him|her|[A-Z][a-z]+)\s+)?(?:the|a|an|our|your|their|some|those|these|all|every)\s+\S.*)$"
)
# Reaching someone, then what it is for, is one piece of work: "call the owner and get the dental booked".
_EN_REACH_THEN = re.compile(r"^(?:call|ring|phone|reply|email|text|message|contact|talk|speak|get on to|go back to|take|go|come)\b",
                            re.IGNORECASE)


def two_orders(title: str) -> list[str]:
    """``title`` as the two pieces of work it asks for, when a second one with its own object is
    joined on by "and" (``_EN_SECOND_ORDER``); else ``[title]``."""
    m = _EN_SECOND_ORDER.match(title)
    if m is None:
        return [title]
    v = m.group("v").lower()
    if v in _EN_NOT_IMPERATIVE or v.endswith(("ed", "ing")) or _EN_PAST_ONLY.fullmatch(v):
        return [title]
    if reach_then(m.group("a")):
        return [title]  # ("call the owner and get the dental booked": what the call is for, one piece of work)
    a, b = clean_en_title(m.group("a")), clean_en_title(m.group("b"))
    return [a, b] if a and b else [title]


# Two things done with one light verb: "you do the menu and the seating chart", "can you handle
# the float and the raffle?" — two pieces of work (not "the fish and chips": one thing, no article).
_EN_TWO_THINGS = re.compile(r"\b(?P<v>do|handle|own|cover|sort out|take care of)\s+the\s+(?P<a>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
                            r"\s+and\s+(?:also\s+)?the\s+(?P<b>[a-z][\w'-]*(?:\s+[\w'-]+){0,6}?)\s*(?:[.,!?]|$)", re.IGNORECASE)


def two_things(said: str) -> list[str]:
    """The two things of ``said`` done with one light verb ("do the menu and the seating chart"
    → ["menu", "seating chart"]); ``[]`` when it names one."""
    m = _EN_TWO_THINGS.search(said)
    if m is None or _EN_NP_VERB.search(m.group("a")) or _EN_NP_VERB.search(m.group("b")):
        return []
    v = "" if m.group("v").lower() == "do" else m.group("v") + " the "  # ("do the menu": the menu is the work)
    a, b = clean_en_title(v + m.group("a")), clean_en_title(v + m.group("b"))
    return [a, b] if a and b else []


def reach_then(first: str) -> bool:
    """Whether ``first``, the work before "and", reaches someone ("call the city", "email the
    landlord"): what follows is what the call is for, one piece of work with it."""
    # ("email the school about the parking and call the inspector back": what the email is for is
    # said already, so the call is a second piece of work)
    first = re.sub(r"^(?:(?:and|so|then|also|please)\s+)+", "", first, flags=re.IGNORECASE)
    return bool(_EN_REACH_THEN.match(first)) and not re.search(r"\s(?:about|regarding|re:?|to (?:ask|tell|confirm|check))\s", first, re.IGNORECASE)


def clean_title(t: str) -> str:
    return clean_zh_title(t) if has_cjk(t) else clean_en_title(t)


def _lead_name(s: str, participants: Sequence[str]) -> tuple[str | None, int]:
    """A name at the start of ``s`` ("张三负责…", "刘杨来做") and where it ends; (None, 0) if none."""
    s2 = s.lstrip()
    off = len(s) - len(s2)
    if s2.startswith(("你", "您")):
        return None, 0
    for h in find_people(s2, participants):
        if h.start == 0:
            title = HONORIFIC.match(s2, h.end)  # "请周建国同志牵头"
            return h.name, off + (title.end() if title else h.end)
    if has_cjk(s2[:1]):
        for n in (3, 2):
            cand = s2[:n]
            nxt = s2[n : n + 2]
            if (
                len(cand) == n
                and bare_name(cand)
                and (not nxt or re.match(rf"(?:来|去|负责|会|吧|做|处理|跟进|{_V})", nxt))
            ):
                return cand, off + n
        return None, 0
    m = re.match(r"(" + EN_NAME + r")\b", s2)
    if m and bare_name(m.group(1)):
        return m.group(1), off + m.end()
    return None, 0


# Bare 给 hands work over ("这个需求给张三") unless a verb of sending precedes it ("发给张三", "报给邱哥").
_ZH_HANDOVER = re.compile(
    r"(?:交给|交由|分配给|指派给|安排给|转给|改由|换成|换给|改给|改成|改为|(?<![发传寄送递转带还借交卖告报拿抄])给|还是|归|"
    r"放(?:在|到)?(?=[\u3400-\u9fff]{2,3}(?:那儿|那里|那边|手上|手里)))"
)
# Shown to someone for a look: "给葛总看一版", "给王总过目" (the verbs, and a pattern for what follows 给X).
ZH_SHOW_VERBS = ("看看", "看", "过目", "把关", "审审", "审", "签字", "签个字", "确认", "过一下", "过一遍")
_ZH_SHOWN = re.compile("|".join(ZH_SHOW_VERBS))


def _calls_other(prev: str, name: str, participants: Sequence[str]) -> bool:
    """The clause before only calls another participant than ``name`` ("亮哥，")."""
    hits = find_people(prev, participants)
    return bool(hits) and all(h.name != name for h in hits) and not clean_zh_title(prev[: hits[0].start] + prev[hits[-1].end :])


# After 给X, words of replying or reporting make X the one it goes to, not the one who does it.
_ZH_TO_WHOM = re.compile(r"(?:一个|个)?(?:答复|回复|反馈|回话|回电|回个话|打电话|打个电话|发消息|发个消息|汇报|交代|说法|消息|准信)")
# 由 names who does the work; Whisper often writes its homophone 有, read so only before a
# participant and a verb of taking charge ("展板外包有小周跟进").
_ZH_BY = re.compile(r"由|(?<=[\u3400-\u9fff]{2})有(?=[^，,。]{1,8}?(?:来|去)?(?:负责|牵头|跟进|主导|对接))")
# Needing something from another's side: "需要任工那边给一份字段清单".
_ZH_NEED_FROM = re.compile(r"(?:需要|得|要)(?=[\u3400-\u9fffA-Za-z]{1,4}(?:那边|这边|那儿)(?:给|提供|出))")
_ZH_ASK = re.compile(r"(?:^|[^申])(?P<ask>请|让|麻烦|叫|安排|辛苦(?![了啦]|大家|各位))")
# The floor given to someone in the meeting: "请陈经理简单汇报一下", "先请小王介绍一下情况".
_ZH_TURN_GIVEN = re.compile(r"(?:请|让|由)[^，,。；;]{0,10}?(?:先|再)?(?:简单|简要|大概)?(?:地)?"
                            r"(?:汇报|介绍|说|讲|通报|发言|谈谈|讲讲|说说)(?:一下|几句|两句|一遍)")
# Sent to find someone or something ("让小马去找劳务公司", "麻烦你找一下物业"): work only when asked of
# a person — "有事找我", "你找谁" are no errand — and never of a person or of what was lost.
_ZH_ASKED_FIND = r"找(?:一下|一找|找)?(?![我你他她谁人到不着过])"
_ZH_RESP = re.compile(r"负责(?!人)")
# A doer's plan, said after them: "X来写Y", "X这周做Y", "X明天重新排一下" (做 again is still the verb).
_ZH_DOER = re.compile(rf"(?:来|去|会|要|得|可以|明天|今天|这周|下周)+(?:重新|马上)?(?P<verb>{_V})(?P<y>.*)$")
_ZH_SELF = re.compile(r"(?:我|我这边|我们这边)(?:来|去|会)?$")


_OPENER = re.compile(r"^(?:那个|就是|嗯|呃|哎|诶|那|然后|好|还有|另外|对了)+[，,\s]*")


def _only_names(text: str, participants: Sequence[str]) -> bool:
    """``text`` is people joined by 和/与/、 and nothing else, after an opener ("对了大伟")."""
    text = _OPENER.sub("", text)
    hits = find_people(text, participants)
    for h in reversed(hits):
        text = text[: h.start] + text[h.end :]
    return bool(hits) and not strip_punct(re.sub(r"[和与、及]", "", text))


def _misheard_verb(tail: str) -> bool:
    """``tail`` (the end of a clause) is two or three characters that make no word and hold no
    particle: what Whisper leaves of a verb it misheard."""
    return 2 <= len(tail) <= 3 and has_cjk(tail) and not is_word(tail) and not re.search(r"[的了过着吗呢吧啊我你他她]", tail)


# What a recap's part may not hold: a part that says is/has/will or reports is a statement.
_ZH_NOT_RECAP = frozenset("是 有 在 要 得 会 能 已经 了 过 没 没有 不 吗 呢 吧 我 你 他 她 我们 你们 他们 谁 什么 怎么 还".split())
_ZH_SIDE = re.compile(r"^(?:那边|这边|那块|这块|的)")


def _zh_recap_part(part: str, participants: Sequence[str]) -> tuple[str | None, str, str] | None:
    """One part of a closing recap, "海涛报价单周四" / "群里回复今天": (the name it opens with or
    None, the work, the date it ends with), or None when the part is not that shape."""
    part = re.sub(r"^(?:那|好|就|那就|好的|行)(?=[\u3400-\u9fff])", "", strip_punct(part))
    hits = lx.dates(part)
    if not hits or hits[-1].end != len(part) or len(hits) > 1:
        return None
    body = part[: hits[-1].start]
    name = None
    lead = next((h for h in find_people(body, participants) if h.start == 0), None)
    if lead is not None:
        name, body = lead.name, body[lead.end :]
    work = _ZH_SIDE.sub("", body)
    work = re.sub(r"(?:那边|这边)$", "", work)
    if (len(work) < 2 or not has_cjk(work) or find_people(work, participants)
            or any(w in _ZH_NOT_RECAP for w, _ in mentions.words(work))):
        return None
    return name, clean_zh_title(work), hits[-1].text


def _zh_recap(text: str, prev: str, participants: Sequence[str]) -> list[Assignment]:
    """A closing recap of who brings what by when, "海涛报价单周四，秀梅业委会那边下周、群里回复今天":
    a part without a name is the one named in the part before it (in this clause, or the clause
    before when that is a recap part too). Each part is a task with its own date."""
    parts = [_zh_recap_part(p, participants) for p in text.split("、")]
    if not parts or any(p is None for p in parts):
        return []
    owner = None
    if parts[0][0] is None:  # type: ignore[index]
        last = _zh_recap_part(prev.split("、")[-1], participants) if prev else None
        owner = last[0] if last is not None else None
        if owner is None:
            # (a name said by a part further back in the clause before: "秀梅业委会那边下周、群里回复今天")
            first = _zh_recap_part(prev.split("、")[0], participants) if prev else None
            owner = first[0] if first is not None and last is not None else None
    out = []
    for name, work, due in parts:  # type: ignore[misc]
        owner = name or owner
        if owner is None or not work:
            return []
        out.append(Assignment(owner, work, True, due, recap=True))
    return out


# The word classes of a bare thing, said right after a name in a list of who takes what: nouns,
# numbers and measures (后三节), 的, a noun-like verb (客户的回访), 和 between two things.
_PAIR_TAGS = ("n", "m", "q", "f", "uj", "vn", "c", "eng")
_PAIR_NOT = ("nr", "ns", "nt")


def zh_pair(text: str, participants: Sequence[str]) -> Assignment | None:
    """"晓东音响设备": a participant, then only a thing, as one part of a list that shares work out
    ("佳琪展板，晓东音响设备，小郑签到表"); None for any other shape. The caller reads it as work
    only where the sentence lists two or more such parts."""
    t = re.sub(r"^(?:那|就|然后|还有)", "", strip_punct(text))
    hits = find_people(t, participants)
    if len(hits) != 1 or hits[0].start != 0 or not has_cjk(t) or lx.dates(t):
        return None
    np = t[hits[0].end :]
    tagged = mentions.words(np) if len(np) >= 2 else ()
    if (not tagged or HONORIFIC.fullmatch(np) or any(not f.startswith(_PAIR_TAGS) or f.startswith(_PAIR_NOT) for _, f in tagged)
            or not any(f.startswith(("n", "vn", "m")) and len(w) >= 2 for w, f in tagged)):
        return None
    return Assignment(hits[0].name, clean_zh_title(np) or np, True)


_ZH_NOT_LET = re.compile(r"(?:不能|不要|别|不该|不许|不用|不好)(?:再|总|老)?(?:让|叫)")


# What the speaker (or one named) has done, said on its own: "我报修了", "(小周)问过了", "我催了".
_ZH_DID = re.compile(r"[\u3400-\u9fff]{0,4}?(?<![要得去来会再先就])(?:报修|报上去|问|联系|通知|催|反映|上报|打过电话)(?:过)?了")


# What was once meant to be done, told as given up: "本来打算让小周把窗帘都洗一遍，现在看不用了".
ZH_MEANT_TO = re.compile(r"(?:本来|原本|原来)(?:我|我们|咱们)?(?:还|也)?(?:想|打算|准备|计划)(?:说|着)?")


def zh_assignments(text: str, prev: str, participants: Sequence[str]) -> list[Assignment]:
    """Chinese assignment forms in one clause: X负责Y, Y交给X, Y由X来做, 请X…, X来写Y, 给X吧."""
    if lx.PAST.search(text) or _ZH_DID.fullmatch(strip_punct(text)) or ZH_MEANT_TO.search(text):
        return []
    if lx.ZH_SPEAKS_NOW.fullmatch(re.sub(r"^[\u3400-\u9fff]{2,4}?(?=(?:先|再|也)?(?:补充|说|讲|汇报|提|点评))", "", strip_punct(text))):
        return []  # "我补充一点" (said by 韩东: "韩东补充一点"): the turn itself, no work
    if _ZH_TURN_GIVEN.search(text) and not lx.dates(text):
        return []  # "先请乙方陈经理简单汇报一下交付情况": the floor given now, no work
    if _ZH_NOT_LET.search(text):
        return []  # "还是不能让小陈一个人扛": who must not be left with it is given nothing
    recap = _zh_recap(text, prev, participants)
    if recap:
        return recap
    m = _ZH_HANDOVER.search(text)
    if m:
        name, end = _lead_name(text[m.end() :], participants)
        if name and m.group(0) == "给" and _ZH_TO_WHOM.match(text, m.end() + end):
            name = None  # "一个小时内给宋宇答复": 给 + a reply or a call names whom it goes to
        if name and m.group(0) == "给" and _ZH_SHOWN.match(text, m.end() + end) and (
                re.search(r"(?<![们])[你您]", text[: m.start()]) or _calls_other(prev, name, participants)
                # ("（你先试着剪，）剪完给老吴把关": the work finished, then shown to them)
                or re.fullmatch(r"[\u3400-\u9fff]{1,3}完(?:了|以后|之后)?(?:再|就)?", text[: m.start()])):
            name = None  # "亮哥，初稿下周四先给葛总看一版": whom the one called shows it to
        if (name and m.group(0) == "给" and (you := re.search(r"(?<![们])[你您]", text[: m.start()]))
                and (called := find_people(text[: you.start()], participants))
                and not re.sub(r"[吧啊呀哈]+$", "", strip_punct(text[m.end() + end :]))):
            # ("名单海洋你周五前给陈老师吧": the one called hands it in to them; the thing is the topic
            # said before, and what of it: "（报价单这边，）终版海洋你…" → 报价单终版)
            topic = clean_zh_title(text[: called[-1].start])
            before = _prev_title(prev)
            title = before + topic if before and topic and topic not in before else (topic or before)
            when = next((h.text for h in lx.dates(text[you.end() : m.start()])), None)
            return [Assignment(called[-1].name, title, True, when)] if title else []
        done_for = re.sub(r"(?:吧|了|啊|呢)$", "", strip_punct(text[m.end() + end :]))
        if (name and m.group(0) == "给" and (not clean_zh_title(text[: m.start()]) or re.search(r"[我你他她咱]", text[: m.start()]))
                and len(done_for) >= 2 and not re.fullmatch(r"(?:来|去)?(?:负责|处理|跟进|做|弄|搞|办)?(?:一下)?", done_for)):
            name = None  # "给金阿姨倒杯热水", "回去给孙子做饭": 给 + work done for them, not handed to them
        if name and m.group(0) in ("给", "交给") and (
            (re.match(r"^(?:再|然后|并|先)?(?:把|将)", text) and re.search(r"(?<![们])[你您]", prev))
            or re.search(r"(?<![们])[你您][^，,。]{0,8}?(?:把|将)", text[: m.start()])
        ) and not re.search(r"(?:活儿?|事儿?|事情|任务|工作|这块|项目)$", text[: m.start()]):
            # "思琪你先把第五章改完，把最终页码给文博", "陈静你把合同原件交给李明": what 你 hands to
            # them, not their work
            name = None
        if name and m.group(0) == "给" and re.search(r"我(?!们|看|觉得|想|建议|的意思|个人)[^，,。我]{1,10}$", text[: m.start()]):
            name = None  # "我周三前理一份给小邓": whom the speaker hands their work to
        said_when = [h for h in lx.dates(text) if h.end <= m.start()]
        if (name and m.group(0) in ("给", "交给") and said_when and said_when[0].start == 0
                and re.fullmatch(r"(?:之前|以前|前|内|之内)?(?:就|再)?", text[said_when[-1].end : m.start()])
                and not strip_punct(text[m.end() + end :])):
            return []  # "（你把施工图改一下，）周四之前给老唐": by when it is handed in, and to whom
        if name:
            y = text[: m.start()]
            rest = re.sub(rf"^(?:来|去)?(?:负责|{_V})?", "", text[m.end() + end :])
            title = clean_zh_title(y) or clean_zh_title(rest)
            return [Assignment(name, title, True)]
    m = _ZH_BY.search(text)
    if m:
        name, end = _lead_name(text[m.end() :], participants)
        if name is None and m.group(0) == "由" and (ours := re.match(r"(?:我们|咱们|我们的|咱们的)(?=[\u3400-\u9fff])", text[m.end() :])):
            name, end = _lead_name(text[m.end() + ours.end() :], participants)  # "由我们雨婷主笔": one of ours
            end += ours.end() if name else 0
        after = text[m.end() + end :]
        while name and (j := re.match(r"(?:和|与|、|及|跟)", after)):
            # "年终特稿由晓东和舒婷一起写": co-agents, one task each (``frames`` splits them)
            other, more = _lead_name(after[j.end() :], participants)
            if not other:
                break
            after = after[j.end() + more :]
        after = re.sub(r"^(?:一起|共同|一块儿?|合作|分别)", "", after)
        if name and m.group(0) == "由":
            after = re.sub(r"^(?:你们|您们|他们|她们|那边|这边|团队)", "", after)  # ("由陈经理你们负责": for their side)
        v = re.match(rf"(?:来|去)?(?P<verb>负责|主导|牵头|{_V}|来|去)", after)
        # (a participant named, not a word that only looks like a name)
        known = bool(name) and bool(find_people(text[m.end() : m.end() + end], participants))
        if name and m.group(0) == "有" and re.search(r"过|了", after[:6]):
            return []  # "去年有王五负责过": a report
        if name and m.group(0) == "有" and not known:
            name = None  # ("有人跟进")
        if name and (text[: m.start()].endswith("是") or re.search(r"的$", strip_punct(after))):
            return []  # "方案是由王芳提出的": who it came from, no work given
        if (name and not v and m.group(0) == "由" and known
                and clean_zh_title(text[: m.start()]) and _misheard_verb(strip_punct(after))):
            # "展位布置由王芳奇桶。": a participant, then the verb misheard as no word of the dictionary (牵头)
            return [Assignment(name, clean_zh_title(text[: m.start()]), True)]
        if name and v:
            y = text[: m.start()]
            title = clean_zh_title(y) or clean_zh_title(after[v.end() :]) or _prev_title(prev)
            return [Assignment(name, title, True)]
    m = _ZH_ASK.search(text)
    if m:
        start = m.end()
        name, end = _lead_name(text[start:], participants)
        if not name:
            start, name, end = _after_role(text, start, participants)
        if name:
            after = text[start + end :]
            # "麻烦陈静周四写一下报告": the day said before the verb is when it is due
            when = next((h for h in lx.dates(after) if h.start == 0), None)
            v = re.match(rf"(?:来|去|帮忙|帮|负责)?(?:一下)?(?P<verb>{_V}|{_ZH_ASKED_FIND})(?P<y>.*)$",
                         after[when.end :] if when else after)
            ba = _ba_order(after, ordered=True)
            # ("麻烦晓燕本月结账前把凭证装订好": an event said as a time before the 把 order, not its verb)
            if ba and v and re.match(r"[^，,。把将]{1,8}?(?:之前|以前|前|之后|以后|后|的时候)(?:再|先|就)?(?:把|将)", after[when.end :] if when else after):
                v = None
            if ba and not v:
                return [Assignment(name, ba[0], True, ba[1])]  # "让小李把会议纪要整理好发群里"
            if v:
                title = _verb_object_title(v.group("verb"), v.group("y"), text[: m.start("ask")], prev)
                return [Assignment(name, title, True, when.text if when else None)]
    for m in _ZH_NEED_FROM.finditer(text):
        # "她需要任工那边给一份完整的数据字段清单": what is needed from a participant's side is theirs
        name, end = _lead_name(text[m.end() :], participants)
        side = re.match(r"(?:那边|这边|那儿)(?:给|提供|出)(?:我们|我|她|他)?(?:一份|一个|一版|个|份)?(?P<y>[^，,。；;—、]{2,16})", text[m.end() + end :])
        if name and side and find_people(text[m.end() : m.end() + end], participants) and not lx.PAST.search(side.group("y")):
            title = clean_zh_title(side.group("y"))
            if len(title) >= 2:
                return [Assignment(name, title, True)]
    m = _ZH_RESP.search(text)
    if m:
        prefix = re.sub(r"(?:来|去|会|要|可以|主要)+$", "", text[: m.start()])
        topic, name = split_tail_name(prefix, participants)
        if name is not None and re.search(r"(?:和|与|、|及)$", topic) and _only_names(topic, participants):
            topic = ""  # "王五和李四负责压测": the names before are co-agents, not the work
        own = name is not None or bool(_ZH_SELF.search(prefix))
        if re.fullmatch(r"[\u3400-\u9fff]{1,4}?(?:完|好)(?:了|以后|之后|后)?", strip_punct(topic)):
            topic = ""  # ("印完小罗负责装订": when the step before is done, no thing)
        if own:
            if name is None:
                topic = _ZH_SELF.sub("", prefix)
            after = clean_zh_title(text[m.end() :])
            if len(after) <= 2 and clean_zh_title(topic):
                after = ""  # "登录弹窗张三负责重做": the work is what came before the name
            title = after or clean_zh_title(topic) or _prev_title(prev)
            return [Assignment(name, title, True)]
    m = _ZH_DOER.search(text)
    if m:
        topic, name = split_tail_name(text[: m.start()], participants)
        if name and (find_people(name, participants) or not clean_zh_title(topic)):
            ba = _ba_order(text[m.start() :], ordered=False)
            if ba and find_people(name, participants):
                return [Assignment(name, ba[0], True, ba[1])]  # "小李下周出差回来把报销弄了": 出 is no verb here
            title = clean_zh_title(m.group("verb") + _ZH_TITLE_VERB_FILLER.sub("", m.group("y")))
            if m.group("verb") in ("做", "搞", "弄", "负责") or not clean_zh_title(m.group("y")):
                title = clean_zh_title(m.group("y")) or clean_zh_title(topic) or _prev_title(prev)
            return [Assignment(name, title, True)]
    tc = _topic_comment(text, prev, participants)
    if tc is not None and not _ZH_YOU_DO.match(text, text.find(tc.owner or "\0") + len(tc.owner or "")):
        return [tc]
    for h in find_people(text, participants):
        # "用户画像这块刘洋你看一下": the work, then the person addressed in passing.
        v = _you_do(text, h.end)
        if v:
            before = text[: h.start]
            if (thing := refer.waited_on(re.sub(r"[，,]$", "", before))) is not None:
                before = thing  # "图纸批下来以后小宋你发给监理": what the work waits for is no part of it
            title = _verb_object_title(v.group("verb"), v.group("y"), before, prev)
            return [Assignment(h.name, title, True)]
    name, end = _lead_name(_ZH_LEAD_FILLER.sub("", text), participants)
    if name:
        # "陈晨跟进一下渠道结算的问题": a person then the verb, no auxiliary; not a report of
        # work done ("张三修复了…", "李四测试过").
        rest = re.sub(r"^(?:下来|回去|回头|抽空|有空)", "", _ZH_LEAD_FILLER.sub("", text)[end:])  # ("王芳下来跟一下")
        ba = re.match(rf"把(?P<y>.+?)(?P<verb>{_V})(?:一下|好|完)?$", rest)
        if ba and find_people(name, participants) and clean_zh_title(ba.group("y")):
            return [Assignment(name, clean_zh_title(ba.group("y")), True)]  # "郑丽华把规范文档改一下"
        ba_order = _ba_order(rest, ordered=False)
        if ba_order and find_people(name, participants):
            return [Assignment(name, ba_order[0], True, ba_order[1])]  # "小李这两天把库存盘一下", "小李抓紧把发票开了"
        v = re.match(rf"(?:一下)?(?P<verb>{_V})(?!了|过|完|好了)(?P<y>.*)$", rest)
        if v and find_people(name, participants):
            return [Assignment(name, _verb_object_title(v.group("verb"), v.group("y"), "", prev), True)]
    return []


# An order with a 把 object after the one who does it: "(让小李)把会议纪要整理好发群里", "(小李)这两天
# 把库存盘一下", "(小李)抓紧把发票开了". Said to the agent with 让/叫, any shape orders; said after
# their name alone it must show it is one (a date, an adverb of urgency or a done-work complement),
# since "小李把发票开了" reports as often as it asks.
# A time, a modal or an urging word said before 把 shows the order ("小李这周把周报写了").
_BA_SHOWS = "要|得|必须|务必|马上|赶紧|抓紧|尽快|立刻|回头|抽空|会后|顺便|顺手|今天|明天|这周|下周|这两天|上午|下午|中午|晚上"
_BA_LEAD = re.compile(rf"^(?:先|再|也|就|都|{_BA_SHOWS})*")
_BA_URGE = re.compile(rf"(?:{_BA_SHOWS})")
_BA_OBJECT = re.compile(rf"^把(?P<y>[^，,。；;把]{{1,16}}?)(?:(?P<verb>{_V})(?P<c>{lx.ZH_DONE}|了)?"
                        rf"|(?P<v1>[\u3400-\u9fff])(?P<c2>{lx.ZH_DONE}|了|到|给|过去|过来|回来|回去|出去|上来|上去|下来|下去|一(?P=v1)|一遍|一下|一次|一趟))")
_BA_AFTER = re.compile(r"^[\u3400-\u9fff]{1,4}?(?:回来|回去|以后|之后)(?:以后|之后)?(?=把)")
_BA_AT = re.compile(r"(?:要|得|必须|务必|需要|最好)?在")
_BA_OBJECT_END = re.compile(_BA_OBJECT.pattern + r"[吧啊哈]?$")
_BA_OBJECT_DONE = re.compile(rf"^把(?P<y>[^，,。；;把]{{1,16}}?)(?P<verb>{_V}|[\u3400-\u9fff])(?P<c>{lx.ZH_DONE})(?P<v1>)?(?P<c2>)?")


def _ba_order(rest: str, *, ordered: bool) -> tuple[str, str | None] | None:
    """(the object of a 把 order said right after its agent, the day said before it) (see
    ``_BA_OBJECT``), else None."""
    # "(王芳)得在周五之前把纪要整理出来": a modal and 在 before the day still lead with it.
    lead = next((h for h in lx.dates(rest) if h.start == 0 or _BA_AT.fullmatch(rest[: h.start])), None)
    body = rest[lead.end :] if lead else rest
    # ("(晓燕)本月结账前把凭证装订好": an event said as the limit before the 把 order)
    # (only after a date of its own: "你出发之前" alone says no date)
    event = re.match(r"^[^你我他她们，,。]{1,6}?(?:之前|以前|前)(?=(?:再|先|就)?(?:把|将))", body) if lead else None
    when = (lead.text if lead else "") + (event.group(0) if event else "") or None
    body = body[event.end() :] if event else body
    # "(小李下周)出差回来把报销弄了": what is done after an errand is still to do.
    after = _BA_AFTER.match(body)
    body = body[after.end() :] if after else body
    if re.search(r"[吗呢]$", rest) or (
        not ordered and re.search(r"(?:了|过)$", rest) and not _BA_URGE.search(rest) and after is None
    ):
        return None
    if re.match(r"(?:把|将)(?:这|那)?个?(?:门|窗户?)(?:关|开|关上|打开|带上)(?:一下|下)?(?:吧|啊)?$", body):
        return None  # ("小冬把门关一下": the door of the room, now — no work after the meeting)
    adv = _BA_LEAD.match(body)
    # The verb that closes the clause, when one does: "把回归测试跑完" is 回归测试, not 回归 before 测试.
    # ("把压力测试跑完再提测": else the verb its complement closes, not 测试 inside the object)
    m = (_BA_OBJECT_END.match(body[adv.end() :]) or _BA_OBJECT_DONE.match(body[adv.end() :])
         or _BA_OBJECT.match(body[adv.end() :]))
    if m is None:
        return None
    done = m.group("c") or m.group("c2")
    shown = ordered or when is not None or after is not None or _BA_URGE.search(adv.group(0)) or done not in (None, "了")
    title = clean_zh_title(m.group("y"))
    one = m.group("v1") or (m.group("verb") if m.group("verb") and len(m.group("verb")) == 1 else "")
    if (one and len(title) >= 3 and not is_word(title[-2:]) and title.endswith(m.group("y")[-1])
            and [f for _, f in mentions.words(title[-1] + one)] == ["v"]):
        title = title[:-1]  # "把凭证装订好": 装订 is one verb, not 订 after the object
    if len(title) == 1 and m.group("v1") and m.group("c2") == "给" and is_word(title + m.group("v1")):
        title += m.group("v1")  # "把清单给他": the object said whole, 给 the verb
    elif len(title) == 1 and m.group("v1"):
        title = m.group("v1") + title  # "把账对一下" → 对账
    if m.group("y") in ("它", "它们"):
        title = m.group("y")  # "你下周二前把它读完": a pointer, titled by what was said before it
    return (title, when) if shown and (len(title) >= 2 or title in ("它", "它们")) else None


# (the agent sees to it that everyone does it: 让大家 / 叫他们 / 督促各班)
_BA_BY_ALL = re.compile(r"^[，,\s]*(?:之前|以前)?[，,\s]*(?:让|叫|督促|提醒|通知|盯着)(?:大家|他们|她们|各组|各班|各店|所有人|全员|每个人)(?:都)?")


def ba_object(clause: str) -> str:
    """The object of a 把 order that makes up ``clause``, after its day and after whoever the agent
    has it done by ("这周五之前让大家把通风橱清一清" → 通风橱), else ""."""
    lead = next((h for h in lx.dates(clause) if h.start == 0), None)
    body = _BA_BY_ALL.sub("", re.sub(r"^(?:之前|以前|前)", "", clause[lead.end :]) if lead else clause, count=1)
    ba = _ba_order(body, ordered=True) if body.startswith("把") else None
    return ba[0] if ba and ba[0] not in ("它", "它们") else ""



# "你跟测序公司要一下…", "你帮金丽准备一下": a companion or beneficiary before the verb.
_ZH_WITH = r"(?:(?:跟|和|向|给|帮|替|找|去|来)[\u3400-\u9fffA-Za-z]{0,6}?)?"
# (a verb that opens when the work is done is not its verb: "你出发之前把样品寄给客户")
# (the time it is done said first is no part of it: "你每天下班锁门的时候顺手关一下空调")
_ZH_YOU_DO = re.compile(rf"\s*(?:你|您)(?:每天|每周|每次)?(?:[\u3400-\u9fff]{{1,10}}?的时候(?:顺便|顺手|就|先)?)?{_ZH_ADV}(?:来|去|帮忙|帮|负责)?{_ZH_WITH}(?:一下)?"
                        rf"(?P<verb>{_V})(?![\u3400-\u9fff]{{0,2}}?(?:之前|以前|之后|以后)[，,]?(?:先|就)?(?:把|将))"
                        # ("你改完周三前重新提交": what is done first, then the work)
                        rf"(?!完(?:了)?(?:以后|之后)?[\u3400-\u9fff]{{2}})(?P<y>.*)$")


def _you_do(text: str, at: int) -> re.Match[str] | None:
    """``_ZH_YOU_DO`` at ``at``, with its verb where a word starts: whom it is done with may hold a
    verb's character ("你去跟出版社那边协调一下": 出 of 出版社 is no verb; 协调 is)."""
    v = _ZH_YOU_DO.match(text, at)
    if v is None:
        return None
    starts, k = {}, at
    for w, f in mentions.words(text[at:]):
        starts[k] = (w, f)
        k += len(w)
    if v.start("verb") in starts:
        return v
    # (the next verb jieba finds where a word starts, ours or not)
    later = [(p, w) for p, (w, f) in sorted(starts.items()) if v.start("verb") < p <= v.start("verb") + 6 and f == "v"]
    if not later:
        return v
    # (whom it is done with stays with the verb: "跟出版社那边协调")
    p = next((q for q in sorted(starts) if q < v.start("verb") and starts[q][0] in ("跟", "和", "与", "同", "向", "找")), later[0][0])
    return re.compile(rf"(?P<verb>{re.escape(text[p : later[0][0] + len(later[0][1])])})(?P<y>.*)$").match(text, p)


# "年检资料钟华下周三之前准备好", "保温棉贺平去仓库领": the work, then who, then what they do.
_ZH_COMMENT = re.compile(rf"^\s*(?:你|您)?{_ZH_ADV}(?:再|重新|去|来|就|负责|帮忙)*")


# A bare 来/负责 closing "<work> X来" gives X the work; 来了 is an arrival, not a task.
ZH_BARE_COME = re.compile(r"\s*(?:你|您)?(?:就|也|还是|亲自)?(?:来|负责|来负责|来弄|来做|来吧|负责吧|(?:来|去)?(?:跟|盯|管|对接)(?:一下|着)?|全?包了)"
                           r"(?:吧|啊|哈)?")
_ZH_WHOSE_JOB = re.compile(r"的(?:活儿?|事儿?|任务|工作|责任)(?:了|吧|啊)?")


def _after_role(text: str, start: int, participants: Sequence[str]) -> tuple[int, str | None, int]:
    """ "让IQC的小周…", "让本科生小刘…": the person after a role that describes them."""
    for k in range(1, 8):
        prefix = text[start : start + k]
        name, end = _lead_name(text[start + k :], participants)
        if name and (prefix.endswith("的") or all(f.startswith("n") for _, f in mentions.words(prefix))):
            return start + k, name, end
    return start, None, 0


# When the work is done, said before the one who does it: no topic ("样品到了以后婷婷你拍图").
_WHEN_CLAUSE = re.compile(r"(?:以后|之后|的时候|了再)$")


def _topic_comment(text: str, prev: str, participants: Sequence[str]) -> Assignment | None:
    hits = find_people(text, participants)
    if len(hits) != 1 or hits[0].start == 0:
        return None
    h = hits[0]
    if re.search(r"了(?:就|再)?(?:跟|和|与|找|向|给)$", text[: h.start]):
        return None  # "价格谈好了跟秀英对一下账": once it is done, whom it is squared with — not who does it
    if re.search(r"给$", text[: h.start]) and _ZH_SHOWN.match(text, HONORIFIC.match(text, h.end).end()):
        return None  # "初稿下周四先给葛总看一版": whom it is shown to — not who does it
    if re.search(r"(?:帮|替)(?:一下)?$", text[: h.start]):
        return None  # "能不能帮小罗查一下": whom it is done for — not who does it
    if re.search(r"(?:就|只有|只剩|全靠)$", text[: h.start]) and re.match(r"(?:一个人|一人|俩人|两个人)", text[h.end :]):
        return None  # "夜班现在就小武一个人盯": who alone does it now, a state — no work asked
    # ("包装这事儿我老刘来办": the speaker naming themself after 我 takes it on)
    said_self = re.match(r"(?:来|去|负责|亲自|自己)", text[h.end :]) is not None  # (not "…我国庆后再交": a holiday)
    topic = clean_zh_title(re.sub(r"(?:就是|是|和|跟|与|的|(?<=[\u3400-\u9fff])我)$" if said_self else r"(?:就是|是|和|跟|与|的)$", "",
                                  text[: h.start]))
    if refer.no_work(topic) or re.search(r"[我你他她](?!们)", topic) or _WHEN_CLAUSE.search(topic) or (
            refer.waited_on(re.sub(r"[，,]?(?:请|麻烦)?$", "", text[: h.start])) is not None):
        # "回头彭飞把周报发群里": a time adverb before the agent is no topic; "不过我需要老周…": a
        # clause; "验收完了请…": what the work waits for
        return None
    rest = text[h.end :]
    if re.match(r"[你他她]?(?:当时|那时|那会儿|刚才|上次)", rest) or (
        re.search(r"是$", text[: h.start]) and not _ZH_WHOSE_JOB.fullmatch(rest)
        and re.fullmatch(r"[你他她]?[^，]*的[\u4e00-\u9fff]{0,4}", rest)
    ):
        # "关键是思琪你当时的处理": a comment on what was done; "饺子是金阿姨带着几个阿姨包的": who did it
        return None
    if len(topic) >= 2 and (
        ZH_BARE_COME.fullmatch(rest) or (re.search(r"是$", text[: h.start]) and _ZH_WHOSE_JOB.fullmatch(rest))
    ):
        # "那宣传片晓波来", "宣传片的话刘洋来吧", "数据迁移是王五的活儿": the work, then who.
        return Assignment(h.name, topic, True)
    # ("加工记录周志强今天下午就送过去": the time said right after the agent is when it is done)
    when = next((d.text for d in lx.dates(rest) if d.start == 0), None)
    rest = rest[_ZH_COMMENT.match(rest).end() :]
    if len(topic) < 2 or not rest or re.search(r"[了过]$|已经", rest):
        return None
    if not (re.search(rf"{_V}|一下", rest) or any(f.startswith("v") for _, f in mentions.words(rest))):
        return None
    # ("具体的意见我今晚把标注好的文档发你邮箱": what 把 takes is the thing worked on, the topic only its matter)
    ba = re.match(r"^[^，,。把将]{0,6}?(?:把|将)(?P<y>[^，,。]{2,16}?)(?:发|交|给|送|传|寄|改|整理|弄|做|写|放|贴|拿|带)", rest)
    thing = clean_zh_title(ba.group("y")) if ba else ""
    # (a noun phrase by construction, whatever jieba tags it: "标好的截图")
    return Assignment(h.name, thing if len(thing) >= 2 and not re.search(r"[我你他她它这那]", thing) else topic, True, when)
_ZH_BARE_VERBS = frozenset(
    {"负责", "搞", "弄", "做", "看一下", "看看", "处理", "跟进", "出", "写", "弄一下", "牵头", "盯", "盯一下", "跟一下", "对接", "整一下"}
)


def _work_before(before: str) -> str:
    """The work said before the verb, a modal after it aside; a time ("闭馆前要检查一遍") names none."""
    # ("对账单回执这块还得麻烦你牵头": the matter, its pointer and an adverb before the modal aside)
    t = clean_zh_title(re.sub(rf"(?<=[\u3400-\u9fffA-Za-z]{{2}})(?:这块|这一块|这边)?(?:还|也|就|都)?(?:{lx.ZH_MODAL})?$", "", before))
    return "" if re.search(rf"{lx.ZH_AT_TIME}$", t) else t


# A draft is of something: "代理词你先写个初稿" is the 代理词's draft.
DRAFTS = frozenset("初稿 草稿 终稿 定稿 初版 稿子 底稿 模板 新模板 新版 新版本 样表".split())


def _verb_object_title(verb: str, obj: str, before: str, prev: str) -> str:
    """The work of "<before> … <verb><obj>": verb + object when an object is said; otherwise the
    work named before the person ("对账脚本请王五来写" → 对账脚本), else the
    previous clause. A light verb (做/搞/负责) never stands in the title on its own."""
    obj_title = clean_zh_title(_ZH_TITLE_VERB_FILLER.sub("", obj))
    if re.fullmatch(r"[一两几]?[版份个下次遍稿页]", obj_title):
        obj_title = ""  # "聂强你出一版": a measure word, the work was named before
    before_title = _work_before(before)
    if not obj_title and re.match(r"(?:跟|和|与|同|向|找)[\u3400-\u9fff]{2}", verb):
        return clean_zh_title(verb)  # ("借人的事，你去跟物业那边商量": whom to settle it with is the work)
    if refer.asked_object(obj_title):
        # "预算的事，田甜你算一下要多少钱": the work is what was named before, done by the verb.
        base = next((t for t in (before_title, clean_zh_title(prev)) if len(t) >= 2 and not re.search(r"[我你他她]", t)), "")
        return base + verb.replace("一下", "") if base else ""
    if obj_title in DRAFTS and len(before_title) >= 2 and not re.search(r"[我你他她]", before_title):
        return before_title + obj_title  # "代理词你先写个初稿": a draft of what was named before
    if obj_title and len(before_title) >= 4 and len(obj_title) <= 2:
        return before_title  # "预留实例的采购让韦佳去走流程"
    if obj_title:
        gap = " " if re.search(r"[A-Za-z]$", verb) and re.match(r"[A-Za-z]", obj_title) else ""  # "sync design"
        return obj_title if verb in ("负责", "搞", "弄", "做") else clean_zh_title(verb + gap + obj_title)
    if len(before_title) >= 2:
        return before_title
    prev_title = clean_zh_title(prev)
    if prev_title and not re.search(r"[我你他她]", prev_title):  # "那就你们俩一起，祝凯牵头": no work
        return prev_title
    return "" if verb in _ZH_BARE_VERBS else clean_zh_title(verb)


_EN_NAME = r"(?P<x>" + EN_NAME + r"|I)"
_EN_MODAL = (
    r"(?:\s+will need to|'ll need to|\s+will|'ll|\s+is going to|\s+is gonna|'s going to|'s gonna|\s+shall|\s+should|"
    r"\s+is to|\s+needs to|\s+has to|\s+can|'d better)"
)
_EN_OWN_VERBS = (
    r"own|take care of|take over|take on|take|handle|lead|drive|be responsible for|be in charge of|"
    r"look after|cover|be handling|be working on|work on|pick up"
)
_EN_NOT_TASK = re.compile(
    r"^(?:be|have(?!\s+an?\s+(?:quick\s+|proper\s+)?(?:word|chat|look|go|talk|conversation)\s+(?:with|at|to|about)\b|\s+(?:the|a|an|our|my|your|their|those|these|that|this|it|them)\b[^.;!?]{0,40}?\s(?:ready|done|up|out|finished|sorted|drafted|signed|booked|fixed)\b(?!\s+(?:the|a|an|my|our)\b))|need|want|like|think|know|see(?!\s+(?:if|whether)\b)|go(?!\s+(?:through|over|round|around|(?:out\s+)?and|(?:look|check|fix|grab|get|pick|talk|find|buy|measure|inspect|sort|clean|collect|meet|visit|ask|see|sit down with|walk)\b))|come|leave|join|say|(?:talk|speak)(?!\s+(?:to|with)\s+(?:(?:the|our|their|your)\s+\w|(?-i:[A-Z])[a-z]))|agree|decide|love|hate|feel|"
    # ("let the recruitment team know" tells them: work)
    r"probably|also|not|never|get back|share|attend|be on|be out|be away|let(?!\s+(?!me\b|us\b)[\w' -]{2,40}?\s+know\b)|try|sure|the|a|an|"
    # Putting up with what was said, or promising only to talk again later, is no work.
    r"live with|put up with|cope with|go along with|circle back|loop back|touch base(?!\s+with\s+(?!(?:me|us|you|everyone)\b)[\w' -]+?\s+(?:about|on|re|regarding)\s)|"
    # Perception, patience and the call itself are no work: "can you hear me", "hang on", "mute".
    r"believe|hear|relax|calm down|hang on|hold on|wait|bear with|mute|unmute|sharing|stop sharing|speak up|"
    # Running the meeting itself is no work after it: "would you introduce them?", "I'll close the meeting".
    r"introduce (?:them|it|this|that|the item|the report|yourselves|yourself)|(?:take|walk|talk) us through|(?:take|walk|talk) (?:them|everyone|everybody|the team|the client) through(?=\s*$|\s*[.?!,]|\s+(?:it|this|the (?:plan|deck|update|numbers|agenda))\b)|"
    r"give us (?:an? |the )?(?:update|overview|rundown|summary)|update us|kick (?:us )?off|start us off|"
    r"run (?:us )?through (?:where we are|where things are|where we stand|what we have|the status)\b|go first\b|"
    r"(?:close|open|adjourn|end|wrap up) (?:the|this|today's) meeting|call (?:the|this) meeting to order|"
    r"second (?:it|that|the motion)|move (?:that|the motion)|"
    # Reading what was already sent is no work: "check your inbox", "look at your email".
    r"(?:check|look at|see) your (?:inbox|e-?mail|mail|messages|phone|whatsapp|dms?)\b|"
    # The room itself, now: "Des, shut the door, there's a draught", "turn the lights off".
    r"(?:shut|close|open|prop open) (?:the |that )?(?:door|window|blinds|curtains)s?\b(?![^.;]*\b(?:before|by|tonight|tomorrow|every|when)\b)|"
    r"turn (?:on |off |up |down )?(?:the )?(?:lights?|heating|fan|aircon|projector)(?: (?:on|off|up|down))?\b(?![^.;]*\b(?:before|by|tonight|tomorrow|every|when)\b)|"
    # A new date for work in hand is no work of its own: "could you make it Thursday morning?"
    r"(?:make it|aim for|go for)\s+(?=(?:the\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:the\s+)?\d|tomorrow\b|tonight\b|next\b|end of\b)|"
    # Taking the blame is no work: "I'll take a beating on it at half ten".
    r"take (?:a|the) (?:beating|hit|flak|heat|blame|fall)|"
    # …and so is taking one's turn to speak: "Kevin, you want to start?"
    # ("do you want to start with the brewhouse?", "Anjali, give us the numbers.": the floor given)
    r"(?:start|begin|go first|kick off)(?:\s+with\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?)?(?=\s*[?.!]?\s*$)|"
    r"give us (?:an? |the |your )?(?:numbers|figures|stats|status|headlines|lowdown|latest)(?=\s*[?.!]?\s*$)|"
    # …and so is leaving it: "I've got to run", "I need to dash".
    r"(?:run|dash|head off|shoot off|jump off|hop off)(?=\s*[?.!,]?\s*$)|"
    # A request cut off by the speaker changing their mind: "Jamal, can you — actually, no, I'll…"
    r"actually|sorry|scratch that|never\s*mind|no|"
    r"revert)\b",  # Indian English "revert": reply
    re.IGNORECASE,
)
# Getting a thing into a state is the work: "I'll have a fix up tonight", "I can have the deck ready by Friday".
_EN_HAVE_READY = (r"have(?=\s+(?:the|a|an|our|my|your|their|those|these|that|this|it|them)\b[^.;!?]{0,40}?\s"
                  r"(?:ready|done|up|out|finished|sorted|drafted|signed|booked|fixed)\b(?!\s+(?:the|a|an|my|our)\b))")
_EN_SELF_VERBS = re.compile(
    rf"^(?:{_EN_OWN_VERBS}|do|write|fix|update|prepare|draft|send|follow up on|follow up|review|set up|{_EN_HAVE_READY})\b",
    re.IGNORECASE,
)
_EN_MODAL_RE = re.compile(rf"(?:^|\b){_EN_NAME}{_EN_MODAL}\s+(?:also\s+)?(?P<vp>.+)$")
_EN_OWN_RE = re.compile(rf"^(?:{_EN_OWN_VERBS})\s+(?P<y>.+)$", re.IGNORECASE)
_EN_GIVE_RE = re.compile(
    r"\b(?i:give|assign|hand|pass|hand over|move|switch|reassign|change)\s+(?P<y>.*?)\s*(?:over\s+)?to\s+(?P<x>" + EN_NAME_WORD + r")\b"
    r"(?!\s+\d)"  # (a place numbered is no one: "…the crates over to Bay 6")
)
_EN_KEEP_RE = re.compile(r"\b(?i:keep|leave)\s+(?P<y>(?!(?:it|that|this)\s+with\s+you\b).+?)\s+with\s+(?P<x>" + EN_NAME_WORD + r")\b")
_EN_ONX_RE = re.compile(
    r"^(?P<y>.+?)\s+(?:goes to|goes back to|is back with|is on|is assigned to|will be owned by|will be handled by|is owned by|belongs to)\s+"
    r"(?P<x>" + EN_NAME_WORD + r")\b"
)
# How a request to the person addressed opens ("please", "can you", "let's have you", "I need you to").
_EN_REQUEST = (
    r"(?:please|can you|could you|would you|will you|let'?s have you|i(?:'d| would) (?:also )?like you to|"
    r"i (?:also |just |really )?(?:need|needed|want|wanted) you to|"
    r"we need you to|you(?:'ll| will| should| need to| can| could))"
)
# Plain imperatives of work, for "Olu, get the euro account reconciled by Friday" (general verbs).
_EN_IMPERATIVE = (
    r"(?:get|send|draft|write|check|book|update|prepare|call|email|ping|review|set up|fix|run|chase|follow up|"
    r"schedule|organi[sz]e|put together|pull|share|compile|collect|contact|reach out|order|buy|test|"
    r"finish|complete|file|submit|confirm|look into|investigate|sort out|figure out|make sure|reconcile|"
    r"add|create|build|clean up|deploy|document|reply|respond|arrange|coordinate|own|handle|take|"
    r"work on|deal with|look at|look after|go through|put in|hand in|turn in|fill in|fill out|send in|send out)"
)
_EN_ASK_RE = re.compile(
    rf"^(?:action item:?\s*)?{_EN_NAME},?\s+(?i:{_EN_REQUEST}|to)\s+(?:(?i:also|just|quickly)\s+)?(?P<vp>.+)$"
)
_EN_CAN_X_RE = re.compile(
    r"^(?:so\s+|and\s+|then\s+|ok(?:ay)?,?\s+)?(?i:can|could|would|will)\s+(?P<x>" + EN_NAME + r")(?:\s+and\s+" + EN_NAME_WORD + r")?\s+(?:(?:please|also|just|quickly)\s+)?"
    r"(?P<vp>(?!be\b|have\b|make it\b|join\b|come\b|attend\b)[a-z]+\s+.+)$"
)
# "Dave's on the vendor questionnaire", "Bob is handling the cutover".
_EN_XON_RE = re.compile(
    r"^(?P<x>" + EN_NAME + r")(?:'s|\s+is)\s+(?:on|handling|owning|driving|leading|covering|taking|in charge of|"
    r"responsible for|working on|picking up)\s+(?P<y>(?!(?:the\s+)?(?:call|line|phone|team|way|site|it|this|that|mute|leave|"
    r"holiday|vacation|break|board|speaker|camera|track|time|order|backorder|hold|schedule|sale|loan|display|too|as well|here|now|today|tonight|zoom|teams)\b|(?:[a-z]+\s+)?duty\b"
    # (a device they talk through: "Steve, you're on the truck speaker again")
    r"|(?:the\s+|your\s+)?[a-z]+\s+(?:speaker|phone|line|camera|headset|radio|wifi|connection)\b).+)$"
)
_EN_I_ARRANGE = re.compile(r"\bI(?:'ll| will| can|'m going to| am going to)\s*$")
_EN_HAVE_RE = re.compile(r"\b(?:please have|let'?s have|have|ask)\s+(?P<x>" + EN_NAME_WORD + r"(?: " + EN_NAME_WORD + r"(?= [a-z]))?)\s+(?P<vp>[\w-]+\s+.+)$")
# What a pronoun object may be: the work asked of them, pointed back to ("do it", "I'll do both").
_EN_PRONOUN_OBJECTS = r"it|that|this|them|both|both of them|all of it|all of them"
_PRONOUN_OBJ = re.compile(rf"^(?:{_EN_PRONOUN_OBJECTS}|the task|the work)?$", re.IGNORECASE)
_PRO_FORM = re.compile(rf"(?:do|take|handle|sort|manage)\s+(?:{_EN_PRONOUN_OBJECTS}|so|the needful)|(?:the\s+)?needful|"
                       rf"have\s+(?:{_EN_PRONOUN_OBJECTS})\s+\w+", re.IGNORECASE)  # ("I can have it done by Wednesday")
_REFLEXIVE = re.compile(r"\s+(?:myself|yourself|himself|herself|ourselves|themselves)$", re.IGNORECASE)


# "Ben's writing the methods section", "Yuki is doing the figures": the progressive of a verb of
# work is a plan said of that person; states, motion and talk are not work.
_EN_PROGRESSIVE_RE = re.compile(
    r"^(?:and\s+|so\s+|then\s+)?(?P<x>" + EN_NAME + r")(?:'s|\s+is)\s+(?:also\s+|still\s+)?(?P<v>[a-z]+ing)\s+"
    r"(?P<y>(?:up\s+|out\s+)?(?:the|a|an|our|their|his|her|all|some|this|that|those|these)\b.+"
    # (whom they contact, by name: "Kit is calling St. Anne's", "Dev's ringing the Bramleys")
    r"|(?:(?<=calling )|(?<=ringing )|(?<=phoning )|(?<=emailing )|(?<=texting )|(?<=contacting ))(?-i:[A-Z])[\w'.’-]*(?:\s+(?-i:[A-Z])[\w'.’-]*)*(?:\s+(?:about|re|for)\b.+)?)\s*[.!]?$"
)
_EN_NOT_WORK_ING = frozenset(
    "being going coming thinking saying feeling looking waiting leaving joining travelling traveling trying "
    "getting having seeing hoping wondering talking asking telling using wearing sitting staying living "
    "working".split()
)
# "hiring the pickers and sorting out their badges": two pieces of work, one each.
_EN_ING_AND = re.compile(r"\s+and\s+(?=[a-z]+ing\b)")


def _en_one_each(name: str, y: str) -> list[Assignment]:
    parts = [clean_en_title(p) for p in _EN_ING_AND.split(y)]
    return [Assignment(name, p, True) for p in parts if p]


def _en_progressive(text: str, participants: Sequence[str]) -> list[Assignment]:
    m = _EN_PROGRESSIVE_RE.match(text.strip())
    if not m or m.group("v") in _EN_NOT_WORK_ING or not find_people(m.group("x"), participants):
        return []
    ok, name = _en_owner(m.group("x"), participants)
    if not (ok and name):
        return []
    v, y = m.group("v"), m.group("y")
    if y[:1].isupper() and find_people(y, participants):
        return []  # ("Dev's calling Lena": one of the room, being called now)
    # A light verb is no part of the title: "doing the figures" → figures.
    work = y if v in ("doing", "handling", "owning", "taking", "covering") else f"{v} {y}"
    return _en_one_each(name, work)


# A recap of who brings what by when: "So Sam's ranking by tomorrow noon", "Priya's slides by
# Friday". The deadline makes the possessive a piece of work, not a remark ("Sam's fine").
_EN_RECAP_RE = re.compile(
    r"^(?:(?i:so|and|then|okay|ok|right|recap|to recap)[\s,:]+)*(?P<x>" + EN_NAME_WORD + r")'s\s+(?P<y>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
    r"\s+(?P<due>(?:by|before|on|for)\s+.+?)[.!]?$"
)


# What follows "X's" when it is a state, not a possession: "Sam's back on Monday", "Lena's fine with that".
_EN_STATE = frozenset(
    "fine back off out away here there happy okay ok good great right sick busy free on in been got going gone not also "
    "still already just with that it this them available around coming leaving travelling traveling off".split()
)


def _en_recap(text: str, participants: Sequence[str]) -> list[Assignment]:
    m = _EN_RECAP_RE.match(text.strip())
    if not m or not find_people(m.group("x"), participants):
        return []
    due = lx.deadlines(m.group("due"))
    words = m.group("y").split()
    if not due or due[0].start != 0 or words[0] in _EN_NOT_IMPERATIVE or words[0] in _EN_STATE or _EN_STATE & set(words[1:]):
        return []
    return [Assignment(find_people(m.group("x"), participants)[0].name, clean_en_title(m.group("y")), True, due[0].text)]


def _en_owner(x: str, participants: Sequence[str]) -> tuple[bool, str | None]:
    if x == "I":
        return True, None
    name = resolve_slot(x, participants)
    return name is not None, name


_EN_BE_THERE_TO = re.compile(r"^be\s+(?:here|there|around|in|on site|onsite|in the office|at the \w+)\b[^,.?!]{0,40}?\bto\s+(?=[a-z])",
                             re.IGNORECASE)


# The call itself, however the one asked is said: "(Can everyone) on the phone hear me?"
_EN_ON_THE_CALL = re.compile(r"(?i)\b(?:hear|see) (?:me|us|my screen|the screen)\b")


def _en_vp_title(vp: str) -> str | None:
    """Title of a verb phrase, or None when the phrase is not work ("be on leave")."""
    vp = vp.lstrip("—–- ")
    there = _EN_BE_THERE_TO.match(vp)
    if there:
        # "be here Monday to let the sign company in": letting them in is the work
        return clean_en_title(vp[there.end() :]) or None
    if _EN_NOT_TASK.match(vp) or _EN_ON_THE_CALL.search(vp):
        # ("go to the depot and collect the pallets": going is no work, what is done there is)
        go = _EN_GO_THEN.match(vp)
        return _en_vp_title(vp[go.end() :]) if go else None
    own = _EN_OWN_RE.match(vp)
    return clean_en_title(own.group("y") if own else vp)


# Going somewhere first, then the work: "go to the depot (yourself) and …", "go over to the bank, …".
_EN_GO_THEN = re.compile(r"go\s+(?:over\s+|down\s+|up\s+|out\s+|round\s+)?(?:to\s+)?[\w' -]{1,30}?"
                         r"(?:\s+yourself)?(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?=[a-z]{2,}\s)", re.IGNORECASE)
_EN_AND_NAME = re.compile(r"(?:,\s*|\s+)(?:and|while|then)\s+(?=[A-Z])")
_EN_NOT_3RD = frozenset(
    "is was has does says thinks wants needs knows likes seems looks feels means gets goes comes "
    "agrees mentions asks tells hopes guesses believes suggests prefers loves hates misses plans "
    # (how someone is, said of them: "Lou worries at night", "Mo laughs at everything")
    "cries laughs worries panics complains moans whinges sleeps lives stays swears reckons remembers forgets "
    "always perhaps sometimes nowadays".split()
)
_EN_3RD_RE = re.compile(r"^(?:then\s+|so\s+|and\s+)?(?P<x>[A-Z][\w-]*(?: [A-Z][\w-]*)?)\s+(?P<v>[a-z]+s)\s+(?P<y>.+)$")
_EN_PRONOUN_LEAD = re.compile(r"^\w+(?:\s+(?:up|out|over|back))?\s+(?:it|them|that|this|those|these)\b", re.IGNORECASE)


# A habit or a standing role is not work asked for now.
_EN_HABIT = re.compile(r"\b(?:usually|normally|always|generally|typically|often|sometimes|traditionally|every (?:week|month|"
                       r"day|year|time)|for years)\b", re.IGNORECASE)
_EN_RUNS = frozenset("runs manages leads heads oversees supervises".split())
_EN_UNIT = re.compile(r"\b(?:team|office|department|warehouse|site|branch|store|shop|lab|unit|division|group|function|"
                      r"desk|floor|ward|plant|kitchen|studio|practice|clinic|school|region)s?\s*[.!?]?$", re.IGNORECASE)


def _base_verb(v: str) -> str:
    """sends → send, chases → chase, carries → carry, pushes → push."""
    if v.endswith(("ches", "shes", "sses", "xes", "zes")):
        return v[:-2]
    if v.endswith("ies") and len(v) > 4:
        return v[:-3] + "y"
    return v[:-1]


def _en_third_person(text: str, participants: Sequence[str]) -> Assignment | None:
    """ "Pedro owns the photo shoot", "Callum sends the headcount by the 15th": a participant, then
    a present-tense verb of work (plans read as assignments)."""
    m = _EN_3RD_RE.match(text.strip())
    if not m or not find_people(m.group("x"), participants):
        return None
    if _EN_HABIT.search(text) or (m.group("v") in _EN_RUNS and _EN_UNIT.search(m.group("y"))):
        return None  # "Sam handles the big accounts usually", "Omar runs the warehouse": who they are
    if m.group("v") in _EN_NOT_3RD:
        return None
    ok, name = _en_owner(m.group("x"), participants)
    title = _en_vp_title(f"{_base_verb(m.group('v'))} {m.group('y')}")
    # (said in the present, it is how a summary restates work: "So Hiroshi sends the RFI, …")
    return Assignment(name, title, True, recap=True) if ok and name and title else None


def en_assignments(text: str, prev: str, participants: Sequence[str]) -> list[Assignment]:
    """English assignment forms: X will own Y, X, please V Y, give Y to X, Y goes to X, X to V Y;
    several in one clause when joined by "and" ("Rohan chases the agreement and Mirela collects
    the slides"), each with the deadline said in its own part."""
    if (asked := _en_asked_to(text, participants)):
        return asked
    if lx.PAST.search(text):
        return []
    text = en_polite(text)
    parts = _EN_AND_NAME.split(text)
    if len(parts) > 1:
        found: list[Assignment] = []
        for part in parts:
            for a in _en_one(part, prev, participants) or _en_one_3rd(part, participants):
                due = next((h.text for h in lx.deadlines(part)), "")  # "": none in its own part
                found.append(Assignment(a.owner, a.title, a.named, due, a.recap))
        if found:
            return found
    return _en_one(text, prev, participants) or _en_one_3rd(text, participants)


def _en_one_3rd(text: str, participants: Sequence[str]) -> list[Assignment]:
    a = _en_third_person(text, participants)
    return [a] if a else []


# "Lorraine volunteered to run the bake sale", "Tony said he'd do the barbecue": a person's own
# offer, reported, is their work (a past verb of offering, not work done).
_EN_OFFERED_RE = re.compile(
    r"^(?:and\s+|so\s+|also\s+)?(?P<x>" + EN_NAME_WORD + r")\s+(?:has\s+|already\s+)?(?:volunteered|offered|agreed|promised|"
    r"said (?:he|she|they)(?:'d| would| will|'ll))\s+(?:to\s+)?(?P<vp>[a-z]+\s+.+)$"
)


# "I asked Amir to check whether our licence covers it", "I've told Dana to book the van": a request
# the speaker made before the meeting, reported — the work is still the one asked's.
_EN_ASKED_TO_RE = re.compile(r"^(?:and\s+|so\s+|also\s+)?I(?:'ve|\s+have)?\s+(?:already\s+)?(?:asked|told)\s+(?P<x>" + EN_NAME_WORD
                             + r")\s+to\s+(?P<vp>(?!(?:stay|wait|keep quiet|calm down|leave|hold off|stop)\b)[a-z]+\s+.+)$")


def _reported(rx: re.Pattern[str], text: str, participants: Sequence[str]) -> tuple[str, str] | None:
    """(the participant, the work) of a reported offer or request ``rx`` matches, else None."""
    m = rx.match(text.strip())
    if not m:
        return None
    ok, name = _en_owner(m.group("x"), participants)
    title = _en_vp_title(m.group("vp"))
    return (name, title) if ok and name and title and not _PRONOUN_OBJ.match(title) else None


def _en_asked_to(text: str, participants: Sequence[str]) -> list[Assignment]:
    said = _reported(_EN_ASKED_TO_RE, text, participants)
    return [Assignment(said[0], said[1], True)] if said else []


def _en_offered(text: str, participants: Sequence[str]) -> list[Assignment]:
    said = _reported(_EN_OFFERED_RE, text, participants)
    if said is None:
        return []
    name, title = said
    light = re.match(r"^(?:do|handle|take care of|run|own|cover)\s+(?:the\s+)?(?P<y>.+)$", title)
    return [Assignment(name, clean_en_title(light.group("y")) if light and title.startswith("do ") else title, True)]


def two_dated(vp: str) -> list[tuple[str, str | None]]:
    """"do a preview Saturday and the match report Sunday night": one verb, two objects, each with
    its own day — two pieces of work, each due when said; "get the trophy order in by Monday and send the
    draw to Ingrid": the second with no day of its own; [] for any other verb phrase."""
    hits = lx.dates(vp)
    if len(hits) == 1 and (then := _EN_THEN_ORDER.match(vp, hits[0].end)) and re.match(r"[a-z]+\s+\S", vp, re.IGNORECASE):
        a, b = clean_en_title(vp[: hits[0].start]), clean_en_title(then.group("b"))
        # ("ring the league Monday and tell them…": what the call is for is one piece with it)
        return [(a, hits[0].text), (b, None)] if a and b and not reach_then(a) else []
    if len(hits) < 2:
        return []
    first, second = hits[0], hits[1]
    joined = re.match(r"\s+and\s+(?:(?:then|also)\s+)?(?P<b>[a-z].*)$", vp[first.end : second.start], re.IGNORECASE)
    verb = re.match(r"[a-z]+(?:\s+(?:up|out|over|off|on|back|through))?\s+", vp, re.IGNORECASE)
    if not joined or not verb or lx.dates(joined.group("b")):
        return []
    a = clean_en_title(vp[: first.start])
    rest = re.sub(r"\s+(?:on|by|for)$", "", joined.group("b").strip())
    # ("send Nigel the list today and re-inspect the lanes by Monday": a verb of its own, no object shared)
    own_verb = not _EN_OBJECT_OPENS.match(rest)
    b = clean_en_title(rest if own_verb else verb.group(0) + rest)
    return [(a, first.text), (b, second.text)] if a and b and a.lower() != verb.group(0).strip().lower() else []


# After a dated order, another with its own verb and object: "… by Monday and send the draw to Ingrid".
_EN_THEN_ORDER = re.compile(r",?\s+and\s+(?:(?:then|also)\s+)?(?P<b>(?!(?:I|we|you|he|she|they|it|that|this|the|a|an)\b)[a-z]+"
                            r"(?:\s+(?:up|out|over|off|back))?\s+(?:(?:me|us|them|him|her|[A-Z][a-z]+)\s+)?"
                            r"(?:the|a|an|our|your|their|his|her|those|these|all|some)\s+\S.*)$")
_EN_OBJECT_OPENS = re.compile(r"(?:the|a|an|our|their|his|her|my|your|its|this|that|these|those|some|all|both|each|every|"
                              r"one|two|three|four|five|\d+)\b", re.IGNORECASE)


def _en_one(text: str, prev: str, participants: Sequence[str]) -> list[Assignment]:
    found = _en_offered(text, participants)
    if found:
        return found
    m = _EN_GIVE_RE.search(text)
    if m:
        ok, name = _en_owner(m.group("x"), participants)
        if ok and name:
            y = m.group("y")
            title = "" if _PRONOUN_OBJ.match(y.strip()) else clean_en_title(y)
            return [Assignment(name, title, True)]
    m = _EN_KEEP_RE.search(text)
    if m:
        # "let's keep the templates with Thanh": the work stays with (or goes back to) that person.
        ok, name = _en_owner(m.group("x"), participants)
        title = "" if _PRONOUN_OBJ.match(m.group("y").strip()) else clean_en_title(m.group("y"))
        if ok and name and find_people(m.group("x"), participants):
            return [Assignment(name, title, True)]
    m = _EN_ONX_RE.search(text)
    if m:
        ok, name = _en_owner(m.group("x"), participants)
        if ok and name:
            return [Assignment(name, clean_en_title(m.group("y")), True)]
    m = _EN_XON_RE.search(text)
    if m:
        ok, name = _en_owner(m.group("x"), participants)
        title = clean_en_title(m.group("y"))
        if ok and name and title:
            return _en_one_each(name, m.group("y"))
    found = _en_progressive(text, participants) or _en_recap(text, participants)
    if found:
        return found
    m = _EN_CAN_X_RE.match(text.strip())
    if m and find_people(m.group("x"), participants):
        # "Can Maria book the room for Thursday?": a request to someone in the meeting.
        ok, name = _en_owner(m.group("x"), participants)
        title = _en_vp_title(m.group("vp"))
        if ok and name and title and not _PRONOUN_OBJ.match(title):
            return [Assignment(name, title, True)]
    for rx in (_EN_ASK_RE, _EN_HAVE_RE):
        m = rx.search(text)
        if m:
            if rx is _EN_ASK_RE and m.group(0).lower().startswith(m.group("x").lower() + " to "):
                # "X to V Y" (action-item shorthand) only for someone in the meeting: "Welcome to …".
                if not find_people(m.group("x"), participants):
                    continue
            if rx is _EN_HAVE_RE and m.group("vp").split()[0].lower() in _EN_NOT_IMPERATIVE:
                continue  # "You have Mei at exceeds": having someone somewhere is no request
            ok, name = _en_owner(m.group("x"), participants)
            if ok and name and name not in participants and rx is _EN_HAVE_RE and _EN_I_ARRANGE.search(text[: m.start()]):
                name = None  # ("I'll have the apprentice, Jo, do them": someone not in the room, seen to by the speaker)
            if ok and (name or (rx is _EN_HAVE_RE and _EN_I_ARRANGE.search(text[: m.start()]))):
                title = _en_vp_title(m.group("vp"))
                if title is not None:
                    return [Assignment(name, title, True)]
    m = _EN_MODAL_RE.search(text)
    if m:
        ok, name = _en_owner(m.group("x"), participants)
        vp = m.group("vp")
        if _EN_HAPPENS.match(vp):
            return []  # ("The gym should open by ten": what a thing does, no one's work)
        if name is None and _EN_PRONOUN_LEAD.match(vp):
            return []  # "I'll send them after this call": agreeing to work already asked for
        if ok and (name is not None or _EN_SELF_VERBS.match(vp)):
            title = _en_vp_title(vp)
            if title is not None and (two := two_dated(vp)):
                return [Assignment(name, t, True, d) for t, d in two]
            topic = _EN_TOPIC_FIRST.fullmatch(text[: m.start()].strip())
            if title is not None and topic and (_EN_NO_OBJECT.fullmatch(title) or (not title and _EN_NO_OBJECT.match(vp))):
                title = clean_en_title(topic.group("np"))  # "The calendar I'll get to this week": the thing said first
            elif title and topic and re.fullmatch(r"[a-z]+", title) and not _EN_TIME_NP.search(topic.group("np")):
                # ("The name badges I'll print tomorrow": the plan's own verb, on the thing said first)
                np = topic.group("np")
                title = clean_en_title(f"{title} {np[:1].lower()}{np[1:]}")
            if title is not None:
                # "I'll do it myself", "I will do the needful": a pro-form of the work asked for.
                title = _REFLEXIVE.sub("", title)
                if _PRONOUN_OBJ.match(title) or _PRO_FORM.fullmatch(title):
                    title = ""
                return [Assignment(name, title, True)]
    return []


# What a thing does, by itself: "…should open by ten", "…will land Thursday" (a verb with no object).
_EN_HAPPENS = re.compile(r"(?:open|close|arrive|land|happen|last|reopen)(?:\s+(?:by|before|at|on|around|in|if|when|after|again)\b.*|[\s.!]*)$",
                         re.IGNORECASE)
# The thing put first, then the speaker's plan with no object of its own: "The calendar I'll get to
# this week", "That one I'll handle".
_EN_TOPIC_FIRST = re.compile(r"(?:(?:and|but|so|as for)\s+)?(?P<np>(?:the|that|this|those|these|our|my)\s+[\w'-]+(?:\s+[\w'-]+){0,4})",
                             re.IGNORECASE)
# A time said first is no thing: "This week I'll …", "That morning I'll …".
_EN_TIME_NP = re.compile(r"(?i)\b(?:week|weekend|month|year|morning|afternoon|evening|night|time|day|one|ones|bit)\b")
_EN_NO_OBJECT = re.compile(r"(?:get to|get round to|get around to|deal with|look at|sort|handle|do|take care of|chase|finish|"
                           r"sort out|fix|update|look into|pick up|take)", re.IGNORECASE)


# What the speaker has not done yet: "I haven't done the moisture test", "we still haven't sent the quote".
EN_NOT_DONE_YET = re.compile(r"\b(?:I|we)\s+(?:still\s+)?(?:haven't|have not|didn't|did not)\s+(?:\w+\s+)?(?:done|sent|booked|finished|filed|started|"
                              r"checked|ordered|called|written|submitted|run|tested|fixed|signed|made|updated|do|send|book|finish|file|"
                              r"check|order|call|write|submit|run|test|fix|sign|update)\s+(?:the|our|my|that|those|these)\s+"
                              r"(?P<np>[a-z][\w' -]{1,40}?)(?:\s+yet)?$", re.IGNORECASE)


def assignments(text: str, prev: str, participants: Sequence[str]) -> list[Assignment]:
    if lx.LEAVE.search(text):
        return []  # "李四下周出差", "Alice will be out tomorrow": an absence, not work
    if has_cjk(text):
        out = zh_assignments(text, prev, participants)
        need = re.match(r"^(?:但是|可是|不过|就是|那)?(?:还)?(?:需要|得)", text)
        if need and any(a.title in ("需要", "得") for a in out):
            # ("但是需要阿杰出几张图": the need word read as the thing; one needed to do it is asked, as 让 asks)
            out = zh_assignments("让" + text[need.end() :], prev, participants)
        return out
    # "Anything else I can do?": an offer of help whose only "work" is the verb names no task.
    return [a for a in en_assignments(text, prev, participants)
            if a.owner is not None or a.title.lower() not in _EN_LONE_VERBS]


_EN_LONE_VERBS = frozenset("do help handle take own cover manage sort fix it that this".split())


# An ask of "you" ("can you give the press…"), after a day said first: "Ana, Monday could you ring the depot?"
_EN_ASK_SHAPE = re.compile(r"(?:can|could|would|will) you\s+(?:please\s+)?[a-z]+\s+\S", re.IGNORECASE)
_EN_IMPERATIVE_SHAPE = re.compile(
    r"^(?:you\s+)?(?P<vp>(?P<v>(?:re-|pre-|co-|double-)?[a-z]+)(?:\s+(?:up|out|over|back|off|down|in|through|together|forward|round))?\s+(?:(?:me|us)\s+)?"
    # (or a name: "put Lou on the board", "call Dana back")
    r"(?:(?:the|a|an|our|your|their|all|some|those|these|every|each)\s+\w|(?:Mr|Mrs|Ms|Dr|Miss)\.?\s+[A-Z]|[A-Z][a-z]+\b|"
    # (or the thing asked about, by a pronoun, with the day: "settle it by Friday")
    r"(?:it|that|them)\s+(?=(?:by|before|today|tonight|tomorrow|this\s+(?:week|afternoon|evening)|first thing)\b)).*)$"
)
# ("over to you" hands over the floor, not the work)
_EN_BACK_TO_YOU = re.compile(r"^\s*(?:(?:it's|it is|that's|that is|it goes)\s+)?back\s+to\s+you\s*[.!]?\s*$|^\s*you\s+do\s*[.!]?\s*$",
                             re.IGNORECASE)
# "you" and a verb done with, to or for someone or something: said to the one called, an order.
_EN_YOU_DO_WITH = re.compile(r"^you\s+(?P<vp>(?P<v>[a-z]+)\s+(?:with|to|for|through|into)\s+(?:the|a|an|our|your|their|all|those|these|every|each)\s+\w.*)$")
# Work to go on with, said to the one called: "keep chasing the supplier", "carry on calling round".
_EN_KEEP_AT = re.compile(r"^(?P<vp>(?:keep|carry on|keep on)\s+(?!it\b|going\b|quiet\b|calm\b|safe\b|warm\b)[a-z]+ing\b(?:\s+(?:on|at|for|with|round|around|up|after))?\s+\S.*)$",
                         re.IGNORECASE)
# "then you resubmit to cert by …": a plain present said to the one called, with its date.
_EN_YOU_DO_BY = re.compile(r"^(?:(?:then|so|and|okay|ok|right)[,\s]+)*you\s+(?P<vp>(?P<v>(?!(?:are|were|have|had|can|could|"
                           r"will|would|should|must|might|may|need|want|know|think|said|did|do|got)\b)[a-z]+)\b.+)$",
                           re.IGNORECASE)
# Past forms no request is said in ("you forgot the cones", "you left the gate open").
_EN_PAST_ONLY = re.compile(r"(?i)forgot|broke|took|wrote|went|gave|lost|told|said|did|made|came|drove|sold|bought|brought|"
                           r"thought|caught|spent|built|sent|left|kept|met|missed|forgotten|done|seen|been|"
                           r"froze|ran|got|won|fell|felt|heard|held|knew|meant|paid|rang|sat|saw|spoke|stood|stuck|threw|woke|slept")
_EN_NOT_IMPERATIVE = frozenset(
    "is are was were be been am does did will would can could should shall may might must have has had "
    "i you we they he she it that this there here what why how when where who which and but or so then if "
    "not no yes ok okay thanks thank sorry just also maybe perhaps let's lets like love see know think "
    "mean guess hope feel was for to of in on at with from about by as into "
    "before after until till during once since because unless while enjoy "
    "under over above below behind beside between through across against per via within without according "
    # greetings and praise are said to a name too: "Lars, congrats on the baby!"
    "congrats congratulations welcome cheers kudos happy good great nice well bravo hats shame "
    # a warning is no work: "Teo, hands off the mixer", "Jo, careful with that"
    "hands careful".split()
)
# Verbs whose plain form ends in -ing: "ring the supplier" is an order, not a progressive.
_EN_ING_VERBS = frozenset("ring bring sing string swing sting wring ping fling sling".split())
# A familiar word said right after a name in a call: "Tom mate, …", "Megan love, …".
# (and a sentence particle of Singapore and Malaysian English after the name: "Kelvin lah, …")
EN_FAMILIAR = re.compile(r"^\s*(?:mate|buddy|pal|love|my friend|man|dude|lah|leh|ah)\b", re.IGNORECASE)
_VOCATIVE_LEAD = re.compile(r"^\s*(?:(?:(?:and|then|also|so|ok|okay|alright|right|now|first|second|third|next|finally)\b|和|还有|另外|那)"
                            r"[\s,，—–-]*)*"
                            # (a title of respect before the name: "Sir Tom, …", "Ma'am Lyn, …", "Kuya Ben, …")
                            r"(?:(?:sir|ma'?am|madam|miss|boss|kuya|ate|tita|tito|auntie|aunty|uncle|encik|puan|cik)\s+(?=(?-i:[A-Z])))?",
                            re.IGNORECASE)


# The work handed over, then what it is after a dash: "you're on it — get seven over to Hanson's";
# a remark, then the request after a dash: "you've got the Hospo contact — can you get a tasting…".
_EN_HANDED_THEN = re.compile(r"^(?:you're|you are|you'?ll be) on (?:it|this|that)\s*[—–]\s*(?=[a-z])|"
                             r"^(?:it's|that's|this is) (?:all )?yours\s*[—–]\s*(?=[a-z])|"
                             r"^[^—–?]{3,80}?\s*[—–]\s*(?=(?:can|could|would|will) you\b)", re.IGNORECASE)


_EN_THING_THEN_IT = re.compile(
    r"^(?P<np>(?:the|your|our|those|these)\s+[^—–,]{2,60}?)\s*[—–]\s*(?:please\s+)?"
    r"(?P<v>[a-z]+(?: up| out| over| off| back| through)?)\s+(?:it|them|those|that)\b(?P<rest>.*)$", re.IGNORECASE)


# The thing, then by when it must be done or where: "the trial bundle index — that has to be with the
# other side by 4pm Thursday".
_EN_THING_DUE = re.compile(
    r"^(?P<np>(?:the|your|our|those|these)\s+[^—–,]{2,60}?)\s*[—–]\s*(?:that|it|they|this)\s*"
    r"(?:'s|has|have|needs?|is|are|'ll|will)\s+(?:got\s+|going\s+|need\s+)?(?:to\s+)?be\b(?P<rest>.*)$", re.IGNORECASE)


EN_TAKEN_BACK = re.compile(r"\s*[—–]+\s*(?:no|wait|actually|hang on|hold on|scratch that|sorry|never ?mind)\b[\W]*$", re.IGNORECASE)


# "Nadia, we'll need to reprint the badges then": what "we" will have to do, said to the one called, is
# theirs (not talking it over: "Nadia, we'll need to talk about Friday"; "we need to…" is as often shared)
_EN_WE_MUST = re.compile(r"^(?:so\s+|then\s+)?we(?:'ll| will) (?:need|have) to (?!(?:talk|discuss|think|decide|chat|figure|look at|agree|"
                         r"wait|see|be|get together|catch up|sit down|keep)\b)(?=[a-z])", re.IGNORECASE)


def vocative(name_clause: str, next_clause: str, participants: Sequence[str]) -> Assignment | None:
    """ "李明，你来写一下文档" / "Carol, please update the API docs": a name alone, then the ask."""
    name_clause = re.split(r"\s*[—–]\s*", name_clause)[-1]  # ("The budget sheet — Megan, could you…")
    hits = find_people(name_clause, participants)
    # "…, and Siobhan, restock the packs": a conjunction may open the clause that addresses them.
    lead = _VOCATIVE_LEAD.match(name_clause).end()
    rest = name_clause[hits[-1].end :] if hits else ""
    if hits and not has_cjk(name_clause) and _only_names(re.sub(r"\s+and\s+", ", ", name_clause[hits[0].start :]), participants):
        rest = ""  # "Raj and Beth, can you two run the recruitment?": both are addressed
    elif hits:
        rest = name_clause[hits[0].end :]
    if not has_cjk(name_clause):
        rest = EN_FAMILIAR.sub("", rest)  # ("Tom mate, …")
    if not hits or strip_punct(rest) or hits[0].start > max(2, lead):
        return None
    name = hits[0].name
    if EN_TAKEN_BACK.search(next_clause):
        return None  # "Carys, can you put the order in — no, wait, …": asked, then taken back at once
    next_clause = _EN_HANDED_THEN.sub("", next_clause)  # ("Murph, you're on it — get seven over to…")
    # ("Okay Ines, back to you.", "Ines, you do.": the work in hand is theirs; "you do it" may correct, read below)
    next_clause = _EN_BACK_TO_YOU.sub("you'll take it", next_clause)
    next_clause = _EN_WE_MUST.sub("you need to ", next_clause)
    if not has_cjk(next_clause):
        # ("Chidinma, then submit the valuation…", "Becks, and can you get…", "Farah, please also check…")
        next_clause = re.sub(r"^\s*(?:and\s+)?(?:then|also|just|now)?\s*(?=[a-z])", "", next_clause, flags=re.IGNORECASE)
        next_clause = re.sub(r"^(please)\s+(?:also|just|quickly|kindly)\s+(?=[a-z])", r"\1 ", next_clause)
    lead_day = None
    day = next((h for h in lx.dates(next_clause) if re.fullmatch(r"\s*(?:on\s+)?", next_clause[: h.start], re.IGNORECASE)), None)
    if day is not None and not has_cjk(next_clause) and (_EN_IMPERATIVE_SHAPE.match(next_clause[day.end :].lstrip(" ,"))
                                                         or _EN_ASK_SHAPE.match(next_clause[day.end :].lstrip(" ,"))):
        # "So Kyle, on Thursday pull the oil samples…": the day said first is when it is done
        next_clause, lead_day = next_clause[day.end :].lstrip(" ,"), day.text
    # ("Okafor, the discharge letters — please have them signed by twelve": the thing, then the order on it)
    if (thing := _EN_THING_THEN_IT.match(next_clause)) is not None:
        next_clause = en_polite(f"{thing.group('v')} {thing.group('np')}{thing.group('rest')}")
    elif (due_thing := _EN_THING_DUE.match(next_clause)) is not None and lx.deadlines(due_thing.group("rest")):
        # "Priyanka, the trial bundle index — that has to be with the other side by 4pm Thursday"
        return Assignment(name, clean_en_title(due_thing.group("np")), True)
    if has_cjk(next_clause):
        next_clause = re.sub(r"^(?:还是|那就|那)(?=你|您)", "", next_clause)  # ("许老师，还是你来弄吧")
        m = re.match(
            rf"^(?:你|您)?{_ZH_ADV}(?:来|去|负责|帮忙|帮|请)?(?:一下)?(?P<verb>{_V})(?P<y>.*)$", next_clause
        )
        if (thing := _zh_thing_then_done(next_clause)) is not None:
            return Assignment(name, thing, True)  # ("立伟，对讲机全充上": the thing, then what to get done with it)
        # (or told bare, by an adverb of when or how: "大勇，再弄个防水罩", "小易，赶紧问一下")
        if not m or not re.match(r"^(?:你|您|请|来|去|负责|帮|(?:再|先|赶紧|马上|抓紧|顺便|顺手|回头)(?![是说]))", next_clause):
            return None
        verb = "" if m.group("verb") in ("负责", "搞", "弄", "做") else m.group("verb")
        # ("你盘点一下齐不齐": whether it suffices is what the check finds, no thing of its own)
        y = re.sub(r"(?:够不够|齐不齐|全不全)[吧啊]?$", "", _ZH_TITLE_VERB_FILLER.sub("", m.group("y")))
        if re.match(r"一?(?:个(?!人|体|别|性)|份|套|张)[\u3400-\u9fff]{2}", y):
            y = y.lstrip("一")[1:]  # ("再买个展架": the measure is no part of the thing; 个人 is a word)
        return Assignment(name, clean_zh_title(verb + y), True)
    told = re.match(rf"^you\s+(?P<v>{_EN_IMPERATIVE}|do)\s+(?P<it>it|that|them|those|these|this)\b(?P<when>.*)$", next_clause, re.IGNORECASE)
    if told and (not strip_punct(told.group("when")).strip() or (
            lx.deadlines(told.group("when")) and not strip_punct(lx.without_dates(told.group("when"), " ")).strip())):
        # ("Lou, you book it", "…, you do it before Friday": told, the work named before)
        if told.group("v").lower() != "do":
            next_clause = next_clause[4:]
        elif strip_punct(told.group("when")).strip():
            return Assignment(name, told.group("it"), True, lead_day)
        else:
            return None  # (a bare "X, you do it" may hand on the work just given another: read by the analyzer)
    m = re.match(rf"^{_EN_REQUEST}\s+(?P<vp>.+)$", next_clause, re.IGNORECASE) or re.match(
        rf"^(?P<vp>{_EN_IMPERATIVE}\b.+)$", next_clause, re.IGNORECASE
    )
    if not m and (need := _EN_NEED_BY.match(next_clause.strip()) or _EN_NEED_YOURS.match(next_clause.strip())):
        # "Okay Tom, I need the load test results by Wednesday": what the speaker needs from them.
        title = clean_en_title(need.group("np"))
        return Assignment(name, title, True) if title else None
    if not m and lx.deadlines(next_clause):
        # "Sophie, then you resubmit to cert by Thursday the 17th": what they do, by when
        m = _EN_YOU_DO_BY.match(next_clause.strip())
    if not m and (going := _EN_KEEP_AT.match(next_clause.strip())):
        # "Orla, keep ringing the scaffolders": work already started, to go on with
        title = clean_en_title(going.group("vp"))
        return Assignment(name, title, True, lead_day) if title else None
    if not m:
        # Any imperative by its shape: a bare verb, then its object ("restock the surgical packs").
        # ("try to get the…": the attempt is the work; "you sit with the new starters": told to them)
        bare = re.sub(r"^(?i:try (?:to|and))\s+", "", next_clause.strip())
        bare = bare[:1].lower() + bare[1:] if re.match(r"[A-Z][a-z]+\s+(?:it|that|them)\b", bare) else bare  # ("Settle it by Friday")
        m = _EN_IMPERATIVE_SHAPE.match(bare) or _EN_YOU_DO_WITH.match(
            next_clause.strip())
        if not m or m.group("v").lower() in _EN_NOT_IMPERATIVE or (
                m.group("v").endswith("ing") and m.group("v").lower() not in _EN_ING_VERBS) or (
                m.group("v").endswith("ed") and not re.match(r"(?i)(?:ne|fe|se|she|spe|ble|bre|embe|procee|succee|excee|wee)ed$",
                                                             m.group("v"))) or _EN_PAST_ONLY.fullmatch(m.group("v")):
            return None  # "Omar, you doing the stock take?": a progressive; "Russo, you rushed the bridge": a report
        if m.group("v").lower() == "do" and re.match(r"(?i)do\s+(?:it|that|them)\b", m.group("vp")):
            return None  # ("Okay, do it before the 14th": the work said before, read where it was asked)
        if m.group("v").lower() == "do":
            # "Tom, do the indexing in the evenings": a light verb, the work is its object.
            return Assignment(name, clean_en_title(re.sub(r"^do\s+", "", m.group("vp"), flags=re.I)), True, lead_day)
    title = _en_vp_title(re.sub(r"^(?:two|both|all|guys)\s+", "", m.group("vp")))
    return None if title is None else Assignment(name, title, True, lead_day)


def _zh_thing_then_done(clause: str) -> str | None:
    """ "对讲机全充上", "备用电池也带上", "灯都关掉": a thing said first (jieba's nouns), an adverb or two,
    then a verb with its result (上/好/完/齐/掉/来) ending the clause — the thing, told done; else None."""
    ws = mentions.words(strip_punct(clause).rstrip("吧啊哈哦"))
    k = 0
    while k < len(ws) and ws[k][1].startswith(("n", "vn")) and ws[k][1] not in ("nr", "nrfg", "nrt"):
        k += 1
    thing = "".join(w for w, _ in ws[:k])
    rest = ws[k:]
    while rest and (rest[0][1].startswith(("d", "a")) or rest[0][0] == "记得") and len(rest) > 1:
        rest = rest[1:]
    if len(thing) < 2 or not rest or len(rest) > 2 or not all(f.startswith(("v", "l")) for _, f in rest):
        return None
    said = "".join(w for w, _ in rest)
    return thing if re.search(r"[上好完齐掉来]$", said) and len(said) >= 2 else None


# Said to someone by name: "I need the results by Wednesday", "we'll need your slides before the call".
# …or their own work, by a date said after ("Lucía, I need the fuel logs and the rota, both by Friday").
_EN_NEED_YOURS = re.compile(r"^(?:(?:so|and|then|okay|ok)[,\s]+)?(?:i|we)(?:'ll| will)? need (?P<np>(?:the|your)\s+[\w'-]+(?:\s+[\w'-]+)+?)\s*[.!]?$",
                            re.IGNORECASE)
_EN_NEED_BY = re.compile(
    r"^(?:(?:so|and|then|okay|ok)[,\s]+)?(?:i|we)(?:'ll| will|'d| would)? (?:need|want|like|expect) "
    # (where it should land, between: "…, both on my desk by Thursday")
    r"(?P<np>(?:the|your|a|an|some|those|these)\s+[\w' -]+?)(?:,?\s+(?:both\s+|all\s+)?(?:on my desk|in my inbox|with me|over to me))?"
    r"\s+(?:by|before|no later than|ahead of)\s+\S",
    re.IGNORECASE,
)


# "Lena, the invoices by tomorrow lunchtime please." / "Omar, the van hire, end of the week": a name,
# the work as a bare noun phrase and when — the terse way a chair hands out work.
# (or a bare noun sent on somewhere: "Lisa — quote to Sunbelt by noon tomorrow")
_EN_BARE_NP = re.compile(r"^(?:(?:and|also|then|so)\s+)?(?:(?:the|your|our|those|these)\s+[a-z][\w' -]*|"
                         r"(?:a\s+|an\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+(?:to|for)\s+(?-i:[A-Z])[\w' -]*|"
                         # (the thing and the state it must be in: "Rosa, the tables wiped by noon", "benches painted by May")
                         r"(?:all\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+(?:[a-z]{3,}ed|done|sent|written|built|made|set up|signed off)|"
                         # (a bare plural or compound with no article, as a chair lists work: "Tom, shelf labels by Friday";
                         # not where they will be or how they are: "Tom, back by six", "Tom, off tomorrow")
                         r"(?!(?:just|also|maybe|probably|same|please|thanks|good|great|nice|well|right|yes|yeah|no|not|all|any|"
                         r"some|one|that|this|it|back|home|off|out|in|here|there|free|away|around|on|up|done|ready|over|sorry|"
                         r"still|only|even|again|hopefully|ideally|latest|anything|everything|something|nothing)\b)"
                         r"[a-z][\w'-]*(?:\s+(?!(?:back|home|off|out|in|here|there|free|away|around|again|too|then|done|ready)\b)"
                         r"[a-z][\w'-]*){0,2}"
                         r")$", re.IGNORECASE)
_EN_NP_VERB = re.compile(r"\b(?:is|are|was|were|will|would|can|could|should|shall|must|have|has|had|do|does|did|need|needs|"
                         r"went|came|said|I|you|we|they|he|she|it)\b|'s\b|'re\b|n't\b", re.IGNORECASE)
_EN_WHEN_ONLY = re.compile(r"^(?:please|ideally|latest|at the latest|if possible|thanks|ta|yeah|ok(?:ay)?|then|[\s,.!?])*$",
                           re.IGNORECASE)


# Words that make a bare phrase something other than a thing to hand out ("Aim for Monday week", "Walk us
# through Tuesday", "But not today", "Three arriving Friday").
_EN_NOT_IN_NP = frozenset("for to of on at in by with through about from into us me him her them you we they i not but and "
                          "or so if then aim talk go let come see tell ask keep".split())


def _bare_np_ok(np_only: str) -> bool:
    """A phrase with an article is read as it is; one without must look like a thing: no function word
    or verb form, and a plural ("invoices") or a compound of two or three words ("shelf labels")."""
    if re.search(r"\s(?:to|for)\s+[A-Z]", np_only):
        return True  # (sent on to someone: "quote to Sunbelt", read by ``_EN_BARE_NP`` as it is)
    words = np_only.lower().split()
    while words and words[0] in ("and", "also", "then", "so"):
        words = words[1:]  # ("So the 11th": a day and no thing)
    if words and words[0] in ("the", "your", "our", "those", "these", "a", "an", "all"):
        return True
    # (a modifier may be a verb form, "parking permits"; the head may not, "Three arriving")
    return bool(words) and not any(w in _EN_NOT_IN_NP for w in words) and not words[-1].endswith("ing") and (
        len(words) >= 2 or (words[0].endswith("s") and len(words[0]) > 3))


def _terse_item(np_only: str, tail: str) -> bool:
    """Whether ``np_only`` is one item of a terse ask (a work noun phrase with no verb of its own) and
    ``tail``, what follows its day, says nothing more ("please", "latest")."""
    return bool(np_only) and bool(_EN_BARE_NP.match(np_only)) and not _EN_NP_VERB.search(np_only) and bool(
        _EN_WHEN_ONLY.match(tail)) and not re.search(r"\w+ly\b", np_only) and _bare_np_ok(np_only)


def terse_ask(name_clause: str, rest: Sequence[str], participants: Sequence[str]) -> tuple[Assignment, int] | None:
    """A name alone, then a work noun phrase with its deadline in the same clause or the next one
    (which says nothing else): the work asked of that person, and how many clauses of ``rest`` it
    takes."""
    if not rest or has_cjk(name_clause) or has_cjk(rest[0]):
        return None
    hits = find_people(name_clause, participants)
    lead = _VOCATIVE_LEAD.match(name_clause).end()
    if len(hits) != 1 or hits[0].start > max(2, lead) or strip_punct(name_clause[hits[0].end :]):
        return None
    np = strip_punct(rest[0]).strip()
    due = lx.deadlines(np)
    used = 1
    if due:
        np_only = np[: due[0].start].strip(" ,")
        tail = np[due[0].end :]
    elif len(rest) > 1 and (later := lx.deadlines(rest[1])):
        np_only, due, used = np, later, 2
        tail = rest[1][: later[0].start] + rest[1][later[0].end :]
    else:
        return None
    if not _terse_item(np_only, tail):
        return None
    title = clean_en_title(np_only)
    return (Assignment(hits[0].name, title, True, due[0].text), used) if title else None


# The work named, then pointed at its owner: "The boiler service, that's Nina." (not "if you hear a
# hum, that's Nina": the clause before must be the work alone).
_EN_THATS_NAME = re.compile(r"^(?:and\s+|so\s+)?(?:that's|that is|that one's|that one is)\s+(?P<who>\S+(?:\s+\S+){0,2})$", re.IGNORECASE)
_EN_YOU_THEN_NAME = re.compile(r"^(?:you|yours)(?:\s+(?:as well|too|again|now|then|as always|as usual))?$", re.IGNORECASE)
_EN_NP_LEAD = re.compile(r"^(?:(?:and|so|then|okay|ok|right|next)[,\s]+)*(?P<np>(?:the|our|your|that|this)\s+.+)$", re.IGNORECASE)


def pointed_np(np_clause: str, that_clause: str, after: str, participants: Sequence[str]) -> tuple[Assignment, int] | None:
    """(the task, clauses it takes beyond the first) of "<the work>, that's NAME." with, in the next
    clause, only its day ("End of the month, ideally"); None when the first clause is more than
    the work or the second more than the name."""
    if has_cjk(np_clause) or has_cjk(that_clause):
        return None
    m, lead = _EN_THATS_NAME.match(strip_punct(that_clause).strip()), _EN_NP_LEAD.match(strip_punct(np_clause).strip())
    if m is None or lead is None or _EN_NP_VERB.search(lead.group("np")) or lx.dates(lead.group("np")):
        return None
    title = clean_en_title(lead.group("np"))
    if not title:
        return None
    if _EN_YOU_THEN_NAME.match(m.group("who")):
        # ("…the rota for nights, that's you as well, Priya, since…": the name follows in a clause of its own)
        named = find_people(after, participants) if after and not has_cjk(after) else []
        if len(named) != 1 or named[0].start or strip_punct(after[named[0].end :]).strip():
            return None
        return Assignment(named[0].name, title, True, None), 2
    hits = find_people(m.group("who"), participants)
    if len(hits) != 1 or hits[0].start or strip_punct(m.group("who")[hits[0].end :]).strip() not in ("", "'s"):
        return None
    due = lx.dates(after) if after and not has_cjk(after) else []
    if due and due[0].start == 0 and _EN_WHEN_ONLY.match(after[due[0].end :]):
        return Assignment(hits[0].name, title, True, due[0].text), 2
    return Assignment(hits[0].name, title, True, None), 1


# The next item of a chair's list, with its own day: "…, and the name badges by the 9th".
_EN_AND_NEXT = re.compile(r"^(?:and|also|plus|then|and also|and then)\s+(?P<np>.+)$", re.IGNORECASE)


def terse_next(text: str) -> tuple[str, str] | None:
    """(title, due) of a clause that goes on with one more item of a terse ask ("Tom, the rota by
    Friday, and the shelf labels by the 24th"): "and", a work noun phrase, its day, nothing else."""
    m = _EN_AND_NEXT.match(strip_punct(text).strip()) if not has_cjk(text) else None
    if m is None or not (due := lx.deadlines(m.group("np"))):
        return None
    np_only, tail = m.group("np")[: due[0].start].strip(" ,"), m.group("np")[due[0].end :]
    if not _terse_item(np_only, tail):
        return None
    title = clean_en_title(np_only)
    return (title, due[0].text) if title else None


_EN_ASK_PRONOUN = re.compile(
    r"^(?:so\s+)?(?:please\s+|(?:can|could|would|will) you\s+)(?P<v>\w+(?:\s+(?:up|out|over|in|on))?)\s+"
    r"(?P<pro>it|that|those|them|this|these)\b",
    re.IGNORECASE,
)
# A verb said of the thing named ("the offer package goes back to you"): a statement, no bare name of it.
_EN_SAYS_OF = re.compile(r"\b(?:is|are|was|were|goes|go|went|comes|came|has|have|had|will|would|can|could|should|needs?|stays?|moves?)\b",
                         re.IGNORECASE)
_EN_DO_PRONOUN = re.compile(r"^(?:(?:just|then|so)\s+)?(?P<v>[a-z]+(?:\s+(?:up|out|over|in|on))?)\s+(?P<pro>it|them|those|these)\b",
                            re.IGNORECASE)
# Asks whose only object is the work named before them: "you're on that", "I'll leave that with
# you", "can you be done by Friday?", "could you do that?" — the title is that work alone.
# "The price list needs someone. Tom, you free?": whether the one called has time for it.
_EN_FREE = (r"(?:(?:are |do )?you (?:free|around|available|have (?:the )?(?:time|bandwidth|capacity|room))|(?:got|any) "
            r"(?:time|bandwidth|capacity))(?: for (?:it|that|this))?(?=\s*[?.!]*$)")
_EN_ASK_FREE = re.compile(rf"^(?:(?:ok(?:ay)?|so|and|then|also)[\s,]+)?{_EN_FREE}", re.IGNORECASE)
_EN_ASK_LIGHT = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|then|also)[\s,]+)?(?:you(?:'re| are) on (?:it|that|this)|(?:that|this)(?: one)?(?:'s| is) (?:all )?"
    r"(?:yours|on you|you)|(?:it's |that's )?(?:all )?yours(?=\s*[.!]*$)|(?:that|this)(?:'s| is| one'?s| one is) one for you|"
    r"(?:that|this) one(?:'s| is) for you|"
    r"i(?:'ll| will|'m going to) leave (?:it|that|this)(?: one)? (?:with|to) you|"
    r"(?:can|could|would|will) you (?:please\s+)?(?:be done|have (?:it|that|this) (?:done|ready)|"
    r"get (?:it|that|this) done|do (?:it|that|this)|take (?:it|that|this)(?: on)?|handle (?:it|that|this)|"
    r"own (?:it|that|this))|when (?:can|could|will) you (?!be\b)[a-z]+|"
    # "Marcus, the drawings for submission, you handling?": the question with its "are" dropped.
    r"(?:are\s+)?you\s+(?:handling|doing|taking|covering|owning|driving|leading)(?:\s+(?:it|that|this))?(?=\s*[?.!]*$)|"
    rf"{_EN_FREE})\b",
    re.IGNORECASE,
)
_EN_RESTART = re.compile(r"^(?:sorry|no|i meant|i mean|or rather|rather|that is)[\s,]*", re.IGNORECASE)


# Who did the thing before, said to name it: "you did the application last time".
_EN_DID_BEFORE = re.compile(r"(?:you|she|he|they|we|I)\s+(?:did|made|wrote|ran|organi[sz]ed|handled|sorted|booked|led)\s+"
                            r"(?P<t>(?:the|a|an|our|your)\s+.+?)(?:\s+(?:last\s+(?:time|year|month|week|season)|before|the last time))?",
                            re.IGNORECASE)


# The thing said again by "one": "(the) updated one with…", "(the) new one".
_EN_ONE_AGAIN = re.compile(r"^(?:the\s+)?(?:[a-z]+\s+)?one\b", re.IGNORECASE)


def pronoun_request(clauses: Sequence[str], participants: Sequence[str]) -> Assignment | None:
    """ "Lars, the regression test for the optimiser, can you add that before the release?": the
    last clause asks the person addressed (a clause that is only a name) for "that", which is the
    work named between them (after any self-correction: "…, sorry, I meant the confirmations")."""
    if len(clauses) < 3 or has_cjk(clauses[-1]):
        return None
    last = en_polite(clauses[-1]).strip()  # ("could you have a first draft by Wednesday": draft it)
    m = _EN_ASK_PRONOUN.match(last)
    bare_ask = None
    if m is None and len(clauses) >= 3 and (bare := _EN_DO_PRONOUN.match(last)) and bare.group("v").lower() not in _EN_NOT_IMPERATIVE \
            and not re.search(r"(?:ed|ing)$", bare.group("v").split()[0]):
        m = bare_ask = bare  # ("Tavi, the allergen cards, redo them before Thursday": told bare, the thing named between)
    light = _EN_ASK_LIGHT.match(last)
    if not m and not light:
        return None
    for k in range(len(clauses) - 2, -1, -1):
        hits = find_people(clauses[k], participants)
        lead = _VOCATIVE_LEAD.match(clauses[k]).end()
        if hits and hits[0].start <= lead and not strip_punct(clauses[k][hits[0].end :]):
            between = [work_said(c, participants) for c in clauses[k + 1 : -1]]
            if not any(between) and light:
                # "The docs migration. Wen, you're on that.": the work was named before the name.
                between = [work_said(c, participants) for c in clauses[:k]]
            between = [b for b in between if len(b.split()) >= 2 or (light and b and b[:1].isupper())]
            # ("The rota, the new one with the weekend shifts — …": the thing said again as "the new one")
            between = [b for b in between if not _EN_ONE_AGAIN.match(b)] or between
            if not between and m and k == 0 and len(clauses) > 2 and not any(work_said(c, participants) for c in clauses[1:-1]):
                # ("Stan, you know the site. Can you do it?": only why them between; "it" is said before)
                return Assignment(hits[0].name, f"{m.group('v')} {m.group('pro')}", True)
            if not between:
                return None
            # ("Kirsty, you did the application last time, could you do it again?": the thing done before)
            between[-1] = done.group("t") if (done := _EN_DID_BEFORE.fullmatch(between[-1])) else between[-1]
            if bare_ask is not None and m is bare_ask and not (
                    re.match(r"(?i)(?:the|your|our|this|that|those|these|all)\s", clauses[-2].strip())
                    and not _EN_SAYS_OF.search(clauses[-2])):
                # (told bare, only a thing named between: "Iffy, you take the survey, put it through…" is one
                # order, and "the offer package goes back to you, just get it submitted" says who has it)
                return None
            title = between[-1] if light else f"{m.group('v')} {between[-1]}"
            return Assignment(hits[0].name, title, True)
    return None


def light_ask(clause: str) -> bool:
    return not has_cjk(clause) and bool(_EN_ASK_LIGHT.match(clause.strip()))


def asks_if_free(clause: str) -> bool:
    """ "you free?", "got time for it?": asked of the one called, about work said before."""
    return not has_cjk(clause) and bool(_EN_ASK_FREE.match(clause.strip()))


_EN_NEEDS_DOING = re.compile(rf"^(?P<np>.+?)\s+{lx.EN_NEEDS_DOING}$", re.IGNORECASE)
# What someone else wants done: "The landlord wants a meter reading."
EN_WANTED = re.compile(r"^(?:the\s+)?[\w' -]{2,30}?\s+(?:wants|has asked for|asked for|is asking for|would like)\s+(?:a|an|the|some)\s+"
                       r"(?P<np>[a-z][\w' -]{2,40}?)\s*$", re.IGNORECASE)
_EN_HOUR_ALONE = re.compile(rf"(?:(?:around|about|at|from|roughly|maybe)\s+)?(?:{lx.EN_HOUR}|noon|midday)(?:\s*(?:o'clock|am|pm|ish|thirty))?",
                            re.IGNORECASE)


# How a thing is taken, no thing of its own: "it's fine, I'll do it", "that's fair, I'll take it".
EN_ALL_RIGHT = re.compile(r"(?:it|that|this)(?:'s| is)\s+(?:all\s+)?(?:fine|okay|ok|alright|all right|good|fair|grand|no bother|"
                           r"no problem|no worries|no drama)|(?:no|nae) (?:worries|problem|bother|drama|dramas)|fair enough|all good",
                           re.IGNORECASE)


def work_said(clause: str, participants: Sequence[str]) -> str:
    t = _EN_RESTART.sub("", _EN_RESTART.sub("", clause.strip()))
    t = clean_en_title(re.sub(r"^(?:(?:also|and|so|okay|ok|then|now|next|right|alright|we (?:also |still )?need(?: to)?|(?:can|could|should|shall) we)\b[\s,]*)+", "", t, flags=re.I))
    filler = re.fullmatch(rf"{lx.EN_HESITATION}|ok(?:ay)?|right|so|yes|yeah|no|sure|wait", t.strip(), re.IGNORECASE) or (
        EN_ALL_RIGHT.fullmatch(t.strip()))
    if not filler and lx.NO_OWNER.search(t) and (open_work := unowned_work(t, "")):
        return open_work  # "The price list needs someone.": the work, not the need
    need = _EN_NEEDS_DOING.match(t)
    if need:
        t = need.group("np")  # "the April rota still needs doing": the rota
    if _EN_HOUR_ALONE.fullmatch(t.strip()):
        return ""  # ("…a site walk tomorrow, around three": when, no thing)
    if wanted := EN_WANTED.match(t):
        t = wanted.group("np")  # ("The landlord wants a meter reading": what is wanted)
    # (what "you" do already is the place, not the thing: "you do the Monday bulletin, can you stick it in there?")
    mine = re.match(r"(?i)you(?:'re| are)?\s+(?:do|doing|run|running|write|writing|have|own)\b", t.strip())
    # (nor why them: "you know where the racks go", "you're good with the client", "you did it last year")
    mine = mine or re.match(r"(?i)you(?: know (?:where|how|what|who|the)|(?:'re| are) (?:good|great|the best) (?:at|with)"
                            r"| did (?:it|that|this|one) (?:last|before)\b)", t.strip())
    # (nor how the speaker is: "I'm moving flat next week, can you take this?")
    mine = mine or re.match(r"(?i)I(?:'m| am|'ve| have| was)\s+(?!going to\b|gonna\b)", t.strip())
    return "" if filler or mine or find_people(t, participants) or lx.PAST.search(t) else t


# (省得/免得 有人… is what the work avoids: "省得有人说咱坑人")
_ZH_NEED = re.compile(r"^(?P<y>.*?)(?:需要|(?<![省免记觉晓懂值])得|要)有人(?P<v>.*)$")
_ZH_NOBODY = re.compile(
    r"^(?P<y>.*?)(?:还|目前|暂时|现在)*(?:(?:没有|没|无)(?:人(?:认领|负责|跟进|接手|接|管)|负责人)|待认领|待分配)"
)
_EN_SOMEONE = re.compile(
    r"\b(?:someone|somebody)(?:\s+else)?(?:'s|\s+is)?(?:\s+(?:really|just|definitely|seriously|honestly))?(?:\s+(?:needs to|has to|should|must|will (?:need|have) to|please|"
    r"could|can|going to have to|gonna have to|got to|gotta)|\s*'ll (?:need|have) to)\s+(?P<vp>.+)$"
    rf"|\b(?:need (?:someone|somebody) to|(?:can|could) (?:someone|somebody)(?: else)?|{lx.EN_ALL_ASKED}|"
    r"(?:get|ask|find) (?:someone|somebody)(?: in)? to)\s+(?P<vp2>.+)$"
    r"|^(?P<vp3>.+?)\s+(?:needs|has|have|need) to (?:be (?:\w+ed|done|set up|sorted)|go (?:up|out|live|in|to (?:the|our|their)\b))\b"
    r"|^(?P<vp4>.+?)(?:'s| has) got to go (?:up|out|live|in|on)\b|^(?P<vp5>.+?)\s+must be (?:\w+ed|done|set up|sorted)\b",
    re.IGNORECASE,
)
_EN_SOMEDAY = re.compile(r"^(?:probably|maybe|perhaps)\b|\bat some point\b|\bsome ?day\b|\beventually\b|\bone of these days\b",
                         re.IGNORECASE)
_EN_NEEDS_OWNER = re.compile(
    r"^(?P<y>.+?)\s+(?:still\s+)?(?:needs? an owner|needs? a volunteer|needs? (?:someone|somebody)(?: on it)?[.!]?$|ha(?:s|ve) no owner|(?:is|are) (?:still )?unassigned"
    r"|(?:is|are) up for grabs)|\bno owner (?:yet )?for\s+(?P<y2>.+)$"
    r"|\b(?:nobody|no one)\s+(?:owns|is on|has picked up|is handling)\s+(?P<y3>.+?)(?:\s+(?:yet|so far|right now))?$",
    re.IGNORECASE,
)


# A need said of what was just named, with no agent: "That needs fixing.", "It has to be sorted out."
EN_POINTED_NEED = re.compile(
    r"^(?:(?:and|so|also|yeah|okay|ok|well)[\s,]+)*(?:that|this|it)(?: one)?(?:'s| is|'ll| will)?\s+"
    r"(?P<need>(?:still |really |definitely )?(?:needs|has to be|must be|should be|have to be|need to be) (?:\w+ing|\w+ed|looked at|"
    r"sorted(?: out)?|fixed)\b.*?)[.!]?$",
    re.IGNORECASE,
)


def unowned_work(text: str, prev: str) -> str | None:
    """The work of a clause that says nobody owns it yet ("测试环境需要有人确认" → 确认测试环境)."""
    m = _ZH_NEED.match(text)
    if m:
        v = clean_zh_title(m.group("v"))
        y = clean_zh_title(m.group("y"))
        if v and y:
            # "测试环境需要有人确认" → 确认测试环境; "灰度方案需要有人验证兼容性" → 灰度方案验证兼容性
            return v + y if len(v) <= 3 else y + v
        return v or y or clean_zh_title(prev) or None
    m = _ZH_NOBODY.match(text)
    if m:
        y = re.sub(r"(?:还|目前|暂时|现在|的)+$", "", m.group("y"))
        return clean_zh_title(y) or clean_title(prev) or None
    m = EN_POINTED_NEED.match(text.strip())
    if m:
        return m.group("need")  # "That needs fixing.": the work is what "that" points back at
    m = _EN_SOMEONE.search(text)
    if m:
        vp = m.group("vp") or m.group("vp2") or m.group("vp3") or m.group("vp4") or m.group("vp5")
        if _EN_SOMEDAY.search(vp) or _EN_ON_THE_CALL.search(vp):
            return None  # "Someone should probably update the website at some point": a wish, no work
        return clean_en_title(vp) or None
    m = _EN_NEEDS_OWNER.search(text)
    if m:
        return clean_en_title(m.group("y") or m.group("y2") or m.group("y3")) or None
    if prev and lx.NO_OWNER.search(text):  # "供应商对接，负责人会后再确认"
        return clean_title(prev) or None
    return None


def conflict_topic(clause: str, first_date_start: int) -> str:
    """The item whose dates conflict: the words between an attribution ("记录写的是") and the date."""
    before = clause[:first_date_start]
    last = None
    for m in lx.ATTRIBUTION.finditer(before):
        last = m
    if last:
        before = before[last.end() :]
    if has_cjk(before):
        before = re.sub(r"^(?:的是|是|的)", "", strip_punct(before))
        return clean_zh_title(before)
    before = re.sub(
        r"\s+(?:is|are|was|will be)?\s*(?:due|done|finished|ready|by|on|for)?\s*$", "", before.strip()
    )
    before = re.sub(r"^(?:that)\s+", "", before.strip())
    return clean_en_title(before)
