"""Correction after decoding (zh): rewrite a misheard span into the word it sounds like.

Whisper base hears the *sounds* of a Chinese sentence well and picks the *characters* badly:
验证码 comes out as 宴重骂, 刘洋 as 刘杨, 不对 as 无对. This pass looks for spans whose pinyin
matches a word the meeting uses (its vocabulary: participants, glossary, title/agenda terms),
a correction cue the Supervisor relies on (``CUE_WORDS``, always active), or a general word of a
real lexicon (jieba's dictionary), and rewrites the span when the rewritten clause is clearly
more probable than what was heard.

Probability is a unigram language model over the lexicon's word frequencies (the best
segmentation of the clause, as jieba scores it), with the meeting's vocabulary and the cue
words counted as common words. A rewrite is applied when

    gain (log P after - log P before)  -  sound penalty  >=  margin

so the original is preferred: the margin is small for vocabulary words and large for general
words (those must be *far* more probable), and every syllable that only sounds alike (z/zh,
c/ch, s/sh, n/l, f/h, an/ang, en/eng, in/ing, ong/eng) costs more than an exact match. A
syllable with the same final and another initial (无 wu → 不 bu) is accepted only once, and
only for a vocabulary word of three or more syllables or a cue word that is a whole clause.
General words are looked up for 3-4 character spans that are not words themselves.

Rewrites keep the span length, so positions in the corrected text equal positions in the
text as heard. A span that already is a vocabulary word is never touched, so one participant's
name is never turned into another's; a participant name is chosen only when the span sounds
strictly closer to it than to every other participant.

Pure: plain strings and a ``Lexicon`` in, a ``Correction`` out; ``load_lexicon`` (reads jieba's
dictionary once per process, ~2 s) is the only I/O. One call takes ~1-5 ms for an utterance.
"""

from __future__ import annotations

import math
import os
import re
import threading
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .vocabulary import CUE_WORDS, Vocabulary

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")
_INITIALS = ("zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h",
             "j", "q", "x", "r", "z", "c", "s", "y", "w")  # fmt: skip
_INITIAL_FOLD = {"zh": "z", "ch": "c", "sh": "s", "n": "l", "f": "h"}
_FINAL_FOLD = {"ang": "an", "eng": "en", "ing": "in", "ong": "en", "iang": "ian", "uang": "uan"}

FUZZY_NATS = 1.5  # per syllable that only sounds alike (z/zh, an/ang, ...)
NEAR_NATS = 4.0  # the one syllable with the same final and another initial
VOCAB_MARGIN = 2.0  # a vocabulary word or cue: the meeting says it is likely
GENERAL_MARGIN = 8.0  # a general word must be far more probable than what was heard
# General words of 3-4 characters only: two-character nonwords are mostly names and jargon the
# lexicon lacks (运维, 排期), and a unigram model cannot tell them from mishearings.
GENERAL_SIZES = (3, 4)
VOCAB_FREQ = 20_000  # vocabulary words count as common words (about 1 in 3,000)
MIN_GENERAL_FREQ = 3  # jieba's floor; the margin, not the count, keeps rare words out
_NAME_TAGS = frozenset({"nr", "nrfg", "nrt"})  # person names are never a general-word fix


@dataclass(frozen=True, slots=True)
class Rewrite:
    """One rewritten span: ``text[start:end]`` was heard as ``heard`` and is now ``word``."""

    start: int
    end: int
    heard: str
    word: str
    source: str  # "vocabulary" | "cue" | "lexicon"

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "heard": self.heard, "word": self.word,
                "source": self.source}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Correction:
    text: str
    rewrites: tuple[Rewrite, ...] = ()


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Word counts of a real lexicon and an index of its words by folded pinyin."""

    freq: Mapping[str, int]
    total: int
    by_sound: Mapping[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_entries(cls, entries: Iterable[tuple[str, int, str]]) -> Lexicon:
        """Build from ``(word, count, tag)`` rows (jieba's ``dict.txt`` format)."""
        freq: dict[str, int] = {}
        sound: dict[tuple[str, ...], list[str]] = {}
        for word, count, tag in entries:
            freq[word] = freq.get(word, 0) + count
            if (count >= MIN_GENERAL_FREQ and len(word) in GENERAL_SIZES and tag not in _NAME_TAGS
                    and _CJK_RUN.fullmatch(word)):  # fmt: skip
                sound.setdefault(_folded_key(sounds(word)), []).append(word)
        by_sound = {k: tuple(sorted(dict.fromkeys(v), key=lambda w: -freq[w])[:4]) for k, v in sound.items()}
        return cls(freq, sum(freq.values()) or 1, by_sound)


_LEXICON: Lexicon | None = None
_LEXICON_LOCK = threading.Lock()


def jieba_dict_path() -> str:
    """The ``dict.txt`` shipped inside the installed jieba package."""
    import jieba  # only its data file is wanted

    return os.path.join(os.path.dirname(jieba.__file__), "dict.txt")


def load_lexicon(path: str | None = None) -> Lexicon:
    """The process-wide lexicon from jieba's dictionary (blocking, ~2 s the first time)."""
    global _LEXICON
    with _LEXICON_LOCK:
        if _LEXICON is None or path is not None:
            with open(path or jieba_dict_path(), encoding="utf-8") as f:
                rows = (line.split() for line in f)
                lex = Lexicon.from_entries(
                    (r[0], int(r[1]), r[2] if len(r) > 2 else "") for r in rows if len(r) >= 2
                )
            if path is not None:
                return lex
            _LEXICON = lex
        return _LEXICON


# -- pinyin --------------------------------------------------------------------------------------


def _toneless(r: str) -> str:
    plain = unicodedata.normalize("NFD", r).replace("u\u0308", "v")
    return "".join(c for c in plain if not unicodedata.combining(c))


@cache
def reading(ch: str) -> str:
    """The usual toneless reading of one character (``ü`` as ``v``); empty for non-Chinese.

    Whisper writes a character for how it usually sounds, so rare readings (提 as shi, 脾 as
    pai) are never used: they only make unrelated words look alike."""
    from pypinyin.pinyin_dict import pinyin_dict  # a large table: loaded on first use

    raw = pinyin_dict.get(ord(ch))
    return _toneless(raw.split(",")[0]) if raw else ""


@cache
def sounds(word: str) -> tuple[str, ...]:
    """Toneless syllables of a word: pypinyin's phrase reading (重新 → chong xin) if it has
    one, else each character's usual reading."""
    from pypinyin.phrases_dict import phrases_dict

    phrase = phrases_dict.get(word)
    if phrase and len(phrase) == len(word):
        return tuple(_toneless(r[0]) for r in phrase)
    return tuple(reading(c) for c in word)


@cache
def split_syllable(s: str) -> tuple[str, str]:
    for ini in _INITIALS:
        if s.startswith(ini) and len(s) > len(ini):
            return ini, s[len(ini) :]
    return "", s


@cache
def fold(s: str) -> str:
    """The syllable with the tolerated confusions merged (zh→z, n→l, ang→an, ong→en …)."""
    ini, fin = split_syllable(s)
    return _INITIAL_FOLD.get(ini, ini) + "|" + _FINAL_FOLD.get(fin, fin)


@cache
def syllable_cost(a: str, b: str) -> float:
    """0 same sound, ``FUZZY_NATS`` alike, ``NEAR_NATS`` same final / other initial, inf else."""
    if not a or not b:
        return math.inf
    if a == b:
        return 0.0
    if fold(a) == fold(b):
        return FUZZY_NATS
    if fold(a).split("|")[1] == fold(b).split("|")[1]:
        return NEAR_NATS
    return math.inf


def _folded_key(syllables: Sequence[str]) -> tuple[str, ...]:
    return tuple(fold(s) for s in syllables)


# -- language model ------------------------------------------------------------------------------


class _Model:
    """Unigram log-probabilities of the lexicon, with vocabulary words counted as common."""

    def __init__(self, lexicon: Lexicon, boosted: Iterable[str]) -> None:
        self.lexicon = lexicon
        self.boost = {w: max(VOCAB_FREQ, lexicon.freq.get(w, 0)) for w in boosted}
        self.log_total = math.log(lexicon.total)
        self.max_len = max([4, *(len(w) for w in self.boost)])

    def logp(self, word: str) -> float | None:
        count = self.boost.get(word) or self.lexicon.freq.get(word, 0)
        if not count:
            if len(word) > 1:
                return None
            count = 1  # an unknown character: as rare as anything can be
        return math.log(count) - self.log_total

    def score(self, clause: str) -> float:
        """log P of the clause's best segmentation (jieba's max-probability route)."""
        n = len(clause)
        best = [0.0] * (n + 1)
        for i in range(n - 1, -1, -1):
            top = -math.inf
            for j in range(i + 1, min(n, i + self.max_len) + 1):
                lp = self.logp(clause[i:j])
                if lp is not None and lp + best[j] > top:
                    top = lp + best[j]
            best[i] = top
        return best[0]


# -- correction ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Candidate:
    start: int
    word: str
    source: str
    penalty: float
    margin: float


def correct(text: str, vocabulary: Vocabulary, lexicon: Lexicon) -> Correction:
    """Rewrite misheard spans of a Chinese transcript; see the module docstring for the rule.

    Returns the corrected text and the rewrites in text order. Text without Chinese is returned
    unchanged.
    """
    runs = [(m.start(), m.end()) for m in _CJK_RUN.finditer(text)]
    if not runs:
        return Correction(text)
    names = [n for n in vocabulary.participants if _CJK_RUN.fullmatch(n)]
    terms = [t for t in vocabulary.terms if _CJK_RUN.fullmatch(t) and len(t) >= 2]
    cues = [c for c in CUE_WORDS if c not in names and c not in terms]
    model = _Model(lexicon, [*names, *terms, *cues])
    protected = _occurrences(text, [*names, *terms])
    candidates = _vocabulary_candidates(text, runs, names, terms, cues, protected)
    candidates += _lexicon_candidates(text, runs, lexicon, protected)
    chars = list(text)
    taken = set(protected)
    rewrites: list[Rewrite] = []
    while candidates:
        best, best_net = None, 0.0
        for cand in candidates:
            net = _gain(chars, runs, cand, model) - cand.penalty - cand.margin
            if net >= best_net:
                best, best_net = cand, net
        if best is None:
            break
        end = best.start + len(best.word)
        rewrites.append(Rewrite(best.start, end, "".join(chars[best.start : end]), best.word, best.source))
        chars[best.start : end] = best.word
        taken.update(range(best.start, end))
        candidates = [c for c in candidates if taken.isdisjoint(range(c.start, c.start + len(c.word)))]
    rewrites.sort(key=lambda r: r.start)
    return Correction("".join(chars), tuple(rewrites))


def _occurrences(text: str, words: Sequence[str]) -> set[int]:
    covered: set[int] = set()
    for w in words:
        for m in re.finditer(re.escape(w), text):
            covered.update(range(m.start(), m.end()))
    return covered


def _run_of(runs: Sequence[tuple[int, int]], start: int) -> tuple[int, int]:
    return next(r for r in runs if r[0] <= start < r[1])


def _gain(chars: list[str], runs: Sequence[tuple[int, int]], cand: _Candidate, model: _Model) -> float:
    lo, hi = _run_of(runs, cand.start)
    before = "".join(chars[lo:hi])
    i = cand.start - lo
    after = before[:i] + cand.word + before[i + len(cand.word) :]
    return model.score(after) - model.score(before)


def _sound_penalty(heard: str, word: str) -> tuple[float, int] | None:
    """Total penalty and count of near (same final, other initial) syllables; None if unalike."""
    total, near = 0.0, 0
    for h, w, ws in zip(heard, word, sounds(word), strict=True):
        c = 0.0 if h == w else syllable_cost(reading(h), ws)
        if c == math.inf:
            return None
        total += c
        near += c == NEAR_NATS
    return total, near


def _vocabulary_candidates(
    text: str, runs: Sequence[tuple[int, int]], names: Sequence[str], terms: Sequence[str],
    cues: Sequence[str], protected: set[int],
) -> list[_Candidate]:  # fmt: skip
    out: list[_Candidate] = []
    for source, words in (("vocabulary", names), ("vocabulary", terms), ("cue", cues)):
        for word in words:
            size = len(word)
            for lo, hi in runs:
                for start in range(lo, hi - size + 1):
                    heard = text[start : start + size]
                    if heard == word or not protected.isdisjoint(range(start, start + size)):
                        continue
                    scored = _sound_penalty(heard, word)
                    if scored is None:
                        continue
                    penalty, near = scored
                    whole = (start, start + size) == (lo, hi)
                    if near > 1 or (near and not (whole if source == "cue" else size >= 3)):
                        continue
                    if word in names and not _closest_name(heard, word, names, penalty):
                        continue
                    # A clause that is nothing but a cue's sound ("无对，…") is that cue.
                    margin = 0.0 if source == "cue" and whole else VOCAB_MARGIN
                    out.append(_Candidate(start, word, source, penalty, margin))
    return out


def _closest_name(heard: str, word: str, names: Sequence[str], penalty: float) -> bool:
    """True when ``heard`` sounds strictly closer to ``word`` than to any other participant."""
    for other in names:
        if other != word and len(other) == len(heard):
            scored = _sound_penalty(heard, other)
            if scored is not None and scored[0] <= penalty:
                return False
    return True


def _lexicon_candidates(
    text: str, runs: Sequence[tuple[int, int]], lexicon: Lexicon, protected: set[int]
) -> list[_Candidate]:
    out: list[_Candidate] = []
    for lo, hi in runs:
        for size in GENERAL_SIZES:
            for start in range(lo, hi - size + 1):
                heard = text[start : start + size]
                if heard in lexicon.freq or not protected.isdisjoint(range(start, start + size)):
                    continue
                for word in lexicon.by_sound.get(_folded_key([reading(c) for c in heard]), ()):
                    scored = _sound_penalty(heard, word)
                    if scored is not None and not scored[1]:
                        out.append(_Candidate(start, word, "lexicon", scored[0], GENERAL_MARGIN))
    return out
