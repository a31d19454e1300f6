"""CSV and iCalendar exports of the minutes (issue #15)."""

from __future__ import annotations

import csv
import io

from coordinator.exports import CSV_COLUMNS, fold, ics_escape, minutes_csv, minutes_ics

MINUTES = {
    "meeting": {"id": "m_1", "title": "周会, 发布; 计划", "language": "zh", "mode": "execute", "status": "ended",
                "participants": ["李四"]},
    "decisions": [{"text": "下周一上线", "evidence": "决定下周一上线。", "evidence_seqs": [4], "intent_id": "int_d",
                   "revision": 1}],
    "action_items": [
        {"task": "写支付回调重试的设计文档，包含重试策略、幂等键以及告警阈值的说明", "owner": "李四",
         "due_date_raw": "周五", "due_date": "2025-03-14", "priority": "high",
         "evidence": "张三负责写设计文档，周五之前完成。\n不对，给李四吧。", "evidence_seqs": [2, 3],
         "intent_id": "int_t", "revision": 2},
        {"task": "=HYPERLINK(\"x\")", "owner": None, "due_date_raw": None, "priority": "unspecified",
         "evidence": "随便说说", "evidence_seqs": [5], "intent_id": "int_u", "revision": 1},
    ],
    "open_questions": [{"text": "谁值班？", "evidence_seqs": [6]}],
}


def test_csv_has_one_row_per_item_and_neutralises_formulas():
    text = minutes_csv(MINUTES)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [r[0] for r in rows[1:]] == ["decision", "task", "task", "question"]
    task = dict(zip(CSV_COLUMNS, rows[2], strict=True))
    assert (task["owner"], task["due_date_raw"], task["due_date"], task["evidence_seqs"]) == ("李四", "周五", "2025-03-14", "#2 #3")
    assert "\n" in task["evidence"]  # quoted, not a broken row
    assert rows[3][1] == "'=HYPERLINK(\"x\")"


def test_ics_has_a_vtodo_per_dated_task_folded_and_escaped():
    text = minutes_ics(MINUTES, stamp=1_741_600_000)
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    for line in text.split("\r\n"):
        assert len(line.encode("utf-8")) <= 75
    unfolded = text.replace("\r\n ", "")
    assert unfolded.count("BEGIN:VTODO") == 1  # the undated task has no VTODO
    assert "UID:int_t@meetingd" in unfolded and "DUE;VALUE=DATE:20250314" in unfolded
    assert "DTSTAMP:20250310T094640Z" in unfolded
    assert "X-WR-CALNAME:周会\\, 发布\\; 计划" in unfolded
    assert "\\n不对，给李四吧。" in unfolded
    # Folding never cuts a character: every physical line is valid UTF-8 on its own.
    for line in text.split("\r\n"):
        line.encode("utf-8").decode("utf-8")
    assert minutes_ics(MINUTES, stamp=1_741_600_000) == text


def test_fold_and_escape_edges():
    assert fold("a" * 75) == "a" * 75
    assert fold("a" * 76) == "a" * 75 + "\r\n a"
    assert fold("中" * 30).split("\r\n ")[0] == "中" * 25  # 75 octets, three per character
    assert ics_escape("a\\b;c,d\ne") == "a\\\\b\\;c\\,d\\ne"
