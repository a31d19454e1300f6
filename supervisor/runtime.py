"""The Supervisor agent runtime: one long-lived agent per meeting (DESIGN §6).

Turn = steps until the brain makes no tool call *and* every ``turn_stopping`` hook lets it stop.
The built-in hook refuses to stop while ``analyzed_seq < latest_seq``. Steering: new input goes
to the keyed :class:`~supervisor.inbox.Inbox` and is drained at the start of the very next step;
after each tool call the inbox is checked, and if something arrived the remaining calls of that
batch are skipped (reported back as ``skipped``) so the brain re-plans with the new transcript.

``analyzed_seq`` advances to the highest seq shown to a step that completed. Limits (steps per
turn, retries per step, steps per meeting) never crash the meeting: they put it into manual
review and the watermark still converges so finalize can report what needs a person; the seqs
passed over are recorded as a skipped range (``store.add_skipped``), never skipped silently.
``retry(range)`` gives the Supervisor a turn on such a range: its steps are shown the range's
utterances (in windows, like new transcript) and the range is marked analysed once read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from intents import Ledger
from models import BindingState, BudgetExhausted, PromptTooLarge
from models.tracing import trace_id_var
from store import Store

from .brains import RulesBrain
from .context import build_context
from .inbox import TRANSCRIPT, Inbox, Note, TranscriptNotice
from .prompts import RECORD_TOOLS
from .protocol import Brain, BrainReply, Message, StepInput
from .subagents import SUMMARY_TASK, Runner, Subagent, Subagents, offline_runner
from .tools import Toolbox, tool_specs

log = logging.getLogger(__name__)

PROPOSALS = frozenset({"upsert_intent", "reject_intent", "ask_clarification"})
# A tool result kept in the turn's history is cut here (the tools page: read_transcript from_seq /
# to_seq, list_intents limit / offset), so one answer cannot crowd out the rest of the prompt.
MAX_TOOL_RESULT_CHARS = 8000


@dataclass(slots=True)
class _Retry:
    """A skipped range being re-read: ``cursor`` is the last seq of it a completed step was shown."""

    range_id: int
    from_seq: int
    to_seq: int
    cursor: int


@dataclass(frozen=True, slots=True)
class Limits:
    max_steps_per_turn: int = 12
    max_retries_per_step: int = 2
    max_steps_per_meeting: int = 5000
    summary_every: int = 20  # utterances between rolling-summary refreshes


TurnStoppingHook = Callable[["Supervisor"], Awaitable[str | None]]


class Supervisor:
    """The meeting's Supervisor. ``followup()`` starts a turn when idle; ``steer()`` reaches the
    next step of a running turn (or starts one when idle)."""

    def __init__(
        self,
        store: Store,
        ledger: Ledger,
        meeting_id: str,
        brain: Brain,
        *,
        limits: Limits | None = None,
        analyzed_seq: int = 0,
        language: str = "zh",
        subagent_runner: Runner = offline_runner,
    ) -> None:
        self.store = store
        self.meeting_id = meeting_id
        self.brain = brain
        self.rules = brain if isinstance(brain, RulesBrain) else RulesBrain()
        self.limits = limits or Limits()
        self.language = language
        self.inbox = Inbox()
        self.analyzed_seq = analyzed_seq
        self.state = BindingState.IDLE
        self.turns = 0
        self.steps = 0
        self.current_step: int | None = None
        self.manual_review: list[str] = []
        self.hooks: list[TurnStoppingHook] = [unanalyzed_hook]
        self.agents = Subagents(store, meeting_id, runner=subagent_runner, on_result=self._agent_result)
        self.toolbox = Toolbox(store, ledger, meeting_id, self.agents)
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self._summarised_at = analyzed_seq
        self._summary_agent: str | None = None
        self._retries: list[_Retry] = []
        self._retried = 0  # seqs re-read by retries: progress, like the watermark
        self.on_change: Callable[[], None] | None = None
        self._closed = False

    # -- delivery ----------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def steer(self, item: TranscriptNotice | Note, key: str = TRANSCRIPT) -> None:
        """Deliver to the next step of the running turn; start a turn if none is running."""
        if isinstance(item, TranscriptNotice):
            self.inbox.notify_transcript(item)
        else:
            self.inbox.put(key, item)
        if not self.running:
            self._start_turn()

    def retry(self, range_id: int, from_seq: int, to_seq: int) -> None:
        """Give the Supervisor a turn on a skipped range (``store.skipped_ranges``); idempotent."""
        if any(r.range_id == range_id for r in self._retries):
            return
        self._retries.append(_Retry(range_id, from_seq, to_seq, from_seq - 1))
        self.steer(Note(_retry_text(from_seq, to_seq, self.language)), key=f"retry:{range_id}")

    def followup(self, item: TranscriptNotice | Note | None = None, key: str = TRANSCRIPT) -> None:
        """Start a new turn (the Supervisor is idle)."""
        if item is not None:
            self.steer(item, key)
        elif not self.running:
            self._start_turn()

    async def wait_idle(self) -> None:
        """Wait until no turn runs and nothing waits in the inbox (wrap in ``asyncio.timeout``)."""
        while self.running or self.inbox or self._retries:
            if not self.running:
                self._start_turn()
            await self._idle.wait()
            await asyncio.sleep(0)  # let a finishing turn task complete before re-checking

    async def close(self) -> None:
        self._closed = True
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.agents.close()

    def snapshot(self) -> dict[str, Any]:
        snap = getattr(self.brain, "snapshot", None)
        return {
            "state": self.state.value,
            "turns": self.turns,
            "steps": self.steps,
            "current_step": self.current_step,
            "analyzed_seq": self.analyzed_seq,
            "brain": getattr(self.brain, "active", self.brain.name),
            "brain_detail": snap() if callable(snap) else None,
            "manual_review": list(self.manual_review),
            "agents": self.agents.list(),
        }

    # -- the turn loop ---------------------------------------------------------------------------

    def _start_turn(self) -> None:
        if self._closed:
            return
        self._idle.clear()
        self._task = asyncio.create_task(self._run_turns(), name=f"supervisor-{self.meeting_id}")

    async def _run_turns(self) -> None:
        try:
            while True:
                await self._turn()
                if not self.inbox and not self._retries:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:  # the meeting must go on: log, mark for review, stay resumable
            log.exception("supervisor turn failed", extra={"meeting_id": self.meeting_id})
            self.manual_review.append("a Supervisor turn failed unexpectedly")
        finally:
            self.state = BindingState.IDLE
            self.current_step = None
            with contextlib.suppress(Exception):
                await self.store.update_binding(self.meeting_id, state=BindingState.IDLE,
                                                detail={"current_step": None})
            self._idle.set()
            self._changed()
            # Input that arrived during the awaits above found this task still running and did
            # not start a turn; pick it up once this task is done.
            asyncio.get_running_loop().call_soon(self._resume_if_pending)

    def _resume_if_pending(self) -> None:
        if self.inbox and not self.running:
            self._start_turn()

    async def _turn(self) -> None:
        self.turns += 1
        turn, trace_id = self.turns, uuid.uuid4().hex[:16]
        # This task's context (a copy per task): every event, audit row and log line of the turn
        # carries the trace id, and GET …/traces/{trace_id} shows the turn end to end.
        trace_id_var.set(trace_id)
        self.state = BindingState.RUNNING
        await self.store.update_binding(self.meeting_id, state=BindingState.RUNNING)
        messages: list[Message] = []
        progress_at_start = self._progress()
        for step in range(self.limits.max_steps_per_turn + 1):
            if self.steps >= self.limits.max_steps_per_meeting:
                await self._give_up("step limit per meeting reached", trace_id)
                return
            if step == self.limits.max_steps_per_turn:
                if self._progress() > progress_at_start:
                    # Long but productive (a flood of transcript): go on in a fresh turn.
                    self.inbox.notify_transcript(TranscriptNotice(self.analyzed_seq + 1, self.analyzed_seq + 1))
                    return
                await self._give_up("step limit reached without progress", trace_id)
                return
            self.current_step = step
            for _key, item in self.inbox.drain():
                messages.append(Message("user", _note_text(item, self.language)))
            retry = self._retries[0] if self._retries else None
            if retry is None:
                ctx = await build_context(self.store, self.meeting_id, self.analyzed_seq)
            else:
                ctx = await build_context(self.store, self.meeting_id, retry.cursor, upto=retry.to_seq)
            shown = max((s for s, _ in ctx.unanalyzed), default=retry.cursor if retry else self.analyzed_seq)
            tools = tool_specs(RECORD_TOOLS) if ctx.mode == "record" else tool_specs()
            inp = StepInput(context=ctx, messages=tuple(messages), tools=tools, step=step, turn=turn)
            started = time.perf_counter()
            reply, brain_name, error = await self._ask(inp)
            if reply is None:
                await self._trace(trace_id, turn, step, brain_name, [], started, None, len(ctx.render()), error)
                await self._give_up(f"brain failed: {error}", trace_id)
                return
            # produced_by names the brain (and model) that answered this step, not just "supervisor".
            self.toolbox.actor = self._producer(brain_name)
            calls = list(reply.tool_calls)
            if calls:
                messages.append(Message("assistant", reply.text, tuple(calls)))
            cut_short = False
            for i, call in enumerate(calls):
                result = await self.toolbox.call(call.name, call.arguments)
                messages.append(Message("tool", clip_tool_result(_dumps(result)), tool_call_id=call.id, name=call.name))
                if self.inbox and i < len(calls) - 1:
                    cut_short = any(c.name in PROPOSALS for c in calls[i + 1 :])
                    for skipped in calls[i + 1 :]:
                        messages.append(Message("tool", _dumps({"skipped": True, "reason": "new input arrived; "
                                        "re-plan with the latest transcript"}), tool_call_id=skipped.id,
                                        name=skipped.name))
                    break
            self.steps += 1
            await self._trace(trace_id, turn, step, brain_name, [c.name for c in calls], started, reply,
                              len(ctx.render()), None)
            if not cut_short:
                # A batch whose proposals were skipped by steering did not complete: its utterances
                # stay unanalyzed and are shown again, so nothing it meant to record is lost.
                # (Skipped commits need no replay: they are re-derived from the ledger.)
                if retry is None:
                    await self._advance(shown)
                else:
                    await self._advance_retry(retry, shown, trace_id)
            if calls:
                continue
            notices = [n for hook in self.hooks if (n := await hook(self))]
            if not notices:
                return
            messages.append(Message("user", "\n".join(notices)))

    async def _ask(self, inp: StepInput) -> tuple[BrainReply | None, str, str | None]:
        brain, error = self.brain, None
        for _attempt in range(self.limits.max_retries_per_step + 1):
            name = getattr(brain, "active", brain.name)
            try:
                reply = await brain.step(inp)
                # A fallback brain may have answered with its fallback: name the one that did.
                return reply, getattr(brain, "served", None) or name, None
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
                if isinstance(exc, PromptTooLarge):
                    # Nothing was sent and a retry would build the same prompt: the rules brain
                    # answers this step, and a person is told the model could not see it.
                    note = f"prompt too large: {exc.message}"
                    if note not in self.manual_review:
                        self.manual_review.append(note)
                    log.warning(note, extra={"meeting_id": self.meeting_id})
                    break
                if isinstance(exc, BudgetExhausted):
                    # Out of model budget: keep the meeting converging on the offline brain.
                    self.manual_review.append("model budget exhausted; continued on the rules brain")
                    self.brain = brain = self.rules
        if brain is not self.rules:
            try:
                return await self.rules.step(inp), self.rules.name, error
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
        return None, getattr(brain, "active", brain.name), error

    async def _advance(self, shown: int) -> None:
        if shown > self.analyzed_seq:
            self.analyzed_seq = shown
            await self.store.update_binding(self.meeting_id, analyzed_seq=shown,
                                            detail={"current_step": self.current_step})
            self._maybe_summarise()
            self._changed()

    def _producer(self, brain_name: str) -> str:
        """``supervisor:<brain>[:<model id>]``, e.g. ``supervisor:openai:gpt-x``, ``supervisor:rules``."""
        if brain_name == self.rules.name:
            return f"supervisor:{brain_name}"
        model = getattr(getattr(self.brain, "primary", self.brain), "model", None)
        return f"supervisor:{brain_name}:{model}" if model else f"supervisor:{brain_name}"

    def _progress(self) -> int:
        return self.analyzed_seq + self._retried

    async def _advance_retry(self, retry: _Retry, shown: int, trace_id: str) -> None:
        self._retried += max(0, shown - retry.cursor)
        retry.cursor = max(retry.cursor, shown)
        if retry.cursor >= retry.to_seq:
            self._retries.remove(retry)
            await self.store.resolve_skipped(self.meeting_id, retry.range_id, trace_id)
            self._changed()

    async def _give_up(self, reason: str, trace_id: str | None = None) -> None:
        latest = (await self.store.get_meeting(self.meeting_id)).latest_seq
        skipped = latest > self.analyzed_seq
        if skipped:
            await self.store.add_skipped(self.meeting_id, self.analyzed_seq + 1, latest, reason, trace_id)
            reason += f"; seq {self.analyzed_seq + 1}–{latest} were not analyzed automatically"
        # A retry that failed again leaves its range open (retryable) rather than half-read.
        self._retries.clear()
        self.manual_review.append(reason)
        log.warning("supervisor gave up: %s", reason, extra={"meeting_id": self.meeting_id})
        self.inbox.drain()
        # The utterances are recorded and flagged for review; the watermark must converge so that
        # finalize can close the meeting and show what needs a person.
        await self._advance(latest)
        await self.store.update_binding(self.meeting_id, detail={"manual_review": reason})

    async def _trace(self, trace_id: str, turn: int, step: int, brain: str, calls: list[str], started: float,
                     reply: BrainReply | None, context_chars: int, error: str | None) -> None:
        usage = reply.usage if reply else None
        await self.store.add_trace(
            self.meeting_id, trace_id=trace_id, agent_id="supervisor", turn=turn, step=step, brain=brain,
            tool_calls=calls, duration_ms=(time.perf_counter() - started) * 1000,
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0, context_chars=context_chars, error=error,
        )

    # -- subagents and summary ---------------------------------------------------------------------

    def _maybe_summarise(self) -> None:
        if self.analyzed_seq - self._summarised_at < self.limits.summary_every or self._summary_agent:
            return
        self._summarised_at = self.analyzed_seq
        task = asyncio.create_task(self.agents.spawn(SUMMARY_TASK))
        task.add_done_callback(self._summary_spawned)

    def _summary_spawned(self, task: asyncio.Task[dict[str, Any]]) -> None:
        if not task.cancelled() and task.exception() is None:
            self._summary_agent = task.result().get("agent_id")

    def _agent_result(self, agent: Subagent) -> None:
        if agent.id == self._summary_agent or agent.task == SUMMARY_TASK:
            self._summary_agent = None
            if agent.state == "done" and agent.result:
                # The summary is context, not business data: stored without waking the Supervisor.
                asyncio.get_running_loop().create_task(self.store.set_summary(self.meeting_id, agent.result))
            return
        self.steer(Note(f"subagent {agent.id} {agent.state}: {(agent.result or '')[:1500]}"), key=f"agent:{agent.id}")

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


async def unanalyzed_hook(sup: Supervisor) -> str | None:
    """Built-in ``turn_stopping`` hook: no stopping while transcript is unanalyzed (a skipped
    range being retried included)."""
    if sup._retries:
        r = sup._retries[0]
        return _retry_text(r.cursor + 1, r.to_seq, sup.language)
    latest = (await sup.store.get_meeting(sup.meeting_id)).latest_seq
    if sup.analyzed_seq < latest:
        return _note_text(TranscriptNotice(sup.analyzed_seq + 1, latest), sup.language)
    return None


def _retry_text(from_seq: int, to_seq: int, language: str) -> str:
    if language == "en":
        return (f"Retry: seq {from_seq}–{to_seq} were skipped earlier and never analysed. They are shown as "
                "unanalyzed now: read them and update the intent ledger.")
    return f"重试：序号 {from_seq}–{to_seq} 之前被跳过、未分析。现在作为未分析内容给出，请阅读并更新意图账本。"


def _note_text(item: Any, language: str) -> str:
    if isinstance(item, TranscriptNotice):
        return item.text(language)
    if isinstance(item, Note):
        return item.text
    return str(item)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def clip_tool_result(text: str, limit: int = MAX_TOOL_RESULT_CHARS) -> str:
    if len(text) <= limit:
        return text
    return (text[:limit] + f"…[truncated: {len(text) - limit} more characters; ask for less "
            "(read_transcript from_seq/to_seq, list_intents limit/offset)]")


__all__ = ["SUMMARY_TASK", "Limits", "Supervisor", "TurnStoppingHook"]
