"""Crash safety: a writer process killed with SIGKILL leaves no half-written row and no seq gap."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from intents import Ledger
from store import Store

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WRITER = HERE / "crash_writer_proc.py"


async def start_writer(db_path: Path, mode: str) -> asyncio.subprocess.Process:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    return await asyncio.create_subprocess_exec(
        sys.executable, str(WRITER), str(db_path), mode, cwd=str(ROOT), env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )


async def wait_until(proc: asyncio.subprocess.Process, ready: Callable[[], bool], what: str) -> None:
    """Poll ``ready()`` until true (60 s at most); fail early with the writer's stderr if it died."""
    async with asyncio.timeout(60):
        while not ready():
            if proc.returncode is not None:
                err = (await proc.stderr.read()).decode() if proc.stderr else ""
                raise AssertionError(f"writer exited ({proc.returncode}) before {what}:\n{err}")
            await asyncio.sleep(0.02)


def count(db_path: Path, sql: str) -> int:
    if not db_path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=1) as c:
            return int(c.execute(sql).fetchone()[0])
    except sqlite3.OperationalError:  # schema not created yet, or a writer holds a lock
        return 0


async def kill(proc: asyncio.subprocess.Process) -> None:
    proc.send_signal(signal.SIGKILL)
    assert await proc.wait() == -signal.SIGKILL


def check_invariants(db_path: Path) -> dict[str, int]:
    """Everything a crash must never break. Returns counts for the caller to reason about."""
    c = sqlite3.connect(db_path)
    try:
        assert c.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert c.execute("PRAGMA foreign_key_check").fetchall() == []
        totals = {"utterances": 0, "applied": 0, "intents": 0}
        for mid, latest, cursor in c.execute("SELECT id, latest_seq, change_cursor FROM meetings").fetchall():
            seqs = [r[0] for r in c.execute("SELECT seq FROM utterances WHERE meeting_id = ? ORDER BY seq", (mid,))]
            assert seqs == list(range(1, latest + 1)), "utterance seqs must be 1..latest_seq with no gap"
            assert latest == (max(seqs) if seqs else 0)
            cursors = [r[0] for r in c.execute("SELECT cursor FROM changes WHERE meeting_id = ? ORDER BY cursor",
                                               (mid,))]
            assert cursors == list(range(1, cursor + 1)), "change cursors must be gap-free"
            applied = {r[0] for r in c.execute(
                "SELECT id FROM meeting_intents WHERE meeting_id = ? AND status = 'applied'", (mid,))}
            tasks = [r[0] for r in c.execute("SELECT intent_id FROM tasks WHERE meeting_id = ?", (mid,))]
            assert sorted(tasks) == sorted(applied), "one business row per applied intent, and vice versa"
            for iid, rev, ref in c.execute(
                "SELECT id, revision, entity_ref FROM meeting_intents WHERE meeting_id = ? AND status = 'applied'",
                (mid,),
            ).fetchall():
                assert ref == f"tasks/{iid}"
                audit = c.execute("SELECT COUNT(*) FROM meeting_ai_actions WHERE intent_id = ? AND revision = ?"
                                  " AND result = 'applied'", (iid, rev)).fetchone()[0]
                assert audit == 1
                types = [r[0] for r in c.execute("SELECT type FROM intent_events WHERE intent_id = ? ORDER BY id",
                                                 (iid,))]
                assert types == ["intent.detected", "intent.executing", "intent.applied"]
            totals["utterances"] += latest
            totals["applied"] += len(applied)
            totals["intents"] += c.execute("SELECT COUNT(*) FROM meeting_intents WHERE meeting_id = ?",
                                           (mid,)).fetchone()[0]
        # Events only for intents in the projection, and every projected intent was detected.
        orphans = c.execute("SELECT COUNT(*) FROM intent_events WHERE intent_id NOT IN"
                            " (SELECT id FROM meeting_intents)").fetchone()[0]
        assert orphans == 0
        undetected = c.execute("SELECT COUNT(*) FROM meeting_intents WHERE id NOT IN (SELECT intent_id FROM"
                               " intent_events WHERE type = 'intent.detected')").fetchone()[0]
        assert undetected == 0
        # One job, one utterance: a done job's utterance exists and names the job, and only done jobs have one.
        for job_id, status, useq in c.execute("SELECT id, status, utterance_seq FROM asr_jobs"):
            row = c.execute("SELECT seq FROM utterances WHERE job_id = ?", (job_id,)).fetchone()
            if status == "done":
                assert row == (useq,)
            else:
                assert row is None and useq is None
        # Every utterance change row points at a stored utterance.
        for mid, data in c.execute("SELECT meeting_id, data FROM changes WHERE kind = 'utterance'"):
            seq = json.loads(data)["seq"]
            assert c.execute("SELECT 1 FROM utterances WHERE meeting_id = ? AND seq = ?", (mid, seq)).fetchone()
        return totals
    finally:
        c.close()


async def reopen_and_continue(db_path: Path) -> None:
    """The store opens after the crash, recovers jobs and keeps numbering where it stopped."""
    store = await Store.open(db_path)
    try:
        await store.requeue_processing()
        [m] = await store.list_meetings()
        u = await store.append_utterance(m.id, "张三负责重启后的检查。")
        assert u.seq == m.latest_seq + 1
        ledger = Ledger(store)
        r = await ledger.upsert(m.id, kind="task", payload={"title": "重启后的检查", "owner": "张三"},
                                evidence_seqs=[u.seq], evidence="张三负责重启后的检查", basis_sequence=u.seq)
        assert (await ledger.commit(m.id, r["intent_id"], u.seq, 1))["status"] == "applied"
    finally:
        await store.close()
    check_invariants(db_path)


async def test_sigkill_mid_run_leaves_a_consistent_database(db_path: Path) -> None:
    proc = await start_writer(db_path, "loop")
    try:
        await wait_until(proc, lambda: count(db_path, "SELECT COUNT(*) FROM tasks") >= 25, "25 committed tasks")
    finally:
        if proc.returncode is None:
            await kill(proc)
    totals = check_invariants(db_path)
    assert totals["applied"] >= 25 and totals["utterances"] >= totals["applied"]
    await reopen_and_continue(db_path)


async def test_sigkill_inside_an_open_transaction_discards_it(db_path: Path) -> None:
    proc = await start_writer(db_path, "hold")
    marker = Path(str(db_path) + ".holding")
    try:
        await wait_until(proc, marker.exists, "the half-written transaction")
    finally:
        if proc.returncode is None:
            await kill(proc)
    totals = check_invariants(db_path)
    assert totals["utterances"] == 5  # the five whole rounds, not the half one
    with sqlite3.connect(db_path) as c:
        assert c.execute("SELECT COUNT(*) FROM utterances WHERE text = '半句话'").fetchone() == (0,)
        assert c.execute("SELECT COUNT(*) FROM tasks WHERE intent_id = 'int_half'").fetchone() == (0,)
        assert c.execute("SELECT COUNT(*) FROM intent_events WHERE intent_id = 'int_half'").fetchone() == (0,)
    await reopen_and_continue(db_path)
