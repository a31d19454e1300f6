"""Fixtures shared by every test package: a real store on a temp SQLite file, closed afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import Store


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
