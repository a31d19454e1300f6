"""Who speaks (Chinese): the person the utterance before calls, the one thanked by name after,
the other one of a two-person meeting.

Pure. A transcript carries no speakers, but an exchange does. After "沈老师，那司仪的合同你帮我们
签吧？" the reply "好，合同我来签，这周五前签好。" is 沈佳怡's; "我来吧，明天上午弄完。" followed by
"行，退货区老周弄。" / "好，辛苦老周。" was 老周's; in a one-to-one the utterance that calls 思远 is
said by the other participant, the reply to it by 思远, and a 你 in a request is the one spoken to.
The analyzer reads the first person of a volunteered plan ("这个我来", "我这边出方案") as the
speaker, and 你 in a two-person meeting as the other participant. When nothing says who speaks,
nobody is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from intents.evidence import ADDRESS_WORDS

from . import extract as ex
from . import lexicon as lx
from . import mentions
from .names import find_people
from .text import Sentence, has_cjk

# What may come before a name that calls someone: the start, a pause, a filler or a topic turn.
_CALL_LEFT = re.compile(r"(?:^|[，,。！？!?；;：:、\s…])(?:那么|那就|那|好的|好|行|嗯|哎|诶|对了|还有|另外|然后|所以|还行|是的|是|对|没事|没问题|可以)?[，,\s]*$")
# A yes said to someone by name, closing its sentence: "好的孙科。"
_ACK_CALL = re.compile(r"(?:^|[，,。！？!?\s])(?:好的|好|行|嗯|对|是的|收到|明白)[，,\s]*$")
# A sentence-final particle right before a name that closes the sentence ("…挺利索啊老罗。", "别急嘛小李！").
_TAIL_CALL = re.compile(r"[\u3400-\u9fff](?:啊|呀|嘛|哈|哦|啦|呢)$")
# What follows it: a pause, or the 你 of the request itself ("老周你…").
# ("冰冰这个你熟"; "喂，菲菲？听得到吗？")
# ("凤英婶，…", "建国叔你…": a word of kin after the given name, as the young call their elders)
_CALL_RIGHT = re.compile(r"^(?:婶子?|姨|姑|叔|伯|嫂子?|奶奶|爷爷|阿姨|大姐|大哥)?(?:[，,：:？?！!]|你(?!们)|您|(?:这个|那个|这事儿?|这块)(?:你|您)(?!们))")
# A name said at the end of a request or question: "…这周能弄完吧，晓彤？"
# (or trailing off on whose side it now is: "…尾款月底付清，王先生这边……")
_CALL_END = re.compile(r"^(?:(?:这边|那边|你看|您看)[…\.。]*)?[？?。！!]?\s*$")
# A thank-you or a "麻烦你了" by name: the one thanked spoke the utterance before.
_THANKS = re.compile(r"(?:辛苦|谢谢|多谢|感谢|麻烦)(?:你了|你们了|了)?[，,\s]*$")
# The thanks said after the name: "好，小温辛苦。", "行，老周辛苦了".
_THANKED_AFTER = re.compile(r"(?:辛苦|受累)(?:了|啦|你了|您了)?(?:[。！!，,]|$)")
# The work handed back by name right after it was volunteered: "行，退货区老周弄。", "好，老范拿走。"
_ACK = re.compile(r"^(?:好的|好嘞|好|行|可以|那就|那|嗯|OK|ok)[，,\s]")
_TAKES = re.compile(r"^(?:你|您)?(?:来|去|弄|拿走|负责|管|跟|盯|接|做|办|出|写|发|签)")

# The speaker taking work on: "我来", "我去吧", "这个我来签", "我这边出方案", "我明天就去", "交给我".
_PLAN_VERB = ("来|去|负责|出|发|写|签|弄|做|办|跑|联系|打|订|买|约|改|交|催|问|盯|跟进|"
              "跟(?![^，,。！!？?]{1,5}?(?:吃|喝|睡|玩|坐))|"  # ("我跟小芸先吃" is no work)
              "整理|准备|安排|通知|"
              "更新|维护|培训|配置|设置|修改|上传|下单|采购|统计|汇总|核实|跟踪|落实|协调|沟通|回访|更换|维修|清理|打印|复核|盘点|"
              "处理|对接|看|查|提|修|拿|接|调|排|填|报|送|补|换|装|核|录|拍|取|找|试|审|刷|确认|核对|备|拆|检查|"
              "煮|包|洗|搬|贴|挂|印|剪|"  # (the household's jobs: "红鸡蛋我煮", "伴手礼我包了")
              "带(?!的|过)|"  # ("沙袋我带几个志愿者去弄"; "我带的组" is whose)
              "给(?=(?:你|您)们?(?:[，,。！!]|$|(?!说|讲|看|打个|举个)[^，,。！!？?]{1,8}(?:[，,。！!]|$)))")  # (the thing handed over: "字段清单五一前我给你们", "我周三给您终稿")
# When the speaker will do it, said between 我 and the verb ("我下午看", "我今天找他聊").
_WHEN = ("今天|今儿|明天|明儿|后天|今晚|明早|上午|下午|晚上|中午|待会儿?|一会儿?|等会儿?|回头|回去|下班前|这两天|"
         "周末|(?:下下|下|这|本)?(?:周|礼拜|星期)[一二三四五六日天]|这周|下周|这礼拜|下礼拜|"
         "(?:这个|下个|下下个)(?:礼拜|星期)[一二三四五六日天]?|(?:这个)?周末|(?:这个)?月中|"
         "(?:[一二三四五六七八九十\\d]{1,3}月)?[一二三四五六七八九十两\\d]{1,3}(?:号|日)|月底|月初|年底|节前|节后|"
         "(?:[一二三四五六七八九十两\\d]{1,3}点(?:半|钟)?)")  # ("我十点前报给监理")
# (an adverb may come between: "排班表我也重新调一下", "我再催一下")
# (the speaker's team taking it back, "我们组自己来", is the speaker's: they answer for it)
_I_PLAN = re.compile(rf"(?<![你他她给发跟让叫找问帮替])我(?:们(?:组|这边|部门|团队|科室|小组|科|队)?(?=自己))?(?!们)(?:这边|那边)?(?:"
                     rf"(?:也|再|先|还)?(?:自己|这边)?(?:重新|马上|赶紧|尽快|直接|亲自)?(?:得|要|会|可以)?(?!打算)(?:{_PLAN_VERB})"
                     # (for the one spoken to: "就业数据我帮你去要吧")
                     rf"|(?:帮|替)(?:你|您)们?(?:去|来)?(?:要|{_PLAN_VERB})"
                     # (done for them: "我给您出个报价"; "我给你看" shows something now)
                     rf"|(?:{_WHEN})?给(?:你|您)们?(?!看)(?:{_PLAN_VERB})"
                     # (a time before the verb of the work itself; "我下午去开会" is where they will be)
                     rf"|(?:也|再|先|还)?(?:{_WHEN}){{1,2}}(?:之?前|以前)?(?:再|先|就)?(?:自己|亲自)?(?:重新|马上|赶紧|尽快)?(?:在[\u3400-\u9fff]{{1,5}}?(?:里|上|那边|这边))?(?:给[^，,。！!？?我你您]{{1,8}}?(?:再|先)?(?!看))?(?!来|去)(?:{_PLAN_VERB}|[\u3400-\u9fff](?:掉|完|好)(?:了(?=[再就]?(?:报|发|交|给|送|传)))?(?![了过]))"
                     # (going to see a place by a day: "我周四去仓库看一下"; "我下午去开会" is only where they will be)
                     rf"|(?:{_WHEN}){{1,2}}(?:过来|过去|去|来)(?:[\u3400-\u9fff]{{0,3}}[场地库店厂间房楼边趟里院室])?(?:看一下|看看|查看|检查一下|核实一下)"
                     # (a 把 object: "那我把报名表改一下", "我明天把报名表改好", "我周四前把报名表改好"; "我把报名表改了",
                     # "我把X拿掉以后" report)
                     rf"|(?:也|再|先|还|就)?(?:{_WHEN}){{0,2}}(?:之?前|以前)?(?:再|先|就)?(?:把|将)(?!它们?[。！!，,]|$)(?![^，,。！!？?]*?(?:了|以后|之后|的时候)(?:[，,。！!？?]|$))"
                     # ("我跑一个完整实验就要一天半": how long it takes, no plan)
                     rf"|[^，,。！!？?我你他她们]{{0,6}}?就(?!是|行|好|算|够|对|不|要[一两二三四五六七八九十半几\d])"
                     # (what they mean to do, and when: "我想周四去酒店踩个点", "我打算把预算砍一半")
                     rf"|(?:打算|准备|想)(?:{_WHEN}){{1,2}}(?:之?前)?(?:就|先|再)?(?:去)?(?:把|给|{_PLAN_VERB}|[\u3400-\u9fff]{{1,4}}(?:一下|一趟|一次))"
                     rf"|(?:打算|准备)(?:先|再)?(?:把|{_PLAN_VERB}))")
_HANDED_TO_ME = re.compile(r"交给我(?!们)|包在我身上|算我的")
# Not a plan: the speaker's opinion, wish or doubt ("我觉得…", "我能去吗？").
# (a worry is no plan either: "对，我就担心这个")
# (nor how long a thing takes them: "我跑一个完整实验就要一天半")
_NOT_PLAN = re.compile(rf"我(?:觉得|想(?!(?:{_WHEN}))|看|怀疑|估计|猜|不|没|能|可以吗|来讲\?|来讲？)|我(?:也|就|最|还|一直)?(?:担心|害怕|怕|发愁|头疼)|"
                       # ("一直到六点我来了才合上": where the speaker went, done)
                       r"我(?:来|去|到)了才|"
                       # ("我到那儿的时候都已经停了": a time told, then what happened)
                       r"我[^，,。]{1,4}的时候(?=[^，,。]{0,3}?(?:都|已经|才))|"
                       # ("电话，我接一下": a call taken now, no work)
                       r"我(?:先|去)?接(?:一下|个)电话(?:[，,。！!—…\s]|$)|电话[，,]?\s*我(?:先|去)?接(?:一下|下)?(?:[，,。！!—…\s]|$)|"
                       # ("我就开个玩笑": said in jest)
                       r"开(?:个|了个)?玩笑|说着玩|随口(?:一)?说|随便说说|"
                       # ("我这边请的是社区的义工": which one it is, said of what the speaker has in hand)
                       rf"我(?:这边|那边)?(?:{_PLAN_VERB})的(?:就)?是|"
                       r"就(?:要|得)[一两二三四五六七八九十半几\d]+个?(?:小时|钟头|天|周|星期|礼拜|月|分钟)")
# A claim that names no work: "我来吧", "我去吧", "行，我来", "我发吧，今晚发".
# (the yes before it: "有有有，我下午看。", "没问题，我来。")
_ACK_WORDS = r"(?:那|那就|行|行吧|好|好的|好嘞|可以|嗯|成|没问题|OK|ok|(?:有)+)"
_BARE_CLAIM = re.compile(rf"^{_ACK_WORDS}?[，,]?(?:还是)?我(?:{_WHEN})?(?:就)?(?:来|去|{_PLAN_VERB})吧?[。！!，,]?$")
_CLAIM_ACK = re.compile(rf"^{_ACK_WORDS}$")


# Greeting someone who just came in: "阿芳来啦，…", "老周来了啊，…".
# Given the floor: "先来", "先说", "开始吧" — the one named speaks next.
_GOES_FIRST = re.compile(r"^(?:先|开始|接着)(?:来|说|讲|汇报)?(?:吧|一下)?(?:[，,。！!]|$)")
_ARRIVED = re.compile(r"^(?:你)?(?:也)?来(?:啦|了啊|了呀|了)(?:正好|刚好)?(?:[，,。！!]|$)")


def called(text: str, participants: Sequence[str]) -> str | None:
    """The participant ``text`` calls by name (a vocative: "思远，坐。", "何护士长，你今天…",
    "老周你…", "…吧，晓彤？"), the last one when it calls several; None when it only names people."""
    if not has_cjk(text):
        return None
    last = None
    for h in find_people(text, participants):
        before, after = text[: h.start], text[h.end :]
        if _at_call(before, after):
            last = h.name
        elif _ACK_CALL.search(before) and after.startswith("。"):  # ("好的孙科。先说…": a yes said to them)
            last = h.name
        elif _TAIL_CALL.search(before) and re.match(r"[。！!？?]", after):
            last = h.name  # ("你甩得挺利索啊老罗。": a sentence closed on a particle, then the one it is said to)
        elif not before.strip() and _ARRIVED.match(after):
            last = h.name  # ("阿芳来啦，那我先说两件事": greeted as they come in, then spoken to)
        elif (not before.strip() or re.search(r"[，,。！!]\s*$", before)) and _GOES_FIRST.match(after):
            last = h.name  # ("小彭先来，设备。": the one whose turn it is to report)
    if last is None:
        # ("…尾款月底付清，王先生这边……": a client on the line, called by surname and 先生 / 女士 / 小姐 — only
        # where a call stands, and only the one participant of that surname; elsewhere "张女士" is anyone)
        for m in _CLIENT_CALL.finditer(text):
            before, after = text[: m.start()], text[m.end() :]
            hits = [p for p in participants if p and p[0] == m.group("s") and has_cjk(p)]
            if len(hits) == 1 and _at_call(before, after):
                last = hits[0]
    return last


def _at_call(before: str, after: str) -> bool:
    """A name between ``before`` and ``after`` stands where a call does: opening a request ("思远，…",
    "老周你…") or alone at the end ("…季度报告。王芳？")."""
    return bool((_CALL_LEFT.search(before) and _CALL_RIGHT.match(after))
                or (re.search(r"[，,。！？!?]\s*$", before) and _CALL_END.match(after)))


_CLIENT_CALL = re.compile(r"(?P<s>[\u4e00-\u9fff])(?:先生|女士|小姐)")


_TITLES = "|".join(sorted(ADDRESS_WORDS, key=len, reverse=True))
_TITLE_CALL = re.compile(rf"^(?:(?:哎|诶|那个|嗯)[，,]?)?(?:{_TITLES})(?:[，,：:]|你|您)")


def calls_title(text: str, participants: Sequence[str]) -> bool:
    """``text`` opens by calling someone by a title alone ("站长，有个问题", "经理你看…"), a title
    that names no participant (李经理 would)."""
    m = _TITLE_CALL.match(text) if has_cjk(text) else None
    return m is not None and not any(h.start < m.end() for h in find_people(text, participants))


# "我？", "我啊？", "我吗？" opening a turn: the speaker was just named.
_ME_Q = re.compile(r"^(?:啊[，,]?)?我(?:啊|吗|呀)?[？?]")


def _acked(text: str, participants: Sequence[str]) -> str | None:
    """ "好的沈经理。那下一个…": the one a yes opening ``text`` is said to by name, before the
    sentence closes."""
    m = re.match(r"(?:好的|好|行|嗯|收到|明白)[，,\s]*", text)
    hits = find_people(text, participants) if m else []
    if hits and hits[0].start == m.end() and re.match(r"[。！!，,]", text[hits[0].end :]):
        return hits[0].name
    return None


def thanked(text: str, participants: Sequence[str]) -> str | None:
    """ "好，辛苦老周。" / "那就麻烦晓彤了" / "谢谢佳怡": the one participant thanked by name."""
    if not has_cjk(text):
        return None
    names = {h.name for h in find_people(text, participants) if _THANKS.search(text[: h.start])
             or (_ACK_CALL.search(text[: h.start]) and _THANKED_AFTER.match(text, h.end))}
    return next(iter(names)) if len(names) == 1 else None


def handed_back(text: str, participants: Sequence[str]) -> str | None:
    """ "行，退货区老周弄。" / "好，老范拿走。": an agreement that names who takes the work just
    offered — the one participant named, right before a verb of taking it."""
    if not has_cjk(text) or not _ACK.match(text):
        return None
    hits = find_people(text, participants)
    if len({h.name for h in hits}) != 1:
        return None
    h = hits[0]
    return h.name if _TAKES.match(text[h.end :]) else None


def plans(text: str) -> bool:
    """The utterance takes work on in the first person ("好，合同我来签", "我这边出方案")."""
    if not has_cjk(text) or _NOT_PLAN.search(text):
        return False
    return bool(_I_PLAN.search(text) or _HANDED_TO_ME.search(text))


def bare_claim(text: str) -> bool:
    """ "我来吧。" / "行，我去。": taking the work just said without naming it."""
    first = re.split(r"[，,](?!$)", text.strip(), maxsplit=1)
    head = first[0] if len(first) == 1 or not _CLAIM_ACK.match(first[0]) else (
        first[0] + "，" + re.split(r"[，,]", first[1])[0])
    return has_cjk(text) and bool(_BARE_CLAIM.match(head.strip()))


_CLAIMED_VERB = re.compile(rf"^(?:那|那就|行|好|好的|可以|嗯)?[，,]?(?:还是)?我(?:来|去)(?P<v>{_PLAN_VERB})吧?(?:[。！!，,]|$)")


def claimed_verb(text: str) -> str:
    """ "我来订。" / "行，我去问吧": the verb of a claim that names no work ("" when it is none)."""
    m = _CLAIMED_VERB.match(text.strip()) if has_cjk(text) else None
    return m.group("v") if m and m.group("v") not in ("来", "去") else ""


def as_said_by(text: str, name: str) -> str:
    """ "好，合同我来签" said by 沈佳怡 → "好，合同沈佳怡来签" (for reading only): the 我 of a plan is
    the speaker; 我们 and the 我 of "发我" stay."""
    text = _HANDED_TO_ME.sub(lambda m: m.group(0).replace("我", name), text)
    # (what they mean to do is read as what they will do: "我想这周给老师做一次培训")
    return _I_PLAN.sub(lambda m: name + re.sub(r"^(?:们[^自]*(?=自己))?(?:想|打算|准备)?", "", m.group(0)[1:]), text)


def sentence_said_by(sent: Sentence, name: str) -> Sentence:
    """``sent`` with each clause read as said by ``name`` (``as_said_by``); the pieces, hence the
    quote, stay as said."""
    return Sentence(tuple(replace(c, text=as_said_by(c.text, name)) for c in sent.clauses), sent.index)


def you_as(text: str, name: str) -> str:
    """ "你去查一下校准记录吧" said to 陈思远 → "陈思远你去查一下校准记录吧" (for reading only): the
    你 of a request (not 你们) names the one spoken to, kept before it as a call would be."""
    return re.sub(r"(?<![你我他她])(?=你(?!们|好|说|看|知道))", name, text, count=1)


def other(name: str, participants: Sequence[str]) -> str | None:
    """The other participant of a two-person meeting."""
    rest = [p for p in participants if p and p != name]
    return rest[0] if len(participants) == 2 and len(rest) == 1 else None


_ALTERNATE = 3  # how many turns back an exchange is followed, turn by turn
# …in a two-person meeting, where the chain is one call per turn and turns alternate unless a pause
# cut one (the pause-cut tests hold that cost)
_ALTERNATE_1TO1 = 6
# How many turns back a two-person call's turns are counted from a call by name: as far as the step
# shows (its window and the meeting's opening); a 你 read from such a count is trusted only near
# where the speaker is named (``replies._TURNS_TRUSTED``).
_COUNTED_BACK = 100


def followed_back(participants: Sequence[str]) -> int:
    """How many turns back who speaks is followed in a meeting of ``participants``."""
    return _ALTERNATE_1TO1 if len(participants) == 2 else _ALTERNATE


def _day_echoed_to(after: str, said: str, participants: Sequence[str]) -> str | None:
    """The one participant the next utterance calls while saying the plan's day back to them ("我周四
    把样品寄过去。" "好，孙工，周四我在厂里等你。"): the one who made the plan; None otherwise."""
    name = called(after, participants)
    # (said back after the name: "好，周五。小林，你那边呢？" only takes the day, then calls the next one)
    at = next((h.end for h in find_people(after, participants) if h.name == name), None)
    if at is None or re.search(r"[不别没]|[吗嘛][？?]?$", after[at:]):
        return None  # (said back to object, "…你那天不是要出差吗？", the plan may pass to someone else)
    return name if at is not None and any(h.text in after[at:] for h in lx.dates(said)) else None


def speaker(seq: int, heard: Mapping[int, str], participants: Sequence[str],
            asked_of: Callable[[int], str | None] | None = None, depth: int | None = None) -> tuple[str | None, int]:
    """Who says utterance ``seq`` and the utterance that names them, or (None, seq - 1).

    In order: the person the utterance before calls by name or asks for work (they answer),
    unless this one calls them itself, or it then asks something of another participant whose yes
    with a plan this is ("郭主任，…得蒋医生那边给我们一份说明。" "可以，我回去写。"); the person
    thanked or handed the work by name right after a plan; in a two-person meeting, the other of the one this utterance calls, else the other of
    whoever said the utterance before (turns alternate, followed at most ``depth`` turns back); the
    one a question names, or asks for help by name, says the plan right after it (``asked_about``).
    ``asked_of(s)``: the person a request with 你 in utterance ``s`` asked, when the analyzer knows.
    The utterance returned is 0 when none heard names the speaker (the ledger keeps an owner only
    when a cited utterance says them, so such a speaker owns nothing; their 你 still tells who is
    spoken to)."""
    if depth is None:
        depth = followed_back(participants)
    said = heard.get(seq)
    if said is None or not has_cjk(said):
        return None, seq - 1
    mine = called(said, participants)
    if (me := self_named(said, participants)) is not None:
        return me, seq  # ("发票交给我老邱": the speaker names themself)
    before = heard.get(seq - 1)
    if before and _WAS_ME.match(said) and (did := _did_it(before, participants)) is not None:
        # "这批货当时是老何订的吧？" "对，是我订的，…": the one said to have done it owns up
        return said_where(did, seq - 1, heard, participants)
    name = called(before, participants) if before else None
    if name is None and before and asked_of is not None:
        name = asked_of(seq - 1)
    if (name is None and before and depth > 0 and mine is None and _YES_I.match(said) and _TOLD_YOU.search(before)
            and not plans(before) and not find_people(before, participants) and not find_people(said, participants)):
        # "…主任，这个要报备吗？" "要的，你先去问一下街道。" "行，那我明天把材料交过去。": a yes with a plan
        # right after a request to 你 that names nobody is said by the one that 你 was — who spoke before it
        told, at = speaker(seq - 2, heard, participants, asked_of, depth - 1)
        if told is not None and speaker(seq - 1, heard, participants, asked_of, depth - 1)[0] != told:
            return told, at
    if name is None and before and _ME_Q.match(said) and len(named := {h.name for h in find_people(before, participants)}) == 1:
        # ("…让小许去吧。" "我？…行吧，那我去。": the one just named answers, surprised)
        return said_where(named.pop(), seq - 1, heard, participants)
    if before and mine is None and (echo := _echoed(before, said, participants)) is not None and echo != name:
        # "…隐私政策由雨婷主笔，但她需要任工那边给一份数据字段清单…" "字段清单五一前我给你们。": the
        # reply opens with the thing asked of one of those named, and takes it on — theirs
        return said_where(echo, seq - 1, heard, participants)
    # The one thanked or handed the work by name right after a plan, whom the plan itself does not name.
    after = heard.get(seq + 1)
    took = (thanked(after, participants) or handed_back(after, participants) or _day_echoed_to(after, said, participants)
            or _acked(after, participants)) if after is not None and plans(said) else None
    if took is not None and (took == mine or took in {h.name for h in find_people(said, participants)}):
        took = None
    if (took is not None and name is not None and name != mine and took != name and before
            and any(h.name == took for h in find_people(before, participants))):
        # "周总，我这周排不开，小温之前做过，她熟。" "行，那我来做。" "好，小温辛苦。": the one put
        # forward takes it on, thanked right after — not the one called
        return took, seq + 1
    if name is not None and name != mine and before and (then := _then_asked_of(before, name, participants)) and (
            then != mine and _YES_I.match(said)):
        # "郭主任，PPT我们来做，但是经过那段得韩护士长那边给我们一个时间线。" "可以，我回去写给你。":
        # the yes is from the one asked for something after the call
        return said_where(then, seq - 1, heard, participants)
    if name is not None and name != mine:
        return said_where(name, seq - 1, heard, participants)
    if name is None and before and mine is None and calls_title(before, participants):
        return None, seq - 1  # ("站长，有个问题，…？": the one called by a title alone answers, nobody named)
    if took is not None:
        return took, seq + 1
    if before and mine is None and plans(said) and not find_people(said, participants):
        name = asked_about(before, participants)
        if name is not None:
            return name, seq - 1
    if (before and (mine is None or _answers_yes_no(before, said)) and _ASKS.search(before) and not find_people(before, participants)
            and not _NEW_MATTER.search(before)):
        # "志强，退货率多少？" "百分之十二。" "是不是批次问题？" "不确定，…": a follow-up question with no
        # name, right after the answer of the one called, is put to them again (asked anywhere in
        # the turn: "十一点？那搭到几点啊，灯光架都要两个钟……").
        answered, asking = heard.get(seq - 2), heard.get(seq - 3)
        name, at = (called(asking, participants), seq - 3) if asking else (None, 0)
        if name is None and depth > 0 and answered:
            # (or whoever answered the question before it: "合格率多少？" "九成。" "返工的呢？" "…")
            name, at = speaker(seq - 2, heard, participants, asked_of, depth - 1)
        # (the answer may call the one who asked: "好的孙老师。…")
        if (name is not None and name != mine and answered and not _QUESTION_END.search(answered)
                and not any(h.name != called(answered, participants) or h.name == name for h in find_people(answered, participants))):
            return said_where(name, at, heard, participants)
    if (depth > 0 and before and len(participants) > 2 and mine is None and not find_people(said, participants)
            and not find_people(before, participants) and not _NEW_MATTER.search(before)):
        # "阿芳来啦，我说两件事。" "嗯，你说。" "第一个，…" "又坏了？": two people talk turn by turn until
        # someone else is named — the one called goes on after the other's remark (not after a
        # question that opens another matter, "好。还有停车的事，…要不要改？", put to the room)
        two, _ = speaker(seq - 2, heard, participants, asked_of, depth - 1)
        if two is not None and speaker(seq - 1, heard, participants, asked_of, depth - 1)[0] is None and (
                called(heard.get(seq - 3, ""), participants) == two):
            return said_where(two, seq - 1, heard, participants)
    return alternating(seq, mine, heard, participants, asked_of, depth, speaker, called)


_QUESTION_END = re.compile(r"[？?]\s*$")
# A question that opens another matter ("好。还有菜价，…补贴要不要调？") is put to the room, not a follow-up.
_NEW_MATTER = re.compile(r"(?:^|[。！？!?]\s*)(?:好的?|行|嗯)?[，,。]?\s*(?:还有|另外|然后|接下来|下一个|再就是)")
# A yes-no question said as A-not-A ("够不够", "行不行", "有没有"): the word A.
_A_NOT_A = re.compile(r"(?P<a>[\u3400-\u9fff])(?:不|没)(?P=a)")


# A reply that opens with a thing, then the speaker taking it on: "字段清单五一前我给你们".
_THING_THEN_I = re.compile(r"^(?P<thing>[\u3400-\u9fffA-Za-z]{2,8}?)(?:这边|那边|的话|呢)?(?=我(?!们|觉得|看|想|说))")


# What a clause asks of the person it names right after them: "任工你们来做", "任工那边给一份…", "亮哥牵头".
_ASKED_THEM = re.compile(r"^(?:那边|这边)?(?:你|您)|^(?:那边|这边)(?:给|提供|出)|^(?:来|去)?(?:负责|牵头|跟进|来做|来弄)")


# Owning up to a thing done: "对，是我订的", "是我写的".
_WAS_ME = re.compile(r"^(?:哦|噢|啊|嗯)?[，,]?(?:对|对对|是的|没错)?[，,]?(?:那个|这个)?是我[\u3400-\u9fff]{1,3}的")


def _did_it(text: str, participants: Sequence[str]) -> str | None:
    """The one participant ``text`` says did a thing ("…当时是老何订的"), or None."""
    names = {h.name for h in find_people(text, participants)
             if text[max(0, h.start - 1) : h.start] == "是" and re.match(r"[\u3400-\u9fff]{1,4}的", text[h.end :])}
    return names.pop() if len(names) == 1 else None


def _echoed(before: str, said: str, participants: Sequence[str]) -> str | None:
    """The one participant whose clause of ``before`` holds the thing the reply opens with and
    takes on in the first person; None when none or more than one does."""
    head = re.split(r"[，,。！!？?；;]", said.strip(), maxsplit=1)[0]
    head = lx.without_dates(head)
    m = _THING_THEN_I.match(head)
    if not m or re.search(r"[你他她它这那好行嗯对]", m.group("thing")):
        return None
    thing = m.group("thing")
    # (asked of them, not said of them: "老钱说这个月要交报告" is what he said)
    owners = {h.name for c in re.split(r"[，,。！!？?；;]", before) if thing in c for h in find_people(c, participants)
              if _ASKED_OF.search(c[: h.start]) or re.search(r"(?:让|叫)$", c[: h.start]) or _ASKED_THEM.match(c[h.end :])}
    return next(iter(owners)) if len(owners) == 1 else None


def _answers_yes_no(question: str, said: str) -> bool:
    """ "那够不够堵车库口？" "堵一个口子够了。马主任你放心，…": the reply's first sentence gives the
    A of an A-not-A question — it answers it, whoever it then calls by name."""
    m = _A_NOT_A.search(question)
    return m is not None and m.group("a") in re.split(r"[。！!？?]", said, maxsplit=1)[0]
_ASKS = re.compile(r"[？?]")
# Something asked of a person named after the call: "得韩护士长那边给我们…", "需要小雯配合一下".
_ASKED_OF = re.compile(r"(?:得|要|需要|请|麻烦)$")
_ASKED_WHAT = re.compile(r"^(?:那边|这边|那儿)?(?:给|帮|配合|出|提供|发|写|补)")
# A yes with the speaker's own plan: "可以，我回去写给你。"
_YES_I = re.compile(r"^(?:可以|行|好的?|没问题|OK|ok)[，,。！!\s]*(?:那)?我")
# A request put to 你 (one person), said as an order: "你回去查一下", "你先跟他讲"
_TOLD_YOU = re.compile(r"你(?!们|说|看|觉得|知道|放心|别|不|也是|是)(?:先|再|回去|去|就|明天|今天|下午|马上)?(?:把|去|跟|问|查|翻|催|找|打|联系|核|看一下|弄)")


def _then_asked_of(text: str, called_one: str, participants: Sequence[str]) -> str | None:
    """The one other participant ``text`` asks something of after calling ``called_one``."""
    asked = {h.name for h in find_people(text, participants)
             if h.name != called_one and _ASKED_OF.search(text[: h.start]) and _ASKED_WHAT.match(text[h.end :])}
    return next(iter(asked)) if len(asked) == 1 else None


# Asking something of a person named in passing: "…，需要小雯那边配合一下", "请老钱帮个忙".
_HELP_OF = re.compile(r"^(?:那边|这边|那儿|这儿)?(?:配合|帮忙|帮个忙|帮一下|支持|协助)")


def asked_about(text: str, participants: Sequence[str]) -> str | None:
    """The one participant ``text`` names without calling, when it asks about them or of them
    ("横幅谁订？去年是老钱订的吧？", "我需要小雯那边配合一下，把台账发我。"): a plan said right after,
    naming nobody, is theirs ("对，我来订", "台账我下午就发你")."""
    if not has_cjk(text):
        return None
    hits = find_people(text, participants)
    if len({h.name for h in hits}) != 1:
        return None
    if re.search(r"(?:[？?]|吧[。.！!]?)\s*$", text) or any(_HELP_OF.match(text[h.end :]) for h in hits):
        return hits[0].name
    return None


def alternating(seq: int, mine: str | None, heard: Mapping[int, str], participants: Sequence[str],
                asked_of: Callable[[int], str | None] | None, depth: int,
                speaker_of: Callable[..., tuple[str | None, int]],
                calls: Callable[[str, Sequence[str]], str | None] | None = None) -> tuple[str | None, int]:
    """Who says ``seq`` in a two-person meeting, shared by both languages: the other of ``mine`` (the
    one this utterance calls), else the other of whoever said the utterance before as
    ``speaker_of`` tells (followed ``depth`` turns back), else (``calls``: who an utterance calls by
    name) counted from the nearest turn heard that calls one of them; (None, seq - 1) in larger
    meetings."""
    if len(participants) != 2:
        return None, seq - 1
    if mine is not None:
        return said_where(other(mine, participants), seq, heard, participants)
    if depth > 0 and heard.get(seq - 1) is not None:
        prev, _ = speaker_of(seq - 1, heard, participants, asked_of, depth - 1)
        if prev is not None:
            return said_where(other(prev, participants), seq, heard, participants)
    if calls is not None and depth == followed_back(participants):
        # (past how far turns are followed one by one: the nearest turn heard that calls one of
        # the two by name, and turns taken in strict alternation since — a call's names are said
        # at its opening, long before the work)
        for s in sorted((s for s in heard if seq - _COUNTED_BACK <= s < seq), reverse=True):
            if (to := calls(heard[s], participants)) is not None:
                then = other(to, participants)
                return said_where(then if (seq - s) % 2 == 0 else to, seq, heard, participants)
    return None, seq - 1


# The speaker naming themself after 我: "交给我老邱", "我老邱说话算话", "我小宁来", "我老孟亲自跑一趟",
# "我老孟给你们出个方案".
_SELF_AFTER = re.compile(r"[，,。！!]|$|来|去|负责|说话|保证|担保|亲自|自己|给|就|一定|肯定|马上")


# Who the speaker says they are, as on a phone call: "喂，我是物业的小蔡。", "我叫陈晨，新来的。"
_INTRODUCED = re.compile(r"(?:^|[，,。！!？?\s])(?:你好|您好)?[，,]?我(?:是|叫)(?:[^，,。！!？?的]{1,10}的)?$")
_INTRODUCED_END = re.compile(r"[啊呀哈]?(?:[，,。！!？?]|$)")


def _self_hits(text: str, participants: Sequence[str]) -> list:
    """The hits of participants said right after 我 and before a pause or a verb of taking on."""
    return [h for h in find_people(text, participants)
            if (h.start and text[h.start - 1] == "我" and _SELF_AFTER.match(text, h.end))
            or (_INTRODUCED.search(text[: h.start]) and _INTRODUCED_END.match(text, h.end))]


def self_named(text: str, participants: Sequence[str]) -> str | None:
    """The one participant ``text`` says right after 我 ("发票交给我老邱"), as the speaker's own
    name; None when it names nobody so."""
    names = {h.name for h in _self_hits(text, participants)}
    return names.pop() if len(names) == 1 else None


def without_self_name(text: str, participants: Sequence[str]) -> str:
    """``text`` with the name the speaker gives themself after 我 left out ("发票交给我老邱" →
    "发票交给我"), for reading their plan."""
    for h in reversed(_self_hits(text, participants)):
        text = text[: h.start] + text[h.end :]
    return text


def said_where(name: str | None, seq: int, heard: Mapping[int, str], participants: Sequence[str]) -> tuple[str | None, int]:
    """``name`` and the latest utterance up to ``seq`` that names them (0 when none does: the one
    a two-person turn gives is known without being named)."""
    for s in sorted((s for s in heard if s <= seq), reverse=True):
        if name and any(h.name == name for h in find_people(heard[s], participants)):
            return name, s
    return name, 0


_WHO_OPENS = re.compile(r"^(?:那么|那个|这个|那|还有|另外|然后|这些|这事儿?)+")


def asked_who(text: str) -> str | None:
    """The work a "who will do it?" question names: "那盘点表谁出？" → 盘点表, "退货区堆满了，谁理？"
    → the clause before (the matter the question points at); None when it asks no one."""
    if not has_cjk(text) or not re.search(r"谁[^，,。？?！!]*[？?]", text) or lx.RHETORICAL.search(text):
        return None
    parts = [c.strip() for c in re.split(r"[，,。？?！!；;]", text) if c.strip()]
    for i, c in enumerate(parts):
        if "谁" in c:
            topic = _WHO_OPENS.sub("", c[: c.index("谁")]).strip() or (parts[i - 1] if i else "")
            if i >= 2 and topic == parts[i - 1] and _states(topic):
                # "还有二楼那台复印机，现在卡纸卡得厉害，谁找人修一下？": the clause before only says how
                # the matter is; the matter is the noun phrase said before that
                matter = _WHO_OPENS.sub("", parts[i - 2]).strip()
                topic = matter if mentions.content(matter) >= 2 and not _states(matter) else topic
            if not topic and (m := _WHO_DOES.match(c[c.index("谁") :])) and mentions.content(m.group("w")) >= 2:
                return ex.clean_title(m.group("w")) or None  # ("谁给供货商打个电话问一下？": the work asked after 谁)
            return ex.clean_title(topic) or None
    return None


# "谁<work>": someone asked to do the work said after it (not "谁不想…", "谁知道…", "谁说了算").
_WHO_DOES = re.compile(r"谁(?:来|去|能|可以|有空|负责|帮忙)?(?!不|没|知道|晓得|说|会|想|让|叫|是|在|的)(?P<w>[\u3400-\u9fffA-Za-z0-9]{3,20})$")


def _states(clause: str) -> bool:
    """The clause ends by saying how a thing is (…乱七八糟的 / …堆满了 / …挺好), not by naming it."""
    said = mentions.words(clause)
    return bool(said) and said[-1][1] in ("uj", "ul", "y", "a", "i", "l")
