"""The finalize gate (DESIGN §7): refuse to close a meeting until it has converged, then end it
with minutes.

``blockers`` is the pure decision. ``finalize_meeting`` reads its inputs from the store, and when
nothing blocks it reviews the applied intents, builds the minutes and stores them together with
status ``ended`` in one transaction. ``wait_and_finalize`` retries on every store change until the
meeting converges or the wait runs out (the HTTP ``POST /finalize {wait_s}``).

While finalizing, no typed utterance or new audio is accepted (the store refuses them), but ASR
jobs queued before still complete: their utterances are exactly what the gate waits for.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from intents.results import ResultView
from intents.review import review
from models import Intent, IntentStatus, Meeting, MeetingClosed, MeetingStatus, Utterance
from models.payloads import headline
from store import Store

from .minutes import build_minutes, extractive_summary, meeting_date, render_markdown

# How often one finalize call re-checks when the meeting changed while the minutes were built.
MAX_ATTEMPTS = 3

# An optional second opinion at finalize: (meeting, transcript, intents) -> {"issues", "summary"}.
SecondOpinion = Callable[[Meeting, Sequence[Utterance], Sequence[Intent]], Awaitable[Mapping[str, Any]]]

_TABLE_FOR = {"task": "tasks", "decision": "decisions", "note": "notes", "question": "open_questions"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def blockers(
    *,
    job_counts: Mapping[str, int],
    latest_seq: int,
    analyzed_seq: int,
    intents: Sequence[Intent],
    running_agents: Sequence[str],
) -> list[dict[str, Any]]:
    """Every reason the meeting cannot end yet, one structured blocker per cause (empty: converged).

    Kinds, in this order: ``asr_jobs`` (pending / processing transcription; failed jobs do not
    block, review reports them), ``unanalyzed`` (``analyzed_seq < latest_seq``),
    ``open_intents`` (detected / clarifying / approved / executing), ``subagents`` (running).
    Each carries an English ``message`` for people.
    """
    out: list[dict[str, Any]] = []
    pending, processing = int(job_counts.get("pending", 0)), int(job_counts.get("processing", 0))
    if pending or processing:
        out.append({
            "kind": "asr_jobs", "pending": pending, "processing": processing,
            "message": f"{_plural(pending, 'ASR job')} pending and {processing} processing: "
                       "waiting for the audio to be transcribed",
        })
    if analyzed_seq < latest_seq:
        out.append({
            "kind": "unanalyzed", "analyzed_seq": analyzed_seq, "latest_seq": latest_seq,
            "message": f"the Supervisor has analysed utterances up to seq {analyzed_seq} of {latest_seq}: "
                       f"{_plural(latest_seq - analyzed_seq, 'utterance')} still to read",
        })
    open_ = [it for it in intents if not it.status.terminal]
    if open_:
        listed = [
            {"intent_id": it.id, "kind": it.kind.value, "status": it.status.value, "revision": it.revision,
             "headline": headline(it.kind, it.payload)}
            for it in open_
        ]
        names = "; ".join(f"{i['kind']} \u201c{i['headline']}\u201d ({i['status']})" for i in listed[:5])
        more = f"; and {len(listed) - 5} more" if len(listed) > 5 else ""
        out.append({
            "kind": "open_intents", "intents": listed,
            "message": f"{_plural(len(listed), 'intent')} not settled (approve or reject, or let the Supervisor "
                       f"commit): {names}{more}",
        })
    agents = list(running_agents)
    if agents:
        out.append({
            "kind": "subagents", "agents": agents,
            "message": f"{_plural(len(agents), 'agent')} still running: {', '.join(agents)}",
        })
    return out


@dataclass(frozen=True, slots=True)
class Ended(ResultView):
    """The meeting ended with these minutes (or had ended before: its stored minutes)."""

    minutes: dict[str, Any]
    markdown: str

    def to_dict(self) -> dict[str, Any]:
        return {"status": "ended", "minutes": self.minutes, "markdown": self.markdown}


@dataclass(frozen=True, slots=True)
class NotConverged(ResultView):
    """Finalize refused: what still blocks (DESIGN §7). The meeting is still open."""

    blockers: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"status": "conflict", "reason": "not_converged", "blockers": list(self.blockers)}


FinalizeResult = Ended | NotConverged


def _conflict(found: Sequence[dict[str, Any]]) -> NotConverged:
    return NotConverged(tuple(found))


async def _ended(store: Store, meeting_id: str) -> Ended:
    minutes, markdown = await store.get_minutes(meeting_id)
    return Ended(minutes, markdown)


async def _consistency_issues(store: Store, meeting_id: str, intents: Sequence[Intent]) -> list[dict[str, str]]:
    """Business rows must mirror the applied intents: one intent, one entity, same revision."""
    issues: list[dict[str, str]] = []
    by_id = {it.id: it for it in intents}
    for kind, table in _TABLE_FOR.items():
        rows = {r["intent_id"]: r for r in await store.business_rows(meeting_id, table)}
        for it in intents:
            if it.kind.value != kind or it.status is not IntentStatus.APPLIED:
                continue
            row = rows.get(it.id)
            if row is None:
                issues.append({"intent_id": it.id, "problem": f"applied but no row in {table}"})
            elif row["revision"] != it.revision:
                issues.append({"intent_id": it.id, "problem": f"{table} row is at revision {row['revision']}, "
                                                              f"the intent at {it.revision}"})
        for intent_id in rows:
            it = by_id.get(intent_id)
            if it is None or it.status is not IntentStatus.APPLIED:
                status = it.status.value if it else "unknown"
                issues.append({"intent_id": intent_id, "problem": f"{table} row of a {status} intent"})
    return issues


async def _stats(store: Store, meeting_id: str, utterances: int, extra: Mapping[str, Any] | None) -> dict[str, Any]:
    sup = await store.trace_stats(meeting_id)
    llm_calls = sup["llm_calls"]
    for agent in await store.list_subagents(meeting_id):
        llm_calls += (await store.trace_stats(meeting_id, agent["id"]))["llm_calls"]
    stats: dict[str, Any] = {
        "utterances": utterances,
        "supervisor_turns": sup["turns"],
        "supervisor_steps": sup["steps"],
        "llm_calls": llm_calls,
        "conflicts": await store.conflict_count(meeting_id),
        "asr_audio_ms": await store.asr_totals(meeting_id),
        "asr_compute_ms": await store.asr_compute_total(meeting_id),
    }
    return stats | dict(extra or {})


async def finalize_meeting(
    store: Store,
    meeting_id: str,
    *,
    running_agents: Callable[[], Sequence[str]] = lambda: (),
    summary: str | None = None,
    stats_extra: Mapping[str, Any] | None = None,
    second_opinion: SecondOpinion | None = None,
) -> FinalizeResult:
    """Try to end ``meeting_id``.

    Returns :class:`NotConverged` (``to_dict()``: ``{"status": "conflict", "reason":
    "not_converged", "blockers": [...]}``) while anything blocks (the meeting stays
    ``finalizing``; call again to re-check), or :class:`Ended` (``{"status": "ended", "minutes":
    {...}, "markdown": "..."}``) once ended. An ended meeting
    returns its stored minutes unchanged. ``running_agents()`` names the agents still working
    (subagents, and the Supervisor while a turn runs); ``summary`` defaults to an extractive one;
    ``stats_extra`` supplies or overrides ``stats`` keys (``asr_compute_ms``). Raises NotFound for
    an unknown meeting and InvalidInput for a stats key outside DESIGN §8. ``second_opinion``
    (optional, e.g. :class:`coordinator.llm_review.LLMReviewer`) is awaited once the meeting has
    converged: its ``issues`` are added to ``review.issues`` and its ``summary`` (when not None)
    replaces the extractive default; it never changes an item of the minutes.
    """
    meeting = await store.get_meeting(meeting_id)
    if meeting.status is MeetingStatus.ENDED:
        return await _ended(store, meeting_id)
    if meeting.status is MeetingStatus.LIVE:
        try:
            await store.set_status(meeting_id, MeetingStatus.FINALIZING)
        except MeetingClosed:  # another finalize won the race
            return await _ended(store, meeting_id)
    for _ in range(MAX_ATTEMPTS):
        meeting = await store.get_meeting(meeting_id)
        if meeting.status is MeetingStatus.ENDED:
            return await _ended(store, meeting_id)
        intents = await store.list_intents(meeting_id)
        found = blockers(
            job_counts=await store.job_counts(meeting_id), latest_seq=meeting.latest_seq,
            analyzed_seq=meeting.analyzed_seq, intents=intents, running_agents=list(running_agents()),
        )
        if found:
            return _conflict(found)
        transcript = await store.list_utterances(meeting_id)
        checked = review(intents, {u.seq: u.text for u in transcript}, meeting.participants)
        issues = list(checked["issues"])
        issues += await _consistency_issues(store, meeting_id, intents)
        issues += [{"intent_id": it.id, "problem": f"the commit failed: {it.error or 'unknown error'}; approve to retry"}
                   for it in intents if it.status is IntentStatus.FAILED]
        for job in await store.failed_jobs(meeting_id):
            why = job.error or "unknown error"
            issues.append({"job_id": job.id, "problem": f"ASR failed after {_plural(job.attempts, 'attempt')}: {why}"})
        # Seqs the Supervisor passed over (a step limit, a failed brain) were never analysed: the
        # minutes may miss what was said there, so they end as needs_review, never as ok.
        skipped = await store.skipped_ranges(meeting_id, open_only=True)
        for r in skipped:
            issues.append({"from_seq": r["from_seq"], "to_seq": r["to_seq"], "range_id": r["id"],
                           "problem": f"seq {r['from_seq']}–{r['to_seq']} were not analysed ({r['reason']})"})
        opinion: Mapping[str, Any] = {}
        if second_opinion is not None:
            opinion = await second_opinion(meeting, transcript, intents)
            issues += [dict(i) for i in opinion.get("issues") or ()]
        stats = await _stats(store, meeting_id, len(transcript), stats_extra)
        minutes = build_minutes(
            replace(meeting, status=MeetingStatus.ENDED), transcript, intents,
            summary=summary if summary is not None
            else opinion.get("summary") or extractive_summary(meeting, transcript, intents),
            review={"status": "needs_review" if skipped else "issues" if issues else "ok", "issues": issues,
                    "skipped": [{k: r[k] for k in ("id", "from_seq", "to_seq", "reason", "trace_id")} for r in skipped]},
            stats=stats,
        )
        markdown = render_markdown(minutes, date=meeting_date(meeting.created_at))
        # Anything that changed while the minutes were built (a late approve, an agent's write)
        # means they may be stale: check again rather than end on an old picture.
        if (await store.get_meeting(meeting_id)).change_cursor != meeting.change_cursor:
            continue
        try:
            await store.end_with_minutes(meeting_id, minutes, markdown)
        except MeetingClosed:
            return await _ended(store, meeting_id)
        return Ended(minutes, markdown)
    return _conflict([{"kind": "changing", "message": "the meeting kept changing while its minutes were built; "
                                                       "finalize again"}])


async def _next_signal(changed: Any) -> None:
    if hasattr(changed, "wait"):  # an asyncio.Event
        await changed.wait()
        changed.clear()
    else:
        await changed()


async def wait_and_finalize(
    store: Store,
    meeting_id: str,
    wait_s: float,
    *,
    changed: asyncio.Event | Callable[[], Awaitable[Any]] | None = None,
    running_agents: Callable[[], Sequence[str]] = lambda: (),
    summary: str | None = None,
    summary_fn: Callable[[], Awaitable[str | None]] | None = None,
    stats_extra: Mapping[str, Any] | None = None,
    second_opinion: SecondOpinion | None = None,
) -> FinalizeResult:
    """Finalize, re-checking on every change of the meeting until it ends or ``wait_s`` passes.

    Re-checks are driven by the store's change feed for this meeting and, when given, by
    ``changed`` (an ``asyncio.Event`` or a coroutine function that returns at the next change the
    store does not see, such as an agent finishing). One last check runs at the deadline, so a
    missed signal costs latency, never a wrong answer. ``summary_fn`` (optional) is awaited just
    before each check to supply the summary. Returns what the last :func:`finalize_meeting` did.
    """
    dirty = asyncio.Event()

    def on_change(changes: list[Any]) -> None:
        if any(c.meeting_id == meeting_id for c in changes):
            dirty.set()

    async def attempt() -> FinalizeResult:
        dirty.clear()
        text = await summary_fn() if summary_fn is not None else summary
        return await finalize_meeting(store, meeting_id, running_agents=running_agents, summary=text,
                                      stats_extra=stats_extra, second_opinion=second_opinion)

    unsubscribe = store.subscribe(on_change)
    try:
        deadline = time.monotonic() + max(0.0, wait_s)
        result = await attempt()
        while not isinstance(result, Ended) and time.monotonic() < deadline:
            waiters = [asyncio.ensure_future(dirty.wait())]
            if changed is not None:
                waiters.append(asyncio.ensure_future(_next_signal(changed)))
            try:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for w in waiters:
                    w.cancel()
                await asyncio.gather(*waiters, return_exceptions=True)
            result = await attempt()
        return result
    finally:
        unsubscribe()


__all__ = ["Ended", "FinalizeResult", "NotConverged", "blockers", "finalize_meeting", "wait_and_finalize"]
