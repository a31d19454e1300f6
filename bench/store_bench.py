"""Store benchmark: per-operation latency of appends and guarded commits on a file database.

    .venv/bin/python bench/store_bench.py [--n 10000] [--db-dir DIR]

Measures, one operation at a time (the way the daemon issues them), on a fresh WAL database in a
temporary directory:

* ``append``: ``Store.append_utterance`` (next seq, ``latest_seq``, change row; one transaction);
* ``upsert``: ``Ledger.upsert`` of a new task whose owner and due date are said in the cited
  utterance (evidence validated; low risk);
* ``commit``: ``Ledger.commit`` of that intent in execute mode (guard, business row, events,
  audit row; one transaction);
* ``upsert+commit``: the two together, the whole path of one auto-committed intent.

Prints p50 / p99 / max in milliseconds. The target for ``append`` and ``commit`` is p99 ≤ 5 ms.
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

from intents import Ledger
from store import Store

TARGET_P99_MS = 5.0


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, round(q * (len(sorted_ms) - 1)))]


def report(name: str, samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    row = {"p50": percentile(s, 0.50), "p99": percentile(s, 0.99), "max": s[-1], "mean": statistics.fmean(s)}
    print(f"{name:<14} n={len(s):>6}  p50={row['p50']:6.3f} ms  p99={row['p99']:6.3f} ms  "
          f"max={row['max']:7.3f} ms  mean={row['mean']:6.3f} ms")
    return row


async def run(n: int, db_dir: str) -> dict[str, dict[str, float]]:
    store = await Store.open(Path(db_dir) / "bench.db")
    try:
        ledger = Ledger(store)
        m = await store.create_meeting("store bench", language="zh", mode="execute", participants=["张三", "李四"])
        appends: list[float] = []
        for i in range(n):
            owner = "张三" if i % 2 else "李四"
            t0 = time.perf_counter()
            await store.append_utterance(m.id, f"{owner}负责整理第{i}号接口文档，周五之前完成。", i * 1000, i * 1000 + 900)
            appends.append((time.perf_counter() - t0) * 1000)
        latest = n
        upserts: list[float] = []
        commits: list[float] = []
        for i in range(n):
            owner = "张三" if i % 2 else "李四"
            t0 = time.perf_counter()
            r = await ledger.upsert(
                m.id, kind="task",
                payload={"title": f"整理第{i}号接口文档", "owner": owner, "due_date_raw": "周五之前", "priority": "medium"},
                evidence_seqs=[i + 1], evidence=f"{owner}负责整理第{i}号接口文档", basis_sequence=latest,
            )
            t1 = time.perf_counter()
            c = await ledger.commit(m.id, r["intent_id"], latest, r["revision"])
            t2 = time.perf_counter()
            if c.get("status") != "applied":
                raise SystemExit(f"commit {i} did not apply: {c}")
            upserts.append((t1 - t0) * 1000)
            commits.append((t2 - t1) * 1000)
        tasks = await store.business_rows(m.id, "tasks")
        if len(tasks) != n:
            raise SystemExit(f"expected {n} task rows, found {len(tasks)}")
        print(f"store bench: {n} appends, {n} upsert+commit (execute mode), file DB in {db_dir}")
        out = {
            "append": report("append", appends),
            "upsert": report("upsert", upserts),
            "commit": report("commit", commits),
            "upsert+commit": report("upsert+commit", [a + b for a, b in zip(upserts, commits, strict=True)]),
        }
        return out
    finally:
        await store.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--db-dir", default=None, help="directory for the database (default: a temp dir)")
    args = ap.parse_args()
    if args.db_dir:
        out = asyncio.run(run(args.n, args.db_dir))
    else:
        with tempfile.TemporaryDirectory(prefix="meetingd-bench-") as d:
            out = asyncio.run(run(args.n, d))
    ok = all(out[k]["p99"] <= TARGET_P99_MS for k in ("append", "commit"))
    print(f"target p99 <= {TARGET_P99_MS} ms for append and commit: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
