"""Minutes as CSV (a spreadsheet of the items) and iCalendar (tasks with dates as VTODO). Pure.

Both are built from ``minutes.json`` (DESIGN §8) only, so they say nothing the minutes do not.
CSV: UTF-8 with a BOM (so spreadsheet apps read Chinese right), one row per decision, action
item and open question; a cell that a spreadsheet would run as a formula is prefixed with ``'``.
iCalendar: RFC 5545 — CRLF line ends, TEXT values escaped (§3.3.11) and lines folded at 75
octets without splitting a UTF-8 character (§3.1); one VTODO per action item with an ISO
``due_date`` (UID = intent id, so a re-import updates the task instead of duplicating it).
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
from collections.abc import Mapping
from typing import Any

CSV_COLUMNS = ("kind", "text", "owner", "due_date_raw", "due_date", "priority", "evidence", "evidence_seqs",
               "intent_id", "revision")

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def minutes_csv(minutes: Mapping[str, Any]) -> str:
    """The items of the minutes as CSV text (header row first)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)

    def row(kind: str, text: str, item: Mapping[str, Any]) -> None:
        w.writerow([_cell(v) for v in (
            kind, text, item.get("owner"), item.get("due_date_raw"), item.get("due_date"), item.get("priority"),
            item.get("evidence"), " ".join(f"#{s}" for s in item.get("evidence_seqs") or []),
            item.get("intent_id"), item.get("revision"),
        )])

    for d in minutes.get("decisions", []):
        row("decision", d["text"], d)
    for a in minutes.get("action_items", []):
        row("task", a["task"], a)
    for q in minutes.get("open_questions", []):
        row("question", q["text"], q)
    return "\ufeff" + out.getvalue()


def ics_escape(text: str) -> str:
    """A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped."""
    return (str(text).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\r", "\\n").replace("\n", "\\n"))


def fold(line: str, limit: int = 75) -> str:
    """Fold one content line into chunks of at most ``limit`` octets (RFC 5545 §3.1): CRLF then a
    space starts each continuation, and a multi-byte character is never cut in two."""
    parts: list[str] = []
    current, size = "", 0
    for ch in line:
        n = len(ch.encode("utf-8"))
        budget = limit if not parts else limit - 1  # a continuation line spends one octet on the space
        if size + n > budget:
            parts.append(current)
            current, size = "", 0
        current += ch
        size += n
    parts.append(current)
    return "\r\n ".join(parts)


def _iso_date(value: Any) -> _dt.date | None:
    try:
        return _dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def minutes_ics(minutes: Mapping[str, Any], *, stamp: float) -> str:
    """A VCALENDAR with one VTODO per action item that has a date. ``stamp`` (epoch seconds,
    the meeting's end) is every DTSTAMP, so the same minutes always give the same file."""
    m = minutes["meeting"]
    dtstamp = _dt.datetime.fromtimestamp(stamp, _dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//meetingd//minutes//EN", "CALSCALE:GREGORIAN",
             f"X-WR-CALNAME:{ics_escape(m['title'])}"]
    for a in minutes.get("action_items", []):
        due = _iso_date(a.get("due_date"))
        if due is None:
            continue
        description = [f"{m['title']}", f"\u201c{a.get('evidence', '')}\u201d"]
        if a.get("owner"):
            description.insert(1, f"owner: {a['owner']}")
        if a.get("due_date_raw"):
            description.insert(-1, f"due (as said): {a['due_date_raw']}")
        lines += [
            "BEGIN:VTODO",
            f"UID:{a['intent_id']}@meetingd",
            f"DTSTAMP:{dtstamp}",
            f"SEQUENCE:{max(0, int(a.get('revision') or 1) - 1)}",
            f"SUMMARY:{ics_escape(a['task'])}",
            f"DESCRIPTION:{ics_escape(chr(10).join(description))}",
            f"DUE;VALUE=DATE:{due.strftime('%Y%m%d')}",
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
        ]
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


__all__ = ["CSV_COLUMNS", "fold", "ics_escape", "minutes_csv", "minutes_ics"]
