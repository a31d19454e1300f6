"""Stage 3 (``frames``): clauses that are only work, or orders with no agent of their own.

Chinese shapes said to or after the one just named: a bare order ("三号叉车今天下班前报修"), an
order by its shape ("加个分机"), a dated order, an obligation with a topic ("…月底前得…公示出
来"), a clause that goes on with the agent before it ("顺便把差评都回复了"); and the work phrases
(``names_work``) a hand-over takes its object from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from . import lexicon as lx
from . import mentions
from .generic import remark
from .lexicon import is_word
from .names import find_people
from .text import has_cjk, strip_punct

EN_NOT_SO = re.compile(r"\b(?:not|isn't|aren't|wasn't|weren't|won't|can't|don't|doesn't|didn't)\b", re.IGNORECASE)


def names_work(text: str, participants: Sequence[str]) -> bool:
    """A clause that is only a work phrase: content words, no person, no absence or past event."""
    if find_people(text, participants) or lx.LEAVE.search(text) or lx.PAST.search(text):
        return False
    if not has_cjk(text) and EN_NOT_SO.search(text):
        return False  # ("Well, Ken's not here.": a state said, negated, names no work)
    title = ex.clean_title(text)
    if not has_cjk(text) and ex.EN_ALL_RIGHT.fullmatch(title.strip()):
        return False  # ("Yeah, it's fine, I'll do it": how the work is taken, no work of its own)
    return mentions.content(title) >= 2 if has_cjk(title) else len(title.split()) >= 2


def _names_thing(text: str, participants: Sequence[str]) -> bool:
    """A clause that is only a noun phrase: it names work and has no verb ("然后data room")."""
    title = ex.clean_title(text)
    return names_work(text, participants) and not re.search(r"得|要|该|必须|了|过", title) and not any(
        f.startswith("v") and f != "vn" for _, f in mentions.words(title)
    )


# A clause that goes on with the agent of the task before it: "…，顺便把差评都回复了".
_ZH_ALSO = re.compile(r"^(?:顺便|顺手|顺带|同时|然后再|然后|再)(?=把|将)")
_ZH_BA = re.compile(r"^(?:就|先|再|也|都)?(?:把|将)")
# …or what they do next: "…，然后再抽查一次" (not "然后再说" / "再定": ``generic`` reads no work there)
# (or once the first is done: "…先测，测完写个测试报告")
_ZH_THEN = re.compile(r"^(?:然后|之后|完了|接着|[\u3400-\u9fff]{1,3}?完(?:了|以后|之后)?)再?(?=[\u3400-\u9fff]{2})")


# Another thing named, then what is done to it in the next clause ("…，还有北门那两个灯箱，明天就换了").
_ZH_AND_THING = re.compile(r"(?:还有|另外|再就是)(?P<np>[^，,。！？我你您他她咱把将被]{2,14})")


def and_thing_then(text: str, then: str) -> str | None:
    """"还有北门那两个灯箱" then "明天就换了": one 把 order ("明天就把北门那两个灯箱换了"), said as the
    agent of the work before would say it; None when the two clauses are not that."""
    m = _ZH_AND_THING.fullmatch(strip_punct(text))
    t = strip_punct(then)
    lead = next((h for h in lx.dates(t) if h.start == 0), None)
    rest = re.sub(r"^(?:之前|以前|前)", "", t[lead.end :]) if lead else t
    done = re.fullmatch(r"(?P<adv>就|也|都|一起|一并|顺便)?(?P<v>[\u3400-\u9fff]{1,3}?(?:了|一下|掉|好))", rest)
    if m is None or done is None:
        return None
    return t[: len(t) - len(rest)] + (done.group("adv") or "") + "把" + m.group("np") + done.group("v")


# A thing fetched or sent, and which way ("…，拿样品回来", "带几份合同过去").
_FETCH = re.compile(r"(?:再|先|顺便|顺手)?[拿带取领借寄送捎][\u3400-\u9fffA-Za-z]{2,8}?(?:回来|过来|回去|过去)(?:吧|啊|哈)?")


def _goes_on(text: str, dated: bool) -> str | None:
    """A clause with no agent of its own that goes on with the one before: a connector then a
    把 order ("…，顺便把差评都回复了"), or (``dated``: the clause before named no work of its own)
    a 把 order after its time ("晓波你跟物业对接一下，开幕前把电路检查做了") — the clause as the
    agent would say it, or None. After a task, "…，明天上午之前把数据补回去" is that task's date."""
    m = _ZH_ALSO.match(text) or _ZH_THEN.match(text)
    if m:
        return text[m.end() :]
    if not dated:
        # "秀梅你去跟业委会沟通一下，把申请材料准备好" / "…，找财务把报销明细打出来": a bare 把
        # order goes on with the one asked
        # (…, "拍几张照片": so many of a thing asked for goes on too)
        # ("…，提前一天把房卡做好": how early, then the order)
        if re.match(r"^(?:先|再)?(?:提前[一两三四五六七八九十几\d]*(?:天|周|个小时|小时)?)?(?:找[\u3400-\u9fff]{1,4}?)?(?:把|将)",
                    text) or counted_order(text) or _FETCH.fullmatch(strip_punct(text)):
            return text
        # ("…，旧灯管一起换了": another thing done along with it — said as a 把 order; not "三个平台
        # 都上", where it goes, all of it)
        m = _TOPIC_ORDER.fullmatch(strip_punct(text))
        if m is None and (also := re.fullmatch(r"(?P<np>[^，,。！？我你您他她咱把将被]{2,10}?)也(?P<vp>[\u3400-\u9fff]{1,3}?[上好完齐掉])(?:吧|啊|哈)?",
                                                strip_punct(text))):
            return f"把{also.group('np')}{also.group('vp')}"  # ("…，备用电池也带上": one more thing, the same way)
        return "把" + strip_punct(text) if m and m.group("q") in ("一起", "一并", "顺便") else None
    lead = next((h for h in lx.dates(text) if h.start == 0), None)
    rest = re.sub(r"^(?:之前|以前|前)", "", text[lead.end :]) if lead else text
    if lead and not _ZH_BA.match(rest) and _TOPIC_ORDER.fullmatch(strip_punct(rest)):
        # ("月底之前三个仓库全部盘一遍": the time, then the thing and all of it done)
        return text[: len(text) - len(rest)] + "把" + strip_punct(rest)
    return text if lead and _ZH_BA.match(rest) else None


# A thing, then all of it (or it too) done, with no agent: "三个仓库全部盘一遍", "旧灯管一起换了".
# (not how often or already: "湿度天天都要记", "报表早就都交了")
_TOPIC_ORDER = re.compile(r"(?P<np>(?![^，,。]*(?:天天|每天|每周|每月|经常|一直|平时|已经|早就|刚刚))[^，,。！？我你您他她咱把将被]{2,12}?)"
                          r"(?P<q>全部|全都|都|统统|一起|一并|顺便|挨个|逐一)"
                          r"(?P<vp>(?!是|有|在|没|不|很|挺|太|要|得|会|能|可|应|还)[\u3400-\u9fff]{1,4}?(?:过一遍|一遍|一下|好|完|掉|了)?)")


def _dated_order(text: str, participants: Sequence[str]) -> bool:
    """A clause that opens with its time and names nobody ("这周加练补刀", "明天上午把样品寄出去")."""
    t = strip_punct(text)
    lead = next((h for h in lx.dates(t) if h.start == 0), None)
    to_me = _TO_ME.sub("", t)  # ("周五前给我一份说明": to whom it is handed names no agent)
    return lead is not None and len(t) - lead.end >= 2 and not find_people(t, participants) and not re.search(
        r"[我你他她咱]", to_me) and not _THERE_IS.match(t[lead.end :])


_TO_ME = re.compile(rf"(?:给|发|交给|发给)(?:我们|我)(?=[吧啊哈]?$|{lx.ZH_COPIES}[\u3400-\u9fff]{{2}})")


# What there is then, not what to do: "(孙科，)下个月省里有个数据治理的培训".
_THERE_IS = re.compile(r"^[\u3400-\u9fff]{0,6}?有(?:个|一个|一场|场|一次|次|些|一些|几个)")


_ORDER_OPENS = re.compile(r"^(?:把|将|给|帮|替)")


def _bare_order(text: str, participants: Sequence[str]) -> str:
    """A Chinese clause shaped as an order with no agent: it names nobody (no pronoun either), asks
    no question, reports nothing past, and either says by when (a deadline) or opens with a 把/给
    phrase. The clause without its dates (the verb after "今天下班前" is 报修, not 下班);
    "" when it is not one."""
    t = strip_punct(text)
    asked = _ASKED_BY.fullmatch(t)
    if asked and (by := lx.dates(asked.group("a"))) and by[-1].end == len(asked.group("a")):
        # ("(小于，报销单，)周三前能交上来吗？": asked whether it can be done by then, it is asked for)
        text = t = asked.group("a") + asked.group("b")
    # ("周五前发我", "月底交给我们": to me is where it goes, no agent)
    to_me = re.sub(r"(?:给|发|交给|发给|报给|拿给|交|传给|转给)(?:我们|我)(?=[吧啊哈]?$)", "", t)
    # (and so is "给我" before the thing counted out: "周五前给我一份说明")
    bare = lx.without_dates(to_me)
    to_me = _GIVE_ME_COUNTED.sub("", bare) if _GIVE_ME_COUNTED.match(bare) else to_me
    if _FOR_ME_THEN_VERB.search(lx.without_dates(t)):
        to_me = _FOR_ME_THEN_VERB.sub("", to_me)  # (or for me, before the verb, after the thing: "封面这周五给我定稿")
    if (not has_cjk(t) or find_people(t, participants) or re.search(r"[我你他她咱们]|大家", to_me)
            or re.search(r"[吗么呢？?]$", text.strip()) or lx.PAST.search(t) or lx.LEAVE.search(t)):
        return ""
    hits = lx.dates(t)
    if not lx.deadlines(t) and not _ORDER_OPENS.match(t) and not counted_order(t) and not _REMINDED.search(t):
        return ""
    for h in reversed(hits):
        t = t[: h.start] + re.sub(r"^(?:之前|以前|前|之内|以内|内)", "", t[h.end :])
    t = _REMINDED.sub("", re.sub(rf"(?:{_REMINDED.pattern})(?:上午|中午|下午|晚上|今晚)", "", t))  # (the reminder, and when: no part of the work)
    t = _FOR_ME_THEN_VERB.sub("", t)  # ("封面给我定稿": for whom is no part of the work)
    return t if len(t) >= 2 else ""


# A date, then whether it can be done: "周五前能交吗".
_ASKED_BY = re.compile(r"(?P<a>[^，,。]{2,10}?)(?:能不能|能|可不可以|可以)(?P<b>[\u3400-\u9fff]{2,8}?)(?:吗|么)?")
_GIVE_ME_COUNTED = re.compile(rf"^给(?:我们|我){lx.ZH_COPIES}(?=[\u3400-\u9fff]{{2}})")
_FOR_ME_THEN_VERB = re.compile(r"(?:(?<=[\u3400-\u9fffA-Za-z])|^)给(?:我们|我)(?=[\u3400-\u9fff]{2,3}[吧啊哈]?$)")
_DETERMINERS = re.compile(r"(?:那|这|哪)(?:些|批|几[个箱件台份]|[个箱件台份])")


# A reminder is an order: "(俊杰，)报价记得下午发我".
_REMINDED = re.compile(r"记得|别忘了|千万别忘")
# An order of so many of a thing: "拿两箱打印纸", "拍几张照片", "打几个电话问问".
_COUNTED = re.compile(r"^(?:再|先|也|多|顺便|顺手)?(?P<v>[\u3400-\u9fff]{1,2}?)(?:[一两几三四五六七八九十百]|\d)+"
                      r"(?:个|张|份|箱|台|件|条|套|本|盒|包|桶|袋|批|组|瓶|辆|间|块|通)(?P<n>[\u3400-\u9fffA-Za-z]{2,10})$")
# (verbs of having, lacking or being, not of doing: "还差两个人", "剩三箱")
_NOT_DONE_VERBS = frozenset("有 是 在 差 剩 缺 还 要 用 花 等 过 待 隔 来 去 到 占 够 算 像 叫".split())


def counted_order(text: str) -> str:
    """The verb of a clause that asks for so many of a thing with a verb of doing ("拿两箱打印纸" →
    拿), else "" ("还差两个人")."""
    m = _COUNTED.match(strip_punct(text))
    if m is None or m.group("v") in _NOT_DONE_VERBS:
        return ""
    words = mentions.words(m.group("v"))
    return m.group("v") if len(words) == 1 and words[0][1].startswith("v") else ""


# Why the one called is asked, said to them between their name and the order ("你是搞机械的",
# "你跟他们熟", "你手巧", "你们测试对功能最熟"): who they are or what they know, no work of its own.
ABOUT_YOU = re.compile(
    r"^(?:(?:你|您)(?:们[\u3400-\u9fff]{0,4}?(?=跟|和|对|比较|很|挺|最))?"
    r"|[\u3400-\u9fff]{1,3}(?:组|部|科|队|班|店)(?=跟|和|对|比较|很|挺|最))(?:是搞[\u3400-\u9fff]{1,6}的|(?:跟|和|对)[^，,。？?]{1,8}?(?:比较|很|挺|最)?(?:熟悉?|了解)|"
    r"(?:比较|很|挺|最)?(?:手巧|熟悉?|懂行|在行|内行|有经验|经验多)|"
    # (what they did before: "你以前管过仓库的", "你学过会计")
    r"(?:以前|之前|原来|本来|也)?(?:学过|做过|干过|弄过|搞过|管过|带过)[\u3400-\u9fff]{1,6}?的?)(?:吧|啊|嘛|呀)?$"
)


def _bare_topic(text: str, participants: Sequence[str]) -> bool:
    """A clause between a name and the order to them that only names the thing ("差的那四十单"):
    no person, no pronoun, no verb (but the head after 的)."""
    t = strip_punct(text)
    ws = mentions.words(t)
    # (a verb right before a noun modifies it: 巡检记录, 报销单据; after a determiner, or before
    # a word of place, it is a thing: "楼道里那些纸箱")
    return len(t) >= 2 and not find_people(t, participants) and not re.search(r"[我你他她咱们]", t) and not any(
        f.startswith("v") and f != "vn" and (k == 0 or (ws[k - 1][0] != "的" and not _DETERMINERS.fullmatch(ws[k - 1][0])))
        and not (k + 1 < len(ws) and (ws[k + 1][1].startswith("n") or ws[k + 1][1] == "f"
                                      or (ws[k + 1][0] == "的" and k + 2 < len(ws))))  # ("返修的车单")
        # (nor one joined to a thing: "车单和发票")
        and not (k >= 2 and ws[k - 1][0] in ("和", "跟", "与", "及", "以及") and ws[k - 2][1].startswith("n"))
        for k, (_, f) in enumerate(ws)
    )


# An order by its shape, with no agent said: a 把 object, or a verb with the complement or measure
# of a request ("加个分机", "检查一遍", "装好", "整理一下").
_ZH_ORDER_SHAPE = re.compile(rf"^(?:先|再|赶紧|马上|尽快|抓紧)?(?:把|将)|[\u3400-\u9fff](?:{lx.ZH_DONE})(?![了过])"
                             r"|(?<=[\u3400-\u9fff])(?<![有这那一几每哪整两是])个"  # "加个分机", not "有个病人"
                             r"|(?:发|交|传|寄|送)(?:给)?(?:过来|上来|出去)?$"  # ("明天下班前发我", the 我 taken out)
                             r"|^给[\u3400-\u9fff]{2}[吧啊]?$"  # ("下周三给我定稿", the 我 taken out)
                             rf"|^给{lx.ZH_COPIES}[\u3400-\u9fff]{{2}}"  # ("周五前给我一份说明")
                             rf"|给(?:{lx.ZH_FOR_THEM})?[\u3400-\u9fff]了$"  # ("押金给人家退了": done for them)
                             # how it is to be done, or going to do a bit of it: "挨家挨户去问问", "去看看"
                             r"|^(?:挨家挨户|挨家|挨个儿?|逐个|逐一|亲自|当面|分头)|^(?:先|再)?(?:去|来)(?P<r>[\u3400-\u9fff])(?P=r)[吧啊]?$")


# A light verb with a measure and a one-character noun: 报个价, 问个价, 估个价, 出个数.
_LIGHT_MEASURE = re.compile(r"(?P<v>[\u3400-\u9fff])一?个(?P<n>[\u3400-\u9fff])$")


def _noun_run(text: str, participants: Sequence[str]) -> str:
    """The nouns a clause opens with ("易拉宝一百二一个" → 易拉宝, jieba tags it a name), two
    characters or more, no person among them; ""."""
    run = ""
    for w, f in mentions.words(strip_punct(text)):
        if not f.startswith(("n", "eng", "vn")):
            break
        run += w
    return run if len(run) >= 2 and not find_people(run, participants) else ""


def order_shaped(text: str, participants: Sequence[str]) -> bool:
    """A clause said right after a name alone that orders without naming its agent ("小杨，三楼的呼
    叫铃加个分机", "老曹，把车库钥匙收好"): no person or pronoun in it, not a remark, a report or a
    question, and the shape of an order."""
    t = _OBJECT_PRONOUN.sub("", strip_punct(text))
    lead = next((h for h in lx.dates(t) if h.start == 0), None)
    t = re.sub(r"^(?:回头|抽空|等会儿?|待会儿?|上午|下午|中午|晚上|今晚)", "", t[lead.end :] if lead else t)  # (a time first: "明天上午之前把PPT给我")
    # (a person it goes to is its object, as a pronoun would be: "初稿下周四先给葛总看一版")
    agents = []
    for h in reversed(find_people(t, participants)):
        if re.search(r"[给发跟和向找问告诉]$", t[: h.start]):
            t = t[: h.start] + t[h.end :]
        else:
            agents.append(h)
    # (an order may close on 了, "把门关了", "押金给人家退了"; a report does too: "三楼的灯坏了")
    done_for = bool(re.search(rf"^(?:先|再|赶紧|马上)?(?:把|将)|给(?:{lx.ZH_FOR_THEM})?[\u3400-\u9fff]了$", t))
    return bool(_ZH_ORDER_SHAPE.search(t)) and not agents and not re.search(
        r"[我你您他她咱]|吗$|呢$", t) and not (t.endswith("了") and not done_for) and not remark(t) and not lx.PAST.search(t)


# A pronoun as the object of the order ("发我", "给他们", "跟她说"), not its agent.
_OBJECT_PRONOUN = re.compile(r"(?<=[给发跟和向帮替找问告诉])(?:他们|她们|我们|他|她|我)")


_ZH_MODALS = frozenset({"得", "必须", "务必", "需要", "一定要", "要", "得要"})


def _obliged(text: str, participants: Sequence[str]) -> str:
    """The work of an obligation with a topic and no agent ("停车费的收支月底前得在公告栏公示出来"),
    said to the person just named; "" when it is not one."""
    t = strip_punct(text)
    if re.search(r"[，,。你您我他她咱]|意思是|据说|听说|说是|说要|认为|觉得", t) or find_people(t, participants) or lx.PAST.search(t) or _HEDGE_Q.search(text):
        return ""
    t = lx.without_dates(t)  # "月底前得": the date is no part of the work, and jieba glues 前得
    pos, w = 0, ""
    for w, _ in mentions.words(t):  # the modal as a word of its own, not 要 of 纪要
        if w in _ZH_MODALS:
            break
        if len(w) == 2 and w[1] in "要得" and not is_word(w) and pos + 2 < len(t):
            pos, w = pos + 1, w[1]  # jieba glues a noun's last character to it: "排班表要" → 表要
            break
        if len(w) == 2 and w[0] in "要得" and pos + 2 == len(t) and pos >= 2:
            w = w[0]  # …or the verb that ends the clause: "移动厕所得租" → 得租
            break
        pos += len(w)
    topic, rest = t[:pos], t[pos + len(w) :] if pos < len(t) else ""
    if len(rest) == 1 and w in _ZH_MODALS and len(ex.clean_zh_title(topic)) >= 2 and not re.match(r"[这那]", topic) and any(f.startswith("v") for _, f in mentions.words(rest)):
        return ex.clean_zh_title(topic)  # ("移动厕所得租": the thing, done by one verb)
    if len(rest) < 2 or not (any(f.startswith("v") for _, f in mentions.words(rest))
                             or re.match(r"^[交发送拿寄带递传报收](?:上来|过来|过去|回来|上去)", rest)):
        return ""  # (jieba calls "交上来" an idiom: a verb of sending with its direction)
    topic = ex.clean_zh_title(topic)
    rest = re.sub(r"^(?:尽快|赶紧|马上|抓紧|务必|一定)", "", rest)
    if re.fullmatch(r"(?:做|弄|搞|整|排|拿)?(?:出来|上来|下来)", rest):
        rest = ""  # ("排班表要尽快出来": coming out is the thing being ready, no work of its own)
    return ex.clean_zh_title(topic + rest) if mentions.content(topic) >= 2 else ""


_HEDGE_Q = re.compile(r"[吗么呢？?]$|要不要|是不是")
