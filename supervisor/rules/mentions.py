"""Stage 2, mention tagging: people, times and the content words of a clause.

Pure (jieba's dictionary is loaded once). ``tag`` finds participants (exact or sounding alike,
``names.find_people``), other people's names (jieba ``posseg`` ``nr``), and time expressions
(``lexicon.dates``, with the ISO date each means on the meeting's date). ``content`` weighs how much
a span says about *what* the work is — nouns, verbal nouns and Latin terms, not pointers (这个),
light verbs (组织, 负责) or filler — so a title can prefer the clearest words of the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from intents.dates import resolve

from . import lexicon as lx
from .names import find_people

# (s: jieba's place words name things too: 场地, 会场, 楼下)
_CONTENT_TAGS = ("n", "nz", "vn", "eng", "nt", "ns", "an", "s")


@dataclass(frozen=True, slots=True)
class Mention:
    kind: str  # "person" | "time"
    start: int
    end: int
    text: str
    value: str | None  # person: canonical name; time: ISO date (None when it names no single day)
    known: bool = False  # person: a participant


@lru_cache(maxsize=4096)
def words(text: str) -> tuple[tuple[str, str], ...]:
    """(word, part-of-speech) pairs of ``text`` (jieba ``posseg``). A verb jieba's dictionary keeps
    fused with its "once" (检查一下 tagged a noun, 考虑一下, 去一趟) is given back as the verb and
    the measure, as jieba cuts every other verb said so (整理 / 一下)."""
    out = []
    for word, flag in lx.tagged(text):
        m = _FUSED_ONCE.fullmatch(word)
        if m is not None and flag != "m":
            out += [(m.group("v"), "v"), (m.group("once"), "m")]
        else:
            out.append((word, flag))
    return tuple(out)


_FUSED_ONCE = re.compile(r"(?P<v>[\u3400-\u9fff]{1,3})(?P<once>一下|一遍|一趟)")


# One-character heads that make a document of the verb before them (报销单, 排班表, 计划书, 施工图):
# jieba leaves such compounds out of its dictionary and tags the verb a verb.
_DOCUMENT_HEAD = frozenset("表单书稿册图卡证簿")


@lru_cache(maxsize=4096)
def noun_words(text: str) -> tuple[tuple[str, str], ...]:
    """``words`` with a verb and the document head after it joined into one noun (see ``_DOCUMENT_HEAD``)."""
    out: list[tuple[str, str]] = []
    for w, flag in words(text):
        if out and w in _DOCUMENT_HEAD and len(out[-1][0]) >= 2 and out[-1][1].startswith("v"):
            out[-1] = (out[-1][0] + w, "n")
        else:
            out.append((w, flag))
    return tuple(out)


def tag(text: str, participants: Sequence[str], on: date | None = None) -> tuple[Mention, ...]:
    """People and times mentioned in ``text``, in order, without overlaps."""
    found = [Mention("person", h.start, h.end, text[h.start : h.end], h.name, h.known)
             for h in find_people(text, participants)]
    for h in lx.dates(text):
        if not any(m.start < h.end and h.start < m.end for m in found):
            found.append(Mention("time", h.start, h.end, h.text, resolve(h.text, on)))
    # (a name jieba finds across a date is none: "下周才忙得过来" is no 周才忙)
    pos = 0
    for w, flag in words(text):
        start, pos = pos, pos + len(w)
        if flag == "nr" and len(w) >= 2 and not any(m.start < pos and start < m.end for m in found):
            found.append(Mention("person", start, pos, w, w, False))
    return tuple(sorted(found, key=lambda m: m.start))


def content(text: str) -> int:
    """How many characters of ``text`` name things (nouns, verbal nouns, Latin terms)."""
    if not re.search(r"[\u3400-\u9fff]", text):
        return sum(len(w) for w in re.findall(r"[A-Za-z][A-Za-z0-9-]{2,}", text))
    return sum(len(w) for w, flag in noun_words(text) if flag.startswith(_CONTENT_TAGS) and len(w) >= 2)


def clearest(candidates: Sequence[str]) -> str:
    """The candidate that says most about the work (first one on a tie); "" when none does."""
    best = max(candidates, key=content, default="")
    return best if content(best) else ""
