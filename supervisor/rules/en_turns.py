"""Who speaks (English): the person the utterance before calls or asks for work, the one thanked or
handed the work by name right after a plan, the other one of a two-person meeting.

Pure; the English counterpart of ``zh_turns`` (``turns`` holds the phrase-level readers both the
analyzer and this module use). After "Priya, can you pair with the DBA on the migration?" the reply
"Sure, I'll set it up" is Priya's; "I'll take it." followed by "Thanks, Ken." / "Perfect, that's
yours then, Ken." was Ken's; in a one-to-one the utterance after "Morning, Priya." is Priya's, the
turns alternate, and the "you" of "Can you send me the deck?" is the other participant. When
nothing says who speaks, nobody is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from . import extract as ex
from . import lexicon as lx
from . import turns
from .names import find_people
from .text import EN_NAME_WORD, has_cjk
from .zh_turns import alternating, followed_back, other
from .zh_turns import said_where as _named_where

__all__ = ["NEEDS_OF", "asked_who", "called", "claims", "needed", "other", "said_where", "speaker", "thanked", "you_as"]

# A greeting or thanks before a name calls that person ("Morning, Priya.", "Hi Ken, …", "Thanks Ken").
_GREETING = re.compile(
    r"(?:^|[,.?!:;]\s*)(?:hi|hey|hello|morning|good morning|afternoon|good afternoon|evening|welcome|"
    r"thanks|thank you|cheers|sorry|right|okay|ok|so|and|over to you)\s*,?\s*$",
    re.IGNORECASE,
)


def called(text: str, participants: Sequence[str]) -> str | None:
    """The participant ``text`` speaks to: a vocative ("…, and Anita, could you do the card?"), a
    greeting by name ("Morning Ken."), else the only one named in a question."""
    if not text or has_cjk(text):
        return None
    name = turns.addressee(text, participants)
    if name is not None:
        return name
    hits = find_people(text, participants)
    greeted = {h.name for h in hits if _GREETING.search(text[: h.start]) and re.match(r"^\s*(?:[,.?!:;]|$)", text[h.end :])}
    return next(iter(greeted)) if len(greeted) == 1 else None


# Handing the work just volunteered to someone by name: "Perfect, that's yours then, Ken.",
# "Great, it's all yours, Ken.", "Wonderful, Frank." (an answer by name, see ``turns.acknowledged``).
_YOURS = re.compile(r"\b(?:that|this|it)(?: one)?(?:'s| is)\s+(?:all\s+)?yours\b|\ball yours\b|\bover to you\b"
                    r"|\b(?:is|are|'re)\s+yours\s+then\b"  # ("Nadia, letters are yours then.")
                    r"|\byou've got it\b|\bit's a deal\b|\bgo for it\b|\bgo ahead\b"
                    # (or praised for it: "Kim, you're a star.")
                    r"|\byou(?:'re| are) (?:a |an |the )?(?:legend|star|lifesaver|life saver|hero|gem|best)\b", re.IGNORECASE)


def thanked(text: str, participants: Sequence[str]) -> str | None:
    """The one participant thanked, answered or handed the work by name ("Thanks, Ken.", "Perfect,
    that's yours then, Ken.", "Please do, Carmen."): who said the utterance before."""
    if not text or has_cjk(text):
        return None
    name = turns.thanked(text, participants) or turns.acknowledged(text, participants)
    if name is not None:
        return name
    names = {h.name for h in find_people(text, participants)}
    return next(iter(names)) if _YOURS.search(text) and len(names) == 1 else None


# Taking the work just said without naming it: "I'll take it", "I can own that", "leave it with me",
# "I'll take care of that", "happy to take that one", "that one's mine", "put me down for it".
_CLAIM = re.compile(
    r"^(?:(?:sure|yes|yeah|yep|okay|ok|fine|right|alright|sounds good|no problem|happy to|oh|well|go on|"
    r"I mean|actually)[,.!]?\s+)*"
    r"(?:I(?:'ll| will| can| could|'m happy to| am happy to|'d be happy to| don't mind)\s+"
    r"(?:take|own|handle|grab|do|cover|pick up|sort|run with|look after|deal with|take care of)\s+"
    r"(?:it|that|this)(?: one)?(?:\s+(?:on|up|out))?(?:\s+(?:then|too|myself|if you like|if nobody else wants it))?"
    # (with when: "I'll do it tomorrow", "I can do it first thing Monday")
    r"(?:,?\s+(?:(?:first thing|on|by|this|next)\s+)?(?:today|tonight|tomorrow(?: morning| afternoon)?|morning|afternoon|week|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?: morning| afternoon)?))?"
    r"|(?:happy to )?(?:take|own|handle|grab) (?:it|that|this)(?: one)?"
    r"|leave (?:it|that|this)(?: one)? (?:with|to) me|(?:that|this|it)(?: one)?(?:'s| is) mine"
    r"|put me down for (?:it|that|this)(?: one)?|I(?:'ve| have) got (?:it|that|this)|I'm on (?:it|that|this)"
    # (a "but" after it is how, not whether: "I'll do it, but I'm not doing the paperwork on my own")
    # ("Who's on the Henderson piece?" "That's me." / "I guess that's me? I've used the kiosks most.")
    r"|count me in|(?:I guess |I think )?(?:that'?s|that'd be|that would be) (?:me|mine))"
    r"(?:,?\s+(?:wouldn't it|isn't it|won't it|right|I guess|I suppose|then))?\s*[.!,?]?\s*(?:(?-i:[A-Z])[^?]*|but\b[^?]*)?$",
    re.IGNORECASE,
)


def _last_sentence(text: str) -> str:
    """The last sentence of ``text`` (split after . ! ?)."""
    return re.split(r"(?<=[.!?])\s+", text.strip())[-1]


def claims(text: str) -> bool:
    """The utterance opens by taking the work just said without naming it ("Leave it with me.",
    "Sure, I'll take it. I'll start Monday.")."""
    if not text or has_cjk(text):
        return False
    head = re.split(r"(?<=[.!])\s+", text.strip(), maxsplit=1)[0]
    return turns.claims(head) or bool(_CLAIM.match(head))


# "Who can reconcile the invoices?", "Who wants to take the night shift?", "Who's on the raffle?",
# "Any volunteers for the bake sale?", "Anyone free to cover reception?"
_WHO = re.compile(
    r"^(?:\W*(?:so|and|okay|ok|right|now|then|also|" + EN_NAME_WORD + r"(?=,))\W+)*"
    r"(?:who(?:'ll| will| can| could| would(?: like to)?| wants(?: to)?| fancies| volunteers(?: to| for)?"
    r"|(?:'s| is) (?:going to|gonna|free to|able to|happy to|up for|willing to|taking|doing|on|handling|running)"
    r"|(?:'s| is)(?=\s+[a-z]+ing(?:\s+(?:together|up|out|on|over|in|round|around))?\s+(?:the|a|an|our|this|that|these|those)\b)"
    r"|(?:'s got| has got| has) time (?:to|for))"
    r"|any(?:one|body) (?:free|able|willing|happy|around) to|any volunteers (?:for|to))\s+(?P<work>[^?]+)\?",
    re.IGNORECASE,
)


def asked_who(text: str) -> str | None:
    """The work a "who will do it?" question names ("Who can reconcile the vendor invoices?" →
    "reconcile the vendor invoices"); None when it asks no one."""
    if not text or has_cjk(text):
        return None
    # (the question may close a turn that said something first: "The sale is Saturday. Who's on X?")
    m = _WHO.match(text.strip()) or _WHO.match(_last_sentence(text))
    if m is None:
        return None
    work = ex.clean_title(re.sub(r"^(?:take|do|handle|own)\s+(?=(?:the|a|an|our|this|that)\b)", "", m.group("work").strip()))
    return work if work and len(work.split()) >= 2 else None


# "Who can take that?" after the thing was said: "The big one is the self-checkout training. Who can take that?"
_WHO_TAKES_IT = re.compile(r"^\W*(?:(?:so|and|okay|ok|right|now)[,\s]+)*who(?:'ll| will| can| could| wants to|'s going to| is going to|'s happy to)\s+"
                           r"(?:take|do|handle|own|grab|run|pick up|cover)\s+(?:that|it|this)(?:\s+one)?(?:\s+on)?\s*\??\s*$", re.IGNORECASE)
_THING_SAID = re.compile(r"^\W*(?:(?:so|and|okay|ok|right|next|first|then)[,\s]+)*(?:(?:the|our) (?:big|main|first|next|last|other|biggest|urgent) "
                         r"(?:one|thing|item|job)(?:'s| is|:)\s+)(?P<np>(?:the|our|a|an) [\w' -]{3,60}?)\s*[.!]?\s*$", re.IGNORECASE)


def asked_who_that(question: str, said_before: str) -> str | None:
    """The thing "who can take that?" points at, said in the sentence before ("The big one is the
    self-checkout training for the volunteers." → "self-checkout training for the volunteers")."""
    if not question or has_cjk(question) or not _WHO_TAKES_IT.match(question):
        return None
    m = _THING_SAID.match(said_before or "")
    return ex.clean_title(m.group("np")) if m else None


# A need said of a thing with no one to do it: "The vendor invoices need reconciling.", "The fire
# drill report is overdue.", "The gutters want clearing."
_NEEDED = re.compile(
    r"^(?:\W*(?:so|and|okay|ok|right|also|oh|then|next|last thing|one more thing|only that|just that)\W+)*"
    r"(?P<np>(?:the|our|this|that|these|those)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,5}?)\s+"
    r"(?:(?:still\s+)?(?:needs?|wants?|requires?)\s+[a-z]+ing\b|(?:is|are)\s+(?:still\s+|now\s+)?(?:overdue|outstanding|not done yet|due)\b)"
    r"[^?]*[.!]?$",
    re.IGNORECASE,
)


def needed(text: str) -> str | None:
    """The thing a need is said of ("The vendor invoices need reconciling." → "The vendor invoices")."""
    m = _NEEDED.match(text.strip()) if text and not has_cjk(text) else None
    work = ex.clean_title(m.group("np")) if m else ""
    return work if work and not find_people(work, ()) else None


# "you" as the one spoken to, not "thank you", "you know", "see you", "you guys", "if you ask me".
_YOU = re.compile(r"\byou\b(?!\s+(?:know|guys|all|two|both|lot|folks|see|mean)\b)(?<!thank you)(?<!see you)", re.IGNORECASE)


def you_as(text: str, name: str) -> str:
    """ "Can you send me the deck?" said to Ken → "Ken, can you send me the deck?" (for reading only):
    the one spoken to called as a vocative would call them."""
    if not _YOU.search(text):
        return text
    return f"{name}, {text}" if re.match(r"I\b", text) else f"{name}, {text[:1].lower()}{text[1:]}"


def says_you(text: str) -> bool:
    return bool(text) and not has_cjk(text) and bool(_YOU.search(text))


# A speaker saying who they are as they cut in ("Sorry, Imogen here", "Hi, it's Dev", "Raj speaking").
_SELF_ANNOUNCED = re.compile(
    r"^(?:(?:sorry|hi|hello|hey|yeah|yes|oh|um|uh)[,.!\s]+)*(?:(?:it'?s|this is)\s+)?"
    r"(?P<n>[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)\s+(?:here|speaking|again)\b", re.IGNORECASE)


def said_where(name: str | None, seq: int, heard: Mapping[int, str], participants: Sequence[str]) -> tuple[str | None, int]:
    """``name`` and the latest utterance up to ``seq`` that names them, or where they said who they
    are ("Priya, it's Dev."); 0 when none does."""
    found = _named_where(name, seq, heard, participants)
    if name is None or found[1] > 0:
        return found
    for s in sorted((s for s in heard if s <= seq), reverse=True):
        m = _says_who(heard[s])
        if m is not None and [h.name for h in find_people(m.group("n"), participants)] == [name]:
            return name, s
    return found


# Or after calling the one they speak to: "Priya, it's Dev.", "Hi Sam, hi Jo. It's Kit, …".
_SAYS_WHO_AFTER_CALL = re.compile(
    r"^(?:(?i:hi|hey|hello|morning|g'day|sorry|oh|good|okay|ok|right|great|yeah|yes)[,.!\s]+)*[A-Z][\w'’-]+"
    r"(?:[,\s]+(?:and\s+|hi\s+|hey\s+)?[A-Z][\w'’-]+)*[,.!]\s+(?i:it'?s|this is)\s+(?P<n>[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)\s*(?:here|speaking)?\s*(?=[,.!;]|$)")


def _says_who(text: str) -> re.Match[str] | None:
    """Where ``text`` has the speaker say who they are (group ``n``): cutting in ("Sorry, Imogen
    here") or after calling the one they speak to ("Priya, it's Dev.")."""
    return _SELF_ANNOUNCED.match(text) or _SAYS_WHO_AFTER_CALL.match(text)


def speaker(seq: int, heard: Mapping[int, str], participants: Sequence[str],
            asked_of: Callable[[int], str | None] | None = None, depth: int | None = None,
            last: int | None = None) -> tuple[str | None, int]:
    """Who says utterance ``seq`` and the utterance that names them, or (None, seq - 1).

    In order: the person the utterance before calls or asks for work (they answer), unless this
    one calls someone else; the person thanked or handed the work by name right after, when this
    utterance names nobody; in a two-person meeting, the other of the one this utterance calls, else
    the other of whoever said the utterance before (followed at most ``depth`` turns back); in a
    larger meeting, an exchange between two known people goes on turn by turn until someone else is
    named or the room is spoken to.
    ``asked_of(s)``: the one participant given work in utterance ``s``, when the analyzer knows.
    ``last``: the utterance the sentence ends in, when it runs on past ``seq``.
    The utterance returned is 0 when none heard names the speaker."""
    if depth is None:
        depth = followed_back(participants)
    said = heard.get(seq)
    if said is None or has_cjk(said):
        return None, seq - 1
    mine = called(said, participants)
    if (m := _says_who(said)) is not None:
        hits = find_people(m.group("n"), participants)
        if len(hits) == 1 and hits[0].start == 0 and hits[0].end == len(m.group("n")):
            return hits[0].name, seq  # ("Sorry, Imogen here, on the phone from site.": the speaker says who)
    before = heard.get(seq - 1)
    name = called(before, participants) if before is not None else None
    if (name is None and before is not None and mine is None and (need := NEEDS_OF.search(before)) and _I_SAY.search(said)
            and not find_people(said, participants) and len(hits := find_people(need.group("n"), participants)) == 1):
        # ("I'll file it Friday, I just need Ola's figures." "I'll send you those tonight."): the one
        # whose part is needed answers
        return said_where(hits[0].name, seq - 1, heard, participants)
    if name is None and before is not None and asked_of is not None:
        name = asked_of(seq - 1)
    end = seq if last is None else last
    after = heard.get(end + 1)
    if name is not None:
        hits = find_people(said, participants)
        others = {h.name for h in hits} - {mine}
        handed = thanked(after, participants) if after is not None and not others else None
        if handed is not None and handed not in (mine, name):
            # "Tyler, could you visit the store?" "Linda, sorry to jump in — I can do that visit."
            # "Good point. Meera, it's yours then.": someone else cut in, and is named for it right after
            return handed, end + 1
        if mine == name and asked_of is not None and asked_of(seq - 1) == name and not called(before, participants):
            return None, seq - 1  # ("I asked Amir to check the licence." "Amir?": he is called, not speaking)
        if mine is None and name in others:
            return None, seq - 1  # (the one called is spoken of in the reply, "…and Ines can check it": someone else answers)
        if mine in (None, name) or thanked(said, participants) == mine:
            return name, seq - 1  # (the one called answers, maybe answering the caller by name: "Go ahead, Marco.")
        if hits and hits[-1].name == mine and re.fullmatch(r"[\s.!?,]*", said[hits[-1].end :]) \
                and not find_people(said[: hits[-1].start], participants) and re.search(r"\b(?:I'll|I will|I can)\b", said):
            # ("Gus, the annex keys." "I'll get you a set cut by Friday, Priya.": the one called
            # answers, naming at the end whom it is for)
            return name, seq - 1
        if hits and hits[0].name == mine and _ANSWER_OPENS.fullmatch(said[: hits[0].start]) \
                and not _CUTS_IN.search(said):
            # ("Ravi, want to kick off?" "Yeah, so, Meg, the press is back up."): the one called answers,
            # speaking to the caller first
            return name, seq - 1
        # (the one called names someone only after a first sentence of their own)
        answered_first = bool(hits and (stop := re.search(r"[.!?](?:\s|$)", said)) and hits[0].start >= stop.end())
        if answered_first and (
                # ("Dara?" "Stock, mostly. And — Jo, you had the till roll order, right?"): called alone,
                # the one called answers, then turns to someone else
                (not _CUTS_IN.search(said) and _called_alone(before, name, participants)
                 and not re.match(r"\W*(?:sorry|wait|hang on|hold on)\b", said, re.IGNORECASE))
                # ("Kit, can you cover Sunday?" "I'm away Sunday. Rhys, could you?"): the one called
                # answers for themself first, then passes it on
                or _I_OPENS.match(said)
                # ("Ana, want to walk them through it?" "Sure. … Ben, we'll need…"): given the floor,
                # the one called speaks first, then turns to someone
                or _FLOOR_GIVEN.search(before) is not None):
            return name, seq - 1
        return None, seq - 1
    if mine is None and before is not None and _OWNS_UP.match(said):
        # "I was waiting on the final worksite limits from Kirsty." "Sorry, that's on me. I'll get you
        # the limits by Wednesday.": the one the turn before names, owning up
        blamed = {h.name for h in find_people(before, participants)}
        if len(blamed) == 1:
            return said_where(blamed.pop(), seq - 1, heard, participants)
    if after is not None and mine is None and claims(said) and not find_people(said, participants):
        # "Who's on the Henderson piece?" "That's me." "Dev, where are we?" / "You sure, Beth?": the
        # one who took it is spoken to by name right after
        # (thanked first: "Great, thanks, Lou. Signage next. Ann, could you…" calls Ann for the next thing)
        name = thanked(after, participants) or called(after, participants) or _sure_of(after, participants)
        if name is not None:
            return name, end + 1
    if after is not None:
        # (one it names is spoken to, not the one answered next: "…No offence, Raj." "None taken, Shane.")
        # (or asked by name when, right after offering: "I can repaint the sign." "Good. By Friday, Omar?")
        name = thanked(after, participants) or (_dated_back(after, participants) if _I_OFFER.search(said) else None)
        if name is not None and name != mine and name not in {h.name for h in find_people(said, participants)}:
            return name, end + 1
    if mine is None and depth > 0 and before is not None and _I_SAY.search(said) and not _OF_THEM.search(said) \
            and not find_people(said, participants) and called(before, participants) is None:
        hits = find_people(before, participants)
        spoken = {h.name for h in hits}
        # (not one said to want something of the others, or what befell them: "One thing Tomasz
        # needs: the pallet counts.", "Zoe had to sleep at the depot.")
        wants = any(_WANTS_OR_BEFELL.match(before, h.end) for h in hits)
        if len(spoken) == 1 and not wants and (who := spoken.pop()) != speaker(seq - 1, heard, participants, asked_of, depth - 1)[0] \
                and thanked(before, participants) is None:
            # "Wen was going to redo the legend." "I was, sorry, I'll do it tonight.": the one spoken
            # of answers for themself
            return said_where(who, seq - 1, heard, participants)
    if mine is None and depth > 0 and before is not None and follows_up(before, participants):
        prev, _ = speaker(seq - 2, heard, participants, asked_of, depth - 1)
        if prev is not None:
            return said_where(prev, seq - 1, heard, participants)
    if depth > 0 and before is not None and len(participants) > 2 and not _TO_THE_ROOM_OPENS.search(said):
        # an exchange between two people goes on until someone else is named: "Hana, got a minute?" "Go
        # ahead, Marco." "The van is booked till noon." "Can we load it tonight?" "Maybe. I'll ask the depot."
        # Each may speak to the other by name on the way ("…that's not how the rota works, Marco.").
        named = {h.name for h in find_people(said, participants)}
        named_before = {h.name for h in find_people(before, participants) if not _SPOKEN_OF.match(before, h.end)}
        if len(named) <= 1 and len(named_before) <= 1 and mine in (None, *named):
            one, _ = speaker(seq - 1, heard, participants, asked_of, depth - 1)
            two, _ = speaker(seq - 2, heard, participants, asked_of, depth - 1)
            if one is not None and two is not None and one != two and named <= {one} and named_before <= {two}:
                return said_where(two, seq - 1, heard, participants)
            if (not named and not named_before and one is None and two is not None
                    and called(heard.get(seq - 3, ""), participants) == two
                    and not _TO_THE_ROOM_OPENS.search(before) and not (before.rstrip().endswith("?") and _TO_THE_ROOM.search(before))
                    and not asked_who(before)):
                # "Lena?" "The kiln's fixed, the glaze order's late." "That supplier again." "I'll ring them.":
                # the one called goes on after the caller's remark, though nobody ever names the caller
                # (not after a question to the room: "…are we still on for Friday?", "Who'll book the
                # hall? It fills up fast.")
                return said_where(two, seq - 1, heard, participants)
    return alternating(seq, mine, heard, participants, asked_of, depth, speaker)


# A person said to need something, or to have had something happen to them: "Tomasz needs…",
# "Zoe had to…".
_WANTS_OR_BEFELL = re.compile(r"(?:'s)?\s+(?:needs|wants|would like|asked for|is asking for|had to|was stuck|got stuck|lost|missed)\b",
                              re.IGNORECASE)


# Someone spoken of in passing, not to and not given anything: "…, Hugo needs those."
_SPOKEN_OF = re.compile(r"(?:'s|’s)?\s+(?:needs|has|had|is|was|wants|said|says|told|thinks|knows)\b")
# A need of someone's part of the work: "I just need Ola's figures", "waiting on Ola's sign-off".
NEEDS_OF = re.compile(r"\b(?:need|needs|want|waiting (?:on|for))\s+(?P<n>[A-Z][\w'-]+)(?:'s|’s)\s+(?P<np>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s*(?:[,.;!?]|$)")
# A call that only gives someone the floor: "Lars?", "Okay. Rosa.", "Thanks. Dara, anything?"
_FLOOR_ONLY = re.compile(r"\W*(?:(?:okay|ok|right|and|so|next|great|thanks|thank you|nice|good|cool|lovely|over to)\W+)*"
                         r"(?P<n>[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)\s*(?:,\s*(?:anything(?: else)?|you're up|go(?: ahead)?|your turn|"
                         r"over to you|any updates?|what have you got|how are you getting on|"
                         # (the matter they have the floor for: "Mia, the kitchens.", "Raj, rotas.")
                         r"(?!(?:can|could|would|will|you|please|do|did|are|is|have|not|no|yes)\b)(?:the |your |our )?[a-z][\w'’-]*(?: [a-z][\w'’-]*){0,2}))?"
                         r"\s*[?.!]?\s*")


def _called_alone(text: str, name: str, participants: Sequence[str]) -> bool:
    """The last sentence of ``text`` only gives ``name`` the floor."""
    m = _FLOOR_ONLY.fullmatch(_last_sentence(text))
    return m is not None and [h.name for h in find_people(m.group("n"), participants)] == [name]


# Checking with the one who took it on: "You sure, Beth?", "Are you sure, Beth?"
_SURE = re.compile(r"^\W*(?:(?:are\s+)?you\s+sure|really|sure)\W+(?P<n>" + EN_NAME_WORD + r")\s*\?", re.IGNORECASE)


def _sure_of(text: str, participants: Sequence[str]) -> str | None:
    m = _SURE.match(text)
    hits = find_people(m.group("n"), participants) if m else []
    return hits[0].name if len(hits) == 1 else None


# How an answer to a call opens before it speaks to the caller by name ("Yeah, so, Meg, …"), and
# what says someone else cut in instead ("Meg, sorry to jump in, …").
# The floor handed to the one called: "want to walk them through it?", "go ahead", "over to you".
_FLOOR_GIVEN = re.compile(r"\b(?:(?:take|walk|talk) (?:us|them|everyone|everybody) through|go ahead|over to you|your turn|kick (?:us )?off|"
                          r"start us off|the floor is yours|you want to (?:start|begin|go first))\b", re.IGNORECASE)
_ANSWER_OPENS = re.compile(r"\W*(?:(?:yeah|yes|yep|so|uh|um|er|okay|ok|right|sure|well|see|look|listen|actually|honestly|oh|ah|hmm)\W+)*", re.IGNORECASE)
_I_OPENS = re.compile(r"\W*(?:(?:no|sorry|um|uh|oh|ah|well|yeah|honestly)[,\s]+)*I(?:'m|'ve|'d|'ll| am| have| will)?\b", re.IGNORECASE)
_I_SAY = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my)\b")
_I_OFFER = re.compile(r"\bI(?:'ll| will| can| could)\s+(?!not\b|never\b)[a-z]", re.IGNORECASE)
# A short question that calls someone by name and asks for a day: "Fine. By Thursday, Jo?", "Sam, Friday?"
_DAY_ASKED = re.compile(r"^(?:[^?.!]*[.!]\s+)?(?P<q>[^?.!]{2,40})\?\s*$")


def _dated_back(text: str, participants: Sequence[str]) -> str | None:
    """The one participant a short question after an offer calls while asking for a day ("Fine. By
    Thursday, Jo?"): who made the offer."""
    m = _DAY_ASKED.match(text.strip())
    if m is None or len(m.group("q").split()) > 6 or not lx.dates(m.group("q")):
        return None
    hits = find_people(m.group("q"), participants)
    return hits[0].name if len({h.name for h in hits}) == 1 and called(m.group("q") + "?", participants) == hits[0].name else None


_OF_THEM = re.compile(r"\b(?:he|she|him|her|his|hers|he's|she's|he'll|she'll)\b", re.IGNORECASE)
_CUTS_IN = re.compile(r"\b(?:jump in|cut in|butt in|interrupt|before (?:he|she|they) (?:answers|says))\b", re.IGNORECASE)
# A turn that opens by owning up to what the turn before waits on: "Sorry, that's on me.", "My bad."
_OWNS_UP = re.compile(r"^\W*(?:(?:sorry|apologies|oh|ah|yeah|yes|god)[,.!]?\s+)*(?:that'?s (?:on me|my fault|my bad)|my (?:fault|bad)|guilty)\b",
                      re.IGNORECASE)
# A turn that opens by speaking to everyone ("Right, everyone, …", "Okay team, …") leaves an exchange.
_TO_THE_ROOM_OPENS = re.compile(r"^\W*(?:\w+\W+){0,2}(?:everyone|everybody|all|team|folks|guys|people)\b", re.IGNORECASE)


def follows_up(text: str, participants: Sequence[str]) -> bool:
    """A turn that speaks to "you", or asks a bare question, and names nobody ("Can you ping legal
    today?", "And the timeline?"): it answers the one who just spoke, so the reply after it is
    theirs again. A question to the room ("Are we doing the pitch?") speaks to no one."""
    if not text or has_cjk(text) or find_people(text, participants):
        return False
    return says_you(text) or (text.rstrip().endswith("?") and not _TO_THE_ROOM.search(text))


# A question put to everyone ("are we…", "anyone…", "who…") is no follow-up to one person.
_TO_THE_ROOM = re.compile(r"\b(?:we|we're|we've|we'll|us|our|anyone|anybody|everyone|everybody|who|who's|any)\b",
                          re.IGNORECASE)
