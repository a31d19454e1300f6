"""A brain that keeps the meeting going when the model does not: primary → fallback → primary.

Contract (one instance per meeting; steps of a meeting are sequential):
- Every step goes to ``primary`` while it is healthy. A step whose primary call fails
  (``BrainError``, or a probe running past ``probe_timeout_s``) is served by ``fallback`` instead, so
  no step is lost to a model failure.
- After ``max_failures`` consecutive primary failures the brain is *degraded*: steps go straight to
  ``fallback``; every ``probe_every``-th degraded step tries ``primary`` first and, on success,
  switches back (that step's reply is the primary's).
- Budgets are per meeting and count primary (language-model) steps and the tokens they report:
  once ``calls >= max_calls`` or ``tokens >= max_tokens`` every step raises ``BudgetExhausted``
  (sticky), so the runtime leaves pending intents for manual review. A step already running is
  never cut short; the budget is checked before each step.
- ``snapshot()`` (and the ``on_change`` callback, called on every switch and on exhaustion) is what
  the dock shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from models.errors import BrainError, BudgetExhausted
from supervisor.protocol import Brain, BrainReply, StepInput


class FallbackBrain:
    def __init__(
        self,
        primary: Brain,
        fallback: Brain,
        *,
        max_failures: int = 3,
        probe_every: int = 5,
        max_calls: int | None = None,
        max_tokens: int | None = None,
        probe_timeout_s: float | None = None,
        on_change: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        if max_failures < 1 or probe_every < 1:
            raise ValueError("max_failures and probe_every must be >= 1")
        self.primary = primary
        self.fallback = fallback
        self.max_failures = max_failures
        self.probe_every = probe_every
        self.max_calls = max_calls
        self.max_tokens = max_tokens
        self.probe_timeout_s = probe_timeout_s
        self.on_change = on_change
        self.degraded = False
        self.failures = 0  # consecutive primary failures
        self.total_failures = 0
        self.calls = 0  # primary steps attempted (probes included)
        self.tokens = 0  # tokens the primary reported (prompt + completion)
        self.fallback_steps = 0
        self.switches = 0
        self.last_error: str | None = None
        self.served: str | None = None  # which brain answered the last step
        self.exhausted: BudgetExhausted | None = None
        self._degraded_steps = 0

    @classmethod
    def from_env(
        cls, primary: Brain, fallback: Brain, env: Mapping[str, str], **overrides: Any
    ) -> FallbackBrain:
        """Reads ``LLM_MAX_FAILURES``, ``LLM_PROBE_EVERY``, ``LLM_MAX_CALLS``, ``LLM_MAX_TOKENS``
        (per meeting; unset or 0 = unlimited) from ``env``, a mapping read once by ``live.config``."""
        kw: dict[str, Any] = {}
        for var, key in (("LLM_MAX_FAILURES", "max_failures"), ("LLM_PROBE_EVERY", "probe_every")):
            if env.get(var):
                kw[key] = int(env[var])
        for var, key in (("LLM_MAX_CALLS", "max_calls"), ("LLM_MAX_TOKENS", "max_tokens")):
            if env.get(var):
                kw[key] = int(env[var]) or None
        return cls(primary, fallback, **{**kw, **overrides})

    @property
    def name(self) -> str:
        return self.active

    @property
    def active(self) -> str:
        """Name of the brain the next ordinary step goes to."""
        return self.fallback.name if self.degraded else self.primary.name

    def snapshot(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "primary": self.primary.name,
            "fallback": self.fallback.name,
            "degraded": self.degraded,
            "consecutive_failures": self.failures,
            "failures": self.total_failures,
            "fallback_steps": self.fallback_steps,
            "llm_calls": self.calls,
            "llm_tokens": self.tokens,
            "max_calls": self.max_calls,
            "max_tokens": self.max_tokens,
            "budget_exhausted": self.exhausted.budget if self.exhausted else None,
            "last_error": self.last_error,
        }

    async def step(self, inp: StepInput) -> BrainReply:
        self._check_budget()
        if self.degraded:
            self._degraded_steps += 1
            if self._degraded_steps % self.probe_every == 0:
                reply = await self._try_primary(inp, probe=True)
                if reply is not None:
                    return reply
            return await self._fallback_step(inp)
        reply = await self._try_primary(inp, probe=False)
        if reply is not None:
            return reply
        return await self._fallback_step(inp)

    def note_unusable(self, reason: str) -> None:
        """Count a primary reply the runtime could not use (e.g. every tool call invalid) as a
        failure, so a model that answers but never usefully also ends in the fallback."""
        if not self.degraded:
            self._failed(reason)

    # ---- internals ----------------------------------------------------------------------------
    def _check_budget(self) -> None:
        if self.exhausted is None:
            if self.max_calls is not None and self.calls >= self.max_calls:
                self.exhausted = BudgetExhausted("calls", self.calls, self.max_calls)
            elif self.max_tokens is not None and self.tokens >= self.max_tokens:
                self.exhausted = BudgetExhausted("tokens", self.tokens, self.max_tokens)
            if self.exhausted is not None:
                self._changed()
        if self.exhausted is not None:
            raise self.exhausted

    async def _try_primary(self, inp: StepInput, *, probe: bool) -> BrainReply | None:
        self.calls += 1
        try:
            if probe and self.probe_timeout_s is not None:
                async with asyncio.timeout(self.probe_timeout_s):
                    reply = await self.primary.step(inp)
            else:
                reply = await self.primary.step(inp)
        except BrainError as err:
            self._failed(err.message)
            return None
        except TimeoutError:
            self._failed(f"probe exceeded {self.probe_timeout_s}s")
            return None
        self.tokens += reply.usage.total
        self.failures = 0
        self.served = self.primary.name
        if self.degraded:
            self.degraded = False
            self._degraded_steps = 0
            self.switches += 1
            self._changed()
        return reply

    async def _fallback_step(self, inp: StepInput) -> BrainReply:
        self.fallback_steps += 1
        self.served = self.fallback.name
        return await self.fallback.step(inp)

    def _failed(self, reason: str) -> None:
        self.failures += 1
        self.total_failures += 1
        self.last_error = reason
        if not self.degraded and self.failures >= self.max_failures:
            self.degraded = True
            self._degraded_steps = 0
            self.switches += 1
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.snapshot())
