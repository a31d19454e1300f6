"""meetingd.scoring (DESIGN §9): matching, precision/recall, due dates, recall of decisions and
questions, violations, normalisation and the report."""

from __future__ import annotations

from meetingd.scoring import aggregate, format_report, normalise, score_meeting

FIXTURE = {
    "id": "demo",
    "expect": {
        "tasks": [
            {"owner": "刘洋", "contains": ["登录"], "due_contains": "周五"},
            {"owner": None, "contains": ["合同"], "due_contains": None},
        ],
        "optional_tasks": [{"owner": None, "contains": ["测试环境"]}],
        "decisions": [["验证码", "五分钟"]],
        "forbidden_decisions": [["下个月", "上线"]],
        "forbidden_owners": ["张三"],
        "open_questions": [["产品文档"]],
    },
}


def item(task, owner, due=None, evidence=""):
    return {"task": task, "owner": owner, "due_date_raw": due, "evidence": evidence}


GOOD = {
    "action_items": [item("登录页面改版", "刘洋", "周五"), item("跟进合同续签", None)],
    "decisions": [{"text": "验证码有效期定为五分钟", "evidence": "我们决定验证码有效期定为五分钟"}],
    "open_questions": [{"text": "产品文档周三还是周五完成？", "evidence_seqs": [4]}],
}


def test_perfect_minutes_score_one():
    s = score_meeting(FIXTURE, GOOD)
    assert (s.tp, s.fp, s.fn) == (2, 0, 0)
    assert s.f1 == 1.0 and s.due_accuracy == 1.0 and s.decision_recall == 1.0 and s.question_recall == 1.0
    assert s.violations == ()


def test_false_positive_lowers_precision_only():
    minutes = {**GOOD, "action_items": [*GOOD["action_items"], item("订会议室", "王五")]}
    s = score_meeting(FIXTURE, minutes)
    assert s.fp == 1 and s.recall == 1.0
    assert abs(s.precision - 2 / 3) < 1e-9 and s.f1 < 1.0
    assert s.false_positives == ("王五: 订会议室",)


def test_optional_tasks_count_neither_way():
    minutes = {**GOOD, "action_items": [*GOOD["action_items"], item("确认测试环境", None)]}
    s = score_meeting(FIXTURE, minutes)
    assert (s.tp, s.fp) == (2, 0)


def test_owner_must_match_and_null_only_matches_null():
    minutes = {**GOOD, "action_items": [item("登录页面改版", "张三", "周五"), item("跟进合同续签", "王五")]}
    s = score_meeting(FIXTURE, minutes)
    assert (s.tp, s.fp, s.fn) == (0, 2, 2)
    assert "forbidden_owners: 张三" in s.violations


def test_one_item_matches_at_most_one_expected_task():
    fixture = {"expect": {"tasks": [{"owner": "A", "contains": ["x"]}, {"owner": "A", "contains": ["x"]}]}}
    s = score_meeting(fixture, {"action_items": [item("x", "A")]})
    assert (s.tp, s.fn) == (1, 1)


def test_matching_is_order_independent():
    fixture = {
        "expect": {"tasks": [{"owner": "A", "contains": ["报告"]}, {"owner": "A", "contains": ["周报"]}]}
    }
    items = [item("写周报", "A"), item("写报告", "A")]  # greedy would give 写周报 to the first task
    assert score_meeting(fixture, {"action_items": items}).tp == 2


def test_items_quoting_one_sentence_pair_with_their_own_expectation():
    said = "I'll get the crane booked by Monday and the scaffold quote by the 9th"
    fixture = {"expect": {"tasks": [{"owner": "A", "contains": ["crane"], "due_contains": "Monday"},
                                    {"owner": "A", "contains": ["scaffold"], "due_contains": "the 9th"}]}}
    items = [item("get the crane booked", "A", "by Monday", said), item("the scaffold quote", "A", "by the 9th", said)]
    for order in (items, items[::-1]):  # either item's evidence holds both keywords
        s = score_meeting(fixture, {"action_items": order})
        assert (s.tp, s.due_correct) == (2, 2)
    # an evidence-only match still counts when the title names no keyword
    s = score_meeting(fixture, {"action_items": [item("book it", "A", "by Monday", said), items[1]]})
    assert (s.tp, s.due_correct) == (2, 2)


def test_due_dates():
    wrong = {
        **GOOD,
        "action_items": [item("登录页面改版", "刘洋", "下周一"), item("跟进合同续签", None, "月底")],
    }
    s = score_meeting(FIXTURE, wrong)
    assert s.due_total == 2 and s.due_correct == 0
    relative = {
        **GOOD,
        "action_items": [
            GOOD["action_items"][0],
            item("跟进合同续签", None, "提测前", evidence="合同续签提测前需要有人跟进"),
        ],
    }
    assert (
        score_meeting(FIXTURE, relative).due_accuracy == 1.0
    )  # a phrase of its own evidence is not invented


def test_forbidden_decision_is_a_violation():
    minutes = {
        **GOOD,
        "decisions": [*GOOD["decisions"], {"text": "下个月上线", "evidence": "可以考虑下个月上线"}],
    }
    s = score_meeting(FIXTURE, minutes)
    assert s.violations == ("forbidden_decisions: 下个月+上线",)


def test_superseded_owner_of_one_task_is_a_violation_only_on_that_task():
    fixture = {"id": "o", "expect": {"tasks": [], "forbidden_owners": [{"contains": ["海报"], "owner": "周琳"}]}}
    other = score_meeting(fixture, {"action_items": [item("展板初稿", "周琳")]})
    assert other.violations == ()
    same = score_meeting(fixture, {"action_items": [item("活动海报", "周琳")]})
    assert same.violations == ("forbidden_owners: 海报",)
    moved = score_meeting(fixture, {"action_items": [item("活动海报", "高翔")]})
    assert moved.violations == ()


def test_other_forbidden_lists():
    fixture = {
        "expect": {
            "tasks": [],
            "forbidden_tasks": [["性能优化"]],
            "forbidden_due": ["周三"],
            "forbidden_misc": ["机密"],
        }
    }
    minutes = {"action_items": [item("性能优化", "A", "周三")], "summary": "机密信息"}
    s = score_meeting(fixture, minutes)
    assert set(s.violations) == {"forbidden_tasks: 性能优化", "forbidden_due: 周三", "forbidden_misc: 机密"}


def test_missing_decision_and_question_lower_recall():
    s = score_meeting(FIXTURE, {**GOOD, "decisions": [], "open_questions": []})
    assert s.decision_recall == 0.0 and s.question_recall == 0.0


def test_normalise_folds_traditional_case_space_and_punctuation():
    assert normalise("會議記錄， API Docs!") == "会议记录apidocs"
    fixture = {"expect": {"tasks": [{"owner": "劉洋", "contains": ["登錄頁面"]}]}}
    assert score_meeting(fixture, {"action_items": [item("登录 页面", "刘洋")]}).tp == 1


def test_aggregate_and_report():
    a = score_meeting(FIXTURE, GOOD)
    b = score_meeting(FIXTURE, {**GOOD, "action_items": GOOD["action_items"][:1]})
    total = aggregate([a, b])
    assert (total["tp"], total["fn"], total["meetings"]) == (3, 1, 2)
    assert total["recall"] == 0.75 and total["precision"] == 1.0
    report = format_report([a, b])
    assert "TOTAL" in report and "missed" in report and report.count("demo") >= 2


def test_report_lists_missed_decisions_and_questions():
    s = score_meeting(FIXTURE, {**GOOD, "decisions": [], "open_questions": []})
    missed = [line for line in format_report([s]).splitlines() if line.lstrip().startswith("missed")]
    assert any(": decision " in line for line in missed) and any(": question " in line for line in missed)
