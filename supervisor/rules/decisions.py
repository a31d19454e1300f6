"""Decisions (``_Decisions``, a mixin of ``analyzer._Analysis``): a decision frame (the same topic
decided again revises it), a confirmation of the statement before (``_confirmed``), consent to an
option asked about (``_settle``), a choice answered at once (``_answered_firmly``), a proposal
agreed to in the next turn (``_agreed``) and a turn that agrees, then says what is done
(``_agreed_then_said``).

Reads the ledger's ``sentences``, ``items``, ``texts``, ``participants``; writes ``items`` (through
``_intro`` / ``_touch``; a decision on the same topic is revised in place)."""

from __future__ import annotations

import itertools
import re
from typing import Any

from . import agreement as ag
from . import extract as ex
from . import frames as fr
from . import lexicon as lx
from .matter import _asks_about, _substantive, _unfilled
from .names import find_people
from .proposals import _headline
from .text import Clause, Sentence, has_cjk, quote, strip_punct, tokens
from .working import _Ledger

# A statement that puts something forward ("我推荐的那个王老师…", "I'd recommend the blue one").
_PROPOSES = re.compile(r"推荐|提议|建议|提名|\b(?:propose|suggest|recommend|nominate)", re.IGNORECASE)
_VOTE = re.compile(
    r"^(?:aye|yes|yea|agreed|seconded|second|i second (?:it|that)|is there a second(?:er)?|(?:any(?:one)? )?opposed|any against|"
    r"all in favou?r|any objections|同意|赞成|附议|没意见|大家同意吗|有没有意见|"
    # (the count and the call for it: "Okay, that's everyone.", "Let's vote.", "Can we just vote?")
    r"(?:(?:okay|ok|right|so)[,\s]+)?(?:that'?s (?:everyone|everybody|all of us|unanimous)|unanimous|let'?s (?:vote|take a vote)|"
    r"can we (?:just )?(?:vote|take a vote)|show of hands))$",
    re.IGNORECASE,
)
# The motion put to the vote, with what it is: "All in favour of the quiet-hours rule?"
_MOTION_PUT = re.compile(r"^(?:(?:okay|ok|right|so)[,\s]+)?all (?:those )?in favou?r of (?!it\b|that\b|this\b)\S.*$", re.IGNORECASE)
# A statement said with a tag asking for agreement ("…, right?", "…，对吧？") is no open question.
_TAGGED = re.compile(r"(?:,\s*right|,\s*correct|对吧|是吧|没错吧)$", re.IGNORECASE)
# A question asking which way the group goes: yes/no ("还打吗", "要不要", "Are we …?") or a choice.
_CHOICE_ASKED = re.compile(
    r"吗$|么$|要不要|是不是|还是|([\u4e00-\u9fff])不\1|"
    # ("Marcus, where are we at?" asks how things stand, not what the group does)
    r"^(?:\W*(?:and|so|okay|ok|now|then)[\s,]+)*(?:should|shall|do|are|will) we\b|(?<!where )(?<!how )(?<!what )\bare we\b|"
    r"\bis (?:the|it|that)\b.*\bstill\b",
    re.IGNORECASE,
)
# Questions that ask who or when (a task or a date answers them), or ask someone for something.
_NOT_A_CHOICE = re.compile(r"谁|什么时候|几点|哪天|能不能|可不可以|你|您|\bwho\b|\bwhen\b|\bcan you\b|\bcould you\b",
                           re.IGNORECASE)
_AFFIRMS = re.compile(r"^(?:yes|yeah|yep|definitely|absolutely|we are|we will|we'?ll|we should|对|是的|要|需要|当然|肯定|照常|照旧)\b|"
                      r"^(?:对|是的|要|需要|当然|肯定|照常|照旧)(?:[，,。!！]|$)|"
                      # ("还办吗？" "照常办。": kept as planned, said with the verb or how it goes)
                      r"^(?:照常|照旧)(?:[\u4e00-\u9fff]|进行|举行)(?:[，,。!！]|$)", re.IGNORECASE)
_DECLINES = re.compile(r"^(?:no|nope|not|never|不|没|别)", re.IGNORECASE)
# (and a conclusion said as what the group does: "那就按原位置重建，加个顶棚" "同意。")
_CHANGES = re.compile(r"改到|改成|改为|换成|换到|挪到|定在|定成|^(?:那就|那咱们就|那我们就|那咱就)(?!这样|这么)(?=[\u4e00-\u9fff]{3})|"
                      r"\b(?:move|moving|switch|switching|change|changing)\b", re.IGNORECASE)


# A decision said of a pronoun, and a topic said on its own before it ("Right, the door rota.").
_PRONOUN_FIRST = re.compile(r"^(?:it|they|that|this)\b(?!'s (?:all|it)\b)", re.IGNORECASE)
_BARE_TOPIC = re.compile(
    r"^(?:(?:right|okay|ok|so|now|and|next|then)[,\s]+)*(?:the|our|this|that)\s+"
    r"(?![\w' -]*\b(?:is|are|was|were|will|'ll|do|does|did|can|should|have|has|had|going)\b)[\w' -]{2,40}$",
    re.IGNORECASE,
)
# The thing asked about is called off ("No, it's off.", "取消了").
_CALLED_OFF = re.compile(r"\b(?:it'?s|that'?s|it is|that is) (?:off|cancell?ed|not happening)\b|^(?:不办了|取消了)", re.IGNORECASE)
# A value set for all, said before a bare "Done." (s48): "The locker fee goes to two pounds. Done."
_EN_VALUE_SET = re.compile(r"\b(?:goes|go|moves|move|changes|change|drops|drop|rises|rise)(?: up| down| back)? to\b|"
                           r"\b(?:stays|stay|remains|remain) (?:at|the same)\b", re.IGNORECASE)
# A refusal that names nothing but its verb ("算了，不搞了", "那就不办了").
_BARE_NO = re.compile(r"^(?:(?:那|那就|好|行|算了)[，,]?)*(?:那就|就)?(?:先)?不([\u4e00-\u9fff]{1,2}?)了(?:吧)?$")

# A sentence that backs or reports around a statement rather than saying what is settled: a
# condition, a cause, what was said or done before, who was told ("If we raise it, bookings
# drop.", "We covered this in June.", "I told the supplier already.", "Last year was a mess.").
_EN_REASON = re.compile(
    r"^(?:(?:and|but|so|honestly|look)[,\s]+)?(?:if|because|since|'cause|cos|otherwise|unless|"
    r"we (?:discussed|talked|said|went over|covered|agreed)|i(?:'ve)? (?:talked|spoke|told|asked|checked|already|fought|"
    r"cleared|ran)|last (?:year|time|week|month|quarter|season|term)|(?:it|that|this)(?:'s| is| was) (?:not|only|just|too|"
    r"what)|the (?:complaints?|reason|problem|issue)s?\b|people|they|nobody (?:wants|likes|complains?))\b",
    re.IGNORECASE,
)
# A bare agreement said as a turn's first sentence ("Agreed.", "Yes, agreed.").
_BARE_AGREED = re.compile(r"^(?:(?:yes|yeah|yep|ok(?:ay)?|right|fine)[,\s]+)?(?:agreed|absolutely agreed|fully agreed)$", re.IGNORECASE)
# What the speaker or the one spoken to will do is work, not a decision ("I'll write to them").
_I_OR_YOU = re.compile(r"^(?:(?:so|and|then|okay)[,\s]+)*(?:i|you|i'?ll|you'?ll|i'?m|you'?re|can you|could you|let me)\b", re.IGNORECASE)
_DAY_LEAD = re.compile(r"^(?:那就|那|就|好|行|ok(?:ay)?|fine|then)[\s,，]*", re.IGNORECASE)


def _only_a_day(text: str) -> bool:
    """``text`` says nothing but a day ("那就下周二", "Fine, Thursday then")."""
    t = re.sub(r"(?:吧|了|then)$", "", _DAY_LEAD.sub("", strip_punct(text).strip()), flags=re.IGNORECASE).strip()
    hits = lx.dates(t)
    return bool(t) and len(hits) == 1 and hits[0].start == 0 and hits[0].end == len(t)


def _asked_verb(question: str) -> str:
    """The verb a yes/no question asks about: 打 of "还打吗" / "打不打"."""
    m = re.search(r"([\u4e00-\u9fff])不\1", question) or re.search(r"还([\u4e00-\u9fff])(?:吗|么)[？?]?$", question)
    return m.group(1) if m else ""


def _decision_payload(body: str) -> dict[str, Any]:
    """A decision's payload from the words that say it ("Yes, we keep it" for "yes, we keep it")."""
    return {"text": body[:1].upper() + body[1:]}


class _Decisions(_Ledger):
    def _answered_firmly(self) -> None:
        """A question on what the group will do ("周六那场训练赛还打吗？", "盘点还是周五？", "Are we
        keeping the Friday slot?") answered at once with a firm yes or a change ("打。…改到周日下午。",
        "盘点改到下周一。", "Yes, we keep it.") is decided: the question and the answer. A "no" is
        left alone (its quote would name what was turned down as decided)."""
        for q in self.sentences:
            asked = strip_punct(q.text)
            if not q.question or not _CHOICE_ASKED.search(asked) or _NOT_A_CHOICE.search(asked):
                continue
            if re.search(r"(?:^|[，,])(?:不是|难道)", asked):
                continue  # ("不是说好下周交吗？" "对。": what stands is checked, nothing is chosen)
            if q.index + 1 >= len(self.sentences) or not _asks_about(q.text):
                continue
            r = self.sentences[q.index + 1]
            if r.question or min(r.seqs) != q.last_seq + 1 or self._decided_at(r.index):
                continue
            if any(it.extra.get("intro") == r.index for it in self.items):
                continue  # the reply was read as something of its own (a task, an open matter)
            said = _unfilled(r.text)
            refused = ag.echoed_no(asked, said)  # "要不要准备水果？" "不准备了，…": decided, not to
            refused = refused or bool(_CALLED_OFF.search(said))  # "Is the raffle still on?" "No, it's off."
            if any(fr.hedges(r.clauses, self.participants)) or fr.open_mark(r.text) or (_DECLINES.match(said) and not refused):
                continue
            # The rest of the reply's utterance says how ("打。不过换个时间，改到周日下午。").
            more = [s for s in self.sentences[r.index + 1 :] if not s.question and set(s.seqs) <= set(r.seqs)]
            said_all = _unfilled(" ".join(s.text for s in (r, *more)))
            verb = _asked_verb(asked)
            if _only_a_day(r.clauses[0].text):
                continue  # "…下周二行不行？" "那就下周二，…": when the work is due, agreed — no decision
            changes = bool(_CHANGES.search(said_all)) and bool(tokens(said_all) & tokens(asked))
            if not (_AFFIRMS.match(said) or (verb and said.startswith(verb)) or changes or refused):
                continue
            if any(any(fr.hedges(s.clauses, self.participants)) or fr.open_mark(s.text) for s in more):
                more = []
            use = [*q.clauses, *r.clauses, *(c for s in more for c in s.clauses)]
            sep = "，" if has_cjk(q.text) else ", "
            body = strip_punct(sep.join(c.text for c in use))
            prior = next((it for it in self.items if it.kind == "decision" and not it.cancelled and it.seqs
                          and it.seqs <= set(r.seqs)), None)
            if prior is not None:
                # "Is the raffle still on?" "No, it's off. …, so we're not doing it this year.": the
                # reply's own decision, now read with what was asked
                prior.payload = _decision_payload(body)
                self._refresh(prior, use)
                continue
            it = self._intro("decision", _decision_payload(body), r, use, r.clauses[0])
            it.extra["intro"] = r.index

    def _agreed_then_said(self) -> None:
        """An English turn that opens with a bare agreement (to what was said before it) and goes on
        to say what is done ("Agreed. Refunds for everyone, and the regulars get a voucher."): the
        statement after the agreement is decided, when nothing else was read there and it is no
        one's own work, no hedge and no question."""
        for a in self.sentences:
            if a.index + 1 >= len(self.sentences) or has_cjk(a.text) or a.index == 0:
                continue
            if not _BARE_AGREED.match(strip_punct(a.text).strip()) or min(a.seqs) == min(self.sentences[a.index - 1].seqs):
                continue  # (the agreement must open its turn)
            s = self.sentences[a.index + 1]
            said = strip_punct(s.text).strip()
            if not self._same_breath(a.index, s.index) or s.question or len(said.split()) < 4 or fr.open_mark(s.text):
                continue
            if any(fr.hedges(s.clauses, self.participants)) or find_people(said, self.participants) or _I_OR_YOU.match(said):
                continue
            if self._decided_at(a.index, s.index) or any(it.seqs & set(s.seqs) and it.kind == "question" for it in self.items):
                continue
            it = self._intro("decision", _decision_payload(said), s, [*a.clauses, *s.clauses], s.clauses[0])
            it.extra["intro"] = s.index

    def _reversed(self) -> None:
        """A refusal taken back a few sentences later ("宣传册先不印了。" … "那还是印，印一千份，…") is
        no longer decided: the decision becomes what was said instead, up to the clause that turns
        to someone."""
        for it in self.items:
            m = re.search(r"不([\u4e00-\u9fff])了", str(it.payload.get("text") or ""))
            if it.kind != "decision" or it.cancelled or m is None or not it.seqs:
                continue
            back = re.compile(rf"^(?:(?:嗯|好|行|也对|对)[，,…\s]*)*(?:那|那就)?还是{m.group(1)}")
            later = [s for s in self.sentences if min(s.seqs) > max(it.seqs)][:4]
            again = next((s for s in later if back.match(strip_punct(s.clauses[0].text))), None)
            if again is None:
                continue
            use = list(itertools.takewhile(lambda c: not find_people(c.text, self.participants)
                                           and not re.search(r"[你您]", c.text), again.clauses)) or [again.clauses[0]]
            said = strip_punct("，".join(c.text for c in use))
            # (what was refused is named with the refusal: "宣传册先不印了" → 宣传册)
            refused = next(p for p in re.split(r"[，,]", str(it.payload.get("text"))) if m.group(0) in p)
            topic = re.sub(r"(?:先|就|也|暂时)?不[\u4e00-\u9fff]了.*$", "", refused)
            it.payload = _decision_payload(f"{topic}：{said}" if len(topic) >= 2 and topic not in said else said)
            it.evidence, it.evidence_seq = quote(use, self.texts)
            self._touch(it, again, use)

    def _agreed(self) -> None:
        """A proposal agreed to in the next turn is decided: "我建议报销换成电子发票。" "同意。",
        "保洁改成一周两次，可以吧？" "可以。", "那迁移先放一放，…，挪到2.5。" "同意，没必要赶。". A weak
        yes (行/好/OK/sure) agrees only to something put forward (a suggestion, a choice asked of the
        group, a consent tag); a strong one (同意/agreed/works for me) also to a stated change. Never
        to a request of someone ("张伟，你能不能…？" "没问题。") or to work handed out."""
        for r in self.sentences:
            strength = ag.agrees([c.text for c in r.clauses]) if not r.question and not fr.open_mark(r.text) else ""
            if not strength or r.index == 0:
                continue
            k = r.index - 1
            if ag.tag_only(self.sentences[k].text) and k > 0 and self._same_breath(k - 1, k):
                k -= 1  # "So the kickoff is on the 12th. Okay?" "Works for me."
            # (the proposal, then its reason in the same breath: "I think we should go full-time.
            # Half-time never works." "Agreed.")
            if k > 0 and self._same_breath(k - 1, k) and not ag.proposes(self.sentences[k].text) and ag.proposes(
                self.sentences[k - 1].text
            ):
                k -= 1
            p = self.sentences[k]
            if min(r.seqs) != max(self.sentences[r.index - 1].seqs) + 1 or self._same_breath(k, r.index):
                continue
            said = strip_punct(p.text)
            put = ag.proposes(p.text) or bool(_PROPOSES.search(said))  # (推荐, recommend)
            change = not p.question and bool(_CHANGES.search(said) or lx.CORRECTION.search(said) or lx.CANCEL.search(said))
            if not (put or (strength == "strong" and change)) or not (_asks_about(p.text) or _substantive(said)
                                                                       or len(re.findall(r"[\u4e00-\u9fff]", said)) >= 8):
                continue
            handed = any(a.owner in self.participants for a in ex.assignments(said, "", self.participants))
            if _NOT_A_CHOICE.search(said) or find_people(said, self.participants) or handed:
                continue
            seqs = set(p.seqs) | set(r.seqs)
            if any(it.kind in ("decision", "question") and it.seqs & seqs for it in self.items):
                continue
            if any(it.kind == "task" and (it.extra.get("intro") in (k, r.index) or it.touched == k) for it in self.items):
                continue
            if any(it.kind == "task" and it.seqs & set(r.seqs) and it.touched in (-1, r.index) for it in self.items):
                continue  # "下下周一行吗？" "行，那印制成本放到下下周一。": the yes moved a task's date
            use = [c for s in self.sentences[k : r.index + 1] for c in s.clauses]
            body = strip_punct(("，" if has_cjk(said) else ", ").join(
                c.text for s in self.sentences[k : r.index] for c in s.clauses if not ag.tag_only(c.text)))
            it = self._intro("decision", _decision_payload(body), r, use, p.clauses[0])
            it.extra["intro"] = r.index

    def _confirmed(self, sent: Sentence, said: Clause | None = None) -> list[Clause] | None:
        """"That's decided." after a statement: the statement (and the confirmation ``said``, by
        default the sentence's first clause, which the quote then spans: "Fine, that's approved."
        ends at its cue) is the decision; None when the confirmed statement is not adjacent."""
        said = sent.clauses[0] if said is None else said
        k, first = sent.index - 1, min(sent.seqs)
        # Votes and calls for them between the proposal and its confirmation ("All in favour?"
        # "Aye." "Carried.") are passed over.
        # So are agreements and consent tags ("周报改成双周报，行不行？" "行。" "那就这么办。").
        agreed = False
        while k > 0 and max(self.sentences[k].seqs) >= first - 1 and (
            _VOTE.match(strip_punct(self.sentences[k].text)) or _MOTION_PUT.match(strip_punct(self.sentences[k].text))
            # (an agreement that goes on to say the plan in the confirmation's breath is the
            # statement confirmed: "Makes sense. Okay, final sync on the 11th. Let's lock that in.")
            or (ag.agrees([c.text for c in self.sentences[k].clauses])
                and not (len(self.sentences[k].clauses) > 1 and self._same_breath(k, sent.index)))
            or ag.tag_only(self.sentences[k].text)
        ):
            agreed = agreed or not _VOTE.match(strip_punct(self.sentences[k].text))
            first, k = min(self.sentences[k].seqs), k - 1
        if k < 0:
            return None
        put = next((j for j in range(k + 1, sent.index) if _MOTION_PUT.match(strip_punct(self.sentences[j].text))), None)
        if put is not None:
            # ("All in favour of the quiet-hours rule?" … "Carried.": what was voted on is the decision)
            return [*self.sentences[put].clauses, said]
        prev = self.sentences[k]
        tag = prev.question and bool(_TAGGED.search(strip_punct(prev.text)))  # "…, right?": a statement
        # a proposal asked of the group and agreed to: "周年庆要不要办成自助餐？" "行。" "那就这么办。"
        tag = tag or (prev.question and agreed and ag.proposes(prev.text) and not _NOT_A_CHOICE.search(prev.text))
        if (prev.question and not tag) or max(prev.seqs) < first - 1:
            return None
        stated = self._stated_before_reasons(k, sent)
        if stated is not None:
            # "The deposit stays at fifty. We covered this in spring. If we raise it, nobody books.
            # That's decided.": what is confirmed is the statement the reasons follow
            return [*self.sentences[stated].clauses, said]
        if len(sent.clauses) == 1 and lx.EN_BARE_CONFIRM.match(strip_punct(sent.clauses[0].text).strip()) and not (
                (lx.EN_GROUP_PLAN.match(prev.text.strip()) or _EN_VALUE_SET.search(prev.text)) and set(prev.seqs) & set(sent.seqs)):
            return None  # ("I sent the invoice. Done.": a report closed, nothing the group settles)
        words = len(strip_punct(prev.text).split())
        short = words <= 4 or (words <= 7 and re.match(r"(?i)not\b", prev.text.strip()))  # ("Not the hinge, the whole door.")
        if (k > 0 and not has_cjk(prev.text) and short and self._same_breath(k - 1, k)
                and not self.sentences[k - 1].question and set(prev.seqs) & set(sent.seqs)):
            # "…, the north gate stays shut. Nobody goes through it. That's final.": a few words said
            # again for weight; what is confirmed is the statement before them
            return [*self.sentences[k - 1].clauses, *prev.clauses, said]
        if k > 0 and self._same_breath(k - 1, k) and ag.proposes(self.sentences[k - 1].text):
            # "要不先试一下微波炉？饭菜做好放冷藏，夜里自己热。" "这个可以。就先这么办。": the proposal
            # and how it goes are one statement
            return [*self.sentences[k - 1].clauses, *prev.clauses, said]
        return [*prev.clauses, said]

    def _stated_before_reasons(self, k: int, sent: Sentence) -> int | None:
        """The English statement that sentence ``k`` and those between it and the confirmation
        ``sent`` give reasons for or report around, all in the confirmation's utterance; None when
        ``k`` states something itself."""
        j = k
        while (j >= 0 and not has_cjk(self.sentences[j].text) and set(self.sentences[j].seqs) & set(sent.seqs)
               and not self.sentences[j].question and _EN_REASON.match(strip_punct(self.sentences[j].text).strip())):
            j -= 1
        if j == k or j < 0 or not set(self.sentences[j].seqs) & set(sent.seqs) or self.sentences[j].question:
            return None
        said = strip_punct(self.sentences[j].text).strip()
        if len(said.split()) < 3 or lx.CHATTER_ONLY.match(said) or _EN_REASON.match(said):
            return None
        return j

    def _decision(self, f: fr.Frame) -> None:
        sent = f.scope
        confirmed = self._confirmed(sent, f.clauses[-1]) if f.cue == "confirm" else None
        if (confirmed is None and f.cue == "confirm" and len(sent.clauses) == 1
                and lx.EN_BARE_CONFIRM.match(strip_punct(f.clauses[0].text).strip())):
            return  # ("Done." after a report or a request: nothing the group settles)
        if confirmed is not None:
            said = {s for c in confirmed[:-1] for s in c.seqs}
            at = {s.index for s in self.sentences if any(c in s.clauses for c in confirmed[:-1])}
            done = next((it for it in self.items if it.kind == "decision" and it.derived and it.seqs & said
                         and it.extra.get("intro") in at), None)
            if done is not None:
                # "We're moving to weekly billing from May. That's decided.": decided already, once
                done.evidence, done.evidence_seq = quote(list(confirmed), self.texts)
                self._touch(done, sent, confirmed)
                return
            sep = "，" if has_cjk(sent.text) else ", "
            body = strip_punct(sep.join(c.text for c in confirmed[:-1]))
            body = lx.DECISION_LEAD.sub("", body, count=1).strip() or body
            self._intro("decision", _decision_payload(body), sent, confirmed, confirmed[0])
            return
        use = list(f.clauses)
        payload = {"text": f.work}
        topic = self._topic_named_before(sent, use)
        if topic is not None:
            # "Right, the loyalty card scheme. It ends in May and we're not renewing it."
            use = [*topic.clauses, *use]
            payload = _decision_payload(strip_punct(topic.text) + ", " + f.work)
        asked = self._dropped_from(sent, "，".join(c.text for c in f.clauses))
        if asked is not None:
            # "…还办不办？" … "那就算了，不办了": what is dropped is what was asked
            use = [c for s in self.sentences[asked.index : sent.index + 1] for c in s.clauses]
            payload = _decision_payload(strip_punct(asked.text) + "：" + f.work)
        for it in self.items:
            if it.kind == "decision" and it.extra.get("intro") != sent.index and (it.intent_id or it.derived):
                if fr.same_decision(_headline(it), payload["text"]) and _headline(it) != payload["text"]:
                    # The same topic decided again: revise the earlier decision, not a second one.
                    it.payload = payload
                    it.evidence, it.evidence_seq = quote(use, self.texts)
                    self._touch(it, sent, use)
                    return
        self._intro("decision", payload, sent, use, use[0])

    def _topic_named_before(self, sent: Sentence, use: list[Clause]) -> Sentence | None:
        """The English topic a decision said of "it/they" names just before, in the same utterance,
        as a bare noun phrase ("Next, the printer lease."), if there is one."""
        if sent.index == 0 or has_cjk(sent.text) or not _PRONOUN_FIRST.match(use[0].text):
            return None
        prev = self.sentences[sent.index - 1]
        if prev.question or not set(prev.seqs) & set(sent.seqs) or not _BARE_TOPIC.match(strip_punct(prev.text).strip()):
            return None
        return prev

    def _dropped_from(self, sent: Sentence, work: str) -> Sentence | None:
        """The yes/no question a bare "不V了" answers ("印刷版还印不印？" … "那就算了，不印了"), or a
        "定了，…" ("新的排班定了没有？" "定了，…"): one of the last three sentences, within the three
        utterances before, asking about the same verb."""
        m = _BARE_NO.match(strip_punct(work))
        if m is not None:
            verb = m.group(1)
            asks = re.compile(f"{verb}不{verb}|还{verb}(?:吗|么)|要不要{verb}")
        elif re.match(r"^(?:已经)?定了[，,]", work):
            asks = re.compile(r"定(?:了|下来了?)?(?:没有|没|吗|么)|定没定")  # "…定了没有？" "定了，…"
        else:
            return None
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1):
            q = self.sentences[k]
            if max(q.seqs) < min(sent.seqs) - 3:
                break
            if q.question and asks.search(q.text):
                return q
        return None

    def _about_work(self, k: int) -> bool:
        """Sentence ``k`` asks for a day for work just given: it or the one before it gives or takes
        work (a task is said there), and it offers no choice between options ("例会开周二还是周三？")."""
        if re.search(r"还是|\bor\b", self.sentences[k].text):
            return False
        seqs = {s for j in (k - 1, k) if j >= 0 for s in self.sentences[j].seqs}
        if lx.DATE_PUSHBACK.search(self.sentences[k].text) and lx.says_date(self.sentences[k].text):
            # ("…by Monday?" "I'm off Monday. Could I do Tuesday?": the one asked offers another day)
            seqs |= set(range(min(self.sentences[k].seqs) - 2, min(self.sentences[k].seqs)))
        return any(it.kind == "task" and not it.cancelled and it.seqs & seqs for it in self.items)

    def _settle(self, sent: Sentence, f: fr.Frame) -> bool:
        """"行，那就B方案吧" after "用A方案还是B方案？": the option agreed on, read with the question
        or proposal it answers — one said in the last three sentences, within the two utterances
        before, sharing a topic word with the option. With none, it decides nothing, nor when a bare
        "就X" answers a question asked of one person ("你住哪儿？" "就会场对面那家。")."""
        if strip_punct(f.clauses[0].text).startswith("就") and sent.index > 0:
            before = self.sentences[sent.index - 1]
            asked = " ".join(s.text for s in self.sentences if set(s.seqs) & set(before.seqs))
            if before.question and re.search(r"你(?!们)|您", asked) and not re.search(r"咱|我们|大家", asked):
                return False
        # (s48) "X it is" picks X in so many words: an offer said as a statement ("The hall is free on
        # the 12th." "Good, the 12th it is.") is what it settles too
        picked = not has_cjk(sent.text) and bool(re.search(r"(?i)\bit is$", strip_punct(sent.text)))
        for k in range(sent.index - 1, max(-1, sent.index - 4), -1):
            prev = self.sentences[k]
            if max(prev.seqs) < min(sent.seqs) - 2:
                break
            asked = prev.question or any(fr.hedges(prev.clauses, self.participants)) or bool(_PROPOSES.search(prev.text))
            asked = asked or (picked and not set(prev.seqs) & set(sent.seqs))
            if asked and _only_a_day(f.work) and self._about_work(k):
                return False  # "…周四给我。" "下周一行不行？" "那就下周一吧。": when the work is due, agreed
            if asked and tokens(f.work) & tokens(prev.text):
                use = [c for s in self.sentences[k : sent.index + 1] for c in s.clauses]
                sep = "：" if has_cjk(sent.text) else ": "
                body = strip_punct(prev.text) + sep + f.work
                prior = next((it for it in self.items if it.kind == "decision" and it.extra.get("intro") == k
                              and not it.cancelled), None)
                if prior is not None:
                    # "年会放在杭州办，大家没意见吧？" was read as a decision, "好，那就杭州。" settles it:
                    # one decision, the settled one (two would trade places on every re-read).
                    prior.payload = _decision_payload(body)
                    prior.evidence, prior.evidence_seq = quote(use, self.texts, prefer_seq=f.clauses[0].pieces[0].seq)
                    self._touch(prior, sent, use)
                    prior.extra["intro"] = sent.index
                    return True
                self._intro("decision", _decision_payload(body), sent, use, f.clauses[0])
                return True
        return False
