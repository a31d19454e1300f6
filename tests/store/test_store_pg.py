"""The PostgreSQL backend's own contract: migrations twin the SQLite ones, versions, URL choice,
placeholder translation. (Everything else runs on both backends through the ``store`` fixture.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import store.schema as sqlite_schema
import store.schema_pg as pg_schema
from models import SchemaVersionError
from store import Store
from store.pg import placeholders
from tests.backends import Peek
from tests.pgcluster import Cluster


def test_placeholders_outside_literals() -> None:
    assert placeholders("SELECT ? , '?', \"a?\" FROM t WHERE a = ? AND b IN (?,?)") == (
        "SELECT $1 , '?', \"a?\" FROM t WHERE a = $2 AND b IN ($3,$4)")


def _sqlite_columns(path: Path) -> dict[str, set[str]]:
    with sqlite3.connect(path) as c:
        names = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                 if r[0] != "sqlite_sequence"]
        return {t: {r[1] for r in c.execute(f"PRAGMA table_info({t})")} for t in names}


async def test_both_backends_have_the_same_versions_tables_and_columns(pg_cluster: Cluster, db_path: Path) -> None:
    assert pg_schema.SCHEMA_VERSION == sqlite_schema.SCHEMA_VERSION == len(pg_schema.MIGRATIONS)
    url = pg_cluster.url(pg_cluster.new_database())
    for target in (db_path, url):
        await (await Store.open(target)).close()
    peek = Peek(url)
    pg: dict[str, set[str]] = {}
    for table, column in peek.rows("SELECT table_name, column_name FROM information_schema.columns"
                                   " WHERE table_schema = 'public'"):
        pg.setdefault(table, set()).add(column)
    # ``rowid`` is implicit in SQLite and an explicit identity column where PostgreSQL needs it.
    assert {t: cols - {"rowid"} for t, cols in pg.items()} == _sqlite_columns(db_path)
    assert peek.rows("SELECT version FROM schema_version") == [(pg_schema.SCHEMA_VERSION,)]


async def test_reopen_and_two_nodes_migrating_at_once(pg_cluster: Cluster) -> None:
    import asyncio

    url = pg_cluster.url(pg_cluster.new_database())
    a, b = await asyncio.gather(Store.open(url), Store.open(url))  # the migration lock orders them
    m = await a.create_meeting("两个节点")
    await a.append_utterance(m.id, "第一句。")
    assert (await b.get_meeting(m.id)).latest_seq == 1
    for s in (a, b):
        await s.close()
    s = await Store.open(url)
    try:
        assert [u.text for u in await s.list_utterances(m.id)] == ["第一句。"]
    finally:
        await s.close()
    assert Peek(url).rows("SELECT version FROM schema_version") == [(pg_schema.SCHEMA_VERSION,)]


async def test_newer_database_is_refused_untouched(pg_cluster: Cluster) -> None:
    db = pg_cluster.new_database()
    pg_cluster.psql(db, "CREATE TABLE schema_version (version INTEGER NOT NULL);"
                        f" INSERT INTO schema_version VALUES ({pg_schema.SCHEMA_VERSION + 3})")
    with pytest.raises(SchemaVersionError, match="newer than this meetingd supports"):
        await Store.open(pg_cluster.url(db))
    assert pg_cluster.psql(db, "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
                           ).strip() == "1"


def test_settings_take_a_url_or_a_path(tmp_path: Path) -> None:
    from live.config import Settings

    url = "postgresql://meetingd@127.0.0.1:5432/meetingd"
    assert Settings(db=url, data_dir=tmp_path).db_target == url
    assert Settings(db=str(tmp_path / "x.db"), data_dir=tmp_path).db_target == tmp_path / "x.db"
    assert Settings(data_dir=tmp_path).db_target == tmp_path / "meetingd.db"
