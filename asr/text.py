"""Transcript text clean-up: Traditional → Simplified, whitespace and Chinese punctuation.

Whisper's multilingual models often answer ``zh`` in Traditional characters, use ASCII punctuation
or bare spaces as clause breaks, and pad with stray whitespace. The clean-up here is deterministic
and idempotent: applying it twice changes nothing.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import opencc

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_PUNCT = "，。？！：；、「」『』（）《》“”‘’…—"
_ASCII_TO_FULL = {",": "，", "?": "？", "!": "！", ":": "：", ";": "；"}

_SPACE_RUN = re.compile(r"\s+")
_CJK_SPACE_CJK = re.compile(rf"(?<=[{_CJK}])\s+(?=[{_CJK}])")
_SPACE_AROUND_CJK_PUNCT = re.compile(rf"\s*([{_CJK_PUNCT}])\s*")
_ASCII_PUNCT_NEAR_CJK = re.compile(rf"(?<=[{_CJK}])\s*([,?!:;])|([,?!:;])(?=\s*[{_CJK}])")
_PERIOD_AFTER_CJK = re.compile(rf"(?<=[{_CJK}])\.(?!\d)")
_PUNCT_RUN = re.compile(r"([，、；：])[，、；：]+")
_LEADING_PUNCT = re.compile(r"^[，。、；：？！\s]+")


@cache
def _converter() -> opencc.OpenCC:
    # Building the converter loads dictionaries (~tens of ms); do it once per process.
    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    """Fold Traditional Chinese characters (and Taiwan/HK variants) to Simplified."""
    return _converter().convert(text) if text else text


def _fullwidth(m: re.Match[str]) -> str:
    return _ASCII_TO_FULL[m.group(1) or m.group(2)]


def _fold_width(text: str) -> str:
    """Full-width Latin letters and digits → ASCII; full-width punctuation stays (it is Chinese)."""
    return text.translate(_WIDTH)


_WIDTH = {
    c: c - 0xFEE0
    for lo, hi in (("０", "９"), ("Ａ", "Ｚ"), ("ａ", "ｚ"))
    for c in range(ord(lo), ord(hi) + 1)
} | {0x3000: 0x20}  # fmt: skip


def normalize_zh(text: str) -> str:
    """Simplified characters, full-width punctuation next to Chinese, spaces as clause breaks."""
    text = _fold_width(text)
    text = to_simplified(text)
    text = _SPACE_RUN.sub(" ", text).strip()
    text = _ASCII_PUNCT_NEAR_CJK.sub(_fullwidth, text)
    text = _PERIOD_AFTER_CJK.sub("。", text)
    text = _CJK_SPACE_CJK.sub("，", text)  # Whisper marks a pause between Chinese clauses by a space
    text = _SPACE_AROUND_CJK_PUNCT.sub(r"\1", text)
    text = _PUNCT_RUN.sub(r"\1", text)
    return _LEADING_PUNCT.sub("", text)


def normalize_en(text: str) -> str:
    """Collapse whitespace and tidy spaces before punctuation."""
    text = _SPACE_RUN.sub(" ", unicodedata.normalize("NFKC", text)).strip()
    return re.sub(r"\s+([,.?!;:])", r"\1", text)


def normalize_transcript(text: str, language: str) -> str:
    """Clean one transcript text for ``language`` (``zh`` or anything else treated as Latin script)."""
    return normalize_zh(text) if language == "zh" else normalize_en(text)


def compare_key(text: str) -> str:
    """The comparison form of DESIGN §9: Simplified, lower-case, no spaces and no punctuation."""
    text = to_simplified(unicodedata.normalize("NFKC", text)).lower()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN")


_CJK_CHAR = re.compile(rf"[{_CJK}]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
# One Chinese character carries about as much as one English word; a share of a third is
# already a Chinese meeting with English terms in it ("把 API 文档发给 Hannah").
ZH_SHARE = 1 / 3


def text_language(lines: list[str] | tuple[str, ...]) -> str:
    """``zh`` or ``en`` for a typed meeting, by the share of CJK characters among CJK characters
    plus Latin words. Text with neither (digits, punctuation) counts as ``zh``, the default."""
    text = "\n".join(str(x) for x in lines)
    cjk = len(_CJK_CHAR.findall(text))
    latin = len(_LATIN_WORD.findall(text))
    if cjk + latin == 0:
        return "zh"
    return "zh" if cjk / (cjk + latin) >= ZH_SHARE else "en"
