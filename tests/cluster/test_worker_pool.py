"""ASR workers as their own processes on one PostgreSQL store: a worker killed with SIGKILL in
the middle of a job loses it to another worker once its lease runs out; every segment lands as
exactly one utterance."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from models import JobStatus
from store import Store
from tests.backends import Peek
from tests.pgcluster import Cluster

ROOT = Path(__file__).resolve().parents[2]
LEASE_S = 1.0


def start_worker(url: str, marker_dir: Path, mode: str) -> subprocess.Popen[bytes]:
    marker_dir.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([sys.executable, "-m", "tests.cluster.worker_child", url, str(marker_dir), mode,
                             str(LEASE_S)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_for(predicate, within_s: float, what: str) -> None:
    try:
        async with asyncio.timeout(within_s):
            # Another process's progress: there is no event to await, so poll the condition.
            while not await predicate():  # noqa: ASYNC110
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"timed out after {within_s} s waiting for {what}") from None


async def test_killed_worker_job_is_reclaimed_after_its_lease(pg_cluster: Cluster, tmp_path: Path) -> None:
    url = pg_cluster.url(pg_cluster.new_database())
    store = await Store.open(url)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        m = await store.create_meeting("工人池")
        sizes = [3200, 6400, 9600]
        jobs = [await store.enqueue_job(m.id, f"/node-a/seg-{i}.wav", n // 32, i * 1000, audio=b"\0" * n)
                for i, n in enumerate(sizes)]
        hung = start_worker(url, tmp_path / "a", "hang")
        procs.append(hung)

        async def claimed() -> bool:
            return (tmp_path / "a" / "claimed").exists()

        await wait_for(claimed, 60, "worker A to claim a job")
        taken = [j for j in jobs if (await store.get_job(j.id)).status is JobStatus.PROCESSING]
        assert len(taken) == 1 and (await store.get_job(taken[0].id)).attempts == 1
        os.kill(hung.pid, signal.SIGKILL)
        hung.wait(10)

        procs.append(start_worker(url, tmp_path / "b", "work"))

        async def all_done() -> bool:
            return (await store.job_counts(m.id))["done"] == len(jobs)

        await wait_for(all_done, 60, "worker B to finish every job")
        texts = sorted(u.text for u in await store.list_utterances(m.id))
        assert texts == sorted(f"段{n}" for n in sizes)
        assert (await store.get_job(taken[0].id)).attempts == 2  # claimed again after the lease
        rows = Peek(url).rows("SELECT job_id, COUNT(*) FROM utterances GROUP BY job_id")
        assert sorted(rows) == sorted((j.id, 1) for j in jobs)
        assert (await store.get_meeting(m.id)).latest_seq == 3
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
        await store.close()
