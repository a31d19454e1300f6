"""Chat-completions wire format, pure: messages out, replies in.

Contract:
- ``build_messages(system, history, language, context=)`` → chat messages valid for strict servers
  (see its docstring for the repairs); the meeting context goes into the first user message, never
  into the system one; ``openai_tools(specs)`` → plain ``type: function`` tools.
- ``reply_of(response)`` / ``StreamedReply`` turn a non-streamed response / stream chunks into
  ``(content, raw_calls)`` where a raw call is ``(id | None, name, arguments-as-text)``;
  ``Unusable`` is raised for a 200 answer without choices.
- ``finish_reply(content, raw_calls, usage)`` → :class:`~supervisor.protocol.BrainReply`
  (``<think>`` removed, Hermes ``<tool_call>`` text blocks recovered, call ids made unique).
- ``estimate_usage(params, content, raw_calls)`` for servers that report no usage.
No I/O here; the transport is ``supervisor.llm.client``.
"""

from __future__ import annotations

import json
import re
import secrets
from collections import deque
from collections.abc import Sequence
from typing import Any

from supervisor import prompts
from supervisor.protocol import BrainReply, Message, ToolCall, ToolSpec, Usage
from supervisor.tool_specs import inline_schema

RawCall = tuple[str | None, str, str]

_MISSING_RESULT = json.dumps({"status": "skipped", "error": "no result was recorded for this call"})
THINK = re.compile(r"<think>.*?</think>", re.S)
_TEXT_TOOL_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.S)


class Unusable(ValueError):
    """A 200 answer we cannot use (no choices, undecodable body); retried like a bad body."""


# ---- requests ----------------------------------------------------------------------------------


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


def build_messages(
    system: str, history: Sequence[Message], language: str | None = "zh", context: str | None = None
) -> list[dict[str, Any]]:
    """Chat messages for one step: the system message, then ``history`` repaired for strict servers.

    ``context`` (the rendered meeting context: data written by people and models) opens the first
    user message under ``prompts.context_header``; the system message stays the fixed rules.

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
            wire_id = c.id if c.id and c.id not in used_ids else fresh_id(used_ids)
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
    if context:
        body[0] = {"role": "user", "content": f"{prompts.context_header(language)}\n{context}\n\n{body[0]['content']}"}
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


def fresh_id(used: set[str]) -> str:
    while True:
        candidate = f"call_{secrets.token_hex(6)}"
        if candidate not in used:
            return candidate


# ---- replies -----------------------------------------------------------------------------------


def raw_arguments(value: Any) -> str:
    # Some servers send arguments as a JSON object instead of a string; keep ours a string.
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def reply_of(resp: Any) -> tuple[str | None, list[RawCall]]:
    """Content and raw tool calls of a non-streamed chat completion."""
    if not getattr(resp, "choices", None):
        raise Unusable("response has no choices")
    msg = resp.choices[0].message
    raw_calls = [
        (tc.id, tc.function.name, raw_arguments(tc.function.arguments))
        for tc in (msg.tool_calls or [])
        if getattr(tc, "function", None) is not None
    ]
    return msg.content, raw_calls


class StreamedReply:
    """Accumulates the chunks of a streamed chat completion (content, tool-call pieces, usage)."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.calls: dict[int, list[Any]] = {}  # index -> [id, name, argument pieces]
        self.usage: Any = None

    def add(self, chunk: Any) -> None:
        if getattr(chunk, "usage", None) is not None:
            self.usage = chunk.usage
        for choice in chunk.choices or []:
            delta = choice.delta
            if delta.content:
                self.text.append(delta.content)
            for tc in delta.tool_calls or []:
                slot = self.calls.setdefault(tc.index, [None, "", []])
                if tc.id:
                    slot[0] = tc.id
                if tc.function is not None:
                    if tc.function.name:
                        slot[1] += tc.function.name
                    if tc.function.arguments:
                        slot[2].append(tc.function.arguments)

    def reply(self) -> tuple[str, list[RawCall]]:
        return "".join(self.text), [(c[0], c[1], "".join(c[2])) for _, c in sorted(self.calls.items())]


def _text_tool_calls(text: str) -> tuple[str, list[RawCall]]:
    """Hermes-style ``<tool_call>{json}</tool_call>`` blocks a server without a tool parser leaves
    in the content; returns the remaining text and (id, name, arguments) for each parsable block."""
    calls: list[RawCall] = []
    for block in _TEXT_TOOL_CALL.findall(text):
        try:
            obj = json.loads(block)
        except ValueError:
            continue
        if isinstance(obj, dict) and isinstance(obj.get("name"), str):
            calls.append((None, obj["name"], raw_arguments(obj.get("arguments", {}))))
    return (_TEXT_TOOL_CALL.sub("", text).strip() if calls else text), calls


def finish_reply(text: str | None, raw_calls: Sequence[RawCall], usage: Usage) -> BrainReply:
    text = THINK.sub("", text or "").strip()
    raw_calls = list(raw_calls)
    if not raw_calls and "<tool_call>" in text:
        text, raw_calls = _text_tool_calls(text)
    used: set[str] = set()
    calls = []
    for cid, name, args in raw_calls:
        cid = cid if cid and cid not in used else fresh_id(used)
        used.add(cid)
        calls.append(ToolCall(id=cid, name=name, arguments=args))
    return BrainReply(text=text, tool_calls=tuple(calls), usage=usage)


def estimate_tokens(text: str) -> int:
    """Rough token count for servers that report no usage: ~4 ASCII chars or 1 CJK char per token."""
    ascii_chars = sum(1 for ch in text if ord(ch) < 128)
    return ascii_chars // 4 + (len(text) - ascii_chars) + 1


def usage_of(reported: Any, params: dict[str, Any], content: str | None, raw_calls: Sequence[RawCall]) -> Usage:
    """The server's usage when it reports any, else an estimate from the request and the reply."""
    if reported is not None and (reported.prompt_tokens or reported.completion_tokens):
        return Usage(prompt_tokens=reported.prompt_tokens or 0, completion_tokens=reported.completion_tokens or 0)
    prompt = json.dumps(params["messages"], ensure_ascii=False) + json.dumps(params.get("tools", []))
    completion = (content or "") + "".join(c[1] + c[2] for c in raw_calls)
    return Usage(prompt_tokens=estimate_tokens(prompt), completion_tokens=estimate_tokens(completion))


__all__ = [
    "RawCall",
    "StreamedReply",
    "Unusable",
    "build_messages",
    "estimate_tokens",
    "finish_reply",
    "fresh_id",
    "openai_tools",
    "raw_arguments",
    "reply_of",
    "usage_of",
]
