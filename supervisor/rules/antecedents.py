"""Stage 3 (``frames``): work titled by what was said before.

Chinese work named by a pointer or by no title, and an English need said of what was just named,
titled by their antecedent in the sentence or the sentences before (``with_antecedent``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from . import extract as ex
from . import lexicon as lx
from . import mentions, refer
from .frame_types import Frame, Reading, date_last_task
from .names import find_people
from .text import Clause, Sentence, has_cjk, strip_punct


def _en_pointed(f: Frame, earlier: Sequence[Sentence], participants: Sequence[str]) -> Frame | None:
    """"Last thing, the security contact email bounces. That needs fixing.": the unowned work is
    the noun phrase the statement before opens with (in the sentence, else the two before), with the
    need said of it; None when nothing before names it."""
    first = f.clauses[0]
    k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
    candidates = [c for c in f.scope.clauses[:k][::-1]] + [c for s in earlier for c in s.clauses[::-1]]
    for c in candidates:
        if _EN_SUBORDINATE.match(c.text.strip()):
            continue  # ("…, because the old one lists last year's exits": why, not what)
        np_ = refer.en_subject(c.text, participants)
        if np_:
            return replace(f, work=f"{np_} {f.work}", refs=tuple(sorted({*f.refs, *c.seqs})))
    return None


_EN_SUBORDINATE = re.compile(r"(?:because|since|although|though|unless|so that|cos|'cause)\b", re.IGNORECASE)


# An English request whose object is a pronoun ("update it") and a clause before it that only names
# a thing ("Next, the budget sheet.", "For the release notes, …", "The budget sheet — …").
# (with how or for whom after it: "run it with your lads")
# (how it ends up, or when, after the pronoun: "get it posted", "book it in", "take it this time"; the
# when is dropped from the title)
_EN_DO_IT = re.compile(r"(?P<v>[a-z]+(?: (?:up|out|over|off|on|back|through|into|at|after))?) (?:it|that|this|them|those|these|one)"
                       r"(?P<rest> (?:with|for|against|to|from|into|before|after|using) [\w' -]{2,40}"
                       r"| (?:in|on|up|out|over|off|back|done|sorted|posted|recorded|booked|fixed|sent|signed|printed|filed|ordered|checked|finished)"
                       # (and where it goes: "get it sent off to the lab")
                       r"(?:(?<=sent) (?:off|out|back|over))?(?: (?:to|into) [\w' -]{2,40})?"
                       r"| [a-z]{3,}ed(?: (?:out|up|off|down|back))?(?: (?:to|into) [\w' -]{2,40})?)?"
                       r"(?P<when> (?:this|next) (?:time|week|month|morning|afternoon)| today| tonight| too| as well| again| instead| as usual| as always)?",
                       re.IGNORECASE)
# What the speaker says is needed: "Right, we need a toolbox talk on working at height."
# (or will do: "Three weeks is long enough. We'll send the letter before claim. Can you draft it…?")
_EN_WE_NEED = re.compile(r"\b(?:we|i) (?:really |still |also )?need (?:two|three|four|a couple of|some|a few|\d+) [a-z]+ for (?:the|a|an)\s+"
                         r"(?P<np2>[a-z][\w' -]{2,40}?)\s*$|"
                         r"\b(?:(?:we|i|they) (?:really |still |also |all |do )?(?:need|want)|(?:we'?ll|we will|we'?re going to|let'?s|we should|we could) "
                         r"(?:send|issue|file|write|put out|do|run|hold|make|have|throw|organi[sz]e|plan)) (?:a|an|the|some)\s+(?P<np>[a-z][\w' -]{2,40}?)"
                         # (what it is needed before: "They need the induction before they start.")
                         r"\s*(?:$|(?= (?:before|first|until) ))",
                         re.IGNORECASE)
# A thing said again more plainly right after: ", like, a recorded walkthrough", ", I mean the spare van".
_EN_SAID_AS = re.compile(r"\W*(?:like|I mean|say|basically)\W+(?P<np>(?:a|an|the|some)\s+[a-z][\w' -]{2,40}?)\s*(?:[,.;!?]|$)", re.IGNORECASE)
_EN_THING = re.compile(
    r"^(?:(?:next|now|and|so|okay|ok|then|also|right|for|about|as for|regarding|re|on)[,:\s]+)*"
    # (or asked after: "what about the X?", "are you writing up the X?")
    r"(?:(?:what|how) about\s+|any (?:news|word|update) on\s+|where are we (?:at )?(?:on|with)\s+"
    r"|(?:are|were) you (?:still |already )?[a-z]+ing(?: up| out| over)?\s+)?"
    r"(?:the|our|your|this|that|those|these)\s+(?P<np>[a-z][\w' -]{2,40}?)\s*$",
    re.IGNORECASE,
)


# What has run low is what to get: "…, we're nearly out of line marking paint."
_EN_RUN_LOW = re.compile(r"\b(?:(?:nearly|almost|completely|totally|running|run|ran)\s+)?(?:out of|low on|short of)\s+"
                         r"(?:the\s+)?(?P<np>[a-z][\w'-]*(?: [a-z][\w'-]*){0,3})$", re.IGNORECASE)


# (what is due needs doing: "Also, the monthly controlled drugs check is due.")
_EN_NEEDS_DOING = re.compile(rf"\b{lx.EN_NEEDS_DOING}\b|(?:\b(?:is|are)\s+(?:now\s+|also\s+)?|'s\s+)(?:over)?due\b", re.IGNORECASE)


# Someone named by a title ("Mrs. Gutierrez", "Dr Osei"), then pointed back to with "her"/"him".
_EN_TITLED = re.compile(r"\b(?:Mrs|Mr|Ms|Miss|Dr|Prof)\.?\s+[A-Z][a-z]+(?:['-][A-Z][a-z]+)?")
_EN_HER = re.compile(r"\b(?:her|him)\b")


def _zh_named_fully(f: Frame, earlier: Sequence[Sentence]) -> Frame:
    """``f`` with Chinese work said as "这片子" / "那个报告" titled by the fuller name said before
    ("春耕那个片子" → 春耕片子), the nearest in ``earlier``; or, a head noun opening a reply's plan
    ("行，图纸我来改"), by the fuller name in the two sentences before (施工图纸), which is then cited;
    ``f`` as it is when none was."""
    if f.kind != "task" or not has_cjk(f.work) or not 1 <= len(f.work) <= 3:
        return f
    pointed = any(re.search(rf"(?:这|那)(?:个|份|条|篇|部|批)?{re.escape(f.work)}", c.text) for c in f.clauses)
    # (or said first, as the matter of a reply: "行，图纸我来改" after "施工图纸得改完再报")
    opened = not pointed and len(f.work) == 2 and any(re.match(rf"(?:(?:好|行|嗯|那|好的)[，,]?)?{re.escape(f.work)}(?:[我你]|{re.escape(f.owner or '我')})", strip_punct(c.text))
                                                      for c in f.clauses)
    if not pointed and not opened:
        return f
    for s in earlier[:2] if opened else earlier:
        for m in re.finditer(rf"(?P<mod>[\u3400-\u9fff]{{2,6}}?)(?:那个|这个|的)?{re.escape(f.work)}", s.text):
            mod = re.sub(r"^(?:那个|这个|还有|然后|那|这|就是)", "", m.group("mod"))
            if opened:  # (what the thing is called, after the words before it: "你们先把施工图纸…")
                mod = re.split(r"[我你他她它们这那了过个把将给先再就]", mod)[-1]
            # (a verb naming the kind of the thing is enough there: 施工图纸, 整改报告)
            if len(mod) >= 2 and (mentions.content(mod) >= 2 or (opened and len(mod) <= 4)) and not re.search(r"[我你他她它们这那了过个]", mod):
                # (cited there: the reply alone does not say the fuller name)
                return replace(f, work=mod + f.work, refs=tuple(sorted({*f.refs, *s.seqs})) if opened else f.refs)
    return f


def _zh_draft_of(f: Frame, earlier: Sequence[Sentence], participants: Sequence[str]) -> Frame:
    """``f`` with a Chinese draft asked for by no thing of its own ("你先出个初稿") titled by the matter
    one of the two sentences before opens with ("下学期的招生简章，学校说月底要" → 招生简章初稿),
    citing it; ``f`` as it is when neither opens with a bare matter."""
    if f.kind != "task" or f.work not in ("初稿", "草稿", "初版", "稿子") or not any(
            re.search(rf"(?:个|份|一版|版){f.work}", c.text) for c in f.clauses):
        return f  # (asked as "a draft": "定稿你周五发过去" is the final version itself)
    for c in (c for s in earlier[:2] for c in s.clauses[:2]):
        t = re.sub(r"^(?:对了|还有|另外|然后|那个|就是|那)+", "", strip_punct(c.text))
        t = ex.clean_zh_title(re.sub(r"^(?:这个?|本|下个?|上个?)(?:月|周|星期|季度|学期)的?", "", t))
        ws = mentions.words(t)
        if (2 <= len(t) <= 10 and ws and ws[-1][1].startswith("n") and mentions.content(t) >= 2
                and not re.search(r"[我你他她它们了过要得说]", t) and not find_people(t, participants)):
            return replace(f, work=t + f.work, refs=tuple(sorted({*f.refs, *c.seqs})))
    return f


def en_titled(f: Frame, earlier: Sequence[Sentence]) -> Frame:
    """``f`` with "her" / "him" in its English work put as the one person named with a title ("Mrs
    Hendry", "Dr Osei") in its sentence or up to three before it in the same utterance (``earlier``:
    nearest first), citing where the name was said; ``f`` as it is when nobody or several are."""
    if f.kind != "task" or has_cjk(f.work) or not (who := _EN_HER.search(f.work)):
        return f
    named = [(m.group(0), s) for s in [f.scope, *_same_breath(f, earlier, back=3)] for m in _EN_TITLED.finditer(s.text)]
    if len({n for n, _ in named}) != 1:
        return f
    name, where = named[0]
    return replace(f, work=f.work[: who.start()] + name + f.work[who.end() :], refs=tuple(sorted({*f.refs, *where.seqs})))


def _same_breath(f: Frame, earlier: Sequence[Sentence], back: int = 1) -> list[Sentence]:
    """The sentence right before ``f``'s when it shares an utterance with it (else none); ``back``:
    up to that many sentences before, nearest first, while they do."""
    out: list[Sentence] = []
    for s in earlier[:back]:
        if not set(s.seqs) & set(f.scope.seqs):
            break
        out.append(s)
    return out


# A matter opened bare with its day: "Now, toolbox talk Monday."
# (it opens a new matter, "now" / "next" / "and" / "also", and the matter is a noun phrase of two to
# four words: "Fine, then file Friday night." orders the work in focus)
_EN_MATTER_DAY = re.compile(r"^(?:now|next|and|also|right|okay|ok)(?:[,:\s]+(?:now|next|and|also|right|okay|ok))*[,:\s]+"
                            r"(?P<np>[a-z][\w'-]*(?: [a-z][\w'-]*){1,3})$", re.IGNORECASE)


def _en_matter_day(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, str, Clause | None]:
    """(the matter, its day, the clause) of a bare "<matter> <day>." said up to two sentences before
    ``f`` in the same utterance; ("", "", None) when none is."""
    for s in earlier[:2]:
        if not set(s.seqs) & set(f.scope.seqs):
            break
        if len(s.clauses) <= 2 and (said := en_matter_day(s.text.replace(",", " "))) is not None:
            return *said, s.clauses[-1]
    return "", "", None


def en_matter_day(text: str) -> tuple[str, str] | None:
    """(the matter, its day) of an English clause that only opens a matter with its day ("Now,
    toolbox talk Monday."), else None."""
    said = text.strip(" .,;:")
    hits = lx.dates(said) if not has_cjk(said) else []
    if (len(hits) == 1 and hits[0].end == len(said) and not re.match(r"(?i)(?:by|before|until|till|no later)\b", hits[0].text)
            and (m := _EN_MATTER_DAY.match(said[: hits[0].start].strip())) and not _NOT_MATTER.search(m.group("np"))):
        return m.group("np"), hits[0].text
    return None


# Words no matter is named with: "Shall we say Friday?", "It's Thursday".
_NOT_MATTER = re.compile(r"(?i)\b(?:we|you|i|they|it|it's|he|she|say|shall|should|let's|let|is|are|be|can|could|would|"
                         r"will|do|does|how|what|when|so|see|on|at|till|until|from|since|sure|yes|yeah|yep|fine|great|cool|ok|okay|alright|"
                         r"right|no|worries|problem|lovely|perfect)\b")


def _said_before(f: Frame, earlier: Sequence[Sentence], back: int = 1) -> list[Clause]:
    """The clauses said before ``f``'s last one, nearest first: in its sentence, then in the sentence
    before when it is the same utterance (``_same_breath``). (The name's clause may hold the thing:
    "X — Megan".)"""
    last = f.clauses[-1]
    k = next((i for i, c in enumerate(f.scope.clauses) if c == last), 0)
    return [*f.scope.clauses[:k][::-1], *(c for s in _same_breath(f, earlier, back) for c in s.clauses[::-1])]


# A matter said bare: one to three lowercase words, none of them a verb of being or having.
_EN_BARE_MATTER = re.compile(r"(?!(?:is|are|was|were|has|have|had|do|does|did|it|that|this|yes|yeah|no|sure|okay|ok|thanks)\b)"
                             r"[a-z][\w'-]*(?: (?!(?:is|are|was|were|has|have|had)\b)(?:[a-z][\w'-]*|[A-Z]{2,5}s?)){0,2}")


_EN_GOT_DONE = frozenset({"done", "sorted", "posted", "recorded", "booked", "fixed", "sent", "signed", "printed", "filed", "ordered"})
_EN_LIGHT_DO = frozenset({"do", "handle", "take", "sort", "cover", "own"})
# (or what we could do: "What we could do, though, is put a message on the phone line telling people
# about the NHS app. Tom, could you get that recorded?", "We should probably send the parents a reminder.")
_EN_SOMEONE_NEEDS = re.compile(r"(?:\b(?:someone|somebody|one of us)\s+(?:really\s+)?(?:needs|has|ought)\s+to|"
                               # (the one who answered wanting to do it: "I'd want to re-mark the parts first." "Please do.")
                               r"\bI(?:'d| would)\s+(?:really\s+)?(?:want|like|love|prefer)\s+to|"
                               r"^(?:(?:so|and|okay|ok|well|but)[,\s]+)*(?:what we (?:could|can|should) do(?:,? though,?)? is|"
                               r"we (?:could|should)(?: probably| maybe| also| just)?(?! not\b| be\b| have\b)|"
                               # ("We need to re-run the payroll. Tom, you do it tonight.")
                               r"we (?:(?:really|still|also) )?(?:need to|have to|must)(?! not\b| be\b| have\b| wait\b))"
                               r")\s+(?P<vp>[a-z][\w' -]{3,80}?)\s*$",
                               re.IGNORECASE)


# What we do, said plainly in the present: "we move the launch to May", "so we switch the supplier".
_EN_WE_DO = re.compile(r"^(?:(?:so|then|okay|ok)[,\s]+)?we\s+(?P<vp>(?!(?:are|were|have|had|did|do|was|need|want|got|think|know|can|could|"
                       r"should|will|would|must|may|might)\b)[a-z]+\s+(?:the|our|this|that|these|those)\s+[\w' -]{2,60})$", re.IGNORECASE)


def _en_needed_before(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """The work a clause right before ``f`` says someone needs to do ("someone needs to call them
    and push back"), in its sentence or the one before in the same utterance; ("", None) when none."""
    for c in _said_before(f, earlier)[:3]:
        if (m := _EN_SOMEONE_NEEDS.search(c.text.strip(" .,;:"))) is not None:
            return m.group("vp"), c
    for s in _same_breath(f, earlier):
        # (said over commas: "What we could do, though, is put a message on the phone line")
        if not s.question and len(s.clauses) > 1 and (m := _EN_SOMEONE_NEEDS.search(s.text.strip(" .,;:"))) is not None:
            return m.group("vp"), s.clauses[-1]
        # (what was just settled, said as what we do: "We move the launch to May, final. Ana, you do it.")
        if not s.question and lx.DECISION.search(s.text) and (m := _EN_WE_DO.match(s.clauses[0].text.strip(" .,;:"))) is not None:
            return m.group("vp"), s.clauses[0]
    return "", None


def _en_needed_earlier(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """The work someone was said to need to do up to two utterances before ``f``'s ("And someone
    needs to order the trophies." "That was Mick's job last year." "Ciarán, would you take it on?"),
    nearest first; ("", None) when none was."""
    first = min(f.scope.seqs)
    for s in earlier:
        if first - max(s.seqs) > 2:
            break
        for c in s.clauses:
            if (m := _EN_SOMEONE_NEEDS.search(c.text.strip(" .,;:"))) is not None:
                return m.group("vp"), c
            # ("…who's keeping an eye on Jonah's dissertation?" "I was going to ask Bea." "Bea, would you mind?")
            if (m := _EN_WHO_DOING.search(c.text.strip(" .,;:?"))) is not None and not find_people(m.group("vp"), ()):
                return m.group("vp"), c
    return "", None


_EN_WHO_DOING = re.compile(r"\bwho(?:'s| is)\s+(?!going\b)(?P<vp>[a-z]+ing\s+(?!it\b|that\b|this\b)[\w' -]{3,60})$", re.IGNORECASE)


def _en_thing_before(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """The thing a clause before ``f`` names alone, in its sentence or the one before in the same
    utterance (nearest first); ("", None) when none does."""
    before = _said_before(f, earlier)
    said = _said_before(f, earlier, back=2)
    for k, c in enumerate(said):
        # ("I'll phone the glaziers at lunch. Actually, no — Sol, you know them. Can you call them?":
        # the speaker's own plan, taken back and handed on)
        if (m := _EN_OWN_PLAN_THING.search(c.text)) and _EN_TAKES_BACK.search(", ".join(d.text for d in said[:k][::-1])):
            return re.sub(r"^the\s+", "", m.group("np")), c
    for c in before:
        # ("The insurance renewal's due on the 3rd, I'll do that as always": the thing said to be due)
        if (m := _EN_DUE_THING.match(c.text.strip(" .,;:!"))) is not None:
            return m.group("np"), c
    for c in before:
        # ("I haven't done the moisture test. I'll do it first thing tomorrow": what is not done yet)
        if (m := ex.EN_NOT_DONE_YET.search(c.text.strip(" .,;:!"))) is not None:
            return m.group("np"), c
    # ("Ananya, label text. The printers want final copy. Can you get it to them…?": named two
    # sentences back in the same breath)
    for c in _said_before(f, earlier, back=2):
        if thing := _named_alone(c.text, needed=True):
            return _said_plainer(c, [f.scope, *_same_breath(f, earlier, back=2)]) or thing, c
    if f.owner and (called := _en_called_matter(f, earlier))[1] is not None:
        return called
    for c in before:
        # ("Noor's pulling the audit logs. Noor, can you have them by noon?": what they are already on)
        m = _EN_ON_IT_ALREADY.search(c.text)
        if m and f.owner and m.group("who").lower() in ("you", f.owner.split()[0].lower()):
            return m.group("np"), c
    # "The POS update keeps failing at a few stores. Can someone look into it?", "Raj, the rota still
    # needs doing — could you draft it by Wednesday?": the thing the statement before is about
    # (two back when the one between only remarks on it: "The kiln's cracked again. Totally gone.
    # Someone needs to get it looked at.")
    for c in before if f.owner else _said_before(f, earlier, back=2):
        said_of = _EN_ANOTHER_THING.sub("", c.text.strip())
        np_ = refer.en_subject(said_of, ())
        lead = re.match(r"^(?:(?:also|and|so|okay|ok|now|then|oh|only|just)[,\s]+)*(?:the|our|this|that)\s", said_of, re.IGNORECASE)
        if np_ and lead and (f.owner is None or _EN_NEEDS_DOING.search(c.text)):
            return np_, c
    return "", None


# A new matter announced before it is said: "One more thing — the kiln's cracked."
_EN_ANOTHER_THING = re.compile(r"^(?:(?:oh|and|also|okay|ok|right)[,\s]+)*(?:one more thing|another thing|last thing|one last thing)\s*[—–:-]+\s*",
                               re.IGNORECASE)


# What someone named is already on ("Bea's sorting the van rota"): what a later "that" asked of them is.
_EN_ON_IT_ALREADY = re.compile(
    r"\b(?P<who>[A-Z][a-z]+|you)(?:'s|'re| is| are) (?:already |still )?(?:getting|doing|sorting|writing|drafting|pulling|"
    r"putting together|chasing|organi[sz]ing|preparing|handling|booking|fixing|checking)\s+(?:the|our|those|these)\s+"
    r"(?P<np>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)(?=\s+(?:from|for|with|to|by|before|this|next|today|tomorrow)\b|\s*$)")
_EN_DUE_THING = re.compile(r"^(?:(?:and|also|so|oh|then)[,\s]+)*(?:the|our)\s+(?P<np>[\w-]+(?:\s+[\w-]+){0,4}?)(?:'s|’s| is| are)\s+due\b",
                           re.IGNORECASE)
_EN_OWN_PLAN_THING = re.compile(r"\bI(?:'ll| will)\s+[a-z]+\s+(?P<np>(?:the|our|those|these)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)"
                                r"(?=\s+(?:this|today|tomorrow|tonight|now|later|first|after|in)\b|\s*$)")
_EN_TAKES_BACK = re.compile(r"^\W*(?:actually,?\s+no|no,?\s+wait|scratch that|on second thought)\b", re.IGNORECASE)


def _said_plainer(c: Clause, sentences: Sequence[Sentence]) -> str:
    """The thing ``c`` names, said again more plainly right after it in its sentence ("we need a
    spare, like, a second laptop" → "a second laptop"), or ""."""
    for s in sentences:
        if c in s.clauses:
            m = _EN_SAID_AS.match(", ".join(d.text for d in s.clauses[s.clauses.index(c) + 1 :]))
            return re.sub(r"^(?:a|an|the|some)\s+", "", m.group("np"), flags=re.IGNORECASE) if m else ""
    return ""


def _en_called_matter(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """ "Ananya, label text. … Can you get it to them by tomorrow?": the matter said bare right after
    calling ``f``'s owner (by name or a short form of it), in ``f``'s sentence or the two before in
    its utterance; ("", None) when none is."""
    first = re.escape(f.owner.split()[0]) if f.owner else ""
    for s in [f.scope, *_same_breath(f, earlier, back=2)]:
        for a, b in pairwise(s.clauses):
            lead = _EN_CALL_LEAD.fullmatch(a.text.strip(" ,.;:"))
            if (lead and b not in f.clauses and _EN_BARE_MATTER.fullmatch(b.text.strip(" ,.;:"))
                    and (re.fullmatch(first, lead.group("n"), re.IGNORECASE)
                         or [h.name for h in find_people(lead.group("n"), (f.owner,))] == [f.owner])):
                return b.text.strip(" ,.;:"), b
    return "", None


# Ordering with nothing said to order: "get an order in", "place an order", "order some more".
_EN_ORDER_OF_NOTHING = re.compile(r"(?:get|put|place|make|send)\s+(?:an|the|our)\s+order\s+(?:in|off|through)?|order\s+(?:some\s+)?more",
                                  re.IGNORECASE)
_EN_CALL_LEAD = re.compile(r"(?:(?:okay|ok|right|perfect|good|great|and|so|now|next)[,\s]+)*(?P<n>[\w'’-]+)", re.IGNORECASE)


# Work asked of someone, the verb phrase after the ask: "Lou, can you print the name cards?"
_EN_ASKED_WORK = re.compile(r"\b(?:can|could|would|will) you (?P<w>(?!do (?:it|that|this)\b|help\b)[a-z][\w' -]{3,60}?)\s*$",
                            re.IGNORECASE)


def _turn_before(f: Frame, earlier: Sequence[Sentence]) -> list[Sentence]:
    """The sentences of ``earlier`` (the four nearest, nearest first) said in the utterance right
    before ``f``'s."""
    turn = min(f.scope.seqs) - 1
    return [s for s in earlier[:4] if set(s.seqs) == {turn}]


def _en_asked_in_turn_before(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """The work the utterance right before ``f``'s asks someone else by name to do, its last ask;
    ("", None) when it asks none."""
    for s in _turn_before(f, earlier):
        for c in s.clauses[::-1]:
            m = _EN_ASKED_WORK.search(c.text.strip(" .,;:?!"))
            if m and not has_cjk(c.text) and not s.clauses[0].text.lower().startswith(f.owner.split()[0].lower()):
                return m.group("w"), c
    return "", None


def _en_thing_in_turn_before(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """The thing named alone (``_EN_THING``) in the utterance right before ``f``'s, first said
    first; ("", None) when none is."""
    said = _turn_before(f, earlier)
    for s in said:
        for c in s.clauses[::-1]:
            # ("Docs, the deprecation. We really need a migration guide, …" "Can you write it, Mia?":
            # what the turn says is needed, the latest first)
            if (m := _EN_WE_NEED.search(c.text.strip(" .,;:"))) is not None:
                return _said_plainer(c, said) or m.group("np") or m.group("np2"), c
    for s in reversed(said):
        for c in s.clauses:
            if thing := _named_alone(c.text):
                return thing, c
            # ("…, we're nearly out of line marking paint." "Can you just order it…?": what has run low)
            if (m := _EN_RUN_LOW.search(c.text.strip(" .,;:!"))) is not None:
                return m.group("np"), c
            # ("Also, the on-call handover doc needs updating." "…, can someone else take it?")
            if _EN_NEEDS_DOING.search(c.text) and (np_ := refer.en_subject(c.text, ())):
                return np_, c
    return "", None


# A question of when a thing is done: "那试吃放在啥时候？", "盲测定在哪天？".
_ZH_WHEN_ASKED = re.compile(r"^(?:那|那么|好|那这个)?[，,]?(?P<x>[\u3400-\u9fff]{2,8}?)(?:放在|定在|安排在|排在|在|是|搞|做)?"
                            r"(?:啥时候|什么时候|哪天|几号|哪一天)")


# How much of a thing is left, asked: "你那边胶带还剩多少？", "打印纸还有几箱？"
_STOCK_ASKED = re.compile(r"(?:(?:你|您)(?:那边|这边|手上|手里)?)?(?P<x>[\u3400-\u9fff]{2,6}?)(?:还有|还剩|剩下?|够不够)(?:多少|几[\u3400-\u9fff]?)?$")


def _stock_asked(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """ "胶带还剩多少？" "就两卷了。" "那你明天订一批": the thing whose stock the utterance two before
    ``f``'s asked about, answered in the one between; ("", None) otherwise."""
    turn = min(f.scope.seqs) - 2
    between = _turn_before(f, earlier)
    if not between or any(s.question for s in between):
        return "", None
    for s in earlier[:6]:
        if set(s.seqs) == {turn} and s.question:
            for c in s.clauses:
                m = _STOCK_ASKED.search(strip_punct(c.text))
                if m and not refer.no_work(m.group("x")) and not re.search(r"[我你您他她]", m.group("x")):
                    return m.group("x"), c
    return "", None


def _question_answered(f: Frame, earlier: Sequence[Sentence]) -> list[Sentence]:
    """The question the utterance right before ``f``'s ends with (of ``earlier``, nearest first),
    alone in a list; [] when that utterance ends otherwise."""
    said = _turn_before(f, earlier)
    return said[:1] if said and said[0].question else []


def _named_alone(text: str, needed: bool = False) -> str:
    """The thing a clause names alone ("Next, the budget sheet — …"; ``needed``: also "we need a
    toolbox talk"), or "" when it says something of it (a verb in the noun phrase)."""
    parts = re.split(r"\s*[—–]\s*", text)
    # ("Last thing — the staff schedule for May.": the lead says no thing)
    said = (parts[1] if len(parts) > 1 and refer.lead_only(parts[0]) else parts[0]).strip(" .,;:")
    # (what someone else wants, said with its day: "The landlord wants a meter reading on Friday.")
    m = (ex.EN_WANTED.match(lx.without_dates(said, " ").strip(" ,")) if needed else None) or _EN_THING.match(said) or (
        _EN_WE_NEED.search(said) if needed else None)
    if m is None and needed and len(parts) > 1:
        # ("While we're at it — we need a spare key cut": the need said after the pause)
        m = _EN_WE_NEED.search(parts[-1].strip(" .,;:"))
    np_ = (m.group("np") or m.groupdict().get("np2") or "") if m else ""
    if np_ and not re.search(r"\b(?:is|are|was|were|will|can|could|should|has|have|had|do|does|did|keeps?|needs?|wants?|wanted|said|says|asked|asks|[a-z]+n't)\b",
                             np_):
        return np_
    return ""


named_alone = _named_alone  # (read by the analyzer too: a day said after a matter named alone is that matter's)


def _antecedent_of(f: Frame, said: str, sentences: Sequence[Sentence], participants: Sequence[str], verb: str = "",
                   own: bool = True) -> tuple[str, Clause | None]:
    """What the work ``said`` in ``f`` stands for (``refer.antecedent``): the topic before it in its
    sentence — the clause saying it cut before ``said`` too, unless ``own`` is False — else in
    ``sentences`` (nearest first); and the clause that says it. ("", None) when none does."""
    # (the clause that says the work: "周建华，年会节目你牵个头" cites the name's clause first)
    first = f.main if f.main is not None and said and said in f.main.text else f.clauses[0]
    k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
    before = [c.text for c in f.scope.clauses[:k]]
    if own:
        before.append(first.text[: max(first.text.find(said), 0)] if said else "")
    ante, k, j = refer.antecedent(before, [[c.text for c in s.clauses] for s in sentences], participants, verb)
    if not ante:
        return "", None
    return ante, f.scope.clauses[j] if k < 0 and j < len(f.scope.clauses) else sentences[k].clauses[j] if k >= 0 else first


def _due_beside(where: Clause, before: Sequence[Sentence]) -> str | None:
    """The deadline said with the work in the sentence right before the take-on ("那台的液压尽快修，
    周五之前必须能用。秦队你盯一下"): the clause saying the work or the one after it, in the same
    utterance; None when that sentence is not where the work was said."""
    sent = next((s for s in before if where in s.clauses), None)
    if sent is None:
        return None
    k = sent.clauses.index(where)
    for c in sent.clauses[k : k + 2]:
        if c.seqs == where.seqs and (hits := lx.deadlines(c.text)):
            return hits[0].text
    return None


def _quoted_from(f: Frame, where: Clause) -> tuple[Clause, ...]:
    """``f``'s clauses, from ``where`` on when its sentence says the antecedent before them (so the
    quote shows the work the pointer stands for: "周报这事王芳最熟，让他来吧")."""
    said = f.scope.clauses
    k = next((i for i, c in enumerate(said) if c == where), None)
    first = next((i for i, c in enumerate(said) if c in f.clauses), None)
    if k is None or first is None or k >= first:
        return f.clauses
    return (*said[k:first], *f.clauses)


_DONE = re.compile(r"(?P<v>[\u4e00-\u9fff])完(?:吧|吗)?$")


def _done_verb_object(f: Frame, earlier: Sequence[Sentence]) -> tuple[str, Clause | None]:
    """ "得赶紧打药。" … "后天之前打完": a one-syllable verb finished names its work by the same verb
    said with its object just before (打药), and the clause that says it; ("", None) when no clause of
    the sentence or the two before does."""
    m = _DONE.search(f.main.text if f.main is not None else f.clauses[-1].text)
    if m is None:
        return "", None
    for c in [*f.scope.clauses[::-1], *(c for s in earlier for c in s.clauses[::-1])]:
        at = c.text.find(m.group("v"))
        if at < 0 or c.text.endswith(m.group(0)):
            continue
        obj = ""
        for w, flag in mentions.noun_words(c.text[at + 1 :]):
            if not flag.startswith("n"):
                break
            obj += w
        if 0 < len(obj) <= 6:
            return m.group("v") + obj, c
    return "", None


# Helping, with nothing said of what: "小廖你配合，先在你们店试点".
_SUPPORT = re.compile(r"(?:配合|协助|帮忙|支持)(?:一下|下)?")


def _work_after(f: Frame, participants: Sequence[str], support: bool = False) -> tuple[str, Clause | None]:
    """ "佳琪，你帮忙盯一下，这周五之前让大家把通风橱清一清": work asked with a light verb and no object
    is the 把 order said in the next clause or the one after it of the same sentence (通风橱), unless
    a person is named first; ``support``: asked to help, any work said there ("小廖你配合，先在你们店
    试点"). ("", None) when none is."""
    said = f.scope.clauses
    last = max((i for i, c in enumerate(said) if c in f.clauses), default=len(said))
    for c in said[last + 1 : last + 3]:
        if find_people(c.text, participants):
            break
        if thing := ex.ba_object(c.text):
            return thing, c
        if support and (thing := ex.clean_zh_title(c.text)) and not refer.no_work(thing) and not lx.dates(thing):
            return thing, c
    return "", None


# How a thing stands, said after it: "'s nearly empty", " is broken again", " are running low".
_EN_STATE_TAIL = re.compile(
    r"(?:'s|\s+is|\s+are|'re)\s+(?:(?:nearly|almost|completely|totally|a bit|really|still|now|already|running|"
    r"getting|pretty|quite|so)\s+)*(?:empty|broken|full|out|low|dead|down|missing|stuck|late|overdue|dirty|leaking|"
    r"wrong|gone|finished|blocked|faded|flat|loose|damaged|cracked)\b.*$", re.IGNORECASE)


def with_antecedent(reading: Reading, earlier: Sequence[Sentence], participants: Sequence[str],
                    wider: Sequence[Sentence] = ()) -> Reading:
    """``reading`` with Chinese work named by a pointer or by no title ("这事儿大勇你盯一下",
    "易凡，你约一下") titled by its antecedent — the topic said before it in the sentence, else in
    ``earlier`` (the sentences before, nearest first); a task with none is dropped, and so is a
    deadline clause that was only its own. ``wider``: more sentences before, nearest first, where
    English work titled by a pronoun finds the turn before it (default ``earlier``)."""
    out: list[Frame] = []
    dropped = False
    for f in reading:
        if f.kind == "share_due" and dropped:
            continue
        dropped = False
        # ("…Mrs. Gutierrez. She left a one-star review. Nicole, can you call her back?")
        f = en_titled(f, earlier)
        f = _zh_named_fully(f, wider or earlier)
        f = _zh_draft_of(f, earlier, participants)
        if f.cue == "called":
            needed, need_at = _en_needed_before(f, earlier)
            if need_at is not None:
                out.append(replace(f, work=needed, cue="", refs=tuple(sorted({*f.refs, *need_at.seqs}))))
            continue
        if f.kind == "unowned" and not has_cjk(f.work) and ex.EN_POINTED_NEED.match(f.main.text.strip() if f.main else ""):
            f = _en_pointed(f, earlier, participants)
            if f is not None:
                out.append(f)
            continue
        # (a verb of taking on leaves the pronoun alone: "Dave, can you lead it?" is titled "it")
        alone = re.sub(r"\s+(?:(?:this|next) (?:time|week|month)|today|too|as well|again|instead)$", "", f.work.strip().lower()) in (
            "it", "that", "this", "them", "those", "these")
        # ("just order it and put it on the school account": the first verb's pronoun, what follows kept)
        said, then = re.sub(r"^(?:just|quickly|please|also|maybe)\s+", "", f.work.strip(), flags=re.IGNORECASE), ""
        if (k := said.find(" and ")) > 0 and _EN_DO_IT.fullmatch(said[:k]):
            said, then = said[:k], said[k:]
        if ((f.kind == "task" and f.owner) or f.kind == "unowned") and not has_cjk(f.work) and (
                m := _EN_DO_IT.fullmatch(("do " if alone else "") + said
                                         + (" it" if said.lower() in _EN_LIGHT_DO else ""))):
            v = "" if alone else m.group("v") + " "
            if ((alone or (m.group("v").lower() in _EN_LIGHT_DO and not m.group("rest"))) and f.owner
                    and (asked := _en_asked_in_turn_before(f, wider or earlier))[1] is not None):
                # "Lou, can you print the name cards?" "I'm swamped, Raf, can you?": the work just asked
                # of another is handed on, as a correction would
                out.append(replace(f, kind="correct", work="", refs=tuple(sorted({*f.refs, *asked[1].seqs}))))
                continue
            # "Next, the budget sheet. Dave, update it by Friday": "it" is the thing named before.
            thing, where = _en_thing_before(f, earlier)
            if where is None and (f.owner or f.kind == "unowned"):
                # "Next thing, the service charge letters. They have to go out to the leaseholders
                # before the 20th." "Aisha, are you alright to do those as well?": named alone in the
                # turn just before, with the date said of it there
                thing, where = _en_thing_in_turn_before(f, wider or earlier)
                if where is not None and f.due is None:
                    # (not the day a question there asks about: "Who's doing it this month?")
                    said = [h.text for s in (wider or earlier)[:4] if set(s.seqs) == set(where.seqs)
                            and not s.question for c in s.clauses for h in lx.deadlines(c.text)]
                    f = replace(f, due=said[0] if len(said) == 1 else None)
            # ("…, can you get that recorded this week?": the need is what to get done)
            got = m.group("v").lower() == "get" and (m.group("rest") or " in").strip() in _EN_GOT_DONE
            needed, need_at = _en_needed_before(f, earlier) if m.group("v").lower() in _EN_LIGHT_DO or got else ("", None)
            if need_at is None and where is None and m.group("v").lower() in _EN_LIGHT_DO and f.owner:
                needed, need_at = _en_needed_earlier(f, wider or earlier)
            if need_at is not None:
                # "…, someone needs to call them and push back. Nat, can you do it?": the work needed
                f = replace(f, work=needed, refs=tuple(sorted({*f.refs, *need_at.seqs})))
            elif where is not None:
                if f.due is None and _EN_DUE_THING.match(where.text.strip(" .,;:!")):
                    f = replace(f, due=next((h.text for h in lx.deadlines(where.text)), None))
                # ("the medical bag's nearly empty" … "restock it": the thing, not how it stands)
                thing = _EN_STATE_TAIL.sub("", thing) or thing
                # ("Next, the safety briefing Thursday. Tom, can you run it?": the day said with it is its date)
                day = next((h for h in lx.dates(thing) if h.end == len(thing) and h.start > 0), None)
                if day is not None:
                    thing, f = thing[: day.start].strip(), replace(f, due=f.due or day.text)
                f = replace(f, work=f"{v}the {thing}{m.group('rest') or ''}{then}", refs=tuple(sorted({*f.refs, *where.seqs})))
            elif (day := _en_matter_day(f, earlier))[2] is not None:
                # "Now, toolbox talk Monday. I want it to be about dropped objects. Raj, can you run it?"
                f = replace(f, work=f"{v}the {day[0]}{m.group('rest') or ''}{then}", due=f.due or day[1],
                            refs=tuple(sorted({*f.refs, *day[2].seqs})))
        if f.kind == "task" and f.owner and _EN_ORDER_OF_NOTHING.fullmatch(f.work.strip()) \
                and (called := _en_called_matter(f, earlier))[1] is not None:
            # ("Nell, toner and staples. Can you put an order in?": what the order is for)
            f = replace(f, work=f"{f.work.strip()} for {called[0]}", refs=tuple(sorted({*f.refs, *called[1].seqs})))
        if f.kind in ("task", "unowned") and not has_cjk(f.work):
            f = _en_fuller(f, wider or earlier)
        if f.kind not in ("task", "unowned") or not has_cjk(f.work):
            out.append(f)
            continue
        work = refer.without_condition(f.work)
        if work.endswith("的") and not refer.no_work(work):
            work = refer.modifier_head(work) or work  # "年终晚会节目单的(李四负责)"
        leads = refer.leads_only(work)
        verb = work if f.kind == "task" and f.owner and refer.bare_verb(work) else ""
        if verb:
            # A verb alone is done to the topic said before it in the same breath (this sentence or
            # the one before in the same utterance); with none, the verb is the title.
            breath = _same_breath(f, earlier)
            ante, where = _antecedent_of(f, work, breath, participants)
            due = f.due
            if where is None and (asked := _question_answered(f, wider or earlier)):
                # "那盲测放在啥时候？" "月底嘛，月底前搞完。晓燕你来组织": the matter the question
                # before asked about, by the date the answer gives it
                ante, where = _antecedent_of(f, work, asked, participants)
                if where is None and (when := _ZH_WHEN_ASKED.search(strip_punct(asked[0].clauses[-1].text))):
                    ante, where = when.group("x"), asked[0].clauses[-1]  # ("那试吃放在啥时候": 试吃, whatever jieba tags it)
                said = [h.text for s in breath[::-1] for c in s.clauses for h in lx.deadlines(c.text)]
                due = due or (said[-1] if said else None)  # (the latest said: "月底嘛，月底前搞完")
            if where is None:
                ante, where = _stock_asked(f, wider or earlier)
            if where is not None and verb not in ante:
                ante = ex.clean_zh_title(ante) or ante
                out.append(replace(f, work=f"{ante}{verb}", due=due, refs=tuple(sorted({*f.refs, *where.seqs}))))
                continue
        said_done, where = _done_verb_object(f, earlier) if refer.pointer(work) else ("", None)
        if where is not None:
            # "得赶紧打药。…后天之前打完": 打药, cited where it was said
            out.append(replace(f, work=said_done, refs=tuple(sorted({*f.refs, *where.seqs}))))
            continue
        empty = refer.no_work(work)
        if empty and not leads and f.kind == "task" and f.owner and date_last_task(out, f.owner, f.due, f.clauses):
            continue  # "那报销单给陈静吧，陈静你熟，周四之前核完交给财务": the work just given them, dated
        support = bool(_SUPPORT.fullmatch(work))
        thing, where = (_work_after(f, participants, support) if (empty or support) and not leads and f.kind == "task" and f.owner
                        else ("", None))
        if where is not None:
            out.append(replace(f, work=thing, clauses=(*f.clauses, where)))
            continue
        lead = next((o for o in reversed(out) if o.kind == "task" and o.scope.index == f.scope.index and o.owner not in (None, f.owner)
                     and not _SUPPORT.fullmatch(o.work)), None) if support and not leads and f.kind == "task" and f.owner else None
        if lead is not None:
            out.append(replace(f, work=lead.work))  # ("展会筹备，小林你牵头，小郑配合": helping with the work just led)
            continue
        if empty or leads:
            light = work if 0 < len(work) <= 2 and not refer.pointer(work) else ""  # "小秦你订"
            # (leading is about the topic said in the same breath only)
            ante, where = _antecedent_of(f, f.work, [] if leads else earlier, participants, light, own=not refer.pointer(work))
            if where is None and not leads and refer.pointer(work) and len(wider) > len(earlier):
                # "这个你牵头" after a short exchange about it ("都要收？" "对，都收。"): the matter
                # named a few sentences further back
                ante, where = _antecedent_of(f, f.work, wider, participants, light, own=False)
                if where is not None and min(where.seqs) < min(f.scope.seqs) - 2:
                    ante, where = "", None  # (no further than the turn before the reply it answers)
            if where is not None:
                work = ex.clean_zh_title(ante) or ante  # ("数据迁移的事" is 数据迁移)
                f = replace(f, refs=tuple(sorted({*f.refs, *where.seqs})), clauses=_quoted_from(f, where),
                            due=f.due or _due_beside(where, earlier[:1]))
            else:
                work = f.work if leads or refer.plan_asked(f.work) else refer.modifier_head(f.work)
        if not work:
            dropped = True
            if f.kind == "task" and f.owner and f.due and has_cjk(f.scope.text) and not any(o.kind == "task" for o in out):
                # ("…公司那边说下周三之前都行，你下周二之前给我": it names no work of its own, only when the
                # work in hand is handed in — the day said to 你, when there are two)
                told = [h.text for c in f.scope.clauses if re.match(rf"(?:那|那就|好)?[，,]?(?:{re.escape(f.owner)})?(?:你|您)(?!们)", c.text)
                        for h in lx.dates(c.text)]
                out.append(Frame("deadline", f.scope, f.clauses, f.main, candidates=(told[-1] if told else f.due,)))
            continue
        if work == f.work and (fuller := _fuller_mention(f, work, earlier)) is not None:
            work, f = fuller[0], replace(f, refs=tuple(sorted({*f.refs, *fuller[1].seqs})))
        out.append(f if work == f.work else replace(f, work=work))
    return tuple(out)


_EN_VERB_THE_NOUN = re.compile(r"(?P<v>[a-z]+(?: (?:up|out|over|on))?) the (?P<n>[a-z]+)", re.IGNORECASE)


def _en_fuller(f: Frame, earlier: Sequence[Sentence]) -> Frame:
    """ "Next, the freight port quote." … "Fine, I'll do the quote." / "you're the rota spreadsheet
    expert. Could you get the spreadsheet … shared?": English work whose object is its head noun alone is
    titled by the fuller noun phrase said with that head in the sentences just before (nearest
    first, up to four), cited there; ``f`` as it is when none says one."""
    m = _EN_VERB_THE_NOUN.match(f.work.strip())
    # (the noun must end its phrase: in "write the design doc" the head is doc, not design)
    if m is None or len(m.group("n")) < 4 or not re.match(
            r"(?:$|,|\s+(?:for|to|on|by|with|about|from|in|at|and|before|after|posted|sent|done|out|up|back|over)\b)",
            f.work.strip()[m.end() :], re.IGNORECASE):
        return f
    head = re.compile(rf"\bthe ((?:[A-Za-z0-9][\w-]* ){{1,3}}){re.escape(m.group('n'))}\b", re.IGNORECASE)
    for s in earlier[:4]:
        for said in head.finditer(s.text):
            if not _EN_NOT_MODIFIER.search(said.group(1)):
                work = f"{m.group('v')} the {said.group(1)}{m.group('n')}{f.work.strip()[m.end() :]}"
                # ("…the back gate. It won't lock. Before the open day, ideally." "Someone should fix the
                # gate.": the day said alone in that turn, after the thing, is its date)
                day = f.due or next((h.text for t in earlier[:4] if t.seqs == s.seqs and t.index > s.index
                                     and len(lx.without_dates(strip_punct(t.text), " ").split()) <= 3
                                     for h in lx.deadlines(t.text)), None)
                return replace(f, work=work, due=day, refs=tuple(sorted({*f.refs, *s.seqs})))
    return f


# Words that make no modifier of a head noun ("the main gap is design doc" is no kind of doc).
_EN_NOT_MODIFIER = re.compile(r"\b(?:same|other|next|last|first|whole|is|are|was|were|be|been|a|an|the|to|of|for|and|or|"
                              r"it|that|this|my|your|our|their|his|her|with|on|in|at|by|from)\b", re.IGNORECASE)


# What narrows a noun said before ("那个导出超时的工单"), cut at what opens a clause or points.
_NARROWED = re.compile(r"(?P<x>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?P<de>的?)$")
_NOT_NARROWING = re.compile(r"^(?:.*(?:那个|这个|那|这|把|给|跟|让|说|是|有|就|还|我们|你们|他们|我|你|他|她))")


def _fuller_mention(f: Frame, work: str, earlier: Sequence[Sentence]) -> tuple[str, Sentence] | None:
    """(title, where said): a short noun pointed at ("你把这个工单盯死") as it was said narrowed in the
    sentence before ("那个导出超时的工单客户催了三次了" → 导出超时的工单); None when it was not."""
    said = (f.main or f.clauses[0]).text if f.clauses else ""
    if not (2 <= len(work) <= 3 and re.search(rf"(?:这个|那个|这件|那件|这份|那份){re.escape(work)}", said)):
        return None
    for s in earlier[:2]:
        for c in s.clauses:
            at = c.text.find(work)
            if at <= 0:
                continue
            m = _NARROWED.search(c.text[:at])
            x = _NOT_NARROWING.sub("", m.group("x")) if m else ""
            if len(x) >= 2 and not refer.no_work(x) and not find_people(x, ()):
                return f"{x}{m.group('de')}{work}", s
    return None
