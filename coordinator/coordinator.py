"""Per-meeting coordinator: wakes the Supervisor for new transcript (DESIGN §6).

Appends call :meth:`MeetingCoordinator.notify`; the coordinator waits the merge window (default
400 ms) so that a burst of segments becomes one notice, then **steers** a running Supervisor (the
notice reaches its very next step) or **follows up** an idle one (a new turn). ``delivered_seq``
is persisted on the binding, and a restarted coordinator resumes from the binding's watermarks:
anything past ``analyzed_seq`` is delivered again, nothing already applied is re-applied (the
ledger's commits are idempotent and guarded).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal

from models import IntentStatus
from store import Store
from supervisor.inbox import Note, TranscriptNotice
from supervisor.runtime import Supervisor

log = logging.getLogger(__name__)

Delivery = Literal["steer", "followup"]


class MeetingCoordinator:
    def __init__(self, store: Store, supervisor: Supervisor, merge_window_s: float = 0.4) -> None:
        self.store = store
        self.supervisor = supervisor
        self.meeting_id = supervisor.meeting_id
        self.merge_window_s = merge_window_s
        self.deliveries: list[Delivery] = []
        # What this process has put in the Supervisor's inbox. Not the binding's delivered_seq: a
        # notice delivered before a crash died with that process's inbox, so after a restart
        # everything past analyzed_seq must be delivered again.
        self._delivered = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def notify(self) -> None:
        """New utterances were appended (called by the meeting's session on each utterance change)."""
        self._wake.set()

    def notify_intent(self, intent_id: str, status: str, revision: int) -> None:
        """A person acted on an intent: the Supervisor commits or re-plans in its next step."""
        text = f"intent {intent_id} (revision {revision}) is now {status} by a person."
        if status == IntentStatus.APPROVED.value:
            text += " Commit it with the latest basis_sequence."
        self.supervisor.steer(Note(text), key=f"intent:{intent_id}")

    def notify_edit(self, seq: int) -> None:
        """A person corrected utterance ``seq``: like new speech, the Supervisor re-reads it."""
        text = (f"A person corrected the transcript at seq {seq}. Re-read seq {seq} with read_transcript and "
                "revise any intent that depends on it.")
        self.supervisor.steer(Note(text), key=f"edit:{seq}")

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name=f"coordinator-{self.meeting_id}")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        await self.supervisor.close()

    async def run(self) -> None:
        await self._resume()
        while True:
            await self._wake.wait()
            # The merge window: a burst of appends becomes one notice, not one wake-up each.
            await asyncio.sleep(self.merge_window_s)
            self._wake.clear()
            try:
                await self.deliver()
            except Exception:
                log.exception("coordinator delivery failed", extra={"meeting_id": self.meeting_id})

    async def _resume(self) -> None:
        binding = await self.store.get_binding(self.meeting_id)
        meeting = await self.store.get_meeting(self.meeting_id)
        if meeting.latest_seq > binding.analyzed_seq:
            self._wake.set()
        approved = await self.store.list_intents(self.meeting_id, IntentStatus.APPROVED)
        for it in approved:  # approved while the daemon was down: still to be committed
            self.notify_intent(it.id, it.status.value, it.revision)
        # A proposal made just before a crash (its step completed, its commit never ran) has no
        # new utterance to wake the Supervisor for: give it a turn to commit or settle it.
        if not approved and await self.store.list_intents(self.meeting_id, IntentStatus.DETECTED):
            self.supervisor.followup()

    async def deliver(self) -> Delivery | None:
        """Deliver everything appended since the last delivery (one merged notice)."""
        meeting = await self.store.get_meeting(self.meeting_id)
        start = max(self._delivered, self.supervisor.analyzed_seq) + 1
        if meeting.latest_seq < start:
            return None
        notice = TranscriptNotice(start, meeting.latest_seq)
        mode: Delivery
        if self.supervisor.running:
            self.supervisor.steer(notice)
            mode = "steer"
        else:
            self.supervisor.followup(notice)
            mode = "followup"
        self.deliveries.append(mode)
        self._delivered = meeting.latest_seq
        await self.store.update_binding(self.meeting_id, delivered_seq=meeting.latest_seq)
        return mode

    async def settle(self) -> None:
        """Deliver what is pending now and wait for the Supervisor to go idle (replay, tests)."""
        self._wake.clear()
        await self.deliver()
        await self.supervisor.wait_idle()
