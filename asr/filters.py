"""Whisper hallucination filter: a pure verdict per decoded segment.

Whisper invents text when it hears none (training-data captions such as 字幕由Amara.org社区提供 or
"Thanks for watching"), and it can loop on a phrase. The checks, in order:

1. ``empty``: nothing but whitespace/punctuation.
2. ``no_speech``: the model's own silence rule: ``no_speech_prob`` high *and* ``avg_logprob`` low
   (either alone is too eager: confident short answers can have a high no-speech probability).
3. ``low_confidence``: an extremely low ``avg_logprob`` (the decoder was guessing).
4. loops: runs of a repeated n-gram are collapsed to one occurrence; if the text is *still* highly
   compressible (``compression_ratio`` recomputed on the collapsed text) it is ``repetition``.
5. ``blacklist``: the whole text is a known caption/outro phrase, or contains one of the phrases
   that never occur in a meeting (subtitle credits, "like and subscribe").
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from .text import compare_key


@dataclass(frozen=True, slots=True)
class SegmentStats:
    """What the filter needs of one decoded Whisper segment."""

    text: str
    no_speech_prob: float = 0.0
    avg_logprob: float = 0.0
    compression_ratio: float = 1.0


@dataclass(frozen=True, slots=True)
class FilterConfig:
    no_speech_prob: float = 0.6
    no_speech_logprob: float = -1.0
    min_avg_logprob: float = -1.6
    compression_ratio: float = 2.4
    min_repeats: int = 3  # an n-gram repeated this many times in a row is a loop
    max_ngram: int = 12


@dataclass(frozen=True, slots=True)
class Verdict:
    keep: bool
    text: str  # the (possibly loop-collapsed) text; the original when dropped
    reason: str | None = None  # why dropped, or "collapsed" when kept after collapsing a loop


# Dropped when the whole segment (compare form) is one of these: plausible in speech only as
# a video outro, which a meeting segment of its own is not.
WHOLE_PHRASES = frozenset(
    compare_key(p)
    for p in (
        "谢谢观看", "谢谢大家观看", "感谢观看", "感谢您的观看", "谢谢收看", "谢谢大家收看",
        "请订阅", "订阅我的频道", "下期再见", "我们下期再见", "字幕",
        "Thanks for watching", "Thank you for watching", "Thank you so much for watching",
        "Please subscribe", "Like and subscribe", "you",
    )
)  # fmt: skip

# Dropped wherever they appear: subtitle credits and channel plugs never come from a meeting.
ANY_PHRASES = tuple(
    compare_key(p)
    for p in (
        "请不吝点赞订阅转发打赏", "请不吝点赞订阅转发", "点赞订阅转发打赏", "点赞订阅", "订阅点赞",
        "字幕由Amara.org社区提供", "Amara.org", "字幕志愿者", "字幕制作", "中文字幕", "字幕by",
        "明镜与点点栏目", "优优独播剧场", "YoYo Television Series Exclusive",
        "Subtitles by the Amara.org community", "Transcribed by", "Subtitled by",
        "Please like and subscribe", "订阅我的频道",
    )
)  # fmt: skip

_WORD = re.compile(r"\w+|[^\w\s]", re.UNICODE)
_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


def compression_ratio(text: str) -> float:
    """Whisper's measure: utf-8 length over zlib-compressed length (loops compress well)."""
    raw = text.encode("utf-8")
    return len(raw) / len(zlib.compress(raw)) if raw else 0.0


def _tokens(text: str) -> list[str]:
    # Chinese has no spaces: treat every CJK character as a token, Latin words as one each.
    out: list[str] = []
    for tok in _WORD.findall(text):
        if _CJK_CHAR.search(tok):
            out.extend(tok)
        else:
            out.append(tok)
    return out


def _join(tokens: list[str]) -> str:
    # Re-space Latin text: a word follows a word or a Latin punctuation mark after one space.
    text = ""
    for tok in tokens:
        if text and tok[0].isascii() and tok[0].isalnum() and (text[-1].isascii() and (text[-1].isalnum() or text[-1] in ",.;:!?")):
            text += " "
        text += tok
    return text


def collapse_repeats(text: str, min_repeats: int = 3, max_ngram: int = 12) -> str:
    """Replace any n-gram repeated ``min_repeats``+ times in a row by a single occurrence.

    Tokens are Latin words, single CJK characters and punctuation marks. Text without a loop is
    returned unchanged (not re-spaced).
    """
    tokens = _tokens(text)
    changed = False
    i = 0
    while i < len(tokens):
        best_n, best_reps = 0, 1
        for n in range(1, min(max_ngram, (len(tokens) - i) // min_repeats) + 1):
            gram = tokens[i : i + n]
            reps = 1
            while tokens[i + reps * n : i + (reps + 1) * n] == gram:
                reps += 1
            if reps >= min_repeats and reps * n > best_reps * best_n:
                best_n, best_reps = n, reps
        if best_n:
            del tokens[i + best_n : i + best_n * best_reps]
            changed = True
        i += 1
    return _join(tokens) if changed else text


def judge(seg: SegmentStats, config: FilterConfig = FilterConfig()) -> Verdict:
    """Keep or drop one decoded segment; see the module docstring for the rules."""
    key = compare_key(seg.text)
    if not key:
        return Verdict(False, seg.text, "empty")
    if seg.no_speech_prob > config.no_speech_prob and seg.avg_logprob < config.no_speech_logprob:
        return Verdict(False, seg.text, "no_speech")
    if seg.avg_logprob < config.min_avg_logprob:
        return Verdict(False, seg.text, "low_confidence")
    text = collapse_repeats(seg.text.strip(), config.min_repeats, config.max_ngram)
    collapsed = text != seg.text.strip()
    if collapsed:
        key = compare_key(text)
    if seg.compression_ratio > config.compression_ratio and compression_ratio(text) > config.compression_ratio:
        return Verdict(False, seg.text, "repetition")
    if key in WHOLE_PHRASES or any(p in key for p in ANY_PHRASES):
        return Verdict(False, seg.text, "blacklist")
    return Verdict(True, text, "collapsed" if collapsed else None)


@dataclass(frozen=True, slots=True)
class Dropped:
    text: str
    reason: str


def filter_segments(
    segments: Iterable[SegmentStats], config: FilterConfig = FilterConfig()
) -> tuple[list[str], list[Dropped]]:
    """Judge each segment; return the kept texts (in order) and the dropped ones with reasons."""
    kept: list[str] = []
    dropped: list[Dropped] = []
    for seg in segments:
        v = judge(seg, config)
        if v.keep:
            kept.append(v.text)
        else:
            dropped.append(Dropped(seg.text, v.reason or "dropped"))
    return kept, dropped


PROMPT_ECHO_MIN_CHARS = 6


def echoes_prompt(text: str, prompt: str | None) -> bool:
    """Whisper, given speech it cannot decode (another language, noise), may print its prompt back
    ("参会人：张三、李四、王五。"). True when ``text`` is a piece of ``prompt`` long enough that no
    one would say exactly that."""
    if not prompt:
        return False
    from .text import compare_key

    key = compare_key(text)
    return len(key) >= PROMPT_ECHO_MIN_CHARS and key in compare_key(prompt)
