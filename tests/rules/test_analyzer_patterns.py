"""Table-driven tests of the rules analyzer, one table per pattern family, Chinese and English.

Each case feeds its utterances one at a time (as the Supervisor sees them; the harness also asserts
that re-running a step proposes nothing) and checks the open intents at the end.
"""

from __future__ import annotations

import pytest
from rules_harness import run_all_at_once, run_meeting

ZH = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨"]
EN = ["Alice", "Bob", "Carol", "Dave"]


def tasks(led):
    return [it["payload"] for it in led.open("task")]


def only_task(led):
    ts = tasks(led)
    assert len(ts) == 1, ts
    return ts[0]


ASSIGN = [
    # (utterances, participants, owner, title keyword, due)
    (["接口文档交给李四吧，周四之前弄完。"], ZH, "李四", "接口文档", "周四之前"),
    (["数据迁移由王五来负责。"], ZH, "王五", "数据迁移", None),
    (["请陈晨整理一下会议纪要，明天发给大家。"], ZH, "陈晨", "会议纪要", "明天"),
    (["刘洋来写部署脚本。"], ZH, "刘洋", "部署脚本", None),
    (["张三，你来跟进一下客户反馈。"], ZH, "张三", "客户反馈", None),
    (["那后端这块赵六负责吧。"], ZH, "赵六", "后端", None),
    (["赵六负责后端接口", "开发，下周三之前提测"], ZH, "赵六", "后端接口开发", "下周三之前"),
    (["压测环境", "交给王五来搭建。"], ZH, "王五", "压测环境", None),
    (["Bob will own the onboarding flow and ship it by Thursday."], EN, "Bob", "onboarding flow", "by Thursday"),
    (["Dave, please review the security checklist."], EN, "Dave", "security checklist", None),
    (["Give the release notes to Carol."], EN, "Carol", "release notes", None),
    (["Carol will update the runbook before next Monday."], EN, "Carol", "runbook", "before next Monday"),
    (["Bob, can you fix the flaky tests by tomorrow?"], EN, "Bob", "flaky tests", "by tomorrow"),
    (
        ["Alice will own the", "billing migration by the end of the month."],
        EN,
        "Alice",
        "billing migration",
        "by the end of the month",
    ),
    # The work said before the person: <work>请X来V / <work>X来负责 / <work>让X来做.
    (["发票系统的对账脚本请王五来写，周二之前给我。"], ZH, "王五", "发票系统的对账脚本", "周二之前"),
    (["首页的缓存策略让李四来做。"], ZH, "李四", "首页的缓存策略", None),
    (["报名表单的校验赵六负责重写。"], ZH, "赵六", "报名表单的校验", None),
    (["用户画像这块刘洋你看一下。"], ZH, "刘洋", "用户画像", None),
    (["张三，你先核对一下上个月的账单。"], ZH, "张三", "核对上个月的账单", None),
    (["陈晨跟进一下渠道结算的问题，周四之前。"], ZH, "陈晨", "渠道结算", "周四之前"),
    (["Dave's on the vendor questionnaire, due Monday."], EN, "Dave", "vendor questionnaire", "Monday"),
    (["Bob, can you sync with Carol on the pricing page today?"], EN, "Bob", "pricing page", "today"),
]


@pytest.mark.parametrize(("utts", "people", "owner", "kw", "due"), ASSIGN)
def test_assignment_forms(utts, people, owner, kw, due):
    t = only_task(run_meeting(utts, people))
    assert t["owner"] == owner
    assert kw.lower() in t["title"].lower()
    assert t["due_date_raw"] == due
    assert t["priority"] == "unspecified"


OWNERS = [
    (["安全审计交给刘杨负责。"], ZH, "刘洋"),  # ASR near-miss, same pinyin
    (["王物负责写周报。"], ZH, "王五"),
    (["孙七负责采购服务器。"], ZH, "孙七"),  # not a participant but clearly a name
    (["Carroll will update the roadmap."], EN, "Carol"),
    (["Eve will draft the press release."], EN, "Eve"),
    (["我负责写季度总结。"], ZH, None),  # the speaker is unknown: said, but no name
    (["I'll take care of the vendor contract."], EN, None),
]


@pytest.mark.parametrize(("utts", "people", "owner"), OWNERS)
def test_owner_normalisation(utts, people, owner):
    assert only_task(run_meeting(utts, people))["owner"] == owner


CORRECTIONS = [
    # (utterances, participants, owner, due): one task at revision 2
    (["登录页的改版交给张三，周五之前完成。", "不对，给刘洋吧，张三这周请假。"], ZH, "刘洋", "周五之前"),
    (["压测报告张三负责，下周五之前交。", "不是张三，是李四。"], ZH, "李四", "下周五之前"),
    (["埋点方案交给王五。", "算了，还是换成赵六吧。"], ZH, "赵六", None),
    (["监控告警李四负责，周三完成。", "时间改成下周一吧。"], ZH, "李四", "下周一"),
    (["监控告警李四负责，周三完成。", "推迟到下周二。"], ZH, "李四", "下周二"),
    (["Alice will handle the billing migration.", "Sorry, not Alice, Dave will do it."], EN, "Dave", None),
    (
        [
            "Alice will own the login page by Friday.",
            "Actually no, give it to Bob, Alice is on leave this week.",
        ],
        EN,
        "Bob",
        "by Friday",
    ),
    (
        ["Carol will update the runbook by Friday.", "Actually, let's push it to next Wednesday."],
        EN,
        "Carol",
        "next Wednesday",
    ),
    (["Bob will write the test plan.", "Give it to Dave instead."], EN, "Dave", None),
    (
        [
            "Alice will migrate the billing tables by Friday.",
            "Correction: the billing tables are due Tuesday, not Friday.",
        ],
        EN,
        "Alice",
        "Tuesday",
    ),
    (["首页的轮播组件张三负责，周三前给到前端。", "轮播组件往后推一下，改成下周一。"], ZH, "张三", "下周一"),
]


@pytest.mark.parametrize(("utts", "people", "owner", "due"), CORRECTIONS)
def test_corrections_revise_the_same_intent(utts, people, owner, due):
    led = run_meeting(utts, people)
    assert len(led.intents) == 1, led.intents
    (it,) = led.intents.values()
    assert it["revision"] == 2
    assert it["payload"]["owner"] == owner
    assert it["payload"]["due_date_raw"] == due
    assert 2 in it["evidence_seqs"] and 1 in it["evidence_seqs"]


def test_correction_said_within_one_utterance_creates_one_final_intent():
    led = run_all_at_once(["这个需求给张三，不对，给李四。"], ZH)
    assert [t["owner"] for t in tasks(led)] == ["李四"]


def test_correction_of_an_intent_older_than_the_window():
    utts = [
        "接口联调交给张三负责。",
        *[f"第{i}个议题讨论完毕。" for i in range(12)],
        "不对，接口联调给李四吧。",
    ]
    led = run_meeting(utts, ZH, recent=4)
    assert [(t["owner"], t["title"]) for t in tasks(led)] == [("李四", "接口联调")]


DECISIONS = [
    (["我们决定下周二发版。"], ZH, "下周二发版"),
    (["发版时间定为下周二。"], ZH, "下周二"),
    (["经过讨论，大家一致同意采用方案B。"], ZH, "方案B"),
    (["We agreed to freeze the API on Monday."], EN, "freeze the API"),
    (["We decided that the beta stays invite-only."], EN, "invite-only"),
]


@pytest.mark.parametrize(("utts", "people", "kw"), DECISIONS)
def test_decisions(utts, people, kw):
    led = run_meeting(utts, people)
    decisions = [it["payload"]["text"] for it in led.open("decision")]
    assert len(decisions) == 1 and kw.lower() in decisions[0].lower(), decisions
    assert not led.open("task")


HEDGED = [
    ["建议下周二发版，不过还没定。"],
    ["可以考虑换成Redis，这只是一个初步想法。"],
    ["我们决定下个月上线，但这只是初步想法，还要再评估。"],
    ["Maybe we should switch to Postgres, just a thought."],
    ["We could launch in June, but that's not decided."],
    ["How about moving the standup to ten?"],
]


@pytest.mark.parametrize("utts", HEDGED)
def test_hedged_suggestions_are_never_decisions(utts):
    led = run_meeting(utts, ZH + EN)
    assert led.open("decision") == []
    assert led.open("task") == []
    assert len(led.open("note")) <= 1


UNOWNED = [
    (["灰度方案需要有人负责。"], "灰度方案"),
    (["需要有人跟进合同续签。"], "合同续签"),
    (["测试环境的部署目前还没有负责人。"], "测试环境"),
    (["供应商对接，负责人会后再确认。"], "供应商对接"),
    (["Someone needs to book the meeting room for the offsite."], "meeting room"),
    (["The dashboard still needs an owner."], "dashboard"),
    (["No owner yet for the data export."], "data export"),
    (["王五负责写报告，负责人会后再确认。"], "报告"),  # the owner is withdrawn in the same breath
    (["埋点方案需要有人梳理一下，现在没人认领。"], "埋点方案"),
    (["渠道对账的脚本还没人负责。"], "渠道对账"),
    (["性能基线需要有人测，负责人待定。"], "性能基线"),  # 待定 is about the owner: no hedge
    (["The release checklist needs an owner."], "release checklist"),
    (["Nobody owns the flaky test triage yet."], "flaky test triage"),
    (["Billing alerts are unassigned for now."], "Billing alerts"),
]


@pytest.mark.parametrize(("utts", "kw"), UNOWNED)
def test_missing_owner_is_null(utts, kw):
    t = only_task(run_meeting(utts, ZH + EN))
    assert t["owner"] is None
    assert kw in t["title"]


CONFLICTS = [
    (["会议记录写的是设计稿周三交，但刚才李四说周五才能交。"], ZH, "设计稿", {"周三", "周五"}),
    (["计划上写的是接口周二联调，不过张三说周四才能联调。"], ZH, "接口", {"周二", "周四"}),
    (
        ["The plan says the audit is due Tuesday, but Bob said Thursday."],
        EN,
        "audit",
        {"Tuesday", "Thursday"},
    ),
]


@pytest.mark.parametrize(("utts", "people", "kw", "dates"), CONFLICTS)
def test_conflicting_dates_become_an_open_question(utts, people, kw, dates):
    led = run_meeting(utts, people)
    (q,) = led.open("question")
    assert kw in q["payload"]["text"]
    assert set(q["payload"]["candidates"]) == dates
    assert all(t["due_date_raw"] not in dates for t in tasks(led))


CANCELS = [
    ["性能优化张三负责。", "这个不用做了。"],
    ["性能优化张三负责。", "大家辛苦了。", "性能优化先不做了，取消吧。"],
    ["Bob will write the test plan.", "Never mind, the test plan is not needed."],
    ["Carol will order the new laptops.", "Actually, cancel that, we don't need them."],
]


@pytest.mark.parametrize("utts", CANCELS)
def test_cancellation_rejects_the_intent(utts):
    led = run_meeting(utts, ZH + EN)
    assert led.open("task") == []
    assert [e[0] for e in led.events] == ["detected", "rejected"]


def test_cancelling_other_work_leaves_the_task_just_discussed():
    # "X先不做了" names its own subject: it is not a reference back to the task before it.
    led = run_meeting(["订单对账刘洋负责，周五之前。", "消息中心的改版先不做了，优先级太低。"], ZH)
    assert [(t["owner"], t["title"]) for t in tasks(led)] == [("刘洋", "订单对账")]


def test_missing_owner_in_a_later_clause_keeps_the_named_owner_of_other_work():
    led = run_meeting(["压测报告王五来出。", "接口限流的方案需要有人来设计。"], ZH)
    assert sorted((t["owner"] or "", t["title"]) for t in tasks(led)) == [
        ("", "设计接口限流的方案"),
        ("王五", "压测报告"),
    ]


def test_cancelled_in_the_same_window_is_never_created():
    led = run_all_at_once(["Bob will write the test plan.", "Never mind, the test plan is not needed."], EN)
    assert led.intents == {}


CHATTER = [
    ["今天天气不错。", "大家吃饭了吗？", "好的，谢谢。"],
    ["这个模块负责处理登录请求。"],
    ["张三昨天已经修复了登录的问题。"],
    ["How was everyone's weekend?", "Good, thanks.", "Alice is on leave this week."],
    ["Bob already fixed the flaky tests yesterday."],
    ["不对吧，这个数据好像有问题。"],
    ["李四下周出差。", "张三说这个方案不错。"],
    ["Alice will be out tomorrow.", "Bob said the build is green."],
]


@pytest.mark.parametrize("utts", CHATTER)
def test_plain_chatter_makes_nothing(utts):
    assert run_meeting(utts, ZH + EN).intents == {}


def test_relative_deadline_keeps_the_phrase_said():
    t = only_task(run_meeting(["前端页面由李四来做，跟后端同一天提测。"], ZH))
    assert t["owner"] == "李四"
    assert t["due_date_raw"] == "跟后端同一天"


def test_shared_deadline_reaches_every_task_of_the_sentence():
    led = run_meeting(["张三负责前端，李四负责后端，周五之前都要完成。"], ZH)
    assert sorted((t["owner"], t["due_date_raw"]) for t in tasks(led)) == [("张三", "周五之前"), ("李四", "周五之前")]


def test_deadline_in_its_own_sentence_attaches_to_the_task_before_it():
    t = only_task(run_meeting(["赵六负责后端接口开发。", "下周三之前提测。"], ZH))
    assert t["due_date_raw"] == "下周三之前"


def test_unpunctuated_asr_statements_are_not_glued_together():
    led = run_meeting(["赵六负责后端接口开发下周三之前提测", "前端页面由李四来做"], ZH)
    assert sorted((t["owner"], t["title"]) for t in tasks(led)) == [
        ("李四", "前端页面"),
        ("赵六", "后端接口开发"),
    ]


def test_unpunctuated_asr_keeps_complete_statements_apart():
    # No punctuation at all: pauses between statements must not glue a hedge onto the next task.
    led = run_meeting(
        [
            "另外日志格式我建议统一一下 不过还没定",
            "告警脚本王五来写 周四之前",
            "还有就是发布流程李四你看一下",
        ],
        ZH,
    )
    assert sorted((t["owner"], t["title"], t["due_date_raw"]) for t in tasks(led)) == [
        ("李四", "发布流程", None),
        ("王五", "告警脚本", "周四之前"),
    ]
    assert led.open("decision") == []


def test_decision_on_the_same_topic_revises_the_earlier_decision():
    led = run_meeting(
        ["我们决定验证码有效期定为五分钟。", "大家同意就好。", "我们决定验证码有效期改为十分钟。"], ZH
    )
    (d,) = led.open("decision")
    assert "十分钟" in d["payload"]["text"] and d["revision"] == 2


def test_new_work_after_actually_is_a_new_task_not_a_correction():
    led = run_meeting(
        ["Alice will own the login page.", "Actually, Carol will also review the API docs."], EN
    )
    assert sorted((t["owner"], t["title"]) for t in tasks(led)) == [
        ("Alice", "login page"),
        ("Carol", "review the API docs"),
    ]
