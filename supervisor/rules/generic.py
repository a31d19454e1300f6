"""The generic task frame: who does what, read from the shape of a Chinese clause, not a cue word.

Pure. The specific patterns of ``extract`` (负责, 交给, 由…来, 请/让 …) go first; this frame reads
what they leave: a participant as the agent (at the start of the clause, addressed by name before
a clause that opens with 你, or several joined by 和/与/、 — "A和B各上一节" gives each one the task),
then an action verb (jieba ``v`` or a lexicon verb) that is not negated, past, an absence or a
hypothesis, and the work: the object said before the verb (把/将 Y V, "你那篇论文初稿月底交给我"),
else the object after it, else the topic said before the agent. No work → no frame: a task needs
something the transcript names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from intents.evidence import ADDRESS_WORDS

from . import extract as ex
from . import lexicon as lx
from . import mentions, refer
from .lexicon import is_word, word_count
from .names import find_people
from .text import strip_punct

# Action verbs jieba often tags otherwise (上 as a locative, 配置 as a noun) beside the lexicon's.
_LEXICON_VERBS = frozenset(lx.ZH_ASSIGN_VERBS.split("|")) | frozenset(
    "上 讲 讲讲 带 交 交给 送 取 领 搬 装 填 签 审 读 录 拍 跑 回滚 迁 迁移 导 导出 备份 恢复 补 约 订 列 改一改 清 腾 盘".split()
    # verb-object words jieba tags as nouns ("你今天去下单": 下单/n)
    + "下单 付款 报名 开票 对账 发货 备货 补货 退货 盖章 签字 打卡 报销".split()
)
# Verbs of being, thinking, saying, coming and going: no work in them.
_NOT_WORK = frozenset(
    "是 有 没有 在 说 觉得 认为 知道 想 希望 同意 喜欢 听说 回来 回 休息 请假 出差 迟到 放假 参加 去过 来过 "
    "没 行 能 会 要 可以 应该 需要 得 让 叫 感觉 觉 看到 建议 考虑 担心 放心 负责人 提醒 记得 忘 忘了 "
    "开会 开 到 走 去 来 用 等 等等 明白 理解 支持 反对 赞成 怀疑 估计 猜 算 算是 当 做过 试试 "
    # (staying behind and breaking up end a meeting: "大家散吧，晓琳留一下")
    "留 留下 散 散会 "
    # (looking after oneself: "你早点回去洗洗", "早点睡")
    "洗洗 洗个澡 洗澡 睡 睡觉 睡会儿 歇 歇歇 歇会儿 吃饭 吃 喝 "
    # (what to do in the room now: "你那杯奶茶先放下，开会了", "坐")
    "放下 坐 坐下 "
    # (called into the room: "小马，你过来一下")
    "进来 过来 上来 "
    # (asking leave to break in: "秦经理，打扰一下，客户到了")
    "打扰 打断 插一句 插个话 "
    # (how things stand, said with a date: "照这个进度，国庆前够呛")
    "够呛 来不及 来得及 没戏 难说 够用 费劲 悬 "
    # (the weather: "刘洋，明天得下雨")
    "下雨 下雪 刮风 降温 升温 打雷".split()
)
# Words of reminding said before the work ("报名表记得这周五之前交"): no part of it.
_REMINDING = r"记得|记着|别忘了|千万"
_AUX = re.compile(
    # (the first character of a noun is no auxiliary: 会议, 要求, 能源, 来宾, 去年, 得分)
    r"^(?:你|您)?(?:先|再|重新|(?:回来|过来|回去)(?=[弄做搞修装干办换])|抽空|抽个空|抽时间|也|就|都|各|分别|一起|马上|赶紧|抓紧|尽快|这边|那边|负责|来(?!宾|源|访|料|电|信)|去(?!年|向)|"
    rf"会(?!议|计|场|员|务|所|展|客|谈)|{_REMINDING}|要(?!求|点|素|闻|件|一下|一份|个|回)|得(?!分|失)|可以|需要|帮忙|帮着|帮(?!助)|"
    r"能不能|能否|可不可以|能(?!源|力|耗|量)|方便|全部|全都|统统|什么时候|啥时候|哪天|几号|"
    r"今天|明天|后天|今晚|这周|下周|月底|本周|一下|"
    # How the work is done, said before its verb ("挨家通知一下", "亲自跑一趟"): no verb of its own.
    r"挨家挨户|挨家|挨个儿?|逐个|逐一|亲自|自己(?![的家人])|当面|分头|统一(?=[\u3400-\u9fff]一下|收|汇总|发|报|交|填|订)|按时|及时|提前|尽量|务必|想想?办法(?=把|将)|顺便|顺手|顺带|顺路|顺道|(?:按|照|按照)(?:这个|那个)(?:价格?|标准|方案|思路|口径|数)?)*"
)
# The work named by the verb alone after 去/来, a verb–object word jieba tags a noun ("你去选片",
# "小周去验货", "你来记账吧").
_GO_DO = re.compile(r"^(?:你|您)?(?:先|再|就|也)?(?:去|来)(?P<w>[\u3400-\u9fff]{2,3}?)(?:吧|啊|哈)?$")
# "通知一下分红的事": what 的事 heads is a noun phrase, whatever jieba tags its words.
_MATTER = re.compile(r"^(?P<x>[\u3400-\u9fff]{2,8}?)的(?:事情|事儿|事|问题)$")
_JOIN = re.compile(r"\s*(?:和|与|、|以及|及)\s*")
_EN_JOIN = re.compile(r"\s*(?:,\s*)?(?:and|&)\s+", re.IGNORECASE)
_LEAD = re.compile(r"^(?:那么|那|然后|另外|还有|好的|好|嗯|所以|就是|也是|还是|就|这个|对了|最后|那就|回头|待会儿?|等会儿?|到时候?)*")
_HYPOTHETICAL = re.compile(r"如果|要是|假如|假设|万一|的话(?![术题筒费剧])|除非|是不是")  # (话术, 话题: no "if")
_NEGATION = re.compile(r"[不没别甭]|没有|不用|不要|不能")
# (那天 / 这时 are times, not a determiner before the thing)
_DETERMINER = re.compile(r"^(?:那|这|哪)(?:篇|个|份|些|条|张|批|次|块|边|台|部|辆|间|棵|件|本|套|家|(?:场|趟|期|轮)的?|(?![天时年阵会]))")
# (not an answer about the matter said before: "测试报告那个事你二十号给我个答复")
_GIVE_ME_A = re.compile(rf"^给(?P<me>我们|我){lx.ZH_COPIES}"
                        r"(?P<x>(?![吧啊哈]|(?:答复|回复|回话|说法|交代|准信|消息|结果|反馈|答案|信儿|准话)[吧啊哈]?$)[\u3400-\u9fffA-Za-z的]{2,14})[吧啊哈]?$")
_LIGHT = frozenset({"做", "搞", "弄", "负责", "上", "交", "交给", "给"})
# Telling someone, asked of an agent who goes to them: "你去跟猛虎说", "张三去和物业讲".
_TELLING = frozenset({"说", "讲", "说说", "讲讲", "打招呼", "交代", "解释"})
_TELL_WHOM = re.compile(r"(?:跟|和|向|给)(?P<z>[\u3400-\u9fffA-Za-z]{2,8})$")
_MEASURE_ONLY = re.compile(r"^[一两几]?[版份个下次遍稿页节堂课件项条张]$")
# A remark on how someone's work is or was ("你下路的对线数据不太好", "你这个方案写得挺好", "你最近
# 状态不错"): a degree adverb (or 得 + one) before an adjective that ends the clause judges, it asks
# for nothing. "打扫得干净一点" ends on the amount wanted and is an order.
_DEGREE = r"(?:挺|很|太|真|蛮|特别|非常|比较|相当|有点儿?|有些|不太|不大|不够|还算|还挺|超级?|越来越|不怎么)"
# ("小方做事细", "他干活踏实": how someone works, said of them)
_REMARK = re.compile(rf"(?:{_DEGREE}(?P<adj>[\u3400-\u9fff]{{1,2}}?)|不错|不行|一般般?|"
                     # (how it went, a 得 complement of effect: "搬得腰都酸了", "忙得脚不沾地")
                     r"(?<=[\u3400-\u9fff])得(?:手|脚|腿|腰|头|眼睛?|嗓子|人)(?:都|也)?[\u3400-\u9fff]{1,4}|"
                     r"(?:做事|办事|干活儿?|做人)(?:很|挺|特别|太|真)?(?:细|细心|认真|靠谱|踏实|稳|麻利|利索|仔细))(?:的|了|啊|呀|哦|嘛|啦|哈)*$")


# 是…的 around what was done ("是老周带人装的"); "是李四负责的" / "是她管的" say whose it is.
_WHO_DID_IT = re.compile(r"是[^，,。？?]{2,16}(?<!负责)(?<!跟进)(?<!管)(?<!盯)(?<![的是有])的$")


def remark(text: str) -> bool:
    """A clause that judges work rather than asks for it (its predicate an adjective after a
    degree adverb, or 不错/不行/一般)."""
    t = re.sub(r"[，,。！!？?\s…]+$", "", text)
    m = _REMARK.search(t)
    return m is not None and not re.search(r"(?:把|将)", t[: m.start()])


# After 要, what makes it asking for a thing rather than a wish ("跟供应商要一下材质报告").
_ASKED_FOR = re.compile(r"(?:一下|一份|回来|过来)")
# How work stands, not a request: "王芳手上那堆报表还没做完呢".
_NOT_YET_DONE = re.compile(r"(?:还没有?|尚未)[\u3400-\u9fff]{0,3}(?:完|好)(?:呢|啊)?[。！!]?$")
# Work finished, then rest: "你打完电话就回家" sends them home, it gives no work.
_THEN_REST = re.compile(r"(?:完|好)[^，,。！!？?]{0,8}?(?:就|再)?(?:回家|下班|休息|歇着?|走人)(?:吧|啊|哈)?[。！!]?$")


def no_order(text: str) -> bool:
    """A clause that says how work stands ("…还没做完呢") or sends someone off when it is done
    ("你打完电话就回家"): no order, whatever verbs it holds."""
    t = re.sub(r"[，,。！!？?\s…]+$", "", text)
    return bool(_THEN_REST.search(t) or _NOT_YET_DONE.search(t) or _SIT_DOWN.search(t))


# Asked to sit, rest or wait a moment, as a latecomer is: "赵老师你坐", "您先坐下歇会儿".
_SIT_DOWN = re.compile(r"(?:^|[你您])(?:先|快)?(?:请)?(?:坐|坐下|歇会儿?|喝口水)(?:吧|啊|哈|下|一下|会儿|歇会儿?)?$")


@dataclass(frozen=True, slots=True)
class Generic:
    owners: tuple[str, ...]  # one per agent; several: the same work split between them
    title: str
    used_next: bool  # the agent was addressed by name in this clause, the work is in the next one
    due: str | None = None  # a date said as the time of the action ("宋宇今晚就做")


def _is_topic(text: str) -> bool:
    """A noun phrase that opens a topic–comment sentence: content words and no verb."""
    t = re.sub(r"(?:就是|是|呢|的话|这块|那块|这边|那边|这个|的)+$", "", text)
    ws = mentions.noun_words(t)  # (a verb and the document head after it are a noun: 值班表)
    # The head after 的 is a noun by construction ("下周的组会": jieba tags 组会 a verb; "下周的排课表":
    # 排/v 课表/n).
    de = max((k for k, (w, _) in enumerate(ws) if w == "的"), default=-1)
    after = ws[de + 1 :] if de >= 1 else ()
    ends_noun = bool(after) and (len(after) == 1 or after[-1][1].startswith("n"))
    head = sum(len(w) for w, _ in after) if ends_noun and sum(len(w) for w, _ in after) >= 2 else 0
    body = ws[:de] if head else ws
    return bool(ws) and mentions.content(t) + head >= 2 and not any(
        (f.startswith("v") and f != "vn") or w in _LEXICON_VERBS for w, f in body
    )


def _agents(text: str, participants: Sequence[str]) -> tuple[tuple[str, ...], int]:
    """The participants that open ``text`` (after fillers), joined by 和/与/、, and where they end."""
    lead = _LEAD.match(text).end()
    hits = [h for h in find_people(text, participants) if h.name in participants]
    if (hits and hits[0].start > lead and _is_topic(text[lead : hits[0].start])
            and not re.search(r"[给跟向对替帮]$", text[: hits[0].start])):  # "…给宋宇答复": whom it goes to
        lead = hits[0].start  # topic–comment: "那公开课就是王秀英和刘洋各上一节"
    owners: list[str] = []
    pos = lead
    for h in hits:
        if h.start != pos:
            break
        owners.append(h.name)
        pos = h.end
        j = _JOIN.match(text, pos)
        if not j:
            break
        pos = j.end()
    if not owners:
        return (), 0
    end = next(h.end for h in hits if h.name == owners[-1])
    if _POSSESSED.match(text, end):
        return (), 0  # "晓琳那篇论文的返修": whose paper, not who does the work
    return tuple(dict.fromkeys(owners)), end


# A demonstrative and a measure word of a thing right after a name: the name owns the thing.
_POSSESSED = re.compile(r"(?:那|这)(?:篇|份|本|张|条|批|台|辆|间|套|封|组|幅|首|笔)")


def _verb_start(rest: str, stop: int, floor: int) -> int:
    """Where the verb that ends at ``stop`` after a 把 object starts: two characters when they make
    a word ("清点"), one when they do not ("对账" said 把账对) or when the first of them closes a
    commoner word of the object ("把报价单比一下": 单比 is a word, 报价单 a far commoner one)."""
    two = rest[stop - 2 : stop]
    noun = rest[max(floor, stop - 4) : stop - 1]
    whole = next((noun[k:] for k in range(len(noun) - 1) if is_word(noun[k:])), "")
    split = bool(whole) and word_count(whole) > 3 * word_count(two)
    # ("把平面图画一下": 图画 is a word, but after an object a chart, table or form ends it, then the verb)
    split = split or (stop - 2 > floor and two[0] in _PAPER_ENDS and two[1] in _PAPER_VERBS)
    return stop - (2 if (two in _LEXICON_VERBS or is_word(two)) and not split else 1)


_PAPER_ENDS = frozenset("图表单稿册票证卡")
_PAPER_VERBS = frozenset("画写填改做打印贴发算开交签拍")


# One syllable before 一下 that does no work on what follows: waiting, talking, thinking, trying.
_NOT_DONE_ONCE = frozenset("等说讲想聊谈试停歇坐看听问我你他她它这那")


# One-syllable verbs of work jieba may tag otherwise when they open the clause ("换滤芯": 换/nz).
_ONE_SYLLABLE_DO = frozenset("换领退寄印贴装搬洗擦刷修补订买交送签")
_DIRECTIONS = frozenset("回来 回去 过来 过去 上来 上去 下来 下去 出来 出去 进来 进去 起来".split())


# A light verb done once, after the thing it does: "(培训)重新搞一遍", "(演练)再组织一次".
_LIGHT_DONE_AFTER = re.compile(r"^(?:都|也|就)?(?:重新|再|先|抓紧)?(?:搞|做|弄|办|组织|安排|来)(?:一下|一遍|一次|一轮)")


# The listener reminded of what they know: "你是不是忘了", "您又忘了".
_YOU_FORGOT = re.compile(r"^\s*(?:您|你)(?:是不是|可能|又)?忘(?:记)?(?:啦|了|掉了)")
# A greeting, a cheer or a goodbye after a name: "老吴，回头见", "陈姐早", "小孟比赛加油".
_SALUTED = re.compile(r"[\s，,]*(?:再见|拜拜|回见|回头见|(?:明天|明儿|下周|周一|晚上)见|(?:你|您)?好|早上好|晚上好|早|好久不见|慢走|[\u3400-\u9fff]{0,4}加油)"
                      r"[啊呀哈啦了！!。，,~\s]*")


def _verb_at(rest: str) -> tuple[int, int, str] | None:
    """The main verb of ``rest``: the first verb after the auxiliaries — after a 把/将 object the
    last one ("把接口文档更新一下"); (start, end, word)."""
    pos = 0
    found: list[tuple[int, int, str]] = []
    sent_off = re.match(r"^(?:把|将)[^，,。]{1,16}?(?P<v>[发送拿交寄带递传搬运退拉取收撤调])(?:出去|出来|过来|过去|回来|回去|上去|上来|下来)[吧啊]?$", rest)
    if sent_off:
        return sent_off.start("v"), sent_off.end("v"), sent_off.group("v")  # "把函都发出去" (jieba: 发出/v 去/v)
    to_me = re.match(r"^(?:把|将)[^，,。]{2,16}?(?P<v>给|发|交|送|传|递)(?:给)?(?:我|我们)(?:一下|下)?[吧啊哈]?$", rest)
    if to_me:
        return to_me.start("v"), to_me.end("v"), to_me.group("v")  # ("把排班表给我": 给 is the verb, whatever jieba tags it)
    for w, flag in mentions.words(rest):
        start, pos = pos, pos + len(w)
        if not found and len(w) in (3, 4) and w.endswith("一下") and pos < len(rest):
            # "你顶一下值班": jieba glues a one-syllable verb to 一下 and tags the word otherwise.
            found.append((start, pos - 2, w[:-2]))
            continue
        if (not found and len(w) == 1 and rest[pos : pos + 2] == "一下" and (pos + 3 < len(rest) or (
                w in "对核" and re.search(r"(?:跟|和|与)[^，,。]{1,10}$", rest[:start]))
                # ("台账你理一下": a syllable done once to the thing said before, ending the order)
                or (re.fullmatch(r"一下[吧啊哈]?", rest[pos:]) and w not in "来去走过回上下进出"))
                and "\u3400" <= w <= "\u9fff" and w not in _NOT_DONE_ONCE):
            # ("(清单)你跟他们财务对一下": squared with someone, the thing said before)
            # "(韩姐帮她)核一下成本", "盘一下库存": one syllable done once to an object is a verb,
            # whatever jieba tags it alone (核/n, 盘/q)
            found.append((start, pos, w))
            continue
        if not found and start == 0 and len(w) == 1 and w in _ONE_SYLLABLE_DO and len(rest) > 2 and not flag.startswith("v"):
            found.append((0, 1, w))  # "(你去)换滤芯" (jieba: 换/nz)
            continue
        if not found and flag in ("i", "l") and re.fullmatch(r"[\u3400-\u9fff](?:出来|起来)", w) and w[0] not in "看想说听":
            found.append((start, start + 1, w[0]))  # "(名单你周五前)弄出来" (jieba: 弄出来/i)
            continue
        if flag.startswith("f") and found:
            continue  # ("发我微信上": 上 places what came before, it is no verb after the first one)
        if w in _LEXICON_VERBS or (flag.startswith("v") and flag != "vn") or _SEND_TO.fullmatch(w) or (
                # ("把提醒功能设置上": a verbal noun that ends the 把 order, with only its complement after it)
                flag == "vn" and re.match(r"^(?:把|将)", rest) and re.fullmatch(r"(?:上|好|完|掉|起来|出来|一下|一遍)?[了吧啊]?", rest[pos:])):
            if w in ("去", "来", "会", "要", "得", "帮", "帮忙", "负责") and pos < len(rest) and not (
                    w == "要" and _ASKED_FOR.match(rest[pos:])):  # ("跟供应商要一下报告": asks for it)
                if w == "负责" and re.fullmatch(r"(?:一下|起来)?[吧啊呀]?", rest[pos:]):
                    found.append((start, pos, w))  # "你负责一下": nothing else to do
                continue  # an auxiliary before the real verb ("去仓库领", "来写")
            if flag == "vn" and not found and _LIGHT_DONE_AFTER.match(rest[pos:]):
                continue  # ("消防演练重新搞一遍": the drill is what is done, 搞 the verb)
            found.append((start, pos, w))
    words = mentions.words(rest)
    # (how many, and 都, before it: "两种都评估一下")
    lead = 2 if len(words) >= 4 and words[0][1] == "m" and words[1][0] == "都" else 0
    if not found and len(words) >= lead + 2 and words[lead][1] == "vn" and (
            words[lead + 1][1].startswith(("n", "v")) or words[lead + 1][0] in ("一下", "一遍", "一次")):
        # "（这周）加练补刀", "复盘比赛", "复查一下血常规": a request opening on a word jieba calls a
        # verbal noun, with an object after it, is that verb — the lexicon cannot list every trade's verbs.
        at = sum(len(w) for w, _ in words[:lead])
        return at, at + len(words[lead][0]), words[lead][0]
    sep = re.search(r"(?P<v>[\u3400-\u9fff])个(?P<n>[\u3400-\u9fff])", rest)
    # (上个月 / 这个人 / 每个人: a time or a determiner, not 值个班)
    if not found and sep and sep.group("v") not in "上下这那每几一两半整" and is_word(sep.group("v") + sep.group("n")):
        return sep.start(), sep.end("v"), sep.group("v")  # "你周六值个班": 值 whatever jieba tags it
    changed = re.match(r"^(?:把|将)[^，,。把将]{2,16}?(?:全部|全都|都|全|统一|一律)?(?P<v>改成|换成|改为|改到|换到)", rest)
    if changed:
        return changed.start("v"), changed.end("v"), changed.group("v")  # "把系统里的送货地址全改成新库房的": what is changed
    it = re.match(r"^(?:把|将)(?:它们|它)(?P<v>[\u3400-\u9fff]{1,2}?)(?:一下|下|了|好|完|掉|出来|清楚|一遍|一趟)?[吧啊]?$", rest)
    if not found and it:
        return it.start("v"), it.end("v"), it.group("v")  # "把它校一遍" (jieba: 它校/r)
    if not found and re.match(r"^(?:把|将)", rest):
        # "把报告发过来": a verb of sending glued to its direction (jieba: one word, an idiom)
        m = re.search(r"(?P<v>[发送拿交寄带递传搬运退])(?:过来|过去|回来|回去|上去|上来|下来)[吧啊]?$", rest)
        if m and m.start() > 2:
            return m.start("v"), m.end("v"), m.group("v")
        # "把防汛物资清点一下": after a 把 object the word before the complement is the verb,
        # whatever jieba tags it.
        m = re.search(r"(?P<v>[\u3400-\u9fff]{2})(?:一下|下|了|好|完|掉|出来|清楚|一遍|一趟|一版|一稿|一轮)$", rest)
        # ("把库房理一下": a two-character object, a one-character verb)
        if m and (m.start() > 2 or (m.start() == 2 and _verb_start(rest, m.end("v"), 1) > 2)):
            v = _verb_start(rest, m.end("v"), 1)
            return v, m.end("v"), rest[v : m.end("v")]
        # "把库房理一理", "把桌子擦擦": a verb said twice, done once over
        m = re.search(r"(?P<v>[\u3400-\u9fff])一?(?P=v)[吧啊哈]?$", rest)
        if m and m.start() > 2:
            return m.start("v"), m.end("v"), m.group("v")
        # "把夜宵的量再加两成", "把预算砍一半": a verb of more or less, then by how much
        m = re.search(r"(?P<v>[加减增提降涨压砍扩缩补调])(?:到|了)?(?:[一二两三四五六七八九十百千几半\d]+(?:成|倍|个|台|箱|份|块|点|层)?|"
                      r"一半|百分之[一二三四五六七八九十\d]+)[吧啊哈]?$", rest)
        if m and m.start() > 2:
            return m.start("v"), m.end("v"), m.group("v")
        m = re.search(r"(?P<v>给)(?:我们|我|大家|他们|他|她)?[吧啊哈]?$", rest)  # "把PPT给我": 给 is the verb
        if m and m.start() > 2:
            return m.start("v"), m.end("v"), m.group("v")
        # "把空呼瓶全部充满", "把地面擦干净": a 把 clause ends on its verb and result, whatever jieba
        # tags them (充满/a)
        words = mentions.words(re.sub(r"[吧啊哈]$", "", rest))
        # (or a syllable and 齐 jieba takes for a name: "把保安招齐" (招齐/nr))
        if len(words) >= 3 and len(words[-1][0]) >= 2 and (words[-1][1][:1] in ("a", "v", "i", "z")
                                                          or re.fullmatch(r"[\u3400-\u9fff]齐", words[-1][0])):
            end = sum(len(w) for w, _ in words)
            return end - len(words[-1][0]), end, words[-1][0]
    if not found and (m := re.match(r"^(?P<v>[发送交报传寄递拿])(?:下去|出去|过去|过来|上来|上去|回来)[吧啊]?$", rest)):
        return m.start("v"), m.end("v"), m.group("v")  # "(通知你们今天就)发下去" (jieba: 发下去/l)
    if not found and (m := re.match(r"^(?P<v>[\u3400-\u9fff]{2})(?:一次|一遍|一趟)[吧啊]?$", rest)) and not is_word(rest[:3]):
        return m.start("v"), m.end("v"), m.group("v")  # "(老李你再)上门一次" (jieba: 上门/ns): a verb counted
    if not found and (m := re.search(r"(?:(?<=[\u3400-\u9fff]{2})|^)(?P<v>[过查捋理走看盘核测跑审校扫刷擦洗排])(?:一遍|一趟)[吧啊]?$", rest)):
        return m.start("v"), m.end("v"), m.group("v")  # "空气呼吸器全部过一遍" (jieba: 过/ug)
    if not found and (m := re.match(r"^(?:把|将)[^，,。把将]{2,16}?(?P<v>[过查理看盘核测跑审校扫刷擦洗量称验])(?:一遍|一下|一次)"
                                    r"(?P<o>[\u3400-\u9fff]{1,4}?)[吧啊]?$", rest)) and mentions.words(m.group("o"))[-1][1].startswith("n"):
        return m.start("v"), m.end("v"), m.group("v")  # "把水泵挨个查一遍压力": once over, for what is measured
    if not found and (m := re.search(r"(?P<v>交给|给)(?:我们|我)[吧啊哈]?$", rest)):
        return m.start("v"), m.end("v"), m.group("v")  # "(选品清单)你周三给我": handed in to me
    if not found:
        return None
    to = re.search(r"(?P<v>[发送拿交寄带递传搬运放挪])到[\u3400-\u9fff]{1,6}?(?:来|去)[吧啊]?$", rest) if re.match(r"^(?:把|将)", rest) else None
    if to and to.start() > 2:
        return to.start("v"), to.end("v"), to.group("v")  # "把样品拿到现场来": 来 only says which way
    # "把排班表发群里", "把照片传到系统上": where it is put closes the clause (jieba joins 表发, 发群)
    put = re.search(r"(?P<v>[发传贴挂放存])(?:到|在|进)?[\u3400-\u9fffA-Za-z]{1,6}?(?:群|里|上)[吧啊]?$", rest) if re.match(
        r"^(?:把|将)", rest) else None
    if put and put.start() > 2:
        return put.start("v"), put.end("v"), put.group("v")
    ba = re.search(r"(?:把|将)", rest)
    if ba:
        # "把新员工的培训排出来": the verb is the one its complement closes, not a verbal noun inside
        # the object (培训)
        end = re.search(rf"(?:{lx.ZH_DONE})$", rest)
        if end:
            v = _verb_start(rest, end.start(), ba.end())
            if v > ba.end() + 1 or rest[ba.end() : v] in ("它", "它们"):
                return v, end.start(), rest[v : end.start()]
    if re.match(r"^(?:把|将)", rest):
        # ("把样品拿回来": the way it goes, right after the verb, is no verb of its own)
        found = [f for f in found if not (f[2] in _DIRECTIONS and any(g[1] == f[0] for g in found))]
        lexical = [f for f in found if f[2] in _LEXICON_VERBS or _SEND_TO.fullmatch(f[2])]
        return (lexical or found)[-1]
    return found[0]


def _title(before_verb: str, verb: str, after: str, topic: str, prev: str, said_topic: str = "") -> str:
    """The work: the object of 把/将 before the verb, else verb + the object after it, else an
    object said before the verb (topic–comment: "你那篇论文初稿月底交给我"), else the topic said
    before the agent or the clause before."""
    # "去水产市场把石斑和基围虾订了": the object of the last 把/将 before the verb is the work.
    ba = [m.end() for m in re.finditer(r"(?:把|将)", before_verb)]
    before_verb = before_verb[ba[-1] - 1 :] if ba else before_verb
    if verb in _SHOW and (shown := re.search(r"(?:先|再)?给[^，,给]{1,6}$", before_verb)):
        before_verb = before_verb[: shown.start()]  # "初稿下周四先给葛总看一版": what is shown, not to whom
    pre = ex.clean_zh_title(_DETERMINER.sub("", re.sub(r"^(?:把|将)", "", before_verb)))
    pre = re.sub(r"(?:都|全|全部|全都|也|统统)$", "", pre)  # "把差评都回复了"
    pre = re.sub(r"(?<=[\u3400-\u9fff]{2})(?:提前|尽快|赶紧|抓紧|早点儿?)$", "", pre)  # ("把花篮提前备好": how soon, no part of it)
    if ba:
        # ("把电梯维修的事跟物业再催一下": whom it is pressed with, and 的事, are no part of the thing)
        # (和 may join two things: "把商户和损失统计一下"; with whom, only said with their side)
        pre = re.sub(r"(?<=[\u3400-\u9fff]{2})(?:的事儿?|的事情)?(?:(?:跟|(?<![合共协陪])同|向)[\u3400-\u9fff]{1,5}?(?:那边|这边)?|和[\u3400-\u9fff]{1,5}?(?:那边|这边))"
                     r"(?:再|先|也)?$", "", pre)
    for h in reversed(lx.dates(pre)):
        pre = (pre[: h.start] + pre[h.end :]).strip()
    # "在运动会前(修好)", "在开学以前": when the work is done, by an event, is no part of it.
    pre = re.sub(r"^(?:在|于|赶在|趁)[^，,]{1,10}?(?:之前|以前|前|之后|以后|后|时候|时)$", "", pre)
    # …and so is one said bare, a modal after it ("(以后)闭馆前要(检查一遍)").
    pre = re.sub(rf"^(?:以后|今后)?[^，,]{{2,10}}?{lx.ZH_AT_TIME}{lx.ZH_MODAL}?$", "", pre)
    if re.match(r"^(?:把|将)(?:它|它们)$", before_verb):
        return pre  # "你下周二前把它读完": a pointer, titled by what was said before (``antecedents``)
    if re.match(r"^(?:把|将)", before_verb) and len(pre) == 1:
        # "银行询证函，小马，这周五前把函都发出去": the thing said whole before, its head now
        for t in (said_topic, topic, prev):
            t = _as_topic(t)
            if len(t) >= 2 and t.endswith(pre) and not re.search(r"[我你他她它]", t):
                return t
        if re.fullmatch(r"[^我你他她它这那事活些个]", pre) and (whole := ex.clean_zh_title(pre + verb + after)) and len(whole) >= 3:
            return whole  # ("你明早把车开过来": one thing of one character, and what is done with it)
    # What 把 takes is a noun phrase by construction, whatever jieba tags it ("把差评回复了").
    if re.match(r"^(?:把|将)", before_verb) and (
        mentions.content(pre) >= 2 or (len(pre) >= 2 and not re.search(r"[我你他她它这那]", pre))
    ):
        return pre
    # (done once over before its object: "核对一遍那几张发票")
    after = re.sub(r"^一遍(?=[\u3400-\u9fff]{2})", "", after)
    # ("记录你今天整理好发客户邮箱": finished, then sent on to whom — the thing is the topic said first)
    after = _DONE_THEN_SENT.sub("", after) if len(_as_topic(said_topic or topic)) >= 2 else after
    matter = _MATTER.match(re.sub(r"^(?:一下|下)(?![周午月个次班])", "", after))
    if matter and verb not in _LIGHT:
        return ex.clean_zh_title(verb + matter.group("x"))  # "通知一下分红的事" → 通知分红
    if re.match(r"^(?:那|这)(?:篇|个|份|些|条|张|批|台|部|件|本|套)", before_verb) and not ex.clean_zh_title(
            re.sub(r"^(?:一下|下|好|完)", "", after)) and len(pre) >= 2 and not re.search(r"[我你他她它这那]", pre):
        return pre  # …and so is what a determiner opens ("这份合同整理一下": jieba tags 合同 an adjective)
    obj = ex.clean_zh_title(re.sub(r"^(?:一下|下)(?![周午月个次班])", "", after))
    sep = re.match(r"^一?个(?P<n>[\u3400-\u9fff])$", obj)
    if sep and sep.group("n") == "稿" and len(topic_said := _as_topic(said_topic or topic)) >= 2 and not re.search(
            r"[我你他她它]", topic_said):
        return topic_said  # "监盘计划你先起个稿": a draft of what was named before
    if sep and is_word(verb + sep.group("n")) and not refer.no_work(verb + sep.group("n")):
        # a separable verb with a measure inside: 加个班 → 加班, 值个班; "给病人加个号" keeps for whom
        return ex.clean_zh_title(pre + verb + sep.group("n")) if mentions.content(pre) >= 2 else verb + sep.group("n")
    obj = re.sub(r"^一?个(?=[\u3400-\u9fffA-Za-z]{2})", "", obj)  # "再做个B超": the measure is no part of it
    obj = re.sub(r"^(?:给|跟|和)?(?:我|你|他|她|大家|我们)$", "", obj)
    if refer.asked_object(obj):
        # "志愿者排班，欧阳，你统计一下谁能来": the object is a question, the work is the topic
        # said before, done by the verb.
        for t in (said_topic, topic, prev):
            t = ex.clean_zh_title(_DETERMINER.sub("", re.sub(r"(?:那边|这边|那块|这块|的话|呢|就是|是|的)$", "", t)))
            if mentions.content(t) >= 2 and not re.search(r"[我你他她它]", t):
                return t + verb
        return ""
    ws = mentions.words(obj)
    if obj and not _MEASURE_ONLY.match(obj) and (mentions.content(obj) >= 2 or (len(obj) >= 2 and _is_topic(after)) or (
            # one word of two or more characters that jieba tags a verb or an adverb ("盯一下进度",
            # "顶一下值班"): still the thing to do
            len(ws) == 1 and len(obj) >= 2 and ws[0][1][:1] in ("v", "d", "a") and ws[0][0] not in _NOT_WORK
            and not re.search(r"^[去来]|[好完掉了过来去]$|[不没]", obj))):  # "送去修好", "走不开": no object
        topic_said = _as_topic(said_topic or topic)
        if obj in ex.DRAFTS and len(topic_said) >= 2 and not re.search(r"[我你他她它]", topic_said):
            return topic_said + obj  # "代理词你先写个初稿": a draft of what was named before
        if verb in _HANDING and mentions.content(topic_said) >= 2 and not re.search(r"[我你他她它]", topic_said):
            return topic_said  # "报名表你这周五之前交教务处": the thing handed in, not where it goes
        if _CALLED_UP.fullmatch(verb + obj) and _TO_SOMEONE.match(pre) and mentions.content(pre) >= 2:
            return pre + verb + obj  # ("你给物业打个电话": whom the call is to, and the call)
        return obj if verb in _LIGHT else ex.clean_zh_title(verb + obj)
    said = _as_topic(said_topic)
    said = "" if re.search(r"[我你他她它]", said) else said
    # ("加班费的标准你跟财务确认一下": whom it is done with names no work when the matter was said)
    if verb in ("对", "核") and re.match(r"^(?:跟|和|与)", pre) and (matter := _said_or_topic(said, topic, prev, verb, after)):
        return matter  # "（计件标准，）你下周一之前跟财务对一下": what is squared with them
    if mentions.content(pre) >= 2 and not (len(said) >= 2 and re.match(r"^(?:跟|和|与|向|找)", pre)):
        # ("跟业主那边沟通": whom it is done with, and the doing)
        return pre + verb if (re.match(r"^(?:跟|和|与|向|找)", pre) and verb in _WITH_WHOM) or (
            _TO_SOMEONE.match(pre) and _CALLED_UP.fullmatch(verb)) else pre
    return _said_or_topic(said, topic, prev, verb, after)


def _as_topic(t: str) -> str:
    """A topic said before the request as a title: no "那边/的话" after it, no determiner."""
    return ex.clean_zh_title(_DETERMINER.sub("", re.sub(r"(?:那边|这边|那块|这块|的话|呢)$", "", t)))


# Showing a thing to someone for a look ("给葛总看一版"): the thing is the work.
_SHOW = frozenset(ex.ZH_SHOW_VERBS)
# Verbs of handing a thing in: what follows them is where it goes.
_HANDING = frozenset("交 送 发 寄 递 报 传 交给 发给 寄给 递给 转给 传给 送给 送到 送去 交到 报给 报到".split())
_DONE_THEN_SENT = re.compile(r"^(?:好|完)(?:了)?(?:就|再|之后|以后|后)?(?:发|交|送|传)(?:给|到)?[\u3400-\u9fffA-Za-z]{1,8}$")
# A call or a message to someone: the title keeps it after whom ("给物业打电话", not "给物业").
_CALLED_UP = re.compile(r"(?:打|回|发|拨)(?:个|一个|一通|通)?(?:电话|消息|微信|短信|邮件|信息)|回话|回个话|回复|答复|打招呼|打个招呼")
# Whom a call or a message goes to, when it is someone other than those speaking ("给物业…", not "给我…").
_TO_SOMEONE = re.compile(r"^(?:给|跟|和|向)[^我你他她]")
# Verbs done with someone: the title keeps them after whom ("跟业主沟通", not "跟业主").
_WITH_WHOM = frozenset("沟通 商量 协调 确认 联系 对接 谈 聊 核对 讨论 打招呼 说明 反映 汇报 请示 交接".split())


def _said_or_topic(said: str, topic: str, prev: str, verb: str, after: str) -> str:
    if len(said) >= 2:
        return said  # said before 你 as what the request is about: a topic, whatever its tags
    for t in (topic, prev):
        t = ex.clean_zh_title(_DETERMINER.sub("", re.sub(r"(?:就是|是|的)$", "", t).lstrip("，, ")))
        if re.search(r"[我你他她它]", t) or t in ADDRESS_WORDS:
            continue  # "那就你们俩一起，祝凯牵头", "老师，…": a clause about people names no work
        t = refer.need_named(t, t)  # ("那三天门诊得压一压，我回头调一下")
        if mentions.content(t) >= 2 or len(t) >= 4:
            return t
    return ""


# "小黄，明天给它复查一下血常规": for whom (the patient, the client) before the verb is no object.
_FOR_WHOM = re.compile(r"^(?:给|帮|替)(?:它们|他们|她们|它|他|她)(?=[\u3400-\u9fff]{2})"
                       # ("你跟食堂把夜宵的量再加两成": with whom it is settled, before the 把 object)
                       r"|^(?:跟|和|找)[\u3400-\u9fff]{1,5}?(?=(?:把|将)[\u3400-\u9fff]{2})")


_SEND_TO = re.compile(r"[发送寄传转交递拿]给")  # (jieba tags 发给 a verbal noun: "把补充条款发给吴总")
_ENOUGH = re.compile(r"(?<=[\u3400-\u9fff]{2})(?:就行|就可以|就好|就成|就完了?|就得了)(?:了|啊|吧|哈)?$")


def work_verb_alone(clause: str) -> str:
    """The verb of a clause that is only a verb of work, with its time and for whom ("明天上午
    给她回访一下" → 回访); "" otherwise, and for verbs of the mind ("考虑一下") or light ones."""
    rest = _FOR_WHOM.sub("", _strip_lead_date(strip_punct(clause)))
    v = _verb_at(rest)
    if v is None or v[0] != 0:
        return ""
    verb, after = v[2], rest[v[1]:]
    ok = len(verb) >= 2 and verb not in _LIGHT and verb not in _MIND_ONLY and verb not in _NOT_WORK
    return verb if ok and re.fullmatch(r"(?:一下|一遍|下)?[吧啊]?", after) else ""


# Verbs of the mind or of rest said with 一下 are no work of their own ("你考虑一下", "休息一下").
_MIND_ONLY = frozenset("考虑 思考 想想 琢磨 了解 理解 体会 感受 注意 放松 等待 坚持 配合 熟悉 消化 冷静 适应".split())


def _strip_lead_date(rest: str) -> str:
    lead = next((h for h in lx.dates(rest) if h.start == 0), None)
    if lead is None:
        # (a part of the day is a date only after its agent, "你下午去…", and the agent is read)
        # (and so is a rush or a shift: "早高峰之后把车挪走", "交班前盘一下")
        return re.sub(r"^(?:上午|中午|下午|晚上|傍晚|早上|(?:早|晚)?高峰(?:之后|以后|过后|后|之前|以前|前)|(?:交班|接班|下班|上班|开门|关门|收档|打烊)(?:之后|以后|后|之前|以前|前))(?=[\u3400-\u9fff])",
                      "", rest)
    return re.sub(r"^(?:之前|以前|前|之内|以内|内)", "", rest[lead.end :])


# When the work is done, said by another doing before a 把 phrase: "小许你走之前把底稿发给鹏飞".
_BEFORE_DOING = re.compile(rf"^[\u3400-\u9fff]{{1,3}}?{lx.ZH_AT_TIME}(?=(?:先|就)?(?:把|将))")
# What is done first, said before the date and the work ("晓雯你删完周四前重新提交合规").
# (not when only the handing over follows: "核完交给财务" is the work, finished and handed in)
# (or got: "你拿到以后核对一下", "收到之后…")
_ONCE_DONE = re.compile(r"^[\u3400-\u9fff]{1,2}(?:完(?:了)?(?:以后|之后)?|(?:了|到)(?:以后|之后))(?=(?:[\u3400-\u9fff]{1,4}(?:之前|以前|前))?[\u3400-\u9fff]{2})"
                        r"(?!(?:交给|发给|报给|送给|给|交|发|报|送)[\u3400-\u9fff]{0,4}$)")
# When it is done, said by another doing then ("你每天下班锁门的时候顺手关一下空调"): no part of the work.
_WHILE_DOING = re.compile(r"^(?:每天|每周|每次)?[\u3400-\u9fff]{1,10}?的时候(?:顺便|顺手|就|先|再)?(?=[\u3400-\u9fff])")
# Verbs that report what a third party said, when it is their subject ("供应商通知…", "客户说…").
_REPORTING = frozenset({"通知", "说", "讲", "表示", "反馈", "回复", "称"})


def generic(
    text: str, prev: str, following: str, participants: Sequence[str], topic: str = ""
) -> Generic | None:
    """The generic task frame of clause ``text`` (``prev``: the clause before, ``following``: the
    clause after, for an agent addressed by name; ``topic``: a noun phrase said before the request
    to the agent, "BP你来更新" — the work when the verb names none). Chinese only; None when it is
    not one."""
    said_topic = topic
    if not re.search(r"[\u3400-\u9fff]", text) or lx.PAST.search(text) or lx.LEAVE.search(text):
        return None
    if _WHO_DID_IT.search(strip_punct(text)):
        return None  # "那饺子是金阿姨带着几个阿姨包的": who did it, not who will
    if prev and ex._only_names(prev, participants):
        prev = ""  # ("王芳，你周五前能弄好吗": the clause before is the name called, no work)
    if _HYPOTHETICAL.search(text) or remark(text) or no_order(text) or re.search(r"不是.{0,12}(?:吗|么|嘛)$", text.rstrip("？?。 ")):
        return None  # (…，"你手上那个主界面不是还压着呢吗": a reminder asked back, no order)
    if _YOU_FORGOT.match(following):
        return None  # ("…小赵明天出差，您忘了？": a plan the listener is reminded of, no order)
    text = re.sub(r"[吗么呢]$", "", text.rstrip("？?。 "))  # a request asked as a question
    lead = _LEAD.match(text).end()
    when = next((h for h in lx.dates(text[lead:]) if h.start == 0), None)
    if when is not None and find_people(text[lead + when.end :], participants):
        # "那周六马骏你顶一下": the time said before the agent is when the work is done.
        rest_said = _strip_lead_date(text[lead:])
        if _agents(rest_said, participants)[0]:
            g = generic(rest_said, prev, following, participants, topic)
            return g if g is None or g.due else Generic(g.owners, g.title, g.used_next, when.text)
    for after_event in _AFTER_EVENT.finditer(text, lead, lead + 16):
        then = text[after_event.end() :]
        if (thing := refer.waited_on(text[lead : after_event.end("at")])) is not None and (who := _agents(then, participants)[0]):
            # "样品到了以后婷婷你拍图", "等报价出来了请晓东发给客户": what the work waits for, said
            # before the one who does it; a verb with no object of its own is done to it ("滤芯到
            # 了以后子涵你装上去")
            g = generic(then, prev, following, participants, topic)
            # (whatever jieba tags the thing: a made-up product name is nr to it)
            thing = thing or (m.group("t") if (m := re.match(r"(?P<t>[\u3400-\u9fff]{2,8}?)(?:到|齐|出来|回来|下来)了",
                                                             text[lead : after_event.end("at")])) else "")
            if g is None and thing and not topic and (bare := re.search(r"(?:你|您)(?P<v>[\u3400-\u9fff](?:进去|进来|上去|上来|出去|好|完|掉|一下)?)(?:吧)?$", then)):
                return Generic(who, thing + bare.group("v"), False)
            return g
    owners, end = _agents(text, participants)
    if not owners:
        return None
    if _SALUTED.fullmatch(text[end:]):
        return None  # ("…，小孙再见！": a name greeted or seen off is given no work)
    if re.fullmatch(r"(?:也)?(?:来了|来啦|到了|过来了|回来了|来得)(?:正好|刚好|及时|真巧|巧|啊)?[啊呀吧哈]?", text[end:]):
        return None  # ("老周来了正好，…": arrived, in time for what comes next; no work)
    used_next = False
    rest = text[end:]
    if not rest.strip(" ，,") and re.match(r"^\s*(?:你|您)", following):
        rest, used_next = following, True  # "吕婧，你那篇论文初稿月底交给我"
        if lx.PAST.search(rest) or lx.LEAVE.search(rest) or _HYPOTHETICAL.search(rest) or remark(rest):
            return None
    if _NEGATION.match(re.sub(r"^(?:也|就|可|都|还)(?=[不没别甭])", "", rest.lstrip("你您 "))):  # ("你也别…")
        return None  # "贺平没有架子工证", "张三不去"
    if re.search(r"(?:注意|小心|当心|保重)(?:一点儿?|点儿?|一下|些)?[啊哦呀吧哈]*$", rest):
        return None  # ("你路上小心点", "你那个腰注意一点啊": care wished, no work)
    if lx.ZH_WHY_YOU.match(rest.lstrip()):
        return None  # ("你来吧，预算表你比他熟": why them, said after the ask — no work of its own)
    if re.match(r"^\s*(?:那边|这边|他们|她们)?(?:还|正|也|都|一直)+在(?=[\u3400-\u9fff])(?![^，,。]{0,6}(?:之前|以前|前))", rest):
        return None  # "晓燕那边还在轧账": what they are doing now, no work asked
    if not re.match(r"^\s*(?:你|您)", rest) and re.fullmatch(r"[^，,。你您要得该]{0,8}?(?:弄|做|干|搞|办|修|拆|换|装|处理|收拾)的[吧啊呀]?", strip_punct(rest)):
        return None  # ("小吴戴着口罩弄的": who did it, said as done — no work asked)
    said = rest
    # ("麻烦你重新导一下"; "鹏飞你们班把空呼瓶充满": the one called answers for their unit)
    rest = re.sub(rf"^\s*(?:(?:麻烦|劳驾|辛苦)(?=你|您))?(?:你|您)(?:们{lx.ZH_YOUR_UNIT})?", "", rest)
    for _ in range(2):  # auxiliaries and a deadline before the verb: "你能不能周五之前把…"
        rest = _strip_lead_date(rest)  # before the auxiliaries: 下周 of 下周一 is no adverb
        aux = _AUX.match(rest).end()
        # "育苗棚那边冉小芳负责": 负责 is the verb when nothing follows it.
        rest = rest[aux:] if aux < len(rest) and rest[aux:] not in ("吧", "啊", "呀") else rest  # "你负责吧"
        rest = _strip_lead_date(rest)
        rest = _BEFORE_DOING.sub("", rest)
        rest = _ONCE_DONE.sub("", rest)
        rest = _WHILE_DOING.sub("", rest)
    rest = _FOR_WHOM.sub("", rest)
    if (along := re.match(r"(?:跟着|接着|紧跟着)(?=[\u3400-\u9fff]{2})", rest)) and (v := _verb_at(rest[along.end() :])) and v[0] == 0:
        rest = rest[along.end() :]  # ("你接着核对一下": going on after is how; the verb after it is the work)
    if _SALUTED.fullmatch(rest):
        return None  # ("小孟，明天比赛加油": cheered on, after the day)
    if (lead := find_people(rest, participants)[:1]) and lead[0].start == 0 and re.search(
            rf"(?:帮|替)(?:一下)?{re.escape(rest[: lead[0].end])}", said):
        rest = rest[lead[0].end :]  # ("你能不能帮小周核一下账": for whom, not who does it)
    # ("你盘一下够不够": whether it suffices is what the check finds, no object of it)
    rest = re.sub(r"(?<=[\u3400-\u9fff])(?:一下|下)?(?:够不够|齐不齐|全不全|有没有少)[吧啊]?$", "一下", rest)
    # "你给我好好检修一遍": 给我 only urges; "…发我微信上就行": what would do is no part of the work
    rest = _ENOUGH.sub("", re.sub(r"^给(?:我们|我)(?:好好|赶紧|马上|抓紧)", "", rest))
    # ("值班表周五前给我一份": how many copies is no verb)
    rest = re.sub(r"(给(?:我们|我))一?(?:份|版|个|张|套)(?=(?:吧|啊|哈)?$)", r"\1", rest)
    # "你周五前给我一份书面的说明": the thing counted after 给我 is what is handed in, as 把…给我 says
    if m := _GIVE_ME_A.match(bare := _strip_lead_date(rest)):
        rest = rest[: len(rest) - len(bare)] + f"把{m.group('x')}给{m.group('me')}"
    # "文博，下周三给我定稿": 给我 before a verb that holds its own object is for whom it is done
    if re.fullmatch(r"[\s，,]*(?:\S{0,8}?)给(?:我们|我)[\u4e00-\u9fff]{2}(?:吧|啊|哈)?", rest):
        rest = re.sub(r"^[\s，,]*给(?:我们|我)(?=[\u4e00-\u9fff]{2}(?:吧|啊|哈)?$)", "", _strip_lead_date(rest.lstrip(" ，,")))
    if not said_topic:
        # "王芳，会议纪要明天整理好": the thing said first, then when, then the verb: it is the topic.
        when = next((h for h in lx.dates(rest) if h.start >= 2), None)
        # ("报名表记得这周五之前交": a word of reminding between the thing and when is neither)
        thing = re.sub(rf"(?:{_REMINDING}|一定|务必)$", "", rest[: when.start]) if when is not None else ""
        if (when is not None and not re.match(r"^(?:把|将)", rest) and _is_topic(thing)
                and (_verb_at(thing) is None or [f[:1] for _, f in mentions.noun_words(thing)] == ["n"])):
            said_topic, rest = thing, _strip_lead_date(rest[when.start :])
            # ("简历周五能给我吗": whether it can be done by then asks for it)
            rest = re.sub(r"^(?:能不能|能否|能|可不可以|可以)(?=[\u3400-\u9fff])", "", rest)
    # "你先把首件搞好再说奖金": what comes after 再说 waits on the work, it is no part of it
    rest = re.sub(r"(?<=[\u3400-\u9fff]{2})再说[\u3400-\u9fff]{0,6}$", "", rest) if "先" in said else rest
    if lx.ZH_SPEAKS_NOW.fullmatch(strip_punct(rest)):
        return None  # "我补充一点", "你先说两句": speaking in the meeting now is no work after it
    for h in find_people(rest, participants)[-1:]:
        if rest[: h.start].endswith("给") and not re.sub(r"[吧啊呀哈]+$", "", strip_punct(rest[h.end :])):
            rest = rest[: h.start] + "她"  # ("把成片给露露": whom it is handed to, which jieba may tag a verb)
    v = _verb_at(rest)
    if v is None:
        go = _GO_DO.match(said.strip())
        if go is None and not said_topic and (bare := _dated_bare_verb(said, rest)):
            return Generic(owners, bare, used_next, _said_when(said, rest, 0))
        return Generic(owners, go.group("w"), used_next) if go and not _NEGATION.search(go.group("w")) else None
    start, stop, verb = v
    before, after = rest[:start], rest[stop:]
    if re.match(r"^(?:没|未)", verb) or re.search(r"(?:还没有?|没有|尚未|还未)$", before):
        return None  # ("合同还没签": how it stands, what is not done yet; the order, if any, comes next)
    # "你…把石斑订了": a clause-final 了 after a 把 object asked of 你 is an order, not a report.
    # (and handed over: "把申请单填了给我", "把合同签了发我")
    # ("押金你给人家退了": done for someone named by the 给 before the verb)
    ordered = bool(re.fullmatch(r"了(?:吧|啊)?(?:(?:再)?(?:给|发|交给|拿给|送给)(?:我|我们|大家)(?:看看|看一下)?)?", after)) and re.search(
        rf"(?:把|将)|给(?:{lx.ZH_FOR_THEM}|他们|她们|他|她)$", before) and re.match(r"^(?:你|您)", said)
    # ("你十号之前去续了": by a deadline still to come, 了 ends an order, not a report)
    ordered = ordered or (re.fullmatch(r"了[吧啊]?", after) is not None and re.match(r"^(?:你|您)", said) is not None
                          and any(h.end <= len(said) - len(rest) + start for h in lx.deadlines(said)))
    if verb in _REPORTING and before and not re.search(r"(?:把|将|你|您|跟|和|给|向|找|去)", before) and (
        lx.dates(after) or len(strip_punct(after)) >= 4
    ) and not re.match(r"^(?:一下|下(?:[，,。]|$)|一声|到|了吧|他|她|大家|各位|我|你)", after):
        return None  # "苏姐，原来那家供应商通知下个月起涨百分之十二": what someone said, told to the one called
    # ("这个我跟物业说了": told already, a report)
    told = _TELL_WHOM.search(before) if verb in _TELLING and not re.match(r"^(?:了|过)", after) else None
    if told and not re.search(r"[你我他她它们]|大家|一下", told.group("z")):
        # "一鸣你去跟猛虎说": a message to take to someone is work; the title says to whom.
        return Generic(owners, ex.clean_zh_title(told.group(0) + verb), used_next, _said_when(said, rest, start))
    if verb == "回" and re.match(r"^(?:一下|个|复|一?[封条通](?!知)|(?:邮件|电话|消息|短信|微信|信)(?![\u3400-\u9fff]))", after):
        verb = "回复"  # "你回一下", "回一封邮件": a reply to write, not going back
    takes_on = verb == "来" and not after.strip("吧啊呀") and len(said_topic) >= 2  # "报表你来(吧)"
    # ("跟供应商要一下材质报告": 要 asks for a thing, not a wish)
    takes_on = takes_on or (verb == "要" and bool(_ASKED_FOR.match(after)))
    # ("把两种方案的成本都算一下": 算 with a complement of work done reckons, it does not "count as")
    takes_on = takes_on or (verb == "算" and re.match(r"(?:一下|清楚|出来|一遍)", after) is not None)
    # ("把收据开了", "把证明开一下": 开 with a 把 object issues a paper, no going or meeting)
    takes_on = takes_on or (verb == "开" and re.search(r"(?:把|将)[\u3400-\u9fff]{2}", before) is not None)
    # ("把车开过来": 开 with a 把 object and where to, drives it there)
    takes_on = takes_on or (verb == "开" and re.search(r"(?:把|将)[\u3400-\u9fff]", before) is not None
                            and re.match(r"(?:过来|过去|回来|回去|到)", after) is not None)
    # ("把东侧的护栏再走一遍": 走 with a 把 object, done once over, walks it to check, no leaving)
    takes_on = takes_on or (verb == "走" and re.search(r"(?:把|将)[\u3400-\u9fff]{2}", before) is not None
                            and re.match(r"(?:一遍|一趟|一圈)", after) is not None)
    # (or with its object after: "给新来的走一遍流程", a run-through)
    takes_on = takes_on or (verb == "走" and re.match(r"(?:一遍|一下)[\u3400-\u9fff]{2,6}$", strip_punct(after)) is not None)
    if (verb in _NOT_WORK and not takes_on) or _NEGATION.search(before[-2:]) or (
        re.match(r"^(?:了|过|完了|好了)", after) and not ordered
        # (把样品送过去 / 定稿你周五发过去(就行): a direction, not the past)
        and not (re.match(r"^过[去来]", after) and (re.search(r"(?:把|将)", before) or said_topic
                                                    or re.fullmatch(r"过[去来](?:吧|就行|就好|一下)?", after)))
    ):
        return None
    topic = text[_LEAD.match(text).end() : end]
    topic = topic[: next((h.start for h in find_people(topic, participants)), len(topic))]
    title = _title(before, verb, after, topic, prev if not used_next else "", said_topic)
    if not title and not before and (bare := _dated_bare_verb(said, rest, verb=True)):
        title = bare
    if not title and verb not in _LIGHT and (_POINTED_BEFORE.search(before) or refer.pointer(said_topic)) and not strip_punct(
            re.sub(r"^(?:一下|下|一遍|一趟)", "", after)):
        title = "这个"  # "敏姐，这个你跑一下": the work said before, titled by ``antecedents``
    # (how many of what was said before: "你两种都评估一下")
    if (not title and re.fullmatch(r"(?:[一两二三四五六七八九十几]+(?:种|个|份|家|样|套)都)?(?:重新|再|先|马上|赶紧|尽快)*", before)
            and verb not in (_LIGHT | _MIND_ONLY | _NOT_WORK)
            and (not strip_punct(re.sub(r"^(?:一下|下|一次|一遍|一趟|一版|一份)?[吧啊呀哈]?", "", re.sub(r"^了", "", after) if ordered else after))
                 # ("梓航你周五前发我": handed to the speaker, the thing said before)
                 or (verb in _HANDING and re.fullmatch(r"(?:给)?(?:我|我们)(?:就行|就好|就可以)?[吧啊呀哈]?", strip_punct(after))))
            and (verb in _LEXICON_VERBS or re.match(r"一(?:次|遍|趟)", after) or refer.PUT_AWAY.fullmatch(verb) or ordered
                 or re.search(r"来$", said[: len(said) - len(rest) + start])  # (not after 去: "我去听" attends)
                 # ("何静你评估一下": a verb of two, a word of work jieba knows, asked done once)
                 or (len(verb) == 2 and re.match(r"一下|一遍", after) is not None and verb not in _TELLING
                     and len(w := mentions.words(verb)) == 1 and w[0][1] in ("v", "vn")))):
        title = verb  # "雨桐你去沟通", "你来打吧": the verb alone, done to what was said before (``antecedents``)
    if not title and (m := _HOW_MANY.match(after)) and _verb_at(after[m.end():]) == (0, len(after) - m.end(), after[m.end():]):
        title = after[m.end():]  # "你找至少三家打样": whom to find, then the work they do
    return Generic(owners, title, used_next, _said_when(said, rest, start)) if title else None


# (the end of a condition, what the work waits for: ``refer.waited_on``; then a word of asking)
_AFTER_EVENT = re.compile(r"(?<=[\u3400-\u9fffA-Za-z0-9])(?P<at>了|以后|之后)(?!以后|之后)[，,]?(?:请|麻烦)?")
# A pointer to the work said just before, then the one asked ("这个你跑一下").
_POINTED_BEFORE = re.compile(r"(?:^|[，,])(?:这|那)(?:个|件事|事儿?|块)[，,]?(?:你|您)?$")
# How many are found or asked before the work they do ("找至少三家打样", "叫两个人搬").
_HOW_MANY = re.compile(r"^(?:至少|最少|起码|再)?[一二两三四五六七八九十几\d]+(?:家|个|位|名|种|款|份)(?:人)?")


def _dated_bare_verb(said: str, rest: str, *, verb: bool = False) -> str:
    """A verb that holds its own object, said alone with a date ("思琪你周三前下单", "你明天上午
    付款吧"): the verb is the work (``verb``: ``_verb_at`` found it, whatever jieba tags it). "" otherwise:
    undated ("你放心"), a state ("李哥，八月底够呛") or a verb that names no work."""
    word = re.sub(r"(?:一下|下)?[吧啊哈]?$", "", strip_punct(rest))
    ws = mentions.words(word)
    parts = [f for c in word for _, f in mentions.words(c)]
    if _said_when(said, rest, 0) and verb and len(word) == 3 and word in _LEXICON_VERBS:
        return word  # "丽姐你今天上午给他打电话": a work verb of the lexicon with its object
    return word if (
        _said_when(said, rest, 0) and len(ws) == 1 and len(word) == 2 and is_word(word)
        and (verb or ws[0][1][:1] in ("v", "a", "i")) and word not in _NOT_WORK and word not in _LIGHT
        and word not in _MIND_ONLY and not _NEGATION.search(word)
        # a verb (or 上/下) and its object in one word (下单, 付款, 签字), not a state (够呛, 来不及)
        # (送检: the second character a verbal noun, the thing done to what is sent)
        and len(parts) == 2 and parts[0][:1] in ("v", "f") and parts[1] in ("n", "ng", "m", "q", "vn")
    ) else ""


def _said_when(said: str, rest: str, start: int) -> str | None:
    """The time said between the agent and the verb: when the work is due ("今晚就做", "月底交")."""
    upto = len(said) - len(rest) + start
    return next((h.text for h in lx.dates(said[:upto])), None)


def co_agents(text: str, owner: str, participants: Sequence[str]) -> tuple[str, ...]:
    """The participants joined to ``owner`` as one agent ("王五和赵六负责后端" → 王五, 赵六)."""
    hits = [h for h in find_people(text, participants) if h.name in participants]
    at = next((k for k, h in enumerate(hits) if h.name == owner), None)
    if at is None:
        return (owner,)
    out = [owner]
    k = at
    join = _JOIN if re.search(r"[\u3400-\u9fff]", text) else _EN_JOIN
    while k > 0 and join.fullmatch(text[hits[k - 1].end : hits[k].start] or "x"):
        out.insert(0, hits[k - 1].name)
        k -= 1
    k = at
    while k + 1 < len(hits) and join.fullmatch(text[hits[k].end : hits[k + 1].start] or "x"):
        out.append(hits[k + 1].name)
        k += 1
    return tuple(dict.fromkeys(out))
