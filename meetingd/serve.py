"""``meetingd serve``: the daemon — service, web app and uvicorn in one event loop.

``serve(settings)`` first takes the data dir's single-instance lock (``live.instance``: a second
daemon on the same data dir exits with one line naming the first one's pid, before it resumes or
rewrites anything), resolves the token (refusing a non-loopback bind without an explicit one),
opens the service (resuming live meetings), serves until cancelled or signalled, then closes
everything in reverse order.

uvicorn runs with bounds against slow or greedy clients: ``max_connections`` (503 beyond),
``keep_alive_s`` idle keep-alive, a 16 KiB cap on request headers, and ``header_timeout_s`` for the
request line and headers of every request, the first included (:class:`HeaderTimeoutH11`); body
timeouts are the web layer's (``web.http.read_body``). ``ready`` is called once the socket listens, with a
:class:`ServeInfo` holding the actual port (``port=0`` picks a free one) and the dock URL.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from live.config import Settings
from live.instance import InstanceLock
from live.service import MeetingService
from models import InvalidInput
from web.app import create_app
from web.auth import resolve_token

log = logging.getLogger(__name__)

WS_MAX_BYTES = 256 * 1024  # the socket-level cap; frames above 64 KiB are already refused politely
MAX_HEADER_BYTES = 16 * 1024


def header_timeout_protocol(timeout_s: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a deadline on the request line and headers.

    uvicorn has none: its keep-alive timer is disarmed by any byte received, so a client that
    trickles a header holds the connection for ever. Here a deadline is armed on connect and after
    every response; when it fires and no new request head arrived since (uvicorn sets ``scope``
    per request), the connection is closed.
    """

    class HeaderTimeoutH11(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            # One deadline at a time: an older one firing later would see the newest request's
            # scope as "no new head" and close a keep-alive connection a client is reusing.
            if self._deadline is not None:
                self._deadline.cancel()
            armed_for = getattr(self, "scope", None)
            self._deadline = self.loop.call_later(timeout_s, self._head_deadline, armed_for)

        def _head_deadline(self, armed_for: object) -> None:
            self._deadline = None
            if getattr(self, "scope", None) is armed_for and not self.transport.is_closing():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

    return HeaderTimeoutH11


@dataclass(frozen=True, slots=True)
class ServeInfo:
    host: str
    port: int
    token: str
    token_origin: str
    service: Any = field(default=None, repr=False, compare=False)  # the running MeetingService
    app: Any = field(default=None, repr=False, compare=False)  # the Starlette app (``app.state.web``)

    @property
    def base_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.base_url}/#token={self.token}"


def listen_socket(host: str, port: int) -> socket.socket:
    """A bound, listening TCP socket for uvicorn; InvalidInput (one line, with the fix) when the
    port is taken or the address is not ours."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        sock = socket.create_server((host, port), family=family, backlog=2048)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise InvalidInput(f"port {port} on {host} is already in use (another meetingd?); "
                               f"choose another with --port N") from None
        raise InvalidInput(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


async def serve(
    settings: Settings,
    *,
    ready: Callable[[ServeInfo], Any] | None = None,
    transcriber: Any = None,
    log_level: str = "warning",
    announce: bool = True,
) -> None:
    """Run the daemon until cancelled (or SIGINT/SIGTERM when run as the main program).

    Raises ``InstanceLocked`` when another daemon serves ``settings.data_dir`` and
    ``InvalidInput`` when the address cannot be bound (one line each at the command line)."""
    lock = InstanceLock.acquire(settings.data_dir)
    try:
        await _serve_locked(settings, ready, transcriber, log_level, announce)
    finally:
        lock.release()


async def _serve_locked(settings: Settings, ready: Callable[[ServeInfo], Any] | None, transcriber: Any,
                        log_level: str, announce: bool) -> None:
    src = resolve_token(settings.token, settings.data_dir, settings.host)
    sock = listen_socket(settings.host, settings.port)  # before opening anything: a taken port is one line
    try:
        service = await MeetingService.open(settings, transcriber=transcriber)
    except BaseException:
        sock.close()
        raise
    app = create_app(service, token=src.token)
    config = uvicorn.Config(
        app, host=settings.host, port=settings.port, ws="websockets-sansio", ws_max_size=WS_MAX_BYTES,
        http=header_timeout_protocol(settings.header_timeout_s), limit_concurrency=settings.max_connections,
        timeout_keep_alive=int(max(1, settings.keep_alive_s)), h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        log_level=log_level, access_log=False, lifespan="off", server_header=False,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]), name="uvicorn")
    try:
        while not server.started:
            if task.done():
                # Start-up failed (port taken…): uvicorn logged why and exits; say it in one line.
                with contextlib.suppress(BaseException):
                    await task
                raise InvalidInput(f"could not listen on {settings.host}:{settings.port}")
            await asyncio.sleep(0.02)  # uvicorn exposes no start event; poll its flag
        port = settings.port
        for s in server.servers:
            for sock in s.sockets:
                port = sock.getsockname()[1]
                break
        info = ServeInfo(settings.host, port, src.token, src.origin, service, app)
        if announce:
            print(f"meetingd listening — open the dock: {info.url}", file=sys.stderr, flush=True)
        if ready is not None:
            ready(info)
        await task
    finally:
        server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(task), 5) if not task.done() else None
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await app.state.web.hub.close()
        await service.close()
