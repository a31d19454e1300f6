"""Plain-value builders of Supervisor step inputs for brain tests."""

from __future__ import annotations

from typing import Any

from supervisor.protocol import Message, StepContext, StepInput, ToolCall


def context(
    utterances: tuple[tuple[int, str], ...] = ((1, "张三负责周五前提交报告。"),),
    *,
    analyzed_seq: int = 0,
    language: str = "zh",
    mode: str = "execute",
    open_intents: tuple[dict[str, Any], ...] = (),
) -> StepContext:
    unanalyzed = tuple(u for u in utterances if u[0] > analyzed_seq)
    recent = tuple(u for u in utterances if u[0] <= analyzed_seq)
    return StepContext(
        meeting_id="m-test",
        title="周会",
        language=language,
        mode=mode,
        participants=("张三", "李四"),
        latest_seq=max((s for s, _ in utterances), default=0),
        analyzed_seq=analyzed_seq,
        unanalyzed=unanalyzed,
        recent=recent,
        open_intents=open_intents,
    )


def step_input(
    ctx: StepContext | None = None, messages: tuple[Message, ...] = (), step: int = 0
) -> StepInput:
    return StepInput(context=ctx or context(), messages=messages, tools=(), step=step)


def user(text: str) -> Message:
    return Message(role="user", content=text)


def assistant(*calls: tuple[str, str, str], text: str = "") -> Message:
    return Message(role="assistant", content=text, tool_calls=tuple(ToolCall(i, n, a) for i, n, a in calls))


def tool(call_id: str | None, content: str, name: str | None = None) -> Message:
    return Message(role="tool", content=content, tool_call_id=call_id, name=name)
