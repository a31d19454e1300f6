"""Decisions and open questions as natural, colloquial speech says them (s7 f/g writers): an order
that sets a rule for everyone (谁都别碰, 以后…必须, "no exceptions", "starting now"), a confirmation
closed with a particle (定了啊), the way chosen adopted (就按您说的, 就先这么办), a decision not to
change something (先不换); questions nobody can answer (拿不准, 记不清, 还没公布, 说了不算, "no word
yet", "I'll find out and let you know") or put off ("let's have a think", "discuss it on the next
call"), Cantonese forms of the same (讲唔准, 唔知, 回头再讲); and what is none of these (a decision
still to be made: 今天得定下来; a hedge). Sentences written for these tests, in many domains — none
is taken from the corpus."""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import cast_minutes, decisions_in, questions_in

DECIDED = [
    # A rule for everyone, said as an order.
    (["那台旧服务器先断网，谁都别登录。"], ["断网"]),
    (["新到的试剂先放冷库，任何人不许动。"], ["冷库"]),
    (["这批教材先锁柜子里，谁也不准拿。"], ["教材"]),
    (["以后进机房必须刷卡登记。"], ["刷卡"]),
    (["从下个月开始，所有报销单必须附发票原件。"], ["发票原件"]),
    (["今年开始，所有合同签字前必须法务过一遍。"], ["法务"]),
    (["以后每周五下午固定大扫除。"], ["大扫除"]),
    (["Every refund over fifty pounds needs a manager's initials, no exceptions."], ["manager's initials"]),
    (["From here on, no invoice goes out without a PO number, full stop."], ["PO number"]),
    (["Two signatures on every cheque, starting now."], ["signatures"]),
    (["Effective immediately, visitors sign in at the front desk."], ["visitors"]),
    # A confirmation closed with a particle confirms the rule said before it.
    (["今年的年终奖按绩效分三档发。定了啊。"], ["三档"]),
    (["周末值班两人一组轮换，定了哈。"], ["两人一组"]),
    # A rule announced, then said; a rule told to the one who keeps it is still a rule.
    (["再立个规矩：从下个月起，每周一上午九点开例会，迟到的请咖啡。"], ["例会"]),
    (["张伟，以后统一按新模板出报表，每张表出之前你核一下。"], ["新模板"]),
    (["李娜，以后所有来访登记都走小程序。"], ["小程序"]),
    # The way chosen for this time, said by its topic.
    (["今年年会就放在员工食堂，不去外面订酒店了。"], ["员工食堂"]),
    (["明年的体检就去社区医院。"], ["社区医院"]),
    # One way for all (统一 + a verb).
    (["工作服统一买吧，颜色好配。"], ["工作服"]),
    (["会务的住宿统一订，别各自找酒店。"], ["住宿"]),
    # The way proposed adopted: 就先这么办, 就按您说的, keep the plan.
    (["要不先用共享表格登记？", "这个可以。就先这么办，用一个月看看。"], ["共享表格"]),
    (["我建议先做小范围试点。", "好，那我们就按你说的，先在两个门店试点。"], ["两个门店"]),
    (["那年检就先按原计划，十月中旬做。"], ["年检"]),
    # A decision not to change something (for now).
    (["空调先不换，夏天再看。"], ["空调先不换"]),
    (["会员价暂时不调，等竞品动了再说。"], ["会员价"]),
    # The option settled: 那就定X.
    (["年会去哪家酒店？", "我觉得还是江景那家吧。", "行，那就定江景酒店，时间就腊月二十。"], ["江景酒店"]),
    # A proposal, its reason in the same breath, and an agreement with a reason of its own.
    (["I think we should switch the newsletter to monthly. Weekly is too much.", "Agreed, it's less work. We'll plan for monthly."],
     ["monthly"]),
    # The proposal asked, how it goes said after it, then agreed and confirmed.
    (["要不先试一下自助借还机？借还高峰放在中午，馆员在旁边看着。", "这个可以。就先这么办，试两周。"], ["自助借还机"]),
    # An agreement that goes on to say the plan is the plan confirmed.
    (["The printers want an extra day.", "Fine. Okay, proofs on the ninth, print run on the tenth. Let's lock that in."],
     ["proofs on the ninth"]),
    # The choice or the refusal said plainly.
    (["Right, the hoodies then. Navy it is."], ["Navy"]),
    (["We're not doing the raffle this year, too much admin."], ["raffle"]),
    (["Let's not renew the magazine subscriptions."], ["magazine"]),
    (["No more paper timesheets from next month."], ["paper timesheets"]),
    (["The second-floor room is off the table."], ["second-floor"]),
    (["We've landed on the Thursday slot for the clinic."], ["Thursday slot"]),
    (["Okay, that's the call: we close the café at four on Sundays."], ["café"]),
    (["We'll stick to the old supplier for now."], ["old supplier"]),
    (["Done deal, the van goes back on Friday."], ["van"]),
    (["Let's make it the 14th for the open day."], ["14th"]),
    (["From next term, every class keeps a reading log."], ["reading log"]),
    (["Going with the cheaper laminate, then."], ["laminate"]),
    (["咱们还是按老规矩，年夜饭各家轮流请。"], ["轮流"]),
    (["门票以官网公布的价格为准。"], ["官网"]),
    (["就它了，红色那款。"], ["红色"]),
    (["一言为定，尾款月底结清。"], ["尾款"]),
    (["装修还是跟去年一样，找老刘那个队。"], ["装修"]),
    (["这事就这么着了，按人头摊。"], ["人头"]),
    (["So that's a no on the bouncy castle."], ["bouncy castle"]),
    (["The answer is no, we're not extending the lease."], ["lease"]),
    (["Consensus is we keep the Tuesday rota."], ["Tuesday rota"]),
    (["那就这么弄，先做一版样品给客户看。"], ["样品"]),
    (["行，就按三百一桌订。"], ["三百一桌"]),
    (["预算就卡在五万，不能再多。"], ["五万"]),
    (["Right, that's agreed then: the hall closes at ten."], ["hall closes"]),
    (["The new logo is a go."], ["logo"]),
    (["We'll go ahead and order the blue chairs."], ["blue chairs"]),
    # English: the cue said another way.
    (["Right. Decision then: the Friday shuttle is cancelled for the summer."], ["Friday shuttle"]),
    (["I move that we repaint the hall in green.", "Is there a second?", "Second.", "All in favour? Opposed? The motion carries."],
     ["green"]),
    (["So then we go with the local caterer. Final."], ["local caterer"]),
    (["Quarterly bonuses are locked on the thirtieth."], ["thirtieth"]),
    (["Here's a proposal: we rotate the on-call weekly. Everyone okay with that?", "Works for me."], ["rotate"]),
]

NOT_DECIDED = [
    # Work someone else will coordinate is no rule.
    ["这个还没定，人事处说下周开会统一协调。"],
    # A decision still to be made is none.
    ["预算的事今天得定下来，财务在催。"],
    ["场地这周必须定下来，不然订不到。"],
    ["The venue has to be decided by Friday."],
    # A request to one person that does a thing "统一" is work, not a rule; "let's not" about manners.
    ["张伟，你下周把报表统一整理一下。"],
    ["Let's not go overboard with the decorations."],
    ["以后都会好的，大家加油。"],
    # Hedged, or put off.
    ["统一服装可以考虑，先放一放吧。"],
    ["Maybe we could rotate the on-call, let's have a think."],
]

LEFT_OPEN = [
    # Nobody can tell.
    (["那批面粉还能用吗？", "这个我也拿不准，得问供应商。"], ["面粉"]),
    (["保险什么时候到期？", "我也记不清了，好像是年底。"], ["保险"]),
    (["新学期的校车费是多少？", "还没公布，估计下个月出来。"], ["校车费"]),
    (["实习补贴今年还发不发？", "去年发了三百，今年还没消息。"], ["实习补贴"]),
    (["食堂能不能延长营业到九点？", "这个我们说了不算，要后勤处定。"], ["营业"]),
    (["展位费会不会涨？", "这个是主办方定的，我们只能等通知。"], ["展位费"]),
    (["那个证书有没有加分？", "政策今年有调整，我确认了再回复您。"], ["加分"]),
    # A decision that puts part of the matter off leaves that part open.
    (["校服统一买的话钱谁出？", "我得问问校长，我也不知道有没有经费。", "行，校服统一买，钱的事问完校长再说。"], ["钱谁出"]),
    # The deferral names the thing it is about, after the question was already left open.
    (["书房的书架改成开放式的吗？", "我觉得开放式也行，你们再考虑考虑。", "嗯……书架回去我们商量一下再说吧。"], ["书架"]),
    # The reply asks a question of its own before putting it off: the matter is the one asked.
    (["Do we keep the old warehouse as overflow, or hand it back in June?", "Maybe keep it till August? Let's think about it."],
     ["old warehouse"]),
    # A question with no matter of its own is about what was said before it.
    (["Next, the staff parking scheme. Two other branches have dropped it. Should we?",
      "I'd want to hear from the night shift first.", "Agreed. Let's park that until we have."], ["parking scheme"]),
    # Waiting to hear, to be checked, unclear, pinned; it depends, maybe, ask and tell later.
    (["Is the bridge still closing in July?", "Hard to say, the council hasn't published anything."], ["bridge"]),
    (["Are we getting the grant?", "Still waiting to hear back."], ["grant"]),
    (["Can we use the gym on Saturday?", "I'll have to check with the caretaker."], ["gym"]),
    (["Does the insurance cover volunteers?", "Not clear yet, I'm waiting on the broker."], ["volunteers"]),
    (["What do we do about the late fees?", "Let's put a pin in that."], ["late fees"]),
    (["Are we doing a summer party?", "That's a separate conversation, next time."], ["summer party"]),
    (["明年还招不招实习生？", "这个要看预算批不批。"], ["实习生"]),
    (["展会能不能拿到补贴？", "不一定，往年有时候有有时候没有。"], ["展会"]),
    (["团购的折扣还有没有？", "没准，要看商家。"], ["折扣"]),
    (["明年的场地费大概多少？", "我了解一下再告诉你。"], ["场地费"]),
    # Nobody answers: the next speaker turns to another matter, or is called away.
    (["停车场的收费标准要不要调？", "对了，下周的消防检查谁去陪同？"], ["收费标准"]),
    (["新系统的培训费谁出？", "还有个事，食堂的菜单要换了。"], ["培训费"]),
    (["Who's paying for the new signage?", "By the way, the auditors arrive Monday."], ["signage"]),
    (["Do we open on the bank holiday?", "One more thing, the alarm code changes tonight."], ["bank holiday"]),
    (["那客户要求退款怎么办？", "哎，等一下，我接个电话。"], ["退款"]),
    (["赠品不够了怎么办？", "唉，电话，我接一下——喂？"], ["赠品"]),
    (["那个奖学金今年还有吗？", "我也没听说，回头问问学院。"], ["奖学金"]),
    (["Do we get a refund on the deposit?", "Let me check and revert."], ["deposit"]),
    (["Is the merger affecting our team?", "Jury's still out on that."], ["merger"]),
    (["Can we hire a fourth engineer?", "That's above my pay grade, honestly."], ["fourth engineer"]),
    (["When does the new tariff kick in?", "No clue. Dunno."], ["tariff"]),
    (["Is the new van approved?", "Pending sign-off from finance."], ["van"]),
    (["Are we changing the rota?", "Let's take it to the next meeting."], ["rota"]),
    (["Should we renew the storage unit?", "Let's revisit that in Q3."], ["storage unit"]),
    # Cantonese.
    (["个仓租几时加价？", "我都讲唔准，要问下业主。"], ["仓租"]),
    (["搬写字楼的事点算？", "咁样啦，这个回头再讲。"], ["写字楼"]),
    # English: put off, or nobody knows yet.
    (["Are we keeping the Saturday clinic over Christmas?", "I'm not sure it's worth the overtime. Let's have a think."],
     ["Saturday clinic"]),
    (["Should we move the archive to the cloud or keep the tapes?", "Let us think about it and discuss on the next call."],
     ["archive"]),
    (["Is the loyalty discount still on next year?", "Good question. Head office hasn't confirmed. I'll find out and let you know."],
     ["loyalty discount"]),
    (["Do we even have a photographer for the gala?", "No. That's a problem for another day."], ["photographer"]),
    (["Next, the uniform policy. Should we drop it?", "I'd want staff feedback first.", "Let's table it until we hear back."],
     ["uniform policy"]),
]

NOT_OPEN = [
    # "对了" that says "right" answers the question.
    ["是不是在三号楼开会？", "对了，三号楼二层。"],
    ["这批水泥还能用吗？", "能用，上周刚到的。"],
    ["Is the projector working again?", "Yes, I fixed it this morning."],
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


def test_keeping_to_a_rule_is_no_task():
    """"行，我盯着。" from the one told a rule keeps to it; it takes on no work of its own."""
    minutes = cast_minutes(["张伟，以后仓库统一按先进先出发货。", "行，我盯着。"])
    assert any("先进先出" in d["text"] for d in minutes["decisions"]), minutes
    assert minutes["action_items"] == [], minutes
