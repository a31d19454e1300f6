"""SQLite connections: one writer, readers beside it (WAL).

All writes go through :meth:`Database.transaction`, which serialises writers with an asyncio lock
and runs ``BEGIN IMMEDIATE … COMMIT`` on the single writer connection; an exception rolls the
whole transaction back, so no caller can leave a half-written row. Reads use a separate
connection and see the last committed state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

import aiosqlite

from models.errors import SchemaVersionError

from .dialect import SQLITE
from .schema import MIGRATIONS, SCHEMA_VERSION

Row = sqlite3.Row
log = logging.getLogger(__name__)

# Commits between two background WAL checkpoints.
CHECKPOINT_EVERY = 100
# The writer checkpoints itself once the WAL holds this many pages (SQLite's default is 1000).
WAL_BOUND_PAGES = 4000


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
    dialect = SQLITE
    # What a failed statement raises (a constraint, a full disk): callers that record a failure as
    # data (a failed business write) catch these without knowing the backend.
    write_errors: tuple[type[BaseException], ...] = (sqlite3.Error,)

    def __init__(
        self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
        checkpointer: aiosqlite.Connection | None = None,
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._checkpointer = checkpointer
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._commits = 0
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        opened = [writer]
        try:
            await _migrate(writer)
            opened.append(reader := await _connect(path))
            checkpointer = None
            if path != ":memory:":
                # Most WAL pages are copied back by a background PASSIVE checkpoint on its own
                # connection (see _after_commit), so that copy and its fsync do not land inside
                # some unlucky COMMIT. The writer's own auto-checkpoint stays, at a higher mark, as
                # the bound on the WAL: a background checkpoint racing new writes never lets it reset.
                opened.append(checkpointer := await _connect(path))
                await writer.execute(f"PRAGMA wal_autocheckpoint={WAL_BOUND_PAGES}")
        except BaseException:
            for conn in opened:
                await conn.close()
            raise
        return cls(path, writer, reader, checkpointer)

    async def close(self) -> None:
        async with self._lock:
            if self._checkpoint_task is not None:
                with contextlib.suppress(Exception):
                    await self._checkpoint_task
            for conn in (self._checkpointer, self._reader, self._writer):
                if conn is not None:
                    await conn.close()

    def _after_commit(self) -> None:
        self._commits += 1
        idle = self._checkpoint_task is None or self._checkpoint_task.done()
        if self._checkpointer is not None and idle and self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoint_task = asyncio.get_running_loop().create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        assert self._checkpointer is not None
        try:
            # PASSIVE never waits for the writer or readers; what it cannot copy now, a later one will.
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint failed: %s", exc)

    def listen(self, handler: Any) -> None:
        """Other processes never write this file (one daemon per SQLite database): nothing to hear."""

    @contextlib.asynccontextmanager
    async def transaction(self, *, exclusive: bool = True) -> AsyncIterator[Tx]:
        """One write transaction. ``exclusive`` matters only on PostgreSQL (see ``store.pg``):
        here every transaction is exclusive."""
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
                self._after_commit()
                _run_after_commit(tx)
                raise
            except BaseException:
                if self._writer.in_transaction:
                    await _uncancellable(self._writer.execute("ROLLBACK"))
                raise
            self._after_commit()
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
        refuse_newer(current, SCHEMA_VERSION)
        for version in range(current, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[version]):
                if not await _column_exists(conn, statement):
                    await conn.execute(statement)
        if row is None:
            await conn.execute("INSERT INTO schema_version(version) VALUES (?)", (SCHEMA_VERSION,))
        else:
            await conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")


_ADD_COLUMN = re.compile(r"^\s*ALTER\s+TABLE\s+(\w+)\s+ADD\s+COLUMN\s+(\w+)", re.IGNORECASE)


async def _column_exists(conn: aiosqlite.Connection, statement: str) -> bool:
    """True for an ``ALTER TABLE t ADD COLUMN c`` whose column is already there: migrations from
    branches merged in another order may add the same column, and SQLite has no IF NOT EXISTS."""
    m = _ADD_COLUMN.match(statement)
    if m is None:
        return False
    async with conn.execute(f"PRAGMA table_info({m.group(1)})") as cur:
        return any(r[1] == m.group(2) for r in await cur.fetchall())
def refuse_newer(current: int, supported: int) -> None:
    """A database written by a newer meetingd is refused, untouched."""
    if current > supported:
        raise SchemaVersionError(
            f"database schema version {current} is newer than this meetingd supports ({supported}); "
            "upgrade meetingd or use another --db",
            found=current,
            supported=supported,
        )


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
