"""Fakes for Supervisor tests: brains that speak the Brain protocol with scripted behaviour."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from supervisor.protocol import BrainReply, StepInput, ToolCall


def call(name: str, call_id: str = "c", **args: Any) -> ToolCall:
    return ToolCall(id=call_id, name=name, arguments=json.dumps(args, ensure_ascii=False))


class ScriptedBrain:
    """Each step runs the next script entry ``(inp) -> BrainReply`` (sync or async); then idles."""

    name = "scripted"

    def __init__(self, *script: Callable[[StepInput], BrainReply | Awaitable[BrainReply]]) -> None:
        self.script = list(script)
        self.inputs: list[StepInput] = []
        self.stepped = asyncio.Event()

    async def step(self, inp: StepInput) -> BrainReply:
        self.inputs.append(inp)
        self.stepped.set()
        if not self.script:
            return BrainReply()
        out = self.script.pop(0)(inp)
        if asyncio.iscoroutine(out):
            out = await out
        return out


def tool_results(inp: StepInput) -> list[dict[str, Any]]:
    return [json.loads(m.content) for m in inp.messages if m.role == "tool"]


async def wait_for(predicate: Callable[[], Any], within: float = 10.0) -> None:
    """Wait until ``predicate()`` is truthy (a condition wait with a deadline, not a fixed sleep)."""
    async with asyncio.timeout(within):
        while not predicate():  # noqa: ASYNC110 - the predicates span objects that expose no Event
            await asyncio.sleep(0.01)
