"""Stage 3: frames. One sentence (its clauses) in, the readings of it out.

Pure. A *frame* is what one part of a sentence does, with its slots: a task (owner, work, due), a
decision, a cancellation, a correction (new owner, old owners, new date), an open question, a hedge
that is only a note, a conflict between two dates, a deadline said on its own. A sentence can be
read several ways: ``read`` returns the readings most specific first, and the dialogue state (the
analyzer) takes the first whose leading frame applies — a correction applies only when some task
is there to correct, an "open question" only when a matter to leave open is found; every other
frame always applies. Nothing here looks at the ledger.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from . import agreement as ag
from . import extract as ex
from . import lexicon as lx
from . import mentions, refer
from .generic import Generic, co_agents, generic, remark
from .names import find_people
from .text import Clause, Sentence, has_cjk, strip_punct, tokens

_WHEN_SAID = re.compile(
    r"\s*(?:讨论|开会|会上|说|的会|的时候|时|早上|上午|下午|we\b|in the meeting|morning)", re.IGNORECASE
)
NEGATED = re.compile(
    r"(?:不是|而不是|不在|\bnot|\binstead of|\brather than)\s*(?:on\s+|by\s+|在)?$", re.IGNORECASE
)
JOINT = re.compile(r"一起|一块儿?|共同|\btogether\b|\bjointly\b", re.IGNORECASE)
# Moved to a set point ("挪到2.5", "改到下周四"), not to a later talk ("放到下次会上讨论").
_MOVED = re.compile(r"(?:改到|推迟到|延期到|延到|延后到|提前到|挪到|放到)(?![^，,。]*(?:讨论|商量|再|会上|以后|之后|回头|下次|议))[^，,。]{1,12}$")
_ALL = re.compile(r"都|全部|一起|\b(?:all|both|everything)\b", re.IGNORECASE)
_MOVE_TO = re.compile(r"改到|改成|改为|推迟到|延期到|延到|延后到|提前到|挪到|放到|\bto\b")

# Frame kinds. ``share_due`` is a deadline clause after the tasks of its sentence ("…，周五之前都要
# 完成"): it reaches the last task, or every one with 都/all.
KINDS = frozenset(
    {"task", "share_due", "unowned", "decision", "cancel", "correct", "open", "undecided", "note",
     "conflict", "deadline", "answer"}
)


@dataclass(frozen=True, slots=True)
class Frame:
    kind: str
    scope: Sentence  # the (part of the) sentence the frame is read from
    clauses: tuple[Clause, ...]  # the clauses its evidence quotes
    main: Clause | None = None  # the clause that carries it (its quote is preferred there)
    owner: str | None = None
    work: str = ""  # task / unowned: the title; decision: the text; note: the title; conflict: the question
    due: str | None = None
    text: str = ""  # cancel: the reason; note: the body
    cue: str = ""  # decision: "confirm" when it only confirms the statement before; open: "own" | "back"
    old_owners: tuple[str, ...] = ()  # correct: the names the work is taken from
    works: tuple[str, ...] = ()  # correct: new work named in it ("actually, Carol will also review…")
    candidates: tuple[str, ...] = ()  # conflict: the dates; deadline: every date said (in order)
    share: bool = False  # share_due: every task of the sentence (都/all), else the last one
    refs: tuple[int, ...] = ()  # task / unowned: utterances its title was taken from, beyond its quote


Reading = tuple[Frame, ...]

# Answers that leave the matter open, beside the lexicon's markers: it cannot be decided now, is
# not settled, waits for something ("等报告回来再判断"), stays open.
_LEFT_OPEN = re.compile(
    r"定不了|不好说|说不好|没有答复|没答复|先不下结论|不下结论|等[^，,。]{1,12}(?:再|以后)(?:说|定|商量|判断|讨论|决定)|"
    # Nobody has decided it, it is still argued, it waits for news ("制作人也没拍板", "还在吵",
    # "等人事的消息", "我看看老板怎么说", "我再问问").
    r"(?:没|未)(?:有)?(?:拍板|敲定|定下来|决定)|还在(?:吵|争|讨论|商量)|没谱|"
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
    r"\b(?:come|get) back to (?:it|that|this)\b|\blet'?s park\b|\bTBD\b|\bto be confirmed\b|"
    r"\bnot sure (?:if|whether)\b|\bwe'?ll (?:figure|work|sort) (?:it |that |this )?out\b|"
    # Put off for another time or until something is known: tabled, taken offline, up in the air,
    # "let's see what…", "取决于…", "视…而定", "另行讨论", "暂缓".
    r"\btable (?:it|that|this)\b|\btake (?:it|that|this) offline\b|\bup in the air\b|\bcircle back\b|"
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
    r"\bstill waiting\b|\bwaiting to hear back\b|\bi'?m waiting on\b|\b(?:i'?ll|we'?ll|i|we) (?:have|need) to check (?:with|first|on that)\b|"
    r"\bnot clear yet\b|\bit'?s (?:not clear|unclear)\b|\bput a pin in (?:it|that|this)\b|\b(?:a )?separate conversation\b|"
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
    r"let'?s (?:talk|leave (?:it|that|this)|sort (?:it|that|this) out|come back to (?:it|that|this)|revisit)\b)"
    r"|\bdon'?t (?:book|order|buy|sign|commit to) anything yet\b",
    re.IGNORECASE,
)


# What an agreement gives as its reason ("Agreed, it's cleaner", "…, because it's cheaper"), not a
# statement of its own ("Agreed, the launch moves to March 3rd").
_REASON = re.compile(r"^(?:(?:it|that|this|they)(?:'s|'d|'ll|\s+(?:is|was|would|will|makes))?|because|since)\b",
                     re.IGNORECASE)
_AGREES = re.compile(r"^(?:good|great|fine|perfect|agreed|同意|赞成|没问题)$", re.IGNORECASE)
_INTRODUCES = re.compile(r"^it(?:'s| is)\b", re.IGNORECASE)
_STATES_AFTER = re.compile(r"^(?:那|那就|好|好的|行)")
# What backs a decision already made rather than saying it ("…，定了，老板也同意了").
_JUSTIFIES = re.compile(r"了$|已经|说好|同意|批")
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


def open_mark(text: str) -> bool:
    return bool(lx.OPEN_MARK.search(text) or _LEFT_OPEN.search(text) or open_answer(text))


def open_answer(text: str) -> bool:
    return not has_cjk(text) and bool(_EN_OPEN_ANSWER.search(text.strip()))


def without_open_mark(text: str) -> str:
    return _LEFT_OPEN.sub("", lx.OPEN_MARK.sub("", text))
REFUSABLE = frozenset({"correct", "open", "answer"})  # may not apply: the next reading is tried


def has_trigger(text: str, participants: Sequence[str]) -> bool:
    return bool(
        ex.assignments(text, "", participants)
        or lx.DECISION.search(text)
        or lx.NO_OWNER.search(text)
        or lx.CORRECTION.search(text)
    )


def hedges(clauses: Sequence[Clause], participants: Sequence[str]) -> list[bool]:
    """Which clauses are hedged: a forward hedge covers its clause and continuations (a clause with
    a trigger of its own ends it); a backward one the whole sentence before it."""
    # A polite ask is read the plain way first: "it'd be good if you could phone the bank" asks.
    out = [bool(lx.HEDGE_FWD.search(ex.en_polite(c.text))) for c in clauses]
    # "负责人未定" leaves the owner open, not the work: it is no hedge on the task.
    back = [bool(lx.HEDGE_BACK.search(lx.NO_OWNER.sub("", c.text))) for c in clauses]
    for i in range(len(clauses)):
        if any(back[i:]):
            out[i] = True
        elif i and out[i - 1] and not has_trigger(clauses[i].text, participants):
            out[i] = True
    return out


def _assignment_in(clauses: Sequence[Clause], participants: Sequence[str]) -> bool:
    return any(ex.assignments(c.text, "", participants) for c in clauses)


_ZH_ASK_Q = re.compile(r"(?:你|您)?(?:能不能|能否|可不可以|可以|能|方便)")


# A question about how work stands, not a request for it: "论文初稿怎么样了？", "协议你签了没？".
# Asked for a date ("什么时候能出来"), or to take the work on ("天宇你牵头？", "这块你来？").
_ZH_WHEN_Q = re.compile(r"(?:什么时候|啥时候|哪天|几号)(?:能|可以|会)")
_ZH_TAKE_Q = re.compile(r"(?:你|您)(?:来)?(?:牵头|负责|跟进|主导|盯|接手|来)(?:一下)?[吗吧呢]?$")
# A proposal or a choice put to the room ("要不要换石静？", "是不是让王五来？"): the state decides.
_ZH_PROPOSAL_Q = re.compile(r"要不要|是不是|还是|要不|行不行|好不好|怎么办")
_ZH_STATUS_Q = re.compile(r"怎么样|咋样|如何|进展|进度|到哪|了没|了吗|了么|完了|好了吗|没有$")


# A yes-or-no question about a fact ("业主到底降不降价？", "他们来不来？"): nobody is asked to do
# anything. 能不能/可不可以/行不行 ask for the work, 要不要/是不是 propose (above).
_ZH_A_NOT_A = re.compile(r"(?P<a>[\u3400-\u9fff])不(?P=a)")


def _asks_whether(text: str) -> bool:
    return "到底" in text or any(m.group("a") not in "能可行好要是会" for m in _ZH_A_NOT_A.finditer(text))


def _still_you(text: str) -> str:
    """``text`` without a 还是 that means "still, as before" ("今年还是你负责吧？", "还是你来？"): said
    before 你 with no verb before it in its clause. "他来还是你来" chooses and keeps it."""
    out = text
    for m in reversed(list(re.finditer(r"还是(?=你|您)", text))):
        head = re.split(r"[，,。]", text[: m.start()])[-1]
        if not any(f.startswith("v") for _, f in mentions.words(head)):
            out = out[: m.start()] + out[m.end() :]
    return out


def _zh_request(clauses: Sequence[Clause], i: int, participants: Sequence[str]) -> bool:
    """Clause ``i`` of a question asks a named person for work: politely ("刘洋（，）你能不能把文档
    更新一下？"), for a date ("艾琳那边，设计方案什么时候能出来？"), or as a bare rising question
    ("v2.4的发布，天宇你牵头？", "技能特效是婷婷的活儿，婷婷，你下周三给一版？") — any question whose
    clause reads as a task of a participant, unless it asks how the work stands or only suggests."""
    text = _still_you(clauses[i].text)
    asked = _still_you("，".join(c.text for c in clauses[i:]))  # the question may be a later clause
    if not has_cjk(text) or _ZH_STATUS_Q.search(asked) or _ZH_PROPOSAL_Q.search(asked) or lx.CORRECTION.search(asked) or (
            _asks_whether(asked)):
        return False
    if lx.HEDGE_FWD.search(text) and not _ZH_ASK_Q.search(text):
        return False  # "要不张三来？": a suggestion
    if not (_ZH_ASK_Q.search(text) or _ZH_WHEN_Q.search(text) or _ZH_TAKE_Q.search(text) or i < len(clauses) - 1):
        return False  # a bare "张三你确认？" may only ask to confirm a fact
    head = tuple(clauses[: i + 1])
    found = tasks(Sentence(head, 0), head, [False] * len(head), participants)
    return any(f.kind == "task" and f.owner in participants and clauses[i] in f.clauses for f in found)


def _vocative_tasks(clauses: Sequence[Clause], participants: Sequence[str]) -> bool:
    """Polite requests phrased as questions still assign work ("Bob, can you update the docs?")."""
    if ex.pronoun_request([c.text for c in clauses], participants):
        return True
    for i, c in enumerate(clauses):
        if _zh_request(clauses, i, participants):
            return True  # "刘洋你能不能把接口文档更新一下？": a request, asked politely
        c = replace(c, text=ex.en_polite(c.text))
        if i and (_EN_YOU_ARE.match(c.text) or _EN_YOU_ING.match(c.text)) and _addressed(clauses[i - 1].text, participants):
            return True  # "Dave, you're on the T-shirts again?": asked to confirm, still assigned
        if re.search(r"\b(?:can|could|would|will) (?:you|[A-Z][a-z]+)\b", c.text, re.IGNORECASE):
            if ex.assignments(c.text, "", participants):
                return True
            if i and ex.vocative(clauses[i - 1].text, c.text, participants):
                return True
            if _EN_YOU_ASKED.match(c.text) and any(_addressed(d.text, participants) for d in clauses if d is not c):
                return True  # "Carol, the group chat, can you add everyone's new numbers?"
    return False


def names_work(text: str, participants: Sequence[str]) -> bool:
    """A clause that is only a work phrase: content words, no person, no absence or past event."""
    if find_people(text, participants) or lx.LEAVE.search(text) or lx.PAST.search(text):
        return False
    title = ex.clean_title(text)
    return mentions.content(title) >= 2 if has_cjk(title) else len(title.split()) >= 2


def _names_thing(text: str, participants: Sequence[str]) -> bool:
    """A clause that is only a noun phrase: it names work and has no verb ("然后data room")."""
    title = ex.clean_title(text)
    return names_work(text, participants) and not re.search(r"得|要|该|必须|了|过", title) and not any(
        f.startswith("v") and f != "vn" for _, f in mentions.words(title)
    )


_EN_TO_YOU = re.compile(r"\b(to|with|for) you\b(?!r)", re.IGNORECASE)


def _addressed(text: str, participants: Sequence[str]) -> str | None:
    """The participant a clause that is only a name addresses ("Okay, Wen, …")."""
    hits = find_people(text, participants)
    # "艾琳那边，…": the person, or their side of the work, addressed alike.
    after = re.sub(r"^(?:你|您)?(?:那边|这边|那儿|那里)$", "", text[hits[0].end :]) if hits and has_cjk(text) else ""
    if len(hits) == 1 and not strip_punct(re.sub(r"^\s*(?:ok|okay|so|and|then|right)\b", "", text[: hits[0].start],
                                                   flags=re.IGNORECASE)) and not strip_punct(after if has_cjk(text) else text[hits[0].end :]):
        return hits[0].name
    return None


_EN_YOU_ARE = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you(?:'re| are)\b(?! on (?:it|that|this)\b)", re.IGNORECASE)
_EN_YOU_WILL = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you(?:'ll| will)\b", re.IGNORECASE)
_EN_YOU_ING = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you\s+(?=[a-z]+ing\s)", re.IGNORECASE)
# "Tom, you're on library duty, you can run off copies": a modal of ability or need said to the
# one called is asked of them, like "you'll".
_EN_YOU_CAN = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?you\s+(can|need to|have to|must)\b", re.IGNORECASE)
# A request with its own verb after the sentence that called the person ("Carol, the group chat.
# Can you add everyone's new numbers?").
_EN_YOU_ASKED = re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?(?:can|could|would|will) you\s+(?:please\s+)?[a-z]",
                           re.IGNORECASE)


def _you_as(text: str, name: str | None) -> str:
    """English "…goes back to you" said to someone addressed by name: "you" is that person; so is
    the subject of "you're writing the methods section" / "you're on the T-shirts" / "you'll…"."""
    if not name or has_cjk(text):
        return text
    text = _EN_YOU_ARE.sub(f"{name} is", text.strip())
    text = _EN_YOU_WILL.sub(f"{name} will", text)
    text = _EN_YOU_ING.sub(f"{name} is ", text)  # "Omar, you doing the stock take?": "are" dropped
    text = _EN_YOU_CAN.sub(lambda m: f"{name} {m.group(1).lower()}", text)
    text = re.sub(r"^((?:(?:and|so|then|okay|ok)[\s,]+)?(?:can|could|would|will)) you\b"
                  r"(?!\s+(?:please\s+)?\w+(?:\s+(?:up|out|over|in|on))?\s+(?:it|that|those|them|this|these)\b)", rf"\1 {name}", text,
                  flags=re.IGNORECASE)  # "Carol, the group chat, can you add…" → "can Carol add…"
    return _EN_TO_YOU.sub(lambda m: f"{m.group(1)} {name}", text)


# A clause that goes on with the agent of the task before it: "…，顺便把差评都回复了".
_ZH_ALSO = re.compile(r"^(?:顺便|顺手|顺带|同时|然后再|然后|再)(?=把|将)")
_ZH_BA = re.compile(r"^(?:就|先|再|也|都)?(?:把|将)")


def _goes_on(text: str, dated: bool) -> str | None:
    """A clause with no agent of its own that goes on with the one before: a connector then a
    把 order ("…，顺便把差评都回复了"), or (``dated``: the clause before named no work of its own)
    a 把 order after its time ("晓波你跟物业对接一下，开幕前把电路检查做了") — the clause as the
    agent would say it, or None. After a task, "…，明天上午之前把数据补回去" is that task's date."""
    m = _ZH_ALSO.match(text)
    if m:
        return text[m.end() :]
    if not dated:
        return None
    lead = next((h for h in lx.dates(text) if h.start == 0), None)
    rest = re.sub(r"^(?:之前|以前|前)", "", text[lead.end :]) if lead else text
    return text if lead and _ZH_BA.match(rest) else None


def _dated_order(text: str, participants: Sequence[str]) -> bool:
    """A clause that opens with its time and names nobody ("这周加练补刀", "明天上午把样品寄出去")."""
    t = strip_punct(text)
    lead = next((h for h in lx.dates(t) if h.start == 0), None)
    return lead is not None and len(t) - lead.end >= 2 and not find_people(t, participants) and not re.search(
        r"[我你他她咱]", t)


_ORDER_OPENS = re.compile(r"^(?:把|将|给|帮|替)")


def _bare_order(text: str, participants: Sequence[str]) -> str:
    """A Chinese clause shaped as an order with no agent: it names nobody (no pronoun either), asks
    no question, reports nothing past, and either says by when (a deadline) or opens with a 把/给
    phrase. The clause without its dates (the verb after "今天下班前" is 报修, not 下班);
    "" when it is not one."""
    t = strip_punct(text)
    if (not has_cjk(t) or find_people(t, participants) or re.search(r"[我你他她咱们]|大家", t)
            or re.search(r"[吗么呢？?]$", text.strip()) or lx.PAST.search(t) or lx.LEAVE.search(t)):
        return ""
    hits = lx.dates(t)
    if not lx.deadlines(t) and not _ORDER_OPENS.match(t):
        return ""
    for h in reversed(hits):
        t = t[: h.start] + re.sub(r"^(?:之前|以前|前|之内|以内|内)", "", t[h.end :])
    return t if len(t) >= 2 else ""


def _bare_topic(text: str, participants: Sequence[str]) -> bool:
    """A clause between a name and the order to them that only names the thing ("差的那四十单"):
    no person, no pronoun, no verb (but the head after 的)."""
    t = strip_punct(text)
    ws = mentions.words(t)
    return len(t) >= 2 and not find_people(t, participants) and not re.search(r"[我你他她咱们]", t) and not any(
        f.startswith("v") and f != "vn" and (k == 0 or ws[k - 1][0] != "的") for k, (_, f) in enumerate(ws)
    )


# An order by its shape, with no agent said: a 把 object, or a verb with the complement or measure
# of a request ("加个分机", "检查一遍", "装好", "整理一下").
_ZH_ORDER_SHAPE = re.compile(r"^(?:先|再|赶紧|马上|尽快|抓紧)?(?:把|将)|[\u3400-\u9fff](?:一下|一遍|好|完|掉|出来|清楚)(?![了过])"
                             r"|(?<=[\u3400-\u9fff])(?<![有这那一几每哪整两是])个")  # "加个分机", not "有个病人"


# A light verb with a measure and a one-character noun: 报个价, 问个价, 估个价, 出个数.
_LIGHT_MEASURE = re.compile(r"(?P<v>[\u3400-\u9fff])一?个(?P<n>[\u3400-\u9fff])$")


def _noun_run(text: str, participants: Sequence[str]) -> str:
    """The nouns a clause opens with ("易拉宝一百二一个" → 易拉宝, jieba tags it a name), two
    characters or more, no person among them; ""."""
    run = ""
    for w, f in mentions.words(strip_punct(text)):
        if not f.startswith(("n", "eng", "vn")):
            break
        run += w
    return run if len(run) >= 2 and not find_people(run, participants) else ""


def _order_shaped(text: str, participants: Sequence[str]) -> bool:
    """A clause said right after a name alone that orders without naming its agent ("小杨，三楼的呼
    叫铃加个分机", "老曹，把车库钥匙收好"): no person or pronoun in it, not a remark, a report or a
    question, and the shape of an order."""
    t = strip_punct(text)
    return bool(_ZH_ORDER_SHAPE.search(t)) and not find_people(t, participants) and not re.search(
        r"[我你您他她咱]|了$|吗$|呢$", t) and not remark(t) and not lx.PAST.search(t)


# A topic before 你 ("冷菜那八个拼盘你来出"): a noun phrase, then the request to the one addressed.
_ZH_TOPIC_YOU = re.compile(r"^(?P<topic>[^，,。你您]{0,20}?)(?:你|您)(?!们)")


# Asked of the one addressed without 你: "（艾琳那边，）设计方案什么时候能出来？".
_ZH_TOPIC_ASKED = re.compile(r"^(?P<topic>[^，,。你您我他她]{2,20}?)(?=什么时候|啥时候|哪天|几号|能不能|能否|可不可以)")


def _zh_you_as(text: str, name: str) -> tuple[str, str]:
    """A Chinese clause that asks 你 after someone was addressed by name: (the clause from the
    name on, in place of 你; the topic said before 你 — the work when the verb has no object).
    A topic then a question of when or whether it can be done asks the one named too.
    ("", "") when it does not address 你."""
    m = _ZH_TOPIC_YOU.match(text)
    if not m and has_cjk(text) and (q := _ZH_TOPIC_ASKED.match(text)):
        return name + text[q.end() :], q.group("topic")
    if not m or not has_cjk(text):
        return "", ""
    # "项目设计能不能你来牵头": the modal asks; it is no part of the topic.
    topic = re.sub(r"(?:能不能|能否|可不可以|可以|是不是|要不要|就|也|还是)+$", "", m.group("topic"))
    ws = mentions.words(topic) if topic else ()
    while ws and ws[-1][1] == "t":  # "今年你负责": when is no part of the work
        topic, ws = topic[: len(topic) - len(ws[-1][0])], ws[:-1]
    sep = "" if has_cjk(name) else " "  # "Leo 你…": no word boundary between a Latin name and 你
    return name + sep + text[m.end(0) - 1 :], topic


_ZH_MODALS = frozenset({"得", "必须", "务必", "需要", "一定要", "要", "得要"})


def _obliged(text: str, participants: Sequence[str]) -> str:
    """The work of an obligation with a topic and no agent ("停车费的收支月底前得在公告栏公示出来"),
    said to the person just named; "" when it is not one."""
    t = strip_punct(text)
    if re.search(r"[，,。你您我他她咱]|意思是|据说|听说|说是|说要|认为|觉得", t) or find_people(t, participants) or lx.PAST.search(t) or _HEDGE_Q.search(text):
        return ""
    for h in reversed(lx.dates(t)):  # "月底前得": the date is no part of the work, and jieba glues 前得
        t = t[: h.start] + t[h.end :]
    pos, w = 0, ""
    for w, _ in mentions.words(t):  # the modal as a word of its own, not 要 of 纪要
        if w in _ZH_MODALS:
            break
        pos += len(w)
    topic, rest = t[:pos], t[pos + len(w) :] if pos < len(t) else ""
    if len(rest) < 2 or not any(f.startswith("v") for _, f in mentions.words(rest)):
        return ""
    topic = ex.clean_zh_title(topic)
    return ex.clean_zh_title(topic + rest) if mentions.content(topic) >= 2 else ""


_HEDGE_Q = re.compile(r"[吗么呢？?]$|要不要|是不是")


# A person one gets something from or gives something to is no owner: "你问大勇要个电话",
# "财务那部分我得找雅琪要", "回头给丽娟报了", "跟张三说一下", "抄送李四".
_SOURCE_BEFORE = re.compile(r"(?:问|找|向|跟|和|给|抄送|告诉|通知|转告)$")
_SOURCE_AFTER = re.compile(
    r"^(?:要|拿|借|领|报|说|讲|汇报|反映|打听|请教|申请|确认|沟通|商量|交代|发|转|递|一声|打个招呼|打声招呼)"
)
_SOURCE_VERB = re.compile(r"(?:抄送|告诉|通知|转告)$")


def source_only(texts: Sequence[str], owner: str, participants: Sequence[str]) -> bool:
    """``owner`` is named in ``texts`` only as a source or recipient of the work, never its doer."""
    slots = [
        bool(_SOURCE_BEFORE.search(t[: h.start]))
        and (bool(_SOURCE_VERB.search(t[: h.start])) or bool(_SOURCE_AFTER.match(t[h.end :])))
        for t in texts
        for h in find_people(t, participants)
        if h.name == owner
    ]
    return bool(slots) and all(slots)


# Asked to speak in the meeting itself ("一帆，你先讲讲你那个消融实验", "你给大家介绍一下"): no work
# to do after it. With a date it is a talk to prepare ("下周组会讲一下你的论文").
_ZH_SAY_NOW = re.compile(
    r"(?:讲讲|说说|聊聊|谈谈|讲一讲|说一说|讲一下|说一下|聊一下|谈一下|介绍一下|介绍介绍|分享一下|先汇报一下|先汇报)"
)


# Talk taken to someone outside the room ("去跟物业讲一下") is work to do, not talk now.
_ZH_SAY_TO = re.compile(r"(?:跟|和|向)(?!大家|我们|咱们|各位)[\u3400-\u9fffA-Za-z]{2,8}(?:讲|说|聊|谈|介绍|汇报)")


# Asking or checking whether, with the question in the clause after ("问问，看有没有冷库能租").
_INQUIRE = re.compile(r"(?:^问|^查|^看|问问|问一问|问一下|打听打听|打听一下|了解一下|查查|查一下|看看|找找)$")
_CHECK_WHETHER = re.compile(r"^(?:看|看看|瞧瞧)?(?P<q>(?:有没有|能不能|是不是|可不可以|肯不肯|愿不愿意|哪里|哪儿|哪家|谁)[^，,。]{2,})$")


def said_now(texts: Sequence[str]) -> bool:
    return any(_ZH_SAY_NOW.search(t) and not _ZH_SAY_TO.search(t) for t in texts) and not any(lx.dates(t) for t in texts)


def _one_title(found: Sequence[ex.Assignment]) -> bool:
    return len({a.title for a in found}) == 1


def tasks(
    scope: Sentence, clauses: Sequence[Clause], hedged: Sequence[bool], participants: Sequence[str]
) -> Reading:
    """Task frames of ``clauses`` (each with the clauses it quotes and its own deadline) and the
    deadline clauses shared by the tasks before them. Empty when no work with a title is named."""
    out: list[Frame] = []
    no_owner = any(lx.NO_OWNER.search(c.text) for c in clauses)
    # "Can you take care of the booking, Sam?": a name said alone at the end calls the person too.
    addressee = _addressed(clauses[-1].text, participants) if len(clauses) > 1 and not has_cjk(clauses[-1].text) else None
    zh_named: tuple[int, str] | None = None  # a Chinese clause that only names someone: (index, name)
    joint: set[str] = set()  # co-owners of work split between them in this sentence
    agent: str | None = None  # the last one asked in this sentence, even for work it did not name
    i = 0
    while i < len(clauses):
        c = clauses[i]
        prev = clauses[i - 1].text if i else ""
        addressee = _addressed(c.text, participants) or addressee
        if _addressed(c.text, participants) and i + 1 < len(clauses) and has_cjk(clauses[i + 1].text):
            zh_named = (i, addressee)  # "Leo，CVE的修复你负责一下": a Latin name, a Chinese request
        found = [] if hedged[i] else ex.assignments(_you_as(ex.en_polite(c.text), addressee), prev, participants)
        used = [c]
        if not found and not hedged[i]:
            ask = ex.pronoun_request([d.text for d in clauses[: i + 1]], participants)
            if ask is not None:
                found, used = [ask], list(clauses[: i + 1])
        if not found and i + 1 < len(clauses) and not hedged[i + 1] and ex.light_ask(clauses[i + 1].text):
            # "The transcripts indexed, Tom, can you handle that?": "that" is the work said before.
            ask = ex.pronoun_request([d.text for d in clauses[: i + 2]], participants)
            if ask is not None:
                found, used = [ask], list(clauses[: i + 2])
                i += 1
        if not found and i + 1 < len(clauses) and not hedged[i + 1]:
            v = ex.vocative(c.text, ex.en_polite(clauses[i + 1].text), participants)
            if v:
                # "Raj and Beth, can you two run the recruitment?": one task each.
                found = [ex.Assignment(o, v.title, v.named, v.due) for o in co_agents(c.text, v.owner or "", participants)]
                found = found if v.owner else [v]
                used = [c, clauses[i + 1]]
                i += 1
        if not found and i + 1 < len(clauses) and not hedged[i + 1]:
            terse = ex.terse_ask(c.text, [d.text for d in clauses[i + 1 : i + 3]], participants)
            if terse is not None:
                found, used = [terse[0]], list(clauses[i : i + 1 + terse[1]])
                i += terse[1]
        if not found and not hedged[i]:
            nxt = clauses[i + 1] if i + 1 < len(clauses) and not hedged[i + 1] else None
            g = generic(c.text, prev, nxt.text if nxt else "", participants)
            if g is None and zh_named is not None and zh_named[0] < i:
                # "蔡敏，冷菜那八个拼盘你来出" / "符军，那个旋耕机…，你…修好": 你 is the one named.
                said, topic = _zh_you_as(c.text, zh_named[1])
                if said and not topic and i > zh_named[0] + 1 and re.fullmatch(r"(?:还是|那)?(?:你|您)来吧?", strip_punct(c.text)):
                    # "宏达你去年做过，还是你来？": a bare take-on is for the topic the clause before opened
                    known = _ZH_TOPIC_YOU.match(prev)
                    topic = known.group("topic") if known else ""
                # (the clause before is the name itself: the work is named before the name)
                before = clauses[zh_named[0] - 1].text if zh_named[0] == i - 1 and zh_named[0] else prev
                g = generic(said, before if zh_named[0] == i - 1 else prev, "", participants, topic=topic) if said else None
                if g is not None:
                    used = list(clauses[zh_named[0] : i + 1])
            if g is None and zh_named is not None and zh_named[0] == i - 1:
                # "丽娟，停车费的收支月底前得在公告栏公示出来": an obligation said right after the name.
                title = _obliged(c.text, participants)
                g = Generic((zh_named[1],), title, False) if title else None
                if g is not None:
                    used = [clauses[i - 1], c]
            if g is None and zh_named is not None and zh_named[0] == i - 1 and _order_shaped(c.text, participants):
                # "小杨，三楼的呼叫铃加个分机": an order said right after the name is asked of them.
                g = generic(zh_named[1] + "你" + c.text, "", "", participants)
                if g is not None and (order := _bare_order(c.text, participants)) and re.match(r"^(?:给|帮|替)", order):
                    g = replace(g, title=ex.clean_zh_title(order))  # "给张女士加个号": whom it is for, and what
                if g is not None:
                    used = [clauses[i - 1], c]
            if g is None and zh_named is not None and zh_named[0] < i and _dated_order(c.text, participants) and not any(
                f.kind == "task" and f.owner == zh_named[1] for f in out
            ):
                # "阿俊，你下路的对线数据不太好，这周加练补刀": a dated order with no agent of its own,
                # after a remark to the one named, is asked of them (after their task, it is its date).
                g = generic(zh_named[1] + "你" + c.text, "", "", participants)
                if g is not None:
                    used = list(clauses[zh_named[0] : i + 1])
            if g is None and zh_named is not None and zh_named[0] < i and not any(
                f.kind == "task" and f.owner == zh_named[1] for f in out
            ) and (order := _bare_order(c.text, participants)) and all(
                _bare_topic(d.text, participants) for d in clauses[zh_named[0] + 1 : i]
            ):
                # "老周，三号叉车今天下班前报修" / "小刘，差的那四十单，上午十点前补发" / "小蒋，给张女士
                # 加个号": an order with no agent of its own right after the name is asked of them.
                between = "，".join(d.text for d in clauses[zh_named[0] + 1 : i])
                g = generic(zh_named[1] + "你" + order, "", "", participants, topic=between)
                if g is not None and re.match(r"^(?:给|帮|替)", order):
                    g = replace(g, title=ex.clean_zh_title(order))  # "给张女士加个号": whom it is for, and what
                if g is not None:
                    used = list(clauses[zh_named[0] : i + 1])
            told = out[-1].owner if out and out[-1].kind == "task" and out[-1].owner else None
            last = told or agent
            if g is None and last is not None and (said := _goes_on(c.text, told is None)) is not None:
                # "柯俊你去抽查一下那几间房，顺便把差评都回复了": the same agent goes on.
                g = generic(last + "你" + said, "", "", participants)
                if g is not None and told is not None and out[-1].due and not g.due and not lx.dates(c.text):
                    # "老曹，春节前把防滑链检查一遍，顺便把空调修好": done on the same occasion, by the
                    # same date.
                    g = Generic(g.owners, g.title, g.used_next, out[-1].due)
                    used = [*out[-1].clauses, c]
            if g is not None:
                mine = g.due if not any(lx.deadlines(d.text) for d in (c, nxt) if d is not None) else None
                found = [ex.Assignment(o, g.title, True, mine) for o in g.owners]
                if g.used_next and nxt is not None:
                    used = [c, nxt]
                    i += 1
        elif len(found) == 1 and found[0].owner:
            # "王五和赵六负责后端": two agents joined, the same work for each.
            a = found[0]
            found = [ex.Assignment(o, a.title, a.named, a.due) for o in co_agents(c.text, a.owner, participants)]
        split = "split" if len({a.owner for a in found if a.title or i}) > 1 and _one_title(found) else ""
        agent = next((a.owner for a in found if a.owner), agent) if len(found) == 1 else None if found else agent
        for a in found:
            if not a.title and i and a.owner and names_work(prev, participants):
                # "还有单点登录的对接，交给陈思远吧": the hand-over's object is the clause before.
                title = ex.clean_title(prev)
                if i >= 2 and _names_thing(clauses[i - 2].text, participants) and not any(
                    clauses[i - 2] in f.clauses for f in out
                ):
                    # "然后data room，尽调要用的材料，交给祝凯": two names of the work in a row
                    # (the thing, then what it is, or two items): the hand-over takes both.
                    title = f"{ex.clean_title(clauses[i - 2].text)}，{title}"
                    used = [clauses[i - 2], clauses[i - 1], *used]
                a = ex.Assignment(a.owner, title, a.named, a.due)
            if not a.title:
                continue  # "给刘洋吧" with nothing before it: no work named
            if a.owner and has_cjk(c.text) and source_only([u.text for u in used], a.owner, participants):
                continue
            if has_cjk(c.text) and (said_now([u.text for u in used]) or remark(c.text) or remark(used[-1].text)):
                continue  # talk asked for now, or a remark on the work ("你去年做得挺好")
            if not split and a.owner and has_cjk(c.text) and a.owner in joint and not due_hits(c.text, work=True):
                continue  # "…由晓东和舒婷一起写，晓东跑采访，舒婷做数据": who does which part of it
            light = _LIGHT_MEASURE.search(a.title) if i + 1 < len(clauses) and has_cjk(c.text) else None
            head = _noun_run(clauses[i + 1].text, participants) if light else ""
            if light and head and not hedged[i + 1]:
                # "小苏你跟客户报个价，易拉宝一百二一个": a light verb with a measure names no thing;
                # the thing is the noun phrase the next clause opens with.
                a = ex.Assignment(a.owner, head + light.group("v") + light.group("n"), a.named, a.due)
                used = [*used, clauses[i + 1]]
                i += 1
            nxt_q = _CHECK_WHETHER.match(clauses[i + 1].text) if i + 1 < len(clauses) and has_cjk(c.text) else None
            if nxt_q and _INQUIRE.search(a.title):
                # "小王你去物流园问问，看有没有冷库能租": what is asked is the work.
                a = ex.Assignment(a.owner, ex.clean_zh_title(a.title + nxt_q.group("q")), a.named, a.due)
                used = [*used, clauses[i + 1]]
                i += 1
            if a.title == ex.clean_title(prev) and i:
                used = [clauses[i - 1], *used]
            due = next((d for u in used if (d := _right_after_work(u.text, a.title))), None) or (
                (a.due or None) if a.due is not None
                else next((h.text for u in used for h in due_hits(u.text, work=True)), None)
            )
            main = used[-1] if len(used) > 1 and used[0] is not c else c
            owner = None if no_owner else a.owner
            out.append(Frame("task", scope, tuple(used), main, owner, a.title, due, cue=split))
            if split:
                joint.add(a.owner or "")
        dated = _dated_order(c.text, participants) and out[-1].kind == "task" and not out[-1].due if out else False
        if not found and out and (lx.deadlines(c.text) or dated) and not ex.assignments(c.text, "", participants):
            # "张三负责前端，李四负责后端，周五之前都要完成": a shared deadline; "一鸣你去跟对方说，
            # 今晚就联系": the time the work just asked for is done.
            due = (lx.deadlines(c.text) or lx.dates(strip_punct(c.text)))[0].text
            out.append(Frame("share_due", scope, (c,), c, due=due, share=bool(_ALL.search(c.text))))
        i += 1
    return tuple(out)


# "The raffle licence, somebody has to renew it": the work is the thing named before.
_EN_PRONOUN_END = re.compile(r"^[a-z]+(?:\s+(?:up|out|over|off|on))?\s+(?:it|them|that|this|those|these)$", re.IGNORECASE)


def unowned(scope: Sentence, clauses: Sequence[Clause]) -> Frame | None:
    """Work said to have no owner yet ("测试环境需要有人确认", "someone needs to…")."""
    for i, c in enumerate(clauses):
        if not lx.NO_OWNER.search(c.text):
            continue
        prev = clauses[i - 1].text if i else ""
        title = ex.unowned_work(c.text, prev)
        if not title:
            continue
        used = [clauses[i - 1], c] if i and title == ex.clean_title(prev) else [c]
        if i and (mentions.content(title) < 2 or _EN_PRONOUN_END.search(title)):
            # "告警规则，迁完之后要重新配，这个先挂着，看谁有空": the work is the clause that names it.
            best = mentions.clearest([ex.clean_title(d.text) for d in clauses[:i]])
            if best:
                k = next(j for j in range(i) if ex.clean_title(clauses[j].text) == best)
                title, used = best, [*clauses[k:i], c]
        used += [d for d in clauses[i + 1 :] if lx.deadlines(d.text) or lx.NO_OWNER.search(d.text)]
        due = next((h.text for u in used for h in lx.deadlines(u.text)), None)
        return Frame("unowned", scope, tuple(used), c, None, title, due)
    return None


def conflict(scope: Sentence, clauses: Sequence[Clause]) -> Frame | None:
    """Two different dates for one item, a contrast and an attribution: a clarification question."""
    text = scope.text
    if not lx.CONTRAST.search(text) or not lx.ATTRIBUTION.search(text):
        return None

    def said(c: Clause) -> list[lx.DateHit]:
        # Dates of the item, not of the talk about it ("今天讨论时…", "this morning we…").
        hits = lx.deadlines(c.text)
        if len(hits) < 1:
            hits = [h for h in lx.dates(c.text) if not _WHEN_SAID.match(c.text[h.end :])]
        return hits

    found = [h for c in clauses for h in said(c)]
    distinct = list(dict.fromkeys(h.text for h in found))
    if len(distinct) < 2:
        return None
    first = next(c for c in clauses if said(c))
    topic = ex.conflict_topic(first.text, said(first)[0].start)
    d1, d2 = distinct[0], distinct[-1]
    if has_cjk(text):
        q = f"{topic}的完成时间是{d1}还是{d2}？" if topic else f"完成时间是{d1}还是{d2}？"
    else:
        q = f"Is {topic} due {d1} or {d2}?" if topic else f"Is it due {d1} or {d2}?"
    return Frame("conflict", scope, tuple(clauses), first, work=q, candidates=(d1, d2))


def new_owner(text: str, participants: Sequence[str]) -> tuple[str | None, tuple[str, ...]]:
    """(the owner a correction hands the work to, names it takes the work away from)."""
    new: list[str] = []
    old: list[str] = []
    markers = list(lx.CORRECTION.finditer(text))
    # Names said after the last correction marker are the new ones ("给张三，不对，给李四").
    after = markers[-1].end() if markers and find_people(text[markers[-1].end() :], participants) else 0
    for h in find_people(text, participants):
        if h.start < after:
            old.append(h.name)
            continue
        before = text[max(0, h.start - 4) : h.start].lower()
        clause_after = re.split(r"[，,。.;；!?！？]", text[h.end :], maxsplit=1)[0]
        if re.search(r"(?:不是|不要|别|不让|不给|not|no)\s*$", before):
            old.append(h.name)
        elif lx.LEAVE.search(clause_after) or re.match(
            r"^\s*(?:也|都)?(?:不行|没时间|忙|can'?t|cannot|won'?t)", clause_after
        ) or re.match(r"^(?:'s|\s+has|\s+already has|\s+is already on)\s+(?:got\s+|already\s+)?(?:the|a|his|her|their)\b",
                      clause_after) or re.match(r"^(?:'s|\s+is)\s+not\b|^\s+isn'?t\b", clause_after):
            # "Mike's got the wiring", "Wen already has the plugin API": busy, the reason not to give it;
            # "Mike's not …", "Tom isn't free": said of whom it is not
            old.append(h.name)
        else:
            new.append(h.name)
    return (new[0] if new else None), tuple(old)


_OBLIGED = re.compile(r"\s*(?:就|也|都)?(?:得|要|必须|一定要|务必|需要)")


# In the work's own clause a date right before its verb is when it is done: "脚手架今天上午全面检查一遍".
_DONE_BY = re.compile(rf"\s*(?:就|也|都|先|再|全面|统一|一起|尽快|抓紧|马上|加班|加个班|加急)*(?:{lx.ZH_ASSIGN_VERBS})")
# The owner's own date: a date before a modal of ability or promise and the verb ("初稿我十二月
# 十五号可以出", "我周三之前能给").
_PROMISED = re.compile(rf"\s*(?:(?:就|也|都)?(?:可以|能|会|一定|肯定|保证)(?:{lx.ZH_ASSIGN_VERBS}|给|交)|"
                       rf"(?P<plan>就(?:去|给|交|打|联系|{lx.ZH_ASSIGN_VERBS})))")  # a reply: "好的，明天就去"


def _right_after_work(text: str, title: str) -> str | None:
    """English: a date said right after the work is when that work is done, even when the clause
    goes on with other work and its own date ("call the city today and book the inspection for
    Thursday" → today)."""
    if has_cjk(text) or not title:
        return None
    at = text.lower().find(title.lower())
    if at < 0 or re.search(r"\b(?:about|on|for|of|with|to|from|at|around|until)$", title, re.IGNORECASE):
        return None  # "ask them about Thursday afternoons": the date is the work's object
    end = at + len(title)
    return next((h.text for h in lx.dates(text) if end <= h.start <= end + 1), None)


_RESCHEDULED = re.compile(
    r"\b(?:move|moving|reschedule|rescheduling|shift|push|postpone|bring|change|switch)\b[^,;!?]*?"
    r"\b(?:to|until|till|for|from [\w ]+ to)\s*$",
    re.IGNORECASE,
)


def promised(text: str) -> list[lx.DateHit]:
    """Deadlines of a clause, and a date the speaker promises the work by ("…我周三可以出")."""
    hits = lx.deadlines(text)
    more = [h for h in lx.dates(text) if h not in hits and _PROMISED.match(text, h.end)]
    return sorted([*hits, *more], key=lambda h: h.start)


def due_hits(text: str, work: bool = False) -> list[lx.DateHit]:
    """Deadlines of a clause, and (Chinese) a date right before an obligation: "初稿下周一就得给我";
    ``work``: the clause names the task's work, so a date right before its verb counts too."""
    hits = lx.deadlines(text)
    if work and not has_cjk(text):
        # "move Mrs. Patel to Monday", "push the demo to Friday": the new day is what the work is about.
        hits = [h for h in hits if not _RESCHEDULED.search(text[: h.start])]
    if lx.LEAVE.search(text) or not has_cjk(text):
        return hits  # "李明下周要出差": an absence, not a deadline
    more = [h for h in lx.dates(text) if h not in hits
            and (_OBLIGED.match(text, h.end) or (work and _DONE_BY.match(text, h.end)))]
    return sorted([*hits, *more], key=lambda h: h.start)


def corrected_due(scope: Sentence, clauses: Sequence[Clause]) -> str | None:
    """The date a correction moves to: after 改到/推迟到/to, else the last one said — never a
    negated one ("due Wednesday, not Friday" / "是周三不是周五")."""
    hits = [h for c in clauses for h in due_hits(c.text) if not NEGATED.search(c.text[: h.start])]
    if not hits:
        return None
    text = scope.text
    marker = _MOVE_TO.search(text)
    if marker:
        after = lx.dates(text[marker.end() :])
        if after:
            return after[0].text
    return hits[-1].text


def correction(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame:
    owner, old = new_owner(scope.text, participants)
    fresh = tuple(
        a.title
        for i, c in enumerate(clauses)
        for a in ex.assignments(c.text, clauses[i - 1].text if i else "", participants)
        if a.title
    )
    due = corrected_due(scope, clauses)
    return Frame("correct", scope, tuple(clauses), clauses[0], owner, due=due, old_owners=old, works=fresh)


def decision(scope: Sentence, clauses: Sequence[Clause]) -> Frame:
    """The decision's text: from the clause before the trigger (its subject) on, without the lead-in
    ("我们决定"). ``cue="confirm"``: the sentence only confirms ("就这么定了"); the state then makes
    the statement before it the decision when it is adjacent."""
    confirm = "confirm" if lx.CONFIRM.match(strip_punct(clauses[0].text)) else ""
    if not confirm and len(clauses) == 2 and lx.CONFIRM.match(strip_punct(clauses[1].text)) and (
        lx.CHATTER_ONLY.match(strip_punct(clauses[0].text)) or _AGREES.match(strip_punct(clauses[0].text))
    ):
        confirm = "confirm"  # "Good, that's final." / "行，定了。": agreement, then the confirmation
        clauses = clauses[1:]
    if confirm and _INTRODUCES.match(clauses[0].text) and any(len(strip_punct(c.text)) > 4 for c in clauses[1:]):
        # "Okay, it's decided: 8:45 start for all high schools" says the decision after the cue;
        # "That's decided, the CFO signed off" confirms the statement before it.
        confirm = ""
    elif confirm and has_cjk(scope.text) and _STATES_AFTER.search(clauses[0].text) and any(
        len(strip_punct(c.text)) > 4 and not _JUSTIFIES.search(strip_punct(c.text)) for c in clauses[1:]
    ):
        confirm = ""  # "那就这么定了，会员费统一按季度结算": the conclusion is announced, then said
    start = next((i for i, c in enumerate(clauses) if lx.DECISION.search(c.text)), 0)
    if start and start == len(clauses) - 1 and lx.CONFIRM.match(strip_punct(clauses[start].text)):
        start = 0  # "物业费，今年不涨，我跟业委会说好了，定了": a closing 定了 confirms all before it
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


def cancel(scope: Sentence) -> Frame:
    return Frame("cancel", scope, scope.clauses, text=strip_punct(scope.text)[:500] or "cancelled")


def deadline(scope: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A sentence that only says a deadline (no person, not a closing): it may set or move the date
    of the task it names or the one just discussed."""
    # "Friday's doable if the inspector comes Thursday": a date in a condition moves nothing.
    # (Chinese: also the owner's own date, "初稿我十二月十五号可以出".)
    hits = [h for c in clauses for h in (promised(c.text) if has_cjk(c.text) else lx.deadlines(c.text))
            if not NEGATED.search(c.text[: h.start]) and not lx.CONDITION.search(c.text[: h.start])]
    # "好的，明天就去": when the one asked will do it — a first date for the work, never a move.
    plan = bool(hits) and has_cjk(scope.text) and all(_plans(c.text) for c in clauses if has_cjk(c.text))
    order = not has_cjk(scope.text) and date_order(scope.text)
    if order and not hits:
        # "File Saturday morning.", "Then aim for the 25th, Yuki.": an order whose only news is a
        # date; the addressed person's task (or the one in focus) gets it.
        hits = [h for c in clauses for h in lx.dates(c.text) if not NEGATED.search(c.text[: h.start])]
    if not hits or lx.CLOSING.search(scope.text):
        return None
    if find_people(scope.text, participants) and not order:
        return None
    cue = "order" if order else "plan" if plan else ""
    return Frame("deadline", scope, tuple(clauses), candidates=tuple(h.text for h in hits), cue=cue)


def _plans(text: str) -> bool:
    """Every date of the clause is when the speaker will go and do it ("明天就去")."""
    return all((m := _PROMISED.match(text, h.end)) and m.group("plan") for h in lx.dates(text))


def date_order(text: str) -> bool:
    """The order's verb is followed by the date and nothing else ("File Saturday morning", not
    "Send the invoice Friday", which names work of its own)."""
    m = _EN_DATE_ORDER.match(text)
    if not m:
        return False
    rest = re.sub(r"^\s*(?:(?:it|that|them)\s+)?(?:(?:by|on|for|before)\s+)?", "", text[m.end() :])
    return any(h.start == 0 for h in lx.dates(rest))


_EN_DATE_ORDER = re.compile(
    r"^(?:(?:fine|okay|ok|then|so|right|alright|yes|no|actually|well)[\s,.]+)*"
    r"(?:let'?s say|aim for|make it|go for|target|(?:file|send|deliver|submit|finish|have it|get it)\b)",
    re.IGNORECASE,
)


_ANSWER_ZH = re.compile(r"^(?:那|那就|就|让|我看|我觉得)?(?P<x>.+?)(?:吧|来吧|来|去吧|去|负责吧|负责|可以)?$")
_ANSWER_YOU = re.compile(r"^(?P<x>[^你您]{2,6}?)(?:你|您)(?:来|去)?[\u3400-\u9fff]{1,2}?[吗吧呢]?$")
_ANSWER_EN = re.compile(
    r"^(?:maybe |i guess |how about |probably |let'?s say )?(?P<x>.+?)(?:\s+(?:can|will|could|should))?"
    r"(?:,?\s+(?:i guess|maybe|probably|then))?$",
    re.IGNORECASE,
)


def answer(sent: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """A sentence that is only a person's name ("王五吧", "Dave can."): the answer to a "who" question
    just asked, if there was one (the state decides)."""
    if len(clauses) != 1:
        return None
    text = strip_punct(clauses[0].text)
    if has_cjk(text) and (you := _ANSWER_YOU.match(text)):
        text = you.group("x")  # "苏哥你发？": a name proposed for the verb asked, rising or not
    elif sent.question:
        return None
    m = (_ANSWER_ZH if has_cjk(text) else _ANSWER_EN).match(text)
    hits = find_people(m.group("x"), participants) if m else []
    if len(hits) != 1 or strip_punct(m.group("x")[: hits[0].start] + m.group("x")[hits[0].end :]):
        return None
    return Frame("answer", sent, tuple(clauses), clauses[0], hits[0].name)


_WHO = re.compile(r"谁|\bwho\b", re.IGNORECASE)


def who_task(question: Sentence, name: str, participants: Sequence[str]) -> Frame | None:
    """The task a "who" question asks for, with ``name`` as the one who answers it: the question
    read with the name in place of 谁/who ("谁来负责压测？" + 王五 → 王五来负责压测)."""
    for c in question.clauses:
        if not _WHO.search(c.text):
            continue
        said = _WHO.sub(name, c.text, count=1)
        found = ex.assignments(said, "", participants)
        if not found and has_cjk(said):
            g = generic(said, "", "", participants)
            found = [ex.Assignment(name, g.title, True, g.due)] if g else []
        for a in found:
            if a.owner == name and a.title:
                due = a.due or next((h.text for h in lx.deadlines(c.text)), None)
                return Frame("task", question, (c,), c, name, a.title, due)
    return None


_EN_WE_ASK = re.compile(r"^(?:(?:so|and|okay|ok)[\s,]+)?(?:can|could|should|shall) we\b", re.IGNORECASE)


def addressed_work(prev: Sentence, sent: Sentence, participants: Sequence[str]) -> Sentence | None:
    """English "Kofi, photos for the housing piece. You're on that." / "Mike, the rough-in. Can you
    be done by Friday?": a sentence that only addresses someone and names work, then one that asks
    them for "that" — read as one sentence (None when they are not such a pair)."""
    if has_cjk(sent.text) or has_cjk(prev.text) or not sent.clauses:
        return None
    if prev.question and not _EN_WE_ASK.match(prev.text):
        return None  # "Can we get a cover on the openings? Mike, you're on that.": a proposal, then who
    ask = ex.light_ask(sent.clauses[-1].text) and len(sent.clauses) <= 2
    if not ask and not (_EN_YOU_ARE.match(sent.clauses[0].text) or _EN_YOU_WILL.match(sent.clauses[0].text)
                        or _EN_YOU_ASKED.match(sent.clauses[0].text)):
        return None
    if not ask and not any(_addressed(c.text, participants) for c in prev.clauses):
        return None
    said = [c.text for c in prev.clauses]
    if not any(_addressed(t, participants) for t in said) and not _addressed(sent.clauses[0].text, participants):
        if not (names_work(said[-1], participants) and find_people(sent.text, participants)):
            return None
    if has_trigger(prev.text, participants):
        return None
    return Sentence((*prev.clauses, *sent.clauses), sent.index)


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
_SETTLE_ZH = re.compile(r"^(?:(?:行|好|好的|好吧|可以|嗯|太好了|好极了|没问题|ok|okay)[，,\s]*)*(?:那就|就|(?<=[，,\s])那)(?P<x>[^，,。；;]{1,20}?)(?:吧|了)?$",
                        re.IGNORECASE)
_SETTLE_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|fine|alright|all right|right|great|good|so|then|yes|yeah|sure)[,.!]?\s+)*"
    r"(?:(?P<x>[\w' -]{1,40}?) it is|let'?s (?:do|go for|use|book|pick|choose) (?P<y>[\w' -]{1,40}?)(?:,? then)?)$",
    re.IGNORECASE,
)
_NO_OPTION = re.compile(r"^(?:先)?(?:这样|这么|散会|到这|结束|麻烦|辛苦|谢谢)|^(?:it|that|this|so|them)$",
                        re.IGNORECASE)


def settle(sent: Sentence, clauses: Sequence[Clause], participants: Sequence[str]) -> Frame | None:
    """The option a consenting reply picks (see ``_SETTLE_ZH``), ``cue="settle"``."""
    text = strip_punct(" ".join(c.text for c in clauses) if not has_cjk(sent.text) else "，".join(c.text for c in clauses))
    m = (_SETTLE_ZH if has_cjk(text) else _SETTLE_EN).match(text)
    if m is None or find_people(text, participants) or _assignment_in(clauses, participants):
        return None
    x = strip_punct((m.group("x") or m.groupdict().get("y") or "").strip())
    if not x or _NO_OPTION.match(x) or lx.HEDGE_FWD.search(text) or lx.CANCEL.search(text) or lx.PAST.search(x):
        return None
    return Frame("decision", sent, tuple(clauses), clauses[0], work=x, cue="settle")


def read(sent: Sentence, participants: Sequence[str]) -> tuple[Reading, ...]:
    """The readings of ``sent``, most specific first (see the module doc)."""
    # Pure in its two arguments, and the analyzer rereads every sentence on each new utterance.
    return _read(sent, tuple(participants))


@lru_cache(maxsize=16384)
def _read(sent: Sentence, participants: tuple[str, ...]) -> tuple[Reading, ...]:
    clauses = [c for c in sent.clauses if not lx.CHATTER_ONLY.match(strip_punct(c.text))]
    if not clauses:
        return ()
    tagged = len(clauses) > 1 and bool(lx.TAG_QUESTION.match(strip_punct(clauses[-1].text)))
    consent = tagged and bool(lx.CONSENT.fullmatch(strip_punct(clauses[-1].text)))
    glued = lx.ZH_TAG_GLUED.search(strip_punct(clauses[-1].text)) if has_cjk(clauses[-1].text) else None
    if not tagged and glued and glued.start() >= 4 and clauses[-1].question:
        # "周六马骏你顶一下值班行不行？": the tag asks the one named to agree to the request before it.
        clauses[-1] = replace(clauses[-1], text=strip_punct(clauses[-1].text)[: glued.start()])
        sent = Sentence(tuple(clauses), sent.index)
        tagged = True
    elif tagged:
        # "…两周内搞完，可以吗？": the request stands; the tag only asks the owner to agree.
        clauses = clauses[:-1]
        sent = Sentence(tuple(clauses), sent.index)
    elif (
        clauses[-1] is not sent.clauses[-1]
        and lx.TAG_QUESTION.match(strip_punct(sent.clauses[-1].text))
        and _assignment_in(clauses, participants)
    ):
        # "…volunteered to run the raffle, right?": a tag that is also chatter was dropped above.
        tagged = True
        sent = Sentence(tuple(clauses), sent.index)
    text = sent.text
    who = answer(sent, clauses, participants)
    if who is not None:
        return ((who,),)
    interrogative = not tagged and (sent.question or bool(re.search(r"[吗么呢]$", strip_punct(clauses[-1].text))))
    hedged = hedges(clauses, participants)
    q = conflict(sent, clauses)
    if q is not None:
        return ((q,),)
    if interrogative:
        if not _vocative_tasks(clauses, participants):
            # "End of next week for a first draft?": a date proposed for the work just discussed.
            opens = next(iter(lx.deadlines(clauses[0].text)), None)
            d = deadline(sent, clauses, participants) if opens and not clauses[0].text[: opens.start].strip() else None
            return ((d,),) if d is not None else ()
        # "能不能…" asked of a named person is a request, not a suggestion.
        hedged = [h and not _zh_request(clauses, i, participants) for i, h in enumerate(hedged)]
        found = tasks(sent, clauses, hedged, participants)
        return (found,) if found else ()
    out: list[Reading] = []
    # (a clause moving the matter to a set point decides it too: "迁移先放一放，…，挪到2.5")
    settles = any((decided(c.text) or _MOVED.search(c.text)) and not open_mark(c.text) for c in clauses)
    if open_mark(text) and not _assignment_in(clauses, participants) and not settles:
        # (a clause deciding something is the news: "就用A，B看情况再定" decides A)
        cue = "answer" if any(open_answer(c.text) for c in clauses) else ""
        out.append((Frame("open", sent, tuple(clauses), cue=cue),))
    k = next((i for i, c in enumerate(clauses) if _assignment_in([c], participants)), len(clauses))
    # A hedge decides nothing in its own clauses, but one elsewhere in the sentence ("we could argue
    # all day, but we'll go with X") does not undo the decision said beside it.
    cued = [h for c, h in zip(clauses, hedged, strict=True) if decided(c.text)]
    firm = decided(text) and not (any(cued) if cued else any(hedged))  # (a cue across clauses: "Agreed, …")
    # "Agreed, it's cleaner.": an agreement with its reason decides what was proposed before it
    # (the analyzer reads it with the proposal), not the reason.
    firm = firm and (bool(cued) or not (ag.agrees([c.text for c in clauses])
                                        and all(_REASON.match(c.text) for c in clauses[1:])))
    if 0 < k < len(clauses) and firm and any(decided(c.text) for c in clauses[:k]):
        # "按国家标准来，就这么定，郑丽华把规范文档改一下": the decision, then who does what.
        head = Sentence(tuple(clauses[:k]), sent.index)
        return (*out, (decision(head, clauses[:k]), *tasks(sent, clauses[k:], hedged[k:], participants)))
    if (
        (firm or (consent and not any(hedged)))
        and not _assignment_in(clauses, participants)
        and not _asked_to_settle(sent, clauses, hedged, participants)
    ):
        # "太好了，那就定王老师": the option is read with the question it settles when there is one
        # (the settle reading refuses without it), else the sentence is the decision.
        agreed = settle(sent, clauses, participants)
        return (*out, *(((agreed,),) if agreed is not None else ()),
                (decision(sent, clauses), *((cancel(sent),) if lx.CANCEL.search(text) else ())))
    agreed = settle(sent, clauses, participants)
    if agreed is not None:
        out.append((agreed,))
    if all(hedged):
        if lx.SUGGEST_NOTE.search(text):
            core = next((c for c in clauses if lx.SUGGEST_NOTE.search(c.text)), clauses[0])
            note = Frame("note", sent, tuple(clauses), core, work=strip_punct(core.text)[:200], text=strip_punct(text))
            out.append((note,))
        elif lx.UNDECIDED.search(lx.NO_OWNER.sub("", text)):
            out.append((Frame("undecided", sent, tuple(clauses)),))
        return tuple(out)
    correcting = bool(lx.CORRECTION.search(text))
    if lx.CANCEL.search(text) and not correcting and not _assignment_in(clauses, participants):
        return (*out, (cancel(sent),))
    if lx.CANCEL.search(text) and correcting and new_owner(text, participants)[0] is None:
        return (*out, (cancel(sent),))
    if correcting:
        out.append((correction(sent, clauses, participants),))
        # "这个需求给张三，不对，给李四": the work and its correction in one breath.
        k = next(i for i, c in enumerate(clauses) if lx.CORRECTION.search(c.text) or i == len(clauses) - 1)
        if k:
            head = Sentence(tuple(clauses[:k]), sent.index)
            found = tasks(head, clauses[:k], hedged[:k], participants)
            if found:
                tail = Sentence(tuple(clauses[k:]), sent.index)
                out.append((*found, correction(tail, clauses[k:], participants)))
    found = tasks(sent, clauses, hedged, participants)
    if found:
        return (*out, found)
    u = unowned(sent, clauses)
    if u is not None:
        return (*out, (u,))
    d = deadline(sent, clauses, participants)
    return (*out, (d,)) if d is not None else tuple(out)


def _en_pointed(f: Frame, earlier: Sequence[Sentence], participants: Sequence[str]) -> Frame | None:
    """"Last thing, the security contact email bounces. That needs fixing.": the unowned work is
    the noun phrase the statement before opens with (in the sentence, else the two before), with the
    need said of it; None when nothing before names it."""
    first = f.clauses[0]
    k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
    candidates = [c for c in f.scope.clauses[:k][::-1]] + [c for s in earlier for c in s.clauses[::-1]]
    for c in candidates:
        np_ = refer.en_subject(c.text, participants)
        if np_:
            return replace(f, work=f"{np_} {f.work}", refs=tuple(sorted({*f.refs, *c.seqs})))
    return None

# A sentence that opens by asking 你 and names nobody: "那你把三个随机种子都跑一遍".
_ZH_YOU_OPENS = re.compile(r"^(?:那么|那就|那|好的|好|行|嗯|OK|ok)?[，,]?\s*(?=(?:你|您)(?!们))")


def called(sent: Sentence, participants: Sequence[str]) -> str | None:
    """The one participant ``sent`` calls by name before asking them ("一帆，你先讲讲…",
    "韩雨，论文初稿怎么样了？"), or None."""
    if not sent.clauses or not has_cjk(sent.text):
        return None
    first = sent.clauses[0].text
    name = _addressed(first, participants)
    hits = find_people(first, participants)
    if name is None and len(hits) == 1 and hits[0].start <= 1 and re.match(r"(?:你|您)(?!们)", first[hits[0].end :]):
        name = hits[0].name  # "一帆你先讲讲…"
    return name if name and {h.name for h in find_people(sent.text, participants)} == {name} else None


def _filler(text: str) -> bool:
    m = _ZH_YOU_OPENS.match(text + "你")
    return bool(m) and m.end() >= len(text.rstrip())


def said_to(sent: Sentence, name: str, participants: Sequence[str]) -> Sentence | None:
    """``sent`` with the 你 it opens with read as ``name``, the person the exchange is with: after
    "一帆，你先讲讲你那个消融实验。" and 一帆's reply, "那你把三个随机种子都跑一遍" asks 一帆. Only
    the clause's text changes (its pieces, hence its quote, stay as said). None when ``sent`` does
    not open with 你 or names someone itself."""
    if not sent.clauses or not has_cjk(sent.text) or find_people(sent.text, participants):
        return None
    k = next((i for i, c in enumerate(sent.clauses) if not _filler(c.text)), 0)
    first = sent.clauses[k]  # after a lone "好，" / "那，"
    m = _ZH_YOU_OPENS.match(first.text)
    if not m:
        return None
    told = replace(first, text=first.text[: m.end()] + name + first.text[m.end() :])
    return Sentence((*sent.clauses[:k], told, *sent.clauses[k + 1 :]), sent.index)


def with_antecedent(reading: Reading, earlier: Sequence[Sentence], participants: Sequence[str]) -> Reading:
    """``reading`` with Chinese work named by a pointer or by no title ("这事儿大勇你盯一下",
    "易凡，你约一下") titled by its antecedent — the topic said before it in the sentence, else in
    ``earlier`` (the sentences before, nearest first); a task with none is dropped, and so is a
    deadline clause that was only its own."""
    out: list[Frame] = []
    dropped = False
    for f in reading:
        if f.kind == "share_due" and dropped:
            continue
        dropped = False
        if f.kind == "unowned" and not has_cjk(f.work) and ex.EN_POINTED_NEED.match(f.main.text.strip() if f.main else ""):
            f = _en_pointed(f, earlier, participants)
            if f is not None:
                out.append(f)
            continue
        if f.kind not in ("task", "unowned") or not has_cjk(f.work):
            out.append(f)
            continue
        work = refer.without_condition(f.work)
        if work.endswith("的") and not refer.no_work(work):
            work = refer.modifier_head(work) or work  # "年终晚会节目单的(李四负责)"
        if refer.no_work(work):
            first = f.clauses[0]
            k = next((i for i, c in enumerate(f.scope.clauses) if c is first), 0)
            before = [c.text for c in f.scope.clauses[:k]]
            if not refer.pointer(work):
                before.append(first.text[: max(first.text.find(f.work), 0)] if f.work else "")
            verb = work if 0 < len(work) <= 2 and not refer.pointer(work) else ""  # "小秦你订"
            work, k, j = refer.antecedent(before, [[c.text for c in s.clauses] for s in earlier], participants, verb)
            if work:
                said = f.scope.clauses[j] if k < 0 and j < len(f.scope.clauses) else earlier[k].clauses[j] if k >= 0 else first
                f = replace(f, refs=tuple(sorted({*f.refs, *said.seqs})))
            else:
                work = refer.modifier_head(f.work)
        if not work:
            dropped = True
            continue
        out.append(f if work == f.work else replace(f, work=work))
    return tuple(out)
