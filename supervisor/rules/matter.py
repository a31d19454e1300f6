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
