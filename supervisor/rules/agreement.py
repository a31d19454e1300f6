"""Decisions reached across turns and matters introduced before they are put off (s6dq).

Pure tests on plain text, read by the analyzer:
- what a reply that only agrees sounds like (``agrees``): strong (同意, agreed, works for me — enough
  after any statement of what the group does) or weak (行, 好, OK, sure — enough only after a proposal);
- what a proposal sounds like (``proposes``): a suggestion (建议/提议/要不/how about/I propose), a
  choice asked of the group (要不要/行不行/should we), or a statement closed with a tag asking for
  consent (…，可以吧？ / …. Okay?);
- a "no" that repeats the verb asked (``echoed_no``: "要不要准备水果？" "不准备了"), a firm answer;
- a sentence that introduces a matter (``introduces``: "再说菜单，…", "接下来是奖金", "Next, the logo
  colours.") or lays out options ("一种…一种…", "两套", "A or B") — what a later "再想想吧" is about.
"""

from __future__ import annotations

import re

from .text import has_cjk, strip_punct

# Replies that agree. Strong ones carry the agreement by themselves; weak ones are also how people
# acknowledge anything, so they agree only to something put forward.
_STRONG = (
    r"同意|我同意|赞成|我赞成|附议|没意见|我没意见|没有意见|没问题|我没问题|完全同意|"
    r"i agree|agreed|sounds good|sounds great|sounds like a plan|works for me|that works|fine by me|fine with me|"
    # (s11) said of oneself or after another yes: "sounds good to me", "works for me too", "okay by me"
    r"sounds (?:good|great|fine) (?:to|for) me|that works for me|(?:ok(?:ay)?|good|alright) (?:by|with|for) me|no complaints|"
    r"i'?m fine with (?:that|it|this|[\w' -]{1,30})|i'?m (?:all )?in|no objections?|makes sense|good with me|"
    r"i'?m good with (?:that|it|this)|i'?m happy with (?:that|it|this)|"
    # (s10) resigned consent is consent: "只能这样了", "那也只好这样", "fair enough", "same here" after another yes
    r"(?:也)?只能这样(?:了)?|(?:那)?也只好(?:这样)?(?:了)?|就这样吧|fair enough|same here|me too|works for everyone|"
    r"(?:i think )?that'?s the right call|good idea|great idea|i can live with (?:that|it|this)|let'?s do (?:it|that|this)"
)
_WEAK = (
    r"行|好|好的|好啊|好呀|好吧|可以|可以啊|可以呀|我觉得可以|我看行|我看可以|挺好|挺好的|对|对的|嗯|嗯嗯|"
    r"ok|okay|sure|yes|yeah|yep|fine|great|perfect|good|right|alright|all right|absolutely|definitely|totally|honestly|"
    r"none"  # (to "any objections?")
)
# (said of the proposal: "这个可以", "这样也行", "可以试试")
_AGREE_ONE = re.compile(rf"^(?:这个|这样|那)?(?:也)?(?:(?:{_STRONG}|{_WEAK})(?:试试?|\s+(?:too|as well))?[\s,，!！.。~～啊呀吧的了]*)+$",
                        re.IGNORECASE)
_STRONG_IN = re.compile(rf"(?:^|[\s,，])(?:{_STRONG})(?=$|[\s,，!！.。])", re.IGNORECASE)
# What a reason after the agreement must not say: a contrast, a doubt, a question.
_RESERVED = re.compile(
    r"但|不过|可是|就是|只是|再|可能|也许|或许|考虑|看看|不确定|\bbut\b|\bthough\b|\bif\b|\bunless\b|\bmaybe\b|"
    r"\bperhaps\b|\bmight\b|\bcould\b|\bnot sure\b|[？?]",
    re.IGNORECASE,
)


def agrees(clauses: list[str]) -> str:
    """"strong", "weak" or "": the reply (its clause texts) only agrees — its first clause is
    agreement and anything after it gives a reason without a reservation ("同意，没必要赶。")."""
    said = [strip_punct(c).strip() for c in clauses if strip_punct(c).strip()]
    if not said or not _AGREE_ONE.match(said[0]):
        return ""
    if any(_RESERVED.search(c) for c in said[1:]):
        return ""
    # ("嗯，只能这样了": the strong word may follow a filler)
    return "strong" if any(_STRONG_IN.search(" " + c) for c in said) else "weak"


# A statement or question that puts something forward for the group.
_PROPOSAL = re.compile(
    r"(?:推迟|延期|延后|提前|改成|改到|换成|取消)[^，,。？?]{0,10}吧|"
    r"建议|提议|要不要|要不|不如|行不行|好不好|可不可以|怎么样|咋样|是不是可以|"
    r"\b(?:maybe|perhaps) we (?:should|could)\b|^(?:(?:so|okay|ok|well|um|hmm),?\s+)*(?:maybe|perhaps) we (?!(?:don'?t|didn'?t|were|was|had|are|have|'ll|will|need|won'?t)\b)[a-z]{3,}\b|"
    r"\bi (?:reckon|think) we (?:can|could|should)\b|\b(?:is )?(?:everyone|everybody|all of us) (?:okay|ok|good|happy|alright|fine) (?:to|with)\b|"
    r"\b(?:any|no) objections? to\b|\bdoes anyone (?:object|mind)\b|\bwhat about\b|^(?:so\s+|and\s+)?should (?:the|our|it|this|that)\b|"
    r"我看(?:就|还是)|我觉得(?:就|还是)[^，,。]{1,10}吧|\bare we (?:all )?(?:okay|ok|good|happy|alright|fine) (?:to|with)\b|\bcould we\b|"
    r"\bdo we want to\b|\bhow about\b|\bwhat if\b|\bwhy don'?t we\b|\bi (?:propose|suggest)\b|\bi'?d (?:propose|suggest)\b|"
    r"\bshould we\b|\bshall we\b|\blet'?s\b|\bi think we should\b|\bi'?d say we\b|\bhere'?s (?:a|my) proposal\b|\bmy proposal is\b|\bi(?:'d)? move that\b",
    re.IGNORECASE,
)
# A tag closing a statement that asks the others to consent.
_CONSENT_TAG = re.compile(
    r"(?:可以吧|行吧|行不行|好不好|可以吗|行吗|好吗|怎么样|咋样|没问题吧|有问题吗|大家(?:觉得)?(?:呢|怎么样|同意吗|同意吧|没意见吧)|"
    r"\bok(?:ay)?|\bsound(?:s)? good|\bdoes that work|\ball right|\balright|\b(?:everyone|everybody|all) (?:ok(?:ay)?|good|happy|fine)(?: with (?:that|this|it))?|"
    r"\bhow does that sound|\bwhat do (?:you|we|people) think|\bagreed|\bany objections?)\s*[？?]?$",
    re.IGNORECASE,
)


def proposes(text: str) -> bool:
    """``text`` puts something forward for the group to take up (not putting a decision off:
    "let's not decide that here")."""
    return bool(_PROPOSAL.search(text) or consent_tag(text)) and not _PUT_OFF.search(text)


_PUT_OFF = re.compile(r"\blet'?s not (?:decide|settle|commit|get into)\b|先不定|今天先不定|不在这儿定|回头再定|"
                     # (how the meeting itself runs is no matter decided: "Let's keep this to fifteen minutes")
                     r"\blet'?s (?:get (?:going|started|moving)|start|begin|kick off|keep (?:this|it) (?:short|quick|brief|tight|to)|"
                     r"wrap (?:up|this up)|move on|go around|make (?:this|it) quick|crack on)\b", re.IGNORECASE)


def consent_tag(text: str) -> bool:
    return bool(_CONSENT_TAG.search(strip_punct(text).strip() + ("？" if has_cjk(text) else "?")))


def tag_only(text: str) -> bool:
    """A sentence that is only a consent tag ("Okay?", "大家觉得呢？")."""
    t = strip_punct(text).strip()
    return bool(t) and len(t) <= 24 and bool(_CONSENT_TAG.fullmatch(t + ("？" if has_cjk(t) else "?")) or _CONSENT_TAG.fullmatch(t))


# "不准备了" to "要不要准备水果？": the verb asked, refused. Words that only say no are not verbs of
# the matter (不用, 不要, 不是, 不行, 不对, 不知道, 不太…).
_ECHO = re.compile(r"^(?:不|不用再|不再)([\u4e00-\u9fff]{1,2})")
_NOT_VERB = frozenset("要用是行对知太会能好清一")


def echoed_no(question: str, reply: str) -> bool:
    """The reply refuses with the very verb the yes/no question asks about."""
    m = _ECHO.match(reply)
    if m is None or m.group(1)[0] in _NOT_VERB:
        return False
    return m.group(1)[0] in question


# A sentence opening a matter of its own: "再说菜单，…", "接下来是奖金，…", "关于停车位，…",
# "Next, the logo colours.", "As for the venue, …"; or laying out the options ("一种…一种…", "两套",
# "租大巴的话…自驾的话…", "either… or…").
_INTRO_ZH = re.compile(r"^(?:那|好|然后)?[，,]?(?:再说|再来说|接下来(?:是|说)?|下面(?:是|说)?|然后是|还有就是|关于|至于|说到|下一个(?:是)?)")
_INTRO_EN = re.compile(r"^(?:(?:ok(?:ay)?|so|and|now|right)[,\s]+)?(?:next|now|then|as for|moving on to|on to|about)\b[,:]?\s+(?:the\s+)?\w",
                       re.IGNORECASE)
_OPTIONS = re.compile(
    r"一种[^。]*一种|一个[^。]*另一个|两套|两种|两个方案|三种|几种|要么[^。]*要么|[^，,。]{1,12}的话[^。]*[^，,。]{1,12}的话|"
    r"\beither\b[^.]*\bor\b|\b(?:two|three) options\b",
    re.IGNORECASE,
)


def introduces(text: str) -> bool:
    """``text`` opens a matter ("再说菜单，酒店给了两套…") or lays out options for it."""
    t = text.strip()
    return bool((_INTRO_ZH.match(t) if has_cjk(t) else _INTRO_EN.match(t)) or _OPTIONS.search(t))
