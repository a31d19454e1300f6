"""A real, local OpenAI-compatible HTTP server with scripted replies, for tests.

It speaks the wire protocol of ``POST /v1/chat/completions`` (plain JSON and ``stream: true``
server-sent events) and ``GET /v1/models`` on 127.0.0.1 at a free port, so the real ``openai`` SDK
is exercised end to end — nothing of the SDK is patched.

Usage::

    async with FakeOpenAI() as srv:
        srv.script(tool_reply(("list_intents", {})), text_reply("done"))
        brain = OpenAIBrain(srv.base_url, srv.api_key, srv.model, ...)
        ...
        assert srv.requests[0]["model"] == srv.model

Each scripted entry is a :class:`Reply` or a callable ``(request_json) -> Reply`` (the callable is
how a test reacts to what the client sent). When the script is empty the ``default`` reply is used;
without a default the server answers 500 ``script exhausted`` so a test that under-scripts fails
loudly instead of hanging. Every request body is recorded, including those answered with errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route


@dataclass(frozen=True)
class FakeToolCall:
    name: str
    arguments: str  # raw text, sent exactly as given (may be malformed JSON on purpose)
    id: str | None = None  # None → the server invents "call_<n>"; "" → sent as an empty id


@dataclass(frozen=True)
class Reply:
    """One scripted answer.

    ``status`` != 200 answers with an OpenAI-style error body (``retry_after`` adds the header).
    ``delay_s`` sleeps before any byte is sent (drives client timeouts). For streams,
    ``chunk_delay_s`` sleeps between SSE chunks and ``chunk_size`` splits text and arguments.
    ``raw_body`` replaces the JSON body verbatim (unusable output). ``hold`` keeps the answer back
    until the event is set (a test acts while the model call is in flight, without sleeping).
    """

    text: str | None = None
    tool_calls: tuple[FakeToolCall, ...] = ()
    status: int = 200
    error_message: str = "scripted error"
    retry_after: float | None = None
    delay_s: float = 0.0
    chunk_delay_s: float = 0.0
    chunk_size: int = 8
    prompt_tokens: int = 100
    completion_tokens: int = 20
    include_usage: bool = True
    finish_reason: str | None = None
    raw_body: str | None = None
    hold: asyncio.Event | None = None


ReplyFn = Callable[[dict[str, Any]], Reply]


def text_reply(text: str, **kw: Any) -> Reply:
    return Reply(text=text, **kw)


def tool_reply(*calls: tuple[str, Any] | tuple[str, Any, str], text: str | None = None, **kw: Any) -> Reply:
    """Tool calls as ``(name, arguments)`` or ``(name, arguments, id)``; a dict is JSON-encoded,
    a str is sent verbatim."""
    out = []
    for c in calls:
        name, args = c[0], c[1]
        raw = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
        out.append(FakeToolCall(name=name, arguments=raw, id=c[2] if len(c) > 2 else None))
    return Reply(text=text, tool_calls=tuple(out), **kw)


def error_reply(status: int, **kw: Any) -> Reply:
    return Reply(status=status, **kw)


@dataclass
class RecordedRequest:
    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    at: float = field(default_factory=time.monotonic)


class FakeOpenAI:
    """Async context manager running the server as a task on the current event loop."""

    def __init__(
        self,
        *,
        model: str = "fake-model-1",
        api_key: str = "sk-test-fake",
        default: Reply | ReplyFn | None = None,
        require_auth: bool = True,
    ) -> None:
        self.model = model
        self.api_key = api_key
        self.default = default
        self.require_auth = require_auth
        self.recorded: list[RecordedRequest] = []
        self._script: deque[Reply | ReplyFn] = deque()
        self._seen = asyncio.Condition()
        self._closing = asyncio.Event()
        self._calls = 0
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self.port = 0

    # ---- scripting and inspection -------------------------------------------------------------
    def script(self, *replies: Reply | ReplyFn) -> None:
        self._script.extend(replies)

    @property
    def pending(self) -> int:
        return len(self._script)

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Bodies of the chat-completion requests, in arrival order."""
        return [r.body for r in self.recorded if r.path.endswith("/chat/completions")]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def wait_for_requests(self, n: int, within_s: float = 5.0) -> None:
        async with asyncio.timeout(within_s), self._seen:
            await self._seen.wait_for(lambda: len(self.requests) >= n)

    # ---- lifecycle ----------------------------------------------------------------------------
    async def __aenter__(self) -> FakeOpenAI:
        app = Starlette(
            routes=[
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
                Route("/v1/models", self._models, methods=["GET"]),
            ]
        )
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1, access_log=False
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        async with asyncio.timeout(10):
            while not self._server.started:
                if self._task.done():  # startup failed: surface its exception
                    await self._task
                await asyncio.sleep(0.005)  # uvicorn exposes no started event; poll its flag
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._closing.set()  # releases handlers sleeping on delays
        assert self._server is not None and self._task is not None
        self._server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    # ---- handlers -----------------------------------------------------------------------------
    async def _pause(self, seconds: float) -> bool:
        """Sleep unless the server is closing; True when the sleep ran to its end."""
        if seconds <= 0:
            return True
        try:
            async with asyncio.timeout(seconds):
                await self._closing.wait()
            return False
        except TimeoutError:
            return True

    async def _held(self, hold: asyncio.Event | None) -> bool:
        """Wait for ``hold`` unless the server is closing; True when it was set."""
        if hold is None:
            return True
        closing = asyncio.ensure_future(self._closing.wait())
        released = asyncio.ensure_future(hold.wait())
        await asyncio.wait({closing, released}, return_when=asyncio.FIRST_COMPLETED)
        closing.cancel()
        released.cancel()
        return hold.is_set()

    def _auth_ok(self, request: Request) -> bool:
        return not self.require_auth or request.headers.get("authorization") == f"Bearer {self.api_key}"

    async def _models(self, request: Request) -> Response:
        self.recorded.append(RecordedRequest(request.url.path, {}, dict(request.headers)))
        if not self._auth_ok(request):
            return _error(401, "invalid api key")
        return JSONResponse(
            {
                "object": "list",
                "data": [{"id": self.model, "object": "model", "created": 0, "owned_by": "fake"}],
            }
        )

    async def _chat(self, request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except ValueError:
            body = {"_unparseable": True}
        async with self._seen:
            self.recorded.append(RecordedRequest(request.url.path, body, dict(request.headers)))
            self._seen.notify_all()
        if not self._auth_ok(request):
            return _error(401, "invalid api key")
        entry = self._script.popleft() if self._script else self.default
        if entry is None:
            return _error(500, "script exhausted")
        reply = entry(body) if callable(entry) else entry
        self._calls += 1
        if not await self._pause(reply.delay_s) or not await self._held(reply.hold):
            return _error(503, "server closing")
        if reply.status != 200:
            headers = {"retry-after": str(reply.retry_after)} if reply.retry_after is not None else None
            return _error(reply.status, reply.error_message, headers)
        if reply.raw_body is not None:
            return Response(reply.raw_body, media_type="application/json")
        cid = f"chatcmpl-{self._calls}"
        if body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            return StreamingResponse(
                self._sse(reply, cid, include_usage and reply.include_usage), media_type="text/event-stream"
            )
        return JSONResponse(self._completion(reply, cid))

    def _calls_with_ids(self, reply: Reply) -> list[tuple[str, FakeToolCall]]:
        return [
            (tc.id if tc.id is not None else f"call_{self._calls}_{i}", tc)
            for i, tc in enumerate(reply.tool_calls)
        ]

    def _completion(self, reply: Reply, cid: str) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"id": i, "type": "function", "function": {"name": tc.name, "arguments": tc.arguments}}
                for i, tc in self._calls_with_ids(reply)
            ]
        out: dict[str, Any] = {
            "id": cid,
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.model,
            "choices": [{"index": 0, "message": message, "finish_reason": _finish(reply)}],
        }
        if reply.include_usage:
            out["usage"] = _usage(reply)
        return out

    async def _sse(self, reply: Reply, cid: str, include_usage: bool) -> AsyncIterator[bytes]:
        base = {
            "id": cid,
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": self.model,
        }

        def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
            data = {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}
            return f"data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()

        pieces: list[bytes] = [chunk({"role": "assistant", "content": ""})]
        pieces += [chunk({"content": part}) for part in _split(reply.text or "", reply.chunk_size)]
        for index, (call_id, tc) in enumerate(self._calls_with_ids(reply)):
            head = {
                "index": index,
                "id": call_id,
                "type": "function",
                "function": {"name": tc.name, "arguments": ""},
            }
            pieces.append(chunk({"tool_calls": [head]}))
            pieces += [
                chunk({"tool_calls": [{"index": index, "function": {"arguments": part}}]})
                for part in _split(tc.arguments, reply.chunk_size)
            ]
        pieces.append(chunk({}, _finish(reply)))
        if include_usage:
            pieces.append(f"data: {json.dumps({**base, 'choices': [], 'usage': _usage(reply)})}\n\n".encode())
        pieces.append(b"data: [DONE]\n\n")
        for i, piece in enumerate(pieces):
            if i and not await self._pause(reply.chunk_delay_s):
                return
            yield piece


def _split(text: str, size: int) -> Sequence[str]:
    return [text[i : i + size] for i in range(0, len(text), max(1, size))]


def _finish(reply: Reply) -> str:
    return reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")


def _usage(reply: Reply) -> dict[str, int]:
    return {
        "prompt_tokens": reply.prompt_tokens,
        "completion_tokens": reply.completion_tokens,
        "total_tokens": reply.prompt_tokens + reply.completion_tokens,
    }


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    kind = (
        "rate_limit_error" if status == 429 else "server_error" if status >= 500 else "invalid_request_error"
    )
    return JSONResponse(
        {"error": {"message": message, "type": kind, "param": None, "code": None}},
        status_code=status,
        headers=headers,
    )
