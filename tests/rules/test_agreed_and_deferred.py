"""How a third writer's meetings decide things and leave them open (s6dq): decisions reached by
agreement across turns (A proposes, B agrees, A closes), "let's do / we'll go with / X it is / I'm
fine with X", a number, date or venue fixed; questions put off ("回头再说", "再想想", "要问一下X再定",
"I'm not sure yet", "let me think about it", "we need to figure out…"), also when the matter was
only laid out as options, never asked; and what is neither (rhetorical questions, requests asked as
questions, questions answered at once). Sentences written for these tests, in many domains — none
is taken from the corpus."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import decisions_in, questions_in

DECIDED = [
    # A proposal, an agreement, and the proposer closing it.
    (["周年庆要不要办成自助餐？", "行，我觉得可以。", "那就这么办。"], ["自助餐"]),
    (["我提议年会放在周六晚上。", "没问题。", "好，那就这么定了。"], ["周六晚上"]),
    (["周报改成双周报，行不行？", "行。", "那就这么办。"], ["双周报"]),
    # A proposal agreed to in the next turn.
    (["我建议报销全部换成电子发票。", "同意。"], ["电子发票"]),
    (["那家长会改到下周四下午，大家没问题吧？", "没问题。"], ["下周四"]),
    (["保洁改成一周两次，可以吧？", "可以。"], ["一周两次"]),
    (["I propose we move the book club to Thursdays.", "Agreed.", "Great, let's do that."], ["Thursdays"]),
    (["So the kickoff is on the 12th at the library. Okay?", "Works for me.", "Great, that's settled."], ["library"]),
    # A number, date or venue fixed.
    (["展台就定在三号馆入口。"], ["三号馆"]),
    (["团建就定在周六上午，去郊野公园。"], ["周六上午"]),
    (["装修预算按八万五的来。"], ["八万五"]),
    (["押金就按两个月房租收。"], ["两个月"]),
    (["The ticket price is fixed at forty dollars a head."], ["forty dollars"]),
    # Said as the way we go.
    (["咱们就用腾讯会议吧，省得再装软件。"], ["腾讯会议"]),
    (["那这次体检就去市一院。"], ["体检"]),
    (["Let's do the team lunch at Rosie's."], ["Rosie"]),
    (["Sounds like we're doing the picnic on Sunday then."], ["picnic"]),
    (["We'll go with the ten o'clock slot for the recital."], ["ten o'clock"]),
    (["Let's go ahead with the second quote, the one from Harbor Roofing."], ["Harbor"]),
    (["Okay, we're doing the fundraiser in the gym."], ["gym"]),
    (["We're switching to biweekly payroll starting in March."], ["biweekly payroll"]),
    (["We're going ahead with the roof repair this summer."], ["roof repair"]),
    (["We're dropping the Tuesday shuttle, nobody rides it."], ["Tuesday shuttle"]),
    (["How about we hold the retreat in Tahoe?", "I'm fine with Tahoe.", "Okay, Tahoe it is."], ["Tahoe"]),
    # A choice answered at once, also with a firm no that says the verb asked.
    (["那茶歇要不要准备水果？", "不准备了，会议只开一个小时。"], ["茶歇"]),
    (["Should we cap the raffle at two hundred tickets?", "Yes, two hundred is plenty."], ["raffle"]),
]

NOT_DECIDED = [
    ["我觉得八千八的就够了。"],
    ["要不这次就别请乐队了？"],
    ["Maybe we go with the cheaper tent."],
    ["I'd go with the blue one, but it's up to you."],
    ["行吧，我回去问问。"],
    ["张伟，你能不能把场地定一下？", "可以。"],
    ["Bob, could you book the venue for Friday?", "Sure thing."],
    # A no that does not say what was asked leaves the proposal alone.
    ["要不要请乐队？", "太贵了吧。"],
    ["要不要把运动会改到周六？", "好，可以考虑，不过得看场地。"],
]

LEFT_OPEN = [
    (["年底要不要涨会员费？", "这个回头再说。"], ["会员费"]),
    (["装修用木地板还是瓷砖？", "再想想吧，两种都有道理。"], ["木地板"]),
    (["要不要给志愿者发补贴？", "看情况吧，得看赞助到不到位。"], ["补贴"]),
    (["春游去哪儿？", "先放一放，天气还不稳定。"], ["春游"]),
    (["明年的体检要不要换医院？", "我要问一下财务再定。"], ["体检"]),
    (["展会的展位选A区还是C区？", "这个我考虑一下，先问问主办方的价格。"], ["展位"]),
    (["新店的选址还没定，下周再看。"], ["选址"]),
    # Options laid out, never asked, then put off.
    (["再说车辆，租大巴的话一天两千，自驾的话油费另算。", "那再想想吧，回去问问家里人。"], ["车辆"]),
    (["接下来是奖金，一种是按业绩分，一种是平分。", "这个先放一放，等年报出来再说。"], ["奖金"]),
    (["Are we renting the big tent?", "I'm not sure yet."], ["tent"]),
    (["What do we do about the parking?", "Let me think about it."], ["parking"]),
    (["Will the caterer do vegan options?", "We'll see."], ["vegan"]),
    (["Who's paying for the bus?", "TBD, honestly."], ["bus"]),
    (["We need to figure out whether the gala is indoors or outdoors."], ["gala"]),
    (["Is the bake sale still on for May?", "Not sure yet, I need to check with the school first."], ["bake sale"]),
    (["Next, the logo colours. Green or orange?", "Let's leave that for now."], ["logo"]),
    # The matter said with the one asked about it, and a yes that only hedges.
    (["停车费的标准我先问一下物业再定。"], ["停车费"]),
    # Put off to a later talk is no move to a set point.
    (["宿舍调整要不要现在做？", "先放一放，放到下次会上讨论。"], ["宿舍"]),
    (["要不要把运动会改到周六？", "好，可以考虑，不过得看场地。"], ["运动会"]),
    (["年夜饭在家吃还是去饭店？", "还没想好，到时候再说。"], ["年夜饭"]),
    (["毕业旅行去云南还是去海南？", "我拿不定主意，想先听听班主任的意见。"], ["毕业旅行"]),
    (["Do we renew the insurance with the same broker?", "Let's decide that next month."], ["broker"]),
    (["Are we changing the uniform supplier?", "I'll get back to you on that."], ["uniform"]),
]

NOT_OPEN = [
    ["谁不想早点下班呢？", "哈哈，是啊。"],
    ["王强，你能帮我把投影仪搬过来吗？", "好的，马上。"],
    ["周五的会议室订了吗？", "订好了，三楼那间。"],
    ["大家觉得这个方案怎么样？", "挺好的，我没意见。"],
    ["Isn't it great that we finished early?", "It really is."],
    ["Could you forward me the minutes, Bob?", "Sure thing."],
    ["Did anyone book the bus?", "Yes, Carol did it yesterday."],
    ["Are we still doing the Friday demo?", "Yes, same time as always."],
    # Thinking aloud before an answer puts nothing off.
    ["When can you have the draft ready, Bob?", "Let me think. Friday."],
    ["张伟，报价什么时候能给？", "我想一下……周五吧。"],
]


@pytest.mark.parametrize(("utterances", "words"), DECIDED)
def test_decided(utterances, words):
    found = decisions_in(utterances)
    assert all(any(w in d for d in found) for w in words), found


@pytest.mark.parametrize("utterances", NOT_DECIDED)
def test_not_decided(utterances):
    assert decisions_in(utterances) == []


@pytest.mark.parametrize(("utterances", "words"), LEFT_OPEN)
def test_left_open(utterances, words):
    found = questions_in(utterances)
    assert all(any(w in q for q in found) for w in words), found


@pytest.mark.parametrize("utterances", NOT_OPEN)
def test_not_open(utterances):
    assert questions_in(utterances) == []
