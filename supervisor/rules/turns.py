"""Who speaks next (English): the person the utterance before addresses, asks about or asks for work.

Pure. A transcript carries no speakers, but an exchange does: after "Priyanka, the privilege log,
where are we?" the reply "About two thirds done. I'll finish it by Wednesday." is Priyanka's, and
after "Margaret, that's usually you, isn't it?" the "I" of "Fine, I'll do it." is Margaret. The
analyzer reads the reply's first person as that participant: a plan with new work is their task,
"I'll do it" / "leave it with me" takes the unowned work just said, and a date in their plan is
the date of their own task.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx
from .names import find_people
from .text import has_cjk

# Offering to do it is saying they will: "I'm happy to draft it" (one spelling for every pattern below).
_HAPPY_TO = r"I(?:'m| am|'d be) happy to"
# …and so is "let me" before a verb of getting work done ("Let me call the depot this afternoon"; not
# "let me think about it", "let me see").
_LET_ME = (r"(?i:let) me(?= (?:call|ring|phone|email|ping|text|talk to|speak to|check with|chase|send|book|sort|draft|"
           r"write|reach out|follow up|set up|pull|order|fix|confirm)\b)")
# The speaker as the subject of what they will do ("I'll…", "Fine, I can…", "I'm going to…").
FIRST_PERSON = re.compile(rf"(?:^|[\s,.!?;:])(?:I(?:'ll| will|'m going to| am going to| can| could)|{_HAPPY_TO}|{_LET_ME})\b")
# Taking the work just said, with no object of its own: "I'll do it", "I can take that on",
# "leave it with me", "I've got it", "I'm on it".
_CLAIM = re.compile(
    r"\b(?:I(?:'ll| will| can| could)\s+(?:do|take|handle|own|cover|grab|pick up|sort)\s+(?:it|that|this)(?: one)?"
    r"(?:\s+(?:on|up|out))?|I(?:'ll| will| can)\s+take\s+(?:it|that|this)\s+on|leave (?:it|that|this)(?: one)? with me"
    r"|I(?:'ve| have) got (?:it|that|this)|I'm on (?:it|that|this))\s*[.!,]?\s*$",
    re.IGNORECASE,
)
# Pointing work at someone: "Margaret, that's usually you", "that one's yours, Sam", "Jo, that's on you".
_POINT = re.compile(
    r"\b(?:that|this|it)(?: one)?(?:'s| is)\s+(?:usually\s+|normally\s+|always\s+|typically\s+|probably\s+)?"
    r"(?:you|yours|on you|your (?:job|area|thing|department))\b",
    re.IGNORECASE,
)
# A name said as a vocative: the clause is the name alone, between punctuation or at an edge.
_VOC_BEFORE = re.compile(r"(?:^|[,.?!:;—–])\s*(?:(?:and|oh|so|okay|ok|then|also|right|yeah|now|honestly|look|listen|well|hey)\s*,?\s*)*$",
                         re.IGNORECASE)
_VOC_AFTER = re.compile(r"^\s*(?:[,.?!:;—–]|$)")  # ("Aroha — geotech.": a dash after the name calls too)


def addressee(utterance: str, participants: Sequence[str]) -> str | None:
    """The one participant ``utterance`` speaks to or asks about, so the next utterance is theirs:
    the last one called by name ("…, and Anita, could you do the card?"), else the only one named
    in a question ("Lorraine volunteered to run the bake sale, right?")."""
    if not utterance or has_cjk(utterance):
        return None
    hits = find_people(utterance, participants)
    if (back := _CALL_TAKEN_BACK.search(utterance)) is not None:
        # ("Sam, you — no, hang on, the rota's Lee's, isn't it?": the call taken back, the one it
        # turns to answers)
        after = [h for h in hits if h.start >= back.end()]
        if len({h.name for h in after}) == 1 and any(h.name != after[0].name for h in hits if h.end <= back.start()) and (
                utterance.rstrip().endswith("?") or re.match(r"['’]s\b", utterance[after[0].end :])):
            return after[0].name
    for h in reversed(hits):
        if _VOC_BEFORE.search(utterance[: h.start]) and _VOC_AFTER.match(utterance[h.end :]):
            return h.name
    names = {h.name for h in hits}
    last = re.split(r"(?<=[.!?])\s+", utterance.strip())[-1]
    if len(names) == 1 and utterance.rstrip().endswith("?") and not (
            hits[-1].end <= len(utterance.rstrip()) - len(last) and _WH_ASKED.match(last)):
        return hits[0].name  # (not a question of its own after it: "…, and Ines can check it. By when?")
    return None


_CALL_TAKEN_BACK = re.compile(r"\b(?:no|oh|sorry|actually)[,\s—–-]+(?:hang on|hold on|wait|scratch that)\b", re.IGNORECASE)
_WH_ASKED = re.compile(r"^(?:(?:and|so|but|okay|ok)[,\s]+)?(?:by )?(?:who|what|when|where|why|how|which)\b", re.IGNORECASE)


# What the speaker must do is what they will do ("Then I need to redo the timetable"; not asked: "Do I
# need to sign?").
_MUST = r"(?<!\b[Dd]o )(?<!\b[Dd]id )I(?: need to|'ve got to| have to|'d better|'d best)(?= [a-z])"
# A plain present said with a time still to come is a plan too, as many say it in a second
# language ("I send you the photos by tomorrow", "I call the hotel tonight"); not a habit ("every").
_NOW_FOR_LATER = (r"(?<![Dd]o )(?<![Dd]id )I (?:(?:also|then|just|first)\s+)?(?=(?:send|ask|call|check|email|mail|book|ship|bring|prepare|"
                  r"write|fix|order|arrange|organi[sz]e|confirm|update|share|print|pack|finish|talk|tell|text|pay|contact)\s+"
                  # (with an object of its own: "I finish today" says when, not what)
                  r"(?!(?:today|tonight|tomorrow|by|before|next|this|later|on|at|in)\b)[a-z]"
                  r"(?![^.?!]*\bevery\b)[^.?!]*\b(?:today|tonight|tomorrow|by|before|next|this (?:week|afternoon|evening|morning)|later|"
                  r"on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday))\b)")
_PLAN = re.compile(rf"\bI(?:'ll| will| can)\b|\bI(?:'m| am) going to\b|\b{_HAPPY_TO}\b|\b{_LET_ME}|\b{_MUST}|\b{_NOW_FOR_LATER}")
# A plan whose object is a pronoun agrees to work already asked for ("Sure, I'll email them today").
_PRONOUN_OBJECT = re.compile(r"^[a-z]+(?:\s+(?:up|out|over|back|off|on|round|around|through))?\s+(?:it|that|them|this|those|these|her|him)\b",
                             re.IGNORECASE)


def as_said_by(text: str, name: str) -> str:
    """ "I'll print the tickets" said by Hana → "Hana will print the tickets" (for reading only)."""
    text = re.sub(rf"\bI(?:'ll| will| can)\b|\b{_HAPPY_TO}\b|\b{_LET_ME}|\b{_MUST}", f"{name} will", text)
    text = re.sub(rf"\b{_NOW_FOR_LATER}", f"{name} will ", text)
    return re.sub(r"\bI(?:'m| am) going to\b", f"{name} is going to", text)


def plans(text: str) -> bool:
    return not has_cjk(text) and bool(_PLAN.search(text))


def only_must(text: str) -> bool:
    """The plan is only what the speaker must do ("I need to run the numbers again"), which, said by
    one just given work, is why or how, not work of its own."""
    return plans(text) and not _PLAN.search(re.sub(rf"\b{_MUST}", "", text))


def pronoun_object(work: str) -> bool:
    """ "email them today", "do it", "take a look": the object is only a pronoun (not "ask her for a
    quote")."""
    if re.fullmatch(r"(?:take |have )?(?:a )?look", work.strip(), re.IGNORECASE):
        return True
    m = _PRONOUN_OBJECT.match(work.strip())
    if not m:
        return False
    rest = lx.without_dates(work.strip()[m.end() :])
    return not re.search(r"\b(?!(?:back|up|out|over|now|then|too|again|later|first|thing|please|myself|right|straight|away|asap|soon)\b)[a-z]{3,}", rest, re.IGNORECASE)


def claims(text: str) -> bool:
    """The sentence takes the work just said without naming it ("Fine, I'll do it.")."""
    return not has_cjk(text) and bool(_CLAIM.search(text.strip()))


def pointed_at(text: str, participants: Sequence[str]) -> str | None:
    """ "Margaret, that's usually you, isn't it?": the person the work just said is pointed at."""
    if has_cjk(text) or not _POINT.search(text):
        return None
    names = {h.name for h in find_people(text, participants)}
    return next(iter(names)) if len(names) == 1 else None


# Asking what one has to do: "Do I need to submit anything?", "What should I bring?"
_WHAT_DO_I = re.compile(
    r"\b(?:do|should|shall|must) I (?:need to |have to )?(?P<v>[a-z]+)(?: up| in| over)? anything\b"
    r"|\bwhat (?:do|should|shall) I (?:need to |have to )?(?P<v2>[a-z]+)\b",
    re.IGNORECASE,
)
# The answer naming the thing: "Just the project descriptions", "Only your signed form".
_THE_THING = re.compile(
    r"^(?:just|only|mainly|mostly|probably)?\s*(?P<np>(?:the|your|a|an|two|three|some)\s+[a-z][\w'-]*(?:\s+[\w'-]+){0,7})$",
    re.IGNORECASE,
)
_NOT_THING = re.compile(r"\b(?:is|are|was|were|will|would|can|could|should|do|does|did|have|has|I|you|we|they)\b",
                        re.IGNORECASE)


# Offering to do it, as a question the next speaker may take up: "Should I put something on the
# website too?", "Want me to call them?", "要不要我把名单发群里？", "需要我跟物业说一声吗？".
_EN_OFFER = re.compile(
    r"^(?:(?:so|and|okay|ok|sure|also|um|uh|then|well|yeah)[,\s]+)*(?:should I|shall I|do you want me to|you want me to|"
    r"want me to|would you like me to|would it help if I|how about I|what if I)\s+(?:also\s+|just\s+)?(?P<vp>.+?)"
    r"(?:,?\s+(?:too|as well))?\s*\?\s*$",
    re.IGNORECASE,
)
_ZH_OFFER = re.compile(r"^(?:(?:那|那个|对了|要不|嗯)[，,]?)?(?:要不要我|需不需要我|用不用我|我要不要|我用不用|需要我|要我)"
                       r"(?P<vp>[^？?]+?)(?:吗|吧)?[？?]\s*$")
# Taking the offer up: "Yeah, do that.", "Yes please", "Please do", "好，你发吧", "行，要".
_EN_TAKE_UP = re.compile(r"^(?:yeah|yes|yep|yup|sure|please|do that|do it|go for it|go ahead|good idea|great idea|definitely|"
                         r"absolutely|that would|that'd|that'll|sounds good|perfect|ok(?:ay)?|would you)\b", re.IGNORECASE)
_ZH_TAKE_UP = re.compile(r"^(?:好|行|可以|要|需要|嗯|对|麻烦|辛苦|那你|你发|你去|OK|ok)")
_TURNED_DOWN = re.compile(r"\b(?:no|nah|not|don'?t|hold off|wait|rather|instead|never mind|not yet)\b|不用|不要|别|先不|算了|不必|没必要|不需要",
                          re.IGNORECASE)


def offered(question: str) -> str | None:
    """ "Should I put something on the website too?" → "I'll put something on the website"; "要不要我
    把名单发群里？" → "我把名单发群里": an offer to do the work, read as the plan it becomes when taken
    up (``taken_up``); None when ``question`` offers nothing or offers a choice ("…, or …?")."""
    m = (_ZH_OFFER if has_cjk(question) else _EN_OFFER).match(question.strip())
    if m is None or re.search(r"\bor\b|还是", m.group("vp")):
        return None
    return "我" + m.group("vp") if has_cjk(question) else "I'll " + m.group("vp")


def taken_up(reply: str) -> bool:
    """ "Yeah, do that." / "好，你发吧": the reply takes up the offer just made."""
    said = reply.strip()
    first = re.split(r"[.!?。！？]", said, maxsplit=1)[0]
    return bool((_ZH_TAKE_UP if has_cjk(said) else _EN_TAKE_UP).match(said)) and not _TURNED_DOWN.search(first)


def asked_what_to_do(question: str) -> str | None:
    """The verb of "Do I need to submit anything?" / "What should I bring?", else None."""
    m = _WHAT_DO_I.search(question) if not has_cjk(question) else None
    return (m.group("v") or m.group("v2")).lower() if m else None


def the_thing(clause: str) -> str | None:
    """ "Just the project descriptions" → "the project descriptions": an answer that only names a thing."""
    m = _THE_THING.match(clause.strip(" ,.!?;:"))
    return m.group("np") if m and not _NOT_THING.search(m.group("np")) else None


_THANKS = re.compile(r"\b(?i:thanks|thank you|cheers|great|perfect|brilliant|lovely|wonderful|excellent|amazing|"
                     r"fantastic|(?<=[,;] )sorry)[,!]?\s+(?P<x>[A-Z][\w-]*)\b")  # ("Yes, sorry Pam.": an apology said back)


def thanked(text: str, participants: Sequence[str]) -> str | None:
    """ "Perfect, thanks Rosa.": the participant thanked by name."""
    if has_cjk(text):
        return None
    for m in _THANKS.finditer(text):
        hits = find_people(m.group("x"), participants)
        if len(hits) == 1:
            return hits[0].name
    return None


# ("None taken, Shane, honestly.": a word of tone may close it)
_ACK = re.compile(r"^[^?.!]*?,\s*(?P<x>[A-Z][\w-]*)\s*(?:,\s*(?:honestly|mate|seriously|really|though|then)\s*)?[.!]")


# "Okay, Ines, let us know what they say.": asked to report back on what they just took on.
_ACK_REPORT = re.compile(r"^(?:(?:ok(?:ay)?|great|good|perfect|thanks|cheers|lovely|brilliant|cool|right|sure)[,!]?\s+)?"
                         r"(?P<x>[A-Z][\w-]*),\s*(?:let (?:us|me) know|keep (?:us|me) posted|report back|shout if)\b",
                         re.IGNORECASE)


def acknowledged(text: str, participants: Sequence[str]) -> str | None:
    """ "Friday's fine, Nadia." / "Please do, Omar." / "Okay, Ines, let us know what they
    say.": the utterance answers someone by name, who said the one before."""
    m = (_ACK.match(text.strip()) or _ACK_REPORT.match(text.strip())) if not has_cjk(text) else None
    hits = find_people(m.group("x"), participants) if m else []
    return hits[0].name if len(hits) == 1 else None
