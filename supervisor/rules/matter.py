"""Small text tests the analyzer's stages share: does a sentence name a matter of its own (not
only function words, a pointer or "你呢？"), and what it says once its fillers are gone."""

from __future__ import annotations

import re

from . import mentions
from .text import has_cjk

_EN_FUNCTION = re.compile(
    r"\b(?:let'?s|we|i|you|it|this|that|the|a|an|and|or|for|now|yet|right|ok|okay|so|just|still|keep|leave|"
    r"is|are|be|do|don'?t|not|today|one|thing|here|there|what|about)\b",
    re.IGNORECASE,
)


def _substantive(text: str) -> bool:
    """``text`` names a matter (not only function words): two content words, or four characters."""
    if has_cjk(text):
        return mentions.content(text) >= 4
    return len(re.findall(r"[A-Za-z][A-Za-z0-9-]{2,}", _EN_FUNCTION.sub(" ", text))) >= 2


_FILLERS = re.compile(r"^(?:[嗯呃啊哦噢额]+|…+|\.{2,}|\s|[，,])+")


def _unfilled(text: str) -> str:
    return _FILLERS.sub("", text)


def _asks_about(text: str) -> bool:
    """A question that names a matter ("年底要不要搞团建？"), not "你呢？" / "Any objections?"."""
    return mentions.content(text) >= 2 if has_cjk(text) else _substantive(text)


# Words that name no matter of their own even alone ("the thing", "那个问题").
_EN_GENERIC = re.compile(r"^(?:thing|things|stuff|idea|issue|point|matter|question|decision|time|today|week|later|"
                         r"yet|still|some|part|call|answer|clue|moment|sure|really|think|know|decide|said|talk)$", re.IGNORECASE)


def names_matter(text: str, said: str = "") -> bool:
    """``text`` (a clause without its open marker; ``said``: the clause as said) names a matter:
    ``_substantive``, or one word that is no generic one — in English anywhere ("the offsite"), in
    Chinese only a noun the clause opens with ("发布会还要再商量"; in "得看人手" the noun is what it
    waits on)."""
    if _substantive(text):
        return True
    if has_cjk(text):
        ws = [(w, f) for w, f in mentions.words(_unfilled(said or text)) if f not in ("x", "e", "y")]
        return bool(ws) and len(ws[0][0]) >= 2 and ws[0][1].startswith(("n", "vn", "nz", "j", "s")) and not ws[0][1].startswith("nr")
    words = re.findall(r"[A-Za-z][A-Za-z0-9-]{3,}", _EN_FUNCTION.sub(" ", text))
    return any(not _EN_GENERIC.match(w) for w in words)
