"""Fixtures shared by every test package: a real store on a temp SQLite file, closed afterwards,
and (for the packages that test the PostgreSQL backend) a throwaway PostgreSQL cluster."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from store import Store
from tests.pgcluster import Cluster, find_bin_dir


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "meetingd.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One PostgreSQL cluster for the whole run (initdb in a temp dir, a free port), stopped at
    the end; each test takes a fresh database with ``pg_cluster.new_database()``."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin): "
                    "apt-get install postgresql to run the PostgreSQL tests")
    cluster = Cluster(bin_dir).start()
    try:
        yield cluster
    finally:
        cluster.stop()
