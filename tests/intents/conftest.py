"""Fixtures of the intent-ledger tests: a Ledger over a temp store, on both backends (the guard and
the concurrency tests are part of the store's contract)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

import pytest

from intents import Ledger
from models import Meeting
from store import Store
from tests.backends import db_target, peek, store

MakeMeeting = Callable[..., Awaitable[Meeting]]
__all__ = ["db_target", "peek", "store"]  # the backend-parametrized store (tests/backends.py)


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
