"""Polite and indirect English asks read as the plain request forms the patterns of ``extract`` know
(``en_polite``), before every English pattern and before ``frames.hedges``; for reading, never for
quoting."""

from __future__ import annotations

import re

from . import lexicon as lx
from .text import EN_NAME, EN_NAME_WORD, has_cjk

# "I'll have a draft by the 25th" said of work just asked for: a version of that work, not more work.
_A_DRAFT = re.compile(r"(?:a|the|some)\s+(?:first\s+|rough\s+|quick\s+)?(?:draft|cut|version|pass|something)"
                      # (had as a talk or a try, nothing delivered: "have a word with the union rep…")
                      r"|an?\s+(?:quick\s+)?(?:word|chat|look|go|think|talk|conversation)\b.*", re.IGNORECASE)

# Polite and indirect ways of asking, read as the plain request forms the patterns know
# ("would you mind updating" → "please updating", "I'd like Sam to review" → "have Sam review",
# "The checklist is Sam's" → "The checklist is on Sam"). Only the asking words change, never the work.
_EN_POLITE = (
    # ("Rhys, I do want the gates painted": "do" only stresses the want)
    (re.compile(r"(?i)\b(I|we) (?:do|really|also|still|definitely) (?=want\b|need\b)"), r"\1 "),
    # ("Nell, you just need to sign the form": "just" softens the order, it asks all the same; "also"
    # adds it to what they have)
    (re.compile(r"(?i)\byou(?:'ll| will)? (?:just|only|simply|also) (?=need to\b|have to\b)"), "you "),
    # ("Ravi, you'll need the chairs stacked by six": what they need done is asked of them)
    (re.compile(r"(?i)\byou(?:'ll| will)? need (?P<x>(?:the|some|those|these|that|this|your|a|an)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?\s+"
                r"(?:[a-z]+ed|done|sent|made|written|sorted|signed|paid|built|set up|put up|taken down))\b"),
     r"you'll need to get \g<x>"),
    # ("Okay Joe, status letters are yours — out by end of day tomorrow", "the catering is with you": the thing
    # handed to the one called)
    (re.compile(r"(?i)^(?P<lead>(?:(?:okay|ok|right|so|and|then|now)[,\s]+)*)(?:the\s+)?(?P<y>(?!(?:it|that|this|they|those|these|which|what)\b)"
                r"[a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?:is|are|'s|'re)\s+(?:all\s+)?(?:yours|with you|on you)\b(?:\s+(?:then|now))?"
                r"(?:\s*[—–-]+\s*(?:out|done|in|ready|finished|back|sent)\b)?"),
     r"\g<lead>you own the \g<y>"),
    # ("…who's keeping an eye on Jonah's dissertation?" "I was going to ask Bea." "Bea, would you mind?":
    # the work just said)
    (re.compile(r"\b(?:would|do) you mind\s*\??\s*$", re.IGNORECASE), "could you do it"),
    (re.compile(r"\b(?:is there )?any chance you (?:could|can)\s+|\bdo you think you could\s+|\bit(?:'d| would) be (?:great|good|"
                r"helpful|nice) if you could\s+|\bwould you be able to\s+|\bare you able to\s+|\b(?:could|can) you possibly\s+|"
                r"\bwhy don'?t you\s+|\b(?:would|do) you mind\s+(?:terribly\s+|awfully\s+)?", re.IGNORECASE), "could you "),
    (re.compile(r"^(?:(?:and|so|okay|ok)[\s,]+)?mind\s+(?=[a-z]+ing\b)", re.IGNORECASE), "could you "),
    (re.compile(r"\b(?:(?:do you )?reckon|think) you could\s+", re.IGNORECASE), "could you "),
    # ("you reckon you can get the kit list sorted?": asked of them, not an opinion said of them)
    (re.compile(r"(?:\b(?:do |d')?you |^)reckon you can\s+", re.IGNORECASE), "could you "),
    # "have a squiz / a butcher's at the contract": look at it ("have a crack at" keeps its object)
    (re.compile(r"\bhave a (?:squiz|look|butcher'?s|gander|dekko) at\s+", re.IGNORECASE), "look at "),
    # More ways of asking the one called (British, Australian, US): "can I get you to", "be a star
    # and", "if you could … (that'd be great)", "you okay to", "happy to …?", "fancy doing",
    # "see if you can", "what are the chances you can", "your action is to".
    (re.compile(r"\b(?:can|could|may) I (?:get|ask|trouble|bother) you to\s+|\bI(?:'m| am) (?:going to|gonna) "
                r"(?:ask|get) you to\s+|\bI(?:'ll| will) (?:get|ask) you to\s+|\b(?:would you |could you |can you )?be an? "
                r"(?:star|love|dear|darling|gem|legend|sweetheart|angel) and\s+|\bif you (?:could|can)\s+(?=[a-z]+\s)|"
                r"\bsee if you can\s+|\bwhat are the (?:chances|odds) (?:that )?you (?:can|could)\s+|"
                r"\b(?:are )?you (?:okay|ok|alright|all right|good|happy|able|free) to\s+|"
                r"\b(?:do )?you mind\s+(?=[a-z]+ing\b)|\bfancy\s+(?=[a-z]+ing\b)|"
                r"\byour (?:action|job|task)(?: item)? (?:is|will be) to\s+|\baction (?:item )?for you:?\s+", re.IGNORECASE),
     "could you "),
    (re.compile(r"^(?:(?:and|so|okay|ok)[\s,]+)?(?:happy|okay|ok|alright|able|free|good) to\s+(?=[a-z]+\s)", re.IGNORECASE),
     "could you "),
    (re.compile(r"\b(?i:action) (?:item )?(?:on|for) (" + EN_NAME_WORD + r")(?::\s*|\s+to\s+)"), r"\1 to "),
    # "let me know the final numbers by Thursday" asks for them; "any chance of the minutes by
    # Friday?" asks for them to be sent ("let me know if…" asks nothing to be made).
    (re.compile(r"\blet (?:me|us) know\s+(?=(?:the|your|our|those|these|which|who|how many)\s)", re.IGNORECASE), "could you confirm "),
    (re.compile(r"\b(?:is there )?any chance of (?:getting\s+)?(?=(?:the|a|an|your|some|those|these)\s)", re.IGNORECASE),
     "could you send "),
    # "Sam, help me check the drawings" (Singapore, India): asked of Sam; "can check or not?"
    (re.compile(r"\b(?:(?:can|could) you\s+)?help (?:me|us)\s+(?=(?!with\b|out\b)[a-z]+\s)", re.IGNORECASE), "please "),
    (re.compile(r"^(?:(?:so|then|ok|okay)[\s,]+)?can\s+(?!(?:you|we|i|they|he|she|it|someone|somebody|anyone)\b)"
                r"(?=[a-z]+\s.+\bor not\b)", re.IGNORECASE), "could you "),
    (re.compile(r"\byou(?:'re| are) (?:the )?point (?:person )?on\s+", re.IGNORECASE), "you're on "),
    (re.compile(r"\b(?:take|run) point on\s+|\bcrack on with\s+", re.IGNORECASE), "work on "),
    # Having a go at something is working on it: "have a crack at the newsletter".
    (re.compile(r"\b(?:have|take) a (?:crack|go|stab|bash|punt|pass|first pass|run) at\s+", re.IGNORECASE), "work on "),
    (re.compile(r"\b(?:have|take) a (?:quick |proper |good )?look at\s+", re.IGNORECASE), "look at "),
    # "can you take this off my plate?": taking it over from the one who asks
    (re.compile(r"\btake\s+(?!(?:a|the)\s+(?:day|week|morning|afternoon|time)\b)(.{2,60}?)\s+off\s+(?:my|our)\s+(?:plate|hands)\b",
                re.IGNORECASE), r"take over \1"),
    (re.compile(r"^(?:(?:and|so|okay|ok)[\s,]+)?(?:the\s+)?(?!(?:that|this|it|one|which|what|floor|stage|mic)\b)([a-z][\w -]+?)(?:'s| is) (?:all )?yours\b", re.IGNORECASE),
     r"you're on the \1"),
    (re.compile(r"^(.+?)\s+are\s+(" + EN_NAME_WORD + r")'s\s*[.!]?$"), r"\1 is on \2"),
    # "can you have the report ready by the fifteenth": getting it ready is the work.
    (re.compile(r"\b(?:have|get)\s+((?:the|our|this|those|these|your|a|an|all|some|(?:one|two|three|four|five|six|eight|ten|\d+)"
                r"(?:\s+hundred|\s+thousand)?)\s+[\w' -]+?)\s+(ready|done|finished|complete|completed|sorted|drafted|signed off|"
                r"filed|sent|submitted|uploaded|posted|booked|written|printed|fixed|installed|lodged|delivered|ordered|"
                r"checked|tested|reviewed|updated|approved|cleaned|signed)\b",
                re.IGNORECASE), r"get \1 \2"),
    # ("can you have that updated by Monday?": the thing named before, got done)
    (re.compile(r"(?<=\byou )have\s+(it|that|this|them|those|these)\s+(?=(?:ready|done|finished|sorted|drafted|filed|sent|submitted|uploaded|posted|"
                r"booked|written|printed|fixed|installed|delivered|ordered|checked|tested|reviewed|updated|approved|cleaned|signed)\b)",
                re.IGNORECASE), r"get \1 "),
    # "I'll have two scenarios by Monday", "can you have a draft to us before the review": a thing
    # had by a date is a thing delivered.
    # "(the rota still needs doing —) could you have a first draft by Wednesday?": a version of the
    # work just named, asked for by then
    (re.compile(r"\b((?:can|could|would|will) you)\s+have\s+(?:a|the)\s+(?:first\s+|rough\s+)?draft\s+(?=(?:by|before)\s)",
                re.IGNORECASE), r"\1 draft it "),
    (re.compile(r"\bhave\s+((?:the|our|this|those|these|your|a|an|some|two|three|four|five|\d+)\s+[\w' -]+?)\s+"
                r"(?:(?:for|to) (?:you|us|them|everyone)\s+|over\s+)?(?=(?:by|before|ahead of|no later than)\s)"
                # ("I'll have the fatigue report to you end of day tomorrow": to whom, then when)
                r"|\bhave\s+((?:the|our|this|those|these|your|a|an|some|two|three|four|five|\d+)\s+[\w' -]+?)\s+"
                r"(?:to|for) (?:you|us|them|everyone)\s+(?=(?:end of|first thing|today|tonight|tomorrow|this|next|on\s|"
                r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|eod|cob)\b)",
                re.IGNORECASE), lambda m: m.group(0) if _A_DRAFT.fullmatch(m.group(1) or m.group(2))
     else f"deliver {m.group(1) or m.group(2)} "),
    # ("can you have it by Thursday?": the thing named before, done by then)
    (re.compile(r"\b((?:can|could|would|will) you)\s+have\s+(?=(?:it|that|this|them|those|these)\s+(?:by|before|ahead of|no later than)\s)",
                re.IGNORECASE), r"\1 do "),
    (re.compile(r"\b(?:it's |it is )?over to you (?:for|on|with)\s+|\blet'?s have you on\s+", re.IGNORECASE), "you're on "),
    (re.compile(r"\byou(?:'re| are) the (?:best|right) (?:person|one) to\s+", re.IGNORECASE), "could you "),
    # "when can you have the audit done?", "is it possible for you to…", "I'll let you handle…",
    # "I'll leave the hiring to you", "take the lead on".
    (re.compile(r"\b(?:when|how soon|how quickly) (?:can|could|will) you\s+(?!be\b)(?=[a-z]+\s+\w)|\b(?:is|would) it be possible "
                r"for you to\s+|\bis it possible for you to\s+|\bI(?:'ll| will) let you\s+"
                r"|\b(?:would|could|will) you be able to\s+|\bare you able to\s+", re.IGNORECASE), "could you "),
    (re.compile(r"\b(?:(?:can|could|may) I |I(?:'ll| will)? )leave (?!(?:it|that|this)(?: one)?\s)(.+?) (?:to|with) you\b",
                re.IGNORECASE), r"you're on \1"),
    (re.compile(r"\b(?:can|could|may) I give you\s+(?=(?:the|this|that|those|these)\s)|\bI(?:'m| am) counting on you for\s+|"
                r"\b(?:can|could) (?:we|I) get (.+?) from you\b", re.IGNORECASE),
     lambda m: f"you're on {m.group(1)}" if m.group(1) else "you're on "),
    (re.compile(r"\b(?:could|can|would|will) you be (?:in charge of|responsible for)\s+", re.IGNORECASE), "could you own "),
    (re.compile(r"\b(?:do )?you (?:want|wanna) to\s+|"
                r"\bdo you wanna\s+|\b(?:are )?you (?:okay|ok|alright|all right|good|happy)\s+(?=[a-z]+ing\s)", re.IGNORECASE),
     "could you "),
    (re.compile(r"\btake the lead on\s+", re.IGNORECASE), "lead "),
    (re.compile(r"\b(?:remember to|don'?t forget to|make sure (?:to|you))\s+", re.IGNORECASE), "could you "),
    (re.compile(r"\b(?:I|we)(?:'ll| will|'m going to| am going to|'re going to| are going to)? need (.+?) from you\b", re.IGNORECASE),
     r"you're on \1"),
    # ("what I need from you is the signed form": the same, the thing said last)
    (re.compile(r"^(?:(?:and|so|okay|ok)[\s,]+)?what (?:I|we)(?:'ll)? need from you is\s+", re.IGNORECASE), "you're on "),
    # (time needed is no thing to deliver: "I need two days from Leeds")
    (re.compile(r"\bI(?:'ll| will|'m going to| am going to)? need (?!(?:about |around |maybe |roughly |another |at least )?"
                r"(?:a|an|one|two|three|four|five|a few|a couple of|\d+) (?:more )?(?:minutes?|hours?|days?|weeks?|months?)\b)"
                r"(.+?) from (" + EN_NAME_WORD + r")\b"), r"\2 is on \1"),
    (re.compile(r"\b(?:I(?:'d| would) like|I want|I need|we need|we'll need|let'?s get|let'?s ask|I'll ask|we'll ask|"
                r"(?:can|could|shall|should) we (?:get|ask)|get|ask)\s+(" + EN_NAME + r")\s+to\s+(?=[a-z])"), r"have \1 "),
    (re.compile(r"\b(" + EN_NAME_WORD + r") has (?:the|an|that) action(?: item)?\s+(?:to|on|for)\s+"), r"\1 will "),
    (re.compile(r"^(.+?)\s+is\s+(" + EN_NAME_WORD + r")'s(?:\s+(?:job|baby|thing|area))?\s*[.!]?$"), r"\1 is on \2"),
    (re.compile(r"\b(?:(?i:let's|let us)\s+)?(?i:put|pencil)\s+(" + EN_NAME_WORD + r")\s+(?:(?:down|in)\s+for|on)\s+"), r"\1 is on "),
    # "The price list is with Tom.", "I'd rather Tom update it", "I'm going to need you to…",
    # "you said you'd update the list" (the promise held to)
    (re.compile(r"^(?:(?:and|so|okay|ok)[\s,]+)?(?:the\s+)?([a-z][\w' -]+?)\s+(?:is|are)\s+(?:now\s+)?with\s+(" + EN_NAME_WORD + r")\s*[.!]?$",
                re.IGNORECASE), lambda m: f"{m.group(2)} is on the {m.group(1)}" if m.group(2)[0].isupper() else m.group(0)),
    (re.compile(r"\b(?i:I)(?:'d| would) (?i:rather|prefer)\s+(?=" + EN_NAME_WORD + r"\s+[a-z])"), "have "),
    # "you're the price list person", "the price list falls to Tom", "put it on Tom's list", "let's say
    # Tom owns the list", "how about Tom takes the list?"
    (re.compile(r"\byou(?:'re| are) (?:the|our) ([a-z][\w' -]+?) (?:person|guy|girl|lead|owner|point person)\b", re.IGNORECASE),
     r"you're on the \1"),
    (re.compile(r"^(?:(?i:and|so|okay|ok|then)[\s,]+)?(?:(?i:the)\s+)?([a-z][\w' -]+?)\s+(?:falls|goes|comes) (?:to|on)\s+(" + EN_NAME_WORD + r")\b"),
     r"\2 is on the \1"),
    (re.compile(r"\b(?i:put|add)\s+(?:the\s+)?([a-z][\w' -]+?)\s+(?:on|to)\s+(" + EN_NAME_WORD + r")'s (?:list|plate)\b"), r"\2 is on the \1"),
    (re.compile(r"^(?:(?i:so|okay|ok)[\s,]+)?(?i:let'?s say)\s+(" + EN_NAME_WORD + r") owns\s+"), r"\1 will own "),
    (re.compile(r"\b(?i:how|what) about\s+(" + EN_NAME_WORD + r")\s+(takes|does|handles|owns|leads|drives|runs|writes|updates|reviews|books|"
                r"prepares|covers|picks(?= up))\b"), lambda m: f"can {m.group(1)} {'do' if m.group(2) == 'does' else m.group(2)[:-1]}"),
    (re.compile(r"\bI(?:'m| am) (?:going to|gonna) need you to\s+|\bI(?:'ll| will)? need you to\s+", re.IGNORECASE), "could you "),
    (re.compile(r"\byou said you(?:'d| would)\s+", re.IGNORECASE), "you'll "),
    # Singapore and Malaysian English: "you check the stock can?", "you call them or not?" asks them to
    (re.compile(r"^(?i:you)\s+(?!(?:know|think|remember|want|like|agree|mind|see|are|were|have|had)\b)([a-z]+(?:\s+[\w'-]+){1,6}?)\s+(?i:can|can or not|or not)(?:\s+(?:lah|ah|leh))?\s*[?.!]?$"), r"can you \1"),
    # "you need the summer rota for Leeds done by Wednesday": needing it done of them asks them to
    (re.compile(r"\byou(?:'ll| will)? need (?=(?:the|a|an|your|our|those|these)\s+[^,.?!]{2,60}?\s+"
                r"(?:done|finished|sorted|ready|signed(?: off)?|sent(?: out)?|submitted|filed|booked|fixed)\b)", re.IGNORECASE),
     "you need to get "),
    (re.compile(r"\bI (?:need|want) you on\s+", re.IGNORECASE), "you're on "),
    # "you've got the price list", "I'm assigning the deck to Tom", "can we get the list from Tom by…"
    # ("you've got the under-nines at four" is a session on the timetable, no work)
    (re.compile(r"\byou(?:'ve| have)? got\s+(?=(?:the|this|that|those|these)\s+[a-z])"
                r"(?![^—–]*[—–]\s*(?:can|could|would|will) you\b)"
                r"(?![^,.?!—–]*\b(?:at|from)\s+(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?|one|two|three|four|five|six|seven|eight|nine|ten|"
                r"eleven|twelve|noon|midday)\b)", re.IGNORECASE), "you're on "),
    (re.compile(r"\b(?:(?i:I)(?:'m| am) |(?i:we)(?:'re| are) )?(?i:assigning|giving|handing)\s+(.+?)\s+(?:over\s+)?to\s+(" + EN_NAME_WORD + r")\b"),
     r"\2 is on \1"),
    (re.compile(r"\b(?i:can|could) (?i:we|I) get (.+?) from (" + EN_NAME_WORD + r")\b"), r"can \2 deliver \1"),
    # "Robert, could your staff pull the numbers": the one called answers for their people.
    # (a department may be named before it: "can your finance office…", "could your IT people…")
    (re.compile(r"\b(can|could|would|will) your (?:[a-z]+ )?(?:team|staff|people|folks|guys|lot|crew|office|department|side|"
                r"group|developers|engineers)\b", re.IGNORECASE), r"\1 you"),
    (re.compile(r"^(?:(?:and|so|then|okay|ok)[\s,]+)?your (?:team|staff|people|folks|guys|lot|crew|office|department|"
                r"side|group)\s+(?=(?:will|'ll|can|could|should|needs? to)\b)", re.IGNORECASE), "you "),
    # "Could Sarah take a look…?", "Would Tom mind…": asking of the one named, the way "can" asks.
    (re.compile(r"^(?:(?:and|so|okay|ok|then)[\s,]+)?(?:could|would)\s+(?=(?-i:[A-Z])[a-z]+\s+(?!be\b|have\b)[a-z])",
                re.IGNORECASE), "can "),
    # "Let Sarah handle the press" (not "let's"); "do me a favour and ping the printers".
    (re.compile(r"^(?:(?:and|so|okay|ok|then)[\s,]+)?let\s+(?=(?-i:[A-Z])[a-z]+\s+[a-z])", re.IGNORECASE), "let's have "),
    (re.compile(r"\bdo (?:me|us) a (?:favou?r|solid)\s*,?\s+and\s+", re.IGNORECASE), "please "),
    # "Kindly escalate it today": the Indian English "please"; "abeg", the Nigerian one.
    (re.compile(r"\b(?:kindly|abeg)\b", re.IGNORECASE), "please"),
    (re.compile(r"\b(" + EN_NAME_WORD + r")(?:'s| is| will be)\s+(?:also\s+|still\s+)?looking (into|after)\s+"), r"\1 will look \2 "),
    (re.compile(r"\b(" + EN_NAME_WORD + r") will be\s+(?=[a-z]+ing\s)"), r"\1 is "),
)


def en_polite(text: str) -> str:
    """``text`` with an indirect request said the plain way (for reading, never for quoting)."""
    if has_cjk(text):
        return text
    for rx, plain in _EN_POLITE:
        text = rx.sub(plain, text)
    return text


# Chinese softeners around a request, read as the plain request (for reading, never for quoting):
# "你看能不能…" asks as "你能不能…" does; "你辛苦一下" is "你负责一下"; "这个就辛苦老周了" hands the
# work over as "就交给老周了" does ("好，辛苦老周。" with no 就…了 stays thanks); "你再过一遍" checks it.
_ZH_POLITE = (
    # "老周，你们班组负责组织": the one called answers for their crew
    (re.compile(r"(?<![\u3400-\u9fff])你们(?:班组|小组|组里|队里|团队|科室|部门|社区|科里|科|处里|中心|车间|门店|店里|站里|组(?![织成合建装长员]))(?=[\u3400-\u9fff])"), "你"),
    # "家长会的通知你们学校那边帮忙转发一下": the one called answers for where they work, as 你 does
    # (not "你跟物业那边…", whom they deal with)
    (re.compile(r"(?<![给跟和让帮替向对])(你|您)们(?:(?![跟和给找向对与同问])[\u3400-\u9fff]{1,3}?)?(?:那边|这边)(?=帮忙|负责|来|去|先|再|尽快|抓紧|[\u3400-\u9fff]{1,2}一下)"), r"\1"),
    (re.compile(r"(你|您)看看?(?=[^，,。？?]{0,6}?(?:能不能|能否|可不可以|方不方便|能(?=[^，,。？?]{1,14}[吗么][？?]?$)))"), r"\1"),
    (re.compile(r"(你|您)(?:就)?辛苦(?:一下|下)"), r"\1负责一下"),
    # "宣传册和展板都是你的": the things said first are handed to the one spoken to, as 你负责 does
    (re.compile(r"(?<=[\u3400-\u9fff]{2})(都|也|就)?(?:是|归)(你|您)的(?:了|啦|吧|啊)?$"), r"\1\2负责"),
    (re.compile(r"(?:那就|就|还得|得|全|都)(?:辛苦|拜托|靠)(?=(?![你您])[\u3400-\u9fffA-Za-z]{1,4}了)"), "就交给"),
    # "王芳辛苦一下，纪要周五整理好": the one named is asked, as "王芳你辛苦一下" asks them.
    (re.compile(r"^((?:那|那就)?[\u3400-\u9fff]{2,3}?)(?:你|您)?(?:辛苦(?:一下|下)|帮个忙|帮帮忙|帮下忙|的话)$"), r"\1"),
    (re.compile(r"(?:就)?能者多劳(?:一下)?吧?$"), "负责一下"),
    # ("…，这事儿交给你了" after the request itself only seals it: no second task)
    (re.compile(r"(?:就)?(?:交给|交代给|拜托给)(你|您)了[啊呀哈吧]?$"),
     lambda m: m.group(0) if re.fullmatch(r"(?:那)?(?:这|那)?(?:个|件)?(?:事儿?|事情|活儿?)?", m.string[: m.start()]) else f"{m.group(1)}负责一下"),
    # "巡检记录，就定陈静了": the one settled on is given it ("就定周五了" settles a day, not a person)
    (re.compile(r"(?:那就|就)定(?=(?![你您])([\u3400-\u9fff]{2,3})了)"),
     lambda m: m.group(0) if lx.dates(m.group(1)) else "就交给"),
    # "我建议王芳去整理纪要": a person proposed for the work is asked, as 让王芳去… asks them.
    (re.compile(r"(?:我|我们)?(?:建议|提议)(?=[\u3400-\u9fff]{2,3}?(?:去|来|负责|牵头|跟进))"), "让"),
    # "我建议你把客户名单整理一份": advice to the one spoken to, with the thing to do, asks it of them
    (re.compile(r"(?:我|我们)?(?:建议|提议)(?=(?:[\u3400-\u9fff]{2,3}?)?(?:你|您)(?!们)(?:先|再)?(?:把|将))"), ""),
    (re.compile(r"(?:我|我们)?(?:建议|提议)(?=[\u3400-\u9fff]{2,3}?(?:先|再)?(?:把|将))"), "让"),
    # "就辛苦王芳张罗一下了" / "辛苦你跑一趟" ask the one thanked to do it, as 让王芳… / 你… do.
    (re.compile(r"(?:那就|就|还得|得)?辛苦(?=(?:你|您)[\u3400-\u9fff]{1,2}(?:一下|一趟|一遍))"), ""),
    (re.compile(r"(?:那就|就|还得|得)?辛苦(?=[\u3400-\u9fffA-Za-z]{1,4}?(?:把|[\u3400-\u9fff]{1,2}(?:一下|一趟|一遍)))"), "让"),
    (re.compile(r"(?<=[你您再])过(?=一遍|一下)"), "看"),
    # "新人培训的事就拜托你了" hands it over; "拜托你去谈" asks as "你去谈" does
    (re.compile(r"(?:就)?拜托(你|您)了?$"), r"\1负责一下"),
    # "…麻烦您周五前看一下", "你多费心", "…处理一下喔", "测试报告靠你了": asked as plainly as 你…
    (re.compile(r"(?<=[\u3400-\u9fff])麻烦(?=你|您)"), ""),
    (re.compile(r"(你|您)(?:就)?多费(?:点)?心(?:了)?"), r"\1负责一下"),
    (re.compile(r"(?<=一下)[喔哦啦咯嘛]$"), ""),
    (re.compile(r"(?:就|全|都)?靠(你|您)了$"), r"\1负责一下"),
    (re.compile(r"拜托(?=你|您)"), ""),
    # "测试报告我看还是陈静来写比较好": who is best placed to do it is asked of them, as "陈静来写吧" asks.
    (re.compile(r"(?:我看|我觉得|我想|依我看|要我说)(?=(?:还是|就)?[\u3400-\u9fff]{2,3}?(?:来|去)[\u3400-\u9fff])"), ""),
    (re.compile(r"((?:来|去)[\u3400-\u9fff]{1,8}?)(?:会)?(?:比较|更|最)(?:好|合适|妥当|稳妥)(?:一些|一点|些)?[吧啊]?$"), r"\1吧"),
    # "这周王芳的任务是整理周报" gives her the work as "王芳负责整理周报" does; "让王芳来吧" asks her as
    # "王芳你来吧" does.
    (re.compile(r"(?<![你我他她])([\u3400-\u9fff]{2,3}?)的(?:任务|活儿?|工作|事)(?:就)?是"), r"\1负责"),
    (re.compile(r"^(?:那|那就|就|还是)?(?:让|叫)([\u3400-\u9fff]{2,3}?)(?:来|去)(?:做|弄|办)?吧$"), r"\1你来吧"),
    # Shanghai and Cantonese words for you / this / matter / done (no maintained dialect-to-Mandarin
    # table exists for these function words; the few a request turns on are listed here).
    # "主图25号前得给到我": handed to me, as "给我" says it
    (re.compile(r"给到(?=我)"), "给"),
    # "老周你给查查？": a verb said twice after 你 (for someone) asks it done once, as "查一下" does
    (re.compile(r"((?:你|您)(?:给(?:我|我们|他|她|大家)?)?)([看查问试催改理算核对修])\2(?![了过着])"), r"\1\2一下"),
    # "水管明天就找人修": got seen to by someone brought in, as "明天修好" asks it done
    (re.compile(r"(?:就|先)?找人(?:来|去)?([修装换清补弄])(?=$|[，,。！!])"), r"\1好"),
    (re.compile(r"侬"), "你"), (re.compile(r"迭个"), "这个"), (re.compile(r"事体"), "事情"), (re.compile(r"搞掂"), "搞定"),
)


# "王芳你辛苦一下，报废清单整理出来": with the work said after it, the clause only calls the one asked.
_CALL_TO_HELP = re.compile(r"((?:那|那就)?[\u3400-\u9fff]{2,3}?)(?:你|您)(?:就)?(?:辛苦|受累)(?:一下|下)")


def zh_polite(text: str, work_after: bool = False) -> str:
    """``text`` with a Chinese softened request said the plain way (see ``_ZH_POLITE``);
    ``work_after``: a clause saying the work follows ``text`` in its sentence."""
    if not has_cjk(text):
        return text
    if work_after and (m := _CALL_TO_HELP.fullmatch(text.rstrip("，,、 "))):
        return m.group(1)
    for rx, plain in _ZH_POLITE:
        text = rx.sub(plain, text)
    return text
