"""Scale benchmark: the store on PostgreSQL vs SQLite, and the ASR queue over 1 vs 2 workers.

    .venv/bin/python bench/scale_bench.py [--n 2000] [--pg-url postgresql://…] [--meetings 16] [--seconds 20]

* ``append`` / ``commit`` latency (p50 / p99 / max ms), one operation at a time, on a fresh SQLite
  file and on a fresh PostgreSQL database (a throwaway durable cluster from tests/pgcluster.py
  unless ``--pg-url`` names one: fsync on, as in production).
* the ASR queue: ``--meetings`` meetings each queue one 3 s segment every 3 s (real time) for
  ``--seconds``; workers (in-process, each with its own connection, a stand-in transcriber
  costing 0.08 s of compute per second of speech — Whisper's CPU cost — run in a thread) claim
  with SKIP LOCKED. Prints, for 1 and 2 workers, the p99 lag from enqueue to utterance and
  whether the queue kept up with real time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from asr.transcriber import Transcript
from asr.worker import AsrWorker
from intents import Ledger
from store import Store
from tests.pgcluster import Cluster, find_bin_dir

CPU_S_PER_SPEECH_S = 0.08


def pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def line(name: str, samples: list[float]) -> str:
    return (f"{name:<22} p50 {statistics.median(samples):6.2f}  p99 {pct(samples, 0.99):6.2f}"
            f"  max {max(samples):6.2f} ms  (n={len(samples)})")


async def store_latency(target: str | Path, n: int) -> list[str]:
    store = await Store.open(target)
    ledger = Ledger(store)
    try:
        m = await store.create_meeting("bench", mode="execute", participants=["张三"])
        appends, commits = [], []
        for i in range(n):
            t = time.perf_counter()
            await store.append_utterance(m.id, f"张三负责第{i}项，明天完成。")
            appends.append((time.perf_counter() - t) * 1000)
            r = await ledger.upsert(m.id, kind="task", payload={"title": f"第{i}项", "owner": "张三",
                                    "due_date_raw": "明天"}, evidence_seqs=[i + 1],
                                    evidence=f"张三负责第{i}项，明天完成", basis_sequence=i + 1)
            t = time.perf_counter()
            got = await ledger.commit(m.id, r["intent_id"], i + 1, 1)
            commits.append((time.perf_counter() - t) * 1000)
            assert got["status"] == "applied", got
        return [line("append", appends), line("commit", commits)]
    finally:
        await store.close()


class CpuCost:
    """Holds its worker for CPU_S_PER_SPEECH_S per second of audio: the time Whisper keeps a
    worker machine busy (each worker stands for its own machine, so this is a wait, not a spin
    that would share this process's GIL)."""

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None) -> Transcript:
        audio_ms = len(pcm16k) // 32
        cost = audio_ms / 1000 * CPU_S_PER_SPEECH_S
        await asyncio.sleep(cost)
        return Transcript(f"段{audio_ms}", language, audio_ms, int(cost * 1000))


async def queue_lag(url: str, workers: int, meetings: int, seconds: float) -> str:
    node = await Store.open(url)
    stores = [await Store.open(url) for _ in range(workers)]
    pool = [AsrWorker(s, CpuCost(), batch_size=1, correction=False, recheck_s=0.05) for s in stores]
    tasks = [asyncio.create_task(w.run()) for w in pool]
    queued: dict[str, float] = {}
    lags: list[float] = []
    done = asyncio.Event()
    try:
        ms = [await node.create_meeting(f"m{i}") for i in range(meetings)]

        def heard(changes):  # the owning node hears utterances through the feed
            for c in changes:
                if c.kind == "utterance" and c.data.get("job_id") in queued:
                    lags.append(time.perf_counter() - queued[c.data["job_id"]])
            if len(lags) == len(queued) and stop_at.done():
                done.set()

        node.subscribe(heard)
        stop_at = asyncio.get_running_loop().create_future()
        seg = b"\0" * (3000 * 32)
        t0 = time.perf_counter()
        k = 0
        while time.perf_counter() - t0 < seconds:
            for m in ms:
                job = await node.enqueue_job(m.id, f"/seg/{m.id}/{k}.wav", 3000, k * 3000, audio=seg)
                queued[job.id] = time.perf_counter()
                for w in pool:
                    w.notify()
                await asyncio.sleep(3.0 / meetings)  # pacing: real time
            k += 1
        stop_at.set_result(None)
        try:
            async with asyncio.timeout(60):
                if len(lags) < len(queued):
                    await done.wait()
        except TimeoutError:
            pass
        kept_up = len(lags) == len(queued) and pct(lags, 0.99) < 3.0
        return (f"{workers} worker(s), {meetings} meetings: {len(lags)}/{len(queued)} segments, lag p50 "
                f"{statistics.median(lags):.2f} s p99 {pct(lags, 0.99):.2f} s — "
                f"{'keeps up with real time' if kept_up else 'falls behind'}")
    finally:
        for w in pool:
            w.stop()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for s in [*stores, node]:
            await s.close()


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--pg-url")
    ap.add_argument("--meetings", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=20)
    args = ap.parse_args()
    cluster = None
    url = args.pg_url
    if url is None:
        bin_dir = find_bin_dir()
        if bin_dir is None:
            sys.exit("no PostgreSQL binaries; pass --pg-url")
        cluster = Cluster(bin_dir, durable=True).start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            print("SQLite:")
            for s in await store_latency(Path(tmp) / "bench.db", args.n):
                print("  " + s)
        if cluster is not None:
            url = cluster.url(cluster.new_database())
        print("PostgreSQL:")
        for s in await store_latency(url, args.n):
            print("  " + s)
        for workers in (1, 2):
            if cluster is not None:
                url = cluster.url(cluster.new_database())
            print(await queue_lag(url, workers, args.meetings, args.seconds))
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
