"""Issue #16: the daemon under a hostile client (probed as an attacker would, on 127.0.0.1).

Each test is one failure of the probe: an offset that made the daemon write hours of silence on
the event loop (or crash the socket), two recorders whose second one was acked and discarded,
deeply nested JSON, a ``text/plain`` cross-site POST, pages without a CSP, a foreign Origin on the
WebSocket, racing approvals, an unbounded meeting list and unbounded upload tickets.
"""

from __future__ import annotations

import asyncio
import time

import websockets
from test_web_api import wait_change
from web_harness import running_daemon, ws_connect

from live.audio import OFFSET_SLACK_MS

FRAME = b"\x01\x00" * 320  # 20 ms of 16 kHz s16le


def _is(kind):
    return lambda m: m.get("type") == kind


async def test_an_offset_beyond_the_meetings_age_is_refused_and_the_socket_stays_usable(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting()
        path = d.data_dir / "audio" / m["id"] / "stream.pcm"
        async with ws_connect(d.ws_url(m["id"])) as ws:
            await ws.recv_until(_is("snapshot"))
            for offset, code in ((3_600_000, "invalid_input"), (10**8, "invalid_input"), (10**9, "invalid_message"),
                                 (2**70, "invalid_message"), (-5, "invalid_message")):
                await ws.send({"type": "audio.start", "sample_rate": 16000, "offset_ms": offset})
                err = await ws.recv_until(_is("error"))
                assert err["error"] == code, err
            await ws.send(FRAME)  # no recording was started by the refused offsets
            assert (await ws.recv_until(_is("error")))["error"] == "audio_not_started"
            assert not path.exists() or path.stat().st_size == 0
            # Still usable: a small gap (within the slack) is filled, and the audio acknowledged.
            started = time.monotonic()
            await ws.send({"type": "audio.start", "sample_rate": 16000, "offset_ms": OFFSET_SLACK_MS - 1000})
            await ws.send(FRAME)
            ack = await ws.recv_until(lambda m: m.get("type") == "audio.ack" and m["received_ms"] > 0)
            assert ack["received_ms"] == OFFSET_SLACK_MS - 1000 + 20
            assert path.stat().st_size == ack["received_ms"] * 32
            assert time.monotonic() - started < 5
        assert (await d.client.get("/healthz")).status_code == 200


async def test_a_second_recorder_takes_over_and_the_first_is_told(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting()
        path = d.data_dir / "audio" / m["id"] / "stream.pcm"
        async with ws_connect(d.ws_url(m["id"])) as a, ws_connect(d.ws_url(m["id"])) as b:
            await a.recv_until(_is("snapshot"))
            await b.recv_until(_is("snapshot"))
            await a.send({"type": "audio.start", "sample_rate": 16000, "offset_ms": 0})
            for _ in range(5):
                await a.send(FRAME)
            assert (await a.recv_until(lambda m: m.get("type") == "audio.ack" and m["received_ms"] == 100))
            await b.send({"type": "audio.start", "sample_rate": 16000, "offset_ms": 100})
            told = await a.recv_until(_is("error"))
            assert told["error"] == "recorder_replaced"
            for _ in range(3):
                await b.send(FRAME)
            await a.send(FRAME)  # the replaced recorder's frame is refused, never acked
            assert (await a.recv_until(_is("error")))["error"] == "recorder_replaced"
            ack = await b.recv_until(lambda m: m.get("type") == "audio.ack" and m["received_ms"] >= 160)
            assert ack["received_ms"] == 160
            assert path.stat().st_size == 160 * 32  # every acknowledged byte is B's or A's, stored once
            dock = await d.client.get(f"/api/meetings/{m['id']}")
            assert dock.json()["dock"]["recording"] is True


async def test_deeply_nested_json_is_a_client_error_on_every_route_and_on_the_socket(tmp_path):
    deep = "[" * 30_000 + "]" * 30_000
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting()
        for url in ("/api/meetings", f"/api/meetings/{m['id']}/utterances", f"/api/meetings/{m['id']}/finalize"):
            r = await d.client.post(url, content=deep, headers={"content-type": "application/json"})
            assert (r.status_code, r.json()["error"]) == (400, "bad_json"), (url, r.text)
        async with ws_connect(d.ws_url(m["id"])) as ws:
            await ws.recv_until(_is("snapshot"))
            await ws.send('{"type": "ping", "x": ' + "[" * 8000 + "]" * 8000 + "}")
            assert (await ws.recv_until(_is("error")))["error"] == "bad_json"
            await ws.send({"type": "ping"})
            assert (await ws.recv_until(_is("pong")))["type"] == "pong"


async def test_api_bodies_must_be_json_and_pages_carry_the_csp(tmp_path):
    async with running_daemon(tmp_path) as d:
        r = await d.client.post(f"/api/meetings?token={d.token}", content='{"title": "x"}',
                                headers={"content-type": "text/plain", "authorization": ""})
        assert (r.status_code, r.json()["error"]) == (415, "unsupported_media_type")
        assert (await d.client.get("/api/meetings")).json()["meetings"] == []
        for page in ("/", "/static/index.html", "/static/dock.html", "/meetings/m_x"):
            r = await d.client.get(page)
            csp = r.headers.get("content-security-policy", "")
            assert r.status_code == 200 and "frame-ancestors 'none'" in csp, page
            assert "connect-src 'self';" in csp and "ws:" not in csp


async def test_a_foreign_origin_cannot_open_the_meeting_socket(tmp_path):
    async with running_daemon(tmp_path, allowed_origins=("https://dock.example",)) as d:
        m = await d.create_meeting()
        async with ws_connect(d.ws_url(m["id"]), origin="http://evil.example") as ws:
            assert (await ws.recv())["error"] == "forbidden_origin"
            try:
                await asyncio.wait_for(ws.conn.recv(), 5)
            except websockets.ConnectionClosed as closed:
                assert closed.rcvd.code == 4403
        for origin in (f"http://127.0.0.1:{d.info.port}", "https://dock.example"):
            async with ws_connect(d.ws_url(m["id"]), origin=origin) as ws:
                assert (await ws.recv())["type"] == "snapshot"


async def test_a_persons_decision_at_a_revision_is_final(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting(mode="suggest")
        got = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "intent"))
        r = await d.client.post(f"/api/meetings/{m['id']}/utterances", json={"text": "登录页面的改版交给张三负责，周五之前完成。"})
        assert r.status_code == 201
        await got
        [it] = await d.service.store.list_intents(m["id"])
        url = f"/api/meetings/{m['id']}/intents/{it.id}"
        got = await asyncio.gather(*(d.client.post(f"{url}/approve", json={"revision": it.revision})
                                     for _ in range(10)))
        assert sorted(r.status_code for r in got) == [200] + [409] * 9
        assert {r.json()["reason"] for r in got if r.status_code == 409} == {"already_decided"}
        r = await d.client.post(f"{url}/reject", json={"revision": it.revision})
        assert (r.status_code, r.json()["reason"]) == (409, "already_decided")
        assert r.json()["current_status"] in ("approved", "executing", "applied")  # the Supervisor may commit it


async def test_the_meeting_list_paginates(tmp_path):
    async with running_daemon(tmp_path) as d:
        made = [(await d.create_meeting(f"会{i}"))["id"] for i in range(5)]
        seen, before = [], None
        while True:
            q = {"limit": 2} | ({"before": before} if before is not None else {})
            page = (await d.client.get("/api/meetings", params=q)).json()
            assert len(page["meetings"]) <= 2
            seen += [x["id"] for x in page["meetings"]]
            before = page["next_before"]
            if before is None:
                break
        assert seen == made[::-1]
        assert (await d.client.get("/api/meetings", params={"limit": 0})).status_code == 422


async def test_open_upload_tickets_are_capped(tmp_path):
    async with running_daemon(tmp_path, max_open_tickets=8) as d:
        m = await d.create_meeting()
        codes = [(await d.client.post(f"/api/meetings/{m['id']}/upload-tickets", json={})).status_code
                 for _ in range(4)]
        assert codes == [201, 201, 429, 429]  # a quarter of the cap per meeting
        other = await d.create_meeting()
        r = await d.client.post(f"/api/meetings/{other['id']}/upload-tickets", json={})
        assert r.status_code == 201
