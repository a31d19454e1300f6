"""What a strict OpenAI-compatible server checks about a chat request's messages, as a test helper."""

from __future__ import annotations

import json
from typing import Any


def assert_strict_chat(messages: list[dict[str, Any]]) -> None:
    """Fails unless: exactly one system message and it is first; the message after it is a user
    message; every assistant ``tool_calls`` entry is answered by exactly one immediately following
    ``role:"tool"`` message with its ``tool_call_id``; no tool message is an orphan; call ids are unique
    within an assistant message; call arguments decode to a JSON object (vLLM decodes them)."""
    assert messages and messages[0]["role"] == "system", "system message first"
    assert sum(m["role"] == "system" for m in messages) == 1, "exactly one system message"
    assert len(messages) > 1 and messages[1]["role"] == "user", "a user message right after the system one"
    i = 1
    while i < len(messages):
        m = messages[i]
        assert m["role"] in ("user", "assistant", "tool"), m
        if m["role"] == "tool":
            raise AssertionError(f"orphan tool message at {i}: {m}")
        if m["role"] == "assistant" and m.get("tool_calls"):
            ids = [c["id"] for c in m["tool_calls"]]
            assert all(isinstance(x, str) and x for x in ids), "every call has an id"
            assert len(set(ids)) == len(ids), f"duplicate call ids {ids}"
            for c in m["tool_calls"]:
                assert c["type"] == "function" and isinstance(c["function"]["arguments"], str)
                assert isinstance(json.loads(c["function"]["arguments"]), dict), "arguments are a JSON object"
            answered = []
            j = i + 1
            while j < len(messages) and messages[j]["role"] == "tool":
                answered.append(messages[j]["tool_call_id"])
                assert isinstance(messages[j]["content"], str)
                j += 1
            assert sorted(answered) == sorted(ids), f"calls {ids} answered by {answered}"
            i = j
            continue
        if m["role"] == "assistant":
            assert isinstance(m.get("content"), str) and m["content"], "assistant without calls has text"
        i += 1
