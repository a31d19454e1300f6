"""Session-10 families, each a table of sentences written for these tests (none from the corpus):

- requests: the thanks that asks (就辛苦X张罗一下了, 辛苦你跑一趟), a 把 object whose verb closes the clause
  (把回归测试跑完 is 回归测试), adverbs before the verb are no part of the object (把合同再核对一遍),
  work done after an errand (出差回来把报销弄了), trade verbs jieba tags a noun (清点, 张罗), a time
  before the verb names no work (闭馆前要检查一遍); English "let me know the figures by…", "any
  chance of the slides by…", "touch base with the landlord about…";
- decisions said without the old cues: a date moved by all of us, what we are not doing, a level
  kept, the call named, one option over another, approval from above, 就选X了, 采用, 维持…不变,
  这次就不…了, resigned consent (只能这样了);
- open questions: a question said inside a statement (到底A还是B, 要不要, whether…), not settled yet
  (还没确定, 还得再商量, 下次会上再讨论, 回头再看), "can't answer that today", "not sure who…";
- a proposal read as a decision and then settled stays one decision (re-reading it is idempotent).
"""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import cast_minutes, decisions_in, open_tasks, questions_in, run_meeting

ZH = ["周建华", "王芳", "李明", "陈静"]
EN = ["Priya", "Tom", "Megan", "Dave"]


@pytest.mark.parametrize(
    ("utterances", "owner", "words"),
    [
        (["展会物料的事，就辛苦陈静张罗一下了。"], "陈静", "展会物料"),
        (["老周，辛苦你跑一趟海关。"], "周建华", "海关"),
        (["辛苦李明把报价单再核对一遍。"], "李明", "报价单"),
        (["王芳要把压力测试跑完再提测。"], "王芳", "压力测试"),
        (["李明下周出差回来把差旅报销弄了。"], "李明", "差旅报销"),
        (["王芳下午去库房清点耗材。"], "王芳", "清点耗材"),
        (["Tom, let me know the final seat count by Wednesday."], "Tom", "seat count"),
        (["Any chance of the revised slides by Monday, Megan?"], "Megan", "revised slides"),
        (["Dave, can you touch base with the landlord about the lease?"], "Dave", "landlord"),
    ],
)
def test_requests_said_these_ways(utterances, owner, words):
    lang = "en" if utterances[0].isascii() else "zh"
    found = open_tasks(utterances, EN if lang == "en" else ZH, lang)
    assert any(o == owner and words in t for o, t, _ in found), found


def test_adverb_is_no_part_of_the_object():
    found = open_tasks(["辛苦李明把报价单再核对一遍。"], ZH, "zh")
    assert [t for _, t, _ in found] == ["报价单"], found


def test_a_time_before_the_verb_names_no_work():
    # A standing rule said to someone ("以后…前要…"): no task titled by the time.
    found = open_tasks(["小陈，以后下班前要检查一遍门窗。"], ZH, "zh")
    assert all("下班前" not in t for _, t, _ in found), found


@pytest.mark.parametrize(
    ("utterances", "owner", "due"),
    [
        (["李明下周出差回来把差旅报销弄了。"], "李明", "下周"),
        (["王芳明天去一趟税务局办发票。"], "王芳", "明天"),
    ],
)
def test_errand_then_the_work_keeps_its_date(utterances, owner, due):
    found = open_tasks(utterances, ZH, "zh")
    assert any(o == owner and d == due for o, _, d in found), found


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["Fine, we'll push the rollout to the second week of May."], ["rollout"]),
        (["Okay, we're not extending the trial for the Leeds office."], ["trial"]),
        (["Let's keep the headcount at twelve for now."], ["headcount"]),
        (["Our call is to pause the paid ads until the new site is live."], ["paid ads"]),
        (["We'll use Jira for the bug reports, not the shared spreadsheet."], ["Jira"]),
        (["The committee approved the revised floor plan."], ["floor plan"]),
        (["We're moving forward with the Manchester warehouse."], ["Manchester"]),
        (["Friday works for everyone, so Friday for the retro."], ["Friday"]),
        (["We'll skip the Christmas party this year."], ["Christmas party"]),
        (["The rebrand slips to autumn, nothing we can do."], ["rebrand"]),
        (["No new hires this quarter, the budget won't stretch."], ["new hires"]),
        (["行，物流就选顺丰了。"], ["顺丰"]),
        (["经过讨论，我们采用分期付款的方式。"], ["分期付款"]),
        (["会员价维持九五折不变。"], ["九五折"]),
        (["老板已经批了，年会预算加到二十万。"], ["年会预算"]),
        (["那这次就不印纸质手册了，全部电子版。"], ["纸质手册"]),
        (["那就这样，年检改到下个月中旬。"], ["年检"]),
        (["考核推迟一周吧，数据还没出来。", "嗯，只能这样了。"], ["考核推迟一周"]),
        (["好，就用飞书开会，不用微信群了。"], ["飞书"]),
    ],
)
def test_decided_without_the_old_cues(utterances, words):
    found = decisions_in(utterances)
    assert all(any(w in d for d in found) for w in words), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["We're not sure the printer is fixed yet."],
        ["Let's keep an eye on the error rate at 2%."],
        ["我们不太确定这批货能不能按时到。"],
        ["我这周不做夜班了，家里有事。"],
    ],
)
def test_not_decided(utterances):
    assert decisions_in(utterances) == []


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["仓库到底自建还是外包，还没想好。"], ["自建"]),
        (["这批样品够不够，回头再看。"], ["样品"]),
        (["要不要再招一个实习生，下次会上再讨论吧。"], ["实习生"]),
        (["谁来对接新供应商，这个还得再商量。"], ["新供应商"]),
        (["搬家的具体日期还没确定。"], ["搬家"]),
        (["Do we renew the van lease or buy outright? I don't think we can answer that today."], ["van lease"]),
        (["I'm not sure who should approve the refunds. Let's figure that out later."], ["refunds"]),
        (["Whether we keep the night shift is TBD."], ["night shift"]),
    ],
)
def test_left_open(utterances, words):
    found = questions_in(utterances)
    assert all(any(w in q for q in found) for w in words), found


@pytest.mark.parametrize(
    "utterances",
    [
        ["要不要加冰？", "要，多加点。"],
        ["这个方案到底行不行？", "行，我昨天测过了。"],
    ],
)
def test_answered_is_not_open(utterances):
    assert questions_in(utterances) == []


@pytest.mark.parametrize(
    "utterances",
    [
        ["团建放在莫干山，大家没意见吧？", "好，那就莫干山。"],
        ["团建放在莫干山，大家没意见吧？好，那就莫干山。"],
        ["Shall we hold the offsite in Porto, any objections? Good, Porto it is."],
    ],
)
def test_a_settled_proposal_is_one_decision(utterances):
    # run_meeting asserts that a second reading proposes nothing (idempotent).
    minutes = cast_minutes(utterances)
    assert len(minutes["decisions"]) == 1, minutes["decisions"]
    assert run_meeting(utterances, ["张伟", "李娜"] if not utterances[0].isascii() else EN,
                       "en" if utterances[0].isascii() else "zh").open("decision")


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["What if we just scrap the Monday sync?", "Honestly, I think that's the right call."], ["Monday sync"]),
        (["Should we switch to the cheaper courier?", "I'd rather not, they lose parcels.",
          "Fair point, let's stay with Parcelway."], ["Parcelway"]),
        (["Are we okay to trim the events budget by a fifth?", "I can live with that."], ["events budget"]),
        (["Shall we make the webinar members-only?", "Good idea."], ["webinar"]),
        (["Maybe we should rent a second van for the move.", "Yeah, let's do that."], ["second van"]),
    ],
)
def test_a_proposal_agreed_to_is_decided(utterances, words):
    found = decisions_in(utterances)
    assert all(any(w in d for d in found) for w in words), found


def test_a_proposal_turned_down_is_not_decided():
    assert decisions_in(["Maybe we should rent a second van for the move.", "No, one is plenty."]) == []
