"""Stage 3 (``frames``): a progress question put to one person ("王芳，周报的进度怎么样？", "Tom,
how's the price list coming along?") and the work it asks about.

A date ordered right after such a question ("那周五之前给我", "Okay, by Friday then") is that work's
deadline, and the one asked owns it (the analyzer makes the task when no task is there to date).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from . import lexicon as lx
from .names import find_people
from .refer import no_work, subject
from .text import Sentence, has_cjk, strip_punct

_ZH_PROGRESS = re.compile(
    r"(?:的)?(?:进度|进展)(?:怎么样|如何|到哪了?)|(?:弄|做|写|搞|准备|整理|改|收|填|办|联系)得(?:怎么样|咋样)了?|(?:怎么样|咋样)了|"
    r"做到哪了?|弄到哪了?|到哪一步了?"
)
# Done yet, or when it will be ("家属签字了吗？", "报告发了没？", "排班表啥时候出啊？"): asked of the work
# only when the one asked answers it themselves (``status_asked(…, broad=True)``).
_ZH_DONE_OR_WHEN = re.compile(
    r"(?<=[\u3400-\u9fff])(?:了吗|了没有?|了么)(?![\u3400-\u9fff])"
    r"|(?:啥时候|什么时候|哪天)(?:能|可以|才能)?(?:出来|出|好|给|交|发|弄完|做完|写完|完成|搞定|弄好)"
)
# The thing alone, asked after with 呢 ("灯光图呢？"): how it stands, answered by the one called.
# ("体检这块呢？", "鱼池那边呢？" ask after a whole area, not one thing to hand over)
_ZH_WHAT_ABOUT = re.compile(r"[，,\s]*(?:那|还有)?(?P<w>[\u3400-\u9fffA-Za-z]{2,10}?)(?<!那边|这块|这边|那块|方面)呢")
# The verb of a done-yet question after its thing ("报告发了吗" asks about the report).
_DONE_VERB = re.compile(r"(?<=[\u3400-\u9fff]{2})(?:[发交做写弄出改送收填报]|搞定|做完|写完|弄完|弄好|做好|写好)(?:上去|出去|过去|过来|出来)?$")
# ("Tommy, when will the new rota be ready?", "Is the price list done yet?")
_EN_DONE_OR_WHEN = re.compile(
    r"\bwhen (?:will|is|are|can|do we get) (?P<d>.+?) (?:be )?(?:ready|done|finished|out|in|sorted)\b|"
    r"^(?:so |and )?(?:is|are|has|have) (?P<e>(?:the|your|our) .+?) (?:ready|done|finished|sorted|gone out|been sent)(?: yet)?$",
    re.IGNORECASE,
)
_EN_PROGRESS = re.compile(
    r"\bhow(?:'s| is| are)\s+(?P<a>.+?)\s+(?:coming along|coming|going|looking|getting on)\b|"
    r"\b(?:any )?(?:update|status|progress)\s+on\s+(?P<b>.+?)$|\bwhere are (?:we|you) (?:on|with)\s+(?P<c>.+?)$|"
    # "Suresh, tug number three, what is the status?", "Macca, the Chromebooks — how're we going?"
    r"(?:^|[,，—–]\s*)(?P<d>[^,，—–]{2,60}?)\s*[,，—–]+\s*(?:what(?:'s| is) the (?:status|update|latest)|"
    r"where are (?:we|you)(?: at)?(?: with (?:it|that))?|how(?:'re| are) (?:we|you|things) (?:going|getting on|tracking)|"
    r"how(?:'s| is) (?:it|that) (?:going|looking|coming along)|any (?:update|news))$|"
    r"\bhow(?:'re| are) (?:we|you) (?:for|on|with|doing (?:for|on|with))\s+(?P<e>.+?)$",
    re.IGNORECASE,
)
# Asked with the work said just before ("Tom, the price list. Where are we?", "王芳，周报。到哪一步了？").
_EN_PROGRESS_BARE = re.compile(
    r"^(?:(?:so|and|okay|ok)[\s,]+)?(?:where are (?:we|you)(?: at)?|how(?:'s| is) (?:it|that) (?:going|looking|coming along)|"
    r"any (?:update|news)|status)$",
    re.IGNORECASE,
)
_NAME_AND_WORK = re.compile(r"^[\s,，]*(?:the |our |your )?(?P<w>[^,，。.?？!！]{2,40}?)[\s,，。.]*$", re.IGNORECASE)


def status_asked(sent: Sentence, participants: Sequence[str], before: Sentence | None = None,
                 broad: bool = False) -> tuple[str, str] | None:
    """(the one person asked, the work asked about) when ``sent`` asks one named person how a piece
    of work is going — or asks it bare right after ``before`` called them and named the work;
    None otherwise. ``broad``: also whether it is done or when it will be (Chinese)."""
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
        m = _ZH_PROGRESS.search(text) or (_ZH_DONE_OR_WHEN.search(text) if broad else None)
        if m is None and broad and (about := _ZH_WHAT_ABOUT.fullmatch(text)) is not None:
            # ("小冬，灯光图呢？" "我周一给您。": the thing asked after, answered with when)
            work = ex.clean_zh_title(about.group("w"))
            return (next(iter(people)), work) if len(work) >= 2 and not no_work(work) else None
        if m is None:
            return None
        asked_of = re.split(r"[，,]", text[: m.start()])[-1]
        asked_of = re.sub(r"^(?:你|您)(?:那边|这边)?|(?:你|您)(?:那边|这边)?$|^(?:这个?|本|下个?|上个?)(?:月|周|星期|礼拜|季度)的", "",
                          asked_of)
        done = _DONE_VERB.search(asked_of) if m.group(0)[0] == "了" else None
        if done is not None and not lx.is_word(asked_of[done.start() - 1 : done.start() + 1]):
            asked_of = asked_of[: done.start()]  # ("报告发了吗"; not 周报's 报)
        work = ex.clean_zh_title(asked_of)
        if m.group(0)[0] not in "了啥什哪":  # (done yet or when: the thing asked about is all of it, "家属签字")
            work = subject(work, participants) or work
        work = "" if len(work) < 2 else work
    else:
        m = _EN_PROGRESS.search(text) or (_EN_DONE_OR_WHEN.search(text.strip("，, ")) if broad else None)
        said = next((g for g in m.groups() if g), "") if m else ""
        work = ex.clean_en_title(re.sub(r"^(?:the|your|our)\s+", "", said.strip(" ,"), flags=re.IGNORECASE))
        if re.fullmatch(r"(?:it|that|this|things|everything|you|we)", work, re.IGNORECASE):
            work = ""
    return (next(iter(people)), work) if len(work) >= 2 else None
