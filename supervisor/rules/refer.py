"""Work named by a pointer or by no real title, and the antecedent it stands for (Chinese).

Pure. "电梯又困人了。这事儿大勇你盯一下" names the work with 这事儿: the title is the noun phrase
said before it (电梯), never the pointer. A request whose own words name no work ("易凡，你约一下",
"冯浩你那边出一个方案", "回头", "写") takes the topic said just before in the same sentence or the
sentence before; with nothing to take, it is no task rather than an invented one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import takewhile

from intents.evidence import ADDRESS_WORDS

from . import lexicon as lx
from . import mentions
from .names import find_people
from .text import has_cjk, strip_punct

# Pointers that stand for work said before: 这事儿, 这个, 那件事, 这块, 那部分.
# (A bare 事儿 too: what is left of "这个事儿" once the filler 这个 is cleaned off.)
_POINTER = re.compile(r"^(?:(?:这|那)(?:个|件|块|部分|些|边)?(?:事儿?|事情|活儿?|问题)?|事儿?|事情|活儿?)$")
# A time adverb, a light verb alone, or a light verb with a measure and a generic noun: no work.
_NOT_TITLE = re.compile(
    r"^(?:回头|回来|待会儿?|马上|之后|以后|到时候?|稍后|等会儿?)$|^(?P<r>[\u4e00-\u9fff])一?(?P=r)$|"  # (催一催, 看看)
    r"^(?:问题|情况|事情|东西|方面|部分|这块|那块|一块)$|"  # (a matter word alone: "这个问题我要跟业主沟通")
    r"^我(?:是)?(?:想|觉得|看|想说|在想)$|"  # (what the speaker thinks, no work: "结帐页面的部分，我想说给思颖做")
    r"^[\u4e00-\u9fff]不[清到了完动开住起上下]$|"  # (a state, the condition of a plan: "听不清我就打字")
    # (a yes, a thanks, a wish or the meeting's own flow: "明白", "谢谢舅", "开车慢点", "说正事")
    r"^(?:明白|收到|知道|了解|懂|好嘞|得嘞|没问题|(?:心里)?有数)了?$|^(?:谢谢|多谢|辛苦了?)(?![信卡函礼状])[\u4e00-\u9fff]{0,3}$|"
    r"^(?:开车|路上)(?:慢点|小心|注意安全)$|^注意安全$|^(?:说正事|话说|言归正传)$|"
    r"^(?:写|约|做|弄|搞|出|看|问|盯|跟|跟进|负责|处理|牵头|对接|安排|准备|整|办|来|去|报|提|交|拿|列)"
    r"(?:一下|下)?(?:[一两几]?(?:个|份|版|套|下))?(?:方案|东西|计划|安排|材料|事儿?|活儿?)?$"
)
# A title that ends on a pronoun or opens with one is a misparse of the clause ("实验部分你", "你问").
# (…的也是: cut before the verb; 们那边…: cut inside 你们)
_PRONOUN_EDGE = re.compile(r"^(?:你|您)(?!们)|^们|(?:你|您|我|他|她)$|(?:也|都|就|还)是$")
# A condition said before the work ("补丁出来以后review"): the work is what follows it.
_CONDITION = re.compile(r"^.{2,}?(?:以后|之后|完了?以后|完(?![整善成全美备毕]))(?=.{2,}$)")  # (完整, 完成 are words)
# Where the subject noun phrase of a clause ends: a modal, an adverb, a negation, a locative.
# (a 你 after the topic ends it too: "招聘计划你怎么看" is about 招聘计划; so does 我 taking it on: "周报我来写")
# (a verb before 的 makes a modifier: "审稿人要的消融实验" is one noun phrase)
_PREDICATE = re.compile(r"到期|过期|快(?=到期|过期)|得|该|要(?!的)|需要(?!的)|必须|尽快|赶紧|抓紧|务必|有问题|有毛病|应该|一直|又|还|没|不|都|也|老(?![人师板家年乡婆公总大爷头])|已经|正在|在|了|是|呢|吧|谁|怎么|如何|由|有点|有些|(?:太|挺|很|蛮)(?=[\u4e00-\u9fff]{1,2}(?:了|啦|的)?$)|这事|那事|这件事|那件事|这块|那块|(?<=[\u4e00-\u9fff]{2})(?:你|您)(?!们)|(?<=[\u4e00-\u9fff]{2})我(?=来|去|负责|这边)")
_ORDINAL = re.compile(r"^(?:头|第[一二三四五六七八九十\d]+)(?:个|件|项|条)?")
_DETERMINER = re.compile(r"(?:这|那)[一两几三四五六七八九十]?(?:个|部|台|件|批|份|些|块|张|条|篇|家|套|间|户|位|辆|节|章|段|页|项|笔|场)(?:事儿?|事情)?")  # ("客户投诉那个事": 客户投诉)
# (and an existential opening: "有一台液压有问题" is about the hydraulics)
_LEAD = re.compile(r"^(?:还有|另外|然后|那么|本来|原来|原本|那(?![个部台件批份些块张条篇家套间])|就是|关于|至于|说到|接下来|最后|首先|其次|好(?![多几些久像])|对|嗯|"
                   r"有[一两几](?:台|个|件|批|份|块|张|条|家|套|间|辆|位))+")
_WHICH_BATCH = re.compile(r"[^，,这那]{2,8}(?:那|这)(?:批|组|班|拨|波|趟|场)(?:人|学员|货|客人)?")
_BOOK_TITLE = re.compile(r"^《[^《》]{1,30}》")
# People by what they do (审稿人, 负责人, 病人), not a machine (机器人)
_PEOPLE_NOUN = re.compile(r"^(?:第[一二三四五六七八九十\d]+个)?[\u3400-\u9fff]{1,2}(?<!机器)人$")
_NOUNISH = ("n", "nz", "eng", "vn", "s", "j", "l", "nr", "ns", "nt")


# A modifier with no head ("男方的", "第二批的"), or a part of a whole said before ("前半部分",
# "剩下的"): the work is the whole the sentence opened with ("名单分两半，男方的明轩负责").
_PART = re.compile(r"^[^，,]{1,6}的$|^(?:剩下|其余|其他|另外)的?(?:部分|那些|那部分)?$|^(?:前|后|上|下)(?:半|一半)(?:部分)?$")


def pointer(title: str) -> bool:
    return bool(_POINTER.match(strip_punct(title)))


# Parts of speech that name no work, and the verbs that only say *someone does something*.
_ORDINAL_PART = re.compile(r"第[一二三四五六七八九十百零两\d]+(?:章|节|页|部分|条|期|批|款|项|版|稿|轮|季|集|篇|段|卷|册|层|排|组|道|题|单元|课|场)")
_NO_CONTENT_TAGS = ("r", "u", "d", "p", "c", "e", "y", "m", "q", "t", "o")  # not f: jieba tags 前端 so
# (and finishing or handing over, with no object: "(对)完发给他们")
_GENERIC_VERBS = frozenset("来 去 做 弄 搞 写 干 办 安排 处理 负责 跟进 跟 看 看看 回头 盯 管 出 进 挂 说 "
                           "完 好 发 交 给 发给 交给 递给 传给 盯死 盯紧 盯住 盯牢 盯着 看紧 看住 管好".split())


# Leading the work ("你牵个头"): the work is the topic said before it when there is one; with none,
# the title stays (what follows names the work: "你牵个头，把复盘报告写出来").
_LEADS = re.compile(r"^(?:牵个头|牵头|挂帅|带个头|带头)(?:抓|管|负责|搞|弄)?(?:一下)?$")


def leads_only(title: str) -> bool:
    return bool(_LEADS.match(strip_punct(title or "")))


_BARE_VERB = re.compile(rf"(?:{lx.ZH_ASSIGN_VERBS})(?:完|好|掉|出来|清楚|一批|一些|一点|点儿?)?|(?:(?:弄|做|搞)(?:好|完))?(?:上线|发布)")
# A thing moved into place, the verb and its direction one word ("(滤网)你装上去", "收起来"): done
# to what was said before. (Not going or coming alone: "你回去", "你上来".)
PUT_AWAY = re.compile(r"[放装挂贴搬收拿挪塞摆锁插抬架铺](?:进去|进来|上去|上来|起来|回去|回来|过去|过来)")


def bare_verb(title: str) -> bool:
    """A title that is only a verb of work ("整理", "跟进"): what it is done to was said before
    (in "报价单的事，陈静，你明天整理一下" the work is 报价单)."""
    t = strip_punct(title or "")
    return len(t) >= 2 and bool(_BARE_VERB.fullmatch(t) or PUT_AWAY.fullmatch(t))


def no_work(title: str) -> bool:
    """The one test of a Chinese title that names no work: empty, one character, a pointer (这事儿),
    a time adverb (回头), a light verb with at most a measure and a generic noun (出一个方案), a
    misparse edged by a pronoun (实验部分你), or only pronouns, particles, adverbs, numbers and
    generic verbs by their jieba tags (我来, 进下来, 挂着) — what is left when the object was said
    elsewhere or Whisper garbled it. Such a title is replaced by its antecedent or the task dropped
    (``frames.with_antecedent``); English titles are never judged here."""
    t = strip_punct(title or "")
    if not t:
        return True
    if not has_cjk(t):
        return False
    if len(t) == 1 or pointer(t) or _NOT_TITLE.match(t) or _PRONOUN_EDGE.search(t) or _PART.match(t):
        return True
    if re.fullmatch(r"[哈呵嘿嘻嗯好行对是啊]+", t):
        return True  # ("哈哈哈行行行": a laugh and a yes, no work)
    if re.fullmatch(r"(?:先|再|就)?[\u3400-\u9fff]{1,2}着", t):
        return True  # "(你先)联系着": keeping at it, the work said before
    if re.match(r"^(?:[\u3400-\u9fff]{1,2}?)?(?:完|好)了?(?:就|再)?(?:发|交|给|送|传|递|报)(?:给|到)?$", t) or re.match(r"^(?:完|好)了?(?:发|交|给|送|传|递|报)", t):
        return True  # "(核)完交给财务", "(我今天)写完交(给您)": the work just given, finished and handed in
    if re.search(r"(?:要是|如果|假如|万一)$", t):
        return True  # "对方要是(下周二才交，你就赶一赶)": the condition, not the work
    if re.fullmatch(r"(?:每|隔)[一二两三四五六七八九十半几\d]*(?:个)?(?:小时|钟头|天|周|星期|礼拜|月|次|趟|班)", t):
        return True  # "(你)每三个小时(巡一次)": how often, the thing said before
    if re.fullmatch(r"(?:发|传|给|交|转)(?:给|到)?(?:您|你|我|你们|我们|他|她)?的?(?:邮箱|微信|群里|手机|这儿|那儿)?", t):
        return True  # "(晚上我)发你微信": where the work in hand goes, not the work
    if re.match(r"还差", t) or re.search(r"(?:没|还没)[\u3400-\u9fff]?(?:完|好)$", t):
        return True  # "(初稿有了，)还差报价那一页没算完": how far it has got, not the work
    if re.search(r"(?:那边|这边|上面|上头)说$", t) or re.fullmatch(r"(?:他|她|他们|她们|对方|领导|上面)说", t):
        return True  # "(总部那边说月底前交就行，你…给我)": who said when, not the work
    if re.fullmatch(r"(?:整整|差不多|大概)?[一二两三四五六七八九十半几\d]+(?:个)?(?:小时|钟头|天|周|星期|礼拜|月|年)(?:呢|吧|左右)?", t):
        return True  # "(我出差，)三个礼拜呢": how long, no work
    ws = mentions.words(t)
    if ws and ws[0][0] in ("不", "没", "没有", "别") and len(ws) <= 3 and (all(f[:1] in ("v", "a", "d") for _, f in ws[1:])
                                                                      or t in ("不客气", "别客气", "不谢", "没事", "没关系")):
        return True  # "不影响", "没必要": a state said with a negation, what is left when a reply only reassures
    if _WHICH_BATCH.fullmatch(t):
        return False  # "三十号那批(冯队你带一下)": the batch said by its day is a thing to do
    # (jieba's "eng", a Latin word, names a thing: "QBR的deck"; "e" alone is an interjection)
    # (a part counted by its place names a thing, whatever jieba tags it: "第二章", "第二批")
    return all((flag.startswith(_NO_CONTENT_TAGS) and flag != "eng" and not _mistagged_pronoun(word, flag)
                and not _ORDINAL_PART.fullmatch(word)) or word in _GENERIC_VERBS
               for word, flag in ws if word.strip())


# Pronouns are built of these characters; jieba tags a few nouns "r" too (几何 "geometry", from the
# classical "how much"), which then name a thing.
_PRONOUN_CHARS = frozenset("我你您他她它咱俺这那哪谁啥么怎每某各自本其此彼大家人如为时处")


def _mistagged_pronoun(word: str, flag: str) -> bool:
    return flag == "r" and len(word) >= 2 and not (set(word) & _PRONOUN_CHARS)


# A plan or proposal asked for by its kind: no work of its own when a topic was said before it (what
# the plan is for), but still work to do when none was ("晓琳你先出个方案").
_PLAN_ASKED = re.compile(r"^(?:写|做|出|拿|定|列)(?:一下|下)?(?:[一两几]?(?:个|份|版|套))?(?:方案|计划)$")


def plan_asked(title: str) -> bool:
    return bool(_PLAN_ASKED.match(strip_punct(title or "")))


def modifier_head(title: str) -> str:
    """The thing a headless modifier names when nothing was said before it to be its whole:
    "宣传海报的(小童负责)" is the poster, while "男方的" / "前排的" / "第二批的" are parts of a whole
    and name no work alone (a short word, or none naming a thing: ""). ``frames.with_antecedent``
    asks it when the antecedent search found nothing, and for any title ending in 的
    ("年终晚会节目单的" → 年终晚会节目单)."""
    t = strip_punct(title or "")
    if not t.endswith("的"):
        return ""
    head = t[:-1]
    return head if mentions.content(head) >= 3 and not no_work(head) else ""


# An object that is itself a question ("谁能来", "要多少钱", "哪天有空"): it names no work.
_ASKED_OBJECT = re.compile(r"^(?:要|能|会|有)?(?:谁|什么|啥|咋|哪|多少|几(?:点|号|个人|天)|是否|有没有|能不能|要不要)")


def asked_object(obj: str) -> bool:
    """"统计一下谁能来", "问一下哪天有空": the verb's object is a question, not the work; the work
    is the topic said before, done by the verb ("志愿者排班…统计")."""
    return bool(_ASKED_OBJECT.match(strip_punct(obj)))


def without_condition(title: str) -> str:
    """"补丁出来以后review" → review: the condition before the work is no part of its title."""
    m = _CONDITION.match(title)
    return title[m.end() :] if m and len(title) - m.end() >= 2 else title


# What a word that says when something happens is made of (今天, 上周, 目前, 最近, 刚才), unlike a feast (冬至, 中秋).
_WHEN_CHARS = re.compile(r"[今明昨前后天年月周期拜刚现最目时候早晚午夜初底旬上下过将近末]")


# Someone reporting a thing ("上礼拜客服一直在反映那个登入的 bug"): the thing is the topic, not who reports it.
_THING_REPORTED = re.compile(r"^[^，,。]{1,8}?(?:一直|又|也|都|经常|老是|总是)?在?(?:反映|投诉|反馈|抱怨|催)(?:了|过)?(?:说)?(?P<obj>[^，,。]{2,})$")


# A clause that only says who asks or rules, before what they ask: "上面规定", "甲方昨天又要求".
_REPORTED_BY = re.compile(r"[\u3400-\u9fffA-Za-z]{1,8}?(?:今年|今天|昨天|刚才|上周|又|也)?(?:要求|规定|通知|强调|指示|交代)(?:了|过)?")
# What opens a clause before its noun phrase: the event it is done by, and how much of it
# ("开学之前所有的宿舍钥匙…" is about the keys).
_WHEN_AND_ALL = re.compile(r"^(?:[\u3400-\u9fff]{2,6}?(?:之前|以前|之后|以后))?(?:所有|全部)(?:的)?(?=[\u3400-\u9fff]{2})")


# The next matter named on its own: "然后是门禁卡", "最后是年会".
_NEXT_IS = re.compile(r"(?:好|行|嗯)?[，,]?(?:然后|还有|另外|下面|接着|接下来|最后|再就)(?:就)?是(?P<x>[\u3400-\u9fff]{2,8})")


def subject(clause: str, participants: Sequence[str]) -> str:
    """The noun phrase a clause opens with ("迁移指南一直没人写" → 迁移指南), or ""."""
    if (m := _THING_REPORTED.match(strip_punct(clause))) and (thing := subject(m.group("obj"), participants)):
        return thing
    if (m := _NEXT_IS.fullmatch(strip_punct(clause))) and not find_people(m.group("x"), participants) and not no_work(m.group("x")):
        return m.group("x")  # ("然后是退货件": the matter the chair moves on to, whatever jieba tags its words)
    t = clause_said = _ORDINAL.sub("", _LEAD.sub("", re.sub(r"…+|\.{3,}", "", strip_punct(clause))))
    if _REPORTED_BY.fullmatch(t):
        return ""  # "集团昨天又要求，…": who asks is no thing to do; what they ask follows
    if re.match(r"(?:等一下|等一等|等等|稍等|慢着|等会儿)", t):
        return ""  # ("等一下主任，…": asked to wait, then the matter)
    t = _WHEN_AND_ALL.sub("", t)
    # (whose it is, said first: "你那张通行证是不是过期了" is about the pass)
    t = re.sub(r"^(?:对了|那)?[，,]?(?:你|您)(?:的|那个|这个|那张|那本|那份)(?=[\u3400-\u9fff]{2})(?!意思|想法|看法|意见)", "", t)
    for h in lx.dates(t):
        if h.start == 0 and re.fullmatch(r"年底|年终|年中|月底|月初|季末|年初", h.text) and len(t) - h.end >= 2:
            break  # ("年底总结": which summary, not when)
        if h.start == 0 and re.fullmatch(r"的?[\u3400-\u9fff]{0,8}的[\u3400-\u9fff]{2,6}", t[h.end :]):
            t = re.sub(r"^的", "", t[h.end :])  # ("下周的排班表", "下个月年会的节目单": which one, not when)
            break
        t = t[: h.start]
        if h.start >= 4 and not find_people(t, participants) and len(ws := mentions.words(t)) >= 2 and all(
                f in ("n", "v", "vn") for _, f in ws) and not _PREDICATE.search(t):
            return t  # ("报名上限明天就调": the thing, when, then the verb — the topic, whatever jieba tags its words)
        break
    # (only where a word starts: the 要 of 会议纪要 ends no subject)
    starts, at = set(), 0
    for w, _ in mentions.words(t):
        starts.add(at)
        at += len(w)
    m = next((m for m in _PREDICATE.finditer(t) if m.start() in starts), None)
    t = re.sub(r"^的", "", _DETERMINER.sub("", t[: m.start()] if m else t).strip())  # ("那台的液压")
    if "的话" in t[2:]:
        t = t[: t.index("的话", 2)]  # "泡沫的话道具组要…": what 的话 marks is the topic
    # (a name said alone is found in its clause: "大伟你去招" opens with a person, not a thing)
    if clause_said.startswith(t) and any(h.start < len(t) for h in find_people(clause_said, participants)):
        return ""
    if len(t) < 2 or re.search(r"[我你您他她它咱]|[里上中内外]$", t) or re.match(r"顺(?:路|便|手|带|道)|有(?!关|效|机|线|色|声)|(?:好多|很多|许多|不少|好些)(?!钱)|(?:太|挺|特别|非常)(?=[\u3400-\u9fff])", t) or find_people(t, participants) or re.fullmatch(
            r"(?P<w>好|行|对|是|嗯)(?P=w)+|全部|所有|全都|一切|每个|每一个|大部分|一部分|指导员|教导员|辅导员|政委|班主任", t) or t in ADDRESS_WORDS or _PEOPLE_NOUN.search(t):
        # (nor how many are so: "好多住户有意见"; nor how it is: "太费电")
        # ("行行行": a yes said over and over names nothing, nor "全部？" how much of it, nor "顺路捎过去"
        # how it is done, nor "有新闻点" what it has; "老师，…" calls someone; "第三个审稿人说漏了…" is about people, not a thing to do)
        return ""
    if named := _BOOK_TITLE.match(t):
        return named.group(0)  # "《雾港来信》昨天到了": a name in title marks is a noun phrase whatever its words
    # (a time said after the noun phrase is no part of it: "新教材昨天到了")
    # (a feast or a season is no time said: "冬至的活动", "中秋礼盒")
    words = tuple(w for w in mentions.noun_words(t) if not (w[1] == "t" and len(w[0]) >= 2 and _WHEN_CHARS.search(w[0])))
    if not words:
        return ""
    # "X的Y" is a noun phrase by construction, whatever jieba tags its head ("机房的排班表").
    modified = any(w == "的" for w, _ in words[1:-1])
    # (not a last word jieba calls a verb: "仓库的盘点表")
    if modified and (k := next((j for j in range(2, len(words) - 1) if words[j][1] == "v" and words[j - 1][1].startswith(_NOUNISH)
                                and any(w == "的" for w, _ in words[1 : j - 1])), 0)):
        words, t = words[:k], "".join(w for w, _ in words[:k])  # ("冬至的活动搞嘛": the verb after the head is said of it)
    if not (words[-1][1].startswith(_NOUNISH) or modified):
        # "名单分两半": the noun phrase before the clause's first verb is its topic.
        # (jieba may tag the noun phrase's first word a verb: 体检报告)
        k = next((j for j in range(1, len(words)) if words[j][1].startswith("v") and words[j][1] != "vn"
                  and words[j - 1][1].startswith((*_NOUNISH, "t"))), 0)
        if k == len(words) - 1 == 1 and len(words[k][0]) == 2 and len(t) <= 6 and t == clause_said:
            return t  # a clause that is only a noun and a verb names a matter: "处方点评，…"
        t = "".join(w for w, _ in words[:k])
        if k == 0:
            return ""
        if all(f == "t" for _, f in words[:k]):
            return t  # ("冬至……搞嘛": a feast is what is done)
    # ("集采替换的通知": an X的Y phrase names a thing whatever jieba tags its words)
    return t if (mentions.content(t) >= 2 or (modified and len(t) >= 5)) and not _PEOPLE_NOUN.search(t) else ""


def need_named(title: str, said: str) -> str:
    """``title`` (a clause taken as the title), or the noun phrase ``said`` opens with when the
    clause only says a need ("那三天门诊得压一压" → 三天门诊): what needs doing is named by its noun."""
    # (or how it stands, not done yet: "合同还没签" → 合同)
    named = subject(said, ()) if re.search(r"得|需要|应该|必须|还没|没有|尚未|还未", title) else ""
    return named if named and len(named) < len(title) else title


def _object_of(verb: str, clause: str, participants: Sequence[str]) -> str:
    """"那麻药订吧" for the verb 订: the noun phrase said right before that verb, or ""."""
    at = clause.find(verb) if verb else -1
    return subject(clause[:at], participants) if at >= 2 else ""


def object_of(verb: str, clause: str, participants: Sequence[str]) -> str:
    """The noun phrase said right before ``verb`` in ``clause`` ("泡沫要提前订" → 泡沫), or ""."""
    return _object_of(verb, clause, participants)


def antecedent(
    before: Sequence[str], earlier: Sequence[Sequence[str]], participants: Sequence[str], verb: str = ""
) -> tuple[str, int, int]:
    """The work a pointer stands for: the nearest clause before it in its sentence that opens with
    a noun phrase, else the sentences before (nearest first; in each, the topic that opens it).
    ``verb``: the request's own verb when it names nothing else ("小秦你订"): a noun phrase said
    right before that verb ("那麻药订吧") is the work too.
    (title, sentence, clause): sentence -1 is ``before``, k ≥ 0 is ``earlier[k]``; ("", 0, 0): none."""
    for i in range(len(before) - 1, -1, -1):
        s = subject(before[i], participants) or _object_of(verb, before[i], participants)
        if s:
            return s, -1, i
    for k, sent in enumerate(earlier):
        for i, c in enumerate(sent):
            s = _needed(c) or subject(c, participants) or _object_of(verb, c, participants) or _asked_of_you(c, participants)
            if s:
                return s, k, i
    return "", 0, 0


# Work said as needed, with a light verb before it: "那得做个竞品分析", "要出一份应急预案".
# (or proposed: "我觉得可以搞个午市套餐")
# (or the group's own plan: "我们做个签到表", s48)
_NEEDED = re.compile(r"^(?:那|那就|所以)?(?:(?:我觉得|我看|我想|要不)(?:咱们|我们)?(?:可以|还是)|得|要|需要|应该|必须|(?:咱们|我们)(?:今年|这次|就)?)(?:先|再)?(?:做|搞|弄|出|写|整)(?:个|一个|一份|一版|份|一下)"
                     r"(?P<x>[\u3400-\u9fffA-Za-z]{2,10})$")


# Or with the thing it lists first: "过期的耗材得先列个清单出来" (the list of those).
_NEEDED_OF = re.compile(r"^(?:[^，,]*的)?(?P<np>[\u3400-\u9fff]{2,8}?)(?:得|要|需要|必须)(?:先|再)?(?:拉|列|出|做|整理|理|弄|搞|写|整)"
                        r"(?:个|一个|一份|份|张|一张)(?P<x>清单|表格?|名单|明细|单子|台账)(?:出来)?$")


# What a request to 你们 hands over with 把: "你们先把那几张照片发我" (said to one by name, it is theirs).
_YOU_HAND = re.compile(r"(?:你|您)们(?:先|再|赶紧|尽快|马上)?(?:把|将)(?P<x>[^，,。]{2,24}?)(?=[，,]|$|(?:都|也)?(?:发|交|给|送|传|拿|带|寄))")


def _asked_of_you(clause: str, participants: Sequence[str]) -> str:
    m = _YOU_HAND.search(clause)
    # (the first of the things listed: "把照片还有签收单发我")
    return subject(re.split(r"还有|以及|，|,", m.group("x"))[0], participants) if m else ""


def _needed(clause: str) -> str:
    m = _NEEDED.match(strip_punct(clause))
    if m is None and (of := _NEEDED_OF.match(strip_punct(clause))) is not None and not no_work(of.group("np")):
        return of.group("np") + of.group("x")
    return m.group("x") if m and not no_work(m.group("x")) else ""


# Where an English subject noun phrase ends: an auxiliary, a negation, a frequency adverb.
_EN_PREDICATE = re.compile(
    r"\b(?:is|are|was|were|isn't|aren't|wasn't|keeps|keep|kept|has|have|had|hasn't|doesn't|don't|won't|can't|"
    r"still|never|always|just|also|already|will|would|should|could|might|may|needs?|seems?|looks?)\b|'s\b",
    re.IGNORECASE,
)
_EN_LEAD = re.compile(
    r"^(?:(?:last|one more|another|other|next|first)\s+(?:thing|item|point)(?:\s+is)?|also|and|so|oh|okay|ok|"
    r"right|um|uh|well|then|plus|finally|lastly|only(?: that)?|just that)\b[\s,:]*",
    re.IGNORECASE,
)
_EN_PRONOUN = re.compile(r"^(?:i|you|we|they|he|she|it|that|this|there|someone|somebody|everyone|nobody|no one|anyone|anybody|everybody|who|what|which|where|when|why|how)\b", re.IGNORECASE)


def lead_only(said: str) -> bool:
    """Whether ``said`` is only a lead into a matter ("Last thing", "Oh, and one more thing")."""
    t = strip_punct(said)
    while (m := _EN_LEAD.match(t)) and m.end():
        t = t[m.end() :]
    return bool(strip_punct(said)) and not t.strip()


_EN_THE_THING_DID = re.compile(r"(?:the|our|those|these)\s+(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+"
                               r"(?:came|come|comes|went|go|goes|broke|break|breaks|fell|fall|falls|ran|run|runs|blew|blow|blows)"
                               r"\s+(?:in|down|out|over|off|up|back)\b", re.IGNORECASE)


def en_subject(clause: str, participants: Sequence[str]) -> str:
    """The noun phrase an English statement opens with ("the security contact email bounces" →
    security contact email; "the printer on floor three keeps jamming" → printer on floor three), or
    "" when it opens with a pronoun or a person or says no more than its subject."""
    t = strip_punct(clause)
    while (m := _EN_LEAD.match(t)) and m.end():
        t = t[m.end() :]
    words = t.split()
    if len(words) < 2 or _EN_PRONOUN.match(t) or find_people(t, participants):
        return ""
    m = _EN_PREDICATE.search(t)
    if m and m.start() > 0:
        np_ = t[: m.start()]
    elif re.fullmatch(r"[a-z]+(?:s|ed)", words[-1]) and len(words) >= 3:
        np_ = " ".join(words[:-1])  # "the security contact email bounces": a verb ends the clause
    elif (len(words) >= 4 and words[-1].lower() in ("through", "in", "back", "out", "up", "off", "down")
          and re.fullmatch(r"[a-z]+(?:s|ed)|came|went|got|fell|broke|ran|turned", words[-2])):
        np_ = " ".join(words[:-2])  # ("the new rotas came through": a verb and its particle)
    elif m2 := _EN_THE_THING_DID.match(t):
        np_ = m2.group("np")  # ("the new stock came in damp overnight": a thing, then what it did)
    else:
        return ""
    np_ = re.sub(r"^(?:the|our|this|that|my|your|their|a|an)\s+", "", np_.strip(), flags=re.IGNORECASE)
    if re.search(r"\b(?:it|they|he|she|we|I|you)$", np_, re.IGNORECASE):
        return ""  # ("Last month it was chaos": when, then a pronoun, names no thing)
    return np_ if len(np_) >= 3 else ""


# What the work waits for, said before the one asked: "图纸批下来以后", "等报价出来了", "验收完了".
_WAITS_FOR = re.compile(r"(?:等到|等|待)[\u3400-\u9fffA-Za-z0-9]{2,12}?了?(?:以后|之后)?"
                        r"|[\u3400-\u9fffA-Za-z0-9]{1,12}?(?:完|好|到|齐|出来|下来|回来)了(?:以后|之后)?"
                        r"|[\u3400-\u9fffA-Za-z0-9]{2,12}?(?:以后|之后)")


def waited_on(topic: str) -> str | None:
    """The thing a condition said before the work names ("等报价出来了" → 报价; "验收完了" → "": it
    names none), or None when ``topic`` is no condition. The condition itself is no part of the
    work: "验收完了请您再去抽检一次" asks for 抽检."""
    if not _WAITS_FOR.fullmatch(topic) or (topic[:1] in "等待" and topic[:2] != "等到" and lx.is_word(topic[:2])):
        return None  # (待办事项, 等级: a word that opens on 等 / 待 waits for nothing)
    ws = mentions.words(re.sub(r"^(?:等到|等|待)", "", topic))
    head = list(takewhile(lambda w: w[1][:1] == "n" and w[1] != "nr", ws))
    return "".join(w for w, _ in head) if head and len(head) < len(ws) else ""
