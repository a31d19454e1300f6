"""The per-meeting WebSocket ``/ws/meetings/{id}?token=T&cursor=N`` (DESIGN §8).

Outbound, in this order on connect: ``snapshot``; every change after the client's ``cursor`` (or
the snapshot's) replayed from the store; then live changes. The sender remembers the last cursor
it sent: a live change at or below it is a duplicate and skipped, one above ``last + 1`` means a
gap and the missing range is read from the store first. So a client sees each cursor once, in
order, across reconnects. One sender task owns the socket's outbound side; the receiver only
queues acks and errors on the client's :class:`~web.hub.Feed`.

Inbound: JSON control messages (``audio.start``, ``audio.stop``, ``ping``) and binary PCM frames
between start and stop. A frame is written durably at its meeting-time offset before the
cumulative ``audio.ack`` is queued (alignment and the durable write: ``live.audio``). Bad input
(not JSON, nested too deep, an offset beyond the received audio and the meeting's age) is
answered with an ``error`` message and the connection stays usable; so is any unexpected failure
in handling a message (logged). Frames beyond the socket's size limit close it (1009).

One recorder per meeting: ``audio.start`` takes the stream over and the previous recorder gets
``error: recorder_replaced`` (its later frames are refused with the same code).

The handshake is refused (4403) when an ``Origin`` header names another site than the daemon's
own (or one of ``Settings.allowed_origins``): a page elsewhere cannot drive the socket with a
token it got hold of. Clients that send no Origin (CLI, scripts) are not browsers and pass.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from live.audio import MAX_FRAME_BYTES, ClientAudio
from models import MeetingdError, NotFound

from .auth import origin_ok, presented_token, token_ok
from .hub import Feed
from .protocol import (
    MAX_WS_TEXT_BYTES,
    AudioStart,
    AudioStop,
    JsonRefused,
    Ping,
    ack_msg,
    client_message,
    error_msg,
    loads_bounded,
    snapshot_msg,
    validation_message,
)

if TYPE_CHECKING:
    from .http import WebState

log = logging.getLogger(__name__)

REPLAY_PAGE = 1000
MAX_REPLAY = 20_000  # older than this: the snapshot covers it, replaying would only cost time

CLOSE_UNAUTHORIZED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_REQUEST = 4400
CLOSE_FORBIDDEN = 4403


def _dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


class Connection:
    def __init__(self, ws: WebSocket, web: WebState, meeting_id: str, feed: Feed) -> None:
        self.ws = ws
        self.web = web
        self.service = web.service
        self.meeting_id = meeting_id
        self.feed = feed
        self.last_sent = 0
        self.audio = ClientAudio(self._replaced)  # this connection's audio into the meeting's stream

    def _replaced(self) -> None:
        self.error("recorder_replaced", "another client started recording this meeting; this one stopped")
        self.web.hub.dock_changed(self.meeting_id)

    # -- outbound ----------------------------------------------------------------------------------

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send_text(_dumps(msg))

    async def send_snapshot(self) -> int:
        snap = await self.service.snapshot(self.meeting_id)
        await self.send(snapshot_msg(snap))
        return int(snap["cursor"])

    async def send_range(self, after: int, upto: int | None = None) -> None:
        """Send stored changes with ``after < cursor (<= upto)``, advancing ``last_sent``."""
        while True:
            limit = REPLAY_PAGE if upto is None else min(REPLAY_PAGE, upto - after)
            if limit <= 0:
                return
            got = await self.service.changes_after(self.meeting_id, after, limit)
            for c in got:
                await self.send(c.to_dict())
                self.last_sent = after = c.cursor
            if len(got) < limit:
                return

    async def sender(self, client_cursor: int | None) -> None:
        snap_cursor = await self.send_snapshot()
        start = snap_cursor
        if client_cursor is not None and snap_cursor - MAX_REPLAY <= client_cursor <= snap_cursor:
            start = client_cursor
        self.last_sent = start
        await self.send_range(start)
        feed = self.feed
        while not feed.closed:
            if feed.overflowed:
                # Fell too far behind: a fresh snapshot replaces the events it lost.
                feed.overflowed = False
                feed.changes.clear()
                self.last_sent = await self.send_snapshot()
                await self.send_range(self.last_sent)
            if feed.ack is not None:
                ack, feed.ack = feed.ack, None
                await self.send(ack_msg(ack))
            while feed.messages:
                await self.send(feed.messages.popleft())
            if feed.dock is not None:
                dock, feed.dock = feed.dock, None
                await self.send({"type": "dock", "dock": dock})
            while feed.changes and not feed.overflowed:
                c = feed.changes.popleft()
                if c.cursor <= self.last_sent:
                    continue
                if c.cursor > self.last_sent + 1:
                    await self.send_range(self.last_sent, c.cursor - 1)
                await self.send(c.to_dict())
                self.last_sent = c.cursor
            if not (feed.changes or feed.overflowed or feed.messages or feed.ack is not None or feed.dock):
                await feed.wait()

    # -- inbound ----------------------------------------------------------------------------------

    def error(self, code: str, message: str, **details: Any) -> None:
        self.feed.push_message(error_msg(code, message, **details))

    async def receiver(self) -> None:
        while True:
            msg = await self.ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            try:
                data = msg.get("bytes")
                if data is not None:
                    await self.on_audio(data)
                    continue
                text = msg.get("text")
                if text is not None:
                    await self.on_text(text)
            except Exception:
                # A bug or a failing disk must not look like a disconnect: say so and stay usable.
                log.exception("websocket message failed", extra={"meeting_id": self.meeting_id})
                self.audio_stop()
                self.error("internal", "the message could not be handled; see the daemon log")

    async def on_text(self, text: str) -> None:
        if len(text.encode("utf-8")) > MAX_WS_TEXT_BYTES:
            self.error("too_large", f"control messages are limited to {MAX_WS_TEXT_BYTES} bytes")
            return
        try:
            raw = loads_bounded(text)
        except JsonRefused as exc:
            self.error("bad_json", f"the message is refused: {exc}")
            return
        try:
            m = client_message.validate_python(raw)
        except ValidationError as exc:
            self.error("invalid_message", validation_message(exc))
            return
        if isinstance(m, AudioStart):
            await self.audio_start(m.offset_ms)
        elif isinstance(m, AudioStop):
            self.audio_stop()
            stream = self.audio.stream
            if stream is not None:
                if not stream.active_clients:
                    # The mic stopped: the last sentence is transcribed now, not at finalize.
                    await stream.cut_tail()
                    self.web.hub.dock_changed(self.meeting_id)
                self.feed.push_ack(stream.received_ms)
        elif isinstance(m, Ping):
            self.feed.push_message({"type": "pong", "cursor": self.last_sent})

    async def audio_start(self, offset_ms: int) -> None:
        try:
            stream = await self.service.audio_stream(self.meeting_id)
        except MeetingdError as exc:
            self.error(exc.code, exc.message)
            return
        try:
            changed = self.audio.start(stream, offset_ms)
        except MeetingdError as exc:
            self.error(exc.code, exc.message, **exc.details)
            self.feed.push_ack(stream.received_ms)
            return
        if changed:
            self.web.hub.dock_changed(self.meeting_id)
        # Tells a resending client at once where the durable audio ends.
        self.feed.push_ack(stream.received_ms)

    def audio_stop(self) -> None:
        if self.audio.stop():
            self.web.hub.dock_changed(self.meeting_id)

    async def on_audio(self, frame: bytes) -> None:
        if self.audio.replaced:
            self.error("recorder_replaced", "another client is recording this meeting; send audio.start to take over")
            return
        if not self.audio.recording or self.audio.stream is None:
            self.error("audio_not_started", "send audio.start before binary audio frames")
            return
        if len(frame) > MAX_FRAME_BYTES:
            self.error("frame_too_large", f"audio frames are limited to {MAX_FRAME_BYTES} bytes", size=len(frame))
            return
        was_buffered = self.audio.stream.buffered
        try:
            received = await self.audio.write(frame)
        except MeetingdError as exc:
            self.audio_stop()
            self.error(exc.code, exc.message, **exc.details)
            return
        if received is not None:
            self.feed.push_ack(received)
        if self.audio.stream.buffered != was_buffered:
            self.web.hub.dock_changed(self.meeting_id)  # "speech buffered" on / off


def _cursor_param(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    value = int(raw)
    if value < 0:
        raise ValueError("negative cursor")
    return value


async def _refuse(ws: WebSocket, code: int, error: str, message: str) -> None:
    # Accept first so that browsers, which cannot read an HTTP refusal, see the code and reason.
    await ws.accept()
    await ws.send_text(_dumps(error_msg(error, message)))
    await ws.close(code=code, reason=error)


async def meeting_socket(ws: WebSocket) -> None:
    web = ws.app.state.web
    if not origin_ok(ws.headers, web.allowed_origins):
        await _refuse(ws, CLOSE_FORBIDDEN, "forbidden_origin", "this page's origin may not open the meeting socket")
        return
    if not token_ok(web.token, presented_token(ws.headers, ws.query_params)):
        await _refuse(ws, CLOSE_UNAUTHORIZED, "unauthorized", "a valid token is required")
        return
    meeting_id = ws.path_params["meeting_id"]
    try:
        cursor = _cursor_param(ws.query_params.get("cursor"))
    except ValueError:
        await _refuse(ws, CLOSE_BAD_REQUEST, "invalid_input", "cursor must be a non-negative integer")
        return
    try:
        await web.service.get_meeting(meeting_id)
    except NotFound as exc:
        await _refuse(ws, CLOSE_NOT_FOUND, exc.code, exc.message)
        return
    await ws.accept()
    feed = web.hub.join(meeting_id)  # before the snapshot: nothing committed after it is missed
    conn = Connection(ws, web, meeting_id, feed)
    sender = asyncio.create_task(conn.sender(cursor), name=f"ws-send-{meeting_id}")
    receiver = asyncio.create_task(conn.receiver(), name=f"ws-recv-{meeting_id}")
    try:
        done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        for t in done:
            exc = t.exception()
            quiet = isinstance(exc, (WebSocketDisconnect, OSError, RuntimeError)) and not isinstance(exc, RecursionError)
            if exc is not None and not quiet:
                log.error("websocket task failed", exc_info=exc, extra={"meeting_id": meeting_id})
    finally:
        web.hub.leave(feed)
        conn.audio_stop()
        stream = conn.audio.stream
        if stream is not None and not stream.active_clients:
            with contextlib.suppress(Exception):  # the socket is gone; the tail must not be
                await stream.cut_tail()
        for t in (sender, receiver):
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if ws.application_state == WebSocketState.CONNECTED and ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close()
