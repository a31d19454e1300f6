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
- Timeouts, 408/409/429, 5xx, connection errors and unusable bodies are retried with exponential
  backoff (our own bounded loop; the SDK's retries are off). Anything still failing, and any other
  4xx at once, raises ``BrainError`` — the caller falls back, the meeting goes on.
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import random
import re
import secrets
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import openai
from openai import AsyncOpenAI

from models.errors import MeetingdError
from supervisor import prompts
from supervisor.protocol import BrainReply, Message, StepContext, StepInput, ToolCall, ToolSpec, Usage
from supervisor.tool_args import TOOL_ARGS

_RETRY_STATUSES = frozenset({408, 409, 429})
_MISSING_RESULT = json.dumps({"status": "skipped", "error": "no result was recorded for this call"})
_THINK = re.compile(r"<think>.*?</think>", re.S)
_TEXT_TOOL_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.S)


class BrainError(MeetingdError):
    """The model could not produce a reply (after retries, or a non-retryable error).

    details: ``kind`` (timeout | connection | status | unusable | error), ``status`` (HTTP status or
    None), ``attempts``.
    """

    code = "brain_error"

    def __init__(self, message: str, *, kind: str, status: int | None = None, attempts: int = 1) -> None:
        super().__init__(message, kind=kind, status=status, attempts=attempts)
        self.kind = kind
        self.status = status
        self.attempts = attempts


class _Unusable(Exception):
    """A 200 answer we cannot use (no choices, undecodable body)."""


# ---- tools -------------------------------------------------------------------------------------


def inline_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a pydantic JSON schema that simple servers accept: ``$ref``/``$defs`` inlined,
    ``title`` noise dropped, and ``anyOf[X, null]`` folded into ``type: [X, "null"]`` where X is a
    plain typed schema (Ollama and llama.cpp grammars handle a type list better than anyOf)."""
    defs = schema.get("$defs", {})

    def walk(node: Any, depth: int = 0) -> Any:
        if depth > 32:  # a recursive model would loop forever; none of ours is, so stop loudly
            raise ValueError("schema nests too deeply to inline")
        if isinstance(node, list):
            return [walk(n, depth + 1) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            target = walk(copy.deepcopy(defs[node["$ref"].rsplit("/", 1)[-1]]), depth + 1)
            rest = {k: walk(v, depth + 1) for k, v in node.items() if k != "$ref"}
            return {**target, **rest}
        out = {k: walk(v, depth + 1) for k, v in node.items() if k not in ("$defs", "title")}
        # "title" is only dropped as a schema keyword; a property named "title" lives under
        # "properties" and is restored here.
        if "properties" in node:
            out["properties"] = {k: walk(v, depth + 1) for k, v in node["properties"].items()}
        any_of = out.get("anyOf")
        if isinstance(any_of, list) and len(any_of) == 2 and {"type": "null"} in any_of:
            other = next(b for b in any_of if b != {"type": "null"})
            if isinstance(other.get("type"), str) and "anyOf" not in other:
                del out["anyOf"]
                merged = {**other, **out}
                merged["type"] = [other["type"], "null"]
                if isinstance(merged.get("enum"), list) and None not in merged["enum"]:
                    merged["enum"] = [*merged["enum"], None]  # else null would fail the enum
                return merged
        return out

    return walk(dict(schema))


def tool_specs(names: Iterable[str] | None = None) -> tuple[ToolSpec, ...]:
    """ToolSpecs of the Supervisor tools (all ten, or ``names`` in that order) from ``TOOL_ARGS``."""
    chosen = list(TOOL_ARGS) if names is None else list(names)
    specs = []
    for name in chosen:
        schema = inline_schema(TOOL_ARGS[name].model_json_schema())
        description = " ".join(str(schema.pop("description", "")).split())
        specs.append(ToolSpec(name=name, description=description, parameters=schema))
    return tuple(specs)


def openai_tools(specs: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    """Plain ``type: function`` tools (no ``strict``) for ``chat.completions.create``."""
    return [
        {
            "type": "function",
            "function": {
                "name": s.name,
                "description": s.description,
                "parameters": inline_schema(s.parameters)
                if s.parameters
                else {"type": "object", "properties": {}},
            },
        }
        for s in specs
    ]


# ---- messages ----------------------------------------------------------------------------------


def build_messages(
    system: str, history: Sequence[Message], language: str | None = "zh"
) -> list[dict[str, Any]]:
    """Chat messages for one step: the system message, then ``history`` repaired for strict servers.

    Repairs (the runtime's history is not trusted to be well-formed):
    - a tool result is matched to the calls of the nearest preceding assistant message by
      ``tool_call_id`` (first result wins per id; duplicates in the same message match in order);
    - an assistant call with no result gets a synthetic ``skipped`` result;
    - a tool result with no matching call becomes a user note (kept, not sent as ``role:"tool"``);
    - user messages found between an assistant message and its results move after the results;
    - missing / duplicate call ids are replaced by fresh unique ones in both places;
    - call arguments that are not a JSON object are wrapped as ``{"_invalid_arguments": raw}``;
    - consecutive user messages are merged and the first message after the system one is a user
      message (several open-model chat templates require both).
    """
    body: list[dict[str, Any]] = []
    used_ids: set[str] = set()

    def add_user(text: str) -> None:
        if not text.strip():
            return
        if body and body[-1]["role"] == "user":
            body[-1]["content"] += "\n\n" + text
        else:
            body.append({"role": "user", "content": text})

    def orphan(m: Message) -> None:
        add_user(f"[tool result {m.name or m.tool_call_id or ''}] {m.content}".strip())

    i = 0
    while i < len(history):
        m = history[i]
        if m.role == "user":
            add_user(m.content)
            i += 1
            continue
        if m.role == "tool":
            orphan(m)
            i += 1
            continue
        # assistant: its segment runs to the next assistant message
        j = i + 1
        while j < len(history) and history[j].role != "assistant":
            j += 1
        segment = history[i + 1 : j]
        results: dict[str, deque[Message]] = {}
        for r in segment:
            if r.role == "tool":
                results.setdefault(r.tool_call_id or "", deque()).append(r)
        wire_calls = []
        tool_msgs = []
        for c in m.tool_calls:
            wire_id = c.id if c.id and c.id not in used_ids else _fresh_id(used_ids)
            used_ids.add(wire_id)
            queue = results.get(c.id or "")
            result = queue.popleft() if queue else None
            wire_calls.append(
                {
                    "id": wire_id,
                    "type": "function",
                    "function": {"name": c.name, "arguments": _history_arguments(c.arguments)},
                }
            )
            content = _MISSING_RESULT if result is None else (result.content or "(no output)")
            tool_msgs.append({"role": "tool", "tool_call_id": wire_id, "content": content})
        if wire_calls:
            body.append({"role": "assistant", "content": m.content or None, "tool_calls": wire_calls})
            body.extend(tool_msgs)
        elif m.content.strip():
            body.append({"role": "assistant", "content": m.content})
        leftover = {id(r) for q in results.values() for r in q}
        for r in segment:
            if r.role == "user":
                add_user(r.content)
            elif id(r) in leftover:
                orphan(r)
        i = j
    if not body or body[0]["role"] != "user":
        body.insert(0, {"role": "user", "content": prompts.kickoff(language)})
    return [{"role": "system", "content": system}, *body]


def _history_arguments(raw: str) -> str:
    """Arguments of a past call as a JSON object: some servers (vLLM among them) json-decode the
    history's arguments to render the chat template and fail the whole request on bad JSON, so a
    malformed call is sent back wrapped (the model still sees what it wrote; the tool result says
    why it was refused)."""
    try:
        if isinstance(json.loads(raw), dict):
            return raw
    except (TypeError, ValueError):
        pass
    return "{}" if not raw or not raw.strip() else json.dumps({"_invalid_arguments": raw}, ensure_ascii=False)


def _fresh_id(used: set[str]) -> str:
    while True:
        candidate = f"call_{secrets.token_hex(6)}"
        if candidate not in used:
            return candidate


def system_message(context: StepContext, language: str | None) -> str:
    lang = language or context.language
    return f"{prompts.system_prompt(lang, context.mode)}\n{prompts.context_header(lang)}\n{context.render()}"


# ---- replies -----------------------------------------------------------------------------------


def _raw_arguments(value: Any) -> str:
    # Some servers send arguments as a JSON object instead of a string; keep ours a string.
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _text_tool_calls(text: str) -> tuple[str, list[tuple[str | None, str, str]]]:
    """Hermes-style ``<tool_call>{json}</tool_call>`` blocks a server without a tool parser leaves
    in the content; returns the remaining text and (id, name, arguments) for each parsable block."""
    calls = []
    for block in _TEXT_TOOL_CALL.findall(text):
        try:
            obj = json.loads(block)
        except ValueError:
            continue
        if isinstance(obj, dict) and isinstance(obj.get("name"), str):
            calls.append((None, obj["name"], _raw_arguments(obj.get("arguments", {}))))
    return (_TEXT_TOOL_CALL.sub("", text).strip() if calls else text), calls


def _finish_reply(text: str | None, raw_calls: list[tuple[str | None, str, str]], usage: Usage) -> BrainReply:
    text = _THINK.sub("", text or "").strip()
    if not raw_calls and "<tool_call>" in text:
        text, raw_calls = _text_tool_calls(text)
    used: set[str] = set()
    calls = []
    for cid, name, args in raw_calls:
        cid = cid if cid and cid not in used else _fresh_id(used)
        used.add(cid)
        calls.append(ToolCall(id=cid, name=name, arguments=args))
    return BrainReply(text=text, tool_calls=tuple(calls), usage=usage)


def estimate_tokens(text: str) -> int:
    """Rough token count for servers that report no usage: ~4 ASCII chars or 1 CJK char per token."""
    ascii_chars = sum(1 for ch in text if ord(ch) < 128)
    return ascii_chars // 4 + (len(text) - ascii_chars) + 1


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
    ) -> None:
        if timeout_s <= 0 or max_retries < 0:
            raise ValueError("timeout_s must be > 0 and max_retries >= 0")
        self.model = model
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.language = language
        self.temperature = temperature
        self.stream = stream
        self.max_output_tokens = max_output_tokens
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.requests = 0  # HTTP attempts made, retries included
        self.last_error: BrainError | None = None
        self._default_tools = tool_specs()
        self._client = AsyncOpenAI(
            base_url=base_url, api_key=api_key or "none", timeout=timeout_s, max_retries=0
        )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> OpenAIBrain | None:
        """Built from ``LLM_BASE_URL``, ``LLM_API_KEY``, ``LLM_MODEL_ID`` (None unless all three are
        set) and optional ``LLM_TIMEOUT_S``, ``LLM_MAX_RETRIES``, ``LLM_STREAM``, ``LLM_TEMPERATURE``."""
        env = os.environ if environ is None else environ
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
        await self._client.close()

    async def __aenter__(self) -> OpenAIBrain:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def request_params(self, inp: StepInput) -> dict[str, Any]:
        """The keyword arguments of ``chat.completions.create`` for ``inp`` (pure; also for tests)."""
        lang = self.language or inp.context.language
        params: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(system_message(inp.context, self.language), inp.messages, lang),
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
        params = self.request_params(inp)
        attempts = self.max_retries + 1
        for attempt in range(1, attempts + 1):
            self.requests += 1
            try:
                async with asyncio.timeout(self.timeout_s):
                    reply = await (self._streamed(params) if self.stream else self._plain(params))
                self.last_error = None
                return reply
            except (TimeoutError, openai.OpenAIError, _Unusable, ValueError) as err:
                retryable, kind, status, retry_after = classify_failure(err)
                if not retryable or attempt == attempts:
                    self.last_error = BrainError(
                        f"model request failed ({kind}{f' {status}' if status else ''}) after {attempt} attempt(s): "
                        f"{_short(err)}",
                        kind=kind,
                        status=status,
                        attempts=attempt,
                    )
                    raise self.last_error from err
                delay = min(self.max_backoff_s, self.backoff_s * 2 ** (attempt - 1)) * random.uniform(
                    0.5, 1.0
                )
                if retry_after is not None and retry_after <= self.max_backoff_s:
                    delay = max(delay, retry_after)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable")  # the loop returns or raises

    async def _plain(self, params: dict[str, Any]) -> BrainReply:
        resp = await self._client.chat.completions.create(**params)
        if not getattr(resp, "choices", None):
            raise _Unusable("response has no choices")
        msg = resp.choices[0].message
        raw_calls = [
            (tc.id, tc.function.name, _raw_arguments(tc.function.arguments))
            for tc in (msg.tool_calls or [])
            if getattr(tc, "function", None) is not None
        ]
        return _finish_reply(msg.content, raw_calls, self._usage(resp.usage, params, msg.content, raw_calls))

    async def _streamed(self, params: dict[str, Any]) -> BrainReply:
        stream = await self._client.chat.completions.create(
            **params, stream=True, stream_options={"include_usage": True}
        )
        text: list[str] = []
        calls: dict[int, list[Any]] = {}  # index -> [id, name, argument pieces]
        usage = None
        async with stream:
            async for chunk in stream:
                if getattr(chunk, "usage", None) is not None:
                    usage = chunk.usage
                for choice in chunk.choices or []:
                    delta = choice.delta
                    if delta.content:
                        text.append(delta.content)
                    for tc in delta.tool_calls or []:
                        slot = calls.setdefault(tc.index, [None, "", []])
                        if tc.id:
                            slot[0] = tc.id
                        if tc.function is not None:
                            if tc.function.name:
                                slot[1] += tc.function.name
                            if tc.function.arguments:
                                slot[2].append(tc.function.arguments)
        raw_calls = [(c[0], c[1], "".join(c[2])) for _, c in sorted(calls.items())]
        content = "".join(text)
        return _finish_reply(content, raw_calls, self._usage(usage, params, content, raw_calls))

    @staticmethod
    def _usage(usage: Any, params: dict[str, Any], content: str | None, calls: list[Any]) -> Usage:
        if usage is not None and (usage.prompt_tokens or usage.completion_tokens):
            return Usage(
                prompt_tokens=usage.prompt_tokens or 0, completion_tokens=usage.completion_tokens or 0
            )
        prompt = json.dumps(params["messages"], ensure_ascii=False) + json.dumps(params.get("tools", []))
        completion = (content or "") + "".join(c[1] + c[2] for c in calls)
        return Usage(prompt_tokens=estimate_tokens(prompt), completion_tokens=estimate_tokens(completion))


def classify_failure(err: BaseException) -> tuple[bool, str, int | None, float | None]:
    """(retryable, kind, http status, retry-after seconds) of one failed attempt."""
    if isinstance(err, TimeoutError | openai.APITimeoutError):
        return True, "timeout", None, None
    if isinstance(err, openai.APIConnectionError):
        return True, "connection", None, None
    if isinstance(err, openai.APIStatusError):
        status = err.status_code
        retry_after = None
        try:
            header = err.response.headers.get("retry-after")
            retry_after = float(header) if header else None
        except (TypeError, ValueError):
            pass
        return status in _RETRY_STATUSES or status >= 500, "status", status, retry_after
    if isinstance(err, _Unusable | ValueError | openai.APIResponseValidationError):
        return True, "unusable", None, None
    return False, "error", None, None


def _short(err: BaseException) -> str:
    text = str(err) or type(err).__name__
    return text if len(text) <= 200 else text[:200] + "…"
