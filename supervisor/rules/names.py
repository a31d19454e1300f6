"""Finding people in text and normalising them against the participant list.

Pure. ASR mishears names (刘洋 → 刘杨, 王五 → 王物, Carol → Carroll); an owner is normalised to the
participant it sounds like (English: the ledger's own test, ``intents.evidence.sounds_like_name``,
so an owner read here is never nulled there). A name that matches nobody is kept only when it is clearly a person's
name (a common surname plus one or two characters; a capitalised English word that is not a
pronoun or a filler), otherwise the owner stays null: nothing the transcript does not say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from pypinyin import Style, lazy_pinyin, pinyin

from asr.correct import fold
from intents.evidence import (
    ADDRESS_WORDS,
    EN_TITLES,
    address_forms,
    called_only,
    called_short,
    given_name,
    latin_name,
    sounds_like_name,
    surname,
)

from . import lexicon as lx
from .lexicon import word_count
from .text import EN_NAME, has_cjk

# The most common Chinese surnames (single character) — enough to tell 孙七 from 后端团队.
_SURNAMES = set(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任"
    "沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔"
    "向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌"
    "毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦"
    "麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明"
    "佘池乐匡钮燕"
)
_ZH_NOT_NAME = frozenset(
    "我们 大家 有人 他们 她们 你们 团队 这边 那边 后端 前端 测试 产品 运营 设计 开发 老板 领导 同事 谁 外包 "
    "这个 那个 负责人 对方 客户 我 你 他 她 咱们 文档 文件 文案 方案 方面 方向 方式 高度 安全 常规 路由 项目 "
    "费用 成本 时间 时候 明天 明年 明确 万一 全部 全面 应该 和解 和他 金额 石头 程序 程度 江湖 龙头 史上 "
    "关于 关键 关注 向上 向下 周期 周末 周报 周会 周一 周二 周三 周四 周五 周六 周日 周边 华为 司机 商务 商品 "
    "车辆 项目组 简单 简历 管理 管道 管控 计划 季度 原因 包括 包装 包含 单独 单元 单位 成功 成员 苏州 "
    "任务 任何 余下 于是 杜绝 叶子 尚未 符合 舒服 阮件 柯南 纪要 梅花 童年 凌晨 毕竟 卫生 米饭 宗旨 全体 "
    "应用 臧否 边界 边上 师傅 和平 商量 沙发 荣誉 巫师 寇准 桑拿 郎中 甄别 丛林 仲裁 虞姬 敖包 巩固 明白 "
    "乐观 燕子 池子 解决 解释 屈服 房间 祁连 蒲公英 喻体 华丽 蒙古 鲍鱼 柴油 游戏 路线 蓝色 骆驼 冉冉 翁婿 "
    "曲线 盛大 谷歌 苗头 涂料 霍乱 裴家 季节 单子 司令 时长 阳光 尤其 艾滋 牟利 饶恕 滕州 穆斯林 农村 卓越 "
    "古代 吉利 缪斯 车上 项目经理 连接 芦苇 麦克 褚石 娄底 窦性 戚家 岑寂 景点 党员 宫殿 费时 卜卦 冷却 "
    "晏起 席位 卫星 柏林 桂林 全员 佟家 应对 闵行 苟且 邬家 卞家 姬妾 仇人 栾树 隋朝".split()
)
_EN_NOT_NAME = frozenset(
    "i we you he she they it this that someone somebody anyone anybody everyone everybody nobody no one "
    "team who what which maybe actually sorry okay ok so and but then also let let's lets please thanks "
    "the a an our my your their there here yes no well now today tomorrow monday tuesday wednesday "
    "thursday friday saturday sunday next last welcome hello hi hey great good cool nice quick first finally "
    "moving going looking great thank right sure when where why how none whoever either neither both each "
    # (a yes that opens a turn: "Yeah can do, I'll ring Tony", "Yep can do")
    "yeah yep yup nope nah alright fine absolutely definitely totally cheers ta oh um uh hmm "
    # (an adverb that opens a sentence: "Even Marcus could do that", "Only Sam knows")
    "even only just still perhaps probably honestly literally basically".split()
)

_COMMON = 10  # jieba count from which a span is a word people say, not a name misheard

_ZH_NOT_NAME_END = frozenset("你您我他她们来去的了也都就把被")
_WORD_NOT_NAME = 500  # jieba count from which an address form (纪律, 小时) is a word before a name
# …and from which a surname with a one-character title (高处 for 高远 the 处长) is: short forms are rarer
_WORD_NOT_TITLE = 100
_VOCATIVE_LEFT = re.compile(r"(?:^|[，,。！？!?；;：:、\s]|那|好|嗯|哎|诶)$")
_VOCATIVE_RIGHT = re.compile(r"^(?:$|[，,。！？!?；;：:、\s]|你|您)")


@lru_cache(maxsize=256)
def _pet_sounds(participants: tuple[str, ...]) -> dict[tuple[str, ...], str]:
    """The toned sounds of each participant's pet forms of two characters ending 子 / 哥 / 姐 / 仔 / 妹
    (浩子 → hao4 zi5), a sound two participants share left out."""
    seen: dict[tuple[str, ...], set[str]] = {}
    for p in participants:
        for form in address_forms(p, participants) if p else ():
            if len(form) == 2 and form[1] in "子哥姐仔妹" and _is_cjk(form[0]) and not p.startswith(form[0]):
                seen.setdefault(_tones(form), set()).add(p)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}


def _vocative_at(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands alone as a call (", 小时，你…"), not inside a run of words."""
    # (each side is one character or none, so only that character is read, not the whole text)
    return bool(_VOCATIVE_LEFT.search(text[max(0, start - 1) : start])) and bool(_VOCATIVE_RIGHT.match(text[end : end + 1]))


def _in_a_word(text: str, start: int, end: int) -> bool:
    """Whether a full name that is also a common word stands in ``text`` as that word: with the
    character after it making a longer word (高山族), or after a word of time, degree, number or
    place that qualifies it (万里江山), unless it stands alone as a call."""
    if _vocative_at(text, start, end):
        return False
    if end < len(text) and word_count(text[start : end + 1]) >= _COMMON:
        return True
    if not start or not _is_cjk(text[start - 1]):
        return False
    before = text[start - 2 : start] if start >= 2 and word_count(text[start - 2 : start]) else text[start - 1]
    return lx.tag(before)[:1] in ("t", "a", "m", "q", "f")


# What follows a name where it can only be a person: "女方的小童负责", "那小童你去选片".
_OWNER_SLOT_RIGHT = re.compile(r"^(?:你|您|负责|牵头|跟进)")


def _given_in_owner_slot(text: str, i: int, window: str, given: str, slot: bool) -> bool:
    """A common word heard for a participant's given name (小童 for 晓彤) is them only when it
    sounds exactly alike, tones too, and stands where a person must: right before 你 / 负责, or
    closing an owner ``slot``. Alone between commas it is the word (停停，先别说了 is no 婷婷)."""
    if _tones(window) != _tones(given):
        return False
    rest = text[i + 2:]
    return bool(_OWNER_SLOT_RIGHT.match(rest)) or (slot and not rest.strip(" ，,"))


@lru_cache(maxsize=8192)
def _tones(text: str) -> tuple[str, ...]:
    return tuple(s[0] for s in pinyin(text, style=Style.TONE3, neutral_tone_with_five=True))


@lru_cache(maxsize=8192)
def _syllable(ch: str) -> str:
    # The ASR correction's fold (zh/z, ch/c, sh/s, n/l, f/h, -ng …), the same one the ledger
    # accepts a participant's name with: an owner read here is one the ledger keeps.
    return fold(lazy_pinyin(ch)[0].lower())


@lru_cache(maxsize=8192)
def _toneless(ch: str) -> str:
    return lazy_pinyin(ch)[0].lower()


def _sounds(a: str) -> tuple[str, ...]:
    return tuple(_syllable(ch) for ch in a)


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff"


@dataclass(frozen=True, slots=True)
class NameHit:
    start: int
    end: int
    name: str  # canonical: the participant, or the name as said when nobody matches
    known: bool  # matches a participant


@dataclass(frozen=True, slots=True)
class Alias:
    """A way one participant is called that no rule can derive from their name ("朵朵妈妈" for
    钱雯), learned where they introduced themselves: utterance ``seq`` says both."""

    form: str
    name: str
    seq: int


# The aliases of the meeting being read (``analyzer.analyze`` sets them for one analysis): who
# "朵朵妈妈" is depends on what the meeting said, so ``find_people`` reads them beside its arguments.
ALIASES: ContextVar[tuple[Alias, ...]] = ContextVar("meeting_aliases", default=())

# A parent or grandparent called by the child ("朵朵妈妈", "一诺爸爸", "小宇的奶奶"; "Jack's mum").
_ZH_KIN = r"(?:妈妈|爸爸|妈|爸|奶奶|爷爷|外婆|外公|姥姥|姥爷|家长)"
_ZH_CHILD_ROLE = rf"[\u4e00-\u9fff]{{1,3}}?的?{_ZH_KIN}"
_EN_CHILD_ROLE = r"(?:[A-Z][a-z]+)'s (?:mum|mom|mummy|mommy|dad|daddy|mother|father|nan|nana|gran|grandma|grandad|grandpa|parent|stepmum|stepmom|stepdad)"
# A nickname as people are called: 小胖, 老黑, 大个, 阿斌, 胖哥, 燕子, 毛毛.
_ZH_PET = r"(?:[小老大阿][\u4e00-\u9fff]|[\u4e00-\u9fff](?:哥|姐|妹|仔|子)|(?P<twice>[\u4e00-\u9fff])(?P=twice))"
# "大家叫我潘老师就行", "call me Vex": a name given for the speaker.
_ZH_CALL_ME = re.compile(r"(?:大家|你们)?(?:都)?(?:叫|喊)我([\u4e00-\u9fff]{2,4}?)(?:就行|就好|就可以|吧|$|[，,。！!])")
_EN_CALL_ME = re.compile(r"\b(?:just )?(?i:call me) ([A-Z][a-z]+)\b")


# Titles that stand alone as a call ("站长，…", "老板你…"); kin words (姐, 大哥) and 老师 / 同学,
# said to many, do not.
_TITLES_ALONE = tuple(sorted((t for t in ADDRESS_WORDS if t not in ("老师", "同学", "大哥", "大姐", "老弟", "阿姨", "大爷",
                                                                     "师兄", "师姐")), key=len, reverse=True))


def introduced(utterances: Sequence[tuple[int, str]], participants: Sequence[str]) -> tuple[Alias, ...]:
    """The aliases ``utterances`` (seq, text) teach: a participant's full name said right beside a
    child's role ("我是钱雯，朵朵妈妈", "方志刚，乐乐爸爸。", "我是小宇妈妈田甜"; "I'm Sarah Bell, Jack's
    mum") or with "叫我…" / "call me …" in the same utterance. A form two participants would share,
    or one that is already how someone is called, teaches nothing. Pure."""
    found: dict[str, set[tuple[str, int]]] = {}
    for seq, text in utterances:
        for p in participants:
            if p and has_cjk(p) and (s := surname(p)):
                # "谭站长今天也在啊" … "站长，你那边有人没？": the title said with the surname of one
                # participant calls them when said alone
                for title in _TITLES_ALONE:
                    if s + title in text:
                        found.setdefault(title, set()).add((p, seq))
            if p and not has_cjk(p) and len(p.split()) >= 2:
                # "Coach Fifita, …" … "Coach, can you…": so is a title said with an English surname
                for title in EN_TITLES:
                    if re.search(rf"\b{title}\.?\s+{re.escape(p.split()[-1])}\b", text):
                        found.setdefault(title, set()).add((p, seq))
            if not p or p not in text:
                continue
            for clause in re.split(r"[。！？!?；;]", text):
                if p not in clause:
                    continue
                if has_cjk(p):
                    kin = rf"(?:我是|我叫|我)?{re.escape(p)}[，,、\s]*(?:是)?({_ZH_CHILD_ROLE})(?=$|[，,。！!\s])|" \
                          rf"(?:我是|我)({_ZH_CHILD_ROLE})[，,、\s]*(?:我叫|叫)?{re.escape(p)}"
                else:
                    kin = rf"{re.escape(p)},?\s+(?:and I'm |I'm )?({_EN_CHILD_ROLE})\b|\b({_EN_CHILD_ROLE}),?\s+(?:I'm )?{re.escape(p)}"
                for m in re.finditer(kin, clause):
                    form = next(g for g in m.groups() if g)
                    found.setdefault(form, set()).add((p, seq))
            if has_cjk(p):
                # "小胖——胡志鹏！": called by a nickname, then by the full name to make sure
                for m in re.finditer(rf"(?:^|[，,。！!？?\s])({_ZH_PET})(?:——|—|--|，|,)\s*{re.escape(p)}(?=$|[！!，,。？?])", text):
                    if not find_people(m.group(1), participants):
                        found.setdefault(m.group(1), set()).add((p, seq))
            if re.search(rf"(?:我是|我叫|I'm|I am|my name is|this is)\s*{re.escape(p)}", text, re.IGNORECASE):
                for m in (*_ZH_CALL_ME.finditer(text), *_EN_CALL_ME.finditer(text)):
                    found.setdefault(m.group(1), set()).add((p, seq))
    out = []
    for form, who in found.items():
        names = {p for p, _ in who}
        if len(names) != 1 or form in participants:
            continue
        name = names.pop()
        if any(form in address_forms(q, participants) for q in participants):
            continue  # (潘老师 is already 潘美玲's)
        out.append(Alias(form, name, min(s for _, s in who)))
    return tuple(sorted(out, key=lambda a: (a.seq, a.form)))


def find_people(text: str, participants: Sequence[str], *, slot: bool = False) -> list[NameHit]:
    """Every participant mentioned in ``text``: exact, case-insensitive, by an address form only
    they can have (老李, 王总, the given name 建国), or sounding alike.

    Exact hits win over near-misses at overlapping positions; hits come back in text order.
    ``slot``: ``text`` is the words where an owner must stand, so a name closing it is a person.
    """
    # The analyzer rereads the whole transcript on every new utterance and asks about the same
    # sentences many times; the answer depends on nothing but its arguments.
    return list(_people_in(text, tuple(participants), slot, ALIASES.get()))


# Characters that open no name heard amiss: pronouns and demonstratives.
_NEVER_FIRST = frozenset("你您我他她它这那")


@lru_cache(maxsize=65536)
def _people_in(text: str, participants: tuple[str, ...], slot: bool, aliases: tuple[Alias, ...] = ()) -> tuple[NameHit, ...]:
    hits: list[NameHit] = []
    low = text.lower()
    for p in participants:
        if not p:
            continue
        pl = p.lower()
        if any(_is_cjk(c) for c in p):
            for m in re.finditer(re.escape(pl), low):
                if word_count(p) >= _WORD_NOT_NAME and _in_a_word(text, m.start(), m.end()):
                    continue  # 高山 the person, not 高山族 / 雪域高山 the words
                hits.append(NameHit(m.start(), m.end(), p, True))
        else:
            # Latin-letter edges, not \b: CJK characters are word characters too ("交给Coco吧").
            for m in re.finditer(rf"(?<![a-z0-9]){re.escape(pl)}(?![a-z0-9])", low):
                hits.append(NameHit(m.start(), m.end(), p, True))
    taken = [(h.start, h.end) for h in hits]
    # 老李 / 王总 / 建国: an address form that can mean only one participant is that participant
    # (the ledger accepts the same forms, ``intents.evidence.address_forms``).
    for p in participants:
        for form in address_forms(p, participants) if p else ():
            for m in re.finditer(re.escape(form) if _is_cjk(form[0]) else rf"\b{re.escape(form)}\b", text):
                if (_is_cjk(form[0]) and not p.endswith(form) and (word_count(form) >= _WORD_NOT_NAME or called_only(form))
                        and not _vocative_at(text, m.start(), m.end())):
                    continue  # 纪律, 小时, 燕子: a common word first, a name only when it calls someone
                if (_is_cjk(form[0]) and len(form) == 2 and form[0] == surname(p) and not _vocative_at(text, m.start(), m.end())
                        and (word_count(form) >= _WORD_NOT_TITLE or (m.end() < len(text) and word_count(text[m.end() - 1 : m.end() + 1]) >= _WORD_NOT_NAME))):
                    continue  # 高处, 高科技: a one-character title that is a word, or opens one with what follows
                if form[0] == "大" and len(form) == 2 and (word_count(text[m.start() : m.end() + 1]) >= _COMMON
                                                         or word_count(text[m.start() : m.end() + 2]) >= _COMMON):
                    continue  # 大熊猫, 大张旗鼓: 大熊 / 大张 open a word there
                if not any(a < m.end() and m.start() < b for a, b in taken):
                    hits.append(NameHit(m.start(), m.end(), p, True))
                    taken.append((m.start(), m.end()))
    # 耗子 for 浩子: a pet form (a given-name character and 子 / 哥 / 姐 / 仔 / 妹) heard with its very
    # sounds, tones too, is them where it calls someone — alone between commas, or right before 你;
    # elsewhere it is the word ("仓库里有耗子").
    pets = _pet_sounds(participants)
    for i in range(len(text) - 1) if pets else ():
        if not _vocative_at(text, i, i + 2):
            continue
        window = text[i : i + 2]
        if not (_is_cjk(window[0]) and _is_cjk(window[1])) or any(a < i + 2 and i < b for a, b in taken):
            continue
        if (who := pets.get(_tones(window))) is not None:
            hits.append(NameHit(i, i + 2, who, True))
            taken.append((i, i + 2))
    # (after the address forms: 站长 learned from 谭站长 is no hit inside 谭站长 itself)
    for a in aliases:
        if a.name not in participants:
            continue
        for m in re.finditer(re.escape(a.form) if _is_cjk(a.form[0]) else rf"(?<![A-Za-z0-9]){re.escape(a.form)}(?![A-Za-z0-9])", text):
            if _is_cjk(a.form[0]) and a.form in ADDRESS_WORDS and (
                    (m.start() and word_count(text[m.start() - 1 : m.end()]) >= _COMMON)
                    or (m.end() < len(text) and word_count(text[m.start() : m.end() + 1]) >= _COMMON)):
                continue  # (a title learned is no hit inside a word: 班主任, 老板娘)
            if not any(x < m.end() and m.start() < y for x, y in taken):
                hits.append(NameHit(m.start(), m.end(), a.name, True))
                taken.append((m.start(), m.end()))
    for p in participants:
        if not p or not all(_is_cjk(c) for c in p):
            continue
        target = _sounds(p)
        n = len(p)
        for i in range(len(text) - n + 1):
            window = text[i : i + n]
            if window == p or not all(_is_cjk(c) for c in window) or window[0] in _NEVER_FIRST:
                continue  # (你明天 is no 李明 heard with l/n folded: a pronoun opens no name)
            if any(a < i + n and i < b for a, b in taken):
                continue
            if _sounds(window) == target:
                hits.append(NameHit(i, i + n, p, True))
                taken.append((i, i + n))
    # 小波 for 晓波, 庭庭 for 婷婷: a given name only this participant has, heard with the same
    # syllables (toneless, no folds: two syllables are little evidence) in a span that is not a
    # common word, is them too — the ledger accepts it the same way (``name_is_said``).
    for p in participants:
        given = given_name(p, participants) if p else ""
        if not given:
            continue
        target = tuple(_toneless(ch) for ch in given)
        for i in range(len(text) - 1):
            window = text[i : i + 2]
            if window == given or not (_is_cjk(window[0]) and _is_cjk(window[1])):
                continue
            if (_toneless(window[0]), _toneless(window[1])) != target:
                continue
            if word_count(window) >= _COMMON and not _given_in_owner_slot(text, i, window, given, slot):
                continue
            if not any(a < i + 2 and i < b for a, b in taken):
                hits.append(NameHit(i, i + 2, p, True))
                taken.append((i, i + 2))
    # "Nige, can you…", "Okay, IS, …": a clipped first name or initials, only where they call
    # someone (``called_short``).
    for p in participants:
        for a, b in called_short(text, p, participants) if p and latin_name(p) else ():
            if not any(x < b and a < y for x, y in taken):
                hits.append(NameHit(a, b, p, True))
                taken.append((a, b))
    for m in re.finditer(r"(?<![A-Za-z0-9])(?:Mc|O')?[A-ZÀ-Þ][a-zß-ÿ]{2,}(?![A-Za-z0-9])", text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        word = m.group(0)
        for p in participants:
            if p and p.isascii() and sounds_like_name(word, p):
                hits.append(NameHit(m.start(), m.end(), p, True))
                taken.append((m.start(), m.end()))
                break
    hits.sort(key=lambda h: h.start)
    return tuple(hits)


def resolve_slot(slot: str, participants: Sequence[str], *, tail: bool = True) -> str | None:
    """The person named in an owner slot (the words where a name must stand), or None.

    ``tail``: the name sits at the end of the slot ("那后端这块赵六" → 赵六), else at its start.
    Participants (exact or near-miss) win; otherwise the slot itself must be clearly a name.
    """
    slot = slot.strip(" ，,、:：\"'“”")
    if not slot:
        return None
    hits = find_people(slot, participants, slot=True)
    if hits:
        return (hits[-1] if tail else hits[0]).name
    return bare_name(slot)


def bare_name(slot: str) -> str | None:
    """``slot`` when it is clearly a person's name although nobody in the list matches."""
    slot = slot.strip()
    if all(_is_cjk(c) for c in slot):
        if any(h.start == 0 for h in lx.dates(slot)):
            return None  # "周五前", "周末": 周 opens a day, not a surname
        if slot[-1:] in _ZH_NOT_NAME_END or slot in _ZH_NOT_NAME:
            return None  # "常红你来…": the name is 常红, 你 addresses her
        if any(c in "不没了的是在把被就都也还很太" for c in slot[1:]):
            return None  # ("…楼下的车老是管不住": a surname, then a verb's negation, names nobody)
        if len(slot) == 2 and slot[0] in "小老" and slot[1] in _SURNAMES:
            return slot  # 小刘, 老王: how colleagues are called
        if len(slot) == 2 and ((len(cut := lx.tagged(slot)) == 2 and cut[1][1].startswith("v"))
                               or (len(cut) == 1 and not cut[0][1].startswith("nr"))):
            return None  # ("…改成全扫", "…改成全检": a word and a verb, or one word, that jieba reads as no name)
        if len(slot) == 3 and len(cut := lx.tagged(slot)) == 1 and not cut[0][1].startswith("nr") and word_count(slot) > 0:
            return None  # ("换成金枪鱼": a word of its own in the dictionary, and no name)
        if len(slot) == 3 and word_count(slot[:2]) >= 2 * _WORD_NOT_NAME:
            return None  # ("保安非要登记": a common noun, then a word jieba cut in two, names nobody)
        if 2 <= len(slot) <= 3 and slot[0] in _SURNAMES and word_count(slot) < _WORD_NOT_NAME:
            return slot  # (孙子 and 白天 are words first: "都是让孙子弄的")
        return None
    m = re.fullmatch(EN_NAME, slot)
    if m and slot.split()[0].lower() not in _EN_NOT_NAME and not _EN_GROUP_NOUN.fullmatch(slot):
        return slot
    return None


# A common noun for a group or a function, capitalised as a sentence opens ("Kitchen can do it if…",
# "Legal'll check some of it"): nobody's name.
_EN_GROUP_NOUN = re.compile(r"(?i:crew|staff|team|office|admin|security|finance|legal|marketing|sales|payroll|reception|"
                            r"kitchen|management|committee|board|council|ops|maintenance|housekeeping|laundry|accounts|procurement|"
                            r"dispatch|stores|warehouse|"
                            # (the people served or met, named as a kind: "Visitors can park round the back")
                            r"guests|customers|clients|parents|students|residents|visitors|volunteers|drivers|nurses|patients|"
                            r"tenants|members|kids|people|folks|users|contractors|suppliers|vendors|farmers|buyers|workers)|[A-Z][a-z]{3,}(?:ance|ence|tion|ment|ity|ness|ship|ting)")


# What may follow a name in the same slot: nothing, or a title of respect ("李小明同志", "王芳老师").
HONORIFIC = re.compile(r"(?:同志|老师|师傅|先生|女士|同学|经理|主任)?")


def split_tail_name(prefix: str, participants: Sequence[str]) -> tuple[str, str | None]:
    """Split "那后端这块赵六" into ("那后端这块", "赵六"): the words before a trailing name, and the name."""
    prefix = prefix.rstrip(" ，,")
    found = find_people(prefix, participants, slot=True)
    hits = [h for h in found if HONORIFIC.fullmatch(prefix[h.end :].strip(" ，,"))]
    if hits:
        h = hits[-1]
        return prefix[: h.start], h.name
    if prefix and all(_is_cjk(c) for c in prefix[-3:]):
        for n in (3, 2):
            cand = prefix[-n:]
            if any(h.end > len(prefix) - n for h in found):
                continue  # "王芳下" / "明同志": a participant's name with a word after it is no other name
            if any(h.end > len(prefix) - n for h in lx.dates(prefix)):
                continue  # "下周才忙(得过来)": a date opens it, no surname does
            if len(prefix) >= n and bare_name(cand) and (len(prefix) == n or prefix[-n - 1] not in _SURNAMES) and not (
                    len(prefix) > n and word_count(prefix[-n - 1] + cand[0]) >= _WORD_NOT_NAME):
                return prefix[:-n], cand  # (not "我这边只…": 边 closes 这边, it opens no name)
    m = re.search(r"(" + EN_NAME + r")\s*$", prefix)
    if m and bare_name(m.group(1)):
        return prefix[: m.start()], m.group(1)
    return prefix, None
