"""Both store backends for the store's contract tests: a fresh SQLite file or a fresh database
on the session's throwaway PostgreSQL cluster, and :class:`Peek`, a second client that reads the
raw tables behind the store's back (synchronously, so a change listener can use it too)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from store import Store
from store.pg import placeholders

BACKENDS = ["sqlite", "postgres"]


class Peek:
    """Raw reads on a connection of its own. SQL uses ``?`` placeholders on both backends."""

    def __init__(self, target: str | Path) -> None:
        self.target = target

    def _fetch(self, sql: str, params: tuple[Any, ...] | list[Any], shape: type) -> list[Any]:
        if isinstance(self.target, Path):
            with sqlite3.connect(self.target) as c:
                c.row_factory = sqlite3.Row
                return [shape(r) if shape is dict else tuple(r) for r in c.execute(sql, tuple(params))]

        async def fetch() -> list[Any]:
            conn = await asyncpg.connect(str(self.target))
            try:
                return [shape(r) for r in await conn.fetch(placeholders(sql), *params)]
            finally:
                await conn.close()

        # Its own thread and event loop: usable from sync code running inside the test's loop.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, fetch()).result(timeout=30)

    def rows(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
        return self._fetch(sql, params, tuple)

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> tuple[Any, ...] | None:
        got = self.rows(sql, params)
        return got[0] if got else None

    def dicts(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[dict[str, Any]]:
        return self._fetch(sql, params, dict)


# Fixtures for the packages whose tests are the store's contract (imported by their conftest).

@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, db_path: Path) -> str | Path:
    """The store's contract holds on both backends: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return db_path
    cluster = request.getfixturevalue("pg_cluster")
    return cluster.url(cluster.new_database())


@pytest.fixture
async def store(db_target: str | Path) -> AsyncIterator[Store]:
    s = await Store.open(db_target)
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
def peek(db_target: str | Path) -> Peek:
    return Peek(db_target)
