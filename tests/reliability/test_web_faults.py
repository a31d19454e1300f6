"""The daemon under hostile and broken clients: fuzzed WebSocket messages and HTTP bodies, a socket
dropped in the middle of a frame, a slow reader and a client that never reads.

Zero 5xx, zero crashes (``/healthz`` answers, a fresh client streams and is acknowledged), the
durable audio stays exact (file size == ``received_ms`` × 32) and a stuck client costs bounded
memory and never delays the others.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import sqlite3
import struct

import httpx
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rel_helpers import FUZZ_COUNTS, web_harness

from asr.transcriber import Transcript
from web.app import API_ROUTES

FAST = settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)


class SilentTranscriber:
    """Speaks the worker's transcriber protocol; hears nothing (fuzzed audio is noise)."""

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None) -> Transcript:
        return Transcript("", language, len(pcm16k) // 32, 1)


class Harness:
    """The in-process daemon driven from a sync test (hypothesis) through one private event loop."""

    def __init__(self, tmp_path, **settings) -> None:
        self.loop = asyncio.new_event_loop()
        self._cm = web_harness.running_daemon(tmp_path, transcriber=SilentTranscriber(), **settings)
        self.d = self.run(self._cm.__aenter__())

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.run(self._cm.__aexit__(None, None, None))
        self.loop.close()


def _integrity(db) -> str:
    con = sqlite3.connect(db)
    try:
        return con.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        con.close()


def _stream_exact(d, mid: str) -> None:
    session = d.service.sessions.get(mid)
    stream = session.stream if session is not None else None
    if stream is not None and stream.path.exists():
        assert stream.path.stat().st_size == stream.received_ms * 32


# -- fuzzed WebSocket messages ------------------------------------------------------------------------------

small_json = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20)),
                          lambda x: st.one_of(st.lists(x, max_size=3), st.dictionaries(st.text(max_size=8), x,
                                                                                       max_size=3)), max_leaves=8)
control = st.fixed_dictionaries(
    {"type": st.sampled_from(["audio.start", "audio.stop", "ping", "audio.ack", "snapshot", "", "AUDIO.START"])},
    optional={"offset_ms": st.one_of(st.integers(-10, 10**12), small_json),
              "sample_rate": st.one_of(st.just(16000), st.integers(0, 96000), small_json),
              "cursor": small_json, "x": small_json},
)
ws_message = st.one_of(
    control.map(json.dumps),
    small_json.map(json.dumps),
    st.text(max_size=300),
    st.sampled_from(["x" * (17 * 1024), json.dumps({"type": "ping", "pad": "y" * 20_000})]),
    st.binary(max_size=4000),
    st.sampled_from([b"", b"\x01", bytes(64 * 1024), bytes(64 * 1024 + 1), bytes(63_999)]),
)


def test_fuzzed_websocket_messages_never_break_the_daemon(tmp_path):
    h = Harness(tmp_path)
    try:
        d = h.d
        mid = h.run(d.create_meeting("ws fuzz", mode="record"))["id"]
        outcome: dict[str, int] = {}

        async def session(msgs) -> str:
            async with websockets.connect(d.ws_url(mid), max_size=None) as ws:
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "snapshot"
                for m in msgs:
                    await ws.send(m)
                # Still usable: a ping is answered (errors and acks may come first).
                await ws.send(json.dumps({"type": "ping"}))
                async with asyncio.timeout(10):
                    while True:
                        msg = json.loads(await ws.recv())
                        if msg.get("type") == "pong":
                            return "pong"

        @settings(FAST, max_examples=120)
        @given(st.lists(ws_message, min_size=1, max_size=8))
        def one(msgs):
            got = h.run(session(msgs))
            outcome[got] = outcome.get(got, 0) + 1
            FUZZ_COUNTS["websocket messages"] = FUZZ_COUNTS.get("websocket messages", 0) + len(msgs)

        one()
        assert h.run(d.client.get("/healthz")).status_code == 200
        _stream_exact(d, mid)
        assert _integrity(d.data_dir / "meetingd.db") == "ok"
    finally:
        h.close()


# -- fuzzed HTTP requests -------------------------------------------------------------------------------------

segment = st.one_of(st.sampled_from(["m_nope", "..", "%2e%2e", "a" * 300, "😀", "x y", "int_1", "0", "-1"]),
                    st.text(alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="/?#"),
                            min_size=1, max_size=12))
body = st.one_of(
    st.binary(max_size=300),
    small_json.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({}, optional={k: small_json for k in ("title", "language", "mode", "participants", "text",
                                                                "revision", "reason", "payload", "wait_s",
                                                                "start_ms", "glossary")})
    .map(lambda v: json.dumps(v).encode()),
    st.just(b"{" * 70_000),
)


def test_fuzzed_http_requests_never_get_a_5xx(tmp_path):
    h = Harness(tmp_path)
    try:
        d = h.d
        mid = h.run(d.create_meeting("http fuzz", mode="suggest"))["id"]
        statuses: dict[int, int] = {}

        @settings(FAST, max_examples=400)
        @given(route=st.sampled_from(API_ROUTES), wrong_method=st.integers(0, 9), real_meeting=st.booleans(),
               seg=segment, data=body, ctype=st.sampled_from(["application/json", "text/plain", "audio/wav", ""]),
               auth=st.integers(0, 9))
        def one(route, wrong_method, real_meeting, seg, data, ctype, auth):
            method, path = route
            if wrong_method == 0:
                method = "DELETE"
            path = path.replace("{meeting_id}", mid if real_meeting else seg)
            for name in ("{intent_id}", "{ticket}", "{job_id}", "{range_id}", "{trace_id}"):
                path = path.replace(name, seg)
            headers = {"content-type": ctype} if ctype else {}
            if auth == 0:
                headers["authorization"] = "Bearer nope-nope-nope"
            try:
                r = h.run(d.client.request(method, path, content=data if method != "GET" else None, headers=headers))
            except httpx.InvalidURL:
                return
            assert r.status_code < 500, (method, path, data[:100], r.status_code, r.text[:300])
            if auth == 0 and r.request.url.path.startswith("/api/"):
                assert r.status_code == 401, (method, r.request.url.path, r.status_code)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            FUZZ_COUNTS["http requests"] = FUZZ_COUNTS.get("http requests", 0) + 1

        one()
        assert h.run(d.client.get("/healthz")).status_code == 200
        assert _integrity(d.data_dir / "meetingd.db") == "ok"
        assert len(statuses) >= 4, statuses  # many paths reached, not one refusal over and over
    finally:
        h.close()


# -- broken sockets -----------------------------------------------------------------------------------------------


def _frame(opcode: int, payload: bytes) -> bytes:
    """A masked client frame (RFC 6455)."""
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def _raw_ws(port: int, path: str, rcvbuf: int | None = None) -> socket.socket:
    """Handshake by hand and hand back the socket (so the test can misbehave at byte level)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(sock, (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                                   "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    got = b""
    async with asyncio.timeout(10):
        while b"\r\n\r\n" not in got:
            got += await loop.sock_recv(sock, 1)  # byte by byte: leave the first frame unread
    assert got.startswith(b"HTTP/1.1 101"), got
    return sock


def _rst(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = RST
    sock.close()


async def _stream_and_ack(d, mid: str, offset_ms: int, ms: int) -> int:
    async with websockets.connect(d.ws_url(mid)) as ws:
        await ws.send(json.dumps({"type": "audio.start", "sample_rate": 16000, "offset_ms": offset_ms}))
        await ws.send(bytes(ms * 32))
        async with asyncio.timeout(10):
            while True:
                msg = json.loads(await ws.recv())
                if msg.get("type") == "audio.ack" and msg["received_ms"] >= offset_ms + ms:
                    return msg["received_ms"]


async def test_a_socket_dropped_mid_frame_loses_nothing_acknowledged(tmp_path):
    async with web_harness.running_daemon(tmp_path, transcriber=SilentTranscriber()) as d:
        mid = (await d.create_meeting("drop", mode="record"))["id"]
        acked = await _stream_and_ack(d, mid, 0, 500)
        loop = asyncio.get_running_loop()
        for cut in (1, 2, 6, 100, 2000):  # inside the header, the mask, the payload
            sock = await _raw_ws(d.info.port, f"/ws/meetings/{mid}?token={d.token}")
            start = json.dumps({"type": "audio.start", "sample_rate": 16000, "offset_ms": acked}).encode()
            await loop.sock_sendall(sock, _frame(0x1, start))
            await loop.sock_sendall(sock, _frame(0x2, bytes(range(256)) * 12)[:cut])  # 3072 B frame, torn
            _rst(sock)
        # The daemon lives, the torn frames left no trace, and the next client carries on.
        assert (await d.client.get("/healthz")).status_code == 200
        stream = d.service.sessions[mid].stream
        assert stream.received_ms == acked
        _stream_exact(d, mid)
        assert await _stream_and_ack(d, mid, acked, 300) == acked + 300
        _stream_exact(d, mid)


async def test_a_client_that_never_reads_neither_blocks_others_nor_grows_memory(tmp_path):
    async with web_harness.running_daemon(tmp_path, transcriber=SilentTranscriber()) as d:
        mid = (await d.create_meeting("stuck", mode="record"))["id"]
        hub = d.info.app.state.web.hub
        stuck = [await _raw_ws(d.info.port, f"/ws/meetings/{mid}?token={d.token}", rcvbuf=4096) for _ in range(3)]
        slow = await websockets.connect(d.ws_url(mid), max_size=None, max_queue=1)
        try:
            async with websockets.connect(d.ws_url(mid), max_size=None) as good:
                assert json.loads(await good.recv())["type"] == "snapshot"
                text = "长" * 3500  # ~10 KB per event: the stuck sockets' buffers fill at once
                n = 400
                for _ in range(n):
                    await d.service.store.append_utterance(mid, text)
                # The good client gets every utterance, in order, while three sockets are stuck.
                seqs: list[int] = []
                async with asyncio.timeout(30):
                    while len(seqs) < n:
                        msg = json.loads(await good.recv())
                        if msg.get("type") == "event" and msg["kind"] == "utterance":
                            seqs.append(msg["data"]["seq"])
                assert seqs == list(range(1, n + 1))
                r = await asyncio.wait_for(d.client.get("/healthz"), 2)
                assert r.status_code == 200
                # Bounded: a stuck feed holds at most max_pending changes (then a snapshot replaces them).
                for feed in hub.rooms[mid].feeds:
                    assert len(feed.changes) <= feed.max_pending
            # The slow reader, read at last, sees a consistent stream: cursors rise by one, or a
            # fresh snapshot restarts them.
            last = None
            async with asyncio.timeout(30):
                while True:
                    msg = json.loads(await slow.recv())
                    if msg["type"] == "snapshot":
                        last = msg.get("cursor", msg.get("snapshot", {}).get("cursor"))
                    elif msg["type"] == "event":
                        assert last is None or msg["cursor"] == last + 1, (last, msg["cursor"])
                        last = msg["cursor"]
                        if msg["kind"] == "utterance" and msg["data"]["seq"] == n:
                            break
        finally:
            await slow.close()
            for s in stuck:
                _rst(s)
        assert (await d.client.get("/healthz")).status_code == 200
