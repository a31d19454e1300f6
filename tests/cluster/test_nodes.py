"""Two ``meetingd serve`` nodes (subprocesses on 127.0.0.1) on one throwaway PostgreSQL store.

A dock on node B sees, in order, every change of a meeting that node A runs; a meeting whose
node is killed with SIGKILL is taken over by the other node within the lease bound
(``meeting_lease_s * 4 / 3``, live/ownership.py), and its minutes are those of an uninterrupted
run: no task or decision lost or doubled.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from tests.backends import Peek
from tests.cluster.test_worker_pool import wait_for
from tests.pgcluster import Cluster
from tests.serve_process import ServeProcess

pytestmark = pytest.mark.timeout(180)

TOKEN = "cluster-token-7"
LEASE_S = 1.5
TAKEOVER_BOUND_S = LEASE_S + LEASE_S / 3  # expiry + one scan period of the survivor

LINES = [
    "今天讨论登录页面改版的排期。",
    "登录页面的改版交给张三负责，周五之前完成。",
    "我们决定下个版本先上线短信验证码。",
    "王五负责更新接口文档，下周一之前发出来。",
    "李四负责压测报告，周三之前给大家。",
    "我们决定周会改到每周二上午。",
]


def cluster_node(url: str, data: Path, node_id: str) -> ServeProcess:
    """One ``meetingd serve`` node of the cluster (its own data dir and node id)."""
    return ServeProcess(data, TOKEN, args=("--db", url),
                        env={"MEETINGD_BRAIN": "rules", "MEETINGD_MERGE_WINDOW_MS": "50",
                             "MEETINGD_NODE_ID": node_id, "MEETINGD_MEETING_LEASE_S": str(LEASE_S)})


@contextlib.asynccontextmanager
async def two_nodes(pg_cluster: Cluster, tmp_path: Path) -> AsyncIterator[tuple[str, ServeProcess, ServeProcess]]:
    url = pg_cluster.url(pg_cluster.new_database())
    nodes = [cluster_node(url, tmp_path / "a", "node-a"), cluster_node(url, tmp_path / "b", "node-b")]
    try:
        await nodes[0].start()  # first: it migrates the fresh database alone
        await nodes[1].start()
        yield url, nodes[0], nodes[1]
    finally:
        for n in nodes:
            await n.stop()


async def create(node: ServeProcess, title: str) -> str:
    async with node.http() as c:
        r = await c.post("/api/meetings", json={"title": title, "language": "zh", "mode": "execute"})
        assert r.status_code == 201, r.text
        return r.json()["id"]


async def say(node: ServeProcess, meeting_id: str, lines: list[str]) -> None:
    async with node.http() as c:
        for text in lines:
            r = await c.post(f"/api/meetings/{meeting_id}/utterances", json={"text": text})
            assert r.status_code == 201, r.text


def owner(peek: Peek, meeting_id: str) -> str | None:
    row = peek.one("SELECT node_id FROM meeting_leases WHERE meeting_id = ? AND expires_at >= ?",
                   (meeting_id, time.time()))
    return row[0] if row else None


def analysed(peek: Peek, meeting_id: str) -> int:
    return peek.one("SELECT analyzed_seq FROM meetings WHERE id = ?", (meeting_id,))[0]


async def minutes_of(node: ServeProcess, meeting_id: str) -> dict[str, Any]:
    async with node.http() as c:
        r = await c.post(f"/api/meetings/{meeting_id}/finalize", json={"wait_s": 60})
        assert r.status_code == 200 and r.json()["status"] == "ended", r.text
        got = (await c.get(f"/api/meetings/{meeting_id}/minutes.json")).json()
    # What a reader of the minutes gets: the tasks and decisions, not ids or times.
    keep = ("task", "owner", "due_date_raw", "priority", "text", "evidence_seqs")
    return {k: sorted(json.dumps({f: x[f] for f in keep if f in x}, ensure_ascii=False) for x in got[k])
            for k in ("action_items", "decisions", "open_questions")}


async def test_dock_on_b_sees_every_change_written_through_a(pg_cluster: Cluster, tmp_path: Path) -> None:
    async with two_nodes(pg_cluster, tmp_path) as (url, a, b):
        mid = await create(a, "跨节点")
        peek = Peek(url)
        assert owner(peek, mid) == "node-a"
        async with websockets.connect(b.ws_url(mid), max_size=2**22) as ws:
            await say(a, mid, LINES)
            await wait_for(lambda: asyncio.sleep(0, analysed(peek, mid) == len(LINES)), 60, "A's Supervisor")
            last = peek.one("SELECT change_cursor FROM meetings WHERE id = ?", (mid,))[0]
            events: list[dict[str, Any]] = []
            async with asyncio.timeout(30):
                while not events or events[-1]["cursor"] < last:
                    msg = json.loads(await ws.recv())
                    if msg["type"] == "event":
                        events.append(msg)
        cursors = [e["cursor"] for e in events]
        assert cursors == list(range(cursors[0], last + 1))  # in order, no gap, no repeat
        said = [e["data"]["text"] for e in events if e["kind"] == "utterance"]
        assert said[-len(LINES):] == LINES
        # (the same window the dock read: the Supervisor may write more changes after ``last``)
        stored = peek.rows("SELECT cursor, kind FROM changes WHERE meeting_id = ? AND cursor >= ? AND cursor <= ? "
                           "ORDER BY cursor", (mid, cursors[0], last))
        assert [(e["cursor"], e["kind"]) for e in events] == [tuple(r) for r in stored]
        # B does not run A's meeting: an action that needs its Supervisor names the owner.
        async with b.http() as c:
            r = await c.post(f"/api/meetings/{mid}/finalize", json={})
        assert r.status_code == 409 and r.json()["error"] == "not_owner" and r.json()["owner"] == "node-a"


async def test_killed_owner_is_taken_over_with_the_same_minutes(pg_cluster: Cluster, tmp_path: Path) -> None:
    async with two_nodes(pg_cluster, tmp_path) as (url, a, b):
        peek = Peek(url)
        baseline = await create(b, "基线")
        await say(b, baseline, LINES)
        mid = await create(a, "接管")
        half = len(LINES) // 2
        await say(a, mid, LINES[:half])
        await wait_for(lambda: asyncio.sleep(0, analysed(peek, mid) == half), 60, "A's Supervisor on the first half")
        assert owner(peek, mid) == "node-a"
        a.kill()
        killed = time.monotonic()
        await say(b, mid, LINES[half:])  # stored through B while nobody runs the meeting
        await wait_for(lambda: asyncio.sleep(0, owner(peek, mid) == "node-b"), 30, "B to take the meeting over")
        took = time.monotonic() - killed
        # The bound, plus what a loaded test machine adds to a round of the survivor's loop.
        assert took <= TAKEOVER_BOUND_S + 1.5, f"takeover took {took:.2f} s (bound {TAKEOVER_BOUND_S:.2f} s)"
        await wait_for(lambda: asyncio.sleep(0, analysed(peek, mid) == len(LINES)), 60, "B's Supervisor")
        taken_over, uninterrupted = await minutes_of(b, mid), await minutes_of(b, baseline)
        assert taken_over == uninterrupted
        assert len(uninterrupted["action_items"]) >= 3 and len(uninterrupted["decisions"]) >= 2
        tasks = peek.rows("SELECT COUNT(*) FROM tasks WHERE meeting_id = ?", (mid,))[0][0]
        assert tasks == peek.rows("SELECT COUNT(*) FROM tasks WHERE meeting_id = ?", (baseline,))[0][0] >= 3
