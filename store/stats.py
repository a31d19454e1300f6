"""Daemon-wide counts for the metrics endpoint, read from durable facts (no counting twice)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .changes import ChangeFeed


@dataclass(frozen=True, slots=True)
class DaemonStats:
    meetings: dict[str, int] = field(default_factory=dict)  # by status
    utterances: int = 0
    jobs: dict[str, int] = field(default_factory=dict)  # by status
    oldest_pending_at: float | None = None  # created_at of the oldest pending ASR job
    turns: int = 0  # Supervisor turns, steps, model calls and tokens, all meetings
    steps: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    commits: dict[str, int] = field(default_factory=dict)  # guarded commit attempts by result
    unanalyzed: int = 0  # utterances of open meetings past analyzed_seq
    transcribed_until_ms: dict[str, int] = field(default_factory=dict)  # meeting → end of its last done job


class StatsQueries(ChangeFeed):
    async def daemon_stats(self) -> DaemonStats:
        db = self.db
        meetings = {r[0]: r[1] for r in await db.all("SELECT status, COUNT(*) FROM meetings GROUP BY status")}
        row = await db.one("SELECT COUNT(*) FROM utterances")
        utterances = int(row[0]) if row else 0
        jobs = {r[0]: r[1] for r in await db.all("SELECT status, COUNT(*) FROM asr_jobs GROUP BY status")}
        row = await db.one("SELECT MIN(created_at) FROM asr_jobs WHERE status = 'pending'")
        oldest = row[0] if row and row[0] is not None else None
        row = await db.one(
            "SELECT COUNT(DISTINCT meeting_id || ':' || turn), COUNT(*), COALESCE(SUM(CASE WHEN brain != 'rules' THEN 1 ELSE 0 END), 0),"
            " COALESCE(SUM(prompt_tokens), 0), COALESCE(SUM(completion_tokens), 0) FROM agent_traces"
            " WHERE agent_id = 'supervisor'")
        turns, steps, calls, prompt, completion = (int(v) for v in row) if row else (0, 0, 0, 0, 0)
        commits = {r[0]: r[1] for r in await db.all("SELECT result, COUNT(*) FROM meeting_ai_actions GROUP BY result")}
        row = await db.one("SELECT COALESCE(SUM(latest_seq - analyzed_seq), 0) FROM meetings WHERE status != 'ended'")
        unanalyzed = int(row[0]) if row else 0
        done = {r[0]: int(r[1] or 0) for r in await db.all(
            "SELECT meeting_id, MAX(start_ms + duration_ms) FROM asr_jobs WHERE status = 'done' GROUP BY meeting_id")}
        return DaemonStats(meetings=meetings, utterances=utterances, jobs=jobs, oldest_pending_at=oldest, turns=turns,
                           steps=steps, model_calls=calls, prompt_tokens=prompt, completion_tokens=completion,
                           commits=commits, unanalyzed=unanalyzed, transcribed_until_ms=done)
