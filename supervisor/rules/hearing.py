"""Stage 0, hearing: undo same-sound ASR slips in cue words before any pattern reads the text.

Pure. Whisper writes a Chinese word it heard with another character of the same sound (负责 →
负则, 决定 → 决订, 周三 → 州三). ``repair`` replaces a span with a cue word of the lexicon (or a
participant's name) when the two have the same toned pinyin and the span itself is not a word of
the dictionary (jieba's), so a real word that happens to sound alike (定位 ≠ 定为 by tone, 试验 is
a word) is left alone. The replacement has the same length as the span, so every offset into the
repaired text is an offset into the original: quotes are always cut from what was said.

Beyond cue words, Whisper writes content words with the wrong characters of the right sounds
(校对 → 教对, 验收 → 燕收, 保温 → 宝温). ``wording`` (for what a title *shows*, never for what the
patterns read) rewrites a 2–4 character span that is not a word into a common word of the
dictionary with the *same toned* pinyin (toneless matches pick nonsense: 告解预执 → 告诫谕旨),
when that makes its run of characters far more probable (a unigram model over jieba's word
counts, the best segmentation as jieba scores it). Only characters the dictionary cannot place
in a word change, never a particle, never into a cue, date or negation; names are never a
replacement (jieba's ``nr``) and participants' names and their neighbours stay as heard.
"""

from __future__ import annotations

import hashlib
import marshal
import math
import os
import re
import tempfile
from collections.abc import Sequence
from functools import lru_cache

from pypinyin import Style, pinyin

from asr.model import cache_root
from intents.dates import WEEKDAY_SYLLABLES

from . import lexicon as lx

_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,4}")
_CJK_RUN_ALL = re.compile(r"[\u4e00-\u9fff]{2,}")
_MAX = 4


def _cue_words() -> frozenset[str]:
    """The Chinese words of the lexicon: every 2–4 character literal in its patterns."""
    sources = [
        lx.ZH_DATE.pattern, lx.DECISION.pattern, lx.DECISION_LEAD.pattern, lx.HEDGE_FWD.pattern,
        lx.HEDGE_BACK.pattern, lx.CORRECTION.pattern, lx.CANCEL.pattern, lx.NO_OWNER.pattern,
        lx.ZH_ASSIGN_VERBS, lx.LEAVE.pattern, "负责|之前|以前|交给|安排|周一|周二|周三|周四|周五|周六|周日|星期",
    ]
    words = {w for src in sources for w in re.findall(r"[\u4e00-\u9fff]+", src) if 2 <= len(w) <= _MAX}
    return frozenset(words)


@lru_cache(maxsize=65536)
def _sound(text: str) -> tuple[str, ...]:
    return tuple(s[0] for s in pinyin(text, style=Style.TONE3, neutral_tone_with_five=True))


@lru_cache(maxsize=1)
def _by_sound() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for w in sorted(_cue_words()):
        table.setdefault(_sound(w), w)
    return table


is_word, word_count = lx.is_word, lx.word_count  # (jieba's dictionary lives in ``lexicon``)


# A general word must be common (jieba count) and make its run this much more probable (nats):
# the heard span is kept unless the dictionary says it is very unlikely to have been meant.
_WORD_MIN_COUNT = 10
_WORD_MARGIN = 4.0
_NAME_TAGS = ("nr",)
_PARTICLES = frozenset("的了着过地得吗呢吧啊呀嘛是在和与就都也还又")


@lru_cache(maxsize=1)
def _words_by_sound() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Common 2–4 character words of jieba's dictionary by toned pinyin, most frequent first.

    Building it takes pypinyin seconds per process (80 000 words), so it is kept in the cache
    directory (``asr.model.cache_root``, beside the Whisper model), keyed by
    the dictionary's bytes, pypinyin's version and this table's settings; an unreadable or
    unwritable cache only means building it again."""
    import jieba
    import pypinyin

    with open(os.path.join(os.path.dirname(jieba.__file__), "dict.txt"), "rb") as f:
        raw = f.read()
    settings = f"v1|{pypinyin.__version__}|{_MAX}|{_WORD_MIN_COUNT}|{_NAME_TAGS}|{marshal.version}"
    key = hashlib.sha256(raw + settings.encode()).hexdigest()[:20]
    root = cache_root()
    path = root / f"words-by-sound-{key}.marshal"
    try:
        table = marshal.loads(path.read_bytes())
        if isinstance(table, dict):
            return table
    except (OSError, EOFError, ValueError, TypeError):
        pass
    table = _build_words_by_sound(raw.decode("utf-8"))
    try:
        root.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=root, prefix=".words-by-sound-", delete=False) as tmp:
            tmp.write(marshal.dumps(table))
        os.replace(tmp.name, path)  # atomic: a process reading it sees all of it or none
    except OSError:
        pass
    return table


def _build_words_by_sound(dictionary: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    table: dict[tuple[str, ...], list[tuple[int, str]]] = {}
    for line in dictionary.splitlines():
        row = line.split()
        if len(row) < 3 or not 2 <= len(row[0]) <= _MAX or row[2].startswith(_NAME_TAGS):
            continue
        word, count = row[0], int(row[1])
        if count >= _WORD_MIN_COUNT and all("\u4e00" <= ch <= "\u9fff" for ch in word):
            table.setdefault(_sound(word), []).append((count, word))
    return {k: tuple(w for _, w in sorted(v, reverse=True)) for k, v in table.items()}


@lru_cache(maxsize=1)
def _log_total() -> float:
    return math.log(sum(lx.dictionary().values()) or 1)


def _segment(run: str) -> tuple[float, tuple[str, ...]]:
    """log P of ``run``'s most probable segmentation under jieba's unigram counts, and its words."""
    freq, log_total = lx.dictionary(), _log_total()
    best: list[tuple[float, int]] = [(0.0, 0)] * (len(run) + 1)
    for i in range(len(run) - 1, -1, -1):
        top = (-math.inf, i + 1)
        for j in range(i + 1, min(len(run), i + _MAX) + 1):
            count = freq.get(run[i:j], 0) or (1 if j == i + 1 else 0)
            if count and math.log(count) - log_total + best[j][0] > top[0]:
                top = (math.log(count) - log_total + best[j][0], j)
        best[i] = top
    out, i = [], 0
    while i < len(run):
        out.append(run[i : best[i][1]])
        i = best[i][1]
    return best[0][0], tuple(out)


@lru_cache(maxsize=65536)
def _logp(run: str) -> float:
    return _segment(run)[0]


def _loose(run: str) -> set[int]:
    """Offsets of ``run`` that its best segmentation leaves as single characters (not in a word)."""
    out, pos = set(), 0
    for w in _segment(run)[1]:
        if len(w) == 1:
            out.add(pos)
        pos += len(w)
    return out


@lru_cache(maxsize=1)
def _cue_patterns() -> tuple[re.Pattern[str], ...]:
    return (
        lx.ZH_DATE, lx.DECISION, lx.DECISION_LEAD, lx.HEDGE_FWD, lx.HEDGE_BACK, lx.CORRECTION, lx.CANCEL,
        lx.NO_OWNER, lx.LEAVE, lx.PAST, lx.CONFIRM, lx.UNDECIDED, lx.OPEN_MARK, lx.CONTRAST,
        re.compile(lx.ZH_ASSIGN_VERBS), re.compile("负责|交给|之前|以前|不|没|别"),
    )


def _cues(run: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(m.group(0) for m in p.finditer(run)) for p in _cue_patterns())


def _common_words(chars: list[str], protected: set[int]) -> None:
    """Rewrite, in place, non-word spans into same-sound common words that make their run likely."""
    for m in _CJK_RUN_ALL.finditer("".join(chars)):
        lo, hi = m.span()
        loose = {lo + k for k in _loose("".join(chars[lo:hi]))}
        i = lo
        while i < hi - 1:
            best: tuple[float, int, str] | None = None
            for n in range(min(_MAX, hi - i), 1, -1):
                span = "".join(chars[i : i + n])
                if is_word(span) or not protected.isdisjoint(range(i - 1, i + n + 1)):
                    continue
                run = "".join(chars[lo:hi])
                for word in _words_by_sound().get(_sound(span), ()):
                    # Only characters the dictionary cannot place in a word change (临时公 →
                    # 临时工), and never a particle: a word heard right is never broken.
                    if any(word[k - i] != chars[k] and (k not in loose or chars[k] in _PARTICLES)
                           for k in range(i, i + n)):
                        continue
                    after = run[: i - lo] + word + run[i - lo + n :]
                    gain = _logp(after) - _logp(run)
                    # Content words only: a rewrite that makes or unmakes a cue, a date or a
                    # negation would decide what the sentence does on a guess.
                    if gain >= _WORD_MARGIN and (best is None or gain > best[0]) and _cues(after) == _cues(run):
                        best = (gain, n, word)
            if best:
                chars[i : i + best[1]] = list(best[2])
                i += best[1]
            else:
                i += 1


@lru_cache(maxsize=1)
def _by_bare_sound() -> dict[tuple[str, ...], tuple[str, ...]]:
    # Dates, deadline cues and the words that name an owner only: a tone slip into a
    # cancellation or a verb (看了 → 砍了, 定一下 → 盯一下) would act on a guess.
    words = {w for w in re.findall(r"[\u4e00-\u9fff]+", lx.ZH_DATE.pattern) if 2 <= len(w) <= _MAX}
    words |= {"之前", "以前", "之内", "以内", "负责", "交给", "牵头", "下班"}
    table: dict[tuple[str, ...], list[str]] = {}
    for w in sorted(words):
        table.setdefault(_bare(_sound(w)), []).append(w)
    return {k: tuple(v) for k, v in table.items()}


def _bare(sound: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s.rstrip("012345") for s in sound)


def _one_tone_off(heard: tuple[str, ...]) -> str | None:
    """The one cue word that sounds like ``heard`` but for one syllable's tone (至前 → 之前,
    教给 → 交给 is a word and stays): Whisper's tones slip more often than its syllables."""
    found = [w for w in _by_bare_sound().get(_bare(heard), ())
             if sum(a != b for a, b in zip(heard, _sound(w), strict=True)) == 1]
    return found[0] if len(found) == 1 else None


def _only_loose(chars: list[str], i: int, word: str) -> bool:
    """Whether the characters ``word`` would change at ``i`` are ones the dictionary cannot place
    in a word of their run (一经 ≠ 已经 heard right; 至前 in 周三至前 is no word's part)."""
    m = next(m for m in _CJK_RUN_ALL.finditer("".join(chars)) if m.start() <= i < m.end())
    loose = {m.start() + k for k in _loose(m.group(0))}
    return all(k in loose for k in range(i, i + len(word)) if chars[k] != word[k - i])


def _likelier(chars: list[str], i: int, word: str) -> bool:
    """Whether putting ``word`` at ``i`` makes its CJK run at least as likely as heard: 还在研究 is
    heard right and stays, though 再研究 sounds the same; 副责 is no Chinese and becomes 负责."""
    m = next(m for m in _CJK_RUN_ALL.finditer("".join(chars)) if m.start() <= i < m.end())
    run = m.group(0)
    k = i - m.start()
    return _logp(run[:k] + word + run[k + len(word):]) >= _logp(run)


def _name_ends(text: str, participants: Sequence[str]) -> frozenset[int]:
    from .names import find_people  # (names reads word counts from here)

    return frozenset(h.end for h in find_people(text, participants))


def repair(text: str, participants: Sequence[str] = ()) -> str:
    """``text`` with same-sound slips of cue words (and CJK participant names) undone; same length."""
    if not any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return text
    table = dict(_by_sound())
    names = set()
    for p in participants:
        if p and all("\u4e00" <= ch <= "\u9fff" for ch in p) and 2 <= len(p) <= _MAX:
            table[_sound(p)] = p
            names.add(p)
    forms = _forms(tuple(participants))
    sounds: dict[str, set[str]] = {}
    for form in forms:
        sounds.setdefault(_sound(form), set()).add(form)
    for heard, same in sounds.items():
        if len(same) == 1:  # (小蕾 of 钱小蕾 and 小磊 of 吴磊 sound alike: which one was meant, nobody can say)
            table.setdefault(heard, next(iter(same)))
    # "小秦你订" / "老钱你订": the 你 of a request right after a call is no slip of 拟定.
    called = _name_ends(text, participants) if "你" in text else frozenset()
    chars = list(_DIALECT.sub(lambda m: _DIALECT_WORDS[m.group(0)], text))
    _weekdays_heard_as_zhong(chars)
    _names_heard_as_zhong(chars, participants, forms)
    i = 0
    while i < len(chars):
        replaced = False
        for n in range(_MAX, 1, -1):
            window = "".join(chars[i : i + n])
            if len(window) < n or not all("\u4e00" <= ch <= "\u9fff" for ch in window):
                continue
            if i in called and window[0] == "你":
                continue
            if window in names or window in forms:
                i += n  # (小蕾 said for 钱小蕾 is no slip of 小磊 for 吴磊: a name as said stays)
                replaced = True
                break
            heard = _sound(window)
            word = table.get(heard)
            if word is None and (off := _one_tone_off(heard)) and _only_loose(chars, i, off):
                word = off
            if word is None or word == window or (is_word(window) and not (
                    (word in forms or word in names) and _calls(chars, i, n))):
                continue
            if word in forms and not (_only_loose(chars, i, word) or _alone(chars, i, n)):
                continue  # 大小合适 is no 小何: 合 belongs to 合适
            if word not in names and word not in forms and not (_likelier(chars, i, word) and _only_loose(chars, i, word)):
                continue  # (我们组之前 is no 组织: 之 belongs to 之前)
            chars[i : i + n] = list(word)
            i += n
            replaced = True
            break
        if not replaced:
            i += 1
    _deadline_after_dates(chars)
    _punctuation(chars, participants)
    return "".join(chars)


@lru_cache(maxsize=256)
def _forms(participants: tuple[str, ...]) -> frozenset[str]:
    """The address forms of the Chinese participants that only one of them can have (老范, 小袁,
    石师傅, the given name 晓丽; ``intents.evidence.address_forms``), 2–4 characters."""
    from intents.evidence import address_forms, called_only

    # (燕子 and 明明 are words first: nothing is heard as them)
    return frozenset(f for p in participants if p for f in address_forms(p, participants)
                     if 2 <= len(f) <= _MAX and all("\u4e00" <= ch <= "\u9fff" for ch in f) and not called_only(f))


_EDGE = frozenset("，,。！？!?；;：:、 \n")


def _names_heard_as_zhong(chars: list[str], participants: Sequence[str], forms: frozenset[str]) -> None:
    """A participant's name (or address form) with 周 heard as 中, where only a person can stand
    (``intents.evidence.zhou_heard_as_zhong``; the ledger accepts the same hearing)."""
    from intents.evidence import zhou_heard_as_zhong

    text = "".join(chars)
    for name in (*participants, *sorted(forms, key=len, reverse=True)):
        for i in zhou_heard_as_zhong(name, text) if name else ():
            chars[i : i + len(name)] = list(name)


def _calls(chars: list[str], i: int, n: int) -> bool:
    """A word heard alone in its clause right before a clause said to 你 ("行吧，小小，名单你列
    三个") is a call: the participant it sounds exactly like (停停，先别说了 stays the word)."""
    rest = "".join(chars[i + n :])
    return _alone(chars, i, n) and bool(_SAID_TO_YOU.match(rest))


_SAID_TO_YOU = re.compile(r"^[，,][^，,。！？!?；;]*?(?:你|您)")


def _alone(chars: list[str], i: int, n: int) -> bool:
    """Whether chars[i:i+n] is a clause by itself (a call: "实施负，钢材能不能…" is 石师傅)."""
    return (i == 0 or chars[i - 1] in _EDGE) and (i + n == len(chars) or chars[i + n] in _EDGE)


# Whisper hears 周 (zhou1) as 中 (zhong1) before a weekday: 这周五 → 这中五 / 这中午, 周六之前 →
# 中六之前. Where the date grammar needs 周 — after a week shift (这/本/下/上, not 一下 or 等下), or before a
# deadline cue — 中 and a weekday's syllable (any tone: 物 for 五) are that weekday.
_ZHONG_WORD = 100  # jieba count from which 中X is a word said as heard (中医, 中旬), not a slip (中物)
_ZHONG_AFTER_SHIFT = re.compile(r"(?<![一等])(?:这|本|下下|下|上)个?(中)(?=[\u4e00-\u9fff])")
_ZHONG_BEFORE_CUE = re.compile(r"(中)(?=[\u4e00-\u9fff](?:之前|以前|前|之钱|支前|以钱|钱))")


# Northern and north-western function words read as Mandarin, one character for one so the quote
# stays what was said: 俺/额 (I; 额 not in 金额, 额度, 名额…, nor "额，" hesitating), 嫑 (don't), a
# closing 咧 (了).
_DIALECT_WORDS = {"俺": "我", "额": "我", "嫑": "别", "咧": "了"}
_DIALECT = re.compile(r"俺|(?<![金名份超差限定配税余总数巨高面前])额(?=[\u4e00-\u9fff])(?![度外定头满数])|嫑|"
                      r"(?<=[\u4e00-\u9fff])咧(?=[，,。！!？?…\s]|$)")


def _weekdays_heard_as_zhong(chars: list[str]) -> None:
    text = "".join(chars)
    for rx in (_ZHONG_AFTER_SHIFT, _ZHONG_BEFORE_CUE):
        for m in rx.finditer(text):
            j = m.start(1)
            day = WEEKDAY_SYLLABLES.get(_bare(_sound(chars[j + 1]))[0])
            # 中医, 中午之前 are common words heard right; but no one says 这中午 (noon is 今天中午).
            common = word_count(text[j : j + 2]) >= _ZHONG_WORD
            if day is None or (common and (rx is _ZHONG_BEFORE_CUE or text[j + 1] != "午")):
                continue
            chars[j], chars[j + 1] = "周", day


# The deadline cues said right after a date, longest first.
_AFTER_DATE = ("之前", "以前", "前")


def _deadline_after_dates(chars: list[str]) -> None:
    """Rewrite, in place, a same-sound slip of the deadline cue right after a date (下周三钱 → 下周三前,
    下礼拜三支前 → 之前): one character is too short for the word table, and 支前 is a word of its
    own, but right after a date only the cue fits. A lone character only when the dictionary
    places it in no word (钱包 stays)."""
    text = "".join(chars)
    for m in lx.ZH_DATE.finditer(text):
        j = m.end()
        for cue in _AFTER_DATE:
            heard = "".join(chars[j : j + len(cue)])
            if heard == cue:
                break
            if len(heard) < len(cue) or _sound(heard) != _sound(cue):
                continue
            if len(cue) > 1 or _only_loose(chars, j, cue):
                chars[j : j + len(cue)] = list(cue)
            break


def wording(text: str, participants: Sequence[str] = (), said: Sequence[str] = ()) -> str:
    """``text`` (a title) with non-word spans rewritten into same-sound words; same length.

    For what the minutes *show*, never for what the patterns read: a guess at a content word must
    not decide whether a sentence is a task. Participants' names and the characters next to them
    are kept as heard. A word the meeting itself said (``said``: the utterances around) is the
    first guess: "厨房的吊柜装歪了" then "掉柜尺寸" shows 吊柜尺寸.
    """
    if not any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return text
    from .names import find_people

    chars = list(text)
    protected = {k for h in find_people(text, participants) for k in range(h.start, h.end)}
    _meeting_words(chars, protected, _vocabulary(tuple(said)))
    _common_words(chars, protected)
    return "".join(chars)


@lru_cache(maxsize=4096)
def _vocabulary(said: tuple[str, ...]) -> dict[tuple[str, ...], str]:
    """The dictionary words (2–4 characters, no names) the meeting said, by toned sound; a sound
    two different words share is no evidence for either."""
    out: dict[tuple[str, ...], set[str]] = {}
    for text in said:
        for run in _CJK_RUN_ALL.findall(text):
            for w in _segment(run)[1]:
                if 2 <= len(w) <= _MAX and word_count(w) > 0 and not _is_name(w):
                    out.setdefault(_sound(w), set()).add(w)
    return {k: next(iter(v)) for k, v in out.items() if len(v) == 1}


def _is_name(word: str) -> bool:
    import jieba.posseg as pseg

    return any(p.flag.startswith("nr") for p in pseg.lcut(word))


def _meeting_words(chars: list[str], protected: set[int], vocabulary: dict[tuple[str, ...], str]) -> None:
    """Rewrite, in place, a non-word span that sounds exactly like a word the meeting said."""
    if not vocabulary:
        return
    for m in _CJK_RUN_ALL.finditer("".join(chars)):
        lo, hi = m.span()
        loose = {lo + k for k in _loose("".join(chars[lo:hi]))}
        i = lo
        while i < hi - 1:
            for n in range(min(_MAX, hi - i), 1, -1):
                span = "".join(chars[i : i + n])
                word = vocabulary.get(_sound(span))
                if (word is None or word == span or is_word(span)
                        or not protected.isdisjoint(range(i - 1, i + n + 1))):
                    continue
                # As for common words: a word heard right (建库 in 是建库) is never broken.
                if any(word[k - i] != chars[k] and (k not in loose or chars[k] in _PARTICLES)
                       for k in range(i, i + n)):
                    continue
                run = "".join(chars[lo:hi])
                after = run[: i - lo] + word + run[i - lo + n :]
                if _cues(after) != _cues(run):
                    continue  # never into or out of a cue, a date or a negation
                chars[i : i + n] = list(word)
                i += n - 1
                break
            i += 1


def warm() -> None:
    """Build every table the repairs read now (jieba's dictionary, the sound indexes): seconds of
    CPU that hold the GIL, better paid once at start-up than inside a meeting's first step."""
    _by_sound()
    _words_by_sound()
    _log_total()
    _cue_patterns()
    _by_bare_sound()


# Punctuation Whisper guesses from the pause, not the grammar: these repairs change one mark
# into another (same length), so the clause split reads what was meant and quotes stay verbatim.
_ENUM_EDGE = re.compile(r"[，,。！？!?；;：:、\s]")
# A request asked by its form (A-not-A of being able / willing) — not one embedded after a verb
# of checking ("看看能不能修好", "不知道能不能赶上").
_ASKED = re.compile(r"能不能|可不可以|可以不可以|能否|方不方便|愿不愿意|行不行")
_CHECKING = re.compile(r"看|问|知道|确认|试|想|研究|评估|决定|取决|关键|打听|了解|查")
# (a closing 了没有 asks whether it is done: "你报名表交了没有")
_ASK_END = re.compile(r"(?<!什)[吗么]$|了没有?$")
# "你去把会议室布置一下。顺便把投影仪也借了": "while you're at it" goes on with the request before it.
_GOES_ON = ("顺便", "顺手", "顺带")


def _punctuation(chars: list[str], participants: Sequence[str]) -> None:
    text = "".join(chars)
    for k, ch in enumerate(text):
        if ch == "、" and _pause_not_list(text, k, participants):
            chars[k] = "，"
        elif ch == "。" and text.startswith(_GOES_ON, k + 1):
            chars[k] = "，"
        elif ch == "。" and _asked_by_form(text[:k]):
            chars[k] = "？"


def _items(text: str, k: int) -> tuple[str, str]:
    """The items either side of the mark at ``k``, each up to the next mark."""
    left = _ENUM_EDGE.split(text[:k])[-1]
    right = _ENUM_EDGE.split(text[k + 1 :])[0]
    return left, right


def _pause_not_list(text: str, k: int, participants: Sequence[str]) -> bool:
    """Whether the enumeration comma at ``k`` is a pause: it lists like items ("王五、赵六负责",
    "设计稿、文案"), so a person before it and words that are no person after it ("周凯、展台那两块
    背板你来做") is a call. (Words before a person, "背板、周凯去仓库领", stay: a topic said
    right before its comment reads as one clause.)"""
    from .names import bare_name, find_people

    left, right = _items(text, k)
    if not left or not right or not all("\u4e00" <= c <= "\u9fff" for c in left[-1] + right[0]):
        return False
    lhits = find_people(left, participants)
    rhits = find_people(right, participants)
    left_name = any(h.start == 0 and h.end == len(left) for h in lhits) or (len(left) <= 3 and bool(bare_name(left)))
    right_name = any(h.start == 0 for h in rhits) or (len(right) <= 3 and bool(bare_name(right)))
    return left_name and not right_name


def _asked_by_form(before: str) -> bool:
    """Whether the clause ending at a full stop asks by its form: a request in A-not-A form
    ("郑浩，你能不能明天之前把报价单改一下。"), a closing 吗 or 了没有. Whisper marks the pause, not the rise."""
    clause = _ENUM_EDGE.split(before)[-1]
    if _ASK_END.search(clause):
        return True
    m = _ASKED.search(clause)
    return m is not None and not _CHECKING.search(clause[: m.start()])
