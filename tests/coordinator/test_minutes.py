"""minutes.json shape and minutes.md rendering (pure), plus the evidence rule at the ledger."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from coordinator_meetings import say

from coordinator.minutes import (
    STATS_KEYS,
    build_minutes,
    escape_cell,
    extractive_summary,
    meeting_date,
    normalise_stats,
    render_markdown,
)
from intents import Ledger
from models import InvalidInput
from models.domain import Intent, Meeting, Utterance
from models.enums import IntentKind, IntentStatus, Language, MeetingStatus, Mode, Risk
from store import Store

OK = {"status": "ok", "issues": []}


def _meeting(language: str = "zh", participants: tuple[str, ...] = ("张三",)) -> Meeting:
    return Meeting(id="m_1", title="周会", language=Language(language), mode=Mode.SUGGEST, status=MeetingStatus.ENDED,
                   participants=participants, created_at=0.0, ended_at=None, latest_seq=2, analyzed_seq=2,
                   change_cursor=0)


def _utt(seq: int, text: str) -> Utterance:
    return Utterance("m_1", seq, text, seq * 1000, seq * 1000 + 900, "typed", None, 0.0)


def _it(n: int, kind: str, payload: dict, status: str = "applied", seqs: tuple[int, ...] = (1,),
        evidence: str = "quote") -> Intent:
    return Intent(id=f"int_{n}", meeting_id="m_1", kind=IntentKind(kind), payload=payload, evidence_seqs=seqs,
                  evidence=evidence, revision=1, status=IntentStatus(status), basis_seq=1, risk=Risk.LOW)


def _task(n: int, title: str, owner: str | None = None, status: str = "applied") -> Intent:
    return _it(n, "task", {"title": title, "owner": owner, "due_date_raw": None, "priority": "unspecified"}, status)


def _table_rows(md: str) -> list[list[str]]:
    """Data rows of the action-item table, split on unescaped pipes."""
    rows = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line][1:]
    return [[c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]


def test_minutes_json_has_exactly_the_design_fields():
    intents = [
        _it(1, "decision", {"text": "上线"}), _task(2, "写报告", "张三"),
        _it(3, "question", {"text": "谁值班？", "question_type": "completion", "candidates": []}),
        _it(4, "note", {"title": "预算", "body": "两万"}), _task(5, "被否决", status="rejected"),
        _it(6, "decision", {"text": "未批准"}, status="detected"),
    ]
    got = build_minutes(_meeting(), [_utt(1, "quote")], intents, summary="s", review=OK, stats={"utterances": 1})
    assert list(got) == ["meeting", "summary", "decisions", "action_items", "open_questions", "intents", "transcript",
                         "review", "stats"]
    assert set(got["meeting"]) == {"id", "title", "language", "mode", "status", "participants"}
    assert got["decisions"] == [{"text": "上线", "evidence": "quote", "evidence_seqs": [1], "intent_id": "int_1",
                                 "revision": 1}]
    assert got["action_items"] == [{"task": "写报告", "owner": "张三", "due_date_raw": None, "due_date": None,
                                    "priority": "unspecified",
                                    "evidence": "quote", "evidence_seqs": [1], "intent_id": "int_2", "revision": 1}]
    assert got["open_questions"] == [{"text": "谁值班？", "evidence_seqs": [1]}]
    assert [i["id"] for i in got["intents"]] == [f"int_{n}" for n in range(1, 7)]
    assert set(got["intents"][0]) == {"id", "kind", "status", "revision", "payload", "evidence_seqs"}
    assert got["transcript"] == [{"seq": 1, "text": "quote", "start_ms": 1000, "end_ms": 1900}]
    assert got["review"] == OK
    assert got["stats"] == dict.fromkeys(STATS_KEYS, 0) | {"utterances": 1}


def test_stats_are_exact_ints_and_unknown_keys_are_refused():
    assert normalise_stats({"asr_compute_ms": 12.6}) == dict.fromkeys(STATS_KEYS, 0) | {"asr_compute_ms": 13}
    with pytest.raises(InvalidInput):
        normalise_stats({"tokens": 1})
    with pytest.raises(InvalidInput):
        normalise_stats({"conflicts": -1})
    with pytest.raises(InvalidInput):
        normalise_stats({"llm_calls": "3"})


@pytest.mark.parametrize("language, null", [("zh", "未提供"), ("en", "not provided")])
def test_null_owner_and_due_render_as_not_provided(language, null):
    m = build_minutes(_meeting(language), [], [_task(1, "写报告")], summary="s", review=OK, stats={})
    [row] = _table_rows(render_markdown(m, date="2025-03-01"))
    assert row[1] == null and row[2] == null


@pytest.mark.parametrize("language, none, null", [("zh", "（无）", "未提供"), ("en", "(none)", "not provided")])
def test_empty_sections_get_placeholders(language, none, null):
    m = build_minutes(_meeting(language, participants=()), [], [], summary="", review=OK, stats={})
    md = render_markdown(m)
    assert _table_rows(md) == [[none, "", "", "", ""]]
    assert md.count(f"\n{none}\n") == 2  # decisions and open questions
    assert md.count(null) == 3  # date, participants, summary
    assert ("## 决定" in md) is (language == "zh") and ("## Decisions" in md) is (language == "en")


def test_pipes_and_newlines_are_escaped_in_table_cells():
    t = _it(1, "task", {"title": "a | b\nc", "owner": "x|y", "due_date_raw": "周五\r\n之前", "priority": "high"},
            evidence="say | it")
    m = build_minutes(_meeting("zh"), [], [t], summary="s", review=OK, stats={})
    md = render_markdown(m)
    [row] = _table_rows(md)
    assert row == ["a \\| b<br>c", "x\\|y", "周五<br>之前", "高", "「say \\| it」（#1）"]
    assert escape_cell("one\ntwo|three") == "one<br>two\\|three"


def test_newlines_do_not_break_list_items():
    d = _it(1, "decision", {"text": "first line\nsecond line"}, evidence="q\nr")
    md = render_markdown(build_minutes(_meeting("en"), [], [d], summary="s", review=OK, stats={}))
    assert "1. first line second line\n" in md and "“q r”" in md


def test_markdown_header_date_participants_and_flagged_item():
    d = _it(1, "decision", {"text": "maybe ship"})
    review = {"status": "issues", "issues": [{"intent_id": "int_1", "problem": "hedged wording recorded as a decision"}]}
    md = render_markdown(build_minutes(_meeting("en", ("Ann", "Bob")), [], [d], summary="s", review=review,
                                       stats={}), date="2025-03-01")
    assert md.startswith("# Minutes: 周会\n\n- Date: 2025-03-01\n- Participants: Ann, Bob\n")
    assert "1. maybe ship ⚠ needs review" in md
    assert "Status: 1 issue(s) found" in md and "- maybe ship: hedged wording recorded as a decision" in md


def test_meeting_date_is_an_iso_date():
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", meeting_date(1_700_000_000.0))


def test_extractive_summary_groups_the_items_sentences_by_topic_verbatim():
    said = ["今天先同步发布计划。", "决定下周三发布。", "登录页改版给张三，不对，给李四。", "随便聊聊天气。",
            "好的。", "嗯。", "预算方面，决定追加两万。", "取消的事情不用做了。"]
    transcript = [_utt(n, text) for n, text in enumerate(said, 1)]
    intents = [_it(1, "decision", {"text": "下周三发布"}, seqs=(2,)),
               _it(2, "task", {"title": "登录页改版", "owner": "李四"}, seqs=(3,)),
               _it(3, "decision", {"text": "预算追加两万"}, seqs=(7,)),
               _it(4, "task", {"title": "取消的事"}, status="rejected", seqs=(8,)),
               _it(5, "decision", {"text": "未定"}, status="detected", seqs=(4,)),
               _it(6, "question", {"text": "谁值班？"}, seqs=(5,))]
    meeting = _meeting("zh")
    zh = extractive_summary(meeting, transcript, intents)
    assert zh.splitlines() == [
        "会议「周会」共 8 条发言：2 项决定，1 项待办，1 个待解决问题。",
        "",
        "- 下周三发布：决定下周三发布。登录页改版给张三，不对，给李四。（#2、#3）",
        "- 预算追加两万：预算方面，决定追加两万。（#7）",
        "- 待解决问题：谁值班？",
    ]
    # Nothing from a rejected or unapproved intent, nothing that was not said.
    assert "取消" not in zh and "天气" not in zh
    # An agenda line that shares the topic's words labels it.
    with_agenda = extractive_summary(replace(meeting, agenda="1. 发布计划\n2. 预算方案"), transcript, intents)
    assert "- 预算方案：预算方面，决定追加两万。（#7）" in with_agenda.splitlines()
    en = extractive_summary(_meeting("en"), [_utt(1, "a")], [])
    assert en == "Meeting “周会”: 1 utterance. No decisions, action items or open questions were recorded."
    many = extractive_summary(_meeting("en"), [_utt(n, f"line {n}") for n in range(1, 80)],
                              [_it(n, "task", {"title": f"t{n}"}, seqs=(n * 5,)) for n in range(1, 15)])
    assert many.splitlines()[0] == "Meeting “周会”: 79 utterances, 14 action items."
    assert many.splitlines()[-1] == "- 2 more topics"
    assert many.splitlines()[2] == "- t1: line 5. (#5)"


async def test_evidence_validation_rejects_a_paraphrased_quote(tmp_path):
    store = await Store.open(tmp_path / "m.db")
    try:
        m = await store.create_meeting("周会", "zh", "suggest", ["张三"])
        await say(store, m, "登录页面的改版交给张三，周五之前完成。")
        ledger = Ledger(store)
        with pytest.raises(InvalidInput, match="verbatim"):
            await ledger.upsert(m.id, kind="task", payload={"title": "登录页改版", "owner": "张三"}, evidence_seqs=[1],
                                evidence="张三负责登录页改版，周五前完成", basis_sequence=1)
        assert await store.list_intents(m.id) == []
        ok = await ledger.upsert(m.id, kind="task", payload={"title": "登录页改版", "owner": "张三"}, evidence_seqs=[1],
                                 evidence="登录页面的改版交给张三", basis_sequence=1)
        assert ok["status"] == "detected"
    finally:
        await store.close()


@pytest.mark.parametrize("language, marker", [("zh", "（人工）"), ("en", " (set by a person)")])
def test_items_set_by_a_person_are_marked(language, marker):
    from dataclasses import replace

    edited = replace(_task(1, "写报告", "Frank"), set_by_person=("owner",))
    m = build_minutes(_meeting(language), [_utt(1, "quote")], [edited, _task(2, "订会议室")], summary="s",
                      review=OK, stats={})
    assert [a.get("set_by_person") for a in m["action_items"]] == [["owner"], None]
    rows = _table_rows(render_markdown(m))
    assert rows[0][0] == ("写报告" + marker).strip()
    assert rows[1][0] == "订会议室"
