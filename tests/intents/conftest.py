"""Fixtures of the intent-ledger tests: a Ledger over a temp store, on both backends (the guard and
the concurrency tests are part of the store's contract)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

import pytest

from intents import Ledger
from models import Meeting
from store import Store
from tests.backends import BACKENDS, Peek

MakeMeeting = Callable[..., Awaitable[Meeting]]


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



@pytest.fixture
def ledger(store: Store) -> Ledger:
    return Ledger(store)


@pytest.fixture
def make_meeting(store: Store) -> MakeMeeting:
    """``await make_meeting(mode, utterances, participants)`` → the meeting after the appends."""

    async def make(
        mode: str = "suggest", utterances: Sequence[str] = (), participants: Sequence[str] = ("张三", "李四"),
        language: str = "zh",
    ) -> Meeting:
        m = await store.create_meeting("周会", language=language, mode=mode, participants=participants)
        for text in utterances:
            await store.append_utterance(m.id, text)
        return await store.get_meeting(m.id)

    return make
