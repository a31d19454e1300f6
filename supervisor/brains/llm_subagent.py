"""LLM subagents: a language model working a bounded job with read-only tools (DESIGN §6).

Contract: :class:`LLMSubagentRunner` is a ``supervisor.subagents.Runner`` — ``await runner(agent,
store, meeting_id) -> str`` — so it drops in where ``offline_runner`` is used
(``Supervisor(..., subagent_runner=...)``).

- One run is a bounded loop of at most ``max_steps`` chat-completion requests through the
  ``openai`` SDK. The last allowed request carries no tools, so every run ends with an answer.
- The agent's own history is ``agent.history`` (``{"role", "text", ...}`` dicts): the task, the
  Supervisor's messages, an ``interrupted`` marker, and this runner's tool exchanges
  (``tool_calls`` on assistant entries, ``tool_call_id`` on ``tool`` entries). A continued agent
  (``send_message`` after ``interrupt_agent`` or after a result) therefore sees what it already
  did. The history is repaired for strict servers by ``supervisor.llm.wire.build_messages`` (an
  exchange cut by an interrupt gets a ``skipped`` result).
- Tools are READ-ONLY: ``read_transcript`` and ``list_intents`` (executed by the Supervisor's
  ``Toolbox``, so results have the same shapes). Any other name is refused as a tool error; the
  runner holds no way to write business data.
- Requests go through the one transport, ``supervisor.llm.client.ChatClient`` (timeouts,
  retries with backoff, failure classification, usage).
- Failures never reach the meeting as crashes: a request that still fails after ``max_retries``
  (timeouts, 5xx, unusable bodies) or a spent budget (``max_calls`` / ``max_tokens`` per runner,
  i.e. per meeting) ends the run with the ``fallback`` runner's result (the offline retrieval by
  default), prefixed with why.
- The runtime's rolling summary (``SUMMARY_TASK``) stays extractive (``fallback``): the
  Supervisor's context never carries model-written text as if it were the meeting's record.
- Every request is traced (``agent_traces`` with the agent's id, brain ``openai``, tokens), so
  ``minutes.stats.llm_calls`` counts subagent calls.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Mapping
from typing import Any

from intents import Ledger
from models import BrainError
from store import Store

from ..llm.client import ChatClient, classify_failure
from ..llm.wire import build_messages, openai_tools
from ..protocol import Message, ToolCall
from ..subagents import SUMMARY_TASK, Runner, Subagent, offline_runner
from ..tool_specs import tool_specs
from ..tools import Toolbox, tool_error

READ_ONLY_TOOLS = ("read_transcript", "list_intents")
MAX_RESULT_CHARS = 6000  # one tool result in the history; the transcript is re-readable
MAX_HISTORY = 60  # history entries sent (the task is always kept)

_PROMPT = {
    "zh": """\
你是会议监督员（Supervisor）派出的子代理，负责一项有边界的任务（调研某事项的上下文、起草验收标准、起草纪要摘要等）。
你只能阅读：read_transcript 读取转写（每句带序号 seq），list_intents 查看意图台账。你不能修改任何数据。
规则：只使用转写里说过的内容，不编造；引用原话时用「」并注明序号，例如 [12]「周五之前完成」。
信息不足时直接说明缺什么。完成后用简洁的中文给出结果，不再调用工具。""",
    "en": """\
You are a subagent of the meeting Supervisor with one bounded job (research an item's context, draft
acceptance criteria, draft a summary, ...). You can only read: read_transcript (utterances with
their seq numbers) and list_intents (the intent ledger). You cannot change any data.
Rules: use only what the transcript says, never invent; quote verbatim in double quotes with the seq,
e.g. [12] "done by Friday". If information is missing, say what is missing. When done, answer concisely
and call no tool.""",
}
_FINAL = {
    "zh": "步数已用完：请根据已读到的内容直接给出结果，不要再调用工具。",
    "en": "You are out of steps: answer now from what you have read, without calling tools.",
}
_INTERRUPTED = {
    "zh": "（你上一次的工作被 Supervisor 中断了。）",
    "en": "(Your previous run was interrupted by the Supervisor.)",
}


class _Failed(Exception):
    """The model could not be used for this run (after retries, or budget spent)."""


class LLMSubagentRunner:
    """A :data:`~supervisor.subagents.Runner` backed by an OpenAI-compatible server.

    One instance per meeting (its ``calls`` / ``tokens`` are the meeting's subagent budget).
    ``timeout_s`` bounds one request; ``max_retries`` extra attempts follow a retryable failure
    after ``backoff_s * 2**n``.
    """

    name = "openai"

    def __init__(
        self,
        base_url: str,
        api_key: str,
        model: str,
        *,
        max_steps: int = 6,
        timeout_s: float = 60.0,
        max_retries: int = 1,
        backoff_s: float = 0.5,
        temperature: float | None = 0,
        max_calls: int | None = None,
        max_tokens: int | None = None,
        fallback: Runner = offline_runner,
    ) -> None:
        if max_steps < 1 or timeout_s <= 0 or max_retries < 0:
            raise ValueError("max_steps >= 1, timeout_s > 0 and max_retries >= 0 are required")
        self.model = model
        self.max_steps = max_steps
        self.temperature = temperature
        self.max_calls = max_calls
        self.max_tokens = max_tokens
        self.fallback = fallback
        self.calls = 0
        self.tokens = 0
        self.failures = 0
        self._tools = openai_tools(tool_specs(READ_ONLY_TOOLS))
        self._client = ChatClient(base_url, api_key, timeout_s=timeout_s, max_retries=max_retries, backoff_s=backoff_s)

    @classmethod
    def from_env(cls, environ: Mapping[str, str], **overrides: Any) -> LLMSubagentRunner | None:
        """From ``LLM_BASE_URL`` / ``LLM_API_KEY`` / ``LLM_MODEL_ID`` (None unless all three are
        set), ``LLM_TIMEOUT_S``, ``LLM_MAX_CALLS``, ``LLM_MAX_TOKENS`` and ``LLM_SUBAGENT_STEPS``."""
        base, key, model = environ.get("LLM_BASE_URL"), environ.get("LLM_API_KEY"), environ.get("LLM_MODEL_ID")
        if not (base and key and model):
            return None
        kw: dict[str, Any] = {}
        if environ.get("LLM_TIMEOUT_S"):
            kw["timeout_s"] = float(environ["LLM_TIMEOUT_S"])
        if environ.get("LLM_SUBAGENT_STEPS"):
            kw["max_steps"] = int(environ["LLM_SUBAGENT_STEPS"])
        for var, name in (("LLM_MAX_CALLS", "max_calls"), ("LLM_MAX_TOKENS", "max_tokens")):
            if environ.get(var):
                kw[name] = int(environ[var]) or None
        return cls(base, key, model, **{**kw, **overrides})

    async def aclose(self) -> None:
        await self._client.aclose()

    # -- the runner --------------------------------------------------------------------------------

    async def __call__(self, agent: Subagent, store: Store, meeting_id: str) -> str:
        if agent.task == SUMMARY_TASK:
            return await self.fallback(agent, store, meeting_id)
        meeting = await store.get_meeting(meeting_id)
        lang = "en" if meeting.language.value == "en" else "zh"
        toolbox = Toolbox(store, Ledger(store), meeting_id, None, actor=f"agent:{agent.id}")
        trace_id = uuid.uuid4().hex[:16]
        try:
            for step in range(self.max_steps):
                last = step == self.max_steps - 1
                system = _PROMPT[lang]
                # The title and names are data: JSON in the first user message, never the system one.
                context = "meeting: " + json.dumps(
                    {"title": meeting.title, "meeting_id": meeting.id, "participants": list(meeting.participants),
                     "latest_seq": (await store.get_meeting(meeting_id)).latest_seq}, ensure_ascii=False)
                params = self._params(system, agent.history, lang, final=last, context=context)
                started = time.perf_counter()
                text, calls, usage = await self._complete(params)
                await store.add_trace(
                    meeting_id, trace_id=trace_id, agent_id=agent.id, turn=1, step=step, brain=self.name,
                    tool_calls=[c.name for c in calls], duration_ms=(time.perf_counter() - started) * 1000,
                    prompt_tokens=usage[0], completion_tokens=usage[1], context_chars=len(system) + len(context),
                )
                if not calls or last:
                    return text or ("（无结果）" if lang == "zh" else "(no result)")
                agent.history.append({"role": "assistant", "text": text, "tool_calls": [
                    {"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls]})
                for c in calls:
                    result = await self._tool(toolbox, c)
                    agent.history.append({"role": "tool", "text": result, "tool_call_id": c.id, "name": c.name})
        except _Failed as why:
            self.failures += 1
            got = await self.fallback(agent, store, meeting_id)
            note = f"（模型不可用：{why}；以下为离线检索结果）" if lang == "zh" else f"(model unavailable: {why}; offline result follows)"
            return f"{note}\n{got}"
        raise AssertionError("unreachable")  # the last step always returns

    # -- internals ---------------------------------------------------------------------------------

    def _params(self, system: str, history: list[dict[str, Any]], lang: str, *, final: bool,
                context: str | None = None) -> dict[str, Any]:
        entries = history if len(history) <= MAX_HISTORY else [history[0], *history[-(MAX_HISTORY - 1):]]
        messages = [_message(h, lang) for h in entries]
        if final:
            messages.append(Message("user", _FINAL[lang]))
        params: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(system, [m for m in messages if m is not None], lang, context=context),
        }
        if not final:
            params["tools"] = self._tools
            params["tool_choice"] = "auto"
        if self.temperature is not None:
            params["temperature"] = self.temperature
        return params

    async def _tool(self, toolbox: Toolbox, call: ToolCall) -> str:
        if call.name not in READ_ONLY_TOOLS:
            result = tool_error("not_allowed", f"{call.name!r} is not available to a subagent; "
                                               f"read-only tools: {', '.join(READ_ONLY_TOOLS)}")
        else:
            result = await toolbox.call(call.name, call.arguments)
        text = json.dumps(result, ensure_ascii=False, default=str)
        return text if len(text) <= MAX_RESULT_CHARS else text[:MAX_RESULT_CHARS] + "…(truncated; read a smaller range)"

    def _check_budget(self) -> None:
        if self.max_calls is not None and self.calls >= self.max_calls:
            raise _Failed(f"call budget spent ({self.calls}/{self.max_calls})")
        if self.max_tokens is not None and self.tokens >= self.max_tokens:
            raise _Failed(f"token budget spent ({self.tokens}/{self.max_tokens})")

    async def _complete(self, params: dict[str, Any]) -> tuple[str, list[ToolCall], tuple[int, int]]:
        self._check_budget()
        self.calls += 1
        try:
            got = await self._client.complete(params)
        except BrainError as err:
            # The transport's rule of what is worth another attempt (timeouts, 408/409/429, 5xx,
            # unusable bodies) already ran; the run falls back with a short reason.
            cause = err.__cause__ if err.__cause__ is not None else err
            if not classify_failure(cause)[0]:
                raise _Failed(f"HTTP {err.status}" if err.status else type(cause).__name__) from err
            raise _Failed(f"{type(cause).__name__}{f' {err.status}' if err.status else ''}") from err
        calls = [ToolCall(id=cid or f"call_{uuid.uuid4().hex[:8]}", name=name, arguments=args or "{}")
                 for cid, name, args in got.calls]
        usage = (got.usage.prompt_tokens, got.usage.completion_tokens)
        self.tokens += sum(usage)
        return (got.content or "").strip(), calls, usage


def _message(h: Mapping[str, Any], lang: str) -> Message | None:
    role, text = h.get("role"), str(h.get("text") or "")
    if role == "user":
        return Message("user", text)
    if role == "assistant":
        calls = tuple(ToolCall(c["id"], c["name"], c["arguments"]) for c in h.get("tool_calls") or [])
        return Message("assistant", text, calls)
    if role == "tool":
        return Message("tool", text, tool_call_id=h.get("tool_call_id"), name=h.get("name"))
    if role == "system" and text == "interrupted":
        return Message("user", _INTERRUPTED[lang])
    return Message("user", text) if text else None


__all__ = ["READ_ONLY_TOOLS", "LLMSubagentRunner"]
