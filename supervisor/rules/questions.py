"""Open questions (``_Questions``, a mixin of ``analyzer._Analysis``): a matter left open or put
off and which question it is about (``_open``, ``_asked``, ``_discussed``, ``_introduced``), a
matter said to be undecided (``_undecided``), questions nobody settles (``_unanswered``) and open
questions a later decision answers (``_answered_later``).

Reads the ledger's ``sentences``, ``items``, ``texts``; writes ``items`` (through ``_intro``; an
open question answered later is cancelled) and the open-question memory ``_open_at`` /
``_open_item`` / ``_open_use``."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from . import agreement as ag
from . import frames as fr
from . import lexicon as lx
from . import mentions
from .matter import _asks_about, _substantive, _unfilled, names_matter
from .names import find_people
from .proposals import _headline, _Item
from .text import Clause, Sentence, has_cjk, quote, strip_punct, tokens
from .working import _Ledger

# "调薪的事…", "about the conference budget": the sentence names its matter as a topic.
_TOPIC = re.compile(r"^[\u3400-\u9fffA-Za-z0-9]{2,10}(?:的事|的事情|这件事|这个事|的问题)|\babout the\b", re.IGNORECASE)
# A question said inside a statement names its matter however short it is ("服务器到底买还是租，还没想
# 好", "要不要请顾问，下次再议", "whether we keep the old API is TBD").
_EMBEDDED = re.compile(
    r"^[^，,。]{0,10}?(?:到底|究竟)?(?:[\u3400-\u9fff]{1,4}还是[\u3400-\u9fff]{1,4}|要不要|需不需要|是不是|是否|能不能|够不够|行不行)"
    r"[^，,。]{0,12}$|^(?:由)?谁(?:来|去|负责|当)|^[^，,。]{2,10}?(?:怎么|如何|怎样)(?:定|办|弄|搞|安排|分|算|收|处理|解决|分配|落实)|[\u3400-\u9fff]{2,8}的(?:具体)?(?:日期|时间点?|地点|人选|方案|价格|预算|名单|数量|标准)|"
    r"^(?:whether|if) [\w' -]{3,}|\b(?:decided|settled|agreed|confirmed) (?:on|about) (?!(?:it|that|this)\b)\w{3,}|"
    # (s49: "年会到底办不办": asked with any verb said twice around 不)
    r"^[^，,。]{0,10}?(?:到底|究竟)[^，,。]{0,6}?(?P<v>[\u3400-\u9fff])不(?P=v)",
    re.IGNORECASE,
)
# A clause that only goes away to consult someone ("回去跟爸妈商量一下", "问问家里人", "I'll check
# with the school first"); one that names its matter too ("停车费我去问一下物业") keeps it.
_CONSULT = re.compile(
    r"^(?:那|我|我们|咱们|先|再|得|要|去|还要|还得|回去|回头|\s|i|we|i'?ll|we'?ll|need to|have to|let me)*"
    r"(?:(?:跟|和|找|同)[^，,。]{1,6}(?:商量|讨论|聊|确认)(?:一下|商量)?|问问[^，,。]{0,8}|问一下[^，,。]{0,8}|"
    r"(?:check|talk|speak) (?:with|to) [\w' ]{1,30}|ask [\w' ]{1,30})(?:first)?$",
    re.IGNORECASE,
)
# The clause that leaves it open refers back with a pronoun ("so that stays open", "这个先不定").
_POINTS_BACK = re.compile(r"\b(?:it|that|this)\b|这个|这件事|这事|那个事", re.IGNORECASE)
# A reply that settles the question it follows (yes / no / 要 / 不用 …): what is left open after it
# is some other matter.
_SETTLED = re.compile(
    r"^(?:yes|yeah|yep|sure|definitely|absolutely|of course|no(?! idea)|nope)\b|"
    r"^(?:对|是的|要|不要|不用|需要|不需要|可以|当然|肯定)(?:的|啊|呀|吧)?(?:[，,。！!]|$)",
    re.IGNORECASE,
)
# A question put to the whole room about what is known ("Does anyone know if…", "Did anybody hear…").
_ASKS_ROOM = re.compile(r"^(?:(?:and|so|but|okay|ok)[,\s]+)?(?:does|do|did|has|have) (?:anyone|anybody|someone|somebody|everyone|everybody) "
                        r"(?:\w+ )?(?:know|remember|heard?|have any idea)\b", re.IGNORECASE)
# The next speaker moves on to another matter ("另外，…", "第三件事，…", "Moving on, …").
_TOPIC_SHIFT = re.compile(
    r"^(?:另外|还有一?件事|接下来|下面|下一个|下一项|第[一二三四五六七八九十\d]+(?:件|项|个|点)|"
    r"(?:next|moving on|last thing|next item|item \w+)\b|"
    # (s7) "对了，…", "还有个事，…", "By the way, …", "One more thing, …"; or the speaker is called
    # away ("等一下，我接个电话", "hold on").
    r"对了|还有(?:个|一个)事|顺便(?:说|提)一下|再说个事|(?:哎|唉|啊)?[，,]?\s*(?:电话|等一下|等等|稍等)[，,]?\s*我(?:先)?接(?:个电话|一下)|"
    r"(?:by the way|btw|anyway|one more thing|on another note|separately|oh,? and|hold on|sorry,? i (?:have|need) to take this)\b|"
    # the matter put aside for another: "先说排班吧", "别扯远了", "言归正传", "let's not get into that"
    r"[…\.\s]*(?:(?:那个|这个|嗯+|呃+|哎|好|行|那)[，,…\s]*)*(?:先说[\u3400-\u9fff]{1,6}吧|先不说这个|这个先不说|(?:先)?(?:别|莫|不要)扯(?:远)?了|扯远了|说正事|回到正题|言归正传)|"
    r"let'?s not get into (?:that|it)\b|park (?:that|it)\b)",
    re.IGNORECASE,
)


# The meeting ends there (not a bare "thanks", which may answer: "How was the weekend?" "Good, thanks.").
_ENDS_MEETING = re.compile(r"今天就到这|就到这里|散会|散了|\bthat'?s (?:all|it) for\b|\bsee you\b|\bthat'?s us\b|"
                           r"\blet'?s (?:call it|stop) there\b|\bwrap (?:it )?up\b(?!\s+(?:the\s+\w+\s+)?(?:by|before)\b)",
                           re.IGNORECASE)


# An utterance that is only a pause: nobody answers.
_SILENCE = re.compile(r"^(?:[…\.—\-\s]|\(silence\)|（沉默）)*$", re.IGNORECASE)


# (a "good question" before the answer only acknowledges the question, like "hmm"; so does an
# "Agreed." with the reply before, before putting it off)
_FILLER_ONLY = re.compile(r"^(?:[嗯呃啊哦噢额]+|h+m+|u+[hm]+|e+r+m*|well|(?:(?:it's|that's|that is|it is) )?(?:a )?(?:good|fair|great) question|"
                          r"好问题|agreed|fair enough)$", re.IGNORECASE)


# A reply that only says nobody knows ("Good question. Nobody's told me a thing.", "Don't look at
# me", "I honestly don't remember what we agreed", "这个我还真没问"): the question stays open.
_KNOWS_NOTHING = re.compile(
    r"\b(?:nobody|no one|no-one)(?:'s| has| have)? (?:told|said|mentioned|heard)\b|"
    r"\b(?:haven'?t|hasn'?t|have not|has not) (?:told|said|mentioned) (?:us|me|anyone|anything|a word|a thing)\b|"
    r"\bdon'?t look at me\b|\bi (?:\w+ )?(?:don'?t|do not) (?:actually |really |honestly )?(?:know|remember|recall)\b|\bi'?ve no idea\b|"
    r"\bno (?:idea|clue|answer|word)(?: yet)?\b|\b(?:honestly |genuinely )?not sure\b|\bi haven'?t heard\b|"
    r"\bstill waiting (?:on|for)\b|\bwho knows\b|\bbeats me\b|\bdunno\b|"
    r"(?:还真|也|都)?没(?:问|问过|说|写|提)(?:过)?(?:[，,。]|$)|(?:也|都|还)?不(?:知道|清楚|晓得)|晓不得|"
    r"没(?:有)?(?:消息|下文|回音|信儿|动静)",
    re.IGNORECASE,
)
# (s48) …and a bare "Nothing." when what was asked is whether anyone heard.
_NO_NEWS = re.compile(r"^(?:(?:nope|no|honestly|so far)[,\s]+)?(?:nothing|not a (?:word|peep|thing|squeak)|radio silence|crickets|zilch|nada)"
                      r"(?: (?:yet|so far|at all|whatsoever))?$", re.IGNORECASE)
_ASKS_NEWS = re.compile(r"\b(?:hear|heard|news|word|updates?|get back|got back|respond(?:ed)?|repl(?:y|ied)|answer(?:ed)?)\b",
                        re.IGNORECASE)
# …nor anyone done it yet, or the one asked only leans one way.
_NOT_DONE = re.compile(r"^(?:(?:no|nope|um|uh|well)[,\s]+)?i (?:haven'?t|have not|didn'?t|did not)[.!]?$|\b(?:did not|didn'?t|never) (?:get|got|gotten) back\b|"
                       r"^i lean\b|^not yet\b", re.IGNORECASE)
_NAMES_ITS_OWN = re.compile(r"\b(?:if|whether)\s+(?:the|our|their|his|her)\s+[a-z]+", re.IGNORECASE)
# A figure said in reply: an amount, a count, a length of time.
_FIGURE = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
                     r"hundred|thousand|half|dozen)\b|[一二两三四五六七八九十百千万半]+(?:块|元|个|天|周|月|年|小时|分钟|人|台|次)",
                     re.IGNORECASE)
# Who did something about it, said before that nobody knows yet: "I've asked…", "我问了".
_I_DID = re.compile(r"\b(?:I|I've|I'd|we|we've)\b|我", re.IGNORECASE)
# What a reply may say before it says it does not know: a sound, "good question", a bare "no".
_REPLY_OPENER = re.compile(
    r"^(?:(?:h+m+|u+h+|u+m+|u+g+h+|o+h+|o+o+h+|ah+|er+m*|well|honestly|so|ha|nope|no|nah|嗯+|呃+|哎|这个|"
    r"(?:(?:it's|that's|that is|it is) )?(?:a )?(?:good|fair|great) (?:question|point)|好问题)[\s,，.。!！]*)+$",
    re.IGNORECASE,
)


# A question for a person ("Who's fixing it?", "谁去？"): a question to someone by name right after it
# puts forward who, it does not leave the matter ("Gus, didn't you say you had spare tiles?").
_ASKS_WHO = re.compile(r"\bwho(?:'s|’s| is| will| can| wants| does)?\b|谁", re.IGNORECASE)
# …asking whether they have what it takes: "didn't you say…", "you've got…, haven't you?", "你不是会…吗？"
_PUTS_FORWARD = re.compile(r"\b(?:didn'?t|don'?t|haven'?t|can'?t|could|can|would) you\b|\byou(?:'ve| have) (?:still )?got\b|"
                           r"你不是|你(?:那儿|那里|手上|手里)(?:不是)?有|你会不会|你能不能", re.IGNORECASE)


def _is_silence(said: str) -> bool:
    """Only a pause ("……", "嗯……", "..."): a bare filler ("嗯") is a reply, not silence."""
    rest = _unfilled(said)
    return not (rest and not _SILENCE.match(rest)) and bool(re.search(r"…|\.\.|—", said))


# A reply put as a question that offers a narrower or other option ("Maybe only on weekdays?").
_COUNTER = re.compile(r"^(?:(?:um|uh|hmm|well|or)[\s,]+)*(?:maybe|perhaps|or)\s+(?:just|only)\b", re.IGNORECASE)
_ASK_WORDS = re.compile(
    r"\b(?:who|what|when|where|why|how|which|does|did|would|should|could|will|can|usually|even|really|"
    r"actually|anyone|someone|supposed|going|gonna)\b",
    re.IGNORECASE,
)


def _opens_with_thing(text: str) -> bool:
    """A Chinese clause whose first word (after fillers) names a thing (a noun of two characters
    or more): the topic it is about ("衣柜回去再商量")."""
    if not has_cjk(text):
        return False
    said = [(w, tag) for w, tag in mentions.words(_unfilled(text)) if tag not in ("x", "e", "y")]
    while said and said[0][1].startswith(("r", "c")) and said[0][0] in ("那", "那么", "这", "那个", "这个", "还有", "至于"):
        said = said[1:]  # (a discourse word before the topic: "那纯水这个先记下来")
    return bool(said) and said[0][1].startswith("n") and not said[0][1].startswith("nr") and len(said[0][0]) >= 2


# What a deferral says beside its pointer: when, or what it waits for ("…until the council replies").
_DEFER_REST = re.compile(r"\b(?:it|that|this|those|these)\b|\b(?:until|till|once|when|after|before)\b.*$|"
                         r"\b(?:later|next|sprint|quarter|meeting|time|week|month|for now|again|maybe|then|offline)\b",
                         re.IGNORECASE)


def _defers_only(clause: str) -> bool:
    """An English clause that puts off the matter before it and names none of its own ("Let's revisit
    that next sprint", "We'll figure it out later"), unlike "Let's revisit the pricing next sprint"."""
    if not fr.open_mark(clause):
        return False
    rest = lx.without_dates(fr.without_open_mark(clause))
    return not _TOPIC.search(clause) and not _EMBEDDED.search(clause) and not names_matter(_DEFER_REST.sub(" ", rest))


def _for_effect(asked: Sequence[Clause]) -> bool:
    """Every question among ``asked`` is asked for effect (``lx.RHETORICAL``: "谁不想早点下班？")."""
    questions = [c for c in asked if c.question]
    return bool(questions) and all(lx.RHETORICAL.search(c.text) for c in questions)


def _open_question(use: Sequence[Clause], like: str) -> dict[str, Any]:
    """The payload of an open question that quotes ``use``, joined in the language of ``like``."""
    sep = "，" if has_cjk(like) else ", "
    return {"text": strip_punct(sep.join(strip_punct(c.text) for c in use))[:500],
            "question_type": "clarification", "candidates": []}


class _Questions(_Ledger):
    def _answered_later(self) -> None:
        """An open question settled a few sentences later ("要不要给客户打折？" "回头再议。" …
        "打折的事定了，打九折。") is not open: the decision on the same matter closes it."""
        for q in self.items:
            i = q.extra.get("intro")
            if q.kind != "question" or not q.derived or i is None or q.payload.get("candidates") or q.cancelled:
                continue
            for d in self.items:
                j = d.extra.get("intro")
                # (a decision that puts part of the matter off keeps it open: "午饭统一订，钱的事再说")
                if d.kind == "decision" and d.derived and j is not None and i < j <= i + 3 and not fr.open_mark(
                    _headline(d)
                ) and fr.about_decided(
                    str(q.payload.get("text") or ""), _headline(d)
                ):
                    q.cancelled = f"answered: {_headline(d)}"[:500]
                    q.new = q.new or d.new  # (read utterance by utterance, the decision is the news)
                    break

    def _unanswered(self) -> None:
        """A question nobody settles is open: met with silence ("谁去报修一下？" "……"), with a reply
        that only hedges ("要不要配个小玩具？" "我觉得可以考虑，但成本要算一下。") and no decision after
        it, or with a change of topic ("…要不要接？" "另外，…"). The reply (or the silence) is cited
        too: read utterance by utterance, it is what makes the question open."""
        for q in self.sentences:
            if not q.question or not _asks_about(q.text) or lx.CLOSING.search(q.text) or lx.RHETORICAL.search(q.text):
                continue
            j = q.index + 1
            while (j < len(self.sentences) and self.sentences[j].seqs == q.seqs and not self.sentences[j].question
                   and j + 1 < len(self.sentences)):
                j += 1  # ("…到底交上去没有？去年就说要交。": what the asker adds is no reply)
            nxt = self.sentences[j] if j < len(self.sentences) and (j == q.index + 1 or self.sentences[j].seqs != q.seqs) else None
            near = set(q.seqs) | (set(nxt.seqs) if nxt is not None else set())
            if any(it.kind == "question" and it.seqs & near for it in self.items):
                continue  # already open (or its reply left something else open)
            if self._asked_work(q.clauses):
                continue  # a request, pushed back or not ("Could you go round the shops?" "I could, but…")
            k = q.index
            while k > 0 and self.sentences[k - 1].question and self._same_breath(k - 1, k):
                k -= 1
            asked = [c for s in self.sentences[self._antecedent(k) : q.index + 1] for c in s.clauses]
            after = q.last_seq + 1
            said = self.texts.get(after)
            if said is not None and _is_silence(said):
                self._open_by_reply(q, asked, [], after)
                continue
            if self._knows_nothing(q, asked, after):
                continue
            # (a question on another matter right after it answers nothing: "…要不要调？" "对了，…谁去？")
            shifted = nxt is not None and bool(_TOPIC_SHIFT.match(nxt.text)) and not lx.CLOSING.search(nxt.text) and not (
                nxt.text.startswith("对了") and tokens(nxt.text) & tokens(q.text)  # ("对了，三号楼。": right, an answer)
            )
            # (the meeting closes on it, "…镇里有没有补助？" "哎，都十二点了，先散了吧。", or the next turn
            # asks someone else about another matter: "…还是留着？" "哎，晓丽，你家的猫找到没？")
            shifted = shifted or (nxt is not None and min(nxt.seqs) == after and not (tokens(nxt.text) & tokens(q.text)) and (
                any(_ENDS_MEETING.search(s.text) for s in self.sentences[nxt.index : nxt.index + 3] if s.seqs == nxt.seqs)
                or (nxt.question and bool(find_people(nxt.text, self.participants))
                    and not (_ASKS_WHO.search(q.text) and _PUTS_FORWARD.search(nxt.text)))))
            if nxt is None or (nxt.question and not shifted) or min(nxt.seqs) > after or self._same_breath(q.index, nxt.index):
                continue
            if self._decided_at(nxt.index, nxt.index + 1):
                continue
            # (a bare 好/OK before the hedge is no answer: "好，可以考虑，不过得看场地。")
            said = [c for c in nxt.clauses if not lx.CHATTER_ONLY.match(strip_punct(c.text))] or list(nxt.clauses)
            if all(fr.hedges(said, self.participants)) and not fr.decided(nxt.text):
                self._open_by_reply(q, asked, list(nxt.clauses), None)
            elif shifted:
                self._open_by_reply(q, asked, [], min(nxt.seqs))

    def _knows_nothing(self, q: Sentence, asked: list[Clause], after: int) -> bool:
        """The reply right after ``q`` (utterance ``after``) only says nobody knows, or only makes a
        sound and the talk then moves on or ends ("Good question. Nobody's told me a thing.", "Uh,
        good question." "Okay, I think that's us for tonight."): ``q`` is opened, quoted with the
        reply; True when it was."""
        if self.texts.get(after) is None:
            return False
        k = q.index + 1
        while k < len(self.sentences) and self.sentences[k].seqs == q.seqs and not self.sentences[k].question:
            k += 1  # (what the asker adds after the question is no reply)
        while k < len(self.sentences) and self.sentences[k].seqs == (after,) and _REPLY_OPENER.match(
            strip_punct(self.sentences[k].text).strip()
        ):
            k += 1
        said = self.sentences[k] if k < len(self.sentences) else None
        if said is not None and said.seqs == (after,):
            # ("I've asked the contractor. No answer yet.": one sentence of what was done may come first;
            # a figure said by no "I" is an answer: "Twelve pounds a head. Not sure who pays, though.")
            if not self._knows_nothing_of(said, asked) and not (_FIGURE.search(said.text) and not _I_DID.search(said.text)) \
                    and k + 1 < len(self.sentences) and self.sentences[k + 1].seqs == (after,):
                k += 1
                said = self.sentences[k]
            if said.question or not self._knows_nothing_of(said, asked) or self._decided_at(k, k + 1) or (
                any(it.extra.get("intro") in (k - 1, k) for it in self.items)
            ):
                return False
            self._open_by_reply(q, asked, [c for s in self.sentences[q.index + 1 : k + 1] for c in s.clauses], None)
            return True
        if any(_SETTLED.match(strip_punct(s.text).strip()) for s in self.sentences[q.index + 1 : k] if s.seqs == (after,)):
            return False  # ("Does anyone still use the fax?" "Nope.": a bare yes or no answers it)
        if k == q.index + 1 or (said is not None and not (
            lx.CLOSING.search(said.text) or _TOPIC_SHIFT.match(said.text)
        )) or (said is None and after < max(self.texts)):
            return False
        # (only "Uh, good question.", then the meeting closes or moves on)
        self._open_by_reply(q, asked, [c for s in self.sentences[q.index + 1 : k] for c in s.clauses], None)
        return True

    @staticmethod
    def _knows_nothing_of(said: Sentence, asked: Sequence[Clause]) -> bool:
        """``said`` only says nobody knows; a bare "Nothing." / "Not a word." does when what was
        ``asked`` is whether anyone heard ("Did anyone hear back from the insurer?" "Nothing.")."""
        if _KNOWS_NOTHING.search(said.text):
            return True
        return bool(_NO_NEWS.match(strip_punct(said.text).strip())) and any(_ASKS_NEWS.search(c.text) for c in asked)

    def _antecedent(self, k: int) -> int:
        """Where the question at sentence ``k`` starts being about its matter: a question that
        only points at it ("Who usually does that?", "这个谁来弄？") takes the statement said right
        before it, which names it."""
        q = self.sentences[k]
        bare = _ASK_WORDS.sub(" ", _POINTS_BACK.sub("", q.text))
        if k and _POINTS_BACK.search(q.text) and not _asks_about(bare):
            prev = self.sentences[k - 1]
            if not prev.question and max(prev.seqs) >= min(q.seqs) - 1:
                return k - 1
        if k and self._same_breath(k - 1, k) and not self.sentences[k - 1].question and ag.introduces(self.sentences[k - 1].text):
            return k - 1  # "Next, the logo colours. Green or orange?": the matter was named first
        if k and _ASKS_ROOM.match(q.text) and self._same_breath(k - 1, k) and not self.sentences[k - 1].question \
                and _substantive(_unfilled(self.sentences[k - 1].text)):
            # (s48) "The lease on the depot runs out in May. Does anyone know who renews it?": what
            # the room is asked about was said just before
            return k - 1
        if k and not _asks_about(bare) and not self.sentences[k - 1].question and self._same_breath(k - 1, k):
            # "Next, the fine-free policy. Several libraries have gone fine-free. Should we?": a question
            # with no matter of its own is about what was said before it, from where it was opened
            j = k - 1
            if j and self._same_breath(j - 1, j) and not self.sentences[j - 1].question and ag.introduces(self.sentences[j - 1].text):
                j -= 1
            return j
        return k

    def _open_by_reply(self, q: Sentence, asked: list[Clause], reply: list[Clause], seq: int | None) -> None:
        if _for_effect(asked):
            return
        use = [*asked, *reply]
        it = self._intro("question", _open_question(use, q.text), q, use, use[-1])
        if seq is not None:
            it.seqs.add(seq)
            it.new = it.new or seq >= self.new_from

    def _open(self, sent: Sentence, f: fr.Frame) -> bool:
        """A matter explicitly left open ("Let's leave it open", "先挂着"): the question asked just
        before (or the matter this sentence names) becomes an open question."""
        clauses = list(f.clauses)
        # (going away to consult someone names no matter: "回去跟爸妈商量一下", "check with the school")
        own = [c for c in clauses if (names_matter(fr.without_open_mark(c.text), c.text) and not _CONSULT.match(strip_punct(c.text).strip()))
               or _TOPIC.search(c.text) or _EMBEDDED.search(c.text)]
        marked = [c for c in clauses if fr.open_mark(c.text)]
        points_back = f.cue == "answer" or not own or bool(
            lx.POINTER.match(_unfilled(clauses[0].text))
            # (an "it" in what is not known points at nothing before when that names its own thing: "not sure
            # if the council covers it")
            or any(_POINTS_BACK.search(re.split(r"\b(?:if|whether)\b", c.text, maxsplit=1)[0]
                                       if _NAMES_ITS_OWN.search(c.text) else c.text) for c in marked)
        )
        if self._open_at >= 0 and self._open_at >= sent.index - 2 and not any(
            self.sentences[k].question for k in range(self._open_at + 1, sent.index)
        ):
            # "Nobody knows yet. … Open question for now.": the same matter again — no new question
            # was asked since; a sentence that names it ("so the phone policy stays open") joins
            # the quote of the open question already made.
            # (a deferral opened by the thing it is about names it: "衣柜回去我俩商量一下再说吧")
            named = (own and not points_back) or (not own and f.cue != "answer" and _opens_with_thing(clauses[0].text))
            if named and self._open_item is not None:
                between = [c for s in self.sentences[self._open_at + 1 : sent.index] for c in s.clauses]
                self._open_use = [*self._open_use, *between, *clauses]
                self._set_open(self._open_item, sent, self._open_use)
            self._open_at = sent.index
            return True
        asked = self._asked(sent, far=points_back) or (self._introduced(sent) if points_back else [])
        asked = [] if _for_effect(asked) else asked
        if f.cue == "answer" and self._asked_work(asked):
            return True  # ("Niamh, could you go round the shops?" "I could, yeah, but—": a request pushed back)
        # English put off with a pointer ("Let's revisit that", "We'll figure it out later"): the
        # sentence names no matter of its own ("Let's revisit the pricing next sprint" does).
        deferred = not has_cjk(sent.text) and all(_defers_only(c.text) for c in own)
        if deferred and not asked:
            asked = self._discussed(sent)
            if not asked:
                return True  # (work said before it is put off: no matter is left open, no date is set)
        while deferred and asked and _FILLER_ONLY.match(strip_punct(asked[-1].text)):
            asked = asked[:-1]  # ("Should we move the standup? Hmm. Let's revisit that.")
        if deferred and asked:
            # "Should we move the standup?" / "The contractor parking keeps coming up." "Let's revisit
            # that next sprint.": the matter is what was said before, quoted on its own; the
            # deferral only makes it open now (its utterance is cited, its words are no matter).
            use = asked
        elif (points_back and asked) or own:
            # A question asked right before the sentence that leaves it open is the matter too
            # ("开幕要不要请市里领导？" "我倾向于请，…，这个先不定。").
            use = [*asked, *clauses]
        else:
            return False
        self._open_item = self._intro("question", _open_question(use, sent.text), f.scope, use, use[-1])
        if deferred and asked:
            self._open_item.seqs.update(sent.seqs)
            self._open_item.new = self._open_item.new or self._is_new(sent)
        self._open_use = use
        self._open_at = sent.index
        return True

    def _asked_work(self, asked: Sequence[Clause]) -> bool:
        """Whether the question among ``asked`` was a request: a task was made or touched there."""
        at = {s.index for s in self.sentences if s.question and any(c in s.clauses for c in asked)}
        return bool(at) and any(it.kind == "task" and (it.extra.get("intro") in at or it.touched in at) for it in self.items)

    def _discussed(self, sent: Sentence) -> list[Clause]:
        """English: the statement said right before a deferral that points back ("We still haven't
        agreed how to split the budget." "Let's revisit that next sprint."), in the same utterance or
        the one before, when it names a matter and was read as nothing else; [] otherwise."""
        k = sent.index - 1
        while k >= 0 and _FILLER_ONLY.match(strip_punct(self.sentences[k].text)):
            k -= 1
        if k < 0:
            return []
        prev = self.sentences[k]
        if prev.question or max(prev.seqs) < min(sent.seqs) - 1 or not _substantive(_unfilled(prev.text)):
            return []
        if any(it.extra.get("intro") == k or (it.kind == "task" and it.touched == k) for it in self.items):
            return []  # a task or decision said there is what the deferral is about, not an open matter
        return [c for s in self.sentences[k : sent.index] for c in s.clauses]

    def _asked(self, sent: Sentence, far: bool) -> list[Clause]:
        """The question(s) just asked before ``sent``: the sentence right before it, or with ``far``
        (the sentence points back: "Let's leave it open", "这个先不定") one up to four sentences
        back within the utterance before. Questions asked in one breath ("What about the backlog?
        Is anyone looking at it?") are the same matter. [] when none was asked."""
        # A filler said in between ("Hmm.", "嗯。") is no sentence of its own here.
        fill = 0
        while sent.index - fill - 1 >= 0 and _FILLER_ONLY.match(strip_punct(self.sentences[sent.index - fill - 1].text)):
            fill += 1
        i = sent.index - fill - 1
        # (what the asker adds after the question is no reply: "…交上去没有？去年就说要交。" "不晓得。")
        adds = int(i >= 1 and not self.sentences[i].question and self.sentences[i - 1].question
                   and self.sentences[i].seqs == self.sentences[i - 1].seqs)
        # (s48) a reply that only tells what is known between the question and the sentence that
        # points back at it ("…has anyone asked the school about the hall?" "I haven't. I thought you
        # had." "So nobody has. We'll come back to that.")
        over = int(far and self._reply_only(min(sent.seqs) - 1))  # (that reply passed over, two sentences more)
        floor = min(sent.seqs) - 1 - over
        for back in range(1 + fill, (5 if far else 2 + adds) + fill + 2 * over):
            k = sent.index - back
            if k < 0:
                break
            prev = self.sentences[k]
            if back - fill > 2 and max(prev.seqs) < floor:
                break
            if back - fill == 1 and max(prev.seqs) < min(sent.seqs) - 1 - fill:
                break
            # (a yes after the question or what its asker added, not after another reply: "The office
            # never replied." "Sure, typical.")
            if back > 1 and _SETTLED.match(_unfilled(self.sentences[k + 1].text)) and not self._bare_reply(k + 1, sent) \
                    and (prev.question or (k > 0 and self.sentences[k - 1].question and self.sentences[k - 1].seqs == prev.seqs)):
                break  # "Do we need a new projector?" "Yes, the old one is broken.": answered
            if not far and back > 1 and prev.question and self.sentences[k + 1].seqs != prev.seqs \
                    and _FIGURE.search(self.sentences[k + 1].text) and not self.sentences[k + 1].question:
                break  # ("How long is the wait?" "Six weeks. Not sure if the grant covers it.": a figure answered it)
            if prev.question:
                while k > 0 and self.sentences[k - 1].question and self._same_breath(k - 1, k):
                    k -= 1
                k = self._antecedent(self._thread_start(k))
                if self._same_breath(k, sent.index):
                    k = self._asked_before_reply(k)
                # The answer that leaves it open is quoted too: read utterance by utterance, it
                # is what makes the question new. What was said in between is quoted with it: a
                # quote is one verbatim span.
                return [c for s in self.sentences[k : sent.index] for c in s.clauses]
        return []

    def _reply_only(self, seq: int) -> bool:
        """Utterance ``seq`` is a short reply that settles nothing: at most three sentences, asking
        nothing, giving no figure, and saying nobody knows or has done it, or only leaning one way
        ("I haven't. I thought you had.", "Nothing. I rang them on Monday.", "I lean towards vouchers, but…")."""
        said = [s for s in self.sentences if s.seqs == (seq,)]
        if not said or len(said) > 3 or any(s.question or _FIGURE.search(s.text) for s in said):
            return False
        return any(_KNOWS_NOTHING.search(s.text) or _NO_NEWS.match(strip_punct(s.text).strip()) or _NOT_DONE.search(s.text)
                   for s in said)

    def _thread_start(self, k: int) -> int:
        """A question with no matter of its own that only offers another option ("The 9th, then?",
        "What about Monday?") goes on the question asked just before it ("Is the quiz night still the
        2nd?" "Two of us are away that week."): the matter starts there — one up to three sentences
        back within the two utterances before, asked of the room, not a request."""
        q = self.sentences[k]
        # (an answer put as a question: "Are we streaming it again?" "Maybe just the keynote?")
        counter = bool(_COUNTER.match(q.text))
        if has_cjk(q.text) or (_asks_about(_ASK_WORDS.sub(" ", q.text)) and not counter):
            return k
        # (a name called again in the same turn, "…are you there? … Carol?", goes on no question)
        called = bool(find_people(q.text, self.participants)) and len(strip_punct(q.text).split()) <= 2
        j = self._question_before(k, 1 if counter else 2, lambda prev: not (prev.seqs == q.seqs and called)
                                  and not self._asked_work(prev.clauses))
        return k if j is None else j

    def _asked_before_reply(self, k: int) -> int:
        """The reply put off asks a question of its own first ("Should we keep the old site running?"
        … "Maybe two weeks as a middle path? Let's think about it."): the matter is the question it
        replies to, asked up to three sentences before within the two utterances before."""
        j = self._question_before(k, 2, lambda prev: _asks_about(prev.text))
        return k if j is None else self._antecedent(j)

    def _question_before(self, k: int, gap: int, fits: Callable[[Sentence], bool]) -> int | None:
        """Where the question that ``fits``, asked up to three sentences before sentence ``k`` and
        within ``gap`` utterances before it, starts (questions asked in one breath are one); None
        when there is none."""
        first = min(self.sentences[k].seqs)
        for j in range(k - 1, max(-1, k - 4), -1):
            prev = self.sentences[j]
            if max(prev.seqs) < first - gap:
                break
            if prev.question and fits(prev) and not lx.RHETORICAL.search(prev.text):  # (asked for effect: no matter)
                while j > 0 and self.sentences[j - 1].question and self._same_breath(j - 1, j):
                    j -= 1
                return j
        return None

    def _bare_reply(self, k: int, sent: Sentence) -> bool:
        """Sentence ``k`` is only a yes or no said in the breath of ``sent``, which leaves the matter
        open ("Do we even have a designer?" "No. That's a problem for another day."): the question
        had its literal answer, the matter behind it is still open."""
        bare = len(strip_punct(self.sentences[k].text).split()) <= 1 and len(strip_punct(self.sentences[k].text)) <= 4
        return bare and self._same_breath(k, sent.index)

    def _introduced(self, sent: Sentence) -> list[Clause]:
        """A matter put off with nothing asked ("再说菜单，酒店给了两套，…" "我觉得八千八就够了。" …
        "那再想想吧。"): the matter opened or laid out as options up to three sentences back, in the
        utterances right before, with nothing decided, asked or given out since; quoted from there."""
        first = min(sent.seqs)
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1):
            prev = self.sentences[k]
            if prev.question or max(prev.seqs) < first - 1 or any(it.extra.get("intro") == k for it in self.items):
                return []
            if ag.introduces(prev.text):
                return [c for s in self.sentences[k : sent.index] for c in s.clauses]
            first = min(prev.seqs)
        return []

    def _set_open(self, it: _Item, sent: Sentence, use: Sequence[Clause]) -> None:
        it.payload["text"] = _open_question(use, sent.text)["text"]
        it.evidence, it.evidence_seq = quote(list(use), self.texts)
        self._touch(it, sent, use)

    def _undecided(self, f: fr.Frame) -> None:
        """A matter left open ("下线时间还没定") is an open question; one that points back
        ("这个还没定") is about the question just asked, which joins it."""
        sent, clauses = f.scope, f.clauses
        use = list(clauses)
        prev = self.sentences[sent.index - 1] if sent.index else None
        if prev is not None and prev.question and (
            lx.POINTER.match(clauses[0].text) or len(strip_punct(clauses[0].text)) <= 4
            # "嗯，回头再议吧。": nothing of its own left once the marker is gone
            or not _substantive(lx.HEDGE_BACK.sub("", lx.UNDECIDED.sub("", f.scope.text)))
        ):
            use = [*prev.clauses, *use]
        sep = "，" if has_cjk(sent.text) else ", "
        payload = {"text": strip_punct(sep.join(c.text for c in use))[:500], "question_type": "clarification",
                   "candidates": []}
        self._intro("question", payload, sent, use, use[-1])
