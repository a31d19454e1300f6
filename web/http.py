"""HTTP plumbing of the daemon's app: shared state, error → status mapping, the token and page
header middlewares, and bounded body reading / JSON parsing (``web.app`` holds the handlers).

A JSON body must say ``application/json``, is read within ``WebState.body_timeout_s`` (plus time
for its size) and parsed with a depth limit; errors leave as JSON ``{"error", "message", …}``
with a status from :data:`STATUS_FOR`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from intents import Conflict, LedgerResult
from live.metrics import Metrics, meeting_id_var, trace_id_var
from live.ports import LiveService
from models import (
    AudioFormatError,
    BadJson,
    BodyTimeout,
    BodyTooLarge,
    IllegalTransition,
    InvalidInput,
    MeetingBusy,
    MeetingClosed,
    MeetingdError,
    NotFound,
    NotOwner,
    TicketExpired,
    TicketUsed,
    TooMany,
    Unauthorized,
    UnsupportedMediaType,
)

from . import protocol as p
from .auth import presented_token, token_ok
from .hub import Hub
from .uploads import TicketBook

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
B = TypeVar("B", bound=BaseModel)


STATUS_FOR: list[tuple[type[MeetingdError], int]] = [
    (Unauthorized, 401),
    (NotFound, 404),
    (BodyTooLarge, 413),
    (BodyTimeout, 408),
    (UnsupportedMediaType, 415),
    (TooMany, 429),
    (BadJson, 400),
    (AudioFormatError, 422),
    (InvalidInput, 422),
    (MeetingClosed, 409),
    (NotOwner, 409),
    (MeetingBusy, 409),
    (IllegalTransition, 409),
    (TicketUsed, 409),
    (TicketExpired, 410),
]

PAGE_HEADERS = {
    # The page talks only to its own origin; the token stays in the fragment and storage.
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; "
                               "media-src 'self' blob:; style-src 'self'; script-src 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


@dataclass
class WebState:
    service: LiveService
    token: str
    hub: Hub
    tickets: TicketBook
    max_json_bytes: int = p.MAX_JSON_BYTES
    metrics: Metrics = field(default_factory=Metrics)
    allowed_origins: tuple[str, ...] = ()  # page origins besides the daemon's own (WebSocket)
    body_timeout_s: float = 30.0


_MEETING_IN_PATH = re.compile(r"^/(?:api/meetings|meetings|ws/meetings)/([^/]+)")


def _meeting_in_path(path: str) -> str | None:
    m = _MEETING_IN_PATH.match(path)
    return m.group(1) if m else None


def error_response(exc: MeetingdError) -> JSONResponse:
    status = next((s for cls, s in STATUS_FOR if isinstance(exc, cls)), 400)
    return JSONResponse(exc.to_dict(), status_code=status)


class TokenGate:
    """Pure ASGI middleware: ``/api/…`` and ``/metrics`` need the token (WebSockets check it
    themselves). Every HTTP request also gets a trace id for the logs (``live.metrics``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            trace_id_var.set(uuid.uuid4().hex[:16])
            meeting_id_var.set(_meeting_in_path(scope["path"]))
        if scope["type"] == "http" and (scope["path"].startswith("/api/") or scope["path"] == "/metrics"):
            request = Request(scope)
            web: WebState = scope["app"].state.web
            if not token_ok(web.token, presented_token(request.headers, request.query_params)):
                resp = error_response(Unauthorized("a valid token is required (Authorization: Bearer T)"))
                resp.headers["WWW-Authenticate"] = "Bearer"
                await resp(scope, receive, send)
                return
        await self.app(scope, receive, send)


class PageHeaders:
    """Pure ASGI middleware: every ``text/html`` response gets :data:`PAGE_HEADERS` (the CSP with
    ``frame-ancestors 'none'``), whichever route served it — ``/static/*.html`` too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                ctype = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                if ctype.startswith(b"text/html"):
                    names = {k.lower() for k, _ in headers}
                    headers += [(k.lower().encode(), v.encode()) for k, v in PAGE_HEADERS.items()
                                if k.lower().encode() not in names]
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -- request helpers ---------------------------------------------------------------------------------


def web_state(request: Request) -> WebState:
    return request.app.state.web


MAX_QUERY = 200  # characters of a search
MIN_BODY_RATE = 64 * 1024  # bytes/s a large upload gets on top of the body timeout


async def read_body(request: Request, cap: int) -> bytes:
    """The request body, refusing more than ``cap`` bytes before reading them where possible, and
    a body that does not arrive within the body timeout (plus time for its size at 64 KiB/s)."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > cap:
                raise BodyTooLarge(f"the body is larger than {cap} bytes", limit=cap)
        except ValueError:
            raise InvalidInput("bad Content-Length") from None
    budget = web_state(request).body_timeout_s + (int(declared) if declared else 0) / MIN_BODY_RATE
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(budget):
            async for chunk in request.stream():
                size += len(chunk)
                if size > cap:
                    raise BodyTooLarge(f"the body is larger than {cap} bytes", limit=cap)
                chunks.append(chunk)
    except TimeoutError:
        raise BodyTimeout(f"the body did not arrive within {budget:.0f} s") from None
    return b"".join(chunks)


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


async def parse(request: Request, model: type[B]) -> B:
    raw = await read_body(request, web_state(request).max_json_bytes)
    if raw.strip():
        if not _is_json(request.headers.get("content-type")):
            raise UnsupportedMediaType("send the body as application/json")
        try:
            data = p.loads_bounded(raw)
        except p.JsonRefused as exc:
            raise BadJson(f"the body is refused: {exc}") from None
    else:
        data = {}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput(p.validation_message(exc)) from None


def ledger_response(result: LedgerResult) -> JSONResponse:
    return JSONResponse(result.to_dict(), status_code=409 if isinstance(result, Conflict) else 200)


