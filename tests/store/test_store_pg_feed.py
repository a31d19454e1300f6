"""The change feed across nodes (PostgreSQL LISTEN/NOTIFY): what one Store commits, another
Store on the same database delivers to its listeners in cursor order, without gaps or repeats."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from models import Change
from store import Store
from tests.pgcluster import Cluster


@pytest.fixture
async def nodes(pg_cluster: Cluster) -> AsyncIterator[tuple[Store, Store]]:
    url = pg_cluster.url(pg_cluster.new_database())
    a = await Store.open(url)
    b = await Store.open(url)
    try:
        yield a, b
    finally:
        await b.close()
        await a.close()


class Heard:
    """Per meeting, the cursors a node's listeners got, and an event when one reaches a cursor."""

    def __init__(self, store: Store) -> None:
        self.cursors: dict[str, list[int]] = {}
        self.kinds: dict[str, list[str]] = {}
        self._changed = asyncio.Event()
        store.subscribe(self.on_changes)

    def on_changes(self, changes: list[Change]) -> None:
        for c in changes:
            self.cursors.setdefault(c.meeting_id, []).append(c.cursor)
            self.kinds.setdefault(c.meeting_id, []).append(c.kind)
        self._changed.set()

    async def until(self, meeting_id: str, cursor: int, within_s: float = 10) -> None:
        async with asyncio.timeout(within_s):
            while cursor not in self.cursors.get(meeting_id, []):
                self._changed.clear()
                await self._changed.wait()


async def test_other_node_hears_every_change_in_order(nodes: tuple[Store, Store]) -> None:
    a, b = nodes
    heard_b = Heard(b)
    m1, m2 = await a.create_meeting("甲"), await a.create_meeting("乙")
    await asyncio.gather(*(a.append_utterance((m1, m2)[i % 2].id, f"第{i}句。") for i in range(40)))
    job = await a.enqueue_job(m1.id, "/seg/1.wav", 900)
    await a.end_with_minutes(m2.id, {"meeting": {"id": m2.id}}, "# 纪要")
    last1, last2 = (await a.get_meeting(m1.id)).change_cursor, (await a.get_meeting(m2.id)).change_cursor
    await heard_b.until(m1.id, last1)
    await heard_b.until(m2.id, last2)
    assert heard_b.cursors[m1.id] == list(range(1, last1 + 1))
    assert heard_b.cursors[m2.id] == list(range(1, last2 + 1))
    assert heard_b.kinds[m2.id][-2:] == ["meeting", "minutes"]
    assert [c.data for c in await b.changes_after(m1.id, last1 - 1)] == [{"job_id": job.id, "status": "pending"}]


async def test_both_nodes_writing_one_meeting_each_see_one_ordered_feed(nodes: tuple[Store, Store]) -> None:
    """Writes of both nodes interleave on one meeting: each node delivers cursors 1..N exactly
    once and in order, its own commits and the other's alike."""
    a, b = nodes
    heard_a, heard_b = Heard(a), Heard(b)
    m = await a.create_meeting("两边写")
    await heard_b.until(m.id, 1)
    await asyncio.gather(
        *(a.append_utterance(m.id, f"甲{i}") for i in range(25)),
        *(b.append_utterance(m.id, f"乙{i}") for i in range(25)),
        *(b.update_binding(m.id, delivered_seq=i) for i in range(1, 6)),
    )
    last = (await a.get_meeting(m.id)).change_cursor
    assert last == 1 + 50 + 5
    for heard in (heard_a, heard_b):
        await heard.until(m.id, last)
        assert heard.cursors[m.id] == list(range(1, last + 1))
    seqs = [u.seq for u in await b.list_utterances(m.id)]
    assert seqs == list(range(1, 51))


async def test_rolled_back_transaction_notifies_nobody(nodes: tuple[Store, Store]) -> None:
    a, b = nodes
    heard_b = Heard(b)
    m = await a.create_meeting("回滚")
    await heard_b.until(m.id, 1)
    with pytest.raises(RuntimeError):
        async with a.db.transaction() as tx:
            await a.add_change(tx, m.id, "note", {})
            raise RuntimeError("abort")
    await a.append_utterance(m.id, "真的一句。")
    await heard_b.until(m.id, 2)
    assert heard_b.kinds[m.id] == ["meeting", "utterance"]


def listening_pids(pg_cluster: Cluster, database: str) -> set[int]:
    out = pg_cluster.psql(database, "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                                    " AND query LIKE 'LISTEN%'")
    return {int(x) for x in out.split()}


async def test_dropped_listen_connection_is_reopened_and_misses_nothing(pg_cluster: Cluster) -> None:
    database = pg_cluster.new_database()
    a = await Store.open(pg_cluster.url(database))
    b = await Store.open(pg_cluster.url(database))
    try:
        heard_b = Heard(b)
        m = await a.create_meeting("断线")
        await a.append_utterance(m.id, "断线之前。")
        await heard_b.until(m.id, (await a.get_meeting(m.id)).change_cursor)
        before = listening_pids(pg_cluster, database)
        assert len(before) == 2
        pg_cluster.psql(database, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                  f" WHERE pid IN ({','.join(map(str, before))})")
        # Written while B's listener is (probably) still down: its notifications never reach B.
        for i in range(5):
            await a.append_utterance(m.id, f"断线期间{i}。")
        await heard_b.until(m.id, (await a.get_meeting(m.id)).change_cursor)

        async def reopened() -> bool:
            now = listening_pids(pg_cluster, database)
            return len(now) == 2 and not now & before

        async with asyncio.timeout(10):
            while not await reopened():  # noqa: ASYNC110 - another process's state: nothing to await
                await asyncio.sleep(0.05)
        # Both listen again: a commit after the reconnect is notified as usual.
        await a.append_utterance(m.id, "重连之后。")
        last = (await a.get_meeting(m.id)).change_cursor
        await heard_b.until(m.id, last)
        assert heard_b.cursors[m.id] == list(range(heard_b.cursors[m.id][0], last + 1))
    finally:
        await b.close()
        await a.close()
