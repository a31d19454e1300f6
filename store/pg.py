"""PostgreSQL connections (asyncpg) behind the interface of ``store.db``: the same
:class:`Database` / :class:`Tx` methods, SQL with ``?`` placeholders, rows with index and key access.

**One writer at a time.** The guard (``intents.service``) reads the meeting and the intent and
then writes, inside one transaction, and is correct because no other writer can commit in
between: SQLite gives that with ``BEGIN IMMEDIATE``. Here every write transaction takes the same
transaction-scoped advisory lock first (:data:`WRITER_LOCK`), on every node: the exact
equivalent, so every argument made for SQLite holds unchanged, with no retry loop (a
SERIALIZABLE + retry scheme would have to re-run the caller's body, which ``async with
transaction()`` cannot do). Within a process, writes also queue on an asyncio lock for the one
writer connection. The cost is that writes of the whole cluster are serialised: a transaction is
a few round trips (~1 ms), far above what dozens of meetings need (see docs/scale.md). Queue
operations that cannot break a guard (claiming an ASR job with ``SKIP LOCKED``, renewing a lease)
pass ``exclusive=False`` and run beside it, serialised by row locks only.

**Change feed across nodes.** A transaction that wrote changes sends, before COMMIT, one
``NOTIFY meetingd_changes`` per meeting with ``meeting_id:first:last`` cursors. PostgreSQL
delivers notifications at commit, in commit order, to every listening connection; each
``Database`` listens on its own connection and hands them to the store's change feed. When that
connection drops (a restarted server, ``pg_terminate_backend``, a network cut) it is opened again
with backoff, and the feed is told to re-read what it may have missed meanwhile (``on_reconnect``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import asyncpg

from .db import _run_after_commit, _uncancellable, refuse_newer
from .dialect import POSTGRES
from .schema_pg import MIGRATIONS, SCHEMA_VERSION

log = logging.getLogger(__name__)

WRITER_LOCK = 0x6D656574  # "meet": the advisory lock every write transaction holds
MIGRATE_LOCK = 0x6D696772  # "migr": nodes starting together migrate one after the other
CHANNEL = "meetingd_changes"
READERS = 4

Row = asyncpg.Record
RemoteHandler = Callable[[str, int, int], None]
RECONNECT_MAX_S = 2.0  # the longest wait between two attempts to re-open the listening connection


@functools.lru_cache(maxsize=1024)
def placeholders(sql: str) -> str:
    """``?`` → ``$1, $2, …`` outside quoted literals and identifiers."""
    out: list[str] = []
    n = 0
    quote: str | None = None
    for ch in sql:
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


class Result:
    """What ``Tx.execute`` returns: the affected row count, like a DB-API cursor's ``rowcount``."""

    def __init__(self, status: str) -> None:
        tail = status.rsplit(" ", 1)[-1]
        self.rowcount = int(tail) if tail.isdigit() else -1


class Tx:
    """The writer connection inside one open transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn
        self.after_commit: list[Any] = []
        self.changes: list[Any] = []

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> Result:
        return Result(await self.conn.execute(placeholders(sql), *params))

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        return await self.conn.fetchrow(placeholders(sql), *params)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return list(await self.conn.fetch(placeholders(sql), *params))


class Database:
    dialect = POSTGRES
    write_errors: tuple[type[BaseException], ...] = (asyncpg.PostgresError,)

    def __init__(self, url: str, writer: asyncpg.Connection, readers: asyncpg.Pool,
                 listener: asyncpg.Connection) -> None:
        self.path = url
        self._writer = writer
        self._readers = readers
        self._listener = listener
        self._lock = asyncio.Lock()
        self._remote: list[RemoteHandler] = []
        self._resync: list[Callable[[], Any]] = []
        self._relisten: asyncio.Task[None] | None = None
        self._closed = False
        listener.add_termination_listener(self._on_listener_lost)

    @classmethod
    async def open(cls, url: str) -> Database:
        writer = await asyncpg.connect(url)
        opened: list[Any] = [writer]
        try:
            await _migrate(writer)
            opened.append(readers := await asyncpg.create_pool(url, min_size=1, max_size=READERS))
            opened.append(listener := await asyncpg.connect(url))
            db = cls(url, writer, readers, listener)
            await listener.add_listener(CHANNEL, db._on_notify)
        except BaseException:
            for c in reversed(opened):
                await c.close()
            raise
        return db

    def listen(self, handler: RemoteHandler) -> None:
        """Call ``handler(meeting_id, first_cursor, last_cursor)`` for each committed transaction
        of any node (this one included), in commit order."""
        self._remote.append(handler)

    def on_reconnect(self, handler: Callable[[], Any]) -> None:
        """Call ``handler()`` each time the listening connection is back after a drop: the
        notifications of the commits made meanwhile are lost, the handler re-reads them."""
        self._resync.append(handler)

    def _on_listener_lost(self, _conn: Any) -> None:
        if self._closed or (self._relisten is not None and not self._relisten.done()):
            return
        log.warning("the change-feed connection dropped; reconnecting")
        self._relisten = asyncio.get_running_loop().create_task(self._listen_again(), name="pg-relisten")

    async def _listen_again(self) -> None:
        delay = 0.05
        while not self._closed:
            try:
                conn = await asyncpg.connect(self.path)
                await conn.add_listener(CHANNEL, self._on_notify)
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("change-feed reconnect failed (%s); retrying in %.2f s", exc, delay)
                await asyncio.sleep(delay)  # backoff between attempts against an unreachable server
                delay = min(delay * 2, RECONNECT_MAX_S)
                continue
            if self._closed:
                await conn.close()
                return
            self._listener = conn
            conn.add_termination_listener(self._on_listener_lost)
            log.info("change-feed connection re-established")
            for handler in list(self._resync):
                handler()
            return

    def _on_notify(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            meeting_id, first, last = payload.rsplit(":", 2)
            span = (meeting_id, int(first), int(last))
        except ValueError:
            log.warning("ignoring malformed change notification %r", payload)
            return
        for handler in list(self._remote):
            handler(*span)

    async def close(self) -> None:
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._relisten is not None:
                self._relisten.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._relisten
            self._listener.remove_termination_listener(self._on_listener_lost)
            with contextlib.suppress(Exception):
                await self._listener.remove_listener(CHANNEL, self._on_notify)
            with contextlib.suppress(Exception):
                await self._listener.close()
            await self._readers.close()
            await self._writer.close()

    @contextlib.asynccontextmanager
    async def transaction(self, *, exclusive: bool = True) -> AsyncIterator[Tx]:
        async with self._lock:
            conn = self._writer
            tx = Tx(conn)
            try:
                await _uncancellable(_begin(conn, exclusive))
                yield tx
                if tx.changes:
                    await conn.execute("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", CHANNEL,
                                       _spans(tx.changes))
            except BaseException:
                # Also on cancellation: the one writer connection must never stay inside a
                # transaction, or every later write fails.
                if conn.is_in_transaction():
                    await _uncancellable(conn.execute("ROLLBACK"))
                raise
            try:
                await _uncancellable(conn.execute("COMMIT"))
            except asyncio.CancelledError:
                _run_after_commit(tx)  # COMMIT itself succeeded (see db._uncancellable)
                raise
            except BaseException:
                if conn.is_in_transaction():
                    await _uncancellable(conn.execute("ROLLBACK"))
                raise
        _run_after_commit(tx)

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        return await self._readers.fetchrow(placeholders(sql), *params)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return list(await self._readers.fetch(placeholders(sql), *params))


async def _begin(conn: asyncpg.Connection, exclusive: bool) -> None:
    await conn.execute("BEGIN")
    if exclusive:
        try:
            await conn.execute(f"SELECT pg_advisory_xact_lock({WRITER_LOCK})")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise


def _spans(changes: list[Any]) -> list[str]:
    spans: dict[str, list[int]] = {}
    for c in changes:
        lo_hi = spans.setdefault(c.meeting_id, [c.cursor, c.cursor])
        lo_hi[0], lo_hi[1] = min(lo_hi[0], c.cursor), max(lo_hi[1], c.cursor)
    return [f"{m}:{lo}:{hi}" for m, (lo, hi) in spans.items()]


async def _migrate(conn: asyncpg.Connection) -> None:
    async with conn.transaction():
        await conn.execute(f"SELECT pg_advisory_xact_lock({MIGRATE_LOCK})")
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = await conn.fetchval("SELECT version FROM schema_version")
        exists = current is not None
        current = current or 0
        refuse_newer(current, SCHEMA_VERSION)
        for version in range(current, SCHEMA_VERSION):
            await conn.execute(MIGRATIONS[version])
        if not exists:
            await conn.execute("INSERT INTO schema_version(version) VALUES ($1)", SCHEMA_VERSION)
        else:
            await conn.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION)
