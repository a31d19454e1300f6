"""SQLite connections: one writer, readers beside it (WAL).

All writes go through :meth:`Database.transaction`, which serialises writers with an asyncio lock
and runs ``BEGIN IMMEDIATE … COMMIT`` on the single writer connection; an exception rolls the
whole transaction back, so no caller can leave a half-written row. Reads use a separate
connection and see the last committed state.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

import aiosqlite

from models.errors import SchemaVersionError

from .schema import MIGRATIONS, SCHEMA_VERSION

Row = sqlite3.Row


async def _connect(path: str) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    await conn.execute("PRAGMA journal_mode=WAL")
    # NORMAL is durable across process crashes in WAL mode; only an OS crash can lose the tail.
    await conn.execute("PRAGMA synchronous=NORMAL")
    await conn.execute("PRAGMA foreign_keys=ON")
    await conn.execute("PRAGMA busy_timeout=5000")
    return conn


class Tx:
    """The writer connection inside one open transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.after_commit: list[Any] = []
        self.changes: list[Any] = []

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Cursor:
        return await self.conn.execute(sql, tuple(params))

    # execute_fetchall is one hop to the connection thread; execute + fetch + close would be three,
    # and round trips dominate the latency of a transaction.
    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        got = await self.conn.execute_fetchall(sql, tuple(params))
        return next(iter(got), None)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, tuple(params)))


class Database:
    def __init__(self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        try:
            await _migrate(writer)
            reader = await _connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        async with self._lock:
            await self._reader.close()
            await self._writer.close()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            tx = Tx(self._writer)
            try:
                await _uncancellable(self._writer.execute("BEGIN IMMEDIATE"))
                yield tx
            except BaseException:
                # Also on cancellation: the one writer connection must never stay inside a
                # transaction, or every later write fails.
                if self._writer.in_transaction:
                    await _uncancellable(self._writer.execute("ROLLBACK"))
                raise
            try:
                await _uncancellable(self._writer.execute("COMMIT"))
            except asyncio.CancelledError:
                # _uncancellable raises CancelledError only once COMMIT itself succeeded: the
                # write is durable, so its listeners must still hear of it before we re-raise.
                _run_after_commit(tx)
                raise
            except BaseException:
                if self._writer.in_transaction:
                    await _uncancellable(self._writer.execute("ROLLBACK"))
                raise
        _run_after_commit(tx)

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        got = await self._reader.execute_fetchall(sql, tuple(params))
        return next(iter(got), None)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return list(await self._reader.execute_fetchall(sql, tuple(params)))


def _run_after_commit(tx: Tx) -> None:
    for callback in tx.after_commit:
        callback()


async def _uncancellable(aw: Any) -> Any:
    """Await ``aw`` to completion even if the caller is cancelled meanwhile, even repeatedly.

    The operation's own error wins; otherwise a cancellation that arrived meanwhile is re-raised
    after the operation finished, so the caller knows the statement did run.
    """
    task = asyncio.ensure_future(aw)
    cancelled = False
    while not task.done():
        try:
            # wait() never cancels the task it waits on, unlike a plain await.
            await asyncio.wait({task})
        except asyncio.CancelledError:
            cancelled = True
    result = task.result()
    if cancelled:
        raise asyncio.CancelledError
    return result


async def _migrate(conn: aiosqlite.Connection) -> None:
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with conn.execute("SELECT version FROM schema_version") as cur:
            row = await cur.fetchone()
        current = row[0] if row else 0
        if current > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"database schema version {current} is newer than this meetingd supports ({SCHEMA_VERSION}); "
                "upgrade meetingd or use another --db",
                found=current,
                supported=SCHEMA_VERSION,
            )
        for version in range(current, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[version]):
                await conn.execute(statement)
        if row is None:
            await conn.execute("INSERT INTO schema_version(version) VALUES (?)", (SCHEMA_VERSION,))
        else:
            await conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")


def _statements(script: str) -> list[str]:
    # executescript() would COMMIT implicitly; split so the migration stays one transaction.
    out, buf = [], []
    for line in script.splitlines():
        if line.strip().startswith("--"):
            continue
        buf.append(line)
        if line.rstrip().endswith(";"):
            out.append("\n".join(buf).strip())
            buf = []
    return [s for s in out if s]
