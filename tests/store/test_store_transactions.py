"""Transactions: rollback on error, cancellation at any await point, one writer, readers see commits."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from models import Change
from store import Store
from tests.backends import Peek


def consistent(peek: Peek, meeting_id: str) -> tuple[int, int]:
    """Assert the invariants of one meeting; return (latest_seq, change_cursor)."""
    latest, cursor = peek.one("SELECT latest_seq, change_cursor FROM meetings WHERE id = ?", (meeting_id,))
    seqs = [r[0] for r in peek.rows("SELECT seq FROM utterances WHERE meeting_id = ? ORDER BY seq", (meeting_id,))]
    cursors = [r[0] for r in peek.rows("SELECT cursor FROM changes WHERE meeting_id = ? ORDER BY cursor",
                                       (meeting_id,))]
    assert seqs == list(range(1, latest + 1))
    assert cursors == list(range(1, cursor + 1))
    return latest, cursor


async def test_error_inside_transaction_rolls_back(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("回滚")
    with pytest.raises(RuntimeError, match="boom"):
        async with store.db.transaction() as tx:
            await tx.execute("INSERT INTO utterances(meeting_id, seq, text, source, created_at) VALUES (?,1,'x','t',0)",
                             (m.id,))
            await store.add_change(tx, m.id, "utterance", {"seq": 1})
            raise RuntimeError("boom")
    assert consistent(peek, m.id) == (0, 1)
    assert (await store.append_utterance(m.id, "之后照常。")).seq == 1


async def test_cancel_while_awaiting_inside_transaction(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("取消")
    seen: list[list[Change]] = []
    store.subscribe(seen.append)
    inside, never = asyncio.Event(), asyncio.Event()

    async def half_write() -> None:
        async with store.db.transaction() as tx:
            await tx.execute("INSERT INTO utterances(meeting_id, seq, text, source, created_at) VALUES (?,1,'半句','t',0)",
                             (m.id,))
            await tx.execute("UPDATE meetings SET latest_seq = 1 WHERE id = ?", (m.id,))
            await store.add_change(tx, m.id, "utterance", {"seq": 1})
            inside.set()
            await never.wait()

    task = asyncio.create_task(half_write())
    await asyncio.wait_for(inside.wait(), 5)
    # A second writer queues behind the open transaction; the reader sees only committed state.
    queued = asyncio.create_task(store.append_utterance(m.id, "排队的一句。"))
    assert (await store.get_meeting(m.id)).latest_seq == 0
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    u = await asyncio.wait_for(queued, 5)
    assert (u.seq, u.text) == (1, "排队的一句。")
    assert consistent(peek, m.id) == (1, 2)
    assert [c.data.get("seq") for batch in seen for c in batch] == [1]  # only the committed append


async def test_cancellation_at_every_await_point_keeps_invariants(store: Store, peek: Peek) -> None:
    """Cancel appends after 0..N loop turns: each lands whole or not at all, and listeners hear
    exactly the changes that were committed, even when the cancel arrives while COMMIT runs."""
    m = await store.create_meeting("取消扫描")
    heard: list[int] = []
    store.subscribe(lambda changes: heard.extend(c.cursor for c in changes))
    landed = cancelled = 0
    for turns in range(60):
        task = asyncio.create_task(store.append_utterance(m.id, f"第{turns}句。"))
        for _ in range(turns):
            await asyncio.sleep(0)
        task.cancel()
        try:
            await task
            landed += 1
        except asyncio.CancelledError:
            cancelled += 1
    latest, cursor = consistent(peek, m.id)
    assert cancelled > 0 and latest >= landed
    assert sorted(heard) == list(range(2, cursor + 1))  # cursor 1 is the meeting's creation
    u = await asyncio.wait_for(store.append_utterance(m.id, "写入器仍然可用。"), 5)
    assert u.seq == latest + 1


async def test_timeout_inside_transaction_leaves_writer_usable(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("超时")
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05), store.db.transaction() as tx:
            await store.add_change(tx, m.id, "utterance", {"seq": 1})
            await asyncio.Event().wait()
    assert consistent(peek, m.id) == (0, 1)
    assert (await store.append_utterance(m.id, "继续。")).seq == 1


async def test_listener_error_does_not_fail_a_committed_write(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("监听")
    got: list[int] = []

    def broken(changes: list[Change]) -> None:
        raise RuntimeError("listener bug")

    store.subscribe(broken)
    store.subscribe(lambda changes: got.extend(c.cursor for c in changes))
    u = await store.append_utterance(m.id, "照样提交。")
    assert u.seq == 1 and got == [2]
    assert consistent(peek, m.id) == (1, 2)


async def test_writers_are_serialised(store: Store, peek: Peek) -> None:
    """Many concurrent appends to two meetings: each meeting's seqs and cursors stay gap-free."""
    a, b = await store.create_meeting("甲"), await store.create_meeting("乙")
    await asyncio.gather(*(store.append_utterance((a, b)[i % 2].id, f"句{i}") for i in range(80)))
    assert consistent(peek, a.id) == (40, 41)
    assert consistent(peek, b.id) == (40, 41)


async def test_close_waits_for_the_open_transaction(db_target: str | Path, peek: Peek) -> None:
    s = await Store.open(db_target)
    m = await s.create_meeting("关闭")
    inside = asyncio.Event()

    async def slow_write() -> None:
        async with s.db.transaction() as tx:
            await s.add_change(tx, m.id, "note", {})
            inside.set()
            await asyncio.sleep(0)  # yield so close() is already waiting on the lock
            await tx.execute("UPDATE meetings SET summary = 'done' WHERE id = ?", (m.id,))

    t0 = time.monotonic()
    writer = asyncio.create_task(slow_write())
    await asyncio.wait_for(inside.wait(), 5)
    await s.close()
    await writer
    assert time.monotonic() - t0 < 5
    assert peek.rows("SELECT summary FROM meetings") == [("done",)]
