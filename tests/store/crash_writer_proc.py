"""A writer process for the crash tests (run as a script; killed with SIGKILL by the test).

    python crash_writer_proc.py DB loop   — write forever: utterances, ASR jobs, intents + commits
    python crash_writer_proc.py DB hold   — write a little, then open a transaction, write half of an
                                            append and half of a commit, create DB.holding, and wait

Uses the real Store and Ledger, so whatever it leaves behind is what the daemon would leave.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from intents import Ledger
from store import Store


async def one_round(store: Store, ledger: Ledger, meeting_id: str, i: int) -> None:
    if i % 3 == 0:
        job = await store.enqueue_job(meeting_id, f"/audio/seg{i}.wav", 700)
        await store.claim_job()
        u = await store.complete_job(job.id, f"张三负责第{i}项检查，周五之前完成。")
        assert u is not None
    else:
        u = await store.append_utterance(meeting_id, f"张三负责第{i}项检查，周五之前完成。")
    r = await ledger.upsert(meeting_id, kind="task",
                            payload={"title": f"第{i}项检查", "owner": "张三", "due_date_raw": "周五之前"},
                            evidence_seqs=[u.seq], evidence=f"张三负责第{i}项检查", basis_sequence=u.seq)
    if i % 4 != 1:  # leave some intents detected, never committed
        got = await ledger.commit(meeting_id, r["intent_id"], u.seq, r["revision"])
        assert got["status"] == "applied", got


async def main(db: str, mode: str) -> None:
    store = await Store.open(db)
    ledger = Ledger(store)
    m = await store.create_meeting("崩溃测试", mode="execute", participants=["张三"])
    rounds = 5 if mode == "hold" else 10**9
    for i in range(rounds):
        await one_round(store, ledger, m.id, i)
    async with store.db.transaction() as tx:
        latest = (await store.meeting_in_tx(tx, m.id)).latest_seq
        # Half of an append: the row, but not latest_seq nor the change row.
        await tx.execute(
            "INSERT INTO utterances(meeting_id, seq, text, source, created_at) VALUES (?,?,?,?,?)",
            (m.id, latest + 1, "半句话", "typed", time.time()),
        )
        # Half of a commit: the business row and one event, but no projection update nor audit row.
        await tx.execute(
            "INSERT INTO tasks(intent_id, meeting_id, title, priority, evidence, evidence_seqs, revision,"
            " created_at, updated_at) VALUES ('int_half', ?, '半个任务', 'unspecified', '', '[]', 1, 0, 0)",
            (m.id,),
        )
        await tx.execute(
            "INSERT INTO intent_events(meeting_id, intent_id, type, revision, payload, basis_seq, produced_by,"
            " schema_version, created_at) VALUES (?, 'int_half', 'intent.executing', 1, '{}', 0, 'crash', 1, 0)",
            (m.id,),
        )
        Path(db + ".holding").touch()
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
