"""A broad table of how people state decisions and leave questions open (s5dq), in many domains and
both languages: explicit cues, rules laid down, consent after a discussion, a choice answered at
once, a motion voted through; what is no decision (hedges, proposals, questions, tasks); a later
decision on another matter never overwrites an earlier one; questions left open by deferral and
closed by a later decision. The sentences are written for these tests, not taken from the corpus."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import decisions_in, questions_in


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        # Explicit cues.
        (["我们决定下个月起改用钉钉打卡。"], ["钉钉"]),
        (["年会场地定了，就在滨江酒店。"], ["滨江酒店"]),
        (["预算上限五万，就这么定。"], ["五万"]),
        (["这事老板已经拍板了，门店统一周一闭店。"], ["周一闭店"]),
        (["定价就定在九十九元。"], ["九十九"]),
        (["We'll go with the cheaper vendor."], ["cheaper vendor"]),
        (["Agreed, the launch moves to March 3rd."], ["March 3rd"]),
        (["We decided to close the Denver office."], ["Denver"]),
        (["Final call: no new features after the freeze."], ["freeze"]),
        (["The plan is to ship the beta on Monday."], ["beta"]),
        (["The conclusion is we stay with AWS."], ["AWS"]),
        (["Let's settle on blue for the logo."], ["blue"]),
        (["Everyone's on board with the four-day week, so that's what we'll do."], ["four-day week"]),
        (["Okay, so we're keeping the Friday standup."], ["Friday standup"]),
        # Rules laid down for everyone from now on.
        (["以后报销一律走线上系统。"], ["线上系统"]),
        (["原则上实习生不参与夜班。"], ["夜班"]),
        (["文件命名统一用日期加项目名。"], ["日期加项目名"]),
        (["从下周起，所有合同都必须双人复核。"], ["双人复核"]),
        (["最终方案是保留旧版入口。"], ["旧版入口"]),
        (["这个问题不用再讨论了，维持原来的排班。"], ["排班"]),
        (["大家都同意，发布会放在十月十号。"], ["十月十号"]),
        (["今年咱们这么定：仓库周末不开门。"], ["周末不开门"]),
        (["Going forward, all invoices need two signatures."], ["two signatures"]),
        (["From now on, code reviews happen before noon."], ["code review"]),
        (["As a rule, nobody deploys on Fridays."], ["deploy"]),
        # The conclusion announced, then said.
        (["那就这么定了，物业费统一按季度收。"], ["按季度收"]),
        # Consent after a discussion picks the option.
        (["用A方案还是B方案？", "我觉得B好一点。", "行，那就B方案吧。"], ["B方案"]),
        (["周会改到周四还是周五？", "周四吧，周五大家都想早走。", "好，那就周四。"], ["周四"]),
        (["我推荐的那个刘师傅下周有空。", "太好了，那就定刘师傅。"], ["刘师傅"]),
        (["Do we print or go digital?", "Digital, it's cheaper.", "Fine, digital it is."], ["igital"]),
        # A yes/no or choice question answered at once with a yes or a change.
        (["周日那场友谊赛还踢吗？", "踢。不过换个时间，改到下午三点。"], ["友谊赛", "下午三点"]),
        (["消防演练还是月底吗？", "消防演练改到下月五号，月底物业排满了。"], ["消防演练", "下月五号"]),
        # Confirmed after the fact, past votes and a tag asking for agreement.
        (["Then the motion: a 5% raise for all drivers. All in favour?", "Aye.", "Aye.", "Carried."], ["5% raise"]),
        (["And the entry fee stays at twenty dollars, right? Good, that's final."], ["twenty dollars"]),
        (["午休改成一个半小时。", "定了定了。"], ["一个半小时"]),
        # Two decisions on different matters both stay.
        (["快递用顺丰，就这么定。", "包装用纸箱，就这么定。"], ["顺丰", "纸箱"]),
        (["报销就按新标准来。", "差旅就按老标准来。"], ["新标准", "老标准"]),
        (["We decided the offsite is in May.", "We also decided the offsite budget is capped at 20k."], ["May", "20k"]),
        (["The plan is to launch in May.", "Bob will do the slides. That's the plan."], ["launch in May"]),
        # A decision beside a hedge in another clause, and beside a task.
        (["We could argue about it all day, but we'll go with the red cover."], ["red cover"]),
        (["我们决定用飞书。张伟负责下周一之前把账号开好。"], ["飞书"]),
        (["We'll go with Zoom. Bob, please set up the accounts by Friday."], ["Zoom"]),
    ],
)
def test_decision_is_kept(utterances, words):
    found = decisions_in(utterances)
    assert all(any(w in d for d in found) for w in words), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["要不我们换个供应商？"],
        ["我觉得可以考虑改成双周会。"],
        ["Maybe we should move the launch."],
        ["Should we go with the cheaper vendor?"],
        ["张伟负责把合同定下来。"],
        ["We might switch to weekly releases, but nothing is decided."],
        ["We haven't decided on the venue."],
        ["报销的事大家同意就好。"],
        # Consent with nothing asked or proposed before it decides nothing.
        ["那就按三百一份的标准订餐吧。"],
        # A "no" to a proposal is left alone: the proposal is not what was decided (a "no" that says
        # the verb asked, "不请，太贵了。", is a decision: see test_agreed_and_deferred.py).
        ["要不要请乐队？", "没必要，太贵了。"],
    ],
)
def test_no_decision(utterances):
    assert decisions_in(utterances) == []


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["要不要给客户打折？", "嗯，回头再议吧。"], ["打折"]),
        (["停车位怎么分？", "这个问题比较复杂，我们改天再讨论。"], ["停车位"]),
        (["培训经费从哪出？", "先放着，等领导回来再定。"], ["培训经费"]),
        (["婚宴菜单选哪套？", "那再想想吧，回去跟爸妈商量一下。"], ["菜单"]),
        (["Are we hiring a second designer?", "Hmm.", "Not sure, let's see what the budget looks like."], ["designer"]),
        (["What's the plan for the holiday party?", "Good question. Let's table that."], ["holiday party"]),
        (["Should we switch to a four-day week?", "That's a bigger conversation, let's take it offline."],
         ["four-day week"]),
        (["Is the new pricing going live in Q3?", "Still up in the air."], ["pricing"]),
        (["Should we send paper invitations?", "Oh, I don't know. Let's think about it."], ["paper"]),
        (["Are we inviting the governor again?", "Ha, we'll see. I'll leave that one for now."], ["governor"]),
        # A later decision on another matter does not close it.
        (["Do we renew the lease?", "Let's park it.", "We decided the party is on Friday."], ["lease"]),
    ],
)
def test_question_left_open(utterances, words):
    found = questions_in(utterances)
    assert all(any(w in q for q in found) for w in words), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["Should we hire a contractor?", "Yes, let's do it."],
        ["要不要延长试用期？", "不用，三个月够了。"],
        ["张伟，你能不能周五前把报价发我？", "可以。"],
        ["Bob, can you send me the deck by Friday?", "Sure."],
        ["Who doesn't love a long weekend, right?", "Ha, true."],
        # Left open, then decided a few sentences later: no longer open.
        ["要不要给老客户打折？", "回头再议。", "算了，老客户打折的事我们定了，打九折。"],
        ["Do we renew the lease?", "Let's park it.", "Actually, we decided: we renew the lease for a year."],
    ],
)
def test_no_open_question(utterances):
    assert questions_in(utterances) == []
