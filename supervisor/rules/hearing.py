"""Stage 0, hearing: undo same-sound ASR slips in cue words before any pattern reads the text.

Pure. Whisper writes a Chinese word it heard with another character of the same sound (负责 →
负则, 决定 → 决订, 周三 → 州三). ``repair`` replaces a span with a cue word of the lexicon (or a
participant's name) when the two have the same toned pinyin and the span itself is not a word of
the dictionary (jieba's), so a real word that happens to sound alike (定位 ≠ 定为 by tone, 试验 is
a word) is left alone. The replacement has the same length as the span, so every offset into the
repaired text is an offset into the original: quotes are always cut from what was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from pypinyin import Style, pinyin

from . import lexicon as lx

_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,4}")
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


@lru_cache(maxsize=1)
def _dictionary() -> dict[str, int]:
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.dt.FREQ


def _is_word(text: str) -> bool:
    return _dictionary().get(text, 0) > 0


def repair(text: str, participants: Sequence[str] = ()) -> str:
    """``text`` with same-sound slips of cue words (and CJK participant names) undone; same length."""
    if not any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return text
    table = dict(_by_sound())
    for p in participants:
        if p and all("\u4e00" <= ch <= "\u9fff" for ch in p) and 2 <= len(p) <= _MAX:
            table[_sound(p)] = p
    chars = list(text)
    i = 0
    while i < len(chars):
        replaced = False
        for n in range(_MAX, 1, -1):
            window = "".join(chars[i : i + n])
            if len(window) < n or not all("\u4e00" <= ch <= "\u9fff" for ch in window):
                continue
            word = table.get(_sound(window))
            if word is None or word == window or _is_word(window):
                continue
            chars[i : i + n] = list(word)
            i += n
            replaced = True
            break
        if not replaced:
            i += 1
    return "".join(chars)
