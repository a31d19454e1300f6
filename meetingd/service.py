"""The composition root at run time: one object that owns a daemon's meetings.

``MeetingService`` wires the store, the ledger, one coordinator + Supervisor per live meeting,
the ASR worker and the durable audio streams. The web layer and the CLI only talk to it (and read
the store directly); nothing here speaks HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import shutil
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from asr.audio import float_to_pcm, parse_wav, to_mono_16k, write_wav_atomic
from asr.segments import segment_path
from coordinator import MeetingCoordinator
from intents import Ledger
from models import AsrJob, Intent, InvalidInput, Meeting, MeetingClosed, MeetingStatus, Utterance
from store import Store
from supervisor.brains import RulesBrain
from supervisor.protocol import Brain
from supervisor.runtime import Limits, Supervisor
from supervisor.subagents import Runner, offline_runner

from .audio import AudioStream
from .config import Settings
from .metrics import meeting_id_var

log = logging.getLogger(__name__)


class MeetingService:
    def __init__(self, settings: Settings, store: Store, *, transcriber: Any = None) -> None:
        self.settings = settings
        self.store = store
        self.ledger = Ledger(store)
        self.data_dir = Path(settings.data_dir)
        self.coordinators: dict[str, MeetingCoordinator] = {}
        self.streams: dict[str, AudioStream] = {}
        self._transcriber = transcriber
        self.worker: Any = None
        self._worker_task: asyncio.Task[None] | None = None
        self.asr_compute_ms = 0

    @classmethod
    async def open(cls, settings: Settings, *, transcriber: Any = None) -> MeetingService:
        store = await Store.open(settings.db_path)
        svc = cls(settings, store, transcriber=transcriber)
        await svc.start()
        return svc

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every live meeting: jobs requeued, audio tails re-cut, Supervisors resumed."""
        await self.store.requeue_processing()
        for m in await self.store.live_meetings():
            await self._ensure_coordinator(m)
            if (await self.store.get_audio_stream(m.id)) is not None:
                await self._stream(m.id)
        if await self.store.pending_jobs():
            self._ensure_worker()

    async def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        if self._worker_task is not None:
            self._worker_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._worker_task
        for co in list(self.coordinators.values()):
            await co.close()
        await self.store.close()

    def make_brain(self) -> Brain:
        if self.settings.brain_name() == "openai":
            from supervisor.brains.fallback import FallbackBrain
            from supervisor.brains.openai_brain import OpenAIBrain

            primary = OpenAIBrain.from_env(self._llm_env()) or OpenAIBrain(
                self.settings.llm_base_url or "", self.settings.llm_api_key or "", self.settings.llm_model_id or "")
            return FallbackBrain.from_env(primary, RulesBrain())
        return RulesBrain()

    def _llm_env(self) -> dict[str, str]:
        """The process environment with the ``LLM_*`` trio taken from the settings (tuning knobs
        such as ``LLM_TIMEOUT_S`` and budgets are read from the environment by each component)."""
        env = dict(os.environ)
        for var, value in (("LLM_BASE_URL", self.settings.llm_base_url), ("LLM_API_KEY", self.settings.llm_api_key),
                           ("LLM_MODEL_ID", self.settings.llm_model_id)):
            if value:
                env[var] = value
        return env

    def make_subagent_runner(self) -> Runner:
        """LLM subagents (read-only tools) when the meeting runs on the model, else the offline runner."""
        if self.settings.brain_name() == "openai":
            from supervisor.llm_subagent import LLMSubagentRunner

            runner = LLMSubagentRunner.from_env(self._llm_env())
            if runner is not None:
                return runner
        return offline_runner

    async def _ensure_coordinator(self, m: Meeting) -> MeetingCoordinator:
        co = self.coordinators.get(m.id)
        if co is None:
            binding = await self.store.get_binding(m.id)
            sup = Supervisor(self.store, self.ledger, m.id, self.make_brain(),
                             limits=Limits(max_steps_per_turn=self.settings.max_steps_per_turn),
                             analyzed_seq=binding.analyzed_seq, language=m.language.value,
                             subagent_runner=self.make_subagent_runner())
            co = MeetingCoordinator(self.store, sup, self.settings.merge_window_ms / 1000)
            self.coordinators[m.id] = co
            # The coordinator's task, and the Supervisor turns it starts, log with this meeting's id.
            ctx = contextvars.copy_context()
            ctx.run(meeting_id_var.set, m.id)
            ctx.run(co.start)
        return co

    async def coordinator(self, meeting_id: str) -> MeetingCoordinator:
        co = self.coordinators.get(meeting_id)
        if co is None:
            co = await self._ensure_coordinator(await self.store.get_meeting(meeting_id))
        return co

    # -- meetings and utterances -------------------------------------------------------------------

    async def create_meeting(self, title: str, language: str = "zh", mode: str = "suggest",
                             participants: Sequence[str] = (), glossary: Sequence[str] = (),
                             created_at: float | None = None) -> Meeting:
        m = await self.store.create_meeting(title, language, mode, participants, glossary, created_at=created_at)
        await self._ensure_coordinator(m)
        return m

    async def add_utterance(self, meeting_id: str, text: str, *, source: str = "typed",
                            start_ms: int | None = None, end_ms: int | None = None) -> Utterance:
        u = await self.store.append_utterance(meeting_id, text, start_ms, end_ms, source)
        (await self.coordinator(meeting_id)).notify()
        return u

    async def _on_asr_utterance(self, u: Utterance) -> None:
        co = self.coordinators.get(u.meeting_id)
        if co is not None:
            co.notify()

    # -- people acting on intents ----------------------------------------------------------------

    async def approve(self, meeting_id: str, intent_id: str, revision: int) -> dict[str, Any]:
        result = await self.ledger.approve(meeting_id, intent_id, revision, actor="user")
        if result.get("status") != "conflict":
            (await self.coordinator(meeting_id)).notify_intent(intent_id, result["status"], result["revision"])
        return result

    async def reject(self, meeting_id: str, intent_id: str, revision: int, reason: str = "") -> dict[str, Any]:
        result = await self.ledger.reject(meeting_id, intent_id, revision, reason or "rejected by a person")
        if result.get("status") != "conflict":
            (await self.coordinator(meeting_id)).notify_intent(intent_id, result["status"], result["revision"])
        return result

    async def edit(self, meeting_id: str, intent_id: str, revision: int, payload: dict[str, Any]) -> dict[str, Any]:
        """A person's edit is a revision with the same evidence (re-validated like any other)."""
        it: Intent = await self.store.get_intent(meeting_id, intent_id)
        m = await self.store.get_meeting(meeting_id)
        result = await self.ledger.upsert(
            meeting_id, intent_id=intent_id, expected_revision=revision, kind=it.kind,
            payload={**it.payload, **payload}, evidence_seqs=list(it.evidence_seqs), evidence=it.evidence,
            basis_sequence=m.latest_seq, produced_by="user",
        )
        return result

    # -- finalize --------------------------------------------------------------------------------

    async def finalize(self, meeting_id: str, wait_s: float = 0.0) -> dict[str, Any]:
        from coordinator.finalize import finalize_meeting, wait_and_finalize

        co = await self.coordinator(meeting_id)
        m = await self.store.get_meeting(meeting_id)
        stream = self.streams.get(meeting_id)
        if stream is not None:
            await stream.flush()  # refuse new audio, cut and queue the tail already received
        if m.status is MeetingStatus.LIVE:
            await self.store.set_status(meeting_id, MeetingStatus.FINALIZING)
        co.notify()
        kw: dict[str, Any] = {"running_agents": co.supervisor.agents.running,
                              "stats_extra": self._stats_extra(meeting_id)}
        reviewer = None
        if self.settings.brain_name() == "openai":
            from coordinator.llm_review import LLMReviewer

            reviewer = LLMReviewer.from_env(self._llm_env())
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

    def _stats_extra(self, meeting_id: str) -> dict[str, Any]:
        return {"asr_compute_ms": int(self.asr_compute_ms)}

    async def _retire(self, meeting_id: str) -> None:
        co = self.coordinators.pop(meeting_id, None)
        if co is not None:
            await co.close()
        self.streams.pop(meeting_id, None)
        if self.settings.audio_retention == "delete":
            # The minutes and transcript are stored; the audio is not needed once the meeting ended.
            await asyncio.to_thread(shutil.rmtree, self.data_dir / "audio" / meeting_id, True)

    # -- views -----------------------------------------------------------------------------------

    async def dock(self, meeting_id: str) -> dict[str, Any]:
        m = await self.store.get_meeting(meeting_id)
        jobs = await self.store.job_counts(meeting_id)
        co = self.coordinators.get(meeting_id)
        sup = co.supervisor.snapshot() if co else {"state": "idle", "agents": [], "analyzed_seq": m.analyzed_seq}
        stream = self.streams.get(meeting_id)
        return {
            "recording": bool(stream and stream.active_clients),
            "received_ms": stream.received_ms if stream else 0,
            "transcribing": jobs["pending"] + jobs["processing"],
            "jobs": jobs,
            "latest_seq": m.latest_seq,
            "analyzed_seq": m.analyzed_seq,
            "pending_seq": max(0, m.latest_seq - m.analyzed_seq),
            "supervisor": sup,
            "agents": sup.get("agents", []),
        }

    async def snapshot(self, meeting_id: str) -> dict[str, Any]:
        m = await self.store.get_meeting(meeting_id)
        transcript = await self.store.list_utterances(meeting_id)
        intents = await self.store.list_intents(meeting_id)
        return {
            "meeting": m.to_dict(),
            "transcript": [u.to_dict() for u in transcript],
            "intents": [i.to_dict() for i in intents],
            "dock": await self.dock(meeting_id),
            "cursor": m.change_cursor,
        }

    # -- audio -----------------------------------------------------------------------------------

    def _ensure_worker(self) -> None:
        if self._worker_task is not None and not self._worker_task.done():
            return
        from asr.worker import AsrWorker

        if self._transcriber is None:
            from asr.transcriber import WhisperTranscriber

            self._transcriber = WhisperTranscriber(
                self.settings.whisper_model, compute_type=self.settings.asr_compute_type,
                cpu_threads=self.settings.asr_threads, beam_size=self.settings.asr_beam_size,
                window_ms=self.settings.asr_window_ms or None,
            )
        self.worker = AsrWorker(self.store, self._transcriber, self._on_asr_utterance,
                                max_attempts=self.settings.asr_max_attempts,
                                batch_size=self.settings.asr_batch_size)
        self._worker_task = asyncio.create_task(self.worker.run(), name="asr-worker")

    def _job_queued(self, job: AsrJob) -> None:
        self._ensure_worker()
        self.worker.notify()

    async def _stream(self, meeting_id: str) -> AudioStream:
        stream = self.streams.get(meeting_id)
        if stream is None:
            stream = AudioStream(self.store, self.data_dir, meeting_id, self._job_queued)
            await stream.open()
            self.streams[meeting_id] = stream
        return stream

    async def _require_live(self, meeting_id: str) -> None:
        m = await self.store.get_meeting(meeting_id)
        if m.status is not MeetingStatus.LIVE:
            raise MeetingClosed(f"meeting {meeting_id} is {m.status.value}; no new audio", meeting_id=meeting_id)

    async def audio_stream(self, meeting_id: str) -> AudioStream:
        """The meeting's durable audio stream (refused unless the meeting is live)."""
        await self._require_live(meeting_id)
        return await self._stream(meeting_id)

    async def upload_segment(self, meeting_id: str, wav: bytes, start_ms: int | None = None) -> AsrJob:
        """An uploaded WAV segment (already cut by the client's VAD) → the same job → worker path."""
        await self._require_live(meeting_id)
        pcm = await asyncio.to_thread(_upload_pcm, wav)
        duration_ms = len(pcm) // 32
        # Server-chosen file name: an upload never touches a client-chosen path.
        key = start_ms if start_ms is not None else int(time.time() * 1000)
        path = segment_path(self.data_dir, meeting_id, key).with_name(f"upload-{key}-{time.monotonic_ns()}.wav")
        await asyncio.to_thread(write_wav_atomic, path, pcm)
        job = await self.store.enqueue_job(meeting_id, str(path), duration_ms, start_ms)
        self._job_queued(job)
        return job


MAX_UPLOAD_SEGMENT_MS = 10 * 60 * 1000


def _upload_pcm(wav: bytes) -> bytes:
    """Decode an uploaded segment, refusing long audio *before* resampling it (a tiny 8-bit 1 kHz
    file can decode to hours of audio and gigabytes of floats)."""
    audio = parse_wav(wav)
    if audio.duration_ms > MAX_UPLOAD_SEGMENT_MS:
        raise InvalidInput(f"an uploaded segment may be at most {MAX_UPLOAD_SEGMENT_MS // 60000} minutes long")
    return float_to_pcm(to_mono_16k(audio))
