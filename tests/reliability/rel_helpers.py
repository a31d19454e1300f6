"""Shared helpers of the reliability tests: a followed child process and database invariants.

``Child`` runs a command whose stdout is JSON lines, collects them on a reader thread and lets the
test wait for a condition with a deadline (no sleeps), then SIGKILL it. ``meeting_facts`` reads a
meeting's durable state straight from SQLite (after every process is gone) and ``invariants``
lists every way it breaks exactly-once: duplicate utterances, overlapping jobs, a job appended
twice, duplicate tasks, a business row without an applied intent, a corrupt database.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "meetings"
FIXTURE_WAV = FIXTURES / "zh_release_handover.wav"
CRASH_CHILD = str(Path(__file__).with_name("rel_crash_child.py"))
__all__ = ["web_harness"]

PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable


# The web tests' real-daemon harness (tests/web is not a package; the path is explicit).
sys.path.insert(0, str(ROOT / "tests" / "web"))
import web_harness  # noqa: E402

# Inputs tried by each property test (printed at the end of the run by conftest.py).
FUZZ_COUNTS: dict[str, int] = {}


class ChildTimeout(AssertionError):
    pass


@dataclass
class Child:
    """A subprocess printing JSON lines; ``lines`` grows as it prints."""

    argv: list[str]
    env: dict[str, str] | None = None
    lines: list[dict[str, Any]] = field(default_factory=list)
    stderr_path: Path | None = None

    def __post_init__(self) -> None:
        self._q: queue.Queue[dict[str, Any] | None] = queue.Queue()
        err = open(self.stderr_path, "ab") if self.stderr_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.PIPE, stderr=err, env=self.env, cwd=ROOT)
        if self.stderr_path:
            err.close()  # type: ignore[union-attr]
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            try:
                obj = json.loads(raw)
            except ValueError:
                obj = {"text": raw.decode("utf-8", "replace").rstrip()}
            self._q.put(obj)
        self._q.put(None)

    def wait_for(self, pred: Callable[[dict[str, Any]], bool], timeout: float, what: str = "") -> dict[str, Any] | None:
        """The first new line satisfying ``pred``; None if the child exited first; raises on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChildTimeout(f"timed out after {timeout}s waiting for {what or pred}; last lines: "
                                   f"{self.lines[-5:]}{self.stderr_tail()}")
            try:
                obj = self._q.get(timeout=left)
            except queue.Empty:
                continue
            if obj is None:
                self._q.put(None)  # stay at end of stream for later waits
                return None
            self.lines.append(obj)
            if pred(obj):
                return obj

    def drain(self) -> None:
        """Collect every line already printed (after the process ended)."""
        while True:
            try:
                obj = self._q.get(timeout=5)
            except queue.Empty:
                return
            if obj is None:
                self._q.put(None)
                return
            self.lines.append(obj)

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        self._reader.join(timeout=10)
        self.drain()

    def wait_exit(self, timeout: float) -> int:
        rc = self.proc.wait(timeout=timeout)
        self._reader.join(timeout=10)
        self.drain()
        return rc

    def last_ack(self, default: int = 0) -> int:
        acks = [obj["ack"] for obj in self.lines if "ack" in obj]
        return max(acks, default=default)

    def stderr_tail(self) -> str:
        if self.stderr_path and self.stderr_path.exists():
            return "\nstderr:\n" + self.stderr_path.read_text(errors="replace")[-3000:]
        return ""


def connect(db: Path) -> sqlite3.Connection:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    return con


def meeting_facts(db: Path, meeting_id: str) -> dict[str, Any]:
    """Everything the exactly-once assertions look at, read after the processes are gone."""
    con = connect(db)
    try:
        m = dict(con.execute("SELECT * FROM meetings WHERE id = ?", (meeting_id,)).fetchone())
        utts = [dict(r) for r in con.execute(
            "SELECT seq, text, start_ms, end_ms, source, job_id FROM utterances WHERE meeting_id = ? ORDER BY seq",
            (meeting_id,))]
        jobs = [dict(r) for r in con.execute(
            "SELECT id, status, start_ms, duration_ms, attempts, utterance_seq, audio_path FROM asr_jobs"
            " WHERE meeting_id = ? ORDER BY start_ms", (meeting_id,))]
        tasks = [dict(r) for r in con.execute("SELECT * FROM tasks WHERE meeting_id = ?", (meeting_id,))]
        intents = [dict(r) for r in con.execute(
            "SELECT id, kind, status, revision, payload FROM meeting_intents WHERE meeting_id = ?", (meeting_id,))]
        business = {t: [dict(r) for r in con.execute(f"SELECT * FROM {t} WHERE meeting_id = ?", (meeting_id,))]
                    for t in ("tasks", "decisions", "notes", "open_questions")}
        integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
        audio = con.execute("SELECT * FROM audio_streams WHERE meeting_id = ?", (meeting_id,)).fetchone()
    finally:
        con.close()
    return {"meeting": m, "utterances": utts, "jobs": jobs, "tasks": tasks, "intents": intents,
            "business": business, "integrity": integrity, "audio": dict(audio) if audio else None}


def invariants(f: dict[str, Any]) -> list[str]:
    """Every broken exactly-once / consistency rule in ``meeting_facts`` output (empty: all hold)."""
    bad: list[str] = []
    if f["integrity"] != "ok":
        bad.append(f"integrity_check: {f['integrity']}")
    utts = f["utterances"]
    if [u["seq"] for u in utts] != list(range(1, len(utts) + 1)):
        bad.append("utterance seqs are not 1..n")
    texts = [u["text"] for u in utts]
    if len(set(texts)) != len(texts):
        bad.append(f"duplicate utterance text: {texts}")
    timed = sorted((u["start_ms"], u["end_ms"]) for u in utts if u["start_ms"] is not None)
    for (s1, e1), (s2, e2) in itertools.pairwise(timed):
        if s2 < e1:
            bad.append(f"utterances overlap in time: [{s1},{e1}) and [{s2},{e2})")
    job_ids = [u["job_id"] for u in utts if u["job_id"]]
    if len(set(job_ids)) != len(job_ids):
        bad.append("a job appended more than one utterance")
    jobs = f["jobs"]
    by_job = {u["job_id"]: u["seq"] for u in utts if u["job_id"]}
    for j in jobs:
        if j["status"] != "done":
            bad.append(f"job {j['id']} is {j['status']}")
        if j["utterance_seq"] is not None and by_job.get(j["id"]) != j["utterance_seq"]:
            bad.append(f"job {j['id']} points at seq {j['utterance_seq']}, its utterance is {by_job.get(j['id'])}")
    if len(by_job) != sum(1 for j in jobs if j["utterance_seq"] is not None):
        bad.append("utterances from jobs that do not record them")
    spans = sorted((j["start_ms"], j["start_ms"] + j["duration_ms"]) for j in jobs if j["start_ms"] is not None)
    for (s1, e1), (s2, e2) in itertools.pairwise(spans):
        if s2 < e1:
            bad.append(f"ASR jobs overlap (audio transcribed twice): [{s1},{e1}) and [{s2},{e2})")
    keys = [(t.get("title"), t.get("owner")) for t in f["tasks"]]
    if len(set(keys)) != len(keys):
        bad.append(f"duplicate tasks: {keys}")
    status = {i["id"]: i["status"] for i in f["intents"]}
    for table, rows in f["business"].items():
        ids = [r["intent_id"] for r in rows]
        if len(set(ids)) != len(ids):
            bad.append(f"{table}: two rows for one intent")
        for r in rows:
            if status.get(r["intent_id"]) != "applied":
                bad.append(f"{table} row of intent {r['intent_id']} which is {status.get(r['intent_id'])}")
    return bad


def cer(reference: str, hypothesis: str) -> float:
    import jiwer

    if not reference:
        return 0.0 if not hypothesis else 1.0
    return float(jiwer.cer(reference, hypothesis))
