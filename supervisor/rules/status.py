"""Stage 3 (``frames``): a progress question put to one person ("王芳，周报的进度怎么样？", "Tom,
how's the price list coming along?") and the work it asks about.

A date ordered right after such a question ("那周五之前给我", "Okay, by Friday then") is that work's
deadline, and the one asked owns it (the analyzer makes the task when no task is there to date).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from .names import find_people
from .refer import subject
from .text import Sentence, has_cjk, strip_punct

_ZH_PROGRESS = re.compile(
    r"(?:的)?(?:进度|进展)(?:怎么样|如何|到哪了?)|(?:弄|做|写|搞|准备|整理|改)得怎么样了?|怎么样了|做到哪了?|弄到哪了?|到哪一步了?"
)
_EN_PROGRESS = re.compile(
    r"\bhow(?:'s| is| are)\s+(?P<a>.+?)\s+(?:coming along|coming|going|looking|getting on)\b|"
    r"\b(?:any )?(?:update|status|progress)\s+on\s+(?P<b>.+?)$|\bwhere are (?:we|you) (?:on|with)\s+(?P<c>.+?)$",
    re.IGNORECASE,
)
# Asked with the work said just before ("Tom, the price list. Where are we?", "王芳，周报。到哪一步了？").
_EN_PROGRESS_BARE = re.compile(
    r"^(?:(?:so|and|okay|ok)[\s,]+)?(?:where are (?:we|you)(?: at)?|how(?:'s| is) (?:it|that) (?:going|looking|coming along)|"
    r"any (?:update|news)|status)$",
    re.IGNORECASE,
)
_NAME_AND_WORK = re.compile(r"^[\s,，]*(?:the |our |your )?(?P<w>[^,，。.?？!！]{2,40}?)[\s,，。.]*$", re.IGNORECASE)


def status_asked(sent: Sentence, participants: Sequence[str], before: Sentence | None = None) -> tuple[str, str] | None:
    """(the one person asked, the work asked about) when ``sent`` asks one named person how a piece
    of work is going — or asks it bare right after ``before`` called them and named the work;
    None otherwise."""
    if not sent.question:
        return None
    bare = strip_punct(sent.text)
    if before is not None and not find_people(sent.text, participants) and (
            _EN_PROGRESS_BARE.fullmatch(bare) or (has_cjk(bare) and _ZH_PROGRESS.fullmatch(bare))):
        hits = find_people(before.text, participants)
        said = strip_punct(before.text)
        m = _NAME_AND_WORK.match(said[hits[0].end :]) if len(hits) == 1 and hits[0].start <= 1 else None
        work = ex.clean_title(m.group("w")) if m else ""
        return (hits[0].name, work) if len(work) >= 2 else None
    people = {h.name for h in find_people(sent.text, participants)}
    if len(people) != 1:
        return None
    text = bare
    for h in sorted(find_people(text, participants), key=lambda h: -h.start):
        text = text[: h.start] + "，" + text[h.end :]  # the name called is no part of the work
    if has_cjk(text):
        m = _ZH_PROGRESS.search(text)
        if m is None:
            return None
        asked_of = re.split(r"[，,]", text[: m.start()])[-1]
        work = ex.clean_zh_title(re.sub(r"^(?:你|您)(?:那边|这边)?|(?:你|您)(?:那边|这边)?$", "", asked_of))
        work = subject(work, participants) or ("" if len(work) < 2 else work)
    else:
        m = _EN_PROGRESS.search(text)
        said = next((g for g in (m.group("a"), m.group("b"), m.group("c")) if g), "") if m else ""
        work = ex.clean_en_title(re.sub(r"^(?:the|your|our)\s+", "", said.strip(" ,"), flags=re.IGNORECASE))
        if re.fullmatch(r"(?:it|that|this|things|everything|you|we)", work, re.IGNORECASE):
            work = ""
    return (next(iter(people)), work) if len(work) >= 2 else None
