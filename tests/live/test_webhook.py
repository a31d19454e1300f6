"""Webhook: every applied / revised / retracted item reaches a real local receiver exactly once,
signed, even when the daemon stops while an item is still undelivered."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from live.config import Settings
from live.service import MeetingService
from live.webhook import backoff_s

SECRET = "s3cret"


class Receiver:
    """A real HTTP server on 127.0.0.1 that answers 500 until ``accept`` is set."""

    def __init__(self) -> None:
        self.accept = threading.Event()
        self.hold = threading.Event()  # set: hold each request until ``release`` is set
        self.held = threading.Event()  # a held request has arrived
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.refused: list[str] = []
        self.accepted: list[tuple[str, dict, bool]] = []  # key, body, signature ok
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                key = self.headers["Idempotency-Key"]
                if receiver.hold.is_set():
                    receiver.held.set()
                    receiver.release.wait(30)
                good = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
                ok = hmac.compare_digest(good, self.headers.get("X-Meetingd-Signature", ""))
                with receiver.lock:
                    if receiver.accept.is_set():
                        receiver.accepted.append((key, json.loads(body), ok))
                        code = 204
                    else:
                        receiver.refused.append(key)
                        code = 500
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


async def until(cond, timeout_s: float = 20.0) -> None:
    """A condition wait with a deadline: the outbox and the receiver thread expose no event."""
    async with asyncio.timeout(timeout_s):
        while not await cond():  # noqa: ASYNC110
            await asyncio.sleep(0.02)


def settings(tmp_path, url: str, max_attempts: int | None = None) -> Settings:
    """``max_attempts``: a bound past the validated range (``model_copy`` does not validate), so
    rows stay pending across a stop whatever the machine's speed (None: the default)."""
    s = Settings(data_dir=tmp_path, brain="rules", merge_window_ms=10, webhook_url=url,
                 webhook_secret=SECRET, webhook_backoff_s=0.05, webhook_backoff_max_s=0.2)
    return s if max_attempts is None else s.model_copy(update={"webhook_max_attempts": max_attempts})


def test_backoff_doubles_and_is_bounded():
    assert [backoff_s(n, 1.0, 5.0) for n in (1, 2, 3, 4, 5)] == [1.0, 2.0, 4.0, 5.0, 5.0]


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


async def test_each_item_is_delivered_once_across_a_restart(tmp_path, receiver):
    svc = await MeetingService.open(settings(tmp_path, receiver.url, max_attempts=10_000))
    try:
        m = await svc.create_meeting("周会", "zh", "execute", ["张三", "李四"])
        await svc.add_utterance(m.id, "登录页面的改版给张三负责，周五之前完成。")

        async def applied_once() -> bool:
            rows = await svc.store.webhook_rows(m.id)
            return [r["event"] for r in rows] == ["applied"]

        await until(applied_once)
        await svc.add_utterance(m.id, "不对，给李四吧。")

        async def revised() -> bool:
            return [r["event"] for r in await svc.store.webhook_rows(m.id)] == ["applied", "revised"]

        await until(revised)

        async def refused_first() -> bool:
            with receiver.lock:
                return sum(k.endswith(":applied") for k in receiver.refused) >= 2

        await until(refused_first)
        with receiver.lock:  # an item's events go out in order: revised waits behind applied
            assert not any(k.endswith(":revised") for k in receiver.refused)
    finally:
        await svc.close()  # the daemon stops with both items undelivered
    rows = await _rows(tmp_path)
    assert [r["status"] for r in rows] == ["pending", "pending"]

    receiver.accept.set()
    svc = await MeetingService.open(settings(tmp_path, receiver.url, max_attempts=10_000))
    try:
        async def delivered() -> bool:
            return all(r["status"] == "delivered" for r in await svc.store.webhook_rows(m.id))

        await until(delivered)
        it = (await svc.store.list_intents(m.id))[0]
        # A person retracts the applied task ("不用做了"): a third event.
        await svc.reject(m.id, it.id, it.revision, "不用做了")
        await until(lambda: _accepted(receiver, 3))
        await until(delivered)
    finally:
        await svc.close()

    keys = [k for k, _, _ in receiver.accepted]
    assert keys == [f"{it.id}:1:applied", f"{it.id}:2:revised", f"{it.id}:2:retracted"]
    assert all(ok for _, _, ok in receiver.accepted)
    bodies = [b for _, b, _ in receiver.accepted]
    assert [(b["event"], b["revision"], b["kind"], b["meeting_id"]) for b in bodies] == [
        ("applied", 1, "task", m.id), ("revised", 2, "task", m.id), ("retracted", 2, "task", m.id)]
    assert bodies[0]["item"]["owner"] == "张三" and bodies[1]["item"]["owner"] == "李四"
    assert set(bodies[0]) == {"event", "meeting_id", "intent_id", "revision", "kind", "item"}


async def _accepted(receiver: Receiver, n: int) -> bool:
    with receiver.lock:
        return len(receiver.accepted) >= n


async def _rows(tmp_path):
    from store import Store

    store = await Store.open(tmp_path / "meetingd.db")
    try:
        return await store.webhook_rows()
    finally:
        await store.close()



async def test_a_post_cut_short_by_a_stop_is_sent_again_at_once_after_the_restart(tmp_path, receiver):
    """The daemon stops while a post is in flight: the row's lease is handed back, so the next start
    delivers it at once instead of after the lease; the receiver accepts exactly one copy."""
    receiver.hold.set()
    svc = await MeetingService.open(settings(tmp_path, receiver.url))
    try:
        m = await svc.create_meeting("周会", "zh", "execute", ["张三"])
        await svc.add_utterance(m.id, "登录页面的改版给张三负责，周五之前完成。")
        assert await asyncio.to_thread(receiver.held.wait, 20)
    finally:
        await svc.close()  # mid-post
    [row] = await _rows(tmp_path)
    assert (row["status"], row["lease_until"]) == ("pending", None)
    receiver.hold.clear()
    receiver.release.set()  # the cut-off request ends on the receiver's side: refused, not recorded

    async def answered() -> bool:
        with receiver.lock:
            return len(receiver.refused) == 1

    await until(answered)
    receiver.accept.set()
    svc = await MeetingService.open(settings(tmp_path, receiver.url, max_attempts=10_000))
    try:
        async def delivered() -> bool:
            return all(r["status"] == "delivered" for r in await svc.store.webhook_rows(m.id))

        await until(delivered, timeout_s=10.0)  # well inside the lease it would otherwise wait out
    finally:
        await svc.close()
    assert [k for k, _, _ in receiver.accepted] == [f"{row['intent_id']}:1:applied"]
