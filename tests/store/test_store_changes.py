"""The change feed: per-meeting gap-free cursors, resume with changes_after, after-commit delivery."""

from __future__ import annotations

import pytest

from models import Change, InvalidInput, MeetingClosed
from store import Store
from tests.backends import Peek


async def test_cursors_are_per_meeting_and_gap_free(store: Store) -> None:
    a = await store.create_meeting("甲")
    b = await store.create_meeting("乙")
    for i in range(5):
        await store.append_utterance(a.id, f"甲{i}")
        if i % 2:
            await store.append_utterance(b.id, f"乙{i}")
    job = await store.enqueue_job(b.id, "/tmp/x.wav", 900)
    await store.update_binding(a.id, analyzed_seq=3)
    feed_a = await store.changes_after(a.id, 0)
    feed_b = await store.changes_after(b.id, 0)
    assert [c.cursor for c in feed_a] == list(range(1, len(feed_a) + 1))
    assert [c.cursor for c in feed_b] == list(range(1, len(feed_b) + 1))
    assert [c.kind for c in feed_a] == ["meeting"] + ["utterance"] * 5 + ["supervisor"]
    assert [c.kind for c in feed_b] == ["meeting", "utterance", "utterance", "job"]
    assert feed_b[-1].data == {"job_id": job.id, "status": "pending"}
    assert (await store.get_meeting(a.id)).change_cursor == len(feed_a)
    assert (await store.get_meeting(b.id)).change_cursor == len(feed_b)
    assert {c.meeting_id for c in feed_a} == {a.id}


async def test_changes_after_resumes_from_any_cursor(store: Store) -> None:
    m = await store.create_meeting("续传")
    for i in range(10):
        await store.append_utterance(m.id, f"第{i}句")
    everything = await store.changes_after(m.id, 0)
    assert len(everything) == 11
    for cursor in (0, 1, 5, 10, 11, 50):
        got = await store.changes_after(m.id, cursor)
        assert got == everything[cursor:]
    page = await store.changes_after(m.id, 3, limit=4)
    assert [c.cursor for c in page] == [4, 5, 6, 7]
    assert [c.data["seq"] for c in page] == [3, 4, 5, 6]
    assert page[0].to_dict() == {"type": "event", "cursor": 4, "kind": "utterance", "data": page[0].data}


async def test_listeners_hear_changes_only_after_commit(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("监听")
    visible_at_delivery: list[bool] = []
    heard: list[Change] = []

    def listener(changes: list[Change]) -> None:
        # Another connection must already see the rows: the commit happened before delivery.
        visible_at_delivery.append(all(
            peek.one("SELECT 1 FROM changes WHERE meeting_id = ? AND cursor = ?", (x.meeting_id, x.cursor))
            is not None for x in changes
        ))
        heard.extend(changes)

    unsubscribe = store.subscribe(listener)
    await store.append_utterance(m.id, "第一句。")
    await store.end_with_minutes(m.id, {"meeting": {"id": m.id}}, "# 纪要")  # two changes, one delivery
    assert visible_at_delivery == [True, True]
    assert [(c.cursor, c.kind) for c in heard] == [(2, "utterance"), (3, "meeting"), (4, "minutes")]
    unsubscribe()
    unsubscribe()  # idempotent
    with pytest.raises(MeetingClosed):
        await store.append_utterance(m.id, "会后。")
    assert len(heard) == 3


async def test_rolled_back_transactions_emit_nothing(store: Store) -> None:
    m = await store.create_meeting("回滚")
    heard: list[Change] = []
    store.subscribe(heard.extend)
    with pytest.raises(RuntimeError):
        async with store.db.transaction() as tx:
            await store.add_change(tx, m.id, "utterance", {"seq": 1})
            raise RuntimeError("abort")
    with pytest.raises(InvalidInput):
        await store.append_utterance(m.id, "x" * 4001)
    assert heard == []
    assert await store.changes_after(m.id, 1) == []
    assert (await store.get_meeting(m.id)).change_cursor == 1
    # The cursor that was rolled back is handed out again: no gap.
    await store.append_utterance(m.id, "真的一句。")
    assert [c.cursor for c in heard] == [2]


async def test_add_change_on_unknown_meeting(store: Store) -> None:
    from models import NotFound

    with pytest.raises(NotFound, match="unknown meeting 'm_x'"):
        async with store.db.transaction() as tx:
            await store.add_change(tx, "m_x", "note", {})
