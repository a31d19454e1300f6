"""Stage 3 (``frames``): decision frames.

The ``decision`` frame's text, whether two decisions are the same one or settle a question, the
option a consenting reply picks (``settle``), and a decision cue that is only part of a request.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx
from . import mentions
from .frame_types import Frame
from .marks import _assignment_in, decided
from .names import find_people
from .task_frames import tasks
from .text import Clause, Sentence, has_cjk, strip_punct, tokens

_AGREES = re.compile(r"^(?:good|great|fine|perfect|agreed|同意|赞成|没问题|"
                     r"(?:that'?s|this is|it'?s) not (?:a )?(?:suggestion|request|optional))$", re.IGNORECASE)
_INTRODUCES = re.compile(r"^it(?:'s| is)\b", re.IGNORECASE)
_RULE_INTRODUCED = re.compile(r"^(?:(?:so|okay|ok|right)[,\s]+)?(?:that'?s|that is) (?:the|our) (?:new )?rule\b", re.IGNORECASE)
# "So that's decided, eight sessions, fortnightly": what is decided said again right after the cue,
# a few words that are no clause of their own ("That's decided, the CFO signed off" gives a reason).
_EN_SAID_AGAIN = re.compile(r"^(?:(?:so|okay|ok|right)[,\s]+)?(?:that'?s|that is) (?:decided|settled|agreed)$", re.IGNORECASE)
_EN_CLAUSE_OPENER = re.compile(r"^(?:the|a|an|we|i|he|she|they|it|our|their|his|her|you|because|since|as|so|but|and|which|that|"
                               r"everyone|everybody|nobody|someone|this|there)\b", re.IGNORECASE)
_STATES_AFTER = re.compile(r"^(?:那|那就|好|好的|行|这个|这事)")  # (s48: "这个就定了，从下个月起…")
# Said after a rule to close it: "没得商量", "这个没有商量的余地".
_ZH_NOT_NEGOTIABLE = re.compile(r"(?:这个|这事|这条)?(?:没得商量|没有?商量(?:的)?余地|没商量)")
# A clause that only counts the point ("第一", "第二条"), no part of what is decided.
_ORDINAL_ONLY = re.compile(r"第[一二三四五六七八九十\d]+(?:条|点|个|件)?|首先|其次|最后")
# What backs a decision already made rather than saying it ("…，定了，老板也同意了").
_JUSTIFIES = re.compile(r"了$|已经|说好|同意|批")
# How long it is tried ("就先这么办，用一个月看看") says how the decision goes, not what it is.
_TRIAL = re.compile(r"(?:看看|试试|再说|再看)$")
# A clause about someone ("就这么办，我回头跟他说") says who acts, not what is decided.
_SOMEONE = re.compile(r"^(?:那|回头)?(?:我|你|您|他|她|咱|大家)")


# The pieces of an English confirmation said on its own ("That's it, decided.", "I've decided, no
# arguments.", "This is final from my side."); at least one says decided / final / settled.
_EN_CONFIRM_BIT = re.compile(r"(?:that'?s it|that is it|(?:i|we)'?ve decided|(?:it'?s |it is )?decided|no arguments?|end of story|"
                             r"end of discussion|(?:(?:that'?s|that is|this is|it'?s|it is) )?(?:final|settled|locked in)(?: from my side)?|"
                             r"(?:that'?s|that is) the plan)",
                             re.IGNORECASE)


def _en_confirms_only(clauses: Sequence[Clause]) -> bool:
    said = [strip_punct(c.text).strip() for c in clauses]
    return bool(said) and not any(has_cjk(t) for t in said) and all(_EN_CONFIRM_BIT.fullmatch(t) for t in said) and any(
        re.search(r"(?i)decided|final|settled|locked", t) for t in said)


def decision(scope: Sentence, clauses: Sequence[Clause]) -> Frame:
    """The decision's text: from the clause before the trigger (its subject) on, without the lead-in
    ("我们决定"). ``cue="confirm"``: the sentence only confirms ("就这么定了"); the state then makes
    the statement before it the decision when it is adjacent."""
    confirm = "confirm" if lx.CONFIRM.match(strip_punct(clauses[0].text)) or _en_confirms_only(clauses) else ""
    if not confirm and len(clauses) == 2 and lx.CONFIRM.match(strip_punct(clauses[1].text)) and (
        lx.CHATTER_ONLY.match(strip_punct(clauses[0].text)) or _AGREES.match(strip_punct(clauses[0].text))
    ):
        confirm = "confirm"  # "Good, that's final." / "行，定了。": agreement, then the confirmation
        clauses = clauses[1:]
    if confirm and len(clauses) > 1 and _EN_SAID_AGAIN.match(strip_punct(clauses[0].text)) and (
            len(strip_punct(clauses[1].text).split()) <= 4 and not _EN_CLAUSE_OPENER.match(clauses[1].text.strip())):
        confirm = ""  # (s48) said again after the cue: the decision is what follows it
    elif confirm and _RULE_INTRODUCED.match(strip_punct(clauses[0].text)) and any(len(strip_punct(c.text).split()) >= 4 for c in clauses[1:]):
        confirm = ""  # (s49) "So that's the rule from now on: the last one out checks the windows" says the rule after the cue
    elif confirm and _INTRODUCES.match(clauses[0].text) and any(len(strip_punct(c.text)) > 4 for c in clauses[1:]):
        # "Okay, it's decided: 8:45 start for all high schools" says the decision after the cue;
        # "That's decided, the CFO signed off" confirms the statement before it.
        confirm = ""
    elif confirm and has_cjk(scope.text) and _STATES_AFTER.search(clauses[0].text) and any(
        len(strip_punct(c.text)) > 4 and not _JUSTIFIES.search(strip_punct(c.text)) for c in clauses[1:]
    ):
        confirm = ""  # "那就这么定了，会员费统一按季度结算": the conclusion is announced, then said
    elif confirm and has_cjk(scope.text) and clauses[0].text.startswith(("就", "定了")) and any(
        len(strip_punct(c.text)) > 4 and not _JUSTIFIES.search(strip_punct(c.text)) and not _SOMEONE.match(c.text)
        and not _TRIAL.search(strip_punct(c.text)) for c in clauses[1:]
    ):
        confirm = ""  # "就这么办，剩下的库存全部退回" / "定了，…": agreed, and said again as what is done
    start = next((i for i, c in enumerate(clauses) if lx.DECISION.search(c.text)), 0)
    if start and start == len(clauses) - 1 and lx.CONFIRM.match(strip_punct(clauses[start].text)):
        start = 0  # "物业费，今年不涨，我跟业委会说好了，定了": a closing 定了 confirms all before it
    if start and _ZH_NOT_NEGOTIABLE.fullmatch(strip_punct(clauses[start].text)):
        # (s48) "以后夜里有人报警，就双人出车，没得商量，…": all it closes is the rule (not "第一")
        use = clauses[next((i for i, c in enumerate(clauses[:start]) if not lx.CHATTER_ONLY.match(strip_punct(c.text))
                            and not _ORDINAL_ONLY.fullmatch(strip_punct(c.text))), 0) :]
    else:
        # A subject clause before the trigger belongs to the decision ("验证码的有效期，我们决定…").
        if start and not lx.DECISION_LEAD.match(clauses[start].text):
            start -= 1
        use = clauses[max(0, start - 1) if start and len(clauses[start - 1].text) > 3 else start :]
    sep = "，" if has_cjk(scope.text) else ", "
    body = sep.join(c.text for c in use)
    body = lx.DECISION_LEAD.sub("", body, count=1).strip() or body
    body = strip_punct(body)
    if not has_cjk(body):
        body = body[:1].upper() + body[1:]
    return Frame("decision", scope, tuple(use), use[0], work=body, cue=confirm)


def _topic_tokens(decision_text: str) -> set[str]:
    """The tokens of a decision with its cue words gone ("就这么定", "we'll go with" say nothing
    about what is decided)."""
    return tokens(lx.CONFIRM.sub("", lx.DECISION.sub(" ", lx.DECISION_LEAD.sub("", decision_text))))


def same_decision(a: str, b: str) -> bool:
    """Two decision texts decide the same matter: they share most of their topic words (with the
    cue words left in, two short decisions on different matters shared them and the later one
    overwrote the earlier)."""
    ta, tb = _topic_tokens(a), _topic_tokens(b)
    shared = len(ta & tb)
    return shared >= 2 and shared / max(1, min(len(ta), len(tb))) >= 0.6


# Verbs of deciding, deferring, wanting and thinking: shared by a question and any answer.
_SAYS_NOTHING = re.compile(
    r"决定|确定|定下|商量|讨论|再议|回头|算了|觉得|需要|可以|应该|要求|知道|清楚|考虑|建议|同意|大家|我们|事情|问题|情况"
)


def about_decided(question: str, decision: str) -> bool:
    """A decision settles the open question: most of its topic words (cue words left out) were
    in the question, two at least."""
    tq = tokens(question)
    td = _topic_tokens(decision)
    shared = len(tq & td)
    if has_cjk(question + decision):
        # Chinese bigrams share little between a question and its answer; the things they name do.
        named = [{w for w, tag in mentions.words(t) if len(w) >= 2 and tag.startswith(("n", "v", "eng"))
                  and not _SAYS_NOTHING.search(w)} for t in (question, decision)]
        tq, td, shared = named[0], named[1], len(named[0] & named[1])
    return shared >= 2 and shared / max(1, len(td)) >= 0.5


def _asked_to_settle(sent: Sentence, clauses: Sequence[Clause], hedged: Sequence[bool],
                     participants: Sequence[str]) -> bool:
    """The decision cue is inside a request to someone ("马小军，你…把石斑订(定)了"): the work is
    theirs to do, nothing is decided."""
    owned = {id(c) for f in tasks(sent, clauses, hedged, participants) if f.kind == "task" and f.owner
             for c in f.clauses}
    cued = [c for c in clauses if decided(c.text)]
    if any(_RULE.search(c.text) for c in cued):
        return False  # "孔师傅，以后统一按标准配方放盐": a rule told to the one who keeps it
    return bool(cued) and has_cjk(sent.text) and all(id(c) in owned for c in cued)


# A rule for everyone from now on or in every case, whoever it is told to.
_RULE = re.compile(r"以后|今后|往后|一律|凡是|所有")


# Consent after a discussion settles it with the option chosen ("行，那就B方案吧", "好，那就周四",
# "Fine, digital it is", "Okay, let's do the pilot then"): the decision is the option, read
# against the question or proposal it answers (the analyzer finds it; with none it is no decision).
_SETTLE_ZH = re.compile(r"^(?:(?:行|好|好的|好吧|可以|嗯|太好了|好极了|没问题|ok|okay)[，,\s]*)*(?:那就|就(?!是|业)|(?<=[，,\s])那)(?P<x>[^，,。；;]{1,20}?)(?:吧|了)?$",
                        re.IGNORECASE)
_SETTLE_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|fine|alright|all right|right|great|good|so|then|yes|yeah|sure)[,.!]?\s+)*"
    r"(?:(?P<x>[\w' -]{1,40}?) it is|let'?s (?:do|go for|use|book|pick|choose) (?P<y>[\w' -]{1,40}?)(?:,? then)?)$",
    re.IGNORECASE,
)
_OPTION_THEN_WHY = re.compile(r"^(?:(?:行|好|嗯|那)[，,\s]*)*(?P<x>(?![吧好行])(?![^，,]*[我你您他她咱来去])[\u4e00-\u9fffA-Za-z0-9]{2,8}?)吧$")
_NO_OPTION = re.compile(r"^(?:先)?(?:这样|这么|散会|到这|结束|麻烦|辛苦|谢谢)|^(?:it|that|this|so|them)$",
                        re.IGNORECASE)


def settle(sent: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """The option a consenting reply picks (see ``_SETTLE_ZH``), ``cue="settle"``."""
    text = strip_punct(" ".join(c.text for c in clauses) if not has_cjk(sent.text) else "，".join(c.text for c in clauses))
    m = (_SETTLE_ZH if has_cjk(text) else _SETTLE_EN).match(text)
    if m is None and has_cjk(text) and len(clauses) > 1 and not re.search(r"[你您]|[得要]", text):
        # "线上吧，纸的孩子老弄丢。": the option, then why (``_settle`` reads it only after the question)
        m = _OPTION_THEN_WHY.match(strip_punct(clauses[0].text))
    if (m is None and has_cjk(text) and len(clauses) > 1 and (first := _SETTLE_ZH.match(strip_punct(clauses[0].text)))
            and not any(decided(c.text) for c in clauses[1:])):  # ("那就买一年的，确定了": decided in its own words)
        # "那就讲《背影》，但切入点换一下": the option first, then how it is done or who does what
        m, text, clauses = first, strip_punct(clauses[0].text), clauses[:1]
    if m is None or find_people(text, participants) or _assignment_in(clauses, participants):
        return None
    x = strip_punct((m.group("x") or m.groupdict().get("y") or "").strip())
    if not x or _NO_OPTION.match(x) or lx.HEDGE_FWD.search(text) or lx.CANCEL.search(text) or lx.PAST.search(x):
        return None
    return Frame("decision", sent, tuple(clauses), clauses[0], work=x, cue="settle")
