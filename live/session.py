"""One running meeting: its coordinator (which owns the Supervisor) and its durable audio stream.

Contract:
- ``await MeetingSession.open(store, ledger, meeting, settings, on_job=…)`` builds the Supervisor
  (brain and subagent runner from ``llm_factory``), starts the coordinator — its task and the
  Supervisor turns it starts log with this meeting's id — and listens to the store's change feed.
- The audio path runs forward through the session: ``await session.audio()`` opens the stream
  (resuming a crash's uncut tail) → VAD segments → ``asr_jobs`` → ``on_job`` wakes the shared
  worker → ``store.complete_job`` → an ``utterance`` change → the session notifies its
  coordinator. Typed utterances take the same change path.
- ``close()`` stops listening and closes the coordinator (and with it the Supervisor).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coordinator import MeetingCoordinator
from coordinator.finalize import blockers
from intents import Ledger
from models import AsrJob, Change, Meeting, MeetingStatus
from store import Store
from supervisor.runtime import Limits, Supervisor

from .audio import AudioStream
from .config import Settings
from .llm_factory import make_brain, make_subagent_runner
from .metrics import meeting_id_var


class MeetingSession:
    def __init__(self, store: Store, meeting_id: str, coordinator: MeetingCoordinator, data_dir: Path,
                 on_job: Callable[[AsrJob], None], created_at: float | None = None) -> None:
        self.store = store
        self.meeting_id = meeting_id
        self.created_at = created_at
        self.coordinator = coordinator
        self.stream: AudioStream | None = None
        self._data_dir = data_dir
        self._on_job = on_job
        self._unsubscribe: Callable[[], None] | None = None
        self._blockers: list[dict[str, Any]] | None = None  # watched after a finalize that did not pass
        self._recheck = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, store: Store, ledger: Ledger, meeting: Meeting, settings: Settings, *,
                   on_job: Callable[[AsrJob], None]) -> MeetingSession:
        binding = await store.get_binding(meeting.id)
        sup = Supervisor(store, ledger, meeting.id, make_brain(settings),
                         limits=Limits(max_steps_per_turn=settings.max_steps_per_turn),
                         analyzed_seq=binding.analyzed_seq, language=meeting.language.value,
                         subagent_runner=make_subagent_runner(settings))
        await sup.agents.restore()  # subagents outlive a restart, history and all
        co = MeetingCoordinator(store, sup, settings.merge_window_ms / 1000)
        session = cls(store, meeting.id, co, Path(settings.data_dir), on_job, meeting.created_at)
        session._unsubscribe = store.subscribe(session._on_changes)
        ctx = contextvars.copy_context()
        ctx.run(meeting_id_var.set, meeting.id)
        ctx.run(co.start)
        return session

    @property
    def supervisor(self) -> Supervisor:
        return self.coordinator.supervisor

    def _on_changes(self, changes: list[Change]) -> None:
        mine = [c for c in changes if c.meeting_id == self.meeting_id]
        if any(c.kind == "utterance" for c in mine):
            self.coordinator.notify()
        if self._blockers is not None and any(c.kind != "blockers" for c in mine):
            self._recheck.set()

    async def watch_blockers(self, found: list[dict[str, Any]]) -> None:
        """After a finalize that did not pass: publish the blockers now and again whenever they
        change (a ``blockers`` change each time), until none is left."""
        self._blockers = found
        await self.store.record_blockers(self.meeting_id, found)
        if found and (self._watcher is None or self._watcher.done()):
            self._watcher = asyncio.create_task(self._watch(), name=f"blockers-{self.meeting_id}")

    async def _watch(self) -> None:
        while self._blockers:
            await self._recheck.wait()
            self._recheck.clear()
            m = await self.store.get_meeting(self.meeting_id)
            if m.status is MeetingStatus.ENDED:
                break
            found = blockers(job_counts=await self.store.job_counts(self.meeting_id), latest_seq=m.latest_seq,
                             analyzed_seq=m.analyzed_seq, intents=await self.store.list_intents(self.meeting_id),
                             running_agents=list(self.supervisor.agents.running()))
            if found != self._blockers:
                self._blockers = found
                await self.store.record_blockers(self.meeting_id, found)
        self._blockers = None

    def resume_audio(self) -> None:
        """After a flush (finalize, reopen) the next ``audio()`` opens a fresh stream."""
        if self.stream is not None and self.stream.closed:
            self.stream = None

    def notify(self) -> None:
        self.coordinator.notify()

    def notify_intent(self, intent_id: str, status: str, revision: int) -> None:
        self.coordinator.notify_intent(intent_id, status, revision)

    async def audio(self) -> AudioStream:
        """The meeting's durable audio stream, opened on first use."""
        if self.stream is None:
            stream = AudioStream(self.store, self._data_dir, self.meeting_id, self._on_job,
                                 created_at=self.created_at)
            await stream.open()
            self.stream = stream
        return self.stream

    def supervisor_snapshot(self) -> dict[str, Any]:
        return self.supervisor.snapshot()

    async def close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self.coordinator.close()
