"""Versioned migrations: fresh, reopened, older (migrated), newer (refused), failed step (rolled back)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import store.db as store_db
from models import MeetingdError, SchemaVersionError
from store import Store
from store.schema import MIGRATIONS, SCHEMA_VERSION

DESIGN_TABLES = {
    "meetings", "utterances", "asr_jobs", "meeting_agent_bindings", "intent_events", "meeting_intents",
    "meeting_ai_actions", "tasks", "decisions", "notes", "open_questions",
}


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as c:
        return {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def versions(path: Path) -> list[int]:
    with sqlite3.connect(path) as c:
        return [r[0] for r in c.execute("SELECT version FROM schema_version")]


async def test_fresh_database_gets_current_version(db_path: Path) -> None:
    s = await Store.open(db_path)
    await s.close()
    assert SCHEMA_VERSION == len(MIGRATIONS) >= 1
    assert versions(db_path) == [SCHEMA_VERSION]
    assert DESIGN_TABLES <= tables(db_path)
    with sqlite3.connect(db_path) as c:
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopen_keeps_data_and_one_version_row(db_path: Path) -> None:
    s = await Store.open(db_path)
    m = await s.create_meeting("周会")
    await s.append_utterance(m.id, "第一句。")
    await s.close()
    s = await Store.open(db_path)
    try:
        assert (await s.get_meeting(m.id)).latest_seq == 1
        assert [u.text for u in await s.list_utterances(m.id)] == ["第一句。"]
    finally:
        await s.close()
    assert versions(db_path) == [SCHEMA_VERSION]


async def test_newer_database_is_refused_untouched(db_path: Path) -> None:
    newer = SCHEMA_VERSION + 7
    with sqlite3.connect(db_path) as c:
        c.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        c.execute("INSERT INTO schema_version VALUES (?)", (newer,))
    with pytest.raises(SchemaVersionError) as err:
        await Store.open(db_path)
    assert isinstance(err.value, MeetingdError) and err.value.code == "schema_version"
    msg = err.value.message
    assert f"version {newer} is newer than this meetingd supports ({SCHEMA_VERSION})" in msg
    assert "upgrade meetingd" in msg
    assert err.value.details == {"found": newer, "supported": SCHEMA_VERSION}
    assert tables(db_path) == {"schema_version"} and versions(db_path) == [newer]


async def test_older_database_is_migrated(db_path: Path) -> None:
    """A version-0 marker with no tables: every migration runs, the marker is updated in place."""
    with sqlite3.connect(db_path) as c:
        c.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        c.execute("INSERT INTO schema_version VALUES (0)")
    s = await Store.open(db_path)
    try:
        m = await s.create_meeting("迁移后")
        assert (await s.append_utterance(m.id, "能用。")).seq == 1
    finally:
        await s.close()
    assert versions(db_path) == [SCHEMA_VERSION]
    assert DESIGN_TABLES <= tables(db_path)


async def test_next_migration_step_runs_on_an_existing_database(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database at the current version with data gets a new step applied, data kept."""
    s = await Store.open(db_path)
    m = await s.create_meeting("旧库")
    await s.close()
    step = "ALTER TABLE meetings ADD COLUMN location TEXT NOT NULL DEFAULT 'room 1';\n" \
           "CREATE INDEX meetings_location ON meetings(location);\n"
    monkeypatch.setattr(store_db, "MIGRATIONS", [*MIGRATIONS, step])
    monkeypatch.setattr(store_db, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    s = await Store.open(db_path)
    try:
        assert (await s.get_meeting(m.id)).title == "旧库"
    finally:
        await s.close()
    assert versions(db_path) == [SCHEMA_VERSION + 1]
    with sqlite3.connect(db_path) as c:
        assert c.execute("SELECT location FROM meetings").fetchall() == [("room 1",)]


async def test_failed_migration_rolls_back_whole(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = await Store.open(db_path)
    await s.create_meeting("旧库")
    await s.close()
    broken = "ALTER TABLE meetings ADD COLUMN location TEXT;\nALTER TABLE no_such_table ADD COLUMN x TEXT;\n"
    monkeypatch.setattr(store_db, "MIGRATIONS", [*MIGRATIONS, broken])
    monkeypatch.setattr(store_db, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        await Store.open(db_path)
    assert versions(db_path) == [SCHEMA_VERSION]
    with sqlite3.connect(db_path) as c:
        cols = {r[1] for r in c.execute("PRAGMA table_info(meetings)")}
    assert "location" not in cols  # the first statement of the step was rolled back too


async def test_v1_database_gains_agenda_and_raw_text_keeping_rows(db_path: Path) -> None:
    """A database written by V1 (before the ASR vocabulary): its meeting and utterance survive the
    upgrade, with an empty agenda and no rewrites."""
    with sqlite3.connect(db_path) as c:
        c.executescript(MIGRATIONS[0])
        c.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        c.execute("INSERT INTO schema_version VALUES (1)")
        c.execute("INSERT INTO meetings(id, title, language, mode, status, participants, glossary, created_at,"
                  " latest_seq) VALUES ('m1', '旧会', 'zh', 'suggest', 'live', '[\"张三\"]', '[\"接口\"]', 1.0, 1)")
        c.execute("INSERT INTO utterances(meeting_id, seq, text, source, created_at)"
                  " VALUES ('m1', 1, '张三负责接口。', 'typed', 1.0)")  # fmt: skip
    s = await Store.open(db_path)
    try:
        m = await s.get_meeting("m1")
        assert (m.title, m.participants, m.glossary, m.agenda) == ("旧会", ("张三",), ("接口",), "")
        [u] = await s.list_utterances("m1")
        assert (u.text, u.text_raw, u.rewrites) == ("张三负责接口。", None, ())
        assert "text_raw" not in u.to_dict()
    finally:
        await s.close()
    assert versions(db_path) == [SCHEMA_VERSION] == [3]
