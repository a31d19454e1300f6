"""The application facade: one object that owns a daemon's meetings.

``MeetingService`` wires the store, the ledger, one :class:`~live.session.MeetingSession` per
running meeting (coordinator + Supervisor + audio stream) and the shared ASR worker
(:class:`~live.transcription.Transcription`). ``web/`` is typed against :mod:`live.ports` and
only calls the methods below; the entry points (``meetingd/``) use it too. Nothing here speaks
HTTP, and nothing below calls back up into it.

Operations: create / add utterance / approve / reject / edit / finalize / audio stream / upload,
the dock and snapshot views, and the reads the web edge needs (meetings, minutes, traces, jobs,
the change feed).
"""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from asr.audio import float_to_pcm, parse_wav, to_mono_16k, write_wav_atomic
from asr.segments import segment_path
from coordinator import MeetingCoordinator
from coordinator.finalize import finalize_meeting, wait_and_finalize
from intents import Conflict, Ledger, LedgerResult
from models import AsrJob, Change, InvalidInput, Meeting, MeetingClosed, MeetingStatus, Utterance
from store import Store

from .audio import AudioStream
from .config import Settings
from .llm_factory import make_reviewer
from .metrics import Metrics, Snapshot
from .session import MeetingSession
from .transcription import Transcription
from .views import dock_view, snapshot_view


class MeetingService:
    def __init__(self, settings: Settings, store: Store, *, transcriber: Any = None) -> None:
        self.settings = settings
        self.store = store
        self.ledger = Ledger(store)
        self.data_dir = Path(settings.data_dir)
        self.sessions: dict[str, MeetingSession] = {}
        self.transcription = Transcription(store, settings, transcriber)
        self.asr_compute_ms = 0  # reported in the minutes' stats (replay sets it from its worker)

    @classmethod
    async def open(cls, settings: Settings, *, transcriber: Any = None) -> MeetingService:
        store = await Store.open(settings.db_target)
        svc = cls(settings, store, transcriber=transcriber)
        await svc.start()
        return svc

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every live meeting: jobs requeued, audio tails re-cut, Supervisors resumed."""
        await self.store.requeue_processing()
        for m in await self.store.live_meetings():
            session = await self._open_session(m)
            if (await self.store.get_audio_stream(m.id)) is not None:
                await session.audio()
        if await self.store.pending_jobs():
            self.transcription.ensure_started()

    async def close(self) -> None:
        await self.transcription.close()
        for session in list(self.sessions.values()):
            await session.close()
        await self.store.close()

    @property
    def worker(self) -> Any:
        """The running ASR worker (None until the first job)."""
        return self.transcription.worker

    async def _open_session(self, m: Meeting) -> MeetingSession:
        session = self.sessions.get(m.id)
        if session is None:
            session = await MeetingSession.open(self.store, self.ledger, m, self.settings,
                                                on_job=self.transcription.job_queued)
            self.sessions[m.id] = session
        return session

    async def session(self, meeting_id: str) -> MeetingSession:
        session = self.sessions.get(meeting_id)
        if session is None:
            session = await self._open_session(await self.store.get_meeting(meeting_id))
        return session

    async def coordinator(self, meeting_id: str) -> MeetingCoordinator:
        return (await self.session(meeting_id)).coordinator

    # -- meetings and utterances -------------------------------------------------------------------

    async def create_meeting(self, title: str, language: str = "zh", mode: str = "suggest",
                             participants: Sequence[str] = (), glossary: Sequence[str] = (),
                             *, agenda: str = "") -> Meeting:
        m = await self.store.create_meeting(title, language, mode, participants, glossary, agenda)
        await self._open_session(m)
        return m

    async def update_meeting(self, meeting_id: str, *, title: str | None = None, agenda: str | None = None,
                             participants: Sequence[str] | None = None,
                             glossary: Sequence[str] | None = None) -> Meeting:
        """Change the title or the ASR vocabulary while the meeting runs (later segments use it)."""
        return await self.store.update_meeting(meeting_id, title=title, agenda=agenda,
                                               participants=participants, glossary=glossary)

    async def add_utterance(self, meeting_id: str, text: str, *, source: str = "typed",
                            start_ms: int | None = None, end_ms: int | None = None) -> Utterance:
        u = await self.store.append_utterance(meeting_id, text, start_ms, end_ms, source)
        # A session opened just now was not yet listening when the append committed.
        (await self.session(meeting_id)).notify()
        return u

    # -- people acting on intents ----------------------------------------------------------------

    async def approve(self, meeting_id: str, intent_id: str, revision: int) -> LedgerResult:
        result = await self.ledger.approve(meeting_id, intent_id, revision, actor="user")
        if not isinstance(result, Conflict):
            (await self.session(meeting_id)).notify_intent(intent_id, result.status, result.revision)
        return result

    async def reject(self, meeting_id: str, intent_id: str, revision: int, reason: str = "") -> LedgerResult:
        result = await self.ledger.reject(meeting_id, intent_id, revision, reason or "rejected by a person")
        if not isinstance(result, Conflict):
            (await self.session(meeting_id)).notify_intent(intent_id, result.status, result.revision)
        return result

    async def edit(self, meeting_id: str, intent_id: str, revision: int, payload: dict[str, Any]) -> LedgerResult:
        """A person's edit is a revision with the same evidence (re-validated like any other)."""
        it = await self.store.get_intent(meeting_id, intent_id)
        m = await self.store.get_meeting(meeting_id)
        return await self.ledger.upsert(
            meeting_id, intent_id=intent_id, expected_revision=revision, kind=it.kind,
            payload={**it.payload, **payload}, evidence_seqs=list(it.evidence_seqs), evidence=it.evidence,
            basis_sequence=m.latest_seq, produced_by="user",
        )

    # -- finalize --------------------------------------------------------------------------------

    async def finalize(self, meeting_id: str, wait_s: float = 0.0) -> dict[str, Any]:
        session = await self.session(meeting_id)
        m = await self.store.get_meeting(meeting_id)
        if session.stream is not None:
            await session.stream.flush()  # refuse new audio, cut and queue the tail already received
        if m.status is MeetingStatus.LIVE:
            await self.store.set_status(meeting_id, MeetingStatus.FINALIZING)
        session.notify()
        kw: dict[str, Any] = {"running_agents": session.supervisor.agents.running,
                              "stats_extra": {"asr_compute_ms": int(self.asr_compute_ms)}}
        reviewer = make_reviewer(self.settings)
        if self.settings.brain_name() == "openai":
            kw["second_opinion"] = reviewer
        try:
            if wait_s > 0:
                result = await wait_and_finalize(self.store, meeting_id, wait_s, **kw)
            else:
                result = await finalize_meeting(self.store, meeting_id, **kw)
        finally:
            if reviewer is not None:
                await reviewer.aclose()
        if result.get("status") == "ended":
            await self._retire(meeting_id)
        return result

    async def _retire(self, meeting_id: str) -> None:
        session = self.sessions.pop(meeting_id, None)
        if session is not None:
            await session.close()
        if self.settings.audio_retention == "delete":
            # The minutes and transcript are stored; the audio is not needed once the meeting ended.
            await asyncio.to_thread(shutil.rmtree, self.data_dir / "audio" / meeting_id, True)

    # -- views -----------------------------------------------------------------------------------

    async def dock(self, meeting_id: str) -> dict[str, Any]:
        m = await self.store.get_meeting(meeting_id)
        jobs = await self.store.job_counts(meeting_id)
        session = self.sessions.get(meeting_id)
        return dock_view(m, jobs, session.supervisor_snapshot() if session else None,
                         session.stream if session else None)

    async def snapshot(self, meeting_id: str) -> dict[str, Any]:
        m = await self.store.get_meeting(meeting_id)
        transcript = await self.store.list_utterances(meeting_id)
        intents = await self.store.list_intents(meeting_id)
        return snapshot_view(m, transcript, intents, await self.dock(meeting_id))

    # -- reads for the web edge --------------------------------------------------------------------

    async def list_meetings(self) -> list[Meeting]:
        return await self.store.list_meetings()

    async def get_meeting(self, meeting_id: str) -> Meeting:
        return await self.store.get_meeting(meeting_id)

    async def minutes(self, meeting_id: str) -> tuple[dict[str, Any], str]:
        return await self.store.get_minutes(meeting_id)

    async def traces(self, meeting_id: str) -> list[dict[str, Any]]:
        await self.store.get_meeting(meeting_id)  # NotFound for an unknown meeting, not an empty list
        return await self.store.traces(meeting_id)

    async def get_job(self, job_id: str) -> AsrJob:
        return await self.store.get_job(job_id)

    async def changes_after(self, meeting_id: str, cursor: int, limit: int = 1000) -> list[Change]:
        return await self.store.changes_after(meeting_id, cursor, limit)

    def subscribe(self, listener: Callable[[list[Change]], None]) -> Callable[[], None]:
        return self.store.subscribe(listener)

    async def refresh_metrics(self, metrics: Metrics, *, hub: Any = None) -> Snapshot:
        return await metrics.refresh(self, hub=hub)

    # -- audio -----------------------------------------------------------------------------------

    async def require_live(self, meeting_id: str) -> None:
        """Refuse new audio (a stream, an upload ticket, an upload) unless the meeting is live."""
        m = await self.store.get_meeting(meeting_id)
        if m.status is not MeetingStatus.LIVE:
            raise MeetingClosed(f"meeting {meeting_id} is {m.status.value}; no new audio", meeting_id=meeting_id)

    async def audio_stream(self, meeting_id: str) -> AudioStream:
        """The meeting's durable audio stream (refused unless the meeting is live)."""
        await self.require_live(meeting_id)
        return await (await self.session(meeting_id)).audio()

    async def upload_segment(self, meeting_id: str, wav: bytes, start_ms: int | None = None) -> AsrJob:
        """An uploaded WAV segment (already cut by the client's VAD) → the same job → worker path."""
        await self.require_live(meeting_id)
        pcm = await asyncio.to_thread(_upload_pcm, wav)
        duration_ms = len(pcm) // 32
        # Server-chosen file name: an upload never touches a client-chosen path.
        key = start_ms if start_ms is not None else int(time.time() * 1000)
        path = segment_path(self.data_dir, meeting_id, key).with_name(f"upload-{key}-{time.monotonic_ns()}.wav")
        await asyncio.to_thread(write_wav_atomic, path, pcm)
        job = await self.store.enqueue_job(meeting_id, str(path), duration_ms, start_ms)
        self.transcription.job_queued(job)
        return job


MAX_UPLOAD_SEGMENT_MS = 10 * 60 * 1000


def _upload_pcm(wav: bytes) -> bytes:
    """Decode an uploaded segment, refusing long audio *before* resampling it (a tiny 8-bit 1 kHz
    file can decode to hours of audio and gigabytes of floats)."""
    audio = parse_wav(wav)
    if audio.duration_ms > MAX_UPLOAD_SEGMENT_MS:
        raise InvalidInput(f"an uploaded segment may be at most {MAX_UPLOAD_SEGMENT_MS // 60000} minutes long")
    return float_to_pcm(to_mono_16k(audio))
