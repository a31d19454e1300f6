"""A meeting's vocabulary: the words its transcript should get right.

Participants are names; terms come from the glossary (as given) and from the title and agenda
(their nouns and verbs of two or more characters, by jieba's part-of-speech tagger). The
vocabulary biases Whisper (``transcriber.glossary_prompt``) and drives the correction after
decoding (``asr.correct``), where the correction cues of ``CUE_WORDS`` are always added.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

# Correction and negation cues the Supervisor's rules rely on ("给张三，不对，给李四"): a misheard
# cue silently drops a correction, so they are always part of the vocabulary.
CUE_WORDS: tuple[str, ...] = (
    "不对", "算了", "改成", "取消", "还是", "换成", "推迟", "改为", "改到", "提前", "延后",
    "撤销", "不用", "不要", "等一下", "作废", "顺延", "其实",
)  # fmt: skip

_CJK_WORD = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{2,}")
_TERM_TAGS = ("n", "v", "nz", "vn", "an", "eng")  # nouns and verbs (and their jieba sub-tags)
_POSSEG_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Words a meeting uses. ``participants`` are names (the correction guards them against each
    other); ``terms`` are glossary, title and agenda words, in that order, without duplicates."""

    participants: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()

    @classmethod
    def of(cls, participants: Iterable[str] = (), terms: Iterable[str] = ()) -> Vocabulary:
        names = tuple(dict.fromkeys(p.strip() for p in participants if p and p.strip()))
        words = tuple(t for t in dict.fromkeys(t.strip() for t in terms if t and t.strip()) if t not in names)
        return cls(names, words)


def meeting_vocabulary(
    participants: Iterable[str] = (), glossary: Iterable[str] = (), title: str = "", agenda: str = ""
) -> Vocabulary:
    """The vocabulary of a meeting: its participants, its glossary, then the title's and the
    agenda's content words. Blocking the first time (jieba loads its tagger, ~1 s)."""
    return Vocabulary.of(participants, [*glossary, *content_words(title), *content_words(agenda)])


@lru_cache(maxsize=256)
def content_words(text: str) -> tuple[str, ...]:
    """Chinese nouns and verbs of two or more characters in ``text``, in order, once each."""
    if not text or not _CJK_WORD.search(text):
        return ()
    import jieba
    import jieba.posseg

    with _POSSEG_LOCK:  # jieba's lazy initialisation is not thread-safe
        jieba.setLogLevel(logging.WARNING)
        pairs = jieba.posseg.lcut(text)
    words = (p.word for p in pairs if p.flag.startswith(_TERM_TAGS) and _CJK_WORD.fullmatch(p.word))
    return tuple(dict.fromkeys(words))
