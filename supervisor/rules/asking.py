"""Stage 3 (``frames``): questions that ask for work.

A question is a request when it asks a named person for work: politely, for a date, or as a bare
rising question ("刘洋你能不能把文档更新一下？", "Bob, can you update the docs?") — not when it asks
how the work stands, proposes, or asks whether a fact holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from . import extract as ex
from . import lexicon as lx
from . import mentions
from .addressing import _EN_YOU_ARE, _EN_YOU_ASKED, _EN_YOU_ING, _EN_YOU_WILL, _addressed
from .task_frames import _EN_WHEN_LEAD, asked_if_free, tasks, verb_only_request
from .text import EN_NAME_WORD, Clause, Sentence, has_cjk, strip_punct

_ZH_ASK_Q = re.compile(r"(?:你|您)?(?:能不能|能否|可不可以|可以|能|方便)")


# "…的通知也你发一下？": the 一下 of a request, asked with a rising tone (or 跑一趟, 盯着点)
# (…with its 把 object or whom it is said to before the verb: "佳怡你跟后台说一下？", "你把报告改一下？")
_ZH_DO_A_BIT = re.compile(r"(?:你|您)(?:这两天|今天|明天|回头|抽空|抽个空)*(?:也|再|先|就|帮忙|帮我)?"
                          r"(?:(?:把[^，,。？?把]{1,10}?|(?:跟|和|给)[^，,。？?]{1,6}?)?[\u3400-\u9fff]{1,3}(?:一下|一趟|着点儿?)"
                          # (or whom they reach after it: "你回头问一下王总？", not one only spoken of: "你问一下他们？")
                          r"|(?:问|联系|找|催|通知|对接|沟通)一下(?![他她它我你])(?![\u3400-\u9fff]*(?:谁|什么|哪|怎么|吗|呢|没|多少))"
                          r"[\u3400-\u9fff]{1,8})[吧呗]?$")
# A question about how work stands, not a request for it: "论文初稿怎么样了？", "协议你签了没？".
# Asked for a date ("什么时候能出来"), or to take the work on ("天宇你牵头？", "这块你来？").
_ZH_WHEN_Q = re.compile(r"(?:什么时候|啥时候|哪天|几号)(?:能|可以|会)")
# (or settled with 吧 and asked only to hear a yes: "宁宁，你们出展板吧？")
# (not whether they know or are fine, nor who did it: "这事你有数吧？", "你没问题吧？", "是你订的吧？")
_ZH_YOU_THEN_Q = re.compile(r"(?:你|您)们?(?![^，,。？?]*(?:有数|知道|清楚|明白|记得|放心|问题|可以|行|会|是|在))[^，,。？?吗]{2,12}(?<![的了过])吧$")


def _settled_ask(text: str) -> bool:
    """``_ZH_YOU_THEN_Q`` with a verb right after 你 (adverbs aside): "你们做展板吧？", not "你圈子里人多吧？"."""
    m = _ZH_YOU_THEN_Q.search(text)
    words = [w for w in mentions.words(text[m.start() :])[1:] if not w[1].startswith("d")] if m else []
    return bool(words) and words[0][1] == "v"


_ZH_TAKE_Q = re.compile(r"(?:你|您)(?:来)?(?:牵头|负责|跟进|主导|盯|接手|来[\u3400-\u9fff]?|弄|管)(?:一下)?[吗吧呢]?$")
# A proposal or a choice put to the room ("要不要换石静？", "是不是让王五来？"): the state decides.
_ZH_PROPOSAL_Q = re.compile(r"要不要|是不是|还是|要不|行不行|好不好|怎么办")
_ZH_STATUS_Q = re.compile(r"怎么样|咋样|如何|进展|进度|到哪|了没|了吗|了么|完了|好了吗|没有$")


# A yes-or-no question about a fact ("业主到底降不降价？", "他们来不来？"): nobody is asked to do
# anything. 能不能/可不可以/行不行 ask for the work, 要不要/是不是 propose (above).
_ZH_A_NOT_A = re.compile(r"(?P<a>[\u3400-\u9fff])不(?P=a)")


# A question the work is to find out, not one put to the room: "…查一下，看看到底是线路还是开关的问题".
_ZH_FIND_OUT = re.compile(r"(?:^|[，,]|(?<=一下))(?:看看|看一下|查查|查一下|搞清楚|弄清楚|问清楚|确认一下|核实一下)[^，,]*")


def _asks_whether(text: str) -> bool:
    text = _ZH_FIND_OUT.sub("", text)
    return "到底" in text or any(m.group("a") not in "能可行好要是会" for m in _ZH_A_NOT_A.finditer(text))


def _still_you(text: str) -> str:
    """``text`` without a 还是 that means "still, as before" ("今年还是你负责吧？", "还是你来？"): said
    before 你 with no verb before it in its clause. "他来还是你来" chooses and keeps it."""
    out = text
    for m in reversed(list(re.finditer(r"还是(?=你|您)", text))):
        head = re.split(r"[，,。]", text[: m.start()])[-1]
        words = mentions.words(head)
        # (a topic of one word, whatever jieba tags it: "主持还是你来？")
        if not any(f.startswith("v") for _, f in words) or (len(words) == 1 and len(head) >= 2):
            out = out[: m.start()] + out[m.end() :]
    return out


def _zh_request(clauses: Sequence[Clause], i: int, participants: Sequence[str]) -> bool:
    """Clause ``i`` of a question asks a named person for work: politely ("刘洋（，）你能不能把文档
    更新一下？"), for a date ("艾琳那边，设计方案什么时候能出来？"), or as a bare rising question
    ("v2.4的发布，天宇你牵头？", "技能特效是婷婷的活儿，婷婷，你下周三给一版？") — any question whose
    clause reads as a task of a participant, unless it asks how the work stands or only suggests."""
    text = _still_you(clauses[i].text)
    asked = _still_you("，".join(c.text for c in clauses[i:]))  # the question may be a later clause
    if not has_cjk(text) or _ZH_STATUS_Q.search(asked) or _ZH_PROPOSAL_Q.search(_ZH_FIND_OUT.sub("", asked)) or lx.CORRECTION.search(asked) or (
            _asks_whether(asked)):
        return False
    if lx.HEDGE_FWD.search(text) and not _ZH_ASK_Q.search(text):
        return False  # "要不张三来？": a suggestion
    if not (_ZH_ASK_Q.search(text) or _ZH_WHEN_Q.search(text) or _ZH_TAKE_Q.search(text) or i < len(clauses) - 1
            or _ZH_DO_A_BIT.search(text) or _settled_ask(strip_punct(text))):
        return False  # a bare "张三你确认？" may only ask to confirm a fact
    head = tuple(clauses[: i + 1])
    found = tasks(Sentence(head, 0), head, [False] * len(head), participants)
    return any(f.kind == "task" and f.owner in participants and clauses[i] in f.clauses for f in found)


# Work handed to the one called, said as a question only to hear them agree: "you take the rota then?"
# (with "then": handed over once the talk has settled it; "Kev, you do the count?" may still be turned down)
_EN_YOU_TAKE = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you\s+(?:take|do|handle|own|cover|run|grab|pick up)\s+(?:the|this|that|it)\b"
                          r"[^,.;]*\bthen\s*[?.!]*$", re.IGNORECASE)
# A thing and its day, the whole of what is asked: "the stock count by Friday", "the rota, Monday".
_EN_THING_BY = re.compile(r"(?:the|your)\s+[a-z][\w' -]{2,40}?(?:,?\s+(?:by|before)\s+|,\s*)(?P<d>\S.*)", re.IGNORECASE)


def _vocative_tasks(clauses: Sequence[Clause], participants: Sequence[str]) -> bool:
    """Polite requests phrased as questions still assign work ("Bob, can you update the docs?")."""
    if ex.pronoun_request([c.text for c in clauses], participants):
        return True
    for i, c in enumerate(clauses):
        if _zh_request(clauses, i, participants):
            return True  # "刘洋你能不能把接口文档更新一下？": a request, asked politely
        called = _addressed(clauses[i - 1].text, participants) if i else None
        if has_cjk(c.text) and verb_only_request(c.text, called, participants, asked=True) is not None:
            return True  # "预算表还差两个部门。李明，你明天再催一催？": the request's verb names no thing
        if i and has_cjk(c.text) and asked_if_free(c.text, participants):
            return True  # "测试报告要写一下，陈静有时间吗？"
        if i and not has_cjk(c.text) and _addressed(clauses[i - 1].text, participants) and (
                m := _EN_THING_BY.fullmatch(", ".join(d.text for d in clauses[i:]).strip(" ?."))) is not None and (
                (days := lx.dates(m.group("d"))) and days[0].start == 0 and days[-1].end == len(m.group("d"))):
            return True  # ("Ana, the stock count by Friday?": the thing and its day, asked of the one called)
        c = replace(c, text=ex.en_polite(c.text))
        if i and (_EN_YOU_ARE.match(c.text) or _EN_YOU_ING.match(c.text) or _EN_YOU_WILL.match(c.text)) \
                and _addressed(clauses[i - 1].text, participants):
            return True  # "Dave, you're on the T-shirts again?", "Dave, you'll still run it?": asked to confirm, still assigned
        if i and _EN_YOU_TAKE.match(c.text) and _addressed(clauses[i - 1].text, participants):
            return True  # (s49) "Jo, you take the stocktake then?": handed over, asked only to agree
        if re.search(r"\b(?:can|could|would|will) (?:you|" + EN_NAME_WORD + r")\b", c.text, re.IGNORECASE):
            if ex.assignments(c.text, "", participants):
                return True
            if i and ex.vocative(clauses[i - 1].text, c.text, participants):
                return True
            if i > 1 and _EN_WHEN_LEAD.match(clauses[i - 1].text.strip()) and ex.vocative(clauses[i - 2].text, c.text, participants):
                return True  # ("Fiona, once he's paid, can you book the engineer?")
            if _EN_YOU_ASKED.match(c.text) and any(_addressed(d.text, participants) for d in clauses if d is not c):
                return True  # "Carol, the group chat, can you add everyone's new numbers?"
    return False
