"""FallbackBrain: switching over and back, budgets; with scripted brains and with the real SDK."""

from __future__ import annotations

from collections import deque

import pytest

from models import BrainError, BudgetExhausted
from supervisor.brains.fallback import FallbackBrain
from supervisor.brains.openai_brain import OpenAIBrain
from supervisor.protocol import BrainReply, StepInput, Usage
from tests.openai_fake.builders import step_input
from tests.openai_fake.server import FakeOpenAI, error_reply, text_reply


class ScriptedBrain:
    """A Brain that answers from a script: a BrainReply, or an exception to raise."""

    def __init__(
        self, name: str, *outcomes: BrainReply | Exception, default: BrainReply | None = None
    ) -> None:
        self.name = name
        self.outcomes = deque(outcomes)
        self.default = default or BrainReply(text=f"{name} reply")
        self.seen: list[StepInput] = []

    async def step(self, inp: StepInput) -> BrainReply:
        self.seen.append(inp)
        out = self.outcomes.popleft() if self.outcomes else self.default
        if isinstance(out, Exception):
            raise out
        return out


def fail() -> BrainError:
    return BrainError("boom", kind="status", status=500)


def ok(tokens: int = 10) -> BrainReply:
    return BrainReply(text="llm", usage=Usage(tokens, 0))


async def test_switches_to_fallback_after_n_failures_and_back_on_probe():
    primary = ScriptedBrain("openai", fail(), fail(), fail(), fail(), ok())
    rules = ScriptedBrain("rules")
    changes: list[dict] = []
    brain = FallbackBrain(primary, rules, max_failures=3, probe_every=2, on_change=changes.append)

    texts = [(await brain.step(step_input())).text for _ in range(3)]
    assert texts == ["rules reply"] * 3  # failing steps are still answered, by the fallback
    assert brain.degraded and brain.active == "rules" and brain.name == "rules"
    assert len(primary.seen) == 3 and changes[-1]["degraded"] is True

    assert (await brain.step(step_input())).text == "rules reply"  # degraded step 1: no probe
    assert len(primary.seen) == 3
    assert (await brain.step(step_input())).text == "rules reply"  # step 2: probe fails
    assert len(primary.seen) == 4 and brain.degraded
    await brain.step(step_input())  # step 3: no probe
    reply = await brain.step(step_input())  # step 4: probe succeeds → back on the model
    assert reply.text == "llm" and not brain.degraded and brain.active == "openai"
    assert [c["degraded"] for c in changes] == [True, False]
    snap = brain.snapshot()
    assert snap["consecutive_failures"] == 0 and snap["failures"] == 4 and snap["fallback_steps"] == 6


async def test_success_resets_the_consecutive_failure_count():
    primary = ScriptedBrain("openai", fail(), fail(), ok(), fail(), fail(), ok())
    brain = FallbackBrain(primary, ScriptedBrain("rules"), max_failures=3)
    for _ in range(6):
        await brain.step(step_input())
    assert not brain.degraded and brain.total_failures == 4


async def test_probe_timeout_counts_as_failure():
    class Hanging(ScriptedBrain):
        async def step(self, inp):
            self.seen.append(inp)
            if len(self.seen) == 1:
                raise fail()
            import asyncio

            await asyncio.Event().wait()  # never answers

    primary = Hanging("openai")
    brain = FallbackBrain(
        primary, ScriptedBrain("rules"), max_failures=1, probe_every=1, probe_timeout_s=0.05
    )
    await brain.step(step_input())
    assert brain.degraded
    assert (await brain.step(step_input())).text == "rules reply"
    assert brain.degraded and "probe exceeded" in (brain.last_error or "")


async def test_call_budget_exhaustion_is_sticky():
    changes: list[dict] = []
    brain = FallbackBrain(
        ScriptedBrain("openai", default=ok()), ScriptedBrain("rules"), max_calls=2, on_change=changes.append
    )
    await brain.step(step_input())
    await brain.step(step_input())
    for _ in range(2):
        with pytest.raises(BudgetExhausted) as exc:
            await brain.step(step_input())
    assert (exc.value.budget, exc.value.used, exc.value.limit) == ("calls", 2, 2)
    assert exc.value.code == "budget_exhausted"
    assert brain.snapshot()["budget_exhausted"] == "calls" and len(changes) == 1


async def test_token_budget_counts_reported_usage():
    brain = FallbackBrain(ScriptedBrain("openai", ok(60), ok(60)), ScriptedBrain("rules"), max_tokens=100)
    await brain.step(step_input())
    await brain.step(step_input())  # 60 < 100 before this step: allowed, overshoots
    with pytest.raises(BudgetExhausted) as exc:
        await brain.step(step_input())
    assert (exc.value.budget, exc.value.used) == ("tokens", 120)


async def test_unusable_replies_count_towards_degrading():
    brain = FallbackBrain(ScriptedBrain("openai", default=ok()), ScriptedBrain("rules"), max_failures=2)
    await brain.step(step_input())
    brain.note_unusable("all tool calls invalid")
    assert not brain.degraded
    brain.note_unusable("all tool calls invalid")
    assert brain.degraded and brain.last_error == "all tool calls invalid"


async def test_from_env_reads_budgets():
    brain = FallbackBrain.from_env(
        ScriptedBrain("openai"),
        ScriptedBrain("rules"),
        {"LLM_MAX_CALLS": "7", "LLM_MAX_TOKENS": "0", "LLM_MAX_FAILURES": "4"},
    )
    assert (brain.max_calls, brain.max_tokens, brain.max_failures) == (7, None, 4)


async def test_real_sdk_server_down_then_recovers():
    """The model server answers 500s: after 2 failed steps the meeting runs on the rules brain;
    when the server recovers, the next probe switches back."""
    async with FakeOpenAI() as srv:
        llm = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=2, max_retries=1, backoff_s=0.01)
        brain = FallbackBrain(llm, ScriptedBrain("rules"), max_failures=2, probe_every=2)
        srv.script(*[error_reply(500)] * 4)
        assert (await brain.step(step_input())).text == "rules reply"
        assert (await brain.step(step_input())).text == "rules reply"
        assert brain.degraded and len(srv.requests) == 4  # 2 steps x (1 try + 1 retry)

        srv.script(text_reply("back online", prompt_tokens=50, completion_tokens=5))
        assert (await brain.step(step_input())).text == "rules reply"  # degraded, no probe yet
        assert len(srv.requests) == 4
        reply = await brain.step(step_input())  # probe
        assert reply.text == "back online" and not brain.degraded and brain.active == "openai"
        assert brain.tokens == 55 and brain.calls == 3
        await llm.aclose()
