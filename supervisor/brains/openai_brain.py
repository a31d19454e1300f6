"""The ``openai`` brain: any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, llama.cpp).

Contract:
- ``OpenAIBrain.step(StepInput) -> BrainReply`` sends ONE request shape: a single leading system
  message (rules of ``supervisor.prompts`` + ``StepContext.render()``, rebuilt every step), then the
  turn's history mapped to chat messages, plain function tools, ``tool_choice="auto"``.
- The history sent is always valid for strict servers: every assistant tool call is followed by
  exactly one ``role:"tool"`` message with its ``tool_call_id``; no tool message is an orphan
  (``build_messages`` repairs what the runtime hands over rather than trusting it).
- Tool-call arguments come back as the raw text the model produced; the runtime validates them
  against ``supervisor.tool_args`` and feeds errors back. No server-side strict schemas, no ``parse()``.
- The transport is ``supervisor.llm.client.ChatClient``: timeouts, 408/409/429, 5xx, connection
  errors and unusable bodies are retried with exponential backoff. Anything still failing, and any
  other 4xx at once, raises ``BrainError`` — the caller falls back, the meeting goes on.
- Message building and reply parsing are the pure helpers of ``supervisor.llm.wire``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from models.errors import BrainError
from supervisor import prompts
from supervisor.llm.budget import fit
from supervisor.llm.client import ChatClient
from supervisor.llm.wire import build_messages, finish_reply, openai_tools
from supervisor.protocol import BrainReply, StepContext, StepInput
from supervisor.tool_specs import tool_specs


def system_message(context: StepContext, language: str | None) -> str:
    """The fixed rules only; the meeting context is data and goes into a user message."""
    return prompts.system_prompt(language or context.language, context.mode)


# ---- the brain ---------------------------------------------------------------------------------


class OpenAIBrain:
    """An OpenAI-compatible chat-completions brain. One instance may serve many steps; it is not
    tied to a meeting (budgets live in ``FallbackBrain``).

    ``timeout_s`` is the wall-clock deadline of one attempt (request + whole stream);
    ``max_retries`` extra attempts follow a retryable failure after ``backoff_s * 2**n`` (capped at
    ``max_backoff_s``, jittered, or the server's Retry-After when it is shorter than the cap).
    ``language`` None follows the meeting's language.
    """

    name = "openai"

    def __init__(
        self,
        base_url: str,
        api_key: str,
        model: str,
        *,
        timeout_s: float = 60.0,
        max_retries: int = 2,
        language: str | None = None,
        temperature: float | None = 0,
        stream: bool = False,
        max_output_tokens: int | None = None,
        backoff_s: float = 0.5,
        max_backoff_s: float = 8.0,
        max_prompt_tokens: int | None = None,
    ) -> None:
        self.model = model
        self.max_prompt_tokens = max_prompt_tokens
        self.last_prompt_tokens = 0  # the estimate of the last request (after compaction)
        self.language = language
        self.temperature = temperature
        self.stream = stream
        self.max_output_tokens = max_output_tokens
        self.last_error: BrainError | None = None
        self._default_tools = tool_specs()
        self._client = ChatClient(base_url, api_key, timeout_s=timeout_s, max_retries=max_retries,
                                  backoff_s=backoff_s, max_backoff_s=max_backoff_s)

    @property
    def timeout_s(self) -> float:
        """The deadline of one attempt (the transport's: retries and backoff live there too)."""
        return self._client.timeout_s

    @property
    def requests(self) -> int:
        """HTTP attempts made, retries included."""
        return self._client.requests

    @classmethod
    def from_env(cls, env: Mapping[str, str], **overrides: Any) -> OpenAIBrain | None:
        """Built from ``LLM_BASE_URL``, ``LLM_API_KEY``, ``LLM_MODEL_ID`` (None unless all three are
        set) and optional ``LLM_TIMEOUT_S``, ``LLM_MAX_RETRIES``, ``LLM_STREAM``, ``LLM_TEMPERATURE``.
        ``env`` is a mapping the caller read once (``live.config``); nothing here reads the process."""
        base, key, model = env.get("LLM_BASE_URL"), env.get("LLM_API_KEY"), env.get("LLM_MODEL_ID")
        if not (base and key and model):
            return None
        kw: dict[str, Any] = {}
        if env.get("LLM_TIMEOUT_S"):
            kw["timeout_s"] = float(env["LLM_TIMEOUT_S"])
        if env.get("LLM_MAX_RETRIES"):
            kw["max_retries"] = int(env["LLM_MAX_RETRIES"])
        if env.get("LLM_STREAM"):
            kw["stream"] = env["LLM_STREAM"].lower() in ("1", "true", "yes", "on")
        if env.get("LLM_TEMPERATURE"):
            kw["temperature"] = float(env["LLM_TEMPERATURE"])
        return cls(base, key, model, **{**kw, **overrides})

    async def aclose(self) -> None:
        await self._client.aclose()

    async def __aenter__(self) -> OpenAIBrain:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def request_params(self, inp: StepInput) -> dict[str, Any]:
        """The keyword arguments of ``chat.completions.create`` for ``inp`` (pure; also for tests)."""
        lang = self.language or inp.context.language
        params: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(system_message(inp.context, self.language), inp.messages, lang,
                                       context=inp.context.render()),
        }
        tools = openai_tools(inp.tools or self._default_tools)
        if tools:  # several servers reject tool_choice without tools
            params["tools"] = tools
            params["tool_choice"] = "auto"
        if self.temperature is not None:
            params["temperature"] = self.temperature
        if self.max_output_tokens is not None:
            params["max_tokens"] = self.max_output_tokens
        return params

    async def step(self, inp: StepInput) -> BrainReply:
        """One model call. Raises PromptTooLarge (nothing sent) when the request cannot be brought
        under ``max_prompt_tokens`` by compacting older tool results (``supervisor.llm.budget``)."""
        params = self.request_params(inp)
        if self.max_prompt_tokens:
            params, self.last_prompt_tokens, _ = fit(params, self.max_prompt_tokens)
        try:
            got = await self._client.complete(params, stream=self.stream)
        except BrainError as err:
            self.last_error = err
            raise
        self.last_error = None
        return finish_reply(got.content, got.calls, got.usage)



__all__ = ["OpenAIBrain", "system_message"]
