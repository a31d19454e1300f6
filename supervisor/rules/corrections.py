"""Stage 3 (``frames``): corrections and cancellations.

Who a correction hands the work to and takes it from (``new_owner``), the date it moves to, and
the ``correct`` / ``cancel`` frames.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from . import lexicon as lx
from .due import due_hits, negated
from .frame_types import Frame
from .names import find_people
from .text import Clause, Sentence, has_cjk, strip_punct

_MOVE_TO = re.compile(r"改到|改成|改为|推迟到|延期到|延到|延后到|提前到|挪到|放到|还是(?=[^，,。]{1,8}(?:之前|以前|前)?吧)|\bto\b")


# The speaker taking the work themself: "还是我自己来", "我来弄".
_I_TAKE_IT = re.compile(r"我(?:自己)?(?:来|去|弄|做|负责)")


def new_owner(text: str, participants: Sequence[str]) -> tuple[str | None, tuple[str, ...]]:
    """(the owner a correction hands the work to, names it takes the work away from)."""
    new: list[str] = []
    old: list[str] = []
    markers = list(lx.CORRECTION.finditer(text))
    # Names said after the last correction marker are the new ones ("给张三，不对，给李四").
    after = markers[-1].end() if markers and find_people(text[markers[-1].end() :], participants) else 0
    if not after and markers and has_cjk(text) and _I_TAKE_IT.search(text[markers[0].end() :]):
        after = markers[0].end()  # ("丽萍你来弄吧——算了，…还是我自己来": the one called before it is let off)
    for h in find_people(text, participants):
        if h.start < after:
            old.append(h.name)
            continue
        before = text[max(0, h.start - 4) : h.start].lower()
        clause_after = re.split(r"[，,。.;；!?！？]", text[h.end :], maxsplit=1)[0]
        if (not clause_after.strip() and any(m.end() == h.start for m in markers)
                and re.search(r"我(?!们)", text[h.end :]) and has_cjk(text)):
            continue  # "等一下郑经理，消防维保的合同在我这儿": the one spoken to, while the speaker talks
        # (s48: also after a lead word, before a dash: "Actually, Mira — sorry — Friday's tight for me")
        if (not has_cjk(text) and re.fullmatch(r"(?i)(?:(?:actually|oh|um|uh|wait|hang on)[,\s]*)*", text[: h.start])
                and re.match(r"[,\s\u2014\u2013-]+sorry\b", text[h.end :], re.IGNORECASE)
                and not re.search(r"\b(?:back|over) to you\b|\byou(?:'ll| will)? (?:take|do|have|own) (?:it|that|this)\b", text[h.end :],
                                  re.IGNORECASE)):
            continue  # ("Dom, sorry, I'm off Friday": the one spoken to, apologised to first; not "…, sorry, back to you")
        if not has_cjk(text) and re.search(r"\b(?:while|whilst|when|until|till|since|because)\s+$", text[: h.start], re.IGNORECASE):
            continue  # "I'll sort the rota for while Leah's away instead": whom the reason is about
        if not has_cjk(text) and re.search(r"\b(?:talk|speak|check|chat)(?: to| with)\s+$|\b(?:ask|tell|call|ring|email|ping|see)\s+$",
                                           text[: h.start], re.IGNORECASE):
            continue  # ("Sorry, I mean — talk to Ingrid first": whom to talk to, no one who takes the work)
        if not has_cjk(text) and re.search(r"\b(?:with|to|for) me[,\s]+$", text[: h.start], re.IGNORECASE):
            continue  # "leave that with me, Jake": the speaker takes it; the name calls the one it is taken from
        if (not clause_after.strip() and not has_cjk(text)
                and any(text[m.end() : h.start].strip(" ,") == "" or (re.search(r",\s*$", text[m.end() : h.start])
                                                                      and len(text[m.end() : h.start].split()) >= 4) for m in markers)
                and re.match(r"^[,\s]+(?:they|it|he|she|we|that|this|there)(?:'s|'re|'ve|'d|'ll)?\b", text[h.end :], re.IGNORECASE)):
            # "scratch that, Chloe, they've seen it": the one spoken to, told why (also after what is
            # put right: "no, the fitters are off Friday, Chloe, they swapped")
            continue
        if (not clause_after.strip() and not has_cjk(text)
                and re.search(r"(?i)\b(?:(?:'s|is) mine|that'?s mine|I'?ve got (?:it|that)|I'?m on (?:it|that))\b", text[h.end :])):
            continue  # "Wayne, sorry, the water cart roster's mine now": the one spoken to; the speaker has it
        if (has_cjk(text) and markers and h.start < markers[0].start() and re.fullmatch(r"[，,]", text[h.end : h.end + 1])
                and re.fullmatch(r"(?:哦|噢|哎|诶|对了|还有|另外|那个|[，,])*", text[: h.start])
                and re.match(r"[，,]?(?:那就|就)?(?:取消|不搞|不做|不办|不弄)", text[markers[-1].end() :])):
            continue  # ("对了小冉，年会抽奖那事，算了，取消吧": the one spoken to, told the matter is off)
        if has_cjk(text) and re.search(r"(?:发给|交给|送给|报给|给|发|交)$", before) and _I_TAKE_IT.search(text[: h.start]):
            continue  # ("还是我自己来吧，周五前发给刘处": whom it goes to, after the speaker took it)
        if re.search(r"(?:不是|不要|别|不让|不给|not|no)\s*$", before) or (
                not has_cjk(text) and re.search(r"(?i)\bsorry[,\s]*$", text[: h.start])):
            old.append(h.name)  # ("Sorry Sean, scrap that": the one it is taken from, apologised to)
        elif re.search(r"等\s*$", before) and re.match(r"^[^，,。]{0,12}?(?:了|完|好|以后|之后)?(?:再|才)", text[h.end :]):
            continue  # "等小江方案出来了再发": whom the work waits for, not who does it
        elif lx.LEAVE.search(clause_after) or re.match(
            r"^\s*(?:也|都)?(?:待会儿?|等会儿?|一会儿?|今天|下午|明天|这周)?(?:也|都)?"
            r"(?:不行|没时间|没空|忙|走不开|抽不开身|顾不上|还有(?:别的|其他的?)?事|有(?:别的|其他的?)事|can'?t|cannot|won'?t)"
            # (work on their hands: "棠棠手上那堆数据还没弄完呢")
            r"|^(?:手上|手头上?|手里)[^，,。]{0,12}?(?:还没|没|还有|一堆|好几)"
            rf"|^(?:你|您)?{lx.RELEASED}",  # (released: "小宁就别管这个了")
            clause_after,
        ) or re.match(r"^(?:'s|\s+has|\s+already has|\s+is already on)\s+(?:got\s+|already\s+)?(?:the|a|his|her|their)\b"
                      r"|^\s+already\s+(?:has|had|got)\b", clause_after) or re.match(r"^(?:'s|\s+is)\s+not\b|^\s+isn'?t\b", clause_after):
            # "Mike's got the wiring", "Wen already has the plugin API": busy, the reason not to give it;
            # "Mike's not …", "Tom isn't free": said of whom it is not
            old.append(h.name)
        else:
            new.append(h.name)
    return (new[0] if new else None), tuple(old)


def _said_to_you(text: str) -> list[lx.DateHit]:
    """The dates in a clause that opens with 你/您, said right after it ("你周四过来")."""
    bare = strip_punct(text)
    if not re.match(r"(?:你|您)", bare):
        return []
    return [h for h in due_hits(text, work=True) if h.start <= 1 or bare.find(h.text) == 1]


def corrected_due(scope: Sentence, clauses: Sequence[Clause]) -> str | None:
    """The date a correction moves to: after 改到/推迟到/to, else the last one said — never a
    negated one ("due Wednesday, not Friday" / "是周三不是周五")."""
    # (a day in what is reported done moves nothing: "Oh, actually, support already sent those Monday")
    hits = [h for c in clauses if not lx.PAST.search(c.text) for h in due_hits(c.text) if not negated(c.text, h)]
    if not hits:
        # ("还是小秦，你周四过来装": the day the work is given for, said to the one it goes to)
        hits = [h for c in clauses if has_cjk(c.text) and not lx.PAST.search(c.text) for h in _said_to_you(c.text)]
    if not hits:
        return None
    text = scope.text
    marker = _MOVE_TO.search(text)
    if marker:
        after = lx.dates(text[marker.end() :])
        if after:
            return after[0].text
    return hits[-1].text


# A take-on that names no work ("那还是吴老师你来吧": 你来): the work is the one being corrected.
# ("还是冰姐你来定": deciding the matter is taking it; "那还是老王你来约吧": a lone verb names no work)
_TAKE_IT = re.compile(r"(?:你|您|他|她)?(?:来|去)?(?:处理|负责|跟进|对接|安排|联系|[\u4e00-\u9fff])?(?:吧|一下|下)?")


# "Right. Kylie's, then.": the work in question is that person's after all.
# (or "Debbie, you do it then.": the one called takes the work just disputed)
_EN_THEIRS_THEN = re.compile(r"(?i)^(?:(?:right|ok|okay|fine|so|well|oh)[,.!\s—–-]+)*(?P<name>[A-Z][a-z]+)"
                             r"(?:'s|,\s*you (?:do|take|handle|grab|have|book|sort) (?:it|that|this)(?: one)?),?\s+then[.!]?$")


def theirs_then(scope: Sentence, participants: Sequence[str]) -> Frame | None:
    """A correction said as "Kylie's, then." (the work just disputed goes to the one named)."""
    m = _EN_THEIRS_THEN.match(scope.text.strip())
    hits = find_people(m.group("name"), participants) if m else []
    if not hits:
        return None
    return Frame("correct", scope, scope.clauses, scope.clauses[0], hits[0].name)


def correction(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame:
    owner, old = new_owner(scope.text, participants)
    # ("算了，还是小周你来，…，表格让老马帮你弄": work put to another with 让 after the new owner's clause is
    # help on the side, not other work the correction names)
    named_at = next((i for i, c in enumerate(clauses) if owner and any(h.name == owner for h in find_people(c.text, participants))), None)
    fresh = tuple(
        a.title
        for i, c in enumerate(clauses)
        for a in ex.assignments(c.text, clauses[i - 1].text if i else "", participants)
        if a.title and not _TAKE_IT.fullmatch(a.title)
        and not (named_at is not None and i > named_at and a.owner not in (None, owner) and "让" in c.text and "帮" in c.text)
    )
    # ("算了算了，外婆是大事，接外婆我去": the work the speaker takes on after the cue is work of its own)
    cue = next((i for i, c in enumerate(clauses) if lx.CORRECTION.search(c.text)), len(clauses))
    fresh += tuple(w for c in clauses[cue + 1 :] if (w := _taken_on(strip_punct(c.text), participants)))
    due = corrected_due(scope, clauses)
    return Frame("correct", scope, tuple(clauses), clauses[0], owner, due=due, old_owners=old, works=fresh)


def _taken_on(text: str, participants: Sequence[str]) -> str:
    """ "接外婆我去" (or with the speaker's name put for 我): the work taken on, else ""."""
    at = [(m.start(), m.end()) for m in re.finditer("我", text)] + [(h.start, h.end) for h in find_people(text, participants)]
    for a, b in at:
        w = text[:a].removesuffix("就")
        if (re.fullmatch(r"(?:来|去)(?:吧|了|啊)?", text[b:]) and re.fullmatch(r"[\u3400-\u9fff]{2,8}", w)
                and not lx.CORRECTION.search(w) and not re.search(r"还是|那就|换|改|让|要不|干脆", w)):
            return w  # ("还是李明来吧" names who, not what)
    return ""


def cancel(scope: Sentence) -> Frame:
    return Frame("cancel", scope, scope.clauses, text=strip_punct(scope.text)[:500] or "cancelled")
