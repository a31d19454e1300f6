"""Prometheus metrics of one daemon, and structured logs that carry meeting and trace ids.

Metrics live in their own :class:`~prometheus_client.CollectorRegistry` (never the process-global
default one: two services in one process, as in tests, must not collide). Most values are
durable facts in the store (jobs, traces, conflicts), so they are read, not counted twice:
``await metrics.refresh(service, hub=…)`` takes one snapshot from the store
(``store.daemon_stats()``, the SQL lives in ``store/stats.py``) and the in-memory state of the
service's sessions (worker stats, running Supervisors, audio streams, WebSocket clients), and
``render()`` turns the last snapshot into the text exposition format. The web app refreshes on
every scrape of ``GET /metrics``.

Exported (all prefixed ``meetingd_``):

- ``meetings{status}``; ``utterances_total``;
- ``asr_queue_depth`` (pending + processing jobs), ``asr_jobs{status}``, ``asr_oldest_pending_seconds``,
  ``asr_audio_seconds_total``, ``asr_compute_seconds_total``, ``asr_rtf`` (compute / audio of this
  process's worker), ``asr_lag_seconds{meeting_id}`` (live meetings: audio received but not yet
  transcribed, the uncut tail included);
- ``supervisor_turns_total``, ``supervisor_steps_total``, ``supervisor_running``,
  ``supervisor_unanalyzed_utterances``; ``model_calls_total``, ``model_tokens_total{kind}``;
- ``commits_total{result}`` (applied / conflict guarded commits); ``conflicts_total``;
- ``websocket_clients``, ``audio_recording_clients``.
"""

from __future__ import annotations

import contextvars
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from models.tracing import trace_id_var

if TYPE_CHECKING:
    from .service import MeetingService

CONTENT_TYPE = CONTENT_TYPE_LATEST


@dataclass
class Snapshot:
    taken_at: float = 0.0
    meetings: dict[str, int] = field(default_factory=dict)
    utterances: int = 0
    jobs: dict[str, int] = field(default_factory=dict)
    oldest_pending_s: float = 0.0
    asr_audio_ms: int = 0
    asr_compute_ms: int = 0
    lag_ms: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    steps: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    running: int = 0
    unanalyzed: int = 0
    commits: dict[str, int] = field(default_factory=dict)
    ws_clients: int = 0
    recording: int = 0


class _Collector(Collector):
    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        s = self.metrics.snapshot
        g = GaugeMetricFamily("meetingd_meetings", "Meetings by status", labels=["status"])
        for status in ("live", "finalizing", "ended"):
            g.add_metric([status], s.meetings.get(status, 0))
        yield g
        yield CounterMetricFamily("meetingd_utterances", "Utterances appended (all meetings)", value=s.utterances)
        yield GaugeMetricFamily("meetingd_asr_queue_depth", "ASR jobs pending or processing",
                                value=s.jobs.get("pending", 0) + s.jobs.get("processing", 0))
        g = GaugeMetricFamily("meetingd_asr_jobs", "ASR jobs by status", labels=["status"])
        for status in ("pending", "processing", "done", "failed"):
            g.add_metric([status], s.jobs.get(status, 0))
        yield g
        yield GaugeMetricFamily("meetingd_asr_oldest_pending_seconds", "Age of the oldest pending ASR job",
                                value=s.oldest_pending_s)
        yield CounterMetricFamily("meetingd_asr_audio_seconds", "Audio transcribed by this process",
                                  value=s.asr_audio_ms / 1000)
        yield CounterMetricFamily("meetingd_asr_compute_seconds", "Whisper compute time of this process",
                                  value=s.asr_compute_ms / 1000)
        yield GaugeMetricFamily("meetingd_asr_rtf", "Real-time factor of this process's ASR (compute / audio)",
                                value=s.asr_compute_ms / s.asr_audio_ms if s.asr_audio_ms else 0.0)
        g = GaugeMetricFamily("meetingd_asr_lag_seconds", "Live audio received but not yet transcribed",
                              labels=["meeting_id"])
        for mid, lag in sorted(s.lag_ms.items()):
            g.add_metric([mid], lag / 1000)
        yield g
        yield CounterMetricFamily("meetingd_supervisor_turns", "Supervisor turns", value=s.turns)
        yield CounterMetricFamily("meetingd_supervisor_steps", "Supervisor steps", value=s.steps)
        yield GaugeMetricFamily("meetingd_supervisor_running", "Supervisors in a turn now", value=s.running)
        yield GaugeMetricFamily("meetingd_supervisor_unanalyzed_utterances",
                                "Utterances of open meetings the Supervisor has not analysed yet", value=s.unanalyzed)
        yield CounterMetricFamily("meetingd_model_calls", "Model (LLM) calls of Supervisors", value=s.model_calls)
        c = CounterMetricFamily("meetingd_model_tokens", "Model tokens", labels=["kind"])
        c.add_metric(["prompt"], s.prompt_tokens)
        c.add_metric(["completion"], s.completion_tokens)
        yield c
        c = CounterMetricFamily("meetingd_commits", "Guarded commit attempts", labels=["result"])
        for result in ("applied", "conflict"):
            c.add_metric([result], s.commits.get(result, 0))
        yield c
        yield CounterMetricFamily("meetingd_conflicts", "Guarded commits refused", value=s.commits.get("conflict", 0))
        yield GaugeMetricFamily("meetingd_websocket_clients", "Connected WebSocket clients", value=s.ws_clients)
        yield GaugeMetricFamily("meetingd_audio_recording_clients", "Clients streaming audio now", value=s.recording)


class Metrics:
    """``await refresh(service, hub=…)`` then ``render()``; one per daemon."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self.snapshot = Snapshot()
        self.registry.register(_Collector(self))

    async def refresh(self, service: MeetingService, *, hub: Any = None) -> Snapshot:
        """``hub`` is the web layer's (duck-typed: ``rooms`` of ``feeds``), for the client count."""
        s = Snapshot(taken_at=time.time())
        d = await service.store.daemon_stats()
        s.meetings, s.utterances, s.jobs = dict(d.meetings), d.utterances, dict(d.jobs)
        s.oldest_pending_s = max(0.0, s.taken_at - d.oldest_pending_at) if d.oldest_pending_at is not None else 0.0
        s.turns, s.steps, s.model_calls = d.turns, d.steps, d.model_calls
        s.prompt_tokens, s.completion_tokens = d.prompt_tokens, d.completion_tokens
        s.commits, s.unanalyzed = dict(d.commits), d.unanalyzed
        # Lag: received audio minus the end of the last transcribed segment, per open stream.
        for session in list(service.sessions.values()):
            stream = session.stream
            if stream is None:
                continue
            if not stream.closed:
                s.lag_ms[session.meeting_id] = max(
                    0, int(stream.received_ms) - d.transcribed_until_ms.get(session.meeting_id, 0))
            s.recording += int(stream.active_clients)
        worker = service.worker
        if worker is not None:
            s.asr_audio_ms, s.asr_compute_ms = worker.stats.audio_ms, worker.stats.compute_ms
        s.running = sum(1 for session in list(service.sessions.values()) if session.supervisor.running)
        if hub is not None:
            s.ws_clients = sum(len(room.feeds) for room in list(hub.rooms.values()))
        self.snapshot = s
        return s

    def render(self) -> bytes:
        return generate_latest(self.registry)


# -- structured logs ------------------------------------------------------------------------------------

meeting_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("meeting_id", default=None)
# trace_id_var is defined in models.tracing (set by the runtime below this layer) and re-exported.


class ContextFilter(logging.Filter):
    """Give every record ``meeting_id`` and ``trace_id``: from ``extra=…`` when the caller passed
    them, else from the context variables set by the request / turn that is running."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "meeting_id", None) is None:
            record.meeting_id = meeting_id_var.get()
        if getattr(record, "trace_id", None) is None:
            record.trace_id = trace_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts, level, logger, msg, meeting_id, trace_id (+ exc)."""

    def format(self, record: logging.LogRecord) -> str:
        import json

        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            "meeting_id": getattr(record, "meeting_id", None),
            "trace_id": getattr(record, "trace_id", None),
        }
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def setup_logging(level: int | str = logging.INFO, *, json_lines: bool = False) -> logging.Handler:
    """Configure the root logger once: a stderr handler with :class:`ContextFilter` and either
    :class:`JsonFormatter` or a plain format that shows ``[meeting trace]``."""
    handler = logging.StreamHandler()
    handler.addFilter(ContextFilter())
    handler.setFormatter(JsonFormatter() if json_lines else logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s [%(meeting_id)s %(trace_id)s] %(message)s"))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_meetingd", False)]:
        root.removeHandler(old)
    handler._meetingd = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    return handler
