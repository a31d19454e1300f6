"""The per-step prompt budget, pure (issue #13).

A turn's history grows with every step (tool results included), so before every model call the
request is measured with :func:`supervisor.llm.wire.estimate_tokens` and, when it is over the
configured limit (``MEETINGD_LLM_MAX_PROMPT_TOKENS``), the results of *older* tool calls are
replaced by a marker, oldest first; the results the model has not answered yet (those after the
last assistant message) are kept. If the request still does not fit, :class:`PromptTooLarge` says
so — nothing is sent, the runtime serves the step with the rules brain and flags manual review.
"""

from __future__ import annotations

import json
from typing import Any

from models import PromptTooLarge

from .wire import estimate_tokens

COMPACTED = json.dumps({"compacted": True, "note": "older tool result removed to fit the prompt budget; "
                        "call the tool again (page with from_seq/to_seq or limit/offset) if you still need it"})


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def estimate(params: dict[str, Any]) -> int:
    """Estimated prompt tokens of a chat-completions request: its messages and its tool schemas."""
    return estimate_tokens(_text(params["messages"]) + _text(params.get("tools", [])))


def fit(params: dict[str, Any], limit: int) -> tuple[dict[str, Any], int, int]:
    """``(params, estimated_tokens, compacted)``: ``params`` unchanged when it fits, else a copy
    whose older tool results are compacted until it does. Raises PromptTooLarge when it cannot."""
    total = estimate(params)
    if total <= limit:
        return params, total, 0
    messages = [dict(m) for m in params["messages"]]
    last_assistant = max((i for i, m in enumerate(messages) if m["role"] == "assistant"), default=-1)
    marker = estimate_tokens(COMPACTED)
    compacted = 0
    for i in range(last_assistant):
        if total <= limit:
            break
        m = messages[i]
        if m["role"] != "tool" or m["content"] == COMPACTED:
            continue
        saved = estimate_tokens(str(m["content"])) - marker
        if saved > 0:
            m["content"] = COMPACTED
            total -= saved
            compacted += 1
    out = params | {"messages": messages}
    total = estimate(out)
    if total > limit:
        raise PromptTooLarge(total, limit)
    return out, total, compacted


__all__ = ["COMPACTED", "estimate", "fit"]
