"""The one transport to an OpenAI-compatible chat-completions server.

Contract: ``await ChatClient(...).complete(params, stream=False) -> Completion`` sends ``params``
(the keyword arguments of ``chat.completions.create``, built by ``supervisor.llm.wire``) and
returns the reply's content, raw tool calls and usage (reported, or estimated when the server
reports none).
- ``timeout_s`` is the wall-clock deadline of one attempt (request + whole stream).
- Timeouts, 408/409/429, 5xx, connection errors and unusable bodies are retried: ``max_retries``
  extra attempts after ``backoff_s * 2**n`` (capped at ``max_backoff_s``, jittered, or the
  server's Retry-After when it is longer but still under the cap). Our own bounded loop: the SDK's
  retries are off.
- Anything still failing, and any other 4xx at once, raises :class:`~models.errors.BrainError`
  (``kind``, ``status``, ``attempts``; the SDK's exception is its ``__cause__``).
- ``requests`` counts HTTP attempts, retries included.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from typing import Any

import openai
from openai import AsyncOpenAI

from models.errors import BrainError
from supervisor.protocol import Usage

from .wire import RawCall, StreamedReply, Unusable, reply_of, usage_of

_RETRY_STATUSES = frozenset({408, 409, 429})


@dataclass(frozen=True, slots=True)
class Completion:
    content: str | None
    calls: tuple[RawCall, ...]
    usage: Usage
    attempts: int


class ChatClient:
    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout_s: float = 60.0,
        max_retries: int = 2,
        backoff_s: float = 0.5,
        max_backoff_s: float = 8.0,
    ) -> None:
        if timeout_s <= 0 or max_retries < 0:
            raise ValueError("timeout_s must be > 0 and max_retries >= 0")
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.requests = 0
        self._client = AsyncOpenAI(base_url=base_url, api_key=api_key or "none", timeout=timeout_s, max_retries=0)

    async def aclose(self) -> None:
        await self._client.close()

    async def complete(self, params: dict[str, Any], *, stream: bool = False) -> Completion:
        attempts = self.max_retries + 1
        for attempt in range(1, attempts + 1):
            self.requests += 1
            try:
                async with asyncio.timeout(self.timeout_s):
                    content, calls, reported = await (self._streamed(params) if stream else self._plain(params))
                return Completion(content, tuple(calls), usage_of(reported, params, content, calls), attempt)
            except (TimeoutError, openai.OpenAIError, ValueError) as err:
                retryable, kind, status, retry_after = classify_failure(err)
                if not retryable or attempt == attempts:
                    raise BrainError(
                        f"model request failed ({kind}{f' {status}' if status else ''}) after {attempt} attempt(s): "
                        f"{_short(err)}",
                        kind=kind,
                        status=status,
                        attempts=attempt,
                    ) from err
                await asyncio.sleep(self._delay(attempt, retry_after))
        raise AssertionError("unreachable")  # the loop returns or raises

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        delay = min(self.max_backoff_s, self.backoff_s * 2 ** (attempt - 1)) * random.uniform(0.5, 1.0)
        if retry_after is not None and retry_after <= self.max_backoff_s:
            delay = max(delay, retry_after)
        return delay

    async def _plain(self, params: dict[str, Any]) -> tuple[str | None, list[RawCall], Any]:
        resp = await self._client.chat.completions.create(**params)
        content, calls = reply_of(resp)
        return content, calls, getattr(resp, "usage", None)

    async def _streamed(self, params: dict[str, Any]) -> tuple[str | None, list[RawCall], Any]:
        stream = await self._client.chat.completions.create(
            **params, stream=True, stream_options={"include_usage": True}
        )
        acc = StreamedReply()
        async with stream:
            async for chunk in stream:
                acc.add(chunk)
        content, calls = acc.reply()
        return content, calls, acc.usage


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
    if isinstance(err, Unusable | ValueError | openai.APIResponseValidationError):
        return True, "unusable", None, None
    return False, "error", None, None


def _short(err: BaseException) -> str:
    text = str(err) or type(err).__name__
    return text if len(text) <= 200 else text[:200] + "…"


__all__ = ["ChatClient", "Completion", "classify_failure"]
