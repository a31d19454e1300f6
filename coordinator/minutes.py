"""Minutes: ``minutes.json`` (DESIGN §8) and ``minutes.md``, both built by code. Pure.

Nothing here calls a model or reads the clock: the same meeting, transcript and intents always
give byte-identical minutes. Every item comes from an *applied* intent and quotes that intent's
verbatim evidence; a field the transcript did not give (owner, due date) stays ``null`` in JSON
and renders as ``未提供`` / ``not provided``.

Open questions are the applied ``question`` intents only: a question the Supervisor detected but
nobody approved is not a finding of the meeting (it still appears under ``intents`` with its
status, and finalize refuses to close while one is undecided).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from intents.evidence import key_terms
from models import Intent, IntentKind, IntentStatus, InvalidInput, Language, Meeting, Utterance
from models.payloads import headline

STATS_KEYS = (
    "utterances",
    "supervisor_turns",
    "supervisor_steps",
    "llm_calls",
    "conflicts",
    "asr_audio_ms",
    "asr_compute_ms",
)

# How many open questions the extractive summary names before it says "and N more"; how many
# topics it shows, how many verbatim lines per topic, and the transcript gap that splits topics.
SUMMARY_ITEMS = 5
SUMMARY_TOPICS = 12
SUMMARY_SENTENCES = 6
TOPIC_GAP = 3
_AGENDA_SPLIT = re.compile(r"[\n；;]+")

_LABELS: dict[str, dict[str, str]] = {
    "zh": {
        "title": "会议纪要：{}",
        "date": "日期",
        "participants": "参会人",
        "duration": "时长",
        "transcript": "附录：逐字稿",
        "summary": "摘要",
        "decisions": "决定",
        "actions": "待办事项",
        "questions": "待解决问题",
        "notes": "备注",
        "review": "审核",
        "header": "| 任务 | 负责人 | 截止（原话） | 优先级 | 依据 |",
        "none": "（无）",
        "null": "未提供",
        "sep": "、",
        "evidence": "依据",
        "colon": "：",
        "quote": "「{}」",
        "review_ok": "状态：通过",
        "review_issues": "状态：发现 {} 个问题",
        "review_needs": "状态：需复核（发现 {} 个问题）",
        "refs": "（{}）",
        "flag": " ⚠ 待核实",
        "p_high": "高",
        "p_medium": "中",
        "p_low": "低",
        "p_unspecified": "未指定",
        "person": "（人工）",
    },
    "en": {
        "title": "Minutes: {}",
        "date": "Date",
        "participants": "Participants",
        "duration": "Duration",
        "transcript": "Appendix: transcript",
        "summary": "Summary",
        "decisions": "Decisions",
        "actions": "Action items",
        "questions": "Open questions",
        "notes": "Notes",
        "review": "Review",
        "header": "| Task | Owner | Due (as said) | Priority | Evidence |",
        "none": "(none)",
        "null": "not provided",
        "sep": ", ",
        "evidence": "Evidence",
        "colon": ": ",
        "quote": "\u201c{}\u201d",
        "review_ok": "Status: ok",
        "review_issues": "Status: {} issue(s) found",
        "review_needs": "Status: needs review ({} issue(s) found)",
        "refs": " ({})",
        "flag": " ⚠ needs review",
        "p_high": "high",
        "p_medium": "medium",
        "p_low": "low",
        "p_unspecified": "unspecified",
        "person": " (set by a person)",
    },
}


def _applied(intents: Sequence[Intent], kind: IntentKind) -> list[Intent]:
    return [it for it in intents if it.kind is kind and it.status is IntentStatus.APPLIED]


def normalise_stats(stats: Mapping[str, Any]) -> dict[str, int]:
    """The ``stats`` object of DESIGN §8: exactly ``STATS_KEYS``, ints, missing ones 0.

    Raises InvalidInput for a key outside the contract or a value that is not a number.
    """
    unknown = sorted(set(stats) - set(STATS_KEYS))
    if unknown:
        raise InvalidInput(f"unknown minutes stats {unknown}; expected some of {list(STATS_KEYS)}")
    out: dict[str, int] = {}
    for key in STATS_KEYS:
        value = stats.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise InvalidInput(f"minutes stat {key} must be a non-negative number, got {value!r}")
        out[key] = round(value)
    return out


def _end(sentence: str, stop: str) -> str:
    """Close a sentence unless its last item already did ("值班？" needs no "。")."""
    return sentence if sentence[-1:] in "。！？.!?" else sentence + stop


def _topics(items: list[Intent]) -> list[list[Intent]]:
    """Applied decisions and tasks grouped into topics: in transcript order, an item whose first
    cited utterance is more than ``TOPIC_GAP`` after the topic's last one starts a new topic."""
    ordered = sorted(items, key=lambda it: (min(it.evidence_seqs, default=0), it.created_at))
    groups: list[list[Intent]] = []
    last = None
    for it in ordered:
        first = min(it.evidence_seqs, default=0)
        if groups and last is not None and first <= last + TOPIC_GAP:
            groups[-1].append(it)
        else:
            groups.append([it])
        last = max([last or 0, *it.evidence_seqs])
    return groups


def _topic_label(group: list[Intent], agenda: list[str], text: str) -> str:
    """The agenda line the topic's sentences share most key terms with (at least two), else the
    headline of its first item."""
    terms = key_terms(text)
    best = max(agenda, key=lambda line: len(key_terms(line) & terms), default=None)
    if best is not None and len(key_terms(best) & terms) >= 2:
        return best
    return headline(group[0].kind, group[0].payload)


def extractive_summary(meeting: Meeting, transcript: Sequence[Utterance], intents: Sequence[Intent]) -> str:
    """A summary per topic, extracted verbatim: the utterances that carry the meeting's applied
    decisions and tasks (their evidence), grouped into topics (``_topics``), each labelled by a
    matching agenda line or its first item's headline, then the applied open questions.

    Used when no model-written summary is available. Every sentence is a transcript line as said;
    nothing is paraphrased or invented. Plain text: a count line, then one ``- `` line per topic.
    """
    zh = meeting.language is Language.ZH
    decisions = _applied(intents, IntentKind.DECISION)
    tasks = _applied(intents, IntentKind.TASK)
    questions = [it.payload.get("text", "") for it in _applied(intents, IntentKind.QUESTION)]
    said = {u.seq: u.text for u in transcript}
    agenda = [line.strip(" -*0123456789.、)）") for line in _AGENDA_SPLIT.split(meeting.agenda or "")]
    agenda = [line for line in agenda if line]
    n = len(transcript)
    if zh:
        head = f"会议「{_one_line(meeting.title)}」共 {n} 条发言"
        counts = [f"{len(decisions)} 项决定" if decisions else "", f"{len(tasks)} 项待办" if tasks else "",
                  f"{len(questions)} 个待解决问题" if questions else ""]
        counts = [c for c in counts if c]
        lines = [head + ("：" + "，".join(counts) + "。" if counts else "。未形成决定、待办或待解决问题。")]
    else:
        head = f"Meeting \u201c{_one_line(meeting.title)}\u201d: {n} utterance{'s' if n != 1 else ''}"
        counts = [f"{len(decisions)} decision{'s' if len(decisions) != 1 else ''}" if decisions else "",
                  f"{len(tasks)} action item{'s' if len(tasks) != 1 else ''}" if tasks else "",
                  f"{len(questions)} open question{'s' if len(questions) != 1 else ''}" if questions else ""]
        counts = [c for c in counts if c]
        lines = [head + (", " + ", ".join(counts) + "." if counts
                         else ". No decisions, action items or open questions were recorded.")]
    topics = _topics(decisions + tasks)
    body: list[str] = []
    for group in topics[:SUMMARY_TOPICS]:
        seqs = sorted({s for it in group for s in it.evidence_seqs if s in said})
        # Verbatim lines; an item whose cited lines are gone falls back to its own quote.
        sentences = [_clip(said[s]) for s in seqs] or [_clip(it.evidence) for it in group]
        shown = sentences[:SUMMARY_SENTENCES]
        more = len(sentences) - len(shown)
        text = ("" if zh else " ").join(_end(_one_line(x), "。" if zh else ".") for x in shown)
        if more:
            text += f"（另 {more} 句）" if zh else f" (+{more} more)"
        label = _one_line(_topic_label(group, agenda, " ".join(said.get(s, "") for s in seqs)))
        refs = ("、" if zh else ", ").join(f"#{s}" for s in seqs)
        body.append(f"- {label}{'：' if zh else ': '}{text}" + (f"（{refs}）" if zh and refs else f" ({refs})" if refs else ""))
    if len(topics) > SUMMARY_TOPICS:
        body.append(f"- 另有 {len(topics) - SUMMARY_TOPICS} 个议题" if zh
                    else f"- {len(topics) - SUMMARY_TOPICS} more topics")
    if questions:
        listed = [_one_line(q) for q in questions[:SUMMARY_ITEMS]]
        more = len(questions) - len(listed)
        if zh:
            body.append("- 待解决问题：" + _end("；".join(listed) + (f"；等 {len(questions)} 项" if more else ""), "。"))
        else:
            body.append("- Open questions: " + _end("; ".join(listed) + (f"; and {more} more" if more else ""), "."))
    return "\n".join(lines + (["", *body] if body else []))


def _one_line(text: str) -> str:
    """Verbatim but on one line (the summary is plain text; minutes.md escapes it when rendering)."""
    return " ".join(str(text).split())


def _clip(text: str, limit: int = 240) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def build_minutes(
    meeting: Meeting,
    transcript: Sequence[Utterance],
    intents: Sequence[Intent],
    *,
    summary: str,
    review: Mapping[str, Any],
    stats: Mapping[str, Any],
) -> dict[str, Any]:
    """``minutes.json`` of DESIGN §8, from applied intents (one intent, one entity).

    ``intents`` in the order they should be listed (the store's creation order); ``review`` is
    ``{"status": "ok"|"issues", "issues": [...]}``; ``stats`` goes through :func:`normalise_stats`.
    """
    def seqs(it: Intent) -> list[int]:
        return list(it.evidence_seqs)

    return {
        "meeting": {
            "id": meeting.id,
            "title": meeting.title,
            "language": meeting.language.value,
            "mode": meeting.mode.value,
            "status": meeting.status.value,
            "participants": list(meeting.participants),
        },
        "summary": summary,
        "decisions": [
            {"text": it.payload["text"], "evidence": it.evidence, "evidence_seqs": seqs(it), "intent_id": it.id,
             "revision": it.revision} | _by_person(it)
            for it in _applied(intents, IntentKind.DECISION)
        ],
        "action_items": [
            {"task": it.payload["title"], "owner": it.payload.get("owner"),
             "due_date_raw": it.payload.get("due_date_raw"), "due_date": it.payload.get("due_date"),
             "priority": it.payload.get("priority", "unspecified"),
             "evidence": it.evidence, "evidence_seqs": seqs(it), "intent_id": it.id, "revision": it.revision}
            | _by_person(it)
            for it in _applied(intents, IntentKind.TASK)
        ],
        "open_questions": [
            {"text": it.payload["text"], "evidence_seqs": seqs(it)} for it in _applied(intents, IntentKind.QUESTION)
        ],
        "intents": [
            {"id": it.id, "kind": it.kind.value, "status": it.status.value, "revision": it.revision,
             "payload": dict(it.payload), "evidence_seqs": seqs(it)}
            for it in intents
        ],
        "transcript": [
            {"seq": u.seq, "text": u.text, "start_ms": u.start_ms, "end_ms": u.end_ms} for u in transcript
        ],
        "review": {"status": review["status"], "issues": [dict(i) for i in review["issues"]]}
        | ({"skipped": [dict(r) for r in review["skipped"]]} if review.get("skipped") else {}),
        "stats": normalise_stats(stats),
    }


def duration_ms(transcript: Sequence[Mapping[str, Any]]) -> int | None:
    """From the first utterance's start to the last one's end (audio meetings); None when the
    transcript carries no times (a typed meeting)."""
    starts = [u["start_ms"] for u in transcript if u.get("start_ms") is not None]
    ends = [u["end_ms"] for u in transcript if u.get("end_ms") is not None]
    return max(ends) - min(starts) if starts and ends else None


def fmt_duration(ms: int) -> str:
    """``1:02:03`` / ``12:05`` (h:mm:ss or m:ss)."""
    s = ms // 1000
    h, m, sec = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def due_text(item: Mapping[str, Any]) -> str | None:
    """The due date as said, with the date it resolves to beside it where one is known."""
    raw, iso = item.get("due_date_raw"), item.get("due_date")
    if raw and iso:
        return f"{raw} ({iso})"
    return raw or iso
def _by_person(it: Intent) -> dict[str, Any]:
    """``set_by_person`` only on items a person set or added: the DESIGN §8 fields stay exact otherwise."""
    return {"set_by_person": list(it.set_by_person)} if it.set_by_person else {}


def meeting_date(created_at: float) -> str:
    """The meeting's calendar date (ISO), in the daemon's local time zone: the day people met."""
    return _dt.datetime.fromtimestamp(created_at).astimezone().date().isoformat()


# -- Markdown -----------------------------------------------------------------------------------


def escape_html(text: str) -> str:
    """Angle brackets as entities: Markdown passes raw HTML through, and a transcript that says
    ``<img onerror=…>`` must stay text in whatever renders the minutes."""
    return str(text).replace("<", "&lt;").replace(">", "&gt;")


def _inline(text: str) -> str:
    """One line of prose: a newline inside a list item would end the item (HTML escaped)."""
    return escape_html(" ".join(str(text).split()))


def escape_cell(text: str) -> str:
    """A table cell: ``|`` would split the cell and a newline would end the row (HTML escaped)."""
    lines = str(text).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "<br>".join(escape_html(line.strip()) for line in lines).replace("|", "\\|").strip()


def render_markdown(minutes: Mapping[str, Any], *, date: str | None = None) -> str:
    """``minutes.md`` from ``minutes.json``: deterministic, zh or en by the meeting's language.

    ``date`` is the ISO meeting date (:func:`meeting_date`); minutes.json does not carry it.
    Items that review flagged carry a marker, and the review section says why.
    """
    m = minutes["meeting"]
    lab = _LABELS["zh" if m.get("language") == "zh" else "en"]
    review = minutes["review"]
    issues = list(review.get("issues") or [])
    flagged = {i.get("intent_id") for i in issues if i.get("intent_id")}

    def val(v: Any) -> str:
        return lab["null"] if v is None or (isinstance(v, str) and not v.strip()) else str(v)

    def refs(seqs: Sequence[int]) -> str:
        return lab["refs"].format(lab["sep"].join(f"#{s}" for s in seqs))

    def mark(item: Mapping[str, Any]) -> str:
        person = lab["person"] if item.get("set_by_person") else ""
        return person + (lab["flag"] if item.get("intent_id") in flagged else "")

    people = lab["sep"].join(_inline(p) for p in m.get("participants") or [])
    out = [f"# {lab['title'].format(_inline(m['title']))}", "",
           f"- {lab['date']}{lab['colon']}{val(date)}", f"- {lab['participants']}{lab['colon']}{val(people)}"]
    length = duration_ms(minutes.get("transcript") or [])
    if length is not None:
        out.append(f"- {lab['duration']}{lab['colon']}{fmt_duration(length)}")
    out += ["",
           f"## {lab['summary']}", "", escape_html(val(minutes.get("summary")).strip()), "",
           f"## {lab['decisions']}", ""]
    for i, d in enumerate(minutes["decisions"], 1):
        out.append(f"{i}. {_inline(d['text'])}{mark(d)}")
        out.append(f"   - {lab['evidence']}{refs(d['evidence_seqs'])}{lab['colon']}"
                   f"{lab['quote'].format(_inline(d['evidence']))}")
    if not minutes["decisions"]:
        out.append(lab["none"])

    out += ["", f"## {lab['actions']}", "", lab["header"], "|---|---|---|---|---|"]
    for a in minutes["action_items"]:
        cells = [
            a["task"] + mark(a),
            val(a.get("owner")),
            val(due_text(a)),
            lab.get(f"p_{a.get('priority')}", val(a.get("priority"))),
            lab["quote"].format(a["evidence"]) + refs(a["evidence_seqs"]),
        ]
        out.append("| " + " | ".join(escape_cell(c) for c in cells) + " |")
    if not minutes["action_items"]:
        out.append(f"| {lab['none']} |  |  |  |  |")

    out += ["", f"## {lab['questions']}", ""]
    out += [f"- {_inline(q['text'])}{refs(q['evidence_seqs'])}" for q in minutes["open_questions"]]
    if not minutes["open_questions"]:
        out.append(lab["none"])
    out.append("")

    # Applied notes are business data too; minutes.json lists them under ``intents``.
    notes = [it for it in minutes.get("intents", []) if it["kind"] == "note" and it["status"] == "applied"]
    if notes:
        out += [f"## {lab['notes']}", ""]
        for n in notes:
            body = _inline(n["payload"].get("body", ""))
            out.append(f"- {_inline(n['payload'].get('title', ''))}" + (f"{lab['colon']}{body}" if body else ""))
        out.append("")

    out += [f"## {lab['review']}", ""]
    if review.get("status") == "needs_review":
        out.append(lab["review_needs"].format(len(issues)))
    else:
        out.append(lab["review_ok"] if review.get("status") == "ok" and not issues
                   else lab["review_issues"].format(len(issues)))
    if issues:
        names = {it["id"]: headline(IntentKind(it["kind"]), it["payload"]) for it in minutes.get("intents", [])}
        out.append("")
        for issue in issues:
            seqs = f"#{issue['from_seq']}–#{issue['to_seq']}" if "from_seq" in issue else ""
            subject = names.get(issue.get("intent_id", "")) or issue.get("intent_id") or issue.get("job_id") or seqs
            problem = _inline(issue.get("problem", ""))
            out.append(f"- {_inline(subject)}{lab['colon']}{problem}" if subject else f"- {problem}")
    out.append("")

    # The transcript as an appendix: every quote above can be read in its context.
    transcript = minutes.get("transcript") or []
    if transcript:
        out += [f"## {lab['transcript']}", ""]
        for u in transcript:
            at = f" [{fmt_duration(u['start_ms'])}]" if u.get("start_ms") is not None else ""
            out.append(f"- #{u['seq']}{at} {_inline(u['text'])}")
        out.append("")
    return "\n".join(out)


__all__ = ["STATS_KEYS", "build_minutes", "due_text", "duration_ms", "escape_cell", "escape_html",
           "extractive_summary", "fmt_duration", "meeting_date",
           "normalise_stats", "render_markdown"]

