"""Table tests of the rules brain's stages: hearing, mention tagging, and due dates."""

from __future__ import annotations

from datetime import date

import pytest

from intents.dates import readings, resolve
from supervisor.rules.extract import assignments, pronoun_request
from supervisor.rules.hearing import repair
from supervisor.rules.lexicon import deadlines
from supervisor.rules.mentions import clearest, content, tag
from supervisor.rules.text import Clause, Piece, quote

WED = date(2026, 3, 11)  # a Wednesday


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("下周三之前", "2026-03-18"), ("周五前", "2026-03-13"), ("这周五", "2026-03-13"),
        ("周一之前", "2026-03-16"), ("明天下班前", "2026-03-12"), ("后天", "2026-03-13"),
        ("3月18日", "2026-03-18"), ("十八号之前", "2026-03-18"), ("两天内", "2026-03-13"),
        ("两周内", "2026-03-25"), ("3个工作日内", "2026-03-16"), ("月底", "2026-03-31"),
        ("下个月底", "2026-04-30"), ("九月底", "2026-09-30"), ("本周内", "2026-03-15"),
        ("下州三之前", "2026-03-18"),  # a same-sound ASR slip of 周
        ("这个月二十号之前", "2026-03-20"), ("下个月五号", "2026-04-05"), ("这个月内", "2026-03-31"),
        ("一个小时内", "2026-03-11"), ("国庆前", "2026-09-30"), ("五一前", "2026-04-30"),
        ("周五下班前", "2026-03-13"), ("下周三截稿", "2026-03-18"), ("今天上午", "2026-03-11"),
        ("by end of day tomorrow", "2026-03-12"), ("first thing Monday", "2026-03-16"),
        ("by Friday next week", "2026-03-20"), ("before the 15th", "2026-03-15"),
        ("by tomorrow noon", "2026-03-12"), ("in two hours", "2026-03-11"),
        ("by Friday", "2026-03-13"), ("end of next week", "2026-03-20"), ("tomorrow", "2026-03-12"),
        ("March 20", "2026-03-20"), ("in two weeks", "2026-03-25"), ("EOD Thursday", "2026-03-12"),
        # no single day: null, never a guess
        ("下周", None), ("提测前", None), ("周末", None), ("next week", None),
        ("十月中旬", None), ("第三周", None), ("中秋前", "2026-09-24"), ("开幕前", None),
        ("the same day as the backend", None), (None, None),
    ],
)
def test_due_dates_resolve_against_the_meeting_date(raw, iso) -> None:
    assert resolve(raw, WED) == iso


@pytest.mark.parametrize(
    ("clause", "said"),
    [
        ("请客户礼拜五之前把补件寄过来", "礼拜五之前"), ("这个月二十号之前给我一个完整的初稿", "这个月二十号之前"),
        ("周五下班前要有答复", "周五下班前"), ("下周三截稿", "下周三截稿"), ("国庆前要上体验服", "国庆前"),
        ("开幕前把电路检查做了", "开幕前"), ("下周一前端联调", "下周一"),  # 前端 is no cue
        ("can you get it in front of legal by tomorrow noon?", "by tomorrow noon"),
        ("send the rejection with some feedback, by end of day tomorrow?", "by end of day tomorrow"),
        ("set up the monitoring by Friday next week?", "by Friday next week"),
        ("get a revised bus schedule before the 15th?", "before the 15th"),
        ("Before your next on-call shift, ideally.", "Before your next on-call shift"),  # an occasion: no ISO
    ],
)
def test_a_deadline_is_the_whole_time_expression_said(clause, said) -> None:
    assert [h.text for h in deadlines(clause)] == [said]


def test_next_weekday_said_early_in_the_week_is_ambiguous() -> None:
    monday = date(2026, 3, 9)
    assert len(readings("next Friday", monday)) == 2 and resolve("next Friday", monday) is None
    assert resolve("next Friday", date(2026, 3, 13)) == "2026-03-20"
    # the soonest Wednesday said on a Tuesday is tomorrow, which nobody calls "next Wednesday"
    assert resolve("by next Wednesday", date(2026, 3, 10)) == "2026-03-18"


@pytest.mark.parametrize(
    ("heard", "read"),
    [
        ("张伟负则组织代码评审，下州三之前完成", "张伟负责组织代码评审，下周三之前完成"),
        ("我们决订用方案A", "我们决定用方案A"),
        ("刘杨来做压测", "刘洋来做压测"),  # a participant's name
        ("这个定位不准", "这个定位不准"),  # 定位 is a word, and 定为 has another tone
        ("试验一下", "试验一下"),
        ("no Chinese here", "no Chinese here"),
    ],
)
def test_hearing_undoes_same_sound_slips_and_keeps_length(heard, read) -> None:
    out = repair(heard, ["张伟", "刘洋"])
    assert out == read and len(out) == len(heard)


def test_mentions_tag_participants_other_names_and_times() -> None:
    ms = tag("张伟和王建国下周三之前完成代码评审", ["张伟"], WED)
    people = [(m.value, m.known) for m in ms if m.kind == "person"]
    times = [(m.text, m.value) for m in ms if m.kind == "time"]
    assert people == [("张伟", True), ("王建国", False)]
    assert times == [("下周三之前", "2026-03-18")]  # the cue said with it is part of the phrase


@pytest.mark.parametrize(
    ("candidates", "best"),
    [
        (["还有调度系统的告警规则", "迁完之后要重新配一遍", "这个先挂着"], "还有调度系统的告警规则"),
        (["这个先挂着", "好的"], ""),
        (["the rollback runbook", "ok"], "the rollback runbook"),
    ],
)
def test_the_clearest_words_name_the_work(candidates, best) -> None:
    assert clearest(candidates) == best
    assert content("代码评审") > content("组织")


# ---- clause-level assignments (supervisor.rules.extract) -----------------------------------------

_ZH_P = ["钟华", "贺平", "孔雯", "郑丽华", "石静", "金丽", "韦佳"]
_EN_P = ["Callum", "Rohan", "Mirela", "Olu", "Pia"]


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("年检资料钟华下周三之前准备好", [("钟华", "年检资料")]),  # topic, then who, then what
        ("保温棉贺平去仓库领", [("贺平", "保温棉")]),
        ("那业务部门的底线孔雯你去问一下", [("孔雯", "业务部门的底线")]),
        ("郑丽华把规范文档改一下", [("郑丽华", "规范文档")]),
        ("消防验收材料石静你帮金丽准备一下", [("石静", "消防验收材料")]),  # one owner: the one addressed
        ("版权的事让法务的小何去查一下", [("小何", "版权")]),  # a role before the name
        ("预留实例的采购让韦佳去走流程", [("韦佳", "预留实例的采购")]),
        ("钟华昨天已经检查过了", []),  # a report, not work
        ("Rohan chases the agreement and Mirela collects the slides", [("Rohan", "chase the agreement"),
                                                                      ("Mirela", "collect the slides")]),
        ("Pedro owns the photo shoot", []),  # not a participant here
        ("I'll send them after this call", []),  # agreeing to work already asked for
        ("Callum thinks so", []),
    ],
)
def test_assignment_forms_of_one_clause(clause, expected) -> None:
    people = _ZH_P if any("\u4e00" <= ch <= "\u9fff" for ch in clause) else _EN_P
    assert [(a.owner, a.title) for a in assignments(clause, "", people)] == expected


def test_each_assignment_of_a_clause_keeps_its_own_deadline() -> None:
    (a,) = assignments("then we close registrations on September 12th and Callum sends the headcount by "
                       "September 15th", "", _EN_P)
    assert (a.owner, a.title, a.due) == ("Callum", "send the headcount", "by September 15th")


@pytest.mark.parametrize(
    ("clauses", "expected"),
    [
        (["Pia", "the eliminations", "sorry", "I meant the intercompany confirmations",
          "can you send those out today"], ("Pia", "send intercompany confirmations")),
        (["Olu", "the bank statements"], None),
    ],
)
def test_a_request_for_that_takes_the_work_named_before_it(clauses, expected) -> None:
    got = pronoun_request(clauses, _EN_P)
    assert (None if got is None else (got.owner, got.title)) == expected


def _clause(seq: int, text: str, utterance: str) -> Clause:
    start = utterance.index(text)
    return Clause(text, (Piece(seq, start, start + len(text)),), "terminal")


def test_a_quote_never_spans_an_utterance_its_clauses_skip() -> None:
    texts = {
        1: "Is the loading dock extension",
        2: "still on for spring?",
        3: "We discussed it,",
        4: "but the council has not replied. Let's park it.",
    }
    use = [_clause(1, texts[1], texts[1]), _clause(2, texts[2], texts[2]),
           _clause(4, "but the council has not replied.", texts[4])]
    said = " ".join(texts.values())
    ev, main = quote(use, texts)
    assert ev == "Is the loading dock extension still on for spring?" and main in (1, 2) and ev in said
    ev, main = quote(use, texts, prefer_seq=4)
    assert (ev, main) == ("but the council has not replied.", 4)
    # adjacent utterances still join across the cut
    assert quote(use[:2], texts)[0] == "Is the loading dock extension still on for spring?"
