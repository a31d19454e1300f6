"""Segmenting a window of utterances into clauses and sentences that may cross VAD cuts.

Pure. VAD cuts speech where people pause, not where sentences end, so one sentence can arrive as
several utterances ("赵六负责后端接口" | "开发，下周三之前提测"). This module rebuilds clauses and
sentences across those cuts while remembering, for every clause, which utterance spans it came from
so evidence can always be quoted verbatim from a single utterance.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .lexicon import ZH_ASSIGN_VERBS

_CJK = re.compile(r"[\u3400-\u9fff]")
# An English name word as people write it: capitalised, with Mc/O' prefixes and accented letters
# (Tomás, McAllister, O'Brien, Wiśniewska, Đặng: Latin-1, Extended-A and the Vietnamese block), a
# second capital inside it (MacLeod, DeAndre) or after - / ' (Smith-Jones); one or two such words
# make a name. Raw regex text, to build into the English patterns.
_UP = "A-ZÀ-ÞĀ-ſḀ-ỿ"
_LOW = "a-zß-ÿĀ-ſḀ-ỿ"
EN_NAME_WORD = rf"(?:Mc|O'|D')?[{_UP}][{_LOW}]+(?:[-']?[{_UP}][{_LOW}]+)?"
EN_NAME = rf"{EN_NAME_WORD}(?: {EN_NAME_WORD})?"
# Clause delimiters. "、" (enumeration comma) does not split: "王五、赵六负责" is one clause.
# A full stop after a title or common abbreviation ("Dr. Haddad", "e.g.") ends nothing.
_ABBREV = r"(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bSt)(?<!\bProf)(?<!\bvs)(?<!\be\.g)(?<!\bi\.e)"
# (a dash between Chinese words breaks off as a comma does: "一鸣你去订——哦你不懂纸")
_DELIM = re.compile(rf"(?!(?<=\d)[:,]\d)[，,；;：:。！？!?…]+|{_ABBREV}\.(?=\s|$)|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])"
                    r"|(?<=[\u3400-\u9fff])[—–]+(?=[\u3400-\u9fff])"
                    # ("The venue list — Ana, that's yours": the thing, then whose it is)
                    r"|\s+[—–]+\s+(?=[A-Z][\w'’-]+,\s*(?:that's|that is|it's|this is|this one's)\b)")
# A name alone, then a dash and the request: "Also, Dev — can you finish…" is "Dev, can you finish…".
# (or an aside that turns to the one just heard: "Speaking of you — can you fix the projector?")
_NAME_DASH = re.compile(r"^(?:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?|(?i:(?:and\s+|oh\s+|also\s+)?(?:speaking of (?:you|which)|"
                        r"while I(?:'ve| have)? got you|while I have you|since you're here|before I forget|one more thing)))"
                        r"(?P<dash>\s+[—–]+\s+)(?=(?:can|could|would|will|please|you)\b|[a-z]+(?:\s+[a-z]+)?\s+(?:to|for)\s+[A-Z]\w*\s+by\b)")
_TERMINAL = set("。！？!?.")
_PUNCTUATED = re.compile(rf"[，,；;：:。！？!?…]|{_ABBREV}\.(?=\s|$)")  # real punctuation, not just a pause (space)
_PUNCT_STRIP = " \t\r\n，,；;：:。！？!?….、\"'“”‘’（）()[]【】-—"


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


@dataclass(frozen=True, slots=True)
class Piece:
    """A span ``[start, end)`` of utterance ``seq``'s text."""

    seq: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Clause:
    text: str  # the pieces joined (with a space between English pieces)
    pieces: tuple[Piece, ...]
    end: str  # "terminal" | "comma" | "open" (utterance ended with no punctuation)
    question: bool = False  # ended with ? / ？

    @property
    def seqs(self) -> tuple[int, ...]:
        return tuple(sorted({p.seq for p in self.pieces}))


@dataclass(frozen=True, slots=True)
class Sentence:
    clauses: tuple[Clause, ...]
    index: int

    @property
    def seqs(self) -> tuple[int, ...]:
        return tuple(sorted({s for c in self.clauses for s in c.seqs}))

    @property
    def text(self) -> str:
        sep = "，" if any(has_cjk(c.text) for c in self.clauses) else ", "
        return sep.join(c.text for c in self.clauses)

    @property
    def question(self) -> bool:
        return bool(self.clauses) and self.clauses[-1].question

    @property
    def last_seq(self) -> int:
        return max(self.seqs)


# The next item of a list said in one breath: "；第二，…", "；其次，…".
_NEXT_ITEM = re.compile(r"\s*(?:第[一二三四五六七八九十\d]+(?:个|条|点|项|块|件)?[，,、：:]|其次|再次|然后是|最后一?[个条点项]?[，,、：:])")


_AND_MINE = re.compile(r"(?<=[a-z0-9])\s+(?P<and>and\s+I(?:'ll|’ll|\s+will)\s+[a-z])")
# (who joins the speaker, not work before their part: "you and I'll", "Rosa and I will")
_NOT_BEFORE_MINE = frozenset("you me him her them us it".split())


def _raw_clauses(seq: int, text: str) -> list[Clause]:
    out: list[Clause] = []
    pos = 0
    for m in [*_DELIM.finditer(text), None]:
        start, end = (m.start(), m.end()) if m else (len(text), len(text))
        delim = m.group(0) if m else ""
        # Trim whitespace inside the span so pieces quote cleanly.
        a, b = pos, start
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        # (an utterance trailing off, "…还是……", or cut off by the next speaker, "…the spare tyres—")
        cut_off = (m is None and b > a and text[b - 1] in "—–-") or (
            m is not None and end == len(text.rstrip()) and "…" in delim and has_cjk(text[a:b]))
        while cut_off and b > a and text[b - 1] in "—–- ":
            b -= 1
        called = _NAME_DASH.match(text[a:b]) if a < b else None
        if called is not None:
            # (the name as a clause of its own, the request after the dash as the next)
            out.append(Clause(text[a : a + called.start("dash")], (Piece(seq, a, a + called.start("dash")),), "comma", question=False))
            a += called.end("dash")
        if a < b:
            stripped = delim.strip()
            if cut_off:
                kind = "terminal"  # "…the spare tyres—" | "Sir, one second": cut off by the next speaker
            elif m is None:
                kind = "open"
            elif stripped and stripped[-1] in _TERMINAL:
                kind = "terminal"
            elif stripped in ("；", ";") and _NEXT_ITEM.match(text, end):
                kind = "terminal"  # ("…许晴你负责；第二，重大合同，…": each numbered item a sentence of its own)
            else:
                kind = "comma"
            mine = _AND_MINE.search(text, a, b)
            if mine is not None and len(text[a : mine.start()].split()) >= 3 \
                    and text[a : mine.start()].split()[-1].lower() not in _NOT_BEFORE_MINE:
                # "Omar, send me the floor plan by Monday and I'll book the movers Wednesday": the
                # speaker's own part after an order is a statement of its own, with its own date
                out.append(Clause(text[a : mine.start()], (Piece(seq, a, mine.start()),), "terminal", question=False))
                a = mine.start("and")
            out.append(
                Clause(
                    text[a:b], (Piece(seq, a, b),), kind, question=bool(stripped) and stripped[-1] in "?？"
                )
            )
        elif out and m is not None and delim.strip():
            # Punctuation right after a clause that was already closed: upgrade its ending.
            last = out[-1]
            stripped = delim.strip()
            if stripped[-1] in _TERMINAL and last.end != "terminal":
                out[-1] = Clause(last.text, last.pieces, "terminal", question=stripped[-1] in "?？")
        pos = end
    return out


# A hesitation said between commas inside an English clause ("Can you, like, add everyone's new
# numbers?"): no clause of its own, so the words around it are read as one.
_EN_FILLER = re.compile(r"(?:like|um+|uh+|er+m?|you know|i mean|sort of|kind of|basically|honestly)",
                        re.IGNORECASE)


# A clause cut after a word that cannot end one ("can you put up the, um, …").
_EN_DANGLING = re.compile(r"\b(?:the|a|an|to|for|with|of|on|in|at|your|our|my|his|her|their|some|this|that)$", re.IGNORECASE)


def _without_fillers(clauses: list[Clause]) -> list[Clause]:
    out: list[Clause] = []
    i = 0
    while i < len(clauses):
        c = clauses[i]
        if (out and i + 1 < len(clauses) and c.end == "comma" and out[-1].end == "comma" and not has_cjk(c.text)
                and _EN_FILLER.fullmatch(c.text) and (len(out[-1].text.split()) <= 3 or _EN_DANGLING.search(out[-1].text))
                # (not before a clause of its own: "I'll do it, honestly, it's nearly done")
                and not _EN_OWN_SUBJECT.match(clauses[i + 1].text)):
            nxt = clauses[i + 1]
            prev = out.pop()
            # ("put up the, um, the signs": the word said again after the pause is said once)
            last = prev.text.split()[-1]
            said = nxt.text[len(last) + 1 :] if nxt.text.lower().startswith(last.lower() + " ") else nxt.text
            out.append(Clause(f"{prev.text} {said}", (*prev.pieces, *nxt.pieces), nxt.end, nxt.question))
            i += 2
            continue
        if (i + 1 < len(clauses) and (a := _EN_NAME_BROKEN_OFF.fullmatch(c.text)) and len(clauses[i + 1].pieces) == 1
                and (b := _EN_NAME_AGAIN.fullmatch(clauses[i + 1].text)) and b.group("n") == a.group("n")):
            # ("Tev — ah, here he comes — Tev, can you…": the call broken off by an aside and said
            # again is said once)
            p = clauses[i + 1].pieces[0]
            out.append(Clause(b.group("n"), (Piece(p.seq, p.end - len(b.group("n")), p.end),), clauses[i + 1].end, clauses[i + 1].question))
            i += 2
            continue
        if (m := _ZH_COUNTED_OFF.match(c.text)) and len(c.pieces) == 1 and c.pieces[0].end - c.pieces[0].start == len(c.text):
            # ("两件事：一个是把合同归档；另一个是把门禁卡收回来": each thing counted off is an order of its own)
            p = c.pieces[0]
            c = Clause(c.text[m.end() :], (Piece(p.seq, p.start + m.end(), p.end),), c.end, c.question)
        out.append(c)
        i += 1
    return out


# The words that count things off before each one: "一个是…", "另一个是…", "二是…", "第二个…".
_ZH_COUNTED_OFF = re.compile(r"(?:另外?一个是|一个是|[一二三四]是|第[一二三四]个?是?|其[一二三]是?)(?=把|将)")


# A clause that opens with its own subject and verb.
_EN_OWN_SUBJECT = re.compile(r"(?i)(?:it|that|there|i|we|they|he|she|you)(?:'s|'m|'re|'ll|'d|'ve|\s+(?:is|are|was|were|will|am)\b)")
# A name broken off by an aside ("Tev — ah", "here he comes — Tev"): a call said twice.
_EN_NAME_BROKEN_OFF = re.compile(r"(?P<n>[A-Z][\w'’-]+)\s*[—–]\s*(?:(?:oh|ah|um|uh|wait|sorry)\b\W*)?")
_EN_NAME_AGAIN = re.compile(r"[^—–]{0,40}?[—–]\s*(?P<n>[A-Z][\w'’-]+)")


# "你把这个案子的时间线，整理一份复盘报告": a 把 object said up to a pause, then the verb that acts
# on it — one clause, as the sentence is one order.
_BA_OPEN = re.compile(r"把[\u3400-\u9fff]{2,30}(?<![了好掉完过着])$")
_ACTS_ON = re.compile(r"^(?:再|先|然后|都|一起|一块儿?|帮我|给我|帮忙)?(?:" + ZH_ASSIGN_VERBS + r")")
# What adds a second thing to the first ("门禁卡，还有访客登记本"); ``task_frames`` splits a title on it.
ZH_ALSO = r"还有|以及|再加上"
# ("把门禁卡，还有访客登记本，一起交到前台": a second thing of the same 把, said between pauses)
_BA_ALSO = re.compile(rf"^(?:{ZH_ALSO})[\u3400-\u9fff]{{2,20}}$")


def _ba_joined(clauses: list[Clause]) -> list[Clause]:
    out: list[Clause] = []
    for i, c in enumerate(clauses):
        last = out[-1] if out else None
        if (last is not None and last.end == "comma" and has_cjk(last.text) and _BA_OPEN.search(last.text)
                and "把" not in last.text[: last.text.rindex("把")] and (_ACTS_ON.match(c.text) or (
                    _BA_ALSO.match(c.text) and c.end == "comma" and i + 1 < len(clauses) and _ACTS_ON.match(clauses[i + 1].text)))):
            out[-1] = Clause(last.text + c.text, last.pieces + c.pieces, c.end, c.question)
            continue
        out.append(c)
    return out


def segment(
    window: Sequence[tuple[int, str]],
    has_trigger: Callable[[str], bool],
    starts_sentence: Callable[[str], bool],
    complete: Callable[[str], bool] | None = None,
    participants: Sequence[str] = (),
) -> list[Sentence]:
    """Clauses of ``window`` grouped into sentences, joined across VAD cuts.

    An utterance that ends with no punctuation is cut mid-flow: its last clause is joined to the
    next utterance's first clause. When the next utterance is punctuated the ASR punctuates, so the
    open end can only be a cut and they are always joined. In unpunctuated ASR output an utterance
    end is also where people pause between statements, so they stay apart when the next utterance
    opens a new statement (``starts_sentence``: 另外/还有/so…), when both carry their own trigger,
    or when the next one is a ``complete`` statement by itself (work and owner both named) after
    an utterance with no trigger. A sentence runs to terminal punctuation or such a break.
    A window that does not close its utterances (two or more of several clauses, under one in seven of
    them ending with a full stop; or three or more with no punctuation at all) is never joined: there
    an utterance ends where its speaker stopped, and a last clause that asks is a question.
    A lone name closed with a full stop opens the request after it (``_calls_out``).
    """
    per_utt = [(bool(_PUNCTUATED.search(text)), _ba_joined(_without_fillers(_raw_clauses(seq, text))))
               for seq, text in window]
    # A transcript whose utterances almost never end with a full stop (a typed log, an ASR that
    # punctuates inside an utterance but not at its end) gives no sign of a cut: there an
    # utterance's end is where a speaker stopped, and joining it to the next would run turn after
    # turn into one sentence.
    # (utterances of several clauses tell: a VAD cut at a pause leaves pieces of one clause each)
    said = [raw for _, raw in per_utt if len(raw) >= 2]
    unclosed = len(said) >= _UNCLOSED_MIN and 7 * sum(raw[-1].end == "terminal" for raw in said) < len(said)
    # (nor does a window with no punctuation at all: a typed log, one line a turn)
    unclosed = unclosed or (sum(bool(raw) for _, raw in per_utt) > _UNCLOSED_MIN and not any(p for p, _ in per_utt))
    if unclosed:
        per_utt = [(punctuated, _asked_unmarked(raw)) for punctuated, raw in per_utt]
    clauses: list[Clause] = []
    breaks_before: set[int] = set()  # indices in ``clauses`` that start a new sentence
    prev_open = False
    for punctuated, raw in per_utt:
        if not raw:
            continue
        first = raw[0]
        if prev_open and clauses and _scrap(clauses[-1].text, first.text, starts_sentence):
            # A lone character left open ("嗯" | "那就周二，…") is a scrap of sound, no sentence's
            # head: dropped, so the statement it came before opens its sentence as said.
            clauses.pop()
            breaks_before.add(len(clauses))
        elif prev_open and clauses:
            last = clauses[-1]
            # A punctuated next utterance means the ASR punctuates: the open end was a mid-sentence cut.
            apart = starts_sentence(first.text) or (
                has_trigger(first.text)
                and (has_trigger(last.text) or (complete is not None and complete(first.text)))
            )
            if not unclosed and (punctuated or not apart):
                sep = "" if has_cjk(last.text[-1:] + first.text[:1]) else " "
                clauses[-1] = Clause(
                    last.text + sep + first.text, last.pieces + first.pieces, first.end, first.question
                )
                raw = raw[1:]
            else:
                breaks_before.add(len(clauses))
        clauses.extend(raw)
        prev_open = bool(clauses) and clauses[-1].end == "open"
    for i in range(len(clauses) - 1):
        c = clauses[i]
        if c.end == "terminal" and not c.question and _calls_out(c.text, clauses[i + 1].text, participants):
            clauses[i] = Clause(c.text, c.pieces, "comma")
            breaks_before.discard(i + 1)
    sentences: list[Sentence] = []
    cur: list[Clause] = []
    for i, c in enumerate(clauses):
        if i in breaks_before and cur:
            sentences.append(Sentence(tuple(cur), len(sentences)))
            cur = []
        cur.append(c)
        if c.end == "terminal":
            sentences.append(Sentence(tuple(cur), len(sentences)))
            cur = []
    if cur:
        sentences.append(Sentence(tuple(cur), len(sentences)))
    return sentences


_UNCLOSED_MIN = 2  # utterances of several clauses before a window's habit of closing them is read
# A question said without its question mark: a particle or an A-not-A at the end ("还搞不搞",
# "有人知道吗"), a 呢 after a question word; in English an auxiliary or question word first.
_ZH_ASKED = re.compile(r"(?:[吗么]|(?:谁|什么|啥|哪|怎么|多少|几)[^，,。]*呢|([\u4e00-\u9fff])不\1[\u4e00-\u9fff]?|有没有|是不是|对不对|好不好|行不行)$")
_EN_ASKED = re.compile(r"(?i)^(?:so |and |ok |okay )?(?:can|could|would|will|do|does|did|is|are|was|were|should|shall|have|has|who|what|when|where|why|how)\b")


def _asked_unmarked(raw: list[Clause]) -> list[Clause]:
    """``raw`` with its last clause, left open, marked a question where its words ask one."""
    last = raw[-1] if raw else None
    if last is None or last.end != "open":
        return raw
    text = strip_punct(last.text)
    asked = bool(_ZH_ASKED.search(text)) if has_cjk(text) else bool(_EN_ASKED.search(text))
    return [*raw[:-1], Clause(last.text, last.pieces, last.end, asked)] if asked else raw


def _scrap(last: str, first: str, starts_sentence: Callable[[str], bool]) -> bool:
    """``last`` (an open clause) is one Chinese character said alone, before an utterance that
    opens a statement of its own."""
    return len(strip_punct(last)) == 1 and has_cjk(last) and starts_sentence(first)


_ADDRESSED = re.compile(r"^(?:你|您)")
_CALL = re.compile(r"^[\u3400-\u9fff]{2,3}$")


_EN_CALL = re.compile(r"[A-Z][A-Za-z'-]+")
_EN_ADDRESSED = re.compile(r"\b(?:you|your|you're|you'll)\b", re.I)


def _calls_out(text: str, following: str, participants: Sequence[str] = ()) -> bool:
    """A lone name said before a request to "你" ("尹强。" | "你跟一下…"): Whisper closes the
    vocative with a full stop, but it opens the request it addresses. Name-like: a common
    surname's name, or (misheard: 影强) no word of the dictionary and no particle or pronoun.
    English: a participant's name alone ("Okay, Wen." | "The offer package goes back to you.")
    before a sentence that says "you"."""
    from .lexicon import is_word
    from .names import bare_name, find_people

    if _EN_CALL.fullmatch(text):
        hits = find_people(text, participants)
        return bool(hits) and hits[0].end - hits[0].start == len(text) and bool(_EN_ADDRESSED.search(following))
    if not (_CALL.match(text) and _ADDRESSED.match(following)):
        return False
    return bool(bare_name(text)) or not (is_word(text) or any(ch in _NOT_IN_NAMES for ch in text))


_NOT_IN_NAMES = frozenset("的了吗呢吧啊呀嘛是在你我他她们这那好对")


def quote(clauses: Sequence[Clause], texts: dict[int, str], prefer_seq: int | None = None) -> tuple[str, int]:
    """A verbatim quote covering ``clauses``, and the seq of the utterance holding most of it.

    Within one utterance the quote runs from the first to the last piece. Across a VAD cut it is
    the tail of one utterance followed by the head of the next, joined with nothing between CJK
    characters and one space otherwise: a substring of the cited utterances' concatenation, which
    is what the evidence check accepts. Clauses from utterances that are not adjacent are quoted
    from one run of adjacent ones (the run holding ``prefer_seq``, else the longest), never across
    the gap; ``prefer_seq`` is also the main seq when it is quoted.
    """
    by_seq: dict[int, list[Piece]] = {}
    for c in clauses:
        for p in c.pieces:
            by_seq.setdefault(p.seq, []).append(p)
    seqs = sorted(by_seq)
    runs: list[list[int]] = []
    for seq in seqs:
        if runs and seq == runs[-1][-1] + 1:
            runs[-1].append(seq)
        else:
            runs.append([seq])
    if len(runs) > 1:
        # Clauses from utterances that are not adjacent ("Are we going ahead?" … "but I'm not
        # ready to call it"): a quote spanning the gap would skip what was said between, so it
        # is the run holding ``prefer_seq``, else the one holding most of the clauses.
        seqs = next((r for r in runs if prefer_seq in r), None) or max(
            runs, key=lambda r: sum(p.end - p.start for s in r for p in by_seq[s])
        )
        by_seq = {s: by_seq[s] for s in seqs}
    parts: list[str] = []
    for i, seq in enumerate(seqs):
        text = texts[seq]
        start = min(p.start for p in by_seq[seq]) if i == 0 else 0
        end = max(p.end for p in by_seq[seq]) if i == len(seqs) - 1 else len(text)
        part = text[start:end].strip()
        if part:
            parts.append(part)
    # One separator for every junction: the ledger accepts a substring of the cited utterances
    # joined with nothing or with single spaces, not a mix of both.
    cjk_only = all(has_cjk(a[-1:] + b[:1]) for a, b in itertools.pairwise(parts))
    parts = [("" if cjk_only else " ").join(parts)]
    main = (
        prefer_seq
        if prefer_seq in by_seq
        else max(by_seq, key=lambda s: sum(p.end - p.start for p in by_seq[s]))
    )
    return "".join(parts), main


def fold(text: str) -> str:
    """Lower-case, NFKC, without spaces and punctuation: for comparing topics, not for quoting."""
    text = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in text if ch.isalnum())


def strip_punct(text: str) -> str:
    return text.strip(_PUNCT_STRIP)


_EN_STOP = frozenset(
    "the a an to of for and or on in by it is be will we our this that with up please before after "
    "are was were been due not no yes so then now just also too can could would should may must has have had "
    "do does did get got make need needs let lets us you they i me my your their "
    # (words that name no particular thing: "the netting guy" and "the relish guy" are not one matter)
    "guy guys thing things stuff one bit lot".split()
)


def tokens(text: str) -> set[str]:
    """Topic tokens: CJK character bigrams and English content words (crudely singularised)."""
    out: set[str] = set()
    low = unicodedata.normalize("NFKC", text).lower()
    for run in re.findall(r"[\u3400-\u9fff]+", low):
        if len(run) == 1:
            out.add(run)
        out.update(run[i : i + 2] for i in range(len(run) - 1))
    for w in re.findall(r"[a-z0-9]+", low):
        if w not in _EN_STOP and len(w) > 1:
            out.add(w[:-1] if w.endswith("s") and len(w) > 3 else w)
    return out


_ACRONYM = re.compile(r"\b[A-Z]{2,5}s?\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def spelled_out(a: str, b: str) -> str:
    """``a`` with each acronym in it that ``b`` spells out in full written as ``b`` says it ("do
    the PO" with "the purchase order for the motors" → "do the purchase order"): the two name one
    thing."""
    if not _ACRONYM.search(a):
        return a
    words = _WORD.findall(b)

    def expand(m: re.Match[str]) -> str:
        letters = m.group(0).rstrip("s").lower() if m.group(0) != m.group(0).upper() else m.group(0).lower()
        for i in range(len(words) - len(letters) + 1):
            run = words[i : i + len(letters)]
            if "".join(w[0].lower() for w in run) == letters and not any(w.lower() in _EN_STOP for w in run):
                return " ".join(run)
        return m.group(0)
    return _ACRONYM.sub(expand, a)


def similarity(a: str, b: str) -> float:
    """Overlap of topic tokens relative to the smaller side (0..1); an acronym one side spells out
    is those words."""
    a, b = spelled_out(a, b), spelled_out(b, a)
    ta, tb = tokens(a), tokens(b)
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / min(len(ta), len(tb))
