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
import contextlib
import logging
import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from asr.audio import decode_recording, float_to_pcm, parse_wav, to_mono_16k, write_wav_atomic
from asr.segments import segment_path
from asr.text import text_language
from coordinator import MeetingCoordinator
from coordinator.finalize import Ended, FinalizeResult, finalize_meeting, wait_and_finalize
from intents import Conflict, Ledger, LedgerResult
from models import (
    AsrJob,
    Change,
    InvalidInput,
    Meeting,
    MeetingBusy,
    MeetingClosed,
    MeetingStatus,
    NotOwner,
    Utterance,
)
from store import Store
from supervisor.rules import warm as warm_rules

from .audio import AudioStream
from .config import Settings
from .llm_factory import make_reviewer
from .metrics import Metrics, Snapshot
from .ownership import Ownership
from .session import MeetingSession
from .transcription import Transcription
from .views import dock_view, snapshot_view
from .webhook import WebhookSender

log = logging.getLogger(__name__)


class MeetingService:
    def __init__(self, settings: Settings, store: Store, *, transcriber: Any = None) -> None:
        self.settings = settings
        self.store = store
        self.ownership = Ownership(store, settings.node_id, settings.meeting_lease_s)
        # Fenced: on a shared store every ledger write re-checks this node's lease in its transaction.
        self.ledger = Ledger(store, fence=self.ownership.node_id)
        self.data_dir = Path(settings.data_dir)
        self.sessions: dict[str, MeetingSession] = {}
        self.transcription = Transcription(store, settings, transcriber)
        self.asr_compute_ms = 0  # reported in the minutes' stats (replay sets it from its worker)
        self._leases: asyncio.Task[None] | None = None
        self.webhook: WebhookSender | None = None
        if settings.webhook_url:
            self.webhook = WebhookSender(store, settings.webhook_url, settings.webhook_secret,
                                         max_attempts=settings.webhook_max_attempts,
                                         backoff_base_s=settings.webhook_backoff_s,
                                         backoff_max_s=settings.webhook_backoff_max_s)

    @classmethod
    async def open(cls, settings: Settings, *, transcriber: Any = None) -> MeetingService:
        store = await Store.open(settings.db_target)
        svc = cls(settings, store, transcriber=transcriber)
        await svc.start()
        return svc

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every live meeting this node may run (on a shared store: those whose lease it
        gets): jobs requeued, audio tails re-cut, Supervisors resumed."""
        await self.store.requeue_processing()
        # The rules brain (also every model brain's fallback) loads its dictionaries before any
        # meeting runs, in a worker thread: never inside a step, where it stalled the loop.
        await asyncio.to_thread(warm_rules)
        if self.webhook is not None:
            self.webhook.start()
        for m in await self.store.live_meetings():
            try:
                session = await self._open_session(m)
            except NotOwner:
                continue  # another node runs it
            if (await self.store.get_audio_stream(m.id)) is not None:
                await session.audio()
        if await self.store.pending_jobs():
            self.transcription.ensure_started()
        if self.ownership.shared:
            self._leases = asyncio.create_task(self._keep_leases(), name="meeting-leases")

    async def close(self) -> None:
        if self._leases is not None:
            self._leases.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._leases
        if self.webhook is not None:
            await self.webhook.close()
        await self.transcription.close()
        for meeting_id, session in list(self.sessions.items()):
            await session.close()
            with contextlib.suppress(Exception):
                await self.ownership.release(meeting_id)  # handed over now, not after expiry
        await self.store.close()

    async def _keep_leases(self) -> None:
        """Shared store only: renew the leases of this node's meetings, stop those it lost, and
        take over live meetings whose lease expired (their node died), every ``renew_s``."""
        while True:
            await asyncio.sleep(self.ownership.renew_s)  # a period, not a wait for a condition
            try:
                kept = await self.ownership.renew(self.sessions)
            except Exception:
                log.exception("could not renew meeting leases; stopping this node's meetings")
                kept = set()
            for meeting_id in [m for m in self.sessions if m not in kept]:
                log.warning("lost the lease of meeting %s; another node runs it now", meeting_id)
                session = self.sessions.pop(meeting_id)
                await session.close()
            try:
                for m in await self.store.unowned_live_meetings():
                    with contextlib.suppress(NotOwner):  # another node was quicker
                        await self._open_session(m)
                        log.info("took over meeting %s", m.id)
            except Exception:
                log.exception("taking over meetings failed; retrying in %.1f s", self.ownership.renew_s)


    @property
    def worker(self) -> Any:
        """The running ASR worker (None until the first job)."""
        return self.transcription.worker

    async def _open_session(self, m: Meeting) -> MeetingSession:
        """This node's session of ``m``, opened (and the lease claimed) on first use; NotOwner
        naming the holder when another node runs the meeting."""
        session = self.sessions.get(m.id)
        if session is None:
            await self.ownership.claim(m.id)
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

    async def create_meeting(self, title: str, language: str = "auto", mode: str = "suggest",
                             participants: Sequence[str] = (), glossary: Sequence[str] = (),
                             *, agenda: str = "", created_at: float | None = None) -> Meeting:
        m = await self.store.create_meeting(title, language, mode, participants, glossary, agenda,
                                            created_at=created_at, lease=self.ownership.new_lease())
        await self._open_session(m)
        return m

    async def update_meeting(self, meeting_id: str, *, title: str | None = None, agenda: str | None = None,
                             participants: Sequence[str] | None = None,
                             glossary: Sequence[str] | None = None) -> Meeting:
        """Change the title or the ASR vocabulary while the meeting runs (later segments use it)."""
        return await self.store.update_meeting(meeting_id, title=title, agenda=agenda,
                                               participants=participants, glossary=glossary)

    async def set_language(self, meeting_id: str, language: str) -> Meeting:
        """A person fixes the meeting's language (``zh``/``en``) or hands it back to detection (``auto``)."""
        return await self.store.set_language(meeting_id, language)

    async def add_utterance(self, meeting_id: str, text: str, *, source: str = "typed",
                            start_ms: int | None = None, end_ms: int | None = None) -> Utterance:
        u = await self.store.append_utterance(meeting_id, text, start_ms, end_ms, source)
        if (await self.store.get_meeting(meeting_id)).language_auto:
            # A typed meeting has no audio to detect from: its first words decide (CJK share).
            await self.store.set_language(meeting_id, text_language([text]), detected=True)
        # A session opened just now was not yet listening when the append committed. On a
        # shared store the utterance is stored whichever node runs the meeting: its owner hears
        # it through the change feed.
        with contextlib.suppress(NotOwner):
            (await self.session(meeting_id)).notify()
        return u

    # -- people acting on intents ----------------------------------------------------------------

    async def approve(self, meeting_id: str, intent_id: str, revision: int) -> LedgerResult:
        await self.session(meeting_id)  # NotOwner before any write when another node runs it
        result = await self.ledger.approve(meeting_id, intent_id, revision, actor="user", final=True)
        if not isinstance(result, Conflict):
            (await self.session(meeting_id)).notify_intent(intent_id, result.status, result.revision)
        return result

    async def reject(self, meeting_id: str, intent_id: str, revision: int, reason: str = "") -> LedgerResult:
        await self.session(meeting_id)
        result = await self.ledger.reject(meeting_id, intent_id, revision, reason or "rejected by a person",
                                          final=True)
        if not isinstance(result, Conflict):
            (await self.session(meeting_id)).notify_intent(intent_id, result.status, result.revision)
        return result

    async def edit(self, meeting_id: str, intent_id: str, revision: int, payload: dict[str, Any],
                   actor: str = "user") -> LedgerResult:
        """A person's edit wins: applied as typed (no transcript-evidence check), marked set by a
        person, re-applied at once if the intent was applied (``Ledger.edit``)."""
        await self.session(meeting_id)
        return await self._person_acted(meeting_id, await self.ledger.edit(meeting_id, intent_id, revision,
                                                                           payload, actor=actor))

    async def answer(self, meeting_id: str, question_id: str, revision: int, answer: str,
                     actor: str = "user") -> tuple[LedgerResult, LedgerResult]:
        """A person answers a completion question: the task it asks about is edited with the
        answer and the question closed, in one transaction (``Ledger.answer``)."""
        await self.session(meeting_id)
        question, task = await self.ledger.answer(meeting_id, question_id, revision, answer, actor=actor)
        if not isinstance(question, Conflict):
            await self._person_acted(meeting_id, question)
            await self._person_acted(meeting_id, task)
        return question, task

    async def accept_pending(self, meeting_id: str, intent_id: str, revision: int,
                             actor: str = "user") -> LedgerResult:
        """A person accepts the model's pending revision of something they own."""
        await self.session(meeting_id)
        return await self._person_acted(meeting_id, await self.ledger.accept_pending(meeting_id, intent_id,
                                                                                     revision, actor=actor))

    async def add_intent(self, meeting_id: str, kind: str, payload: dict[str, Any],
                         actor: str = "user") -> LedgerResult:
        """A task, decision or open question added by hand: approved and applied at once."""
        await self.session(meeting_id)
        return await self._person_acted(meeting_id, await self.ledger.add(meeting_id, kind, payload, actor=actor))

    async def _person_acted(self, meeting_id: str, result: LedgerResult) -> LedgerResult:
        if not isinstance(result, Conflict) and not result.to_dict().get("unchanged"):
            (await self.session(meeting_id)).notify_intent(result.intent_id, result.status, result.revision)
        return result

    # -- finalize --------------------------------------------------------------------------------

    async def finalize(self, meeting_id: str, wait_s: float = 0.0) -> FinalizeResult:
        """Finalize is a check: only a pass ends the meeting. While blockers remain the meeting is
        ``finalizing`` only internally (waiting up to ``wait_s`` for ASR and the Supervisor to
        drain) and goes back to ``live`` with the blockers, which the dock then sees update live
        (``blockers`` changes) until they clear."""
        session = await self.session(meeting_id)
        m = await self.store.get_meeting(meeting_id)
        if m.status is not MeetingStatus.ENDED and session.stream is not None:
            await session.stream.flush()  # refuse new audio, cut and queue the tail already received
        if m.status is MeetingStatus.LIVE:
            await self.store.set_status(meeting_id, MeetingStatus.FINALIZING)
        session.notify()
        # asr_compute_ms comes from the jobs' stored compute time; a replay may report its own.
        extra = {"asr_compute_ms": int(self.asr_compute_ms)} if self.asr_compute_ms else {}
        kw: dict[str, Any] = {"running_agents": session.supervisor.agents.running, "stats_extra": extra}
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
        if isinstance(result, Ended):
            await self._retire(meeting_id)
        else:
            await self._back_to_live(session, list(result.blockers))
        return result

    async def _back_to_live(self, session: MeetingSession, blockers: list[dict[str, Any]]) -> None:
        try:
            await self.store.set_status(session.meeting_id, MeetingStatus.LIVE)
        except MeetingClosed:  # a concurrent finalize ended it
            return
        session.resume_audio()
        await session.watch_blockers(blockers)

    async def reopen(self, meeting_id: str) -> Meeting:
        """An ended meeting goes back to ``live``: an event in the change log, the Supervisor resumes."""
        await self.ownership.claim(meeting_id)
        m = await self.store.reopen(meeting_id)
        session = await self.session(meeting_id)
        session.resume_audio()
        session.notify()
        return m

    async def edit_utterance(self, meeting_id: str, seq: int, text: str) -> Utterance:
        """A person's correction of the transcript; the Supervisor re-reads that seq."""
        session = await self.session(meeting_id)
        u = await self.store.edit_utterance(meeting_id, seq, text)
        session.coordinator.notify_edit(seq)
        return u

    async def _retire(self, meeting_id: str) -> None:
        session = self.sessions.pop(meeting_id, None)
        if session is not None:
            await session.close()
            await self.ownership.release(meeting_id)
        if self.settings.audio_retention == "delete":
            # The minutes and transcript are stored; the audio is not needed once the meeting ended.
            await asyncio.to_thread(shutil.rmtree, self.data_dir / "audio" / meeting_id, True)

    async def retry_skipped(self, meeting_id: str, range_id: int) -> dict[str, Any]:
        """Give the Supervisor a turn on a skipped range. Returns ``{"status": "retrying"|"analysed",
        "range": …}``; NotFound for an unknown range, MeetingClosed once the meeting ended."""
        m = await self.store.get_meeting(meeting_id)
        r = await self.store.get_skipped(meeting_id, range_id)
        if r["status"] != "open":
            return {"status": r["status"], "range": r}
        if m.status is MeetingStatus.ENDED:
            raise MeetingClosed(f"meeting {meeting_id} has ended; reopen it to retry", meeting_id=meeting_id)
        (await self.session(meeting_id)).supervisor.retry(r["id"], r["from_seq"], r["to_seq"])
        return {"status": "retrying", "range": r}

    async def delete_meeting(self, meeting_id: str) -> None:
        """Remove the meeting: its rows (``store.delete_meeting``) and its audio directory.

        Refused (MeetingBusy, 409) while a recorder streams audio to it, while its audio is being
        transcribed, or while it is finalizing: those would write rows of a meeting that is gone.
        An idle live meeting needs no finalize first: its session (Supervisor, audio stream) is
        closed here, then the rows go.
        """
        m = await self.store.get_meeting(meeting_id)
        session = self.sessions.get(meeting_id)
        if session is not None and session.stream is not None and session.stream.active_clients:
            raise MeetingBusy("the meeting is recording; stop the microphone first", meeting_id=meeting_id)
        if m.status is MeetingStatus.FINALIZING:
            raise MeetingBusy("the meeting is finalizing; wait for it to end", meeting_id=meeting_id)
        jobs = await self.store.job_counts(meeting_id)
        if jobs.get("pending") or jobs.get("processing"):
            raise MeetingBusy("the meeting's audio is still being transcribed; try again shortly",
                              meeting_id=meeting_id)
        session = self.sessions.pop(meeting_id, None)
        if session is not None:
            await session.close()
        await self.store.delete_meeting(meeting_id)
        await asyncio.to_thread(shutil.rmtree, self.data_dir / "audio" / meeting_id, True)

    async def search(self, q: str) -> list[dict[str, Any]]:
        return await self.store.search(q)

    # -- views -----------------------------------------------------------------------------------

    async def dock(self, meeting_id: str) -> dict[str, Any]:
        m = await self.store.get_meeting(meeting_id)
        jobs = await self.store.job_counts(meeting_id)
        session = self.sessions.get(meeting_id)
        return dock_view(m, jobs, session.supervisor_snapshot() if session else None,
                         session.stream if session else None,
                         await self.store.skipped_ranges(meeting_id, open_only=True))

    async def snapshot(self, meeting_id: str) -> dict[str, Any]:
        m = await self.store.get_meeting(meeting_id)
        transcript = await self.store.list_utterances(meeting_id)
        intents = await self.store.list_intents(meeting_id)
        return snapshot_view(m, transcript, intents, await self.dock(meeting_id))

    # -- reads for the web edge --------------------------------------------------------------------

    async def list_meetings(self, limit: int | None = None, before: float | None = None) -> list[Meeting]:
        return await self.store.list_meetings(limit, before)

    async def get_meeting(self, meeting_id: str) -> Meeting:
        return await self.store.get_meeting(meeting_id)

    async def minutes(self, meeting_id: str) -> tuple[dict[str, Any], str]:
        return await self.store.get_minutes(meeting_id)

    async def traces(self, meeting_id: str) -> list[dict[str, Any]]:
        await self.store.get_meeting(meeting_id)  # NotFound for an unknown meeting, not an empty list
        return await self.store.traces(meeting_id)

    async def trace(self, meeting_id: str, trace_id: str) -> dict[str, Any]:
        await self.store.get_meeting(meeting_id)
        return await self.store.trace_detail(meeting_id, trace_id)

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

    async def upload_recording(self, meeting_id: str, data: bytes) -> dict[str, int]:
        """A whole recording (WAV/FLAC/MP3/M4A) → 16 kHz mono → the meeting's durable audio
        stream at its end, as if a recorder had streamed it: the VAD cuts it into segments, like
        ``meetingd replay``. Refused (MeetingBusy) while a recorder is streaming to the meeting.
        Returns ``{start_ms, duration_ms, received_ms}``."""
        await self.require_live(meeting_id)
        pcm = await asyncio.to_thread(decode_recording, data, MAX_RECORDING_MS)
        stream = await self.audio_stream(meeting_id)
        if stream.active_clients:
            raise MeetingBusy("the meeting is recording; stop the microphone to add a recording",
                              meeting_id=meeting_id)
        start_ms = stream.received_ms
        stream.active_clients += 1  # a recorder for the duration: a delete or second upload waits
        try:
            step = 32 * 1000  # 1 s frames, well under the stream's frame cap
            for offset in range(0, len(pcm), step):
                await stream.write(start_ms + offset // 32, pcm[offset:offset + step])
        finally:
            stream.active_clients -= 1
        await stream.cut_tail()
        return {"start_ms": start_ms, "duration_ms": len(pcm) // 32, "received_ms": stream.received_ms}


MAX_UPLOAD_SEGMENT_MS = 10 * 60 * 1000
MAX_RECORDING_MS = 4 * 60 * 60 * 1000


def _upload_pcm(wav: bytes) -> bytes:
    """Decode an uploaded segment, refusing long audio *before* resampling it (a tiny 8-bit 1 kHz
    file can decode to hours of audio and gigabytes of floats)."""
    audio = parse_wav(wav)
    if audio.duration_ms > MAX_UPLOAD_SEGMENT_MS:
        raise InvalidInput(f"an uploaded segment may be at most {MAX_UPLOAD_SEGMENT_MS // 60000} minutes long")
    return float_to_pcm(to_mono_16k(audio))
