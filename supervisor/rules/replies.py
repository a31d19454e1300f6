"""Readings by who speaks and to whom (``_Replies``, a mixin of ``analyzer._Analysis``): the
speaker of a sentence (``_replier``, from ``zh_turns`` / ``en_turns``), work the speaker takes on
or claims, an order said back to the one who answered, what the one who asked is told to do, a
deliverable asked for with a question, and 你 / "you" read as the person called before or the
other one of a one-to-one.

Reads the ledger's ``items``, ``sentences``, ``heard``, ``participants``, ``_speaker`` /
``_named_at``; writes the ledger only through ``_task`` / ``_ops`` (claims and volunteered work)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from . import en_turns, mentions, orders, refer, turns, zh_turns
from . import extract as ex
from . import frames as fr
from . import lexicon as lx
from . import state as st
from .generic import work_verb_alone
from .matter import _substantive
from .names import NameHit, find_people
from .questions import _TOPIC_SHIFT
from .text import Clause, Sentence, has_cjk, strip_punct
from .working import _Ledger

# "那什么时候能拿出方案？", "报价单哪天能发过来？", "初稿啥时候能给我？": when a thing can be delivered.
_DELIVERY_ASKED = re.compile(
    r"^(?:那么?|那就|好|行|那这样)?[，,]?(?P<before>[^，,？?我你他她]{0,12}?)(?:什么时候|啥时候|哪天|几号|多久)(?:能|可以|才能)?"
    r"(?:拿出|交出|做出|写出|拿|交|出|给|发|做|写|弄)(?:来|出来|过来|好|完)?(?:给)?(?:我们|我|大家)?(?P<thing>[^，,？?我你他她]{0,12}?)(?:来|出来|过来)?[吗呢啊]?$"
)


# What an order said back must show: a 把 object or a complement of done work ("整理好", "催一下").
_ZH_ORDERED = re.compile(rf"把|将|[\u3400-\u9fff](?:{lx.ZH_DONE})(?![了过])|"
                         r"(?:发|给|交|传|寄|送)(?:给)?(?:我|我们|大家)(?!们)|(?:发|交|送|传|寄)(?:过来|上来)")

# An ordinal or a connective said as its own clause before an order ("First, …", "第一，…").
_ORDINAL_ONLY = re.compile(
    r"^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|next|also|and|then|finally|lastly|one|two|three|"
    r"第[一二三四五六七八九十\d]+(?:件|个|项|点)?|首先|其次|然后|另外|还有|最后|一个是|一是|二是|三是)$",
    re.IGNORECASE,
)

# A reply's consent before its plan ("我这边可以，…", "行，…", "没问题，…").
_CONSENTS = re.compile(r"^(?:我|我这边|我们这边)?(?:可以|行|没问题|好|好的|能|OK|ok|嗯|收到|明白)(?:的|啊|呀|吧)?$")

# "She takes the obit.", "He'll do the rota.": a third person taking work on.
# ("Did Oliver look at it?" "He said he'd go through the consent forms.": his offer, reported)
_EN_HE_TAKES = re.compile(r"^\s*(?P<p>[Ss]he|[Hh]e)(?:(?:'ll|\s+will|\s+can|\s+should|'s going to|\s+is going to)?\s+"
                          r"(?:take|takes|do|does|handle|handles|own|owns|cover|covers|get|gets|write|writes|run|runs|lead|leads)\b"
                          r"|\s+said\s+(?:he|she)(?:'d|\s+would|'ll|\s+will)\s)")
# A reply that says no more than yes or go on ("Yeah?", "I was, yes.", "Sure.").
_LAUGH = re.compile(r"^(?:(?:ha|hah|heh|he|lol)(?:\s*(?:ha|he))*|m+|hm+|哈+|呵呵|嘿嘿)$", re.IGNORECASE)
_SHORT_REPLY = re.compile(r"^(?:[\w']+[\s,]*){0,4}$")

# Asking for the work ("那给我嘛", "交给我吧"), said first in its sentence.
_ZH_GIVE_ME = re.compile(r"^(?:那|那就|要不)?(?:给我|交给我|让我来)(?:吧|嘛|呗|好了)?$")
# A word that points back at what was said, as the work's object ("give them a nudge", "patch it";
# not "get a technician out to look at it").
_EN_POINTER = re.compile(r"(?i)\b(?:it|them|that|this|those|these|him|her)\b")
# The words before a name the work goes to or is for ("send Priya…", "give Dev the…", "…to Ana").
_EN_TO_WHOM = re.compile(r"\b(?:send|give|tell|email|e-mail|forward|show|pass|hand|ping|text|message|cc|copy|"
                         r"remind|to|with|for|from)\s+$", re.IGNORECASE)
# A reply that only lets the one who called go on ("嗯，你说", "您说", "Sure, go ahead", "Yeah?").
_GO_AHEAD = re.compile(
    r"^(?:(?:嗯|好|好的|在|我在|行)[，,\s]*)*(?:你说|您说|请说|请讲|说吧|你讲|您讲|怎么了|啥事|什么事|嗯|在)?$|"
    r"^(?:(?:yeah|yes|sure|okay|ok|yep|mm+)[,\s]*)*(?:go ahead|shoot|what'?s up|i'?m listening|yeah|yes|sure)?$",
    re.IGNORECASE,
)
# "I can chase them": a verb taken on with only a pronoun for its object.
_EN_I_VERB_IT = re.compile(r"^(?:(?:sure|yes|yeah|yep|okay|ok|fine|well|oh)[,.!]?\s+)*I(?:'ll| will| can| could)\s+"
                           r"(?P<v>[a-z]+)\s+(?:it|them|that|those|this|these|him|her)\b", re.IGNORECASE)
# A clause in which the speaker says what they do themselves ("那我拿到就送印", "我这边先排版").
_ZH_I_THEN = re.compile(r"^(?:(?:行|好|好的|那|那就|嗯)[，,\s]*)*我(?!们)(?:这边|先|再|就)?[\u3400-\u9fff]")

# An order on the one just asked for ("Could you chase the plumber? Get him booked in."): the same work.
_EN_SAME_ONE = re.compile(r"^\w+(?:\s+\w+)?\s+(?:him|her|them|it|that|this|those|these)\b", re.IGNORECASE)
# "Then chase the supplier tomorrow morning.": a discourse opener before the order.
_THEN = re.compile(r"^(?:then|so|okay|ok|right|well|and)[,\s]+(?=[a-z])", re.IGNORECASE)


# "Tom, the supplier list from last week?": a name, then only the thing asked about, alone or set off
# first before what is asked of it ("the rota, still not signed off, right?").
_EN_THING_ASKED = re.compile(r"^(?:(?:and|so|okay|ok)[,\s]+)?(?:the|your|our|that|those|these)\s+(?P<np>[a-z][\w' -]{2,60}?)\s*(?:[?]?$|,)",
                             re.IGNORECASE)
_EN_THING_OVERDUE = re.compile(r"^(?:(?:and|so|okay|ok|right)[,\s]+)*(?:the|your|our|that)\s+(?P<np>[a-z][\w' -]{2,50}?)\s+"
                               r"(?:was|is|were|are)\s+(?:due|overdue|late|missing)\b", re.IGNORECASE)


def _asked_thing(asked: str, participants: Sequence[str]) -> str:
    """The noun phrase an English question asks about after the name it calls, or ""."""
    hits = find_people(asked, participants)
    rest = asked[hits[-1].end :] if hits else asked
    m = _EN_THING_ASKED.match(rest.strip(" ,.:;-"))
    return ex.clean_title(m.group("np")) if m else ""


def _pointed(sent: Sentence, c: Clause, name: str, cited: int) -> fr.Reading:
    """A dated order to ``name`` whose verb names no thing ("下周三前扩完", "明天下班前发我"): a task
    titled by a pointer, which ``frames.with_antecedent`` titles by the work said before it (or
    drops); its date is the one the clause opens with."""
    due = next((h.text for h in lx.dates(strip_punct(c.text))), None)
    return (fr.Frame("task", sent, (c,), c, name, "这个", due, refs=(cited,)),)


# When a thing will be ready, asked of the one just called ("预约小程序什么时候能放号"); a day said and
# given up in the answer ("本来想这周五放，…"); a reply that it cannot be done.
# (not a fact recalled: "国庆是几号来着")
_ZH_WHEN_READY = re.compile(r"(?P<thing>[^，,？?我你他她]{2,14}?)(?<!是)(?:你|您)?(?:大概|大约|最快)?(?:什么时候|啥时候|哪天|几号)(?:能|可以|才能|会)?"
                            r"(?P<v>(?!来着)[\u3400-\u9fff]{0,3}?)(?:好|完|出来)?[吗呢啊呀]?")
_GIVEN_UP = re.compile(r"本来|原来|原本|以为")
# English: "When would the about page be ready, Carlos?", "Carlos, when can you have the deck done?",
# "Bilal, realistic go-live for the homepage?", "ETA on the invoices, Dana?"
_EN_WHEN_READY = re.compile(
    r"(?:(?:so|and|okay|ok|right)[,\s]+)?(?:"
    r"when (?:would|will|could|can|do you think|might|is|are) (?:you (?:have|get) )?(?P<a>(?:the|your|our|that|this|those|these) [\w'/-]+(?: [\w'/-]+){0,4}?)"
    r"(?: be)? (?:ready|done|finished|live|up|out|in|sorted|landed|shipped|through)"
    r"|(?:realistic |rough )?(?:eta|go-live|go live|timeline|timing|date) (?:on|for) (?P<b>(?:the|your|our|that|this) [\w'/-]+(?: [\w'/-]+){0,4}?)"
    # (or the matter alone, put to the one called: "Farah, the CSV export?")
    r"|(?P<c>(?:the|your) [\w'/-]+(?: [\w'/-]+){0,3})"
    r")",
    re.IGNORECASE,
)
# How a thing stands, asked of the one called: "Lindsey, election guide, where are we?", "where are
# we on the rota, Lee?"
_EN_WHERE_ARE_WE = re.compile(r"(?:(?:so|and|okay|ok|right)[,\s]+)?(?:(?P<t>(?:the |your |our )?[\w'/-]+(?: [\w'/-]+){0,3}),?\s+"
                              r"(?:where are we(?: at)?|where's that at|how's (?:it|that) (?:going|looking|coming)|status|update)"
                              r"|where are we (?:on|with) (?P<u>(?:the |your |our )?[\w'/-]+(?: [\w'/-]+){0,3}))", re.IGNORECASE)
# …answered with the day the thing will be done: "the guide itself will be done end of next week".
_EN_THING_DONE = re.compile(r"\b(?:the|my|our) (?:[\w'-]+ )?(?P<n>(?!itself\b)[\w'-]+)(?: itself)? (?:will|'ll|should|is going to) be "
                            r"(?:done|ready|finished|in|out|up|filed|live|with you)\b", re.IGNORECASE)
# A reply to the matter alone that says what the speaker will do ("I need to finish the pharmacy lines…"),
# or how things stand in a past form ("All refunded."), is read by its own words.
# (a plan said with "I'll" is left to its own reading before this is asked: ``_EN_I_WILL``)
_EN_OWN_WORK = re.compile(r"\bI(?: need to| have to| must)\b|\b(?!need)[a-z]{3,}ed\b", re.IGNORECASE)
_EN_I_WILL = re.compile(r"\bI(?:'ll| will|'m going to| am going to)\b", re.IGNORECASE)
# A reply that gives no day of its own to the work: "I'm not sure", "no idea", "can't say".
_EN_NO_DAY = re.compile(r"\b(?:not sure|no idea|can'?t say|don'?t know|no clue|depends)\b|\bno(?:pe)?[,.!]|"
                        # (or says it is done: "It went out yesterday.", "Already live.")
                        r"\b(?:yesterday|last|ago|already|was|were|went|did|sent|shipped|finished)\b|"
                        # (a thing in place for a day is no work due then: "Booked for the 14th.")
                        r"^(?:all\s+|it'?s\s+|that'?s\s+)?(?:booked|confirmed|done|sorted|fixed|signed|set|scheduled|planned|"
                        r"arranged|fine|good|on track)\b", re.IGNORECASE)
# A plan that is a verb alone ("I'll ask again", "I'll chase"), and whom a question just asked is about.
_EN_VERB_ALONE = re.compile(r"(?P<v>ask|chase|check|call|ring|email|follow up|nudge|try)(?: (?:again|them|him|her))?", re.IGNORECASE)
_EN_ASKED_FROM = re.compile(r"\b(?:hear(?:d)? back from|heard from|hear from|get (?:an answer|anything) from|reply from|answer from)\s+"
                            r"(?P<np>(?:the|your|our)\s+[\w'-]+)", re.IGNORECASE)
_DECLINED = re.compile(r"弄不了|做不了|来不了|没法做|不是我")
# Taking the matter just put, by a pointer to it: "那个我来", "这事儿我来吧".
# What a chair says after calling someone to open their matter: "Lo. Amarillo.", "Megan — the venue."
_EN_MATTER_ONLY = re.compile(r"[,.—–:]\s*(?:the\s+|our\s+)?(?!(?:you|i|we|they|he|she|it|about|on|re|regarding|with|for)\b)[A-Za-z][\w'&-]*(?:\s+[\w'&-]+){0,3}[.!]?",
                             re.IGNORECASE)
# (or the claim by its verb alone: "我来写，用户公告明天上午发出去")
_ZH_THIS_ONE_MINE = re.compile(r"^(?:那|那就)?(?:(?:那个|这个|这事儿?|那事儿?|这块|这件事)(?:就)?(?:我来|我去|我负责|交给我)|"
                               r"(?:好|行|可以)?[，,]?我来(?:写|做|弄|发|办|搞|整理|负责))[吧啊]?$")
# The matter named after the one called, a noun phrase with no verb of its own ("Matt, Figure 3 for
# the resubmission.").
_EN_MATTER_NAMED = re.compile(r"[,.—–:]\s*(?!(?:you|i|we|they|he|she|it|can|could|would|will|please|how|what|where|when|why|"
                              r"did|do|does|are|is)\b)(?:(?!(?:is|are|was|were|has|have|had|will|can|should|need|needs)\b)[\w'&-]+\s*){1,8}[.!]?",
                              re.IGNORECASE)
# The work just taken back, given by name: "Tash, you do it", "Carlos, you take it".
_EN_YOU_DO_IT = re.compile(r"^(?:(?:so|okay|ok|actually)[,\s]+)?(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?),\s*(?:you|you'll)\s+"
                           r"(?:do|take|handle|sort|grab)\s+(?:it|that|this)(?: one)?\b")
# Asking for the matter just named, by a day: "Can I have it by the 20th?", "Could I get those by Friday?".
_EN_CAN_I_HAVE = re.compile(r"^(?:(?:so|and|okay|ok|then)[,\s]+)?(?:can|could) I (?:have|get|see) (?:it|that|them|those|this|these)\b"
                            r"(?P<rest>.*)$", re.IGNORECASE)
# A second order joined on to the first: "…, and call logistics about the shower unit".
_AND_THEN = re.compile(r"^\s*(?:and|then|also|plus)(?:\s+(?:then|also))?\s+(?=[a-z])", re.IGNORECASE)
_LIGHT_DONE = re.compile(r"(?:弄|搞|做|整|办|干)(?:完|好|掉|一下)?")
# An order whose object is only a pronoun ("Get him booked in", "Send it over"): it goes on with the
# work asked just before, not new work.
# ("Update it with the new rates": "it" is the work whatever follows; "talk to him about…" is no step of it)
_PRONOUN_ORDER = re.compile(r"^(?:(?:and|then|just|please)\s+)*[a-z]+\s+(?:(?:him|her|them)\b(?!\s+(?:to|about|for|with)\b)|it\b)",
                            re.IGNORECASE)


# A word of praise that opens the turn said back ("Good. Get the right of reply by five."): no clause of its own.
_PRAISE = re.compile(r"(?:(?:very|really|that's|that is)\s+)?(?:good|great|perfect|lovely|brilliant|cool|nice|excellent|fine|super|cheers)",
                     re.IGNORECASE)
# A short yes with nothing else: "好。", "六月五号可以。", "行，就这么办。"
_SHORT_YES = re.compile(r"[^你您我他她们，,]{0,8}?(?:可以|行|好|没问题|同意|就这么办|就这样)(?:的|吧|啊)?")
_TURNS_TRUSTED = 8  # how far from where a two-person call names its speaker their 你 is read as the other one
# 你 or 你们 said to the other one of a two-person call, not as a turn of speech ("你看", "你说", "你知道").
# (nor the one something is given to or said to: "组里分给你的", "跟你说")
_YOU_TOO = re.compile(r"(?<![给跟和帮替让叫问找向对])(?<!告诉)(?:你们|你|您)(?!看(?!一下|看|下)|说(?!一下|说)|知道|想|觉得|猜|好|的)")
# A word or two exclaimed before the request: "Overdue! Please book them in."
_EN_EXCLAIMED = re.compile(r"\s*[A-Za-z][\w'-]*(?:\s+[\w'-]+)?\s*!+")


def _calls_first(text: str, hit: NameHit) -> bool:
    """``hit`` is a name that opens ``text`` as a call ("Sam, we still have…")."""
    return not strip_punct(text[: hit.start]).strip() and re.match(r"\s*[,，]", text[hit.end :]) is not None


# An order put with "you" first, no question: "you ring them today", "you go and see the site".
_YOU_TOLD = re.compile(r"^\s*you\s+(?!(?:are|were|have|had|did|do|know|think|said|say|mean|see|want|need|got|get|can|could|will|would|should|"
                       r"must|may|might|guys|two|all|too)\b)[a-z]+\s+(?:them|him|her|it|the|that|this|those|these|up|out|over|back|round|and)\b",
                       re.IGNORECASE)


# A first clause that asks 你 (a topic may come first: "那冷链车你重新排一下"); "你看/你说/你知道"
# are turns of speech, not requests.
_OPENS_WITH_YOU = re.compile(rf"^(?:那么|那就|那|好的|好|行|嗯|OK|ok)?[，,]?\s*(?:{lx.ZH_ADVISE_YOU})?"
                             r"(?:[^，,。！？!?你您我他她咱]{2,12}?)?"
                             r"(?:你|您)(?!们|看(?!一下|看|下)|说(?!一下|说)|知道|想|觉得|猜)")


# An order that hands a thing in to the speaker, by a date ("下周三前给我", "周五发我").
_HANDED_IN = re.compile(r"^[^，,我你您他她]{0,10}?(?:前|之前|以前)(?:就|再)?(?:给我|发我|交给我|发给我|交上来)")


# A reply that opens by saying the work asked for is done already.
ALREADY_DONE = re.compile(
    r"^\W*(?:(?:oh|yeah|yes|um|uh|actually)[,\s]+)*(?:already (?:done|sorted|did it)|(?:it's |that's )?(?:done|sorted) already|"
    r"(?:I|I've|we|we've) (?:already|actually already) (?:did|done|sent|got|pulled|booked|called|rang|fixed|sorted)|"
    # ("Yeah, the printer I've already done": the thing said first)
    r"(?:the |that )?[a-z][\w-]*(?: [a-z][\w-]*){0,2},? (?:I've|I have|we've|we have) (?:already|actually already) (?:done|sent|booked|fixed|sorted)\b|"
    r"(?:(?:那个|这个)?(?:已经|早就)(?:弄|做|搞|发|交|处理|改|办|订|约|修)(?:好|完)?了))",
    re.IGNORECASE,
)
# "Then can you also…", "could you also…": more work for the one asked last.
_EN_ALSO_YOU = re.compile(r"\b(?:can|could|would|will) you also\b|\byou(?:'ll| will) also (?:need to|have to)\b", re.IGNORECASE)
# A pronoun object, to put the thing it stands for in its place.
_EN_PRONOUN_OBJ = re.compile(r"\b(?:it|them|those|these|that)\b")
# A request put to "you" ("Can you…", "Could you maybe…").
_EN_CAN_YOU = re.compile(r"^(?:(?:okay|ok|right|so|and|then|great|good)[,\s]+)*(?:can|could|would|will) you\s+(?!be\b)[a-z]", re.IGNORECASE)
# A turn that says the one speaking cannot take the work ("but I'm off Friday", "not me", "I can't").
_EN_NOT_ME = re.compile(r"\b(?:but|except|only) I'?m (?:off|away|out|on leave|on holiday)\b|^\W*I'?m (?:off|away|out)\b|\bnot me\b|"
                        r"\bI can'?t\b|\bI cannot\b", re.IGNORECASE)
# A kindness offered, no work: "I'll save you a seat", "I'll buy you a pint", "I'll get you a coffee".
_EN_TREAT = re.compile(r"\bI(?:'ll| will)\s+(?:save|buy|get|grab|bring|make)\s+(?:you|you guys|you all|everyone)\s+(?:a|an|some|the)\s+"
                       r"(?:table|seat|spot|coffee|tea|drink|beer|pint|round|slice|plate|sandwich|cake|cookie|lunch|dinner|breakfast)\b",
                       re.IGNORECASE)
# Doing "it" later, said alone: "I'll do it first thing tomorrow", "I'll get it done today".
_EN_DO_IT_WHEN = re.compile(r"(?:(?:ok|okay|so|yeah|but)[,\s]+)*I(?:'ll| will| can)\s+(?:do|get|sort|finish)\s+(?:it|that)(?:\s+(?:done|sorted|out))?"
                            r"(?P<when>(?:,?\s+[\w.:-]+){0,10})", re.IGNORECASE)
# Having a pronoun's thing put right is the work on that thing: "I'll have it patched by Friday" is
# "get it patched" (only "have it done / sorted / ready" agrees to work without naming a verb).
_EN_HAVE_IT_PP = re.compile(r"\b(?P<have>have)(?=\s+(?:it|that|them|this)\s+(?!(?:done|sorted|finished|ready|back)\b)[a-z]+(?:ed|en|t)\b)",
                            re.IGNORECASE)
# A thing said to be broken, and the work that puts "it" right: "the card reader's dead again" …
# "I'll have it fixed by noon".
_EN_BROKEN = re.compile(r"(?P<np>\b(?:the|our|this|that|my)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:is|are|'s|'re|keeps|kept)\s+"
                        r"(?:still\s+|completely\s+|totally\s+|just\s+)?(?:broken|down|failing|not working|playing up|acting up|"
                        r"crashing|leaking|stuck|jammed|dead)\b", re.IGNORECASE)
_EN_REPAIR_IT = re.compile(r"(?:get|fix|repair|patch|sort)\s+(?:it|that|them)(?:\s+(?:fixed|patched|repaired|sorted|working))?"
                           r"(?P<rest>(?:\s+(?:by|before|on|today|tonight|tomorrow)\b.*)?)", re.IGNORECASE)
# Work on "it" alone ("get it done", "do it", "send it over"), and a call that gives someone the floor
# with a matter ("Dana, the insurance renewal.").
_EN_IT_WORK = re.compile(r"(?:get|do|have|sort|finish|handle|send|file|submit|write|draft|deliver)\s+(?:it|that)\b(?:\s+(?:done|sorted|in|off|over|out|finished))?",
                         re.IGNORECASE)
_EN_CALLED_WITH = re.compile(r"(?:(?:okay|ok|right|perfect|good|great|and|so|now|next|thanks)\W+)*(?P<n>[A-Z][\w'’-]+)\s*[,:—–-]\s*"
                             r"(?P<np>(?:the|our|your)\s+[\w'’ -]{3,50}?)\s*[.?!]?", re.IGNORECASE)
# Handing "those" over ("send you those", "get them to you").
_EN_SEND_THEM = re.compile(r"(?P<v>send|give|forward|email|get)\s+(?:you|him|her|them|us)(?:\s+(?:those|these|them|it|that))?"
                           r"(?P<rest>(?:\s+(?:by|before|on|today|tonight|tomorrow|this|next)\b.*)?)",
                           re.IGNORECASE)
# What an asker may settle before the request, in a word or two: "Move it.", "Friday the 17th.", "Do it."
_EN_SETTLES = re.compile(r"(?:(?:move|push|drop|do|cancel|scrap|keep|kill) (?:it|that)|(?:on |the )?[A-Z]?[a-z]+day(?: the \w+)?|the \w+(?:st|nd|rd|th))[.!]?$",
                         re.IGNORECASE)
# A sentence that only takes in what was said ("Right.", "Okay, good."), before the turn's request.
_EN_ACK_ALONE = re.compile(r"(?:(?:okay|ok|right|alright|good|great|fine|cool|mm|hmm|yeah|sure|got it|fair enough|lovely|"
                           # (a sigh at the news: "Of course they did.", "Typical.")
                           r"(?:of course|naturally|typical|figures|classic|ugh)(?: (?:they|it|he|she|that) (?:are|is|was|were|does|did))?)[,\s]*)+",
                           re.IGNORECASE)
# A remark put back to the one who just spoke with a tag ("Late's still late, isn't it?"), before the request.
_EN_TAGGED_BACK = re.compile(r"^[^,?]{3,40},\s*(?:is|isn't|was|wasn't|does|doesn't|do|don't|are|aren't)\s+(?:it|they|that|you)\s*\??$",
                             re.IGNORECASE)
# What an English sentence may open with before its order: "Right, so order fresh primers…".
_EN_LEAD_FILLER = re.compile(r"^(?:(?:right|so|okay|ok|alright|and|then|now|well|oh|um|uh)\b[,\s]*)+", re.IGNORECASE)


def _you_as(sent: Sentence, name: str) -> Sentence:
    """``sent`` with its English "you" read as ``name`` (a lead word like "So" aside: "So could you…" is
    "Hamish, could you…")."""
    def said(text: str) -> str:
        text = _EN_LEAD_FILLER.sub("", text) or text
        # ("You're on the grill clean tonight.": a duty given reads as "Ana is on…", not "Ana, you're on…")
        return _EN_YOURE_ON.sub(f"{name.split()[0]} is on", text, count=1) if _EN_YOURE_ON.match(text) else en_turns.you_as(text, name)

    return Sentence(tuple(replace(c, text=said(c.text)) for c in sent.clauses), sent.index)


# A name and the matter, said as a heading: "Tom, the rota.", "Okay, Priya, your audit."
_EN_NAME_AND_MATTER = re.compile(r"(?:(?i:okay|ok|right|so|and|now|next)[,\s]+)*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?,\s+(?i:the|your|our)(?:\s+[\w'’-]+){1,4}")
_EN_YOURE_ON = re.compile(r"^you(?:'re| are) on\b(?!\s+(?:it|that|this|with|the (?:phone|line|call|speaker))\b)", re.IGNORECASE)


def _plain_you(clause: str) -> bool:
    """The 你 of ``clause`` is the one asked, not one spoken of ("…都不知道你改了哪几处") nor told not
    to ("那个你先别碰")."""
    at = _YOU_TOO.search(clause)
    return at is not None and not re.search(r"[不没别]|因为|知道|觉得|说", clause[: at.start()]) \
        and not re.match(r"^[们]?.{0,2}?(?:别|不要|不用|不)", clause[at.end() :])


def _as_said(f: fr.Frame) -> fr.Frame | None:
    """``f`` without a clause put in to read it (a name, said elsewhere: no pieces to quote); None
    when nothing said is left."""
    if all(c.pieces for c in f.scope.clauses):
        return f
    clauses = tuple(c for c in f.clauses if c.pieces)
    if not clauses:
        return None
    main = f.main if f.main is None or f.main.pieces else clauses[0]
    scope = Sentence(tuple(c for c in f.scope.clauses if c.pieces), f.scope.index)
    return replace(f, scope=scope, clauses=clauses, main=main)


class _Replies(_Ledger):
    def _replier(self, sent: Sentence) -> tuple[str | None, int]:
        """Who says ``sent``: ``zh_turns.speaker`` / ``en_turns.speaker`` (the one the utterance before
        calls or gives work, the one thanked by name right after, the other one of a two-person
        meeting). Returns (that participant or None, the utterance that names them)."""
        first, last = min(sent.seqs), max(sent.seqs)
        if has_cjk(sent.text):
            # (with the opening the step still shows: a two-person call names its two at the start)
            name, at = zh_turns.speaker(first, self._heard_with_opening(), self.participants, self._asked_of)
        else:
            name, at = en_turns.speaker(first, self.heard, self.participants, self._given_to, last=last)
        if name is not None and at <= 0:
            # (named only in the meeting's opening, which the step still shows)
            at = next((s for s in sorted(self.introductions, reverse=True)
                       if any(h.name == name for h in find_people(self.introductions[s], self.participants))), at)
        return name, at

    def _heard_with_opening(self) -> dict[int, str]:
        """What the step shows: the window, and the meeting's opening before it."""
        return {**self.introductions, **self.heard}

    def _given_to(self, seq: int) -> str | None:
        """The one participant given work in utterance ``seq`` ("Let's have Kenji handle the face painting")."""
        # (where the work was given, not a reply that only dated it: "Amir?" "Yep, Wednesday.")
        owners = {it.payload.get("owner") for it in self._tasks() if seq in it.seqs and it.touched >= 0
                  and (it.extra.get("intro") is None or seq in self.sentences[it.extra["intro"]].seqs)}
        return next(iter(owners)) if len(owners) == 1 else None

    def _asked_of(self, seq: int) -> str | None:
        """The one participant a request with 你 in utterance ``seq`` asked for work (a task said there)."""
        said = self.heard.get(seq, "")
        if not re.search(r"你(?!们)", said) or zh_turns.plans(said):
            return None  # (a plan's 你 is the one told of it: "我跟画师确认一下，有问题今天下班前告诉你")
        owners = {it.payload.get("owner") for it in self._tasks()
                  if it.extra.get("intro") is not None and seq in self.sentences[it.extra["intro"]].seqs}
        return next(iter(owners)) if len(owners) == 1 else None

    def _offer_taken(self, sent: Sentence, earlier: Sequence[Sentence]) -> list[fr.Reading]:
        """"Sure. Should I put something on the website too?" "Yeah, do that." — an offer to do the
        work (``turns.offered``), taken up in the next utterance (``turns.taken_up``), is the plan of
        the one who made it; the utterance that names them is cited."""
        reply = self.heard.get(max(sent.seqs) + 1)
        if not self._speaker or self._named_at <= 0 or not sent.question or reply is None or not turns.taken_up(reply):
            return []
        plans = [turns.offered(strip_punct(c.text) + "?") for c in sent.clauses]
        if not any(plans):
            return []
        said = Sentence(tuple(replace(c, text=p) if p else c for c, p in zip(sent.clauses, plans, strict=True)), sent.index)
        taken = max(sent.seqs) + 1  # (the reply that takes it up is cited too: it makes the plan)
        found = self._zh_plans_of(said, self._speaker, earlier) if has_cjk(sent.text) else self._plans_of(said, self._speaker)
        return [tuple(replace(f, refs=(*f.refs, taken)) if f.kind == "task" else f for f in r) for r in found]

    def _zh_plans_of(self, sent: Sentence, name: str, earlier: Sequence[Sentence]) -> list[fr.Reading]:
        """Chinese work the speaker takes on ("好，合同我来签，这周五前签好。", "伴手礼我这边出方案",
        "我来吧，明天上午弄完。" after "退货区堆满了，谁理？"): the sentence read with its 我 said by
        ``name``, its work titled by what was said before when it names none; the utterance that
        names ``name`` is cited."""
        if sent.index and not _substantive(sent.text) and not re.search(r"(?:把|将)[\u3400-\u9fff]{2}", sent.text) and any(
            it.kind == "decision" and it.extra.get("intro") == sent.index - 1 for it in self.items
        ):
            # "孔师傅，以后统一按标准配方放盐。" "行，我盯着。": keeping to a rule is no work taken
            # (but "…活动照办。" "好，那我把报名表改一下。" names a thing to change)
            return []
        said = zh_turns.sentence_said_by(Sentence(tuple(replace(c, text=zh_turns.without_self_name(c.text, self.participants))
                                                        for c in sent.clauses), sent.index), name)
        out = []
        # ("美玲，防水卷材呢？" "厂家说在路上了……我今天再催": the thing asked about is what the plan
        # is done to, not the state said before it)
        about = _ZH_HOW_IS.match(strip_punct(self.heard.get(min(sent.seqs) - 1, "")))
        about = about if about and not lx.dates(about.group("np")) and zh_turns.called(
            self.heard.get(min(sent.seqs) - 1, ""), self.participants) == name else None
        for r in fr.read(said, self.participants):
            if about is not None:
                r = tuple(replace(f, work=about.group("np")) if f.kind == "task" and f.main is not None and f.work not in f.main.text
                          # (handed on, it is still that thing: "我十点前报给监理" → 监测数据报给监理)
                          else replace(f, work=about.group("np") + f.work) if f.kind == "task" and _ZH_HANDED_TO.fullmatch(f.work)
                          else f for f in r)
            r = fr.with_antecedent(r, earlier, self.participants)
            # (a title that took in the name put for 我 was cut at the wrong place: "音效Amy去找外包")
            r = tuple(f for f in r if not (f.kind == "task" and name in f.work))
            if r and r[0].kind == "task" and all(f.owner == name for f in r if f.kind == "task"):
                out.append(tuple(self._back_on(f, said, sent) if f.kind == "task" else f for f in r))
        if not out and len(sent.clauses) >= 2 and _ZH_THIS_ONE_MINE.match(strip_punct(sent.clauses[0].text)):
            # "那个我来，明天上午给她回访一下": the claim, then the work itself as a bare order
            c = sent.clauses[1]
            if orders._dated_order(c.text, self.participants) or orders.order_shaped(c.text, self.participants):
                told = Sentence((*sent.clauses[:1], replace(c, text=name + c.text), *sent.clauses[2:]), sent.index)
                read = [fr.with_antecedent(r, earlier, self.participants) for r in self._read_citing(told, (self._named_at,))]
                out += [r for r in read if r and r[0].kind == "task" and r[0].owner == name and not refer.no_work(r[0].work)
                        and not _LIGHT_DONE.fullmatch(r[0].work)]
                verb = work_verb_alone(c.text) if not out else ""
                if verb:  # ("…给她回访一下": a verb of work that needs no object)
                    due = next((h.text for h in lx.dates(c.text)), None)
                    out.append((fr.Frame("task", sent, tuple(sent.clauses[:2]), c, name, verb, due, refs=(self._named_at,)),))
        asked = min(sent.seqs) - 1  # the utterance before, whose "谁来…？" names the work claimed
        work = zh_turns.asked_who(self.heard.get(asked, "")) if zh_turns.bare_claim(sent.text) else None
        opens = not sent.index or min(sent.seqs) not in self.sentences[sent.index - 1].seqs  # the reply's first words
        verb = zh_turns.claimed_verb(sent.text)
        question = re.search(r"[？?]\s*$", self.heard.get(asked, "")) is not None
        if not out and not work and opens and verb and question and zh_turns.called(self.heard.get(asked, ""), self.participants) == name:
            # "泡沫的话道具组要提前订，飞哥？" "我来订。": the one asked claims the work by its verb; what
            # was said before that verb in the question is the work.
            parts = [c for c in re.split(r"[，,。？?！!；;]", self.heard.get(asked, "")) if c.strip()]
            work = next((w for c in reversed(parts) if (w := refer.object_of(verb, c, self.participants))), None)
        if not out and work and opens:
            due = next((h.text for c in sent.clauses for h in lx.dates(c.text)), None)
            out.append((fr.Frame("task", sent, tuple(sent.clauses), sent.clauses[0], name, work, due,
                                 refs=(asked, self._named_at)),))
        return out

    def _zh_dated_reply(self, sent: Sentence, earlier: Sequence[Sentence]) -> list[fr.Reading]:
        """"下一项，季度报告。王芳？" "二十号之前出个初稿。": the one just called answers with a dated
        order naming nobody — what they will do by then, said without 我. Read with their name
        before it (titled from ``earlier``, the sentences before, nearest first, when its verb names
        no thing); the utterance that calls them is cited."""
        name, first = self._speaker, min(sent.seqs)
        if not name or self._named_at != first - 1 or not has_cjk(sent.text) or find_people(sent.text, self.participants):
            return []
        if sent.index and first in self.sentences[sent.index - 1].seqs:
            return []  # (only the reply's first words)
        if self._just_asked(sent, name):
            return []  # ("…海报下周三给一版？" "周三可以": the date of the work just asked for)
        # (after a consent: "我这边可以，下周一开始做")
        k = next((i for i, c in enumerate(sent.clauses) if orders._dated_order(c.text, self.participants)
                  and orders._bare_order(c.text, self.participants)), None)
        if k is None or any(not _CONSENTS.match(strip_punct(c.text)) for c in sent.clauses[:k]):
            return []
        c = sent.clauses[k]
        told = Sentence((*sent.clauses[:k], replace(c, text=name + c.text), *sent.clauses[k + 1 :]), sent.index)
        said = [r for r in self._read_citing(told, (self._named_at,)) if r and r[0].kind == "task"]
        found = [fr.with_antecedent(r, earlier, self.participants) for r in said or [_pointed(told, c, name, self._named_at)]]
        return [r for r in found if r and r[0].kind == "task" and r[0].owner == name and not refer.no_work(r[0].work)]

    def _answer_to_call(self, sent: Sentence, *, zh: bool) -> tuple[str | None, int, list[Clause]]:
        """(the one called in the utterance before, the reply's first utterance, every clause of it)
        when ``sent`` opens their reply in that language and names nobody; (None, …) otherwise."""
        name, first = self._speaker, min(sent.seqs)
        # (only the reply's first sentence reads it, once)
        if (not name or self._named_at != first - 1 or has_cjk(sent.text) != zh or find_people(sent.text, self.participants)
                or (sent.index and first in self.sentences[sent.index - 1].seqs)):
            return None, first, []
        return name, first, [c for x in self.sentences[sent.index :] if first in x.seqs for c in x.clauses]

    def _zh_when_answered(self, sent: Sentence) -> list[fr.Reading]:
        """ "小邹，预约小程序什么时候能放号？" "本来想这周五放，…接口还没通。下周一吧。": the one called,
        asked when a thing will be ready, answers with a day — their task, due the last day the reply
        says (a day given up comes first). The question is cited with the reply."""
        name, first, reply = self._answer_to_call(sent, zh=True)
        if not name:
            return []
        asked = strip_punct(self.heard.get(first - 1, "").rstrip("？?。 ").split("。")[-1])
        hits = find_people(asked, self.participants)
        if not hits or hits[0].name != name or strip_punct(asked[: hits[0].start]).strip() not in ("", "那", "好"):
            return []
        m = _ZH_WHEN_READY.fullmatch(asked[hits[0].end :].lstrip("，, "))
        if m is None or any(_DECLINED.search(c.text) for c in reply):
            return []
        days = [(c, h) for c in reply for h in lx.dates(strip_punct(c.text))
                if not fr.negated(c.text, h) and not _GIVEN_UP.search(strip_punct(c.text)[: h.start])]
        if not days:
            return []
        c, day = days[-1]
        work = ex.clean_zh_title(m.group("thing") + m.group("v")) or ex.clean_zh_title(m.group("thing"))
        if refer.no_work(work):
            return []
        return [(fr.Frame("task", sent, (c,), c, name, work, day.text, refs=(self._named_at,)),)]

    def _en_when_answered(self, sent: Sentence) -> list[fr.Reading]:
        """ "When would the about page be ready, Carlos?" "Give me till Tuesday.": the one called,
        asked when a thing will be ready, answers with a day — their task, due that day (the English
        twin of ``_zh_when_answered``). The question is cited with the reply."""
        name, first, reply = self._answer_to_call(sent, zh=False)
        if not name:
            return []
        asked = re.split(r"(?<=[.!?])\s+", self.heard.get(first - 1, "").strip())[-1]
        question = asked.rstrip().endswith("?")
        asked = asked.rstrip("?!. ")
        hits = find_people(asked, self.participants)
        if len({h.name for h in hits}) != 1 or hits[0].name != name:
            return []
        h = hits[0]
        if h.start == 0:
            rest = asked[h.end :].lstrip(" ,—–-")
        elif asked[h.end :].strip() == "" and asked[: h.start].rstrip().endswith(","):
            rest = asked[: h.start].rstrip(" ,")
        else:
            return []
        where = _EN_WHERE_ARE_WE.fullmatch(rest)
        if where is not None and reply:
            # "Lindsey, election guide, where are we?" "…I'll chase the last three today, and the
            # guide itself will be done end of next week.": the day the thing asked about will be done
            thing = re.sub(r"^(?:the|your|our) ", "", where.group("t") or where.group("u"), flags=re.IGNORECASE)
            for c in reply:
                said = _EN_THING_DONE.search(c.text)
                days = [d for d in lx.dates(c.text) if not fr.negated(c.text, d) and said and d.start > said.start()]
                if said and days and said.group("n").lower() in thing.lower().split():
                    return [(fr.Frame("task", sent, (c,), c, name, thing, days[-1].text, refs=(self._named_at,)),)]
            return []
        m = _EN_WHEN_READY.fullmatch(rest)
        if m is None or not reply or _EN_NO_DAY.search(reply[0].text) or any(_EN_I_WILL.search(c.text) for c in reply):
            # (a reply with its own plan, "I'll send it round by Wednesday", is read by its own words)
            return []
        days = [(c, d) for c in reply for d in lx.dates(c.text) if not fr.negated(c.text, d)]
        if not days:
            return []
        c, day = days[-1]
        if m.group("c") and (not question or any(_EN_OWN_WORK.search(c.text) for c in reply)):
            return []  # (a reply that says its own work, or how things stand, is read as said)
        thing = re.sub(r"^(?:the|your|our|that|this|those|these) ", "", m.group("a") or m.group("b") or m.group("c"),
                       flags=re.IGNORECASE)
        return [(fr.Frame("task", sent, (c,), c, name, f"have the {thing} ready", day.text, refs=(self._named_at,)),)]

    def _order_back(self, sent: Sentence) -> list[fr.Reading]:
        """Kofi is asked for the photos; Kofi answers "I just need the portrait of the tenant."; "Get
        the portrait done this weekend then." — an imperative said back to the one who just
        answered, about their own work, is a request to them (the turn before names nobody)."""
        first = min(sent.seqs)
        answered, asked = self.heard.get(first - 1), self.heard.get(first - 2)
        if answered is None or asked is None or find_people(sent.text, self.participants):
            return []
        # (the answer may call the one who asked first: "Sam, we still have four open.")
        if any(not _calls_first(answered, h) for h in find_people(answered, self.participants)) or re.search(r"[?？]\s*$", answered):
            return []
        zh = has_cjk(sent.text)
        name = zh_turns.called(asked, self.participants) if zh else turns.addressee(asked, self.participants)
        if name is None and not zh and re.search(r"[?？]\s*$", asked) and en_turns.follows_up(asked, self.participants):
            # ("Priya, the stage lights?" "…" "How much?" "Eighty for both." "Just buy the spots.": the exchange
            # goes on with the one called, who answered the question just asked)
            name = en_turns.speaker(first - 1, self.heard, self.participants, self._given_to)[0]
        given = any(it.payload.get("owner") == name and first - 2 in it.seqs for it in self._tasks())
        # (or called by name and answered only with a go-ahead: "李明，迁移的事跟你说一下。" "嗯，你说。")
        heard_out = _GO_AHEAD.match(strip_punct(answered).strip()) is not None
        # (or, in Chinese, the turn opened by calling them on a matter: "陈静，用户反馈的那几个问题。")
        hits = find_people(asked, self.participants)
        matter = ""
        opened = zh and bool(hits) and hits[0].name == name and not strip_punct(asked[: hits[0].start]).strip() \
            and re.match(r"[，,：:]", asked[hits[0].end :]) is not None
        # (English: "Lo. Amarillo." / "Megan — the venue." / "Jess, logistics.": the name, then only the matter)
        if not zh and hits and not strip_punct(asked[: hits[0].start]).strip() \
                and _EN_MATTER_ONLY.fullmatch(asked[hits[0].end :].strip()) is not None and name in (None, hits[0].name):
            name, opened = hits[0].name, True
        elif not zh and hits and name in (None, hits[0].name):
            # ("Still counts. Steve, Delgado. What did you find?": a sentence of the turn calls them on the matter)
            for said_then in re.split(r"(?<=[.!?])\s+", asked.strip()):
                at = find_people(said_then, self.participants)
                called_on = at and not strip_punct(said_then[: at[0].start]).strip() and _EN_MATTER_ONLY.fullmatch(
                    said_then[at[0].end :].strip())
                if called_on and at[0].name == hits[0].name:
                    name, opened = hits[0].name, True
                    matter = ex.clean_title(said_then[at[0].end :].strip(" ,.:;-—"))
                    break
        if name is None or not (given or heard_out or opened or re.search(r"[?？]\s*$", asked)):
            return []  # (asked work of them, or asked them how a thing stands)
        if _TOPIC_SHIFT.match(sent.text):
            return []  # ("第三项，…": a new matter, not said back)
        if not zh and any(first in s.seqs and not lx.CHATTER_ONLY.match(strip_punct(s.text)) and not _PRAISE.fullmatch(strip_punct(s.text))
                          # (a word just said, echoed: "…two are overdue." "Overdue! Please book…")
                          and not ((said := _EN_EXCLAIMED.match(self.heard.get(first, "")))
                                   and strip_punct(said.group(0)).strip() == strip_punct(s.text).strip()
                                   and strip_punct(s.text).strip().lower() in answered.lower())
                          for s in self.sentences[: sent.index]):
            return []  # (the turn opened with something else: "Could you chase him? Get him booked in.")
        if zh:
            return self._zh_order_back(sent, name, first - 2)
        # (after a question, the order opens the turn; a bare "Okay," before it is no clause of its own)
        said = [c for c in sent.clauses if not lx.CHATTER_ONLY.match(strip_punct(c.text))] or list(sent.clauses)
        for c in said if given else said[:1]:
            if not given and en_turns.says_you(c.text) and not _YOU_TOLD.match(c.text):
                continue  # ("Can you ask the surveyor?" follows the exchange up: ``en_turns.follows_up``)
            v, title, due = self._said_to(name, c.text, c.text)
            if v is None and not given and re.match(r"(?i)^(?:then\s+|just\s+)?do\s+(?:it|that)\b", c.text.strip()) and (
                    thing := _asked_thing(asked, self.participants) or matter):
                # ("Steve, Delgado. What did you find?" "…I want to get back up there." "Okay, do it before the 22nd.")
                v, title = "do", thing
            if v is not None and turns.pronoun_object(title) and not given:
                # "Tom, the supplier list from last week?" … "Get it to me by tomorrow.": "it" is the
                # thing they were asked about.
                title = _asked_thing(asked, self.participants) or matter or title
            if v is None or fr.date_order(c.text) or refer.no_work(title) or turns.pronoun_object(title):
                continue
            out = [fr.Frame("task", sent, (c,), c, name, title, due, refs=(first - 2,))]
            for more in sent.clauses[sent.clauses.index(c) + 1 :]:
                # (a second order joined on: "Put in a resource order…, and call logistics about the shower unit")
                if not _AND_THEN.match(more.text):
                    break
                v2, title2, due2 = self._said_to(name, _AND_THEN.sub("", more.text), more.text)
                if v2 is None or refer.no_work(title2) or turns.pronoun_object(title2):
                    break
                out.append(fr.Frame("task", sent, (more,), more, name, title2, due2, refs=(first - 2,)))
            return [tuple(out)]
        return []

    def _said_to(self, name: str, clause: str, dated: str) -> tuple[ex.Assignment | None, str, str | None]:
        """An English order ``clause`` naming nobody, read as said to ``name`` (an opener like "then"
        aside): (its reading, its title with the date taken out, the date said in ``dated``)."""
        v = ex.vocative(name, _THEN.sub("", clause), self.participants)
        due = next((h.text for h in [*fr.due_hits(dated, work=True), *lx.dates(dated)]), None)
        title = ex.clean_title(v.title.replace(due, " ") if v is not None and due else v.title if v else "")
        return v, title, due

    def _order_on(self, sent: Sentence) -> list[fr.Reading]:
        """"Marek, will you book a refrigerated van for the sixth? And ring the garage and get a
        proper date out of them.": an English order naming nobody, said right after asking one
        person in the same utterance, is asked of them too."""
        # (one named as whom the thing goes to is no one called: "…, and get the receipts to Gus")
        if has_cjk(sent.text) or not sent.index or any(not _EN_TO_WHOM.search(sent.text[: h.start])
                                                        for h in find_people(sent.text, self.participants)):
            return []
        before = self.sentences[sent.index - 1]
        if min(sent.seqs) not in before.seqs:
            return []  # (said in a turn of its own)
        owners = {it.payload.get("owner") for it in self._tasks() if it.extra.get("intro") == before.index}
        name = next(iter(owners)) if len(owners) == 1 else None
        if name is None or en_turns.says_you(sent.text) or turns.FIRST_PERSON.search(sent.clauses[0].text):
            return []
        c = sent.clauses[0]
        v, title, due = self._said_to(name, c.text, sent.text)
        if v is None or refer.no_work(title) or turns.pronoun_object(title) or _EN_SAME_ONE.match(title):
            return []  # ("Could you chase the plumber? Get him booked in.": the same work, said on)
        return [(fr.Frame("task", sent, sent.clauses, c, name, title, due, refs=tuple(before.seqs)),)]

    def _ask_taken_back(self, sent: Sentence) -> fr.Frame | None:
        """The English ask of ``sent`` taken back at a dash ("Anjali, can you call Thermo about it —
        actually, no, …"): its task frame, of the one it asked, quoting the whole clause."""
        k = next((i for i, c in enumerate(sent.clauses) if ex.EN_TAKEN_BACK.search(c.text)), None)
        if has_cjk(sent.text) or k is None:
            return None
        # (the ask read as said before the dash: the take-back leaves no task of its own to move)
        cut = sent.clauses[k]
        asked = Sentence((*sent.clauses[:k], replace(cut, text=re.split(r"\s*[—–]", cut.text)[0])), sent.index)
        for r in fr.read(asked, self.participants):
            for f in r:
                if (f.kind == "task" and f.owner is not None and f.work and not refer.no_work(f.work)
                        and all(c in asked.clauses for c in f.clauses)):
                    return replace(f, scope=sent, clauses=tuple(sent.clauses[asked.clauses.index(c)] for c in f.clauses),
                                   main=cut if f.main == asked.clauses[k] else f.main)
        return None

    def _taken_back_to(self, sent: Sentence) -> list[fr.Reading]:
        """"Luis, write up the prep list for Sunday — actually, no. Tash, you do it.": the ask taken
        back in the sentence before, in the same utterance, given to the one called now."""
        m = _EN_YOU_DO_IT.match(strip_punct(sent.text)) if not has_cjk(sent.text) and sent.index else None
        hits = find_people(m.group("name"), self.participants) if m else []
        before = self.sentences[sent.index - 1] if m else None
        if len(hits) != 1 or before is None or min(sent.seqs) not in before.seqs:
            return []
        asked = self._ask_taken_back(before)
        if asked is None or asked.owner == hits[0].name:
            return []
        return [(replace(asked, scope=sent, owner=hits[0].name, clauses=(*asked.clauses, *sent.clauses), main=sent.clauses[0]),)]

    def _thing_wanted(self, sent: Sentence) -> list[fr.Reading]:
        """"Matt, Figure 3 for the resubmission. Can I have it by the 20th?": someone called with only
        the matter, then asked for "it" by a day in the same utterance, is asked for that matter."""
        m = _EN_CAN_I_HAVE.match(strip_punct(sent.text)) if not has_cjk(sent.text) and sent.index else None
        if m is None or find_people(sent.text, self.participants):
            return []
        before = self.sentences[sent.index - 1]
        hits = find_people(before.text, self.participants)
        if min(sent.seqs) not in before.seqs or len(hits) != 1 or not re.fullmatch(
                r"(?i)(?:and|so|okay|ok|right)?", strip_punct(before.text[: hits[0].start]).strip(" ,.")):
            return []
        matter = _EN_MATTER_NAMED.fullmatch(before.text[hits[0].end :].strip())
        title = ex.clean_en_title(before.text[hits[0].end :].strip(" ,.—–:")) if matter else ""
        due = next((h.text for h in lx.dates(m.group("rest"))), None)
        if not title or due is None or refer.no_work(title):
            return []
        return [(fr.Frame("task", sent, sent.clauses, sent.clauses[0], hits[0].name, title, due, refs=tuple(before.seqs)),)]

    def _zh_order_back(self, sent: Sentence, name: str, asked: int) -> list[fr.Reading]:
        """"蔡云，展会的物料呢？" "还在印，说是下周才能好。" "周三之前把样品先寄过来。": a dated order
        with no one named, said back to the one who just answered, is theirs (read as said to them
        with 你)."""
        for k, c in enumerate(sent.clauses):
            if re.match(r"(?:你|您)(?!们)", c.text) or not (_ZH_ORDERED.search(c.text) and orders.order_shaped(c.text, self.participants)):
                continue
            if any(_ZH_I_THEN.match(strip_punct(d.text)) for d in sent.clauses[:k]):
                break  # ("行，那我拿到就送印，下周一之前印出来": the speaker's own step, and its date)
            told = Sentence((*sent.clauses[:k], replace(c, text=f"{name}你{c.text}"), *sent.clauses[k + 1 :]), sent.index)
            found = [r for r in self._read_citing(told, (asked,))
                     if r and r[0].kind == "task" and r[0].owner == name and r[0].main == told.clauses[k]]
            if not found and lx.dates(strip_punct(c.text)):
                found = [_pointed(sent, c, name, asked)]  # "…服务器扩容的事。" "嗯。" "下周三前扩完。"
            if found and all(f.due for r in found for f in r if f.kind == "task"):
                # (== not is: ``fr.read`` is cached, its frames may hold an equal earlier copy of the clause)
                return [tuple(replace(f, main=c, clauses=tuple(c if x == told.clauses[k] else x for x in f.clauses))
                              if f.kind == "task" else f for f in r) for r in found]
        return []

    def _go_instead(self, sent: Sentence) -> list[fr.Reading]:
        """"The hearing's booked for the ninth. I said I'd go, but… Sam, can you go instead?": someone
        called and asked to go, in the same utterance as an event said to be booked, is to go to it,
        by its day."""
        m = _EN_GO_INSTEAD.match(strip_punct(sent.text)) if not has_cjk(sent.text) and sent.index else None
        hits = find_people(m.group("name"), self.participants) if m else []
        if len(hits) != 1:
            return []
        for before in self.sentences[max(0, sent.index - 3) : sent.index][::-1]:
            if not set(before.seqs) & set(sent.seqs):
                break
            if (ev := _EN_BOOKED.match(strip_punct(before.text))) is not None:
                due = next((h.text for h in lx.dates(before.text)), None)
                return [(fr.Frame("task", sent, (*before.clauses, *sent.clauses), sent.clauses[-1], hits[0].name,
                                  f"go to the {ev.group('np').lower()}", due, refs=tuple(before.seqs)),)]
        return []

    def _told_what(self, sent: Sentence) -> list[fr.Reading]:
        """"Leila, the mentoring program, I'll leave that with you." "Happy to. Do I need to submit
        anything?" "Just the project descriptions, before the 15th." — the answer names what the one
        who asked (the person the turn before addressed) is to do: their task, with its date."""
        if not sent.index or has_cjk(sent.text):
            return []
        q = self.sentences[sent.index - 1]
        verb = turns.asked_what_to_do(q.text) if q.question else None
        if verb is None or min(sent.seqs) - 1 not in q.seqs or set(q.seqs) & set(sent.seqs):
            return []
        who, _ = self._replier(q)  # the task cites q's own seqs, not where the name was said
        thing = turns.the_thing(sent.clauses[0].text)
        if who is None or thing is None:
            return []
        due = next((h.text for c in sent.clauses[1:] for h in lx.deadlines(c.text)), None)
        used = tuple(sent.clauses if due else sent.clauses[:1])
        title = ex.clean_title(f"{verb} {thing}")
        return [(fr.Frame("task", sent, used, sent.clauses[0], who, title, due, refs=(min(q.seqs) - 1, *q.seqs)),)]

    def _deliverable_asked(self, sent: Sentence) -> list[fr.Reading]:
        """"邱老师，项目设计能不能你来牵头？" "可以啊，我来吧。" "那什么时候能拿出方案？" — asking
        when a thing can be delivered, naming nobody, right after someone took work on, asks that
        person for the thing (the reply's date is its deadline)."""
        first = min(sent.seqs)
        m = _DELIVERY_ASKED.search(strip_punct(sent.text)) if sent.question and has_cjk(sent.text) else None
        if m is None or find_people(sent.text, self.participants):
            return []
        thing = ex.clean_zh_title(m.group("thing") or m.group("before") or "")
        if mentions.content(thing) < 2 and len(thing) < 2:
            return []
        recent = [it for it in self._tasks() if it.payload.get("owner") and max(it.seqs, default=0) >= first - 2
                  and max(it.seqs, default=0) < first]
        if len({it.payload["owner"] for it in recent}) != 1 or any(thing in it.payload.get("title", "") for it in recent):
            return []
        owner, refs = recent[-1].payload["owner"], tuple(sorted(recent[-1].seqs))
        return [(fr.Frame("task", sent, sent.clauses, sent.clauses[-1], owner, thing, None, refs=refs),)]

    def _just_asked(self, sent: Sentence, name: str, back: int = 1) -> bool:
        """``name`` was asked for work in the turn before (``back``: in one of that many turns before):
        their plan now ("Yep, I'll get three quotes by next Saturday") is how and when they do it, not
        more work."""
        turns_before = set(range(min(sent.seqs) - back, min(sent.seqs)))
        return any(it.payload.get("owner") == name and turns_before & it.seqs for it in self._tasks())

    def _asked_before(self, sent: Sentence, name: str, undated: bool = False) -> bool:
        """``_just_asked`` read in this pass only: a stored task that already cites the reply (its
        own reading, from the pass before) is no earlier request. ``undated``: only work asked for
        with no date yet (a date said with the request is the deadline; the reply's is a step)."""
        return any(it.payload.get("owner") == name and min(sent.seqs) - 1 in it.seqs
                   and it.extra.get("intro") is not None and it.extra["intro"] < sent.index
                   and not (undated and it.payload.get("due_date_raw")) for it in self._tasks())

    def _plans_of(self, sent: Sentence, name: str) -> list[fr.Reading]:
        """The sentence's task readings with its "I'll …" said by ``name`` ("I did, yes. I'll send round
        a sign-up sheet"), citing the turn before, where the name was said; a plan whose object is a
        pronoun ("I'll email them today") agrees to work already asked for and is left out."""
        if _EN_TREAT.search(sent.text):
            return []  # ("I'll save you a table"): a kindness offered, no work
        # (a name of three words or more is read back by its first when that calls only them: the
        # patterns take an English name as one or two words, "Anand Kumar Rao" as the last two)
        first = name.split()[0]
        said_as = first if len(name.split()) > 2 and [h.name for h in find_people(first, self.participants)] == [name] else name
        said = Sentence(tuple(replace(c, text=_EN_HAVE_IT_PP.sub("get", turns.as_said_by(c.text, said_as))) for c in sent.clauses),
                        sent.index)
        out = []
        earlier = self.sentences[max(0, sent.index - 3) : sent.index][::-1]
        fuller = any(turns.plans(s.text) for s in self.sentences[sent.index + 1 : sent.index + 3] if s.seqs == sent.seqs)
        for r in fr.read(said, self.participants):
            if not (r and r[0].kind == "task" and all(f.owner == name for f in r if f.kind == "task")):
                continue
            if fuller and not has_cjk(sent.text) and all(len(f.work.split()) == 1 for f in r if f.kind == "task"):
                continue  # ("I can ask. … I'll speak to Stonebridge tomorrow and get a price": the plan said in full next)
            # ("…Mrs Hendry? She gave a hamper last year. I'll call her.": whom they will call)
            back = tuple(fr.en_titled(self._back_on(f, said, sent), earlier) for f in r)
            before = self.sentences[sent.index - 1] if sent.index else None
            if (before is not None and before.seqs == sent.seqs and not has_cjk(before.text) and len(before.text.split()) <= 5
                    and not turns.plans(before.text)  # (the day of a plan of its own: "I'll print them tonight.")
                    and (when := lx.deadlines(before.text)) and all(f.due is None for f in back if f.kind == "task")):
                # ("In two weeks, sure. I'll email the new members.": the date said first is the plan's)
                back = tuple(replace(f, due=when[0].text) if f.kind == "task" else f for f in back)
            asked = next((s for s in self.sentences[max(0, sent.index - 6) : sent.index][::-1]
                          if s.question and set(s.seqs) == {min(sent.seqs) - 1} and _EN_ASKED_FROM.search(s.text)), None)
            if asked is not None and (m := _EN_ASKED_FROM.search(strip_punct(asked.text))) and not has_cjk(sent.text):
                # ("Zeke, did you hear back from the landlord?" "…I'll ask again.": whom the verb alone is said of)
                back = tuple(replace(f, work=f"{v.group('v')} {m.group('np')}", refs=(*f.refs, *asked.seqs))
                             if f.kind == "task" and (v := _EN_VERB_ALONE.fullmatch(f.work.strip())) else f for f in back)
            back = tuple(self._it_named(f, sent) for f in back)
            if any(turns.pronoun_object(f.work) for f in back if f.kind == "task"):
                # (unless the pronoun stands for a thing said just before, nobody having asked for
                # it: "Only that the bar licence renewal is due end of September. I'll do it")
                wider = self.sentences[max(0, sent.index - 4) : sent.index][::-1]
                back = fr.with_antecedent(back, wider[:2], self.participants, wider)
                # (a step on the way, said of a pronoun, beside the work named: "I ask him today and I
                # send you the new codes by tomorrow")
                named = tuple(f for f in back if not (f.kind == "task" and turns.pronoun_object(f.work)))
                if not any(f.kind == "task" for f in named) or self._just_asked(sent, name):
                    continue
                back = named
            out.append(back)
        if (not out and not has_cjk(sent.text) and sent.index and (m := _EN_DO_IT_WHEN.fullmatch(strip_punct(sent.text).strip()))
                and (before := self.sentences[sent.index - 1]).seqs == sent.seqs
                and (undone := ex.EN_NOT_DONE_YET.search(strip_punct(before.text).strip()))):
            # "Don't varnish yet, Kemi hasn't checked." "No, I haven't done the moisture test. I'll do it
            # tomorrow.": what is not done yet is what they will do
            due = next((h.text for h in lx.dates(m.group("when") or "")), None)
            out.append((fr.Frame("task", sent, sent.clauses, sent.clauses[0], name, f"do the {undone.group('np')}", due,
                                 refs=(self._named_at,) if self._named_at > 0 else ()),))
        return out

    def _it_named(self, f: fr.Frame, sent: Sentence) -> fr.Frame:
        """``f``, work said of "it" or "those" alone, titled by what it stands for; else ``f`` as it is.

        What it stands for: the matter the speaker was called with ("Dana, the insurance renewal." …
        "I'll get it done Friday." → "get the insurance renewal done"); what the turn before said it
        needs of them ("…I just need Ola's figures." "I'll send you those." → "send the figures");
        the one thing the speaker said was broken since they were called ("…the card reader's dead
        again." "Is that sorted for Friday?" "I'll have it fixed by then." → "fix the card reader")."""
        m = _EN_REPAIR_IT.fullmatch(f.work.strip()) if f.kind == "task" and not has_cjk(f.work) else None
        if m is None and f.kind == "task" and self._named_at > 0 and _EN_IT_WORK.fullmatch(f.work.strip()) \
                and (called := _EN_CALLED_WITH.fullmatch(self.heard.get(self._named_at, "").strip())) \
                and [h.name for h in find_people(called.group("n"), self.participants)] == [f.owner]:
            # ("Dana, the insurance renewal." … "Can you do it?" "Yes, I'll get it done by Friday."): the
            # matter they were called with
            return replace(f, work=_EN_PRONOUN_OBJ.sub(called.group("np"), f.work, count=1), refs=tuple(sorted({*f.refs, self._named_at})))
        if (m is None and f.kind == "task" and f.owner and (give := _EN_SEND_THEM.fullmatch(f.work.strip()))
                and (need := en_turns.NEEDS_OF.search(self.heard.get(min(sent.seqs) - 1, "")))
                and [h.name for h in find_people(need.group("n"), self.participants)] == [f.owner]):
            # ("I'll file it Friday, I just need Ola's figures." "I'll send you those tonight."): what
            # was said to be needed of them
            return replace(f, work=f"{give.group('v')} the {need.group('np')}{give.group('rest')}",
                           refs=tuple(sorted({*f.refs, min(sent.seqs) - 1})))
        if m is None or self._named_at <= 0:
            return f
        since = [s for s in self.sentences[max(0, sent.index - 8) : sent.index] if min(s.seqs) > self._named_at]
        broken = [(b, s) for s in since for c in s.clauses if (b := _EN_BROKEN.search(c.text))]
        if len({b.group("np").lower() for b, _ in broken}) != 1:
            return f
        b, s = broken[-1]
        return replace(f, work=f"fix {b.group('np')}{m.group('rest')}", refs=tuple(sorted({*f.refs, *s.seqs})))

    def _back_on(self, f: fr.Frame, said: Sentence, sent: Sentence) -> fr.Frame:
        """A frame read from ``said`` (``sent`` with its first person put as the speaker's name),
        back on the clauses of ``sent`` as heard, citing the utterance that names the speaker."""
        def heard(c: Clause) -> Clause:
            if c in said.clauses:
                return sent.clauses[said.clauses.index(c)]
            # (a clause the reading reworded or cut: the heard one it was said in, by where it was said)
            at = {(p.seq, p.start) for p in c.pieces}
            return next((h for h in sent.clauses if at & {(p.seq, p.start) for p in h.pieces}),
                        next((h for h in sent.clauses if {p.seq for p in h.pieces} & {p.seq for p in c.pieces}), c))

        return replace(f, scope=sent, clauses=tuple(heard(c) for c in f.clauses),
                       main=heard(f.main) if f.main is not None else None, refs=(*f.refs, self._named_at))

    def _claim(self, sent: Sentence) -> bool:
        """"Fine, I'll do it." from the person just asked, or "Margaret, that's usually you": the
        work just said with no owner is theirs."""
        if has_cjk(sent.text) and self._speaker and self._named_at > 0 and _ZH_GIVE_ME.match(strip_punct(sent.clauses[0].text)):
            # ("邓姐你不是改过吗？" "改过。那给我嘛，我来改。": the one pointed to asks for the work)
            state = self._state(sent)
            _, ops = st.on_given_me(state, self._speaker, min(sent.seqs))
            self._ops(sent, state, ops)
            for op in ops:
                self._item(op.ref).seqs.add(self._named_at)
            if ops:
                return True
        claimed = en_turns.claims(sent.text) or self._restated_claim(sent)
        who = turns.pointed_at(sent.text, self.participants) or (self._speaker if claimed and self._named_at > 0 else None)
        if who is None:
            return claimed and self._volunteered(sent, None)
        state = self._state(sent)
        _, ops = st.on_claim(state, who, min(sent.seqs))
        self._ops(sent, state, ops)
        for op in ops:
            it = self._item(op.ref)
            it.seqs.add(self._named_at)  # where the name was said
            it.new = it.new or self._named_at >= self.new_from
        return bool(ops) or (claimed and self._volunteered(sent, who))

    def _restated_claim(self, sent: Sentence) -> bool:
        """"Someone needs to chase those." "I can chase them, I've got the loan sheet.": the work in
        focus, with no owner yet, taken on by its own verb and a pronoun."""
        m = _EN_I_VERB_IT.match(sent.text.strip())
        f = st.focus(self._state(sent)) if m else None
        return (f is not None and f.owner is None and f.last_seq >= min(sent.seqs) - 2
                and f.title.lower().split()[:1] == [m.group("v").lower()])

    def _volunteered(self, sent: Sentence, who: str | None) -> bool:
        """"Who can reconcile the vendor invoices?" / "The vendor invoices need reconciling." "I'll
        take it.": the work the question asked for (the thing said to need doing) is the volunteer's —
        ``who``, when the turn says who speaks, else nobody's yet. Only the reply's first sentence
        claims (or its second, after a reason), and only right after the question."""
        asked = min(sent.seqs) - 1
        if (not en_turns.asked_who(self.heard.get(asked, "")) and en_turns.asked_who(self.heard.get(asked - 1, ""))
                and _EN_NOT_ME.search(self.heard.get(asked, ""))):
            asked -= 1  # ("Who's on the float?" "Usually me, but I'm away." "I'll take it."): asked past a turn-down
        # the reply's first words, or what follows a reason that plans and asks nothing ("Ravi's
        # swamped. I'll do it myself.")
        said_before = [s for s in self.sentences[: sent.index] if min(sent.seqs) in s.seqs]
        opens = all(not s.question and not turns.plans(s.text) for s in said_before) and len(said_before) <= 1
        work = en_turns.asked_who(self.heard.get(asked, "")) or en_turns.needed(self.heard.get(asked, ""))
        asking = [s for s in self.sentences[: sent.index] if asked in s.seqs]
        # (the sentence of the turn that asks or says the need, not one said before it: "The sale is
        # Saturday. Who's putting together the sign-up sheet?")
        q = next((s for s in asking if en_turns.asked_who(s.text) or en_turns.needed(s.text)), asking[0] if asking else None)
        if work is None and len(asking) >= 2 and (work := en_turns.asked_who_that(asking[-1].text, asking[-2].text)):
            q = asking[-1]  # "The big one is the self-checkout training. Who can take that?"
        if work is None and said_before and (work := en_turns.needed(said_before[-1].text)):
            # "Only that the bar licence renewal is due end of September. I'll do it": the need said
            # by the one who takes it on, in the same turn
            asked, q = min(sent.seqs), said_before[-1]
        if work is None or not opens or any(it.kind == "task" and asked in it.seqs for it in self._tasks()):
            return False
        if q is None:
            return False
        owner = who if who and self._named_at > 0 else None
        # a plan with a date right after, in the same turn ("I'll have a venue booked by the 12th"), dates it
        then = [c for s in self.sentences[sent.index + 1 : sent.index + 2] if set(s.seqs) == {min(sent.seqs)}
                and turns.plans(s.text) for c in s.clauses if lx.deadlines(c.text)]
        use = [*q.clauses, *sent.clauses, *then]
        # (said in one turn, the day the need is said with is its due, not one in the "but" after)
        dated = use if q.seqs != sent.seqs else [*q.clauses, *sent.clauses[:1]]
        due = next((h.text for c in reversed(dated) for h in lx.deadlines(c.text)), None)
        both = Sentence(tuple(use), sent.index)
        refs = tuple(sorted({asked, self._named_at})) if owner else (asked,)
        return self._task(fr.Frame("task", both, both.clauses, q.clauses[-1], owner, work, due, refs=refs)) is not None

    def _read(self, sent: Sentence) -> tuple[fr.Reading, ...]:
        """The readings of ``sent``; one that opens with 你 and names nobody is read as said to the
        person called by name up to three sentences before, when the sentences between (their
        reply) name nobody either. That person's utterance joins the tasks' evidence seqs, where
        their name is said."""
        k = sent.index
        if (named := self._she_named(sent)) is not None:
            return named
        if not has_cjk(sent.text) and (told_to := self._one_to_one_you(sent)) is not None:
            return told_to  # (the one called before answers now: "you" is not them)
        if (told_to := self._called_before(sent)) is not None:
            return told_to
        if (told_to := self._asked_in_exchange(sent)) is not None:
            return told_to
        for j in range(k - 1, max(-1, k - 4), -1):
            before = self.sentences[j]
            if find_people(before.text, self.participants) or not has_cjk(before.text):
                name = fr.called(before, self.participants)
                # (the reply may say more after calling them, and so may the asker before asking:
                # "郑律，下周三会不会太晚啊？一周的期限…" "哦对，你说得对。那改成下周一，下周一你给我")
                same_turn = all(self.sentences[x].seqs in (before.seqs, sent.seqs) for x in range(j + 1, k))
                # (not when the 你 is said in the same utterance as the call: "小宁，…你这学期先带着")
                asker = self._caller_answered(j) if same_turn and name and not set(sent.seqs) & set(before.seqs) else None
                if asker is not None and asker != name:
                    # "小川，…降不降价？" "杜哥，业主说…" "那你明儿再去磨磨业主": the one called answers,
                    # calling the one who asked; what the asker says next with 你 is for the one
                    # who answered.
                    told = fr.said_to(sent, asker, self.participants)
                    if told is not None and min(sent.seqs) - max(before.seqs) <= 3:
                        return self._read_citing(told, self.sentences[j - 1].seqs)
                # (the one called answers now: their 你 is someone else — "周总，二号空调又漏水了。"
                # "那得修，你联系一下厂家")
                told = fr.said_to(sent, name, self.participants) if name and not (
                    name == self._speaker and set(sent.seqs) == {max(before.seqs) + 1} and re.search(r"[你您](?!们)", sent.text)) else None
                if told is None or min(sent.seqs) - max(before.seqs) > 3:
                    break
                if found := self._read_citing(told, before.seqs):
                    return found
                break  # (said to them it says nothing of its own: read as said, a date for the work in hand)
        if (told_to := self._you_to_last_speaker(sent)) is not None:
            return told_to
        told_to = self._one_to_one_you(sent)
        if told_to is not None:
            return told_to
        if (told_to := self._zh_two_of_us(sent)) is not None:
            return told_to
        return fr.read(sent, self.participants)

    def _she_named(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """ "No, wait. Hannah did that long profile of him. She knows the family. She takes the
        obit.": an English "she"/"he" taking work on, first in its sentence, is the one participant
        the sentences just before (one or two, back to the start of the turn before) name; their
        utterance is cited. None when the pronoun has no such single antecedent or the sentence
        read so gives them no task."""
        m = _EN_HE_TAKES.match(sent.clauses[0].text)
        if m is None or has_cjk(sent.text) or find_people(sent.text, self.participants):
            return None
        names: set[str] = set()
        cited: set[int] = set()
        for j in range(sent.index - 1, max(-1, sent.index - 3), -1):
            hits = find_people(self.sentences[j].text, self.participants)
            names |= {h.name for h in hits}
            cited |= set(self.sentences[j].seqs) if hits else set()
            if self.sentences[j].seqs != sent.seqs:
                break
        if len(names) != 1 or not cited:
            return None
        name = next(iter(names))
        said = name.split()[0] + sent.clauses[0].text[m.end("p") :]
        told = Sentence((replace(sent.clauses[0], text=said), *sent.clauses[1:]), sent.index)
        found = tuple(r for r in self._read_citing(told, tuple(sorted(cited))) if r and r[0].kind == "task" and r[0].owner == name)
        return found or None

    def _you_to_last_speaker(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """ "小王，你先说。" "…冷链车不够…" "哪台？" "尾号386那台…" "那冷链车你重新排一下": a Chinese
        request that opens with 你 and names nobody asks the one who said the utterance before, when
        the turns tell who that was (``zh_turns.speaker``) — however long ago their name was said.
        The utterance that names them is cited. None when the speaker is not known, or when the
        sentence is not the first of its utterance (a turn's later 你 is read with the turn)."""
        if not has_cjk(sent.text):
            # (English "you" after a long answer is not read so: the plan said next often restates
            # the request with more, and the two could not yet be told apart — docs/rules.md, s18/s19)
            return None
        first = min(sent.seqs)
        # (a short yes before it, in the same turn, opens no turn of its own: "六月五号可以。快递的事你去谈")
        # (nor does a remark of the speaker's own that speaks to nobody: "重庆那家我晓得，质量还可以。你去跟两家都谈一下")
        if not first or any(first in s.seqs and not _SHORT_YES.fullmatch(strip_punct(s.text)) and not self._own_remark(s)
                            for s in self.sentences[: sent.index]):
            return None
        if not _OPENS_WITH_YOU.match(sent.clauses[0].text):
            return None  # (its first clause asks 你; "你看第四家" after a remark only points)
        before, named_at = zh_turns.speaker(first - 1, self.heard, self.participants, self._asked_of)
        if before is None or named_at <= 0 or before == self._speaker:
            return None
        # ("张三、李四，你们说说进度。" "还差一点。": which of them answered is not known; a thanks
        # said first, "谢谢蕾姐。一诺，…", is another sentence)
        calling = [t for t in re.split(r"(?<=[。！？!?])", self.heard.get(named_at, "")) if any(
            h.name == before for h in find_people(t, self.participants))]
        if not calling or len({h.name for h in find_people(calling[-1], self.participants)}) != 1:
            return None
        told = fr.said_to(sent, before, self.participants)
        # (read so it may say nothing — "你周五之前给我就行" only dates the work — and is then read as said)
        return (self._read_citing(told, (named_at,)) or None) if told is not None else None

    def _own_remark(self, sent: Sentence) -> bool:
        """A Chinese statement that speaks to nobody and asks nothing: no name, no 你 or 大家, no
        question, no work read in it ("重庆那家我晓得，质量还可以")."""
        return (has_cjk(sent.text) and not sent.question and not find_people(sent.text, self.participants)
                and not re.search(r"[你您]|大家|各位|咱|[？?]", sent.text)
                and not any(r and r[0].kind in ("task", "unowned", "decision") for r in fr.read(sent, self.participants)))

    def _called_before(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """English "you" in a request that names nobody ("Tom, quick one on the migration." "Yeah?"
        "Can you write up the rollback plan by Friday?") asks the person called by name up to three
        sentences (and three utterances) before, when nobody else was named since and that person is
        not the one speaking now; the utterance that calls them is cited. An order with no "you"
        (Chinese: no 你, read by ``fr.said_to``) is theirs when said in the same utterance that called
        them ("Megan, about the offsite. Book the venue by…", "王芳，你那边两件事。第一，报价单周五前发出去。").
        None otherwise, or when the sentence read that way gives them no task. A name the work is
        for or goes to ("could you send Priya your notes?") names no one else asked."""
        if any(not _EN_TO_WHOM.search(sent.text[: h.start]) for h in find_people(sent.text, self.participants)):
            return None
        zh = has_cjk(sent.text)
        you = not zh and en_turns.says_you(sent.text)
        if zh and (re.search(r"[你您我]", sent.text) or zh_turns.plans(sent.text)):
            return None  # (你 is read by ``fr.said_to``)
        if you and turns.plans(sent.text) and not re.search(r"\byou to\b", sent.text):
            return None  # ("I'll send you the readings" is the speaker's plan)
        # (laughter or a hum between is no sentence of the exchange: "…everyone." "Ha." "Okay, can you…")
        said = [j for j in range(sent.index - 1, -1, -1) if not _LAUGH.match(strip_punct(self.sentences[j].text).strip())]
        if you and _EN_ALSO_YOU.search(sent.text):
            # "Meera, can you pull the CCTV…?" "Already done, sir. …" "Oh, super. Thank you. Then can
            # you also write up the incident report…?": "also" asks the one asked last, whatever they answered
            for j in said[:8]:
                before = self.sentences[j]
                if min(sent.seqs) - max(before.seqs) > 3 or ALREADY_DONE.match(before.text):
                    break  # (after "Already done.", the stored request and this one would share its quote)
                name = en_turns.called(before.text, self.participants) if find_people(before.text, self.participants) else None
                if name is None:
                    continue
                if name == self._speaker:
                    break
                told = _you_as(sent, name)
                if (told_to := self._told_task(told, before.seqs, name)) is not None:
                    return told_to
                break
        # (the one called may answer in a few sentences: "Ingrid?" "Compressor two. It's running
        # hot. Louder than last week." "Can you get a technician out…?" — the utterances between
        # bound it; that far back only a request that names its work: "Can you chase them?" may
        # be about anything said in between)
        for back, j in enumerate(said[:6]):
            before = self.sentences[j]
            if min(sent.seqs) - max(before.seqs) > 3 or (not you and min(sent.seqs) not in before.seqs):
                return None  # (an order with no "you" is theirs only in the breath that called them)
            if not find_people(before.text, self.participants):
                continue
            name = fr.called(before, self.participants) if zh else en_turns.called(before.text, self.participants)
            if you and any(not _SHORT_REPLY.match(strip_punct(s.text).strip()) for s in self.sentences[j + 1 : sent.index]
                           if min(s.seqs) > max(before.seqs)) and not self._answered_alone(before, sent, name):
                return None  # (they answered at length: "you" after that follows the exchange up)
            if name is None or name == self._speaker:
                return None  # (someone only spoken of, or the one called answers: "you" is not them)
            if you:
                told = _you_as(sent, name)
                readings = self._read_citing(told, before.seqs)
                return readings if any(r and r[0].kind == "task" and r[0].owner == name
                                       and (back < 3 or not _EN_POINTER.search(" ".join((r[0].work or "").split()[:3])))
                                       for r in readings) else None
            # "Tom, one more thing. … Please take a look before Thursday.": the order is said to them;
            # read from the name on, the task is the one the order itself says.
            # (an ordinal before the order is no clause of its own: "First, send the quote by Friday")
            k = next((i for i, c in enumerate(sent.clauses) if not _ORDINAL_ONLY.match(strip_punct(c.text).strip())), 0)
            if not zh and _PRONOUN_ORDER.match(strip_punct(sent.clauses[k].text).strip()) and any(
                    r and r[0].kind == "task" and r[0].owner == name
                    for s in self.sentences[j : sent.index] for r in fr.read(s, self.participants)):
                return None  # ("Tash, could you chase the electrician? Get him booked in.": the same work)
            if zh and not orders._bare_order(sent.clauses[k].text, self.participants):
                return None  # (a remark after the call is no order: "…要不要换供应商？隔壁公司换了以后挺好。")
            called_in = next((c for c in before.clauses if find_people(c.text, self.participants)), before.clauses[0])
            order = sent.clauses[k]
            if (not zh and not before.question and _EN_NAME_AND_MATTER.fullmatch(strip_punct(before.text).strip())
                    and re.match(r"[A-Z][a-z]+\b", order.text) and not re.match(r"I\b", order.text)
                    and not find_people(order.text.split()[0], self.participants)
                    # (a verb of work, or an order that says by when: not "Even Marcus can follow it")
                    and (re.match(rf"(?i){ex._EN_IMPERATIVE}\b", order.text) or any(lx.deadlines(c.text) for c in sent.clauses[k:]))):
                # (read after the name and the matter as one sentence: "Tom, the rota. Swap…" is "Tom, swap…")
                order = replace(order, text=order.text[:1].lower() + order.text[1:])
            own = [order, *sent.clauses[k + 1 :]]
            told = Sentence((called_in, *own), sent.index)
            found = [r for r in fr.read(told, self.participants) if r and r[0].kind == "task" and r[0].owner == name
                     and any(c in own for c in r[0].clauses)]  # (==: ``fr.read`` is cached)
            return tuple(found) or None
        return None

    def _asked_in_exchange(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """ "Zeke." "…the netting has tears." "Which starts?" "The 24th." "Can you get the netting guy
        out before then?": an English "can you…?" opening a turn and naming nobody asks the one who
        said the turn before, when who that is is known (``en_turns.speaker``) and it is not the one
        asking; None otherwise, or when it gives them no task."""
        first = min(sent.seqs)
        if (has_cjk(sent.text) or not sent.question or not _EN_CAN_YOU.match(strip_punct(sent.text).strip())
                or find_people(sent.text, self.participants) or turns.plans(sent.text)
                or not all(self._only_leads_in(s) for s in self.sentences[: sent.index] if first in s.seqs)):
            return None
        name, at = en_turns.speaker(first - 1, self.heard, self.participants, self._given_to)
        if name is None or at <= 0 or name == self._speaker:
            return None
        told = _you_as(sent, name)
        readings = self._read_citing(told, (at,))
        # ("Bags, the renewal letters. Where are we?" … "Can you hold them until…?": what "them" is)
        said = re.split(r"(?<=[.!?])\s+", self.heard.get(at, "").strip())
        # (or what that turn says is overdue: "Hi Sam. So, your lab report was due Monday.")
        thing = _asked_thing(said[0], self.participants) or next(
            (ex.clean_title(m.group("np")) for t in said if (m := _EN_THING_OVERDUE.match(t.strip()))), "")
        readings = tuple(tuple(replace(f, work=_EN_PRONOUN_OBJ.sub(thing, f.work, count=1))
                               if thing and f.kind == "task" and turns.pronoun_object(f.work) else f for f in r) for r in readings)
        return readings if any(r and r[0].kind == "task" and r[0].owner == name for r in readings) else None

    def _only_leads_in(self, s: Sentence) -> bool:
        """``s``, said earlier in the turn of an English request, only leads into it: it takes in what
        was said ("Right.") or settles a word or two naming nobody ("Move it.", "Friday the 17th.")."""
        return bool(_EN_ACK_ALONE.fullmatch(strip_punct(s.text).strip()) or _EN_TAGGED_BACK.search(s.text.strip())) or (
            not s.question and not find_people(s.text, self.participants) and bool(_EN_SETTLES.match(s.text.strip())))

    def _answered_alone(self, before: Sentence, sent: Sentence, name: str | None) -> bool:
        """Every utterance between the call and ``sent`` is the answer of ``name``, the one called
        ("Tash, the wifi's dropping out?" "Yep, it needs the electrician." "Could you chase him?"):
        the "you" of a follow-up that names nobody is still them."""
        between = range(max(before.seqs) + 1, min(sent.seqs))
        return (name is not None and len(between) > 0 and min(sent.seqs) not in before.seqs
                and all(en_turns.speaker(s, self.heard, self.participants)[0] == name for s in between))

    def _caller_answered(self, j: int) -> str | None:
        """The participant called in the utterance right before sentence ``j`` when ``j`` opens
        the next utterance (a turn taken): the one who says sentence ``j``."""
        if j < 1 or not has_cjk(self.sentences[j].text):
            return None
        prev, cur = self.sentences[j - 1], self.sentences[j]
        if min(cur.seqs) != max(prev.seqs) + 1 or min(cur.seqs) in prev.seqs:
            return None
        return fr.called(prev, self.participants)

    def _one_to_one_you(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """In a two-person meeting a request with 你 / "you" whose speaker is known ("你去查一下校准
        记录吧", "学院说四月十号前交，你先写个初稿", "Can you send me the draft budget?") asks the other
        participant; the utterance that names them is cited. None when that cannot be told."""
        if not self._speaker or find_people(sent.text, self.participants):
            return None
        zh = has_cjk(sent.text)
        if zh and len(self.participants) == 2 and "你们" in sent.text and not re.search(r"你(?!们)", sent.text):
            # ("报价你们下周一之前给我就行": in a 1:1 between two sides, 你们 is the other one's side)
            sent = Sentence(tuple(replace(c, text=c.text.replace("你们", "你")) for c in sent.clauses), sent.index)
        if zh and not re.search(r"[你您咱]", sent.text) and not re.search(r"我", sent.clauses[0].text) and len(self.participants) == 2 and any(
                _HANDED_IN.search(c.text) for c in sent.clauses[1:]):
            # "然后证据目录和质证意见，下周三前给我": in a 1:1 the thing, then handed in to the
            # speaker, is asked of the other one — read as said after their name
            to, at = self._other_named(sent)
            if to is not None and at > 0 and (
                    told_to := self._told_task(Sentence((Clause(to, (), "comma"), *sent.clauses), sent.index), (at,), to)):
                return told_to
        if zh:
            # (what the speaker says of their own plans after the request asks nothing: "…，我27号要去趟上海")
            k = next((i for i, c in enumerate(sent.clauses) if re.search(r"你(?!们)", c.text)), len(sent.clauses))
            if k == len(sent.clauses) or zh_turns.plans("，".join(c.text for c in sent.clauses[: k + 1])):
                return None
        if not zh and not en_turns.says_you(sent.text) and len(self.participants) == 2:
            return self._imperative_to_other(sent)
        if not zh and (not en_turns.says_you(sent.text) or (turns.plans(sent.text) and not re.search(r"\byou to\b", sent.text))):
            return None  # ("I'll send you the readings" is the speaker's plan; "I'll need you to sign…" asks)
        to, at = self._other_named(sent)
        if to is None or at <= 0:
            return None
        you_as = zh_turns.you_as if zh else en_turns.you_as
        return self._told_task(Sentence(tuple(replace(c, text=you_as(c.text, to)) for c in sent.clauses), sent.index), (at,), to)

    def _imperative_to_other(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """In an English 1:1 whose speaker is known, a bare imperative of work ("Right, so order
        fresh primers today and rerun the PCR once they land.") is said to the other one: read as
        said after their name, the utterance that names them cited. None when that cannot be told."""
        to, at = self._other_named(sent)
        k = next((i for i, c in enumerate(sent.clauses) if _EN_LEAD_FILLER.sub("", c.text).strip()), None)
        if to is None or at <= 0 or k is None:
            return None
        said = _EN_LEAD_FILLER.sub("", sent.clauses[k].text)
        if ex.vocative(to, said, self.participants) is None:
            return None
        told = Sentence((Clause(to, (), "comma"), replace(sent.clauses[k], text=said), *sent.clauses[k + 1 :]), sent.index)
        return self._told_task(told, (at,), to)

    def _other_named(self, sent: Sentence) -> tuple[str | None, int]:
        """In a two-person meeting, the one the speaker of ``sent`` speaks to, and the latest
        utterance that names them (0 when none heard does)."""
        return zh_turns.said_where(zh_turns.other(self._speaker, self.participants), max(sent.seqs), self.heard,
                                   self.participants)

    def _told_task(self, told: Sentence, seqs: Sequence[int], owner: str) -> tuple[fr.Reading, ...] | None:
        """``_read_citing``, when some reading gives ``owner`` a task; else None."""
        readings = self._read_citing(told, seqs)
        return readings if any(r and r[0].kind == "task" and r[0].owner == owner for r in readings) else None

    def _zh_two_of_us(self, sent: Sentence) -> tuple[fr.Reading, ...] | None:
        """In a two-person call, a Chinese sentence that names nobody and asks 你 or 你们 ("那你把申请
        单填一下", "自评报告你们尽量提前，三月十号前给我") asks the other of its speaker, wherever 你 is
        said in it; the utterance that names them is cited. None when the speaker is not known, or
        nothing is asked of them."""
        if (not has_cjk(sent.text) or not self._speaker or not _YOU_TOO.search(sent.text)
                or find_people(sent.text, self.participants)):
            return None
        pair = self.participants if len(self.participants) == 2 else self._two_so_far(min(sent.seqs)) if (
            len(self.participants) == 3 and all(_plain_you(c.text) for c in sent.clauses if _YOU_TOO.search(c.text))) else ()
        if len(pair) != 2:
            return None
        if min(sent.seqs) - self._named_at > _TURNS_TRUSTED:
            return None  # (turns counted far from where the speaker was named: one may have said two running)
        other = zh_turns.other(self._speaker, pair)
        _, at = zh_turns.said_where(other, min(sent.seqs), self._heard_with_opening(), self.participants)
        if other is None or at <= 0:
            return None
        told = Sentence(tuple(replace(c, text=_YOU_TOO.sub(other, c.text)) for c in sent.clauses), sent.index)
        found = tuple(r for r in self._read_citing(told, (at,)) if r and r[0].kind == "task" and r[0].owner == other)
        return found or None

    def _two_so_far(self, seq: int) -> tuple[str, ...]:
        """The participants named in the meeting before ``seq``, when every utterance from the first
        on is at hand; a larger meeting whose first part is one person talking with another ("雅琴，
        进来坐。" "好的周总。" … until a third comes in) is a two-person call until then."""
        said = self._heard_with_opening()
        if any(s not in said for s in range(1, seq)):
            return ()
        named = {h.name for s in range(1, seq) for h in find_people(said[s], self.participants)}
        return tuple(p for p in self.participants if p in named)

    def _read_citing(self, told: Sentence, seqs: Sequence[int]) -> tuple[fr.Reading, ...]:
        """The readings of ``told`` (a sentence with 你 put as the person spoken to), each task also
        citing ``seqs``, where that person is named."""
        out = []
        for r in fr.read(told, self.participants):
            kept = tuple(f for f in (_as_said(x) for x in r) if f is not None)
            if kept:
                out.append(tuple(replace(f, refs=tuple(sorted({*f.refs, *seqs}))) if f.kind == "task" else f for f in kept))
        return tuple(out)


# Handed on to someone ("报给监理"), and a thing asked about after calling someone: "美玲，防水卷材呢",
# "老周，报价单怎么样了".
_ZH_HANDED_TO = re.compile(r"(?:报|发|交|送|传|转)给[\u3400-\u9fff]{1,4}")
_ZH_HOW_IS = re.compile(r"^[^，,]{1,6}[，,](?P<np>[\u3400-\u9fff]{2,10}?)(?:呢|怎么样了|咋样了|到哪一?步了|进度呢|弄得怎么样了)$")
# Asked to go in someone's place: "Sam, can you go instead?", "Sam, could you go for me?"
_EN_GO_INSTEAD = re.compile(r"^(?:(?:so|and|okay|ok|right)[,\s]+)*(?P<name>[A-Z][\w'-]+),?\s+(?:can|could|would) you (?:go|attend|cover it|cover that)"
                            r"\s+(?:instead|for me|in my place|on my behalf)\s*$")
# An event said to be booked: "The tribunal's booked for the 9th", "The hearing is set for Monday".
_EN_BOOKED = re.compile(r"^(?:(?:so|and|okay|ok|right|the|our)[,\s]+)*(?P<np>[A-Za-z][\w' -]{2,40}?)(?:'s|\s+is|\s+was)\s+"
                        r"(?:booked|scheduled|set|arranged|fixed|on)\s+(?:for|on)\s+", re.IGNORECASE)
