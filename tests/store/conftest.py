"""The store's contract tests run on both backends (``store`` is parametrized here only: other
test packages keep SQLite, whose migrations other branches extend in parallel)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import Store
from tests.backends import BACKENDS, Peek


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
