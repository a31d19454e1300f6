"""Row → domain record conversion (the only place that knows column encodings)."""

from __future__ import annotations

import json
import sqlite3

from models import (
    AsrJob,
    Binding,
    BindingState,
    Intent,
    IntentKind,
    IntentStatus,
    JobStatus,
    Language,
    Meeting,
    MeetingStatus,
    Mode,
    Risk,
    Utterance,
)


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def meeting(r: sqlite3.Row) -> Meeting:
    return Meeting(
        id=r["id"],
        title=r["title"],
        language=Language(r["language"]),
        mode=Mode(r["mode"]),
        status=MeetingStatus(r["status"]),
        participants=tuple(json.loads(r["participants"])),
        created_at=r["created_at"],
        ended_at=r["ended_at"],
        latest_seq=r["latest_seq"],
        analyzed_seq=r["analyzed_seq"],
        change_cursor=r["change_cursor"],
        glossary=tuple(json.loads(r["glossary"])),
        agenda=r["agenda"],
        language_auto=bool(r["language_auto"]),
    )


def utterance(r: sqlite3.Row) -> Utterance:
    return Utterance(
        meeting_id=r["meeting_id"],
        seq=r["seq"],
        text=r["text"],
        start_ms=r["start_ms"],
        end_ms=r["end_ms"],
        source=r["source"],
        job_id=r["job_id"],
        created_at=r["created_at"],
        text_raw=r["text_raw"],
        rewrites=tuple(json.loads(r["rewrites"])),
        language=r["language"],
    )


def job(r: sqlite3.Row) -> AsrJob:
    return AsrJob(
        id=r["id"],
        meeting_id=r["meeting_id"],
        status=JobStatus(r["status"]),
        audio_path=r["audio_path"],
        duration_ms=r["duration_ms"],
        attempts=r["attempts"],
        error=r["error"],
        created_at=r["created_at"],
        finished_at=r["finished_at"],
        start_ms=r["start_ms"],
        utterance_seq=r["utterance_seq"],
    )


def binding(r: sqlite3.Row) -> Binding:
    return Binding(
        meeting_id=r["meeting_id"],
        session_id=r["session_id"],
        state=BindingState(r["state"]),
        delivered_seq=r["delivered_seq"],
        analyzed_seq=r["analyzed_seq"],
        updated_at=r["updated_at"],
    )


def intent(r: sqlite3.Row) -> Intent:
    return Intent(
        id=r["id"],
        meeting_id=r["meeting_id"],
        kind=IntentKind(r["kind"]),
        payload=json.loads(r["payload"]),
        evidence_seqs=tuple(json.loads(r["evidence_seqs"])),
        evidence=r["evidence"],
        revision=r["revision"],
        status=IntentStatus(r["status"]),
        basis_seq=r["basis_seq"],
        risk=Risk(r["risk"]),
        entity_ref=r["entity_ref"],
        subagent_id=r["subagent_id"],
        question=r["question"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        produced_by=r["produced_by"],
        set_by_person=tuple(json.loads(r["set_by_person"] or "[]")),
        pending_revision=json.loads(r["pending_revision"]) if r["pending_revision"] else None,
        error=r["error"],
    )
