"""Stage 3 (``frames``): what marks a sentence open, decided or hedged.

Pure text tests: a matter left open or put off (``open_mark``), a decision cue that is not negated
(``decided``), the clauses a hedge covers (``hedges``), and whether a clause has a trigger at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import extract as ex
from . import lexicon as lx
from .names import find_people
from .text import Clause, has_cjk

# Answers that leave the matter open, beside the lexicon's markers: it cannot be decided now, is
# not settled, waits for something ("等报告回来再判断"), stays open.
_LEFT_OPEN = re.compile(
    r"定不了|不好说|说不好|没有答复|没答复|先不下结论|不下结论|等[^，,。]{1,12}(?:再|以后)(?:说|定|商量|判断|讨论|决定)|"
    # Nobody has decided it, it is still argued, it waits for news ("制作人也没拍板", "还在吵",
    # "等人事的消息", "我看看老板怎么说", "我再问问").
    r"(?:没|未)(?:有)?(?:拍板|敲定|定下来|决定)|还在(?:吵|争|讨论|商量)|没谱|"
    # s11: nothing found yet for it ("场地还没着落", "还没有头绪", "项目经理还没人选").
    r"(?:还|都|也|目前)?没(?:有)?(?:着落|头绪|眉目|人选|定论)|"
    # s10: not settled yet ("时间点还没确定", "还没谈妥"), still to be talked over ("这个还得再商量",
    # "下次会上再讨论", "回头再看"); English "can't answer that today", "figure that out later".
    r"(?:还|都|也)(?:没|未)(?:有)?(?:确定|谈妥|谈好|落实|商量好|讨论好)|(?:还|仍)(?:待|需)(?:确定|商量|讨论|研究)|"
    r"还(?:得|要|需要)再?(?:商量|讨论|研究|议)|(?:下次|下回)会上再?(?:讨论|商量|议|聊|定)|"
    r"(?:回头|以后|改天|下回|会后)再(?:看|讨论|商量|研究)(?=$|[，,。！!吧])|"
    r"\b(?:can(?:'t|not)|don'?t think we can|won'?t be able to) (?:answer|decide|settle|resolve) (?:that|this|it)(?: one)? today\b|"
    r"\bnot sure (?:who|what|which|how|when|where)\b|"
    r"\b(?:figure|work|sort) (?:that|it|this) out later\b|"
    r"等[^，,。]{0,10}(?:消息|通知|回复|答复|结果)|看看?[^，,。]{1,8}怎么说|再问问|"
    r"\bstays? open\b|\b(?:isn'?t|is not|not|aren'?t|are not) (?:yet )?(?:settled|decided)\b|"
    r"\bwe don'?t have an answer\b|\bpark (?:it|that|this)\b|\bnot sure yet\b|\bwe'?re not sure\b|"
    # Deferred: it waits for what it depends on ("看钢筋情况再定", "我先核实一下再说吧"), for another
    # meeting ("下次单独开个会吧"), for someone to ask or report upward ("这个还得问财务", "这个我再向区
    # 里反映"), or is set aside ("先搁一下", "先放一放"); 再说 only closing a clause (opening one it
    # means "besides").
    r"看[^，,。]{1,10}再(?:定|说|讲|决定|商量|讨论|看)|看情况|再(?:说|讲)吧|(?<=[^\s，,。！!？?])再(?:说|讲)(?=$|[，,。！!？?…])|(?:^|[，,])\s*再说\s*[。!！]?$|"
    r"先不(?:要)?(?:定|决定|下决定)|先搁|搁置|先?放一放|先放一下|"
    r"下次(?:单独)?再?(?:开个?会|讨论|商量|议|聊)|单独开个?会|改天再(?:说|聊|议)|会后再(?:说|聊|议)|"
    r"还(?:得|要|需要)问|得问问|再(?:向|跟|和)[^，,。]{1,6}(?:反映|请示|确认|汇报)|"
    r"(?:也|还|都)?(?:不太|不)(?:确定|清楚)|说不准|还在(?:研究|等)|待确认|"
    # English: still unknown, said to be open, or deferred to later.
    r"\bwe (?:still )?don'?t know\b|\b(?:that|it|this)(?: one)?(?:'s| is) (?:still )?open\b|"
    # ("Honestly, I don't know. Let's look at it again at the two o'clock huddle.")
    r"^(?:(?:honestly|frankly|well|to be honest)[,\s]+)?i (?:really |honestly )?don'?t know[.!]?$|"
    r"\blet'?s (?:look at|revisit|review|come back to) (?:it|that|this) (?:again|later)\b|"
    r"\b(?:come|get) back to (?:it|that|this)\b|\blet'?s park\b|\bTBD\b|\bto be confirmed\b|"
    r"\bnot sure (?:if|whether)\b|\bwe'?ll (?:figure|work|sort) (?:it |that |this )?out\b|"
    # Put off for another time or until something is known: tabled, taken offline, up in the air,
    # "let's see what…", "取决于…", "视…而定", "另行讨论", "暂缓".
    r"\btable (?:it|that|this)\b|\blet'?s (?:table|park) the\b|\btake (?:it|that|this) offline\b|\bup in the air\b|\bcircle back\b|"
    r"\blet'?s see (?:what|how|if|whether)\b|\bwait and see\b|\bhold off on\b|\bfor another (?:day|time|meeting)\b|"
    r"取决于|视[^，,。]{1,10}而定|另行(?:讨论|商定|通知|决定)|暂缓|(?:回头|以后|改天|下回)再议|再想想|"
    r"\blet'?s think about (?:it|that|this)\b|\bthink it over\b|\bsleep on it\b|"
    # Someone takes it away to think or to ask first ("我考虑一下", "先问问家委会愿不愿意", "要问一下
    # 财务再定"; "Let me think about it", "I need to check with the school first", "we need to figure
    # out whether…").
    r"我(?:再|先)?考虑一下(?=$|[，,。！!吧])|考虑考虑|(?:先|再)问(?:问|一下)(?!谁)|问(?:一下|问)?[^，,。]{1,8}再(?:定|说|决定|商量)|"
    r"\blet me think (?:about )?(?:it|that|this)\b|\bi'?ll think about (?:it|that|this)\b|\b(?:need|have) to think (?:about )?(?:it|that|this)\b|"
    r"还在考虑|没想好|拿不定主意|定不下来|到时候再(?:说|看|定)|再商量商量|还要再商量|下次再定|听听[^，,。]{1,8}的?意见|"
    r"\b(?:decide|settle) (?:that |it |this )?(?:later|next (?:time|week|meeting|month))\b|\bget back to (?:you|everyone|the group) on\b|"
    r"\bno decision yet\b|\bup for discussion\b|\bstill (?:deciding|thinking it over|discussing)\b|"
    r"\bcheck with [\w' ]{1,30} first\b|\b(?:need|have) to (?:figure out|work out|decide|sort out) (?:whether|if|what|which|how|where)\b|"
    r"\bleave (?:it|that|this)(?: one)? (?:for now|for later|aside)\b|\bnot ready to (?:call|decide|commit)\b|"
    # s7: nobody can tell or remember (拿不准, 记不清; Cantonese 讲唔准, 唔知), there is no word yet
    # (还没消息, 还没公布), it is someone else's call (我们说了不算, 是厂里定的), the answer comes
    # after finding out (确认了再回复您); "let's have a think", "discuss it on the next call",
    # "head office hasn't confirmed", "I'll find out and let you know".
    r"(?:也|都|还|真|并)不(?:知道|晓得)|拿不准|吃不准|没(?:有)?把握|不好讲|讲不准|讲唔准|说唔准|记不清|记不得|不记得|想不起来|唔知|唔清楚|都未(?:知|讲|定)|"
    r"(?:还|也|都)?没(?:有)?(?:消息|信儿|动静|下文|回音)|还没(?:有)?(?:公布|通知|发布|批下来|出结果)|"
    r"说了不算|做不了主|不归我们管|(?:是|由|归)(?!上|这|今|昨|前|大家|我|你|您|他|她|咱|谁)[^，,。]{1,8}(?:定的|说了算)(?![吧吗呢])|"
    r"(?:确认|核实|查清楚|问清楚|问过)(?:了|好|完|之后|以后)?再(?:回复|答复|告诉|通知|说|讲)|"
    r"\blet'?s have a think\b|\blet us (?:think about|park|leave|come back to) (?:it|that|this)\b|"
    r"\b(?:discuss|talk about|decide|revisit|pick up)(?: (?:it|that|this))? (?:on|at|in) the next (?:call|meeting|session|sync)\b|"
    r"\b(?:hasn'?t|haven'?t|has not|have not) (?:confirmed|decided|announced|come back|got back|gotten back)\b|"
    r"\bi'?ll (?:find out|check) and (?:let you know|get back to you|come back to you)\b|\bno word (?:yet|on)\b|\bno idea yet\b|"
    # Waiting to hear, to be checked, unclear, pinned for later; 要看…, 不一定, 没准, 说不定, 打听清楚再
    # 告诉你.
    # (unless what follows the wait is the plan: "I'm waiting on the figures, then I'll send it")
    r"(?:\bstill waiting\b|\bwaiting to hear back\b|\bi'?m waiting on\b)(?!.*\bthen,?\s+(?:i|we)(?:'ll| will)\s)|\b(?:i'?ll|we'?ll|i|we) (?:have|need) to check (?:with|first|on that)\b|"
    r"\bnot clear yet\b|\bit'?s (?:still )?(?:not clear|unclear)\b|"
    # s11: still unclear, nobody has the answer, still to be worked out ("we still need to figure out
    # the pricing", "it's still unclear whether…").
    r"\bstill (?:unclear|not clear|unknown|undecided|an open question)\b|\bunclear (?:whether|if|who|how|what|when|which)\b|"
    r"\b(?:nobody|no one|none of us) (?:has|had|have) (?:an|the|a good|a clear) answer\b|"
    r"\bstill (?:need|have|got) to (?:figure out|work out|sort out|decide|agree on|settle on|pin down)\b|"
    # (a grid of one matter left open many ways) no decision on X yet, an open item, left for next
    # time, come back to X, no idea about X, can't say yet, nobody has decided, a question mark over X;
    # 还悬着, 没着落.
    r"\bno decision (?:yet|on|about)\b|\b(?:need|have) to decide (?:on|about|whether|if)\b|\bopen item\b|"
    r"\bleave [\w' -]{1,30}? for (?:next time|later|another (?:day|time|meeting)|the next (?:meeting|call))\b|"
    r"\b(?:we'?ll|let'?s|we will|we can) (?:come|get) back to\b(?!\s+(?:you|him|her|them|us|me|everyone|the (?:client|customer|team))\b)|\bno idea (?:about|on|yet|how|who|what|when|where)\b|"
    r"\bcan'?t say yet\b|\b(?:nobody|no one) (?:has |have )?(?:decided|agreed|confirmed)(?= (?:on|about|yet|whether|if)\b|\s*[.!]?$)|\bquestion mark (?:over|on|about)\b|"
    # s12: still to be studied (再研究研究), called a problem for all to think about, who has the
    # say asked, "no answer yet on…", "parking … for now".
    r"(?:再|还得|还要)研究研究|是个问题[，,]\s*(?:大家|各位)|谁说了算[？?]?$|\bno answer (?:yet )?(?:on|about|to)\b|"
    # (the verb, not the car park: "Parking permits stay at reception." names no matter put aside)
    r"^(?:(?:ok(?:ay)?|so|right)[,\s]+)?parking\b(?=\s+(?:(?:it|that|this|those|these)\b|[^.?!]{0,40}\bfor (?:now|the moment|today)\b))|"
    r"悬着|没着落|\bput a pin in (?:it|that|this)\b|\b(?:a )?separate conversation\b|"
    r"(?:^|[，,])\s*(?:这个|这)?(?:要|得|还得|还要)看(?!一下|看)|不一定|没准|说不定|(?:也|还|都)没听说|"
    r"(?:打听|了解|问)(?:一下|清楚|打听)?(?:了)?再(?:告诉|回复|答复|通知)|"
    r"\bcheck and revert\b|\bjury'?s (?:still )?out\b|\babove my pay grade\b|\bno clue\b|\bdunno\b|\bbeats me\b|"
    r"\bpending (?:\w+ )?(?:sign-?off|approval|review|confirmation)\b|\bawaiting (?:sign-?off|approval|confirmation)\b|"
    r"\btake (?:it|that|this) to the next (?:meeting|call)\b|\brevisit (?:it|that|this)\b",
    re.IGNORECASE,
)


# English replies that leave the question just asked unanswered ("No idea.", "Depends on how many
# drivers we get.", "Possibly. We'll see.", "Let's talk Friday."): they name no matter of their own,
# so the matter is always the question before them (``cue="answer"``).
_EN_OPEN_ANSWER = re.compile(
    r"^(?:\W*(?:hmm+|um+|uh+|oh|ha|well|okay|ok|so|yeah|good question|tentatively \w+|possibly|maybe)\b[\s,.!]*)*"
    r"(?:no idea\b|i (?:don'?t|do not) know\b|(?:it |that )?depends\b|we'?ll see\b|who knows\b|hard to say\b|"
    r"(?:still )?(?:unclear|not clear|unsure|uncertain|not certain)\b|"
    # (s47: "Let's see.", "Let me hold off for now.": put off without a word of the matter)
    r"let'?s see[.!]?$|let (?:me|us) hold (?:it|off|that|fire)(?: (?:first|for now|a bit|for a bit))?[.!]?$|"
    r"let'?s (?:talk|leave (?:it|that|this)(?! (?:in place|where it is|as it is|alone)\b)|sort (?:it|that|this) out|come back to (?:it|that|this)|revisit)\b)"
    r"|\bdon'?t (?:book|order|buy|sign|commit to) anything yet\b",
    re.IGNORECASE,
)


_NEGATED_DECISION = re.compile(
    # (a decision still to be made: "今天得定下来", "这周必须定下来", "has to be decided by Friday")
    r"(?:没|没有|未|不|别|还没|也没|得|必须|需要|应该|争取|尽快|赶紧|务必)$|"
    r"\b(?:has|have|needs?) to be\s*$|"
    r"(?:\bnot|n'?t|\bnothing(?:'s)?|\bno one|\bnobody|\bnever)(?:\s+(?:yet|been|is|has|have|really|officially|actually))*\s*$",
    re.IGNORECASE,
)


def decided(text: str) -> bool:
    """A decision cue that is not negated: "制作人也没拍板" decides nothing."""
    return any(not _NEGATED_DECISION.search(text[: m.start()]) for m in lx.DECISION.finditer(text))


# What people are told to say is no mark of the speaker's: "就说开放时间等通知", "just tell them it's TBD".
_SAY_THIS = re.compile(r"(?:^|[，,：:]\s*)(?:那)?(?:你们?|我们|咱们|大家)?就(?:跟[^，,。]{1,6})?(?:说|讲|回)(?!到|完|好|定|了|吧)|"
                       r"\bjust (?:say|tell (?:them|him|her|people|everyone))\b", re.IGNORECASE)


def open_mark(text: str) -> bool:
    if (m := _SAY_THIS.search(text)) is not None:
        text = text[: m.start()]
    return bool(lx.OPEN_MARK.search(text) or _LEFT_OPEN.search(text) or open_answer(text))


def open_answer(text: str) -> bool:
    return not has_cjk(text) and bool(_EN_OPEN_ANSWER.search(text.strip()))


def without_open_mark(text: str) -> str:
    return _LEFT_OPEN.sub("", lx.OPEN_MARK.sub("", text))


def has_trigger(text: str, participants: Sequence[str]) -> bool:
    return bool(
        ex.assignments(text, "", participants)
        or lx.DECISION.search(text)
        or lx.NO_OWNER.search(text)
        or lx.CORRECTION.search(text)
    )


_WHETHER = re.compile(r"\bwhether\b.*$", re.IGNORECASE)
# What someone is told may happen is no hedge on telling them: "warn the caterers it might rain".
_TOLD_MAY = re.compile(r"\b(?P<v>warn|tell|remind|inform|alert|advise)\b(?=[^,;]*\b(?:might|may|could)\b).*$", re.IGNORECASE)


# A tag question makes the clause before it a question: "…, haven't you?", "…, don't they?".
_TAG_QUESTION = re.compile(r"^(?:haven't|hasn't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|won't|can't|couldn't|shouldn't)"
                           r"\s+(?:you|we|they|he|she|it|I)\s*\??$", re.IGNORECASE)


# An English order said as a question, with no "you" asked ("Just get Dev to check it?").
_EN_ORDER_ASKED = re.compile(r"^(?:(?:so|or|maybe|just|then)[,\s]+)*(?:get|ask|use|move|try|put|give|have|send)\s(?![^?]*\byou\b)",
                             re.IGNORECASE)


def order_asked(text: str) -> bool:
    """An English order said as a question with no "you" asked ("Just get Dev to check it?")."""
    return bool(_EN_ORDER_ASKED.match(text.strip()))


# A step the speaker takes only if something happens ("…, and if they stall again I'll call the ombudsman");
# read for a speaker found, "I" is their name ("…if Dana gets…, Dana will…").
_EN_ONLY_IF = re.compile(r"(?:(?i:and|but|so|or)\s+)?(?i:if)\s+(?:I|(?i:we|they|it|that|he|she|the\s+\w+)|[A-Z][\w'-]+)\s+"
                         r"(?i:get|gets|hear|hears|don't|doesn't|can't|still|haven't|hasn't|stall|stalls|push|pushes)\b[^,]*?,?\s+"
                         r"(?:I|(?i:we)|[A-Z][\w'-]+)(?:'ll| will)\b")


# What a request is for: "Just so Mia can plan her week."
_EN_SO_THAT = re.compile(r"(?i:just\s+)?(?i:so)(?:\s+that)?\s+(?:[A-Z][\w'-]+|(?i:he|she|they|we|you))\s+(?:can|could)\b")


def hedges(clauses: Sequence[Clause], participants: Sequence[str]) -> list[bool]:
    """Which clauses are hedged: a forward hedge covers its clause and continuations (a clause with
    a trigger of its own ends it); a backward one the whole sentence before it."""
    # A polite ask is read the plain way first: "it'd be good if you could phone the bank" asks.
    # ("…talking to Public Works about whether the lot could be used": what is asked about hedges nothing)
    out = [bool(lx.HEDGE_FWD.search(_TOLD_MAY.sub(r"\g<v>", _WHETHER.sub("", ex.en_polite(c.text))))) for c in clauses]
    # ("Get the intern to redo it?": an order asked as a question puts it forward, nobody is told)
    out = [o or ((c.question or "?" in c.text) and order_asked(c.text)) for o, c in zip(out, clauses, strict=True)]
    # ("…, and if they stall again I'll call the ombudsman": a step only if something happens, no work
    # yet; nor what it is for: "Just so Mia can plan her week.")
    out = [o or bool(_EN_ONLY_IF.match(c.text.strip()) or _EN_SO_THAT.match(c.text.strip())) for o, c in zip(out, clauses, strict=True)]
    # "负责人未定" leaves the owner open, not the work: it is no hedge on the task.
    back = [bool(lx.HEDGE_BACK.search(lx.NO_OWNER.sub("", c.text))) for c in clauses]
    for i in range(len(clauses) - 1):
        if _TAG_QUESTION.match(clauses[i + 1].text.strip()) and (clauses[i + 1].question or "?" in clauses[i + 1].text):
            out[i] = True  # "you've got the contact at the agent, haven't you?": asked, not handed over
    for i in range(len(clauses)):
        if any(back[i + 1 :]) and not back[i] and _asked_by_name(clauses[i].text, participants):
            continue  # ("小苏你先起个草，写个一页纸的方案，下次例会咱们再议": what waits is the matter, not the ask)
        if any(back[i:]):
            out[i] = True
        elif i and out[i - 1] and not has_trigger(clauses[i].text, participants) and not _asked_by_name(clauses[i].text, participants):
            out[i] = True  # (the one then asked by name is asked: "看能不能调几套，小雨你打几个电话问问")
    return out


def _asked_by_name(text: str, participants: Sequence[str]) -> bool:
    """A Chinese clause that calls a participant and asks them with 你 ("小苏你先起个草")."""
    hits = find_people(text, participants) if has_cjk(text) else []
    return bool(hits) and re.match(r"\s*(?:你|您)(?!们)", text[hits[0].end :]) is not None


def _assignment_in(clauses: Sequence[Clause], participants: Sequence[str]) -> bool:
    return any(ex.assignments(c.text, "", participants) for c in clauses)
