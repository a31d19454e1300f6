"""Evidence validation: every intent quotes the transcript, and nothing is guessed (DESIGN §1.2).

Pure: the caller passes the cited utterances' texts. Hard failures (a cited seq that does not
exist, a quote that is not verbatim) raise InvalidInput so the brain gets a tool error and can
try again. Soft failures (an owner or a date the transcript does not say) null the field and
come back as issues, which also mark the intent high-risk so it never commits without a person.
So does a headline (task / note title, decision / question text) whose key words are mostly not
in the evidence quote: a verbatim one-character quote ("的") cannot carry an invented title into
an automatic commit.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from nicknames import NickNamer

from asr.correct import fold
from models import IntentKind, InvalidInput, Risk
from models.payloads import headline

from .dates import parse_iso, readings

_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Checked:
    payload: dict[str, Any]
    issues: tuple[str, ...]

    @property
    def risk(self) -> Risk:
        return Risk.HIGH if self.issues else Risk.LOW


def _squash(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def quote_is_verbatim(evidence: str, texts: Sequence[str]) -> bool:
    """True when ``evidence`` is a substring of one cited utterance or of their concatenation.

    Runs of whitespace compare equal (a model may re-flow spaces) but nothing else is forgiven.
    """
    ev = _squash(evidence)
    if not ev:
        return False
    joined = [_squash(t) for t in texts]
    return any(ev in t for t in joined) or ev in "".join(joined) or ev in " ".join(joined)


@lru_cache(maxsize=4096)
def _pinyin(text: str) -> tuple[str, ...]:
    from pypinyin import lazy_pinyin

    return tuple(lazy_pinyin(text))


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_TERM_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")
_STOPWORDS = frozenset(
    "the a an and or of to for in on at by with from as is are be will we it this that our their "
    "his her its let lets let's should can could would shall must do does did up out into about".split()
)
HEADLINE_SHARE = 0.5  # at least this share of the headline's key terms must be in the evidence


def _stem(word: str) -> str:
    w = word.lower().removesuffix("'s")
    return w[:-1][:6] if w.endswith("s") and len(w) > 3 else w[:6]


def key_terms(text: str) -> set[str]:
    """A headline's key terms: Chinese character bigrams (a lone character for a one-character
    run) and Latin words or numbers of two or more characters that are not stop words (stemmed)."""
    terms: set[str] = set()
    for run in _CJK_RUN.findall(text):
        terms.update({run} if len(run) == 1 else {run[i : i + 2] for i in range(len(run) - 1)})
    for word in _TERM_WORD.findall(text):
        if len(word) >= 2 and word.lower() not in _STOPWORDS:
            terms.add(_stem(word))
    return terms


def headline_supported(title: str, evidence: str, share: float = HEADLINE_SHARE) -> bool:
    """Whether at least ``share`` of ``title``'s key terms occur in ``evidence`` (a headline with
    no key terms at all is not supported: it says nothing the quote could back)."""
    terms = key_terms(title)
    if not terms:
        return False
    ev_cjk = "".join(_CJK_RUN.findall(evidence))
    ev_words = {_stem(w) for w in _TERM_WORD.findall(evidence)}
    heard: set[tuple[str, ...]] | None = None

    def backed(t: str) -> bool:
        nonlocal heard
        if not _CJK_RUN.fullmatch(t):
            return t in ev_words
        if t in ev_cjk:
            return True
        if len(t) == 2 and re.search(re.escape(t[0]) + r"(?:一?个|了个|了一?个)" + re.escape(t[1]), ev_cjk):
            return True  # a separable verb said with a measure inside: 加个班 backs 加班, 值个班 值班
        if len(t) == 2 and re.search("把" + re.escape(t[1]) + r"[\u4e00-\u9fff]{0,2}?" + re.escape(t[0]), ev_cjk):
            return True  # the object put first with 把: 把账对一下 backs 对账, 把表交上来 交表
        # A title may write the word that the quote's characters sound like (教对 heard, 校对
        # meant): the same syllables in the quote back it as well as the same characters.
        if heard is None:
            heard = {tuple(s[i : i + 2]) for run in _CJK_RUN.findall(evidence)
                     for s in [_pinyin(run)] for i in range(len(s) - 1)}
        return len(t) == 2 and _pinyin(t) in heard

    found = sum(1 for t in terms if backed(t))
    return found >= share * len(terms)


_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
NEAR_MISS_RATIO = 0.82  # Hanna~Hannah 0.91, Carroll~Carol 0.83; Carla~Carol 0.80 is another name


def sounds_like_name(word: str, name: str) -> bool:
    """Whether ``word`` is an ASR spelling of the Latin-script ``name`` (Hanna for Hannah, Carroll
    for Carol): same first letter and a close spelling. The rules brain reads owners with this
    same test, so an owner it names is one the ledger accepts."""
    from difflib import SequenceMatcher

    w, low = word.lower(), name.lower()
    return bool(w) and bool(low) and w[0] == low[0] and SequenceMatcher(None, w, low).ratio() >= NEAR_MISS_RATIO


def _latin_near_miss(name: str, texts: Sequence[str]) -> bool:
    """A close Latin spelling of ``name`` in ``texts``. Only used for a name on the participant list."""
    return any(sounds_like_name(word, name) for t in texts for word in _LATIN_WORD.findall(t))


# How colleagues address each other in Chinese meetings besides the full name: a prefix or a
# title around the surname (老李, 小王, 王总, 李工, 张老师 …).
_ADDRESS_PREFIXES = ("老", "小", "阿")
_ADDRESS_TITLES = ("总", "工", "老师", "姐", "哥", "经理", "主任", "医生", "大夫", "律师", "师傅", "叔", "姨",
                   "老板", "教授", "博士", "书记", "队长", "组长", "科长", "处长", "局长", "所长", "院长", "导",
                   # Titles of trades and ranks beyond the office: the clinic, the school, the shop floor.
                   "律", "护士长", "护士", "总监", "主管", "主编", "编辑", "部长", "厂长", "店长", "校长", "园长",
                   "馆长", "站长", "行长", "社长", "村长", "会长", "会计", "秘书", "警官", "教练", "同学", "总工",
                   "大哥", "大姐", "老弟", "阿姨", "助理", "顾问", "监理", "机长", "大爷", "班长", "队", "局",
                   # …and of the union, the board and the crew.
                   "主席", "董", "总裁", "团长", "台长", "工程师", "技术员", "指导", "领班", "师兄", "师姐",
                   # …and of a class's parents, called by their surname and the child's word for them.
                   "爸爸", "妈妈",
                   # …and of the pharmacy, the lab and the chain store's area supervisor (督导, said 督).
                   "药师", "技师", "护师", "设计师", "督导", "督",
                   # …and of the hospital and the bureau, where 科长 / 处长 are said 孙科 / 王处.
                   "科", "处",
                   # …and of a lab, where a doctor (博士) is called by the surname and 博.
                   "博",
                   # …and of a station, a works, a shift, a school: 池站 / 戈厂 / 覃班 / 靳校 for 站长 / 厂长 /
                   # 班长 / 校长 (a form that is also a word, 车站, 高校, is a name only when it calls someone)
                   "站", "厂", "班", "校")
# A title said alone is how someone is called ("老师，…", "师兄"), never a thing to do.
ADDRESS_WORDS = frozenset(t for t in _ADDRESS_TITLES if len(t) >= 2)
# A one-character given name is called with a prefix or doubled (阿俊 / 小俊 for 潘俊, 婷婷 for 何婷).
_GIVEN_PREFIXES = ("阿", "小")
# A one-character given name is also called with 哥/姐 by colleagues ("飞哥？" for 彭飞), or with
# 儿 by an elder (雪儿 for 韩雪).
_GIVEN_KIN = ("哥", "姐", "儿", "妹", "仔", "娃")  # (…and 妹 / 仔 / 娃 in the south-west, Guangdong and the north-west: 雨妹, 宇仔, 勇娃)
# Two-character surnames: their holders are addressed by both characters (欧阳老师, not 欧老师).
_COMPOUND_SURNAMES = frozenset("欧阳 司马 上官 诸葛 东方 皇甫 尉迟 公孙 慕容 令狐 长孙 宇文 司徒 夏侯 "
                               "轩辕 端木 独孤 南宫 西门 百里 呼延 申屠 太史 闻人 澹台 公冶 赫连".split())


def _is_han(text: str) -> bool:
    return bool(text) and all("\u4e00" <= ch <= "\u9fff" for ch in text)


def surname(name: str) -> str:
    """The surname of a Chinese full name (2–4 characters); empty for anything else."""
    if not _is_han(name) or not 2 <= len(name) <= 4:
        return ""
    return name[:2] if len(name) >= 3 and name[:2] in _COMPOUND_SURNAMES else name[:1]


# The common Vietnamese family names (together nine in ten people): a Latin-script name that opens
# with one is written surname first, and its last word is the name people call.
_VI_SURNAMES = frozenset("nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly".split())


def _vi_fold(word: str) -> str:
    return latin_name(word.replace("Đ", "D").replace("đ", "d"))


# English short forms of given names (Mike for Michael). Forms that are also common words (Will,
# Bill, Pat, Don, Art) are left out: a sentence-initial "Will you…" is nobody.
_EN_SHORT = {
    "michael": ("Mike", "Mikey"), "david": ("Dave",), "robert": ("Rob", "Bob", "Bobby"), "james": ("Jim", "Jimmy"),
    "thomas": ("Tom", "Tommy"), "anthony": ("Tony",), "christopher": ("Chris",), "elizabeth": ("Liz", "Beth", "Lizzie", "Libby", "Betty"),
    "katherine": ("Kate", "Katie", "Kath", "Kathy"), "catherine": ("Kate", "Cathy", "Cath"), "alexander": ("Alex",), "nicholas": ("Nick",),
    "joseph": ("Joe",), "benjamin": ("Ben", "Benji", "Benny"), "ben": ("Benji", "Benny"), "matthew": ("Matt",), "steven": ("Steve",), "stephen": ("Steve",),
    "andrew": ("Andy", "Drew"), "jennifer": ("Jen", "Jenny"), "susan": ("Sue",), "margaret": ("Maggie", "Meg", "Peggy", "Mags"),
    "edward": ("Ed", "Ted"), "richard": ("Rick", "Rich"), "gregory": ("Greg",), "jeffrey": ("Jeff",),
    "timothy": ("Tim",), "kenneth": ("Ken",), "daniel": ("Dan", "Danny"), "samuel": ("Sam", "Sammy"),
    "samantha": ("Sam",), "rebecca": ("Becky",), "victoria": ("Vicky", "Tori"), "jonathan": ("Jon", "Jonny", "Jonno"),
    "patricia": ("Trish",), "william": ("Billy", "Liam"), "abigail": ("Abby",), "zachary": ("Zach",),
    # Pet forms that are not the name's first letters (Hattie for Harriet, Peggy for Margaret) and
    # the clipped forms British, Australian and Indian colleagues use (Fi, Nige, Jonno, Raj).
    "harriet": ("Hattie", "Hatty", "Hetty"), "fiona": ("Fi",), "nigel": ("Nige",), "henry": ("Harry", "Hal"),
    "harold": ("Harry",), "charlotte": ("Charlie", "Lottie"), "charles": ("Charlie", "Chas"),
    "frederick": ("Fred", "Freddie"), "penelope": ("Penny",), "josephine": ("Jo", "Josie"), "joanna": ("Jo",),
    "joanne": ("Jo",), "deborah": ("Deb", "Debbie"), "alison": ("Ali",), "gerald": ("Gerry",),
    "lawrence": ("Larry", "Laurie"), "douglas": ("Doug", "Dougie"), "geoffrey": ("Geoff",), "philip": ("Phil",),
    "phillip": ("Phil",), "nathaniel": ("Nate", "Nat"), "nathan": ("Nate",), "isabel": ("Izzy",),
    "isabella": ("Izzy", "Bella"), "eleanor": ("Ellie", "Nell"), "jacqueline": ("Jackie",), "patrick": ("Paddy",),
    "terence": ("Terry",), "caroline": ("Caro", "Carrie"), "cameron": ("Cam",), "mitchell": ("Mitch",),
    "pamela": ("Pam",), "stuart": ("Stu",), "stewart": ("Stu",), "bernard": ("Bernie",), "leonard": ("Len", "Lenny"),
    "vincent": ("Vince", "Vinny"), "ronald": ("Ron", "Ronnie"), "raymond": ("Ray",), "jessica": ("Jess",),
    "joshua": ("Josh",), "rachel": ("Rach",), "rajesh": ("Raj",), "vikram": ("Vik",),
    "christine": ("Chris", "Tina"), "christina": ("Chris", "Tina"), "kimberly": ("Kim",), "gabriel": ("Gabe",),
    "gabriella": ("Gabby",), "frances": ("Fran",), "francesca": ("Fran", "Frankie"), "francis": ("Frank",),
    "alexandra": ("Alex", "Lexi"), "barbara": ("Barb", "Babs"), "theodore": ("Theo", "Ted"),
    # Irish forms: Podge and Paudie for Pádraig, Shay for Séamus, Sinéad never shortened
    "padraig": ("Podge", "Paudie", "Paddy"), "seamus": ("Shay",), "diarmuid": ("Dermot",),
    "ruairi": ("Rory",), "siobhan": ("Shiv",), "tadhg": ("Tig",), "eoghan": ("Owen",),
    # Spanish, Italian and Russian pet forms that share no letters with the name (Pepe for José, Sasha for Aleksandr)
    "dolores": ("Lola", "Loli"), "jose": ("Pepe",), "francisco": ("Paco", "Pancho"), "ignacio": ("Nacho",),
    "guadalupe": ("Lupe",), "manuel": ("Manolo",), "enrique": ("Quique",), "concepcion": ("Concha",),
    "giuseppe": ("Beppe", "Peppe"), "aleksandr": ("Sasha",), "alexei": ("Lyosha",), "mikhail": ("Misha",),
    "dmitri": ("Dima",), "ekaterina": ("Katya",), "yekaterina": ("Katya",), "natalia": ("Natasha",),
    "natalya": ("Natasha",), "anastasia": ("Nastya",), "svetlana": ("Sveta",), "vladimir": ("Volodya", "Vova"),
    "ivan": ("Vanya",),
}


def address_forms(name: str, participants: Sequence[str]) -> tuple[str, ...]:
    """The ways a participant is called without the full name, each only when it can mean no
    other participant: surname + prefix or title (老李 小李 李总 李工 李老师 … for 李建国, when
    nobody else is a 李), the given name of a three-character name (建国), when no other
    participant's name contains it (and the surname doubled, 甘甘), and a one-character given name with 阿/小 or doubled (阿俊 小俊
    俊俊 for 潘俊) when no other participant's given name has that character, as is the last
    character of a two-character given name (阿琪 琪姐 琪琪 for 黄思琪) or its first with 子 / 哥 / 姐
    (振子 for 隗振宇), when no other participant's given name has it (a pet form that is also a
    common word, 燕子 or 明明, counts only where it calls someone: ``called_only``); an English
    short form (Mike for Michael) when nobody else has that name or form, and the forms of names of South
    and South-East Asia (``_called_at_home``). Longest first, so a scan finds 李老师
    before 李老."""
    return _address_forms(name, tuple(participants))


@lru_cache(maxsize=8192)  # pure, and asked for every participant of every sentence read
def _address_forms(name: str, participants: tuple[str, ...]) -> tuple[str, ...]:
    sur = surname(name)
    if not sur:
        first = name.split()[0].lower() if name.split() else ""
        others = [p.split()[0].lower() for p in participants if p and p != name and p.split()]
        forms_en = [f for f in _EN_SHORT.get(latin_name(first) or first, ())
                    if f.lower() not in others and not any(f in _EN_SHORT.get(o, ()) for o in others)]
        parts = name.split()
        if len(parts) >= 2 and parts[0][:1].isupper():
            # "Kim" / "Ms. Nguyen" for Kim Nguyen: the first name, or a title with the surname, when
            # no other participant shares it.
            if first not in others:
                forms_en.append(parts[0])
            # ("Te Rangi" of Marama Te Rangi, "van der Berg": a surname of several words, opened by a particle)
            at = next((i for i in range(1, len(parts) - 1) if parts[i].lower() in _SURNAME_PARTICLES), len(parts) - 1)
            if at < len(parts) - 1:
                last = " ".join(parts[at:])
                if not any(p != name and p.endswith(" " + last) for p in participants if p):
                    forms_en += [last, *(f"{t} {last}" for t in _EN_HONORIFICS)]
                parts = [*parts[:at], last]
            given = [w.lower() for w in parts[:-1]]
            if len(parts) >= 3 and not any([w.lower() for w in p.split()[: len(given)]] == given
                                           for p in participants if p and p != name):
                forms_en.append(" ".join(parts[:-1]))  # "Mei Lin" for Mei Lin Chen: a given name of two words
            if len(parts) >= 2 and _vi_fold(parts[0]) in _VI_SURNAMES and not any(
                    parts[-1].lower() in (w.lower() for w in p.split()) for p in participants if p and p != name):
                forms_en.append(parts[-1])  # "Duc" for Tran Minh Duc: a Vietnamese name is said surname first
            lasts = [p.split()[-1].lower() for p in participants if p and p != name and p.split()]
            if parts[-1].lower() not in lasts and " " not in parts[-1]:
                forms_en += [f"{t} {parts[-1]}" for t in _EN_HONORIFICS]
            if parts[-1][:1].isupper() and not any(o[:1] == parts[-1][:1].lower() for o in lasts):
                # "Mr. K" for Dana Kowal: pupils and staff call a teacher by the surname's initial
                forms_en += [f"{t} {parts[-1][0]}" for t in ("Mr.", "Mrs.", "Ms.", "Mr", "Mrs", "Ms", "Miss", "Coach")]
            forms_en += _called_at_home(name.split(), name, participants)
            if len(parts) >= 3 and all(w[:1].isupper() for w in parts[:2]):
                # "J.R." for Jimmy Ray Dawson: a double given name said by its initials (the dot
                # after the last letter is left out so a word edge still finds it: "J.R., …")
                letters = [w[0] for w in parts[:2]]
                if not any(len(q := p.split()) >= 3 and [w[0] for w in q[:2]] == letters for p in participants if p and p != name):
                    forms_en += [".".join(letters), "".join(letters)]
        return tuple(sorted(forms_en, key=len, reverse=True))
    others = [p for p in participants if p and p != name]
    forms: list[str] = []
    if not any(surname(p) == sur for p in others):
        forms += [pre + sur for pre in _ADDRESS_PREFIXES] + [sur + title for title in _ADDRESS_TITLES]
        if len(sur) == 1 and not _common_word("大" + sur):
            forms.append("大" + sur)  # 大熊 for 熊大勇, 大刘 among workmates (大方 is a word, not 方芳)
        if len(sur) == 2:
            forms.append(sur)  # 欧阳 for 欧阳雪: a compound surname alone is how colleagues call her
        if len(sur) == 1 and not any(sur in p[len(surname(p)) :] for p in others):
            forms.append(sur * 2)  # 甘甘 for 甘涛: the surname doubled, as a pet name
    given = name[len(sur):]
    if len(given) == 2 and not any(given in p for p in others):
        forms.append(given)
    last = given[-1:] if len(given) == 2 else ""
    if last and not any(last in p[len(surname(p)):] or surname(p) == last for p in others):
        # 阿豪 / 豪哥 for 罗子豪: the last character of a two-character given name, called the way
        # a one-character given name is (the full given name stays the first form)
        forms += [pre + last for pre in _GIVEN_PREFIXES if pre != "小"] + [last + kin for kin in _GIVEN_KIN]
        # 琪琪 for 黄思琪, 东子 for 周晓东 (as 强子 for 付强); 明明 and 燕子 are words too, so they
        # are her only where they call someone (``called_only``)
        forms += [last * 2, last + "子"]
        if given[0] in "晓筱" and last not in "晓筱":
            forms.append("小" + last)  # 小雨 for 李晓雨: 晓 and 小 sound the same
    head = given[0] if len(given) == 2 else ""
    if head and head not in "大小老阿晓筱子" and not any(head in p[len(surname(p)):] or surname(p) == head for p in others):
        # 振子 / 振哥 for 隗振宇: the first character of the given name is called so too
        forms += [head + "子", head + "哥", head + "姐"]
    if len(given) == 1 and not any(given in p[len(surname(p)):] or surname(p) == given for p in others):
        forms += [pre + given for pre in _GIVEN_PREFIXES] + [given * 2]
        forms += [given + kin for kin in _GIVEN_KIN]  # 飞哥 for 彭飞, 丽姐 for 冯丽
        forms.append(given + "子")  # 强子 for 付强 (northern, among peers); 柱子 is a word too
    return tuple(sorted(forms, key=len, reverse=True))


# Chinese names written surname first in Latin letters (Singapore, Malaysia, Hong Kong, Taiwan):
# "Yeo Kian Seng" is called Kian Seng, and "Uncle Yeo" is him too.
_ZH_LATIN_SURNAMES = frozenset(
    "ang au aw chai chan chang chee chen cheng cheong cheung chew chia chin chng choo chong chow choy chu chua chuah "
    "chung foo fong goh gan heng ho hong hu huang hui kang khoo khor koh kok kong koo kwa kwan kwek kwok lai lam lau "
    "lee leong leow leung liew lim lin liu loh loke looi low mah mok neo ng ong ooi pang phua poh quek seah seet sia "
    "sim siow soh soo tan tang tay teh teng teo tham toh tsang tse wee wong woo wu yap yeo yeoh yew yip yong "
    "zhang wang zhao zhou xu sun zhu guo luo zheng liang xie deng cao peng zeng xiao dong yuan pan cai jiang du ye "
    "wei su ding ren shen yao jin fan fang shi liao zou xiong qiu qin yin xue duan lei hou shao qian dai gao bai "
    "cui mao hao gu meng".split())
# The words that give a Malay, Tamil or Iban name its father's: "Norhayati binte Ismail" is called
# Norhayati, never Ismail; "Mohamad Firdaus" is called Firdaus.
_PATRONYMIC = frozenset("bin binte binti bte bt a/l a/p s/o d/o anak".split())
_MUHAMMAD = frozenset("muhammad mohammed mohamed mohammad muhammed mohamad muhamad mohd md".split())
# Kin and respect said before a name in South and South-East Asia ("Kak Norhayati", "Auntie Yeo",
# "Encik Firdaus") and after a given name in India ("Anjali ma'am", "Rohit sir", "Sameer bhai",
# "Kavitha akka").
_KIN_BEFORE = ("Kak", "Abang", "Bang", "Encik", "Cik", "Puan", "Pak", "Auntie", "Aunty", "Uncle")
_KIN_AFTER = ("sir", "ma'am", "madam", "bhai", "akka", "anna", "ji", "didi")
# …and before a surname said first ("Auntie Yeo", "Uncle Yeo").
_KIN_BEFORE_SURNAME = ("Auntie", "Aunty", "Uncle", "Madam")


def _zh_surname_first(words: Sequence[str]) -> bool:
    """Whether a Latin-script name, its words folded by ``latin_name``, is a Chinese name written
    surname first: three words, the first a common romanised surname (yeo kian seng)."""
    return len(words) == 3 and words[0] in _ZH_LATIN_SURNAMES


def _called_at_home(parts: Sequence[str], name: str, participants: Sequence[str]) -> list[str]:
    """How a Latin-script name of South or South-East Asia is called: the given names of a Chinese
    name written surname first (Kian Seng for Yeo Kian Seng), the given names before bin/binte, the name
    after Muhammad, and these with a word of kin or respect before or after them — each only
    when no other participant's name has that word."""
    low = [latin_name(w) for w in parts]
    words_of_others = {latin_name(w) for p in participants if p and p != name for w in p.split()}
    forms: list[str] = []
    surname = ""
    at = next((i for i, w in enumerate(low) if w in _PATRONYMIC), 0)
    if at:
        given = [w for w, lw in zip(parts[:at], low[:at], strict=True) if lw not in _MUHAMMAD] or list(parts[:at])
    elif _zh_surname_first(low) and all(w[:1].isupper() for w in parts):
        given, surname = list(parts[1:]), parts[0]
        forms.append(" ".join(given))
    elif len(parts) >= 3 and low[0] in _MUHAMMAD:
        given = [parts[1]]
    else:
        given = [parts[0]]
    given = [w for w in given if latin_name(w) not in words_of_others]
    if not surname:
        forms += [w for w in given if w != parts[0] and len(w) >= 3]  # (one of two Chinese given names is no call)
    for w in given:
        forms += [f"{k} {w}" for k in _KIN_BEFORE] + [f"{w} {k}" for k in _KIN_AFTER]
    if surname and latin_name(surname) not in words_of_others:
        forms += [f"{k} {surname}" for k in _KIN_BEFORE_SURNAME]
    return forms


def called_only(form: str) -> bool:
    """Whether the address form ``form`` is a pet form that is also a common word (燕子 for 陈晓燕,
    明明 for 李晓明, 柱子 for 王柱): it names her only where it calls someone ("燕子，考勤你汇总一下")."""
    return len(form) == 2 and (form[1] == "子" or form[0] == form[1]) and _common_word(form)


@lru_cache(maxsize=4096)
def _common_word(word: str) -> bool:
    """Whether jieba's dictionary counts ``word`` as a common word (柱子, 燕子), not a name."""
    import jieba

    jieba.initialize()
    return (jieba.get_FREQ(word) or 0) >= 100


# A clipped first name called out (Fi for Fiona, Nige for Nigel, Jonno, Vik, Mags): the stem
# before a pet ending is the start of the name. Only as a call — the word alone between a clause
# edge and a comma / question mark — and never a word people open a sentence with.
_PET_ENDINGS = ("zza", "sy", "ty", "ie", "os", "ek", "y", "i", "o", "s", "a", "")  # (Nikos for Nikolaos, Tomek for Tomasz)
_NOT_A_CALL = frozenset(
    "so no ok oh ah ha hah haha heh ho hm mm aw oi ow ew um er uh hi hey yes yeah yep nope well right now then and but also sure fine good great cool nice "
    "me my mine we us our ours you your yours he him his she her hers it its they them their this that these those "
    "look listen sorry thanks cheers mate mates guys folks team everyone all morning afternoon evening night bye boss "
    "chief sir madam dude bro love darling dear honey babe pal buddy man lads girls doc sis hun matey yo lol wow hmm "
    "anyway actually honestly basically okay alright agreed done deal perfect brilliant lovely excellent true exactly "
    "maybe perhaps please wait hold hang stop go come next first last finally what why how who when where which "
    "can will may might must shall should would could did does do is are was were has have had let lets".split()
)
_CALL_BEFORE = re.compile(r"(?:^|[,.?!;:—–]\s*|\b(?:and|thanks|thank you|cheers|ok|okay|right|so|sorry|oh|then|now|also|alright|"
                          r"honestly|look|listen|well|hey|yeah|yes|no|sure|fine|great)\s*,?\s*|\b(?:it's|it is|this is)\s+|"
                          # ("Coach Tam, …", "Miss Bex?": a title before the short form, as a team or a class says it)
                          r"\b(?:coach|doc|dr\.?|miss|mr\.?|mrs\.?|ms\.?|nurse|chef|captain|sister|auntie|aunty|uncle)\s+)$",
                          re.IGNORECASE)
# (or two called at once: "Jo and Priya, …")
_CALL_AFTER = re.compile(r"^\s*(?:[,?!.;:]|$|(?:and|&)\s+[A-Z])")
# Words that open a surname of several words: Te Rangi, van der Berg, de la Cruz, Da Silva, bin Hassan.
_SURNAME_PARTICLES = frozenset("te van von der den de del della di da du la le dos das bin binti al el ter ten".split())


# Titles of a trade or rank said before a surname ("Doc Halvorsen", "Coach Reyes"); said alone
# they call the one they were said with (``supervisor.rules.names.introduced``).
EN_TITLES = ("Doc", "Doctor", "Prof", "Professor", "Coach", "Chef", "Captain", "Sergeant", "Nurse")
# What may stand before an English surname to call its bearer ("Ms. Nguyen", "Coach Reyes").
# (Madam / Mister as staff and pupils say them in much of Africa, South Asia and the Caribbean)
_EN_HONORIFICS = ("Mr.", "Mrs.", "Ms.", "Dr.", "Mr", "Mrs", "Ms", "Dr", "Miss", "Madam", "Madame", "Mister", "Mx", "Mx.",
                  *EN_TITLES)


# (accented letters too: "Özdemir, …", "Ásgeirsson?")
_CAPITALISED = re.compile(r"(?<![A-Za-zÀ-ÖØ-öø-ÿĀ-ſ0-9'])[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿĀ-ſ]+(?![A-Za-zÀ-ÖØ-öø-ÿĀ-ſ0-9])")


def latin_name(name: str) -> str:
    """``name`` lower-cased with its accents dropped (tomás álvarez → tomas alvarez); empty when
    it is not written in Latin letters."""
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", name.translate(_NO_DECOMPOSITION)) if not unicodedata.combining(ch))
    return bare.lower() if bare.isascii() else ""


# Letters Unicode does not decompose into a base letter and an accent (Kılıç, Wałęsa, Søren, Đặng).
_NO_DECOMPOSITION = str.maketrans({"ı": "i", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D",
                                   "þ": "th", "Þ": "Th", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss"})


def clipped_call(word: str, name: str, participants: Sequence[str]) -> bool:
    """Whether ``word`` is a clipped or pet form of the Latin-script participant ``name`` that no
    other participant's name could give: of the first name (Nige for Nigel Hart, Tommy for Tomás),
    its last syllables (Tash for Natasha, Bec for Rebecca), or the surname (Macca for McAllister,
    Robbo for Robertson)."""
    return _clipped_call(latin_name(word) or word.lower(), name, tuple(participants))


def _stems(w: str) -> set[str]:
    """``w`` without a pet ending, and without the consonant the ending doubled (Jonno: jon)."""
    out: set[str] = set()
    for end in _PET_ENDINGS:
        if w.endswith(end) and len(w) - len(end) >= 2:
            stem = w[: len(w) - len(end)] if end else w
            out.add(stem)
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.add(stem[:-1])
            if stem.endswith("ck"):
                out.add(stem[:-1])  # (Vicky for Vikram, Nicky for Nikhil: the ck of the pet form is the k)
            if "ee" in stem[1:]:
                out.add(stem.replace("ee", "e"))  # (Meegs for Megan: the first vowel said long)
                out.add(stem.replace("ee", "i"))  # (Pree for Priya: the vowel as it sounds)
    return out


def _as_heard(first: str) -> set[str]:
    """How the start of ``first`` may sound in its pet form: "ph" said f (Phineas: fineas), the r
    after the first vowel dropped (Marguerite: maguerite), or after the first consonant (Trevor:
    tevor), a silent h after the first vowel (Mehreen: mereen, so Mez), a k after it written c
    (Vikram: vicram, so Vicky). Only the changed spellings."""
    out = {re.sub(r"^ph", "f", first), re.sub(r"^([^aeiou]*[aeiou])r(?=[^aeiou])", r"\1", first),
           re.sub(r"^([^aeiou]*[aeiou])k", r"\1c", first),
           re.sub(r"^([bcdfgkpt])r(?=[aeiou])", r"\1", first), re.sub(r"^([^aeiou]*[aeiou])h(?=[^aeiou])", r"\1", first)}
    return out - {first}


def _surname_key(last: str) -> str:
    return "mac" + last[2:] if last.startswith("mc") else last  # McAllister is said Mac-allister


_R_AS_Z = re.compile(r"([a-z]{0,2}[aeiou])(?:z|zz[ae]|zzy)")


@lru_cache(maxsize=1)
def _nicknamer() -> NickNamer:
    return NickNamer()  # (reads the dataset's table once)


def _pet_name(w: str, first: str, others: list[list[str]]) -> bool:
    """Bill for William, Peggy for Margaret, Zeke for Ezekiel: a pet name that is no clip of the
    first name, as the maintained ``nicknames`` dataset lists it, and of no other participant's."""
    of = _nicknamer().canonicals_of(w)
    return first in of and not any(o[0] == w or o[0] in of or o[0].startswith(w) for o in others)  # (Dom: Dominique too)


@lru_cache(maxsize=8192)
def _clipped_call(w: str, name: str, participants: tuple[str, ...]) -> bool:
    parts = latin_name(name).split()
    first = parts[0] if parts else ""
    if len(w) < 2 or w in _NOT_A_CALL or w == first:
        return False
    others = [words for p in participants if p and p != name and (words := latin_name(p).split())]
    if _pet_name(w, first, others):
        return True
    inner = re.sub(r"a$", "", w[1:])
    inners = {inner, re.sub(r"(.)\1", r"\1", inner)}
    inside = {first[2:], re.sub(r"c(?=[eiy])", "s", first)[2:]}  # (a soft c is heard as s)
    if (3 <= len(w) <= 5 and len(first) >= 6 and w[0] == first[0] and any(len(i) >= 2 and any(i in f for f in inside) for i in inners)
            and not any(o[0][:1] == w[0] and any(i in o[0][1:] for i in inners) for o in others)):
        return True  # Pip, Pippa for Philippa, Fliss for Felicity: the first sound, then a syllable from inside the name
    stems = _stems(w)
    if len(first) < 4:
        if first in stems and not any(o[0] == first for o in others):
            return True  # "Tommo" for Tom: a short first name with a pet ending
        return _surname_clip(w, parts, others, stems)  # (Fitz for Tom Fitzgerald: a short first name has no clip)
    if any(2 <= len(s) <= len(first) and first.startswith(s) and not any(o[0].startswith(s) for o in others)
           for s in stems):
        return True  # (Petey for Pete: the whole first name with a pet ending)
    heard = _as_heard(first)
    if any(3 <= len(s) and f.startswith(s) and not any(o[0].startswith(s) or o[0].startswith(s[:2]) for o in others)
           for s in stems for f in heard):
        return True  # (Finn for Phineas, Mags for Marguerite, Tev for Trevor: the start as it sounds)
    z = _R_AS_Z.fullmatch(w)
    if z and any(f.startswith(z.group(1) + "r") for f in (first, *heard)) and not any(o[0].startswith(z.group(1) + "r") for o in others):
        return True  # Gaz for Gareth, Baz for Barry, Shaz for Sharon: the first syllable to its r, said with z
    s_as_z = re.fullmatch(r"([a-z]{1,2}[aeiou])zz?", w)
    if (s_as_z and first.startswith(s_as_z.group(1) + "s") and len(first) > len(s_as_z.group(1)) + 1
            and not any(o[0].startswith(s_as_z.group(1) + "s") or o[0].startswith(s_as_z.group(1) + "r") for o in others)):
        return True  # Jaz for Jasmine, Lez for Lesley, Suz for Susan: the first syllable to its s, said with z
    half = w[: len(w) // 2]
    if len(w) % 2 == 0 and len(half) >= 2 and w == half * 2 and first.startswith(half) and not any(
            o[0].startswith(half) for o in others):
        return True  # Jojo for Jordan, Kiki for Kirsten: the first syllable said twice
    # The end of the first name (Tash for Natasha, Bec for Rebecca, Drew for Andrew): the exact
    # letters said, at most two letters short of its end — "the" is no call of Catherine.
    at = first.find(w, 1)
    if len(w) >= 3 and len(first) >= 6 and at > 0 and len(first) - (at + len(w)) <= 2 and not any(w in o[0] for o in others):
        return True
    if (len(w) == 3 and len(first) == 5 and first.endswith(w)
            and (not set(first[1] + w[0]) & set("aeiouy") or (first[1] in "aeiou" and w[0] not in "aeiouy"))
            and not any(o[0].endswith(w) for o in others)):
        return True  # (Gus for Angus, Teo for Mateo: a five-letter name's last syllable, cut before a consonant)
    return _surname_clip(w, parts, others, stems)


def _surname_clip(w: str, parts: list[str], others: list[list[str]], stems: set[str]) -> bool:
    """Macca for McAllister, Robbo for Robertson, Fitz for Fitzgerald: the surname's start; or the
    surname itself ("Okafor, …", "Russo, you…": a ward, a crew, a band call people so)."""
    last = _surname_key(parts[-1]) if len(parts) >= 2 else ""
    if last and len(last) >= 4 and w == last and not any(len(o) >= 2 and _surname_key(o[-1]) == last for o in others):
        return True
    # ("Ak" for Aksoy: two letters said alone as a call, when they open no other name)
    return bool(last) and len(last) >= 5 and any(
        (3 <= len(s) or s == w) and len(s) < len(last) and last.startswith(s)
        and not any(len(o) >= 2 and _surname_key(o[-1]).startswith(s) for o in others)
        and not any(o[0].startswith(s) for o in others)
        for s in stems)


def called_by_clip(text: str, name: str, participants: Sequence[str]) -> list[tuple[int, int]]:
    """Where ``text`` calls ``name`` by a clipped first name ("Nige, can you…", "…, Fi?")."""
    return [(m.start(), m.end()) for m in _CAPITALISED.finditer(text)
            if _CALL_BEFORE.search(text[: m.start()]) and _CALL_AFTER.match(text[m.end():])
            and clipped_call(m.group(0), name, participants)]


_INITIALS = re.compile(r"(?<![A-Za-z0-9'.])[A-Z](?:\.?[A-Z]){1,2}(?![A-Za-z0-9'])")


def initials(name: str, participants: Sequence[str]) -> str:
    """The initials of the Latin-script participant ``name`` ("IS" for Ingrid Solberg), or ""
    when the name has one part, is not Latin, or another participant has the same ones."""
    def of(n: str) -> str:
        parts = latin_name(n).split()
        if _zh_surname_first(parts):
            parts = parts[1:]  # "KS" for Yeo Kian Seng: the given names, said surname first
        return "".join(w[0] for w in parts).upper() if 2 <= len(parts) <= 3 else ""
    own = of(name)
    return own if own and not any(of(p) == own for p in participants if p != name) else ""


def called_by_initials(text: str, name: str, participants: Sequence[str]) -> list[tuple[int, int]]:
    """Where ``text`` calls ``name`` by their initials ("Okay, IS, one for you", "Nets.
    TF?") or says them as the one who does something ("If TF can…"): an acronym inside a phrase
    ("the HR team") never is."""
    own = initials(name, participants)
    return [(m.start(), m.end()) for m in _INITIALS.finditer(text)
            if own and m.group(0).replace(".", "") == own
            and ((_CALL_BEFORE.search(text[: m.start()]) and _CALL_AFTER.match(text[m.end():]))
                 or _INITIALS_DO.match(text, m.end()))] if own else []


def called_short(text: str, name: str, participants: Sequence[str]) -> list[tuple[int, int]]:
    """Where ``text`` calls ``name`` by a short form only they can have: a clipped or pet form
    (``called_by_clip``) or their initials (``called_by_initials``). The rules brain finds people
    and the ledger checks a named owner with this one test."""
    return [*called_by_clip(text, name, participants), *called_by_initials(text, name, participants)]


# Initials as the one who does something: "If TF can get the nets up…", "IS will…".
_INITIALS_DO = re.compile(r"\s+(?:can|could|will|would|should|might|must|has|had|is|was|needs|wants)\b|'s\s+(?:on|doing|got|going)\b")


def name_is_said(name: str, texts: Sequence[str], *, near_miss: bool = False,
                 participants: Sequence[str] = ()) -> bool:
    """Whether ``name`` is said in ``texts``: verbatim, case-insensitively, or as a same-sounding
    Chinese ASR near-miss (刘杨 for 刘洋, 王物 for 王五: identical toneless pinyin). With
    ``near_miss`` (the name is a participant's) a close Latin spelling counts too, and with
    ``participants`` (the meeting's list, ``name`` among them) so does an address form that can
    mean only this participant (老李 / 李总 / 建国 for 李建国: ``address_forms``)."""
    if not name:
        return False
    if participants and name in participants:
        joined = "".join(texts)
        if any(form in joined for form in address_forms(name, participants)):
            return True
        if any(called_short(t, name, participants) for t in texts):
            return True
        given = given_name(name, participants)
        if near_miss and given and _sounds_in(tuple(map(fold, _pinyin(given))), texts):
            return True  # 小波 for 晓波: a given name comes back with the same sounds, like a full one
        if near_miss and any(_toned_in(form, texts) for form in address_forms(name, participants)
                             if len(form) >= 2 and all("\u4e00" <= ch <= "\u9fff" for ch in form)):
            return True  # 老饭 for 老范, 实施负 for 石师傅: a form heard with its very sounds, tones too
        if near_miss and any(zhou_heard_as_zhong(form, t) for form in (name, *address_forms(name, participants))
                             for t in texts):
            return True  # 中婷你自己去谈 for 周婷
    if near_miss and name.isascii() and " " not in name.strip() and _latin_near_miss(name.strip(), texts):
        return True
    # A name cut by a VAD boundary ("由李" | "明来做") is still said: look at the joined text too.
    texts = [*texts, "".join(texts)]
    low = name.lower()
    if any(low in t.lower() for t in texts):
        return True
    if not any("\u4e00" <= ch <= "\u9fff" for ch in name):
        return False
    # A participant's name may also come back with the sounds Whisper confuses most (凌晓 for 林晓:
    # ling/lin), the same folds the ASR correction tolerates; anyone else must sound identical.
    hear = fold if near_miss else (lambda s: s)
    return _sounds_in(tuple(map(hear, _pinyin(name))), texts, hear)


@lru_cache(maxsize=16384)
def _toned(text: str) -> tuple[str, ...]:
    from pypinyin import Style, pinyin

    return tuple(s[0] for s in pinyin(text, style=Style.TONE3, neutral_tone_with_five=True))


def _toned_in(form: str, texts: Sequence[str]) -> bool:
    target = _toned(form)
    return any(target == _toned(t)[i : i + len(target)] for t in texts for i in range(len(t) - len(target) + 1))


# Where only a person can stand: right before 你 / 您 or the verbs that name an owner.
_PERSON_SLOT = re.compile(r"你|您|负责|牵头|跟进")


def zhou_heard_as_zhong(form: str, text: str) -> list[int]:
    """Where ``text`` says ``form`` (a name or address form with 周) with 周 heard as 中 — Whisper's
    most common slip of that syllable — and the rest with the same toned sounds, right before 你 /
    负责 where only a person can stand ("展台还是中婷你自己去谈吧" for 周婷; "中路那边" is a road
    anywhere else)."""
    if "周" not in form or len(form) < 2 or not all("\u4e00" <= ch <= "\u9fff" for ch in form):
        return []
    target = _toned(form.replace("周", "中"))
    n = len(form)
    return [i for i in range(len(text) - n + 1)
            if "中" in text[i : i + n] and _toned(text[i : i + n]) == target and _PERSON_SLOT.match(text, i + n)]


def _sounds_in(target: tuple[str, ...], texts: Sequence[str], hear: Any = fold) -> bool:
    n = len(target)
    for t in texts:
        syllables = tuple(map(hear, _pinyin(t)))
        for i in range(len(syllables) - n + 1):
            if syllables[i : i + n] == target:
                return True
    return False


def given_name(name: str, participants: Sequence[str]) -> str:
    """The two-character given name of a three-character Chinese participant (晓波 of 褚晓波) when
    it is an address form only they can have; empty otherwise."""
    given = name[len(surname(name)):] if surname(name) else ""
    return given if len(given) == 2 and given in address_forms(name, participants) else ""


def check_evidence(
    kind: IntentKind,
    payload: Mapping[str, Any],
    evidence: str,
    evidence_seqs: Sequence[int],
    cited: Mapping[int, str],
    latest_seq: int,
    participants: Sequence[str],
    *,
    headline_backed: bool = False,
    meeting_date: date | None = None,
    by_person: bool = False,
) -> Checked:
    """Validate an intent's evidence against the transcript.

    ``cited`` maps each cited seq that exists to its text. Raises InvalidInput when a seq is out of
    range or missing, or when ``evidence`` is not a verbatim quote of the cited utterances. The
    headline must be backed by the quote or the cited utterances (else an issue: high risk) unless
    ``headline_backed`` (a revision that keeps a headline an earlier low-risk revision backed).
    A task's ``due_date`` (ISO) must be a reading of its ``due_date_raw`` on ``meeting_date``
    (``intents.dates.readings``), else it is nulled like any unsupported field. With ``by_person``
    (a person answering a completion question or editing a task) the owner and dates are that
    person's word: they are kept as given.
    """
    if not evidence_seqs:
        raise InvalidInput("evidence_seqs must cite at least one utterance")
    for seq in evidence_seqs:
        if not isinstance(seq, int) or seq < 1:
            raise InvalidInput(f"evidence seq {seq!r} is not a positive integer")
        if seq > latest_seq:
            raise InvalidInput(f"evidence seq {seq} is in the future (latest_seq is {latest_seq})")
        if seq not in cited:
            raise InvalidInput(f"evidence seq {seq} does not exist in this meeting")
    texts = [cited[s] for s in sorted(set(evidence_seqs))]
    if not quote_is_verbatim(evidence, texts):
        raise InvalidInput(
            "evidence must be a verbatim quote of the cited utterances "
            f"{sorted(set(evidence_seqs))}; got {evidence[:80]!r}"
        )
    out = dict(payload)
    issues: list[str] = []
    title = headline(kind, out)
    # A question's text is the Supervisor's own wording of what is open; it records, never decides.
    if kind is not IntentKind.QUESTION and not headline_backed \
            and not headline_supported(title, " ".join([evidence, *texts])):
        issues.append(f"the key words of {title[:60]!r} are not in the evidence quote; a person must confirm it")
    if kind is IntentKind.TASK and by_person:
        owner = out.get("owner")
        canonical = next((p for p in participants if owner and p.lower() == str(owner).lower()), None)
        out["owner"] = canonical or owner
    elif kind is IntentKind.TASK:
        owner = out.get("owner")
        if owner is not None:
            canonical = next((p for p in participants if p.lower() == str(owner).lower()), None)
            if name_is_said(str(owner), texts, near_miss=canonical is not None, participants=participants):
                out["owner"] = canonical or owner
            else:
                issues.append(f"owner {owner!r} is not said in the cited utterances; left empty")
                out["owner"] = None
        due = out.get("due_date_raw")
        if due is not None and not quote_is_verbatim(str(due), texts):
            issues.append(f"due date {due!r} is not said in the cited utterances; left empty")
            out["due_date_raw"] = None
        iso = out.get("due_date")
        if iso is not None:
            said = readings(out.get("due_date_raw"), meeting_date)
            if parse_iso(iso) not in said:
                issues.append(f"due date {iso!r} is not what {out.get('due_date_raw')!r} means; left empty")
                out["due_date"] = None
    return Checked(out, tuple(issues))
