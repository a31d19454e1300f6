"""Stage 3 (``frames``): the person addressed, and "you" read as them.

A clause that is only a name (``_addressed``); English "you" after a vocative and Chinese 你 after
a name read as that person (``_you_as``, ``_zh_you_as``); work named in one sentence and asked for
in the next (``addressed_work``); the one a Chinese sentence calls and 你 said to them after
their reply (``called``, ``said_to``); a name closing an order (``name_called_last``) and 让他 after
telling one person (``told_to_have``), read as said to that person.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from . import extract as ex
from . import lexicon as lx
from . import mentions, refer
from .due import date_order
from .marks import has_trigger
from .names import find_people
from .orders import ABOUT_YOU, EN_NOT_SO, names_work
from .text import EN_NAME, EN_NAME_WORD, Clause, Sentence, has_cjk, strip_punct

_EN_TO_YOU = re.compile(r"\b(to|with|for) you\b(?!r)", re.IGNORECASE)


def _addressed(text: str, participants: Sequence[str]) -> str | None:
    """The participant a clause that is only a name addresses ("Okay, Wen, …")."""
    hits = find_people(text, participants)
    if not hits and has_cjk(text) and len(strip_punct(text)) <= 4:
        # (a form that calls someone only when it is said as a call, "大鹏，…", is one here: the
        # clause is cut off before its comma)
        hits = find_people(strip_punct(text) + "，", participants)
    # "艾琳那边，…": the person, or their side of the work, addressed alike.
    # ("陈静啊，…", "那个，就是老周你这边，…": a particle after the name, a filler before it)
    # ("小刘你带三个人，明天之前搬完": whom they take along is part of the ask that follows;
    # "老许你是安全员，…": who they are, said to them)
    # ("丽华姐，…", "建国叔，…": a given name called with a kin word after it)
    after = re.sub(r"^(?:姐|哥|姐姐|哥哥|姨|阿姨|叔|叔叔|嫂|嫂子|婶)(?=[啊呀哈呐]?$|[啊呀哈呐]?[你您])", "", text[hits[0].end :]) if hits and has_cjk(text) else ""
    after = re.sub(r"^(?:啊|呀|哈|呐)?(?:(?:你|您)(?:是|作为)[^，,。？?吗呢吧]{2,10}?(?:员|长|人|师|主任|经理|代表|老师)|(?:你|您)?(?:那边|这边|那儿|那里)|(?:你|您)?(?:带|带上|叫上|领)[一两二三四五六七八九十几\d]+(?:个|名)?"
                   r"(?:人|兄弟|同事|师傅)(?:去)?)?$", "", after)
    after = "" if ABOUT_YOU.match(strip_punct(after)) else after  # ("王姐你跟他们熟，…")
    if len(hits) == 1 and not strip_punct(re.sub(r"^\s*(?:(?:ok|okay|so|and|then|right)\b|(?:那个|就是|嗯|呃|那|然后|好|还有|另外|对了)+)", "",
                                                   text[: hits[0].start], flags=re.IGNORECASE)) \
            and not strip_punct(after if has_cjk(text) else ex.EN_FAMILIAR.sub("", text[hits[0].end :])):
        return hits[0].name
    return None


_EN_YOU_ARE = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you(?:'re| are)\b(?! on (?:it|that|this)\b)", re.IGNORECASE)
# "Petey, you've got stumps instead": work given in place of other work is theirs, as "you're on" gives it
# ("you've got a point" / "you've got the contact" hand nothing over).
_EN_YOU_GOT = re.compile(r"^((?:(?:and|so|then|okay|ok)[\s,]+)?)you(?:'ve| have)? got\b(?=.+\b(?:instead|this time|as well|too)[.!]?$)",
                         re.IGNORECASE)
_EN_YOU_WILL = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you(?:'ll| will)\b", re.IGNORECASE)
_EN_YOU_ING = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you\s+(?=[a-z]+ing\s)", re.IGNORECASE)
# "Tom, you're on library duty, you can run off copies": a modal of ability or need said to the
# one called is asked of them, like "you'll".
_EN_YOU_CAN = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you\s+(can|need to|have to|must)\b", re.IGNORECASE)
# A request with its own verb after the sentence that called the person ("Carol, the group chat.
# Can you add everyone's new numbers?").
_EN_YOU_ASKED = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?(?:can|could|would|will) you\s+(?:please\s+)?[a-z]",
                           re.IGNORECASE)


def _you_as(text: str, name: str | None, called_after: bool = False) -> str:
    """English "…goes back to you" said to someone addressed by name: "you" is that person; so is
    the subject of "you're writing the methods section" / "you're on the T-shirts" / "you'll…".
    ``called_after``: the name closes the sentence ("Can you write it, Mia?"), so nothing said
    between a name and the ask is what "it" stands for, and a pronoun object is asked of them too."""
    if not name or has_cjk(text):
        return text
    if not re.fullmatch(EN_NAME, name) and re.fullmatch(EN_NAME_WORD, name.split()[0]):
        name = name.split()[0]  # ("Kevin O'Brien is on…" would not read as a name: "Kevin is on…" does)
    text = _EN_YOU_GOT.sub(lambda m: f"{m.group(1)}you're on", text.strip())
    text = _EN_YOU_ARE.sub(f"{name} is", text)
    text = _EN_YOU_WILL.sub(f"{name} will", text)
    text = _EN_YOU_ING.sub(f"{name} is ", text)  # "Omar, you doing the stock take?": "are" dropped
    text = _EN_YOU_CAN.sub(lambda m: f"{name} {m.group(1).lower()}", text)
    pronoun = "" if called_after else r"(?!\s+(?:please\s+)?\w+(?:\s+(?:up|out|over|in|on))?\s+(?:it|that|those|them|this|these)\b)"
    text = re.sub(r"^((?:(?:and|so|then|okay|ok)[\s,]+)?(?:can|could|would|will)) you\b" + pronoun, rf"\1 {name}", text,
                  flags=re.IGNORECASE)  # "Carol, the group chat, can you add…" → "can Carol add…"
    return _EN_TO_YOU.sub(lambda m: f"{m.group(1)} {name}", text)


# Asked with a modal and no 你 right after calling someone ("沈姐，仓库那边今天能不能多叫俩临时工？",
# "辉哥，群演的盒饭明早能提前送到吗？"): the modal asks the one called.
_ZH_MODAL_NO_YOU = re.compile(r"^(?P<pre>[^，,。你您我他她们]{0,14}?)(?=能不能|能否|可不可以|能(?=[^，,。？?能]{1,14}吗[？?]?$))")


_ZH_BOSS = re.compile(r"经理|[^小]总|主任|书记|院长|校长|局长|部长|处长|科长|厂长|董事长|领导|老板")


_EN_CAN_YOU_ALONE = re.compile(r"(?:(?:so|and|then|okay|ok)\s+)?(?:can|could|would|will) you(?: (?:please|maybe|instead|then))?", re.IGNORECASE)


def asked_without_you(clauses: Sequence[Clause], participants: Sequence[str]) -> list[Clause] | None:
    """The clauses with 你 put before a modal that asks, with no 你, the one called in the clause
    just before (a clause that is only their name); None when there is none such."""
    out, changed = list(clauses), False
    for i in range(1, len(clauses)):
        text = clauses[i].text
        if i == len(clauses) - 1 and _EN_CAN_YOU_ALONE.fullmatch(strip_punct(text)) and _addressed(clauses[i - 1].text, participants):
            # ("Can you take the Tuesday delivery, Ola?" "I can't, I'm at the dentist. Ben, could you?"):
            # a "can you?" with no verb, put to the one just called, asks them the work asked before
            out[i] = replace(clauses[i], text=strip_punct(text) + " do it")
            changed = True
            continue
        k = i - 1
        while k > max(0, i - 3) and re.search(r"[你您](?!们)", clauses[k].text) and not find_people(clauses[k].text, participants):
            k -= 1  # ("老邱，合同这块你熟，能不能…": a remark to them between the name and the ask)
        if not has_cjk(text) or re.search(r"[你您我他她]", text) or not _addressed(clauses[k].text, participants):
            continue
        if _ZH_BOSS.search(clauses[k].text):
            continue  # ("钱经理，道闸能不能换个新的？": put to the one in charge, it asks leave, not work)
        m = _ZH_MODAL_NO_YOU.match(text)
        if m is not None:
            pre = m.group("pre")
            when = [h for h in lx.dates(pre) if h.end == len(pre)]
            at = when[0].start if when else len(pre)  # ("报销单明天能交吗" → 报销单你明天能交吗)
            out[i] = replace(clauses[i], text=pre[:at] + "你" + pre[at:] + text[m.end() :],
                             question=clauses[i].question or lx.ZH_ASK_EITHER_WAY.match(text, m.end()) is not None)
            changed = True
    return out if changed else None


# A topic before 你 ("冷菜那八个拼盘你来出"): a noun phrase, then the request to the one addressed.
# (你们 said to the one called for their unit asks them too: "朱经理，你们物业先把电动车清一遍"; not
# "你们公司/店/厂", which is as often a client's or supplier's business as theirs)
# (not 你 as whom it is done for or with: "只能说尽量帮您争取", "我跟你说")
_ZH_TOPIC_YOU = re.compile(rf"^(?P<topic>[^，,。你您]{{0,20}}?)(?<![帮替为跟和给向对])(?:你|您)(?!们(?!(?![\u3400-\u9fff]{{0,3}}?(?:公司|店|厂)){lx.ZH_YOUR_UNIT}))")


# Asked of the one addressed without 你: "（艾琳那边，）设计方案什么时候能出来？".
_ZH_TOPIC_ASKED = re.compile(r"^(?P<topic>[^，,。你您我他她]{2,20}?)(?=什么时候|啥时候|哪天|几号|能不能|能否|可不可以)")


def _zh_you_as(text: str, name: str) -> tuple[str, str]:
    """A Chinese clause that asks 你 after someone was addressed by name: (the clause from the
    name on, in place of 你; the topic said before 你 — the work when the verb has no object).
    A topic then a question of when or whether it can be done asks the one named too.
    ("", "") when it does not address 你."""
    m = _ZH_TOPIC_YOU.match(text)
    if not m and has_cjk(text) and (q := _ZH_TOPIC_ASKED.match(text)):
        return name + text[q.end() :], q.group("topic")
    if not m or not has_cjk(text):
        return "", ""
    # "项目设计能不能你来牵头": the modal asks; it is no part of the topic.
    topic = re.sub(r"(?:能不能|能否|可不可以|可以|是不是|要不要|就|也|还是)+$", "", m.group("topic"))
    # ("对账单回执这块还得麻烦你牵头": a pointer, an adverb, a modal and the asking word are no part of it)
    topic = re.sub(r"(?<=[\u3400-\u9fffA-Za-z]{2})(?:这块|这一块)?(?:还|也|就|都)?(?:得|(?<![摘需主重概纲只纪提])要|需要)?(?:麻烦|辛苦|劳驾|(?<![申邀])请)?$",
                   "", topic)
    if (thing := refer.waited_on(topic)) is not None:
        topic = thing  # "等报价出来了你再发给客户": the work waits for it, and is done to 报价
    ws = mentions.words(topic) if topic else ()
    while ws and ws[-1][1] == "t":  # "今年你负责": when is no part of the work
        topic, ws = topic[: len(topic) - len(ws[-1][0])], ws[:-1]
    sep = "" if has_cjk(name) else " "  # "Leo 你…": no word boundary between a Latin name and 你
    return name + sep + text[m.end(0) - 1 :], topic


# "And the price list?": a thing put to the room, with no verb, then who takes it.
_EN_NAMED_ONLY = re.compile(r"^(?:(?:and|so|okay|ok|next|now|then|what about|how about)[\s,]+)*(?:the|our|your|this|that)\s+"
                            r"[a-z][\w' -]*?[?.!]*$", re.IGNORECASE)
_EN_WE_ASK = re.compile(r"^(?:(?:so|and|okay|ok)[\s,]+)?(?:can|could|should|shall) we\b", re.IGNORECASE)


_EN_PAST_REMARK = re.compile(r"(?i)^(?:(?:oh|right|yeah|well|so|and)[,\s]+)*(?:she|he|they|we|i)\s+(?:did|was|were|had|went|made|took|said|(?!(?:need|feed|speed|proceed|exceed|succeed)\b)[a-z]{2,}ed)\b")


def addressed_work(prev: Sentence, sent: Sentence, participants: Sequence[str]) -> Sentence | None:
    """English "Kofi, photos for the housing piece. You're on that." / "Mike, the rough-in. Can you
    be done by Friday?": a sentence that only addresses someone and names work, then one that asks
    them for "that" — read as one sentence (None when they are not such a pair)."""
    if has_cjk(sent.text) or has_cjk(prev.text) or not sent.clauses:
        return None
    if prev.question and not _EN_WE_ASK.match(prev.text) and not _EN_NAMED_ONLY.match(prev.text):
        return None  # "Can we get a cover on the openings? Mike, you're on that.": a proposal, then who
    ask = ex.light_ask(sent.clauses[-1].text) and len(sent.clauses) <= 2
    if not ask and not (_EN_YOU_ARE.match(sent.clauses[0].text) or _EN_YOU_WILL.match(sent.clauses[0].text)
                        or _EN_YOU_ASKED.match(sent.clauses[0].text)):
        return None
    if not ask and not any(_addressed(c.text, participants) for c in prev.clauses):
        return None
    said = [c.text for c in prev.clauses]
    if not names_work(said[-1], participants) and not any(_addressed(t, participants) for t in said) and EN_NOT_SO.search(said[-1]):
        return None  # ("Well, Ken's not here. Dave, would you take it on?": a state said, no work named)
    if not any(_addressed(t, participants) for t in said) and not _addressed(sent.clauses[0].text, participants):
        if not (names_work(said[-1], participants) and find_people(sent.text, participants)):
            return None
    if _EN_PAST_REMARK.match(said[-1]):
        return None  # ("Oh, right, she did it last year. Carla, can you take it?": who did it before, no work)
    if has_trigger(prev.text, participants) and not (ex.asks_if_free(sent.clauses[-1].text) and lx.NO_OWNER.search(prev.text)):
        return None  # ("The price list needs someone. Tom, you free?": the work waiting for an owner)
    return Sentence((*prev.clauses, *sent.clauses), sent.index)


# The work just ordered given to someone after it is said: "这块也是小林你的", "这事归老周".
_ZH_THAT_IS_YOURS = re.compile(r"^(?:那|好|行)?[，,]?(?:这个|这块儿?|这件事|这事儿?|这些|这两件事?)(?:也|就)?(?:是|归|交给)"
                               r"(?P<who>[\u3400-\u9fff]{1,4}?)(?:你|您)?(?:的(?:活儿?|事儿?)?|负责|来弄|来办)?(?:了|啊|哈|吧)?$")


def zh_yours(prev: Sentence, sent: Sentence, participants: Sequence[str]) -> Sentence | None:
    """ "两台水泵都检查一下，漏油的换掉。这块也是小林你的。": orders said with no one to
    do them, then given to one named — read as said to them (``prev`` after their name); None when
    ``sent`` is not such a giving or ``prev`` is no order of the same turn."""
    if not has_cjk(sent.text) or not set(prev.seqs) & set(sent.seqs) or prev.question:
        return None
    m = _ZH_THAT_IS_YOURS.match(strip_punct(sent.text))
    hits = find_people(m.group("who"), participants) if m else []
    if len({h.name for h in hits}) != 1 or find_people(prev.text, participants) or re.search(r"[我你他她]", prev.text):
        return None
    name = replace(sent.clauses[0], text=m.group("who"), end="comma", question=False)
    # (a count and a topic may open the order: "第三，水泵，备用泵都检查一下")
    k = 0
    while k < len(prev.clauses) - 1 and (_ZH_COUNT.fullmatch(strip_punct(prev.clauses[k].text)) or (
            len(strip_punct(prev.clauses[k].text)) <= 4 and all(f[:1] == "n" for _, f in mentions.words(strip_punct(prev.clauses[k].text))))):
        k += 1
    return Sentence((name, *prev.clauses[k:]), sent.index)


_ZH_COUNT = re.compile(r"第[一二三四五六七八九十\d]+(?:个|件|点|条)?|首先|其次|最后|另外|还有|再一个|再有")


# A sentence that opens by asking 你 and names nobody: "那你把三个随机种子都跑一遍".
# (a topic may open it first: "那下场的选品清单你周三给我")
_ZH_YOU_OPENS = re.compile(rf"^(?:那么|那就|那|好的|好|行|嗯|OK|ok)?[，,]?\s*(?:{lx.ZH_ADVISE_YOU})?(?P<topic>[^，,。！？!?你您我他她咱]{{2,12}}?(?<![是在给跟和让叫请对替帮向]))?"
                           # ("你看隔壁那家", "你说呢": turns of speech, not requests; "你看一下" asks)
                           r"(?=(?:你|您)(?!们|看(?!一下|看|下)|说(?!一下|说)|知道))")


def called(sent: Sentence, participants: Sequence[str]) -> str | None:
    """The one participant ``sent`` calls by name before asking them ("一帆，你先讲讲…",
    "韩雨，论文初稿怎么样了？"), or None."""
    if not sent.clauses or not has_cjk(sent.text):
        return None
    first = sent.clauses[0].text
    name = _addressed(first, participants)
    hits = find_people(first, participants)
    if name is None and len(hits) == 1 and hits[0].start <= 1 and re.match(r"(?:你|您)(?!们)", first[hits[0].end :]):
        name = hits[0].name  # "一帆你先讲讲…"
    if name is None and len(hits) == 1 and hits[0].start == 0 and _ARRIVED_IN_TIME.fullmatch(first[hits[0].end :]):
        name = hits[0].name  # "老周来了正好，…": greeted as they come in, then spoken to
    if name is None and len(hits) == 1 and hits[0].start == 0 and _GOES_FIRST.fullmatch(first[hits[0].end :]):
        name = hits[0].name  # "小彭先来": given the floor
    return name if name and {h.name for h in find_people(sent.text, participants)} == {name} else None


_GOES_FIRST = re.compile(r"(?:先|开始|接着)(?:来|说|讲|汇报)(?:吧|一下)?")
_ARRIVED_IN_TIME = re.compile(r"(?:也)?(?:来了|来啦|到了)(?:正好|刚好)?[啊呀哈]?")


def _filler(text: str) -> bool:
    m = _ZH_YOU_OPENS.match(text + "你")
    return bool(m) and m.end() >= len(text.rstrip())


def said_to(sent: Sentence, name: str, participants: Sequence[str]) -> Sentence | None:
    """``sent`` with the 你 it opens with read as ``name``, the person the exchange is with: after
    "一帆，你先讲讲你那个消融实验。" and 一帆's reply, "那你把三个随机种子都跑一遍" asks 一帆. Only
    the clause's text changes (its pieces, hence its quote, stay as said). None when ``sent`` does
    not open with 你 or names someone itself."""
    # (a name said as whom the work is squared with or handed to, "…跟秀英对一下账", is no other agent)
    if not sent.clauses or not has_cjk(sent.text) or any(
            not _COUNTERPART.search(sent.text[: h.start]) for h in find_people(sent.text, participants)):
        return None
    k = next((i for i, c in enumerate(sent.clauses) if not _filler(c.text)), 0)
    first = sent.clauses[k]  # after a lone "好，" / "那，"
    m = _ZH_YOU_OPENS.match(first.text)
    if not m and k + 1 < len(sent.clauses) and not re.search(r"[你您我他她]", first.text) and len(strip_punct(first.text)) >= 4:
        # ("仓库那几箱货乱得很，你周五之前理一下": how things stand, then 你)
        k += 1
        first = sent.clauses[k]
        m = _ZH_YOU_OPENS.match(first.text)
    if not m:
        return None
    topic = m.group("topic")
    when = lx.dates(first.text[m.end() + 1 :]) if topic else ()
    if topic and when and when[0].start == 0 and not refer.pointer(topic) and _thing(topic):
        # ("那报价单你周三给我": the thing, then 你 and a day, read as "你报价单周三给我" is; not "标书你先
        # 写个提纲", where the thing said first is what the work is a draft of)
        said = first.text[: m.start("topic")] + name + first.text[m.end() : m.end() + 1] + topic + first.text[m.end() + 1 :]
        told = replace(first, text=said)
    else:
        told = replace(first, text=first.text[: m.end()] + name + first.text[m.end() :])
    return Sentence((*sent.clauses[:k], told, *sent.clauses[k + 1 :]), sent.index)


def _thing(text: str) -> bool:
    """A noun phrase naming a thing ("教练的排班表"), not a clause ("要买什么配件")."""
    words = mentions.noun_words(text)
    return bool(words) and words[-1][1].startswith("n") and all(
        f.startswith("n") or f in ("vn", "a", "m", "q") or w == "的" for w, f in words)


_TELL = re.compile(r"(?:跟|和|通知|告诉|找|问问|问)$")
_COUNTERPART = re.compile(r"(?<=[\u3400-\u9fff])(?:跟|和|与|找|给|向|交给|发给)$")
_HAVE_HIM = re.compile(r"^(?:让|叫|请)(?:他|她)(?!们)")


def told_to_have(clauses: Sequence[Clause], participants: Sequence[str]) -> list[Clause] | None:
    """"跟小李说一下，让他把报告改了" / "你通知王芳，让她周五前把表交上来": the 他/她 of 让他 is the one
    person the clause before tells (for reading: 让小李…); None when no clause does that."""
    for i in range(1, len(clauses)):
        m = _HAVE_HIM.match(clauses[i].text)
        if m is None:
            continue
        hits = find_people(clauses[i - 1].text, participants)
        # ("老魏回来了你跟他说一声，让他…": told by 他, the one just named)
        tells_him = bool(hits) and re.search(r"(?:跟|和|通知|告诉)(?:他|她)(?!们)", clauses[i - 1].text[hits[0].end :])
        if len({h.name for h in hits}) == 1 and (_TELL.search(clauses[i - 1].text[: hits[0].start]) or tells_him):
            said = clauses[i].text[:1] + hits[0].name + clauses[i].text[m.end() :]
            return [*clauses[:i], replace(clauses[i], text=said), *clauses[i + 1 :]]
    return None


def name_called_last(clauses: Sequence[Clause], participants: Sequence[str]) -> list[Clause] | None:
    """"报表周三给我，小李。" / "Send me the deck by Friday, Tom.": a name closing an order calls the
    one it is for, as it does said first — the clauses with the name moved to the front (the quote
    is cut from the pieces, in order); None when the sentence does not end that way."""
    if len(clauses) > 2 and not has_cjk(clauses[-1].text) and _EN_MY_PART.match(clauses[-1].text.strip()):
        clauses = clauses[:-1]  # ("…send it to me, Leon, and I'll sign it": the speaker's own part after)
    if len(clauses) < 2:
        return None
    name = _lone_name(clauses[-1].text, participants)
    if name is None or not _says_work(clauses[:-1], name, participants):
        return None
    if has_cjk(clauses[-2].text) and re.search(r"[呢嘛哦]$", strip_punct(clauses[-2].text)):
        return None  # ("表格这周全部填完，两百多份呢，孙姐": a remark said to them, no order)
    return [clauses[-1], *clauses[:-1]]


_EN_MY_PART = re.compile(r"(?:and|then)\s+(?:I|we)(?:'ll| will| can)\s", re.IGNORECASE)


def _lone_name(text: str, participants: Sequence[str]) -> str | None:
    """The participant a clause that is only their name calls (a particle or "please" aside)."""
    t = re.sub(r"(?:吧|啊|呀|哈|哦|please)$", "", strip_punct(text), flags=re.IGNORECASE).strip()
    hits = find_people(t, participants)
    return hits[0].name if len(hits) == 1 and hits[0].start == 0 and hits[0].end == len(t) else None


def _says_work(clauses: Sequence[Clause], name: str, participants: Sequence[str]) -> bool:
    """Some clause names work, and none only sets a date ("Please do, Omar." answers; "Then aim for
    the 25th, Omar." dates the work they have)."""
    if any(date_order(c.text) for c in clauses):
        return False
    if not has_cjk(clauses[0].text):
        # English: the sentence opens with the order itself ("Perfect, that's yours then, Beth." hands over)
        return names_work(clauses[0].text, participants) and ex.vocative(name, clauses[0].text, participants) is not None
    return any(mentions.content(c.text) >= 2 for c in clauses)
