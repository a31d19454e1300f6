"""Both store backends for the store's contract tests: a fresh SQLite file or a fresh database
on the session's throwaway PostgreSQL cluster, and :class:`Peek`, a second client that reads the
raw tables behind the store's back (synchronously, so a change listener can use it too)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from store.pg import placeholders

BACKENDS = ["sqlite", "postgres"]


class Peek:
    """Raw reads on a connection of its own. SQL uses ``?`` placeholders on both backends."""

    def __init__(self, target: str | Path) -> None:
        self.target = target

    def rows(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
        if isinstance(self.target, Path):
            with sqlite3.connect(self.target) as c:
                return [tuple(r) for r in c.execute(sql, tuple(params))]

        async def fetch() -> list[tuple[Any, ...]]:
            conn = await asyncpg.connect(str(self.target))
            try:
                return [tuple(r) for r in await conn.fetch(placeholders(sql), *params)]
            finally:
                await conn.close()

        # Its own thread and event loop: usable from sync code running inside the test's loop.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, fetch()).result(timeout=30)

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> tuple[Any, ...] | None:
        got = self.rows(sql, params)
        return got[0] if got else None

    def dicts(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[dict[str, Any]]:
        if isinstance(self.target, Path):
            with sqlite3.connect(self.target) as c:
                c.row_factory = sqlite3.Row
                return [dict(r) for r in c.execute(sql, tuple(params))]

        async def fetch() -> list[dict[str, Any]]:
            conn = await asyncpg.connect(str(self.target))
            try:
                return [dict(r) for r in await conn.fetch(placeholders(sql), *params)]
            finally:
                await conn.close()

        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, fetch()).result(timeout=30)
