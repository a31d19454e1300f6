"""Webhook delivery: POST each outbox row (``store/outbox.py``) to ``MEETINGD_WEBHOOK_URL``.

The rows are written in the transaction of the intent change that caused them, so an item that
committed is delivered even if the daemon stops first: a restart finds the row still pending.
Each POST carries ``Idempotency-Key: <intent_id>:<revision>:<event>`` and
``X-Meetingd-Signature: sha256=<hex HMAC-SHA256 of the body with MEETINGD_WEBHOOK_SECRET>``.
A 2xx marks the row delivered; anything else (or no answer) is retried with exponential backoff
(``webhook_backoff_s`` doubling, at most ``webhook_backoff_max_s``), and after
``webhook_max_attempts`` the row is ``failed`` and logged. A stop between a receiver's 2xx and the
delivered mark makes one redelivery with the same key: receivers dedupe on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import time

import httpx

from models import Change
from store import Store
from store.store import OutboxItem

log = logging.getLogger(__name__)


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def backoff_s(attempts: int, base_s: float, max_s: float) -> float:
    """Delay after the ``attempts``-th failed try: base, 2·base, 4·base, … capped at ``max_s``."""
    return min(max_s, base_s * (2 ** max(0, attempts - 1)))


class WebhookSender:
    """One delivery task per daemon; ``start()`` after the store is open, ``close()`` before it closes."""

    def __init__(self, store: Store, url: str, secret: str | None, *, max_attempts: int = 12,
                 backoff_base_s: float = 1.0, backoff_max_s: float = 300.0, timeout_s: float = 10.0) -> None:
        self.store = store
        self.url = url
        self.secret = secret or ""
        self.max_attempts = max_attempts
        self.backoff_base_s = backoff_base_s
        self.backoff_max_s = backoff_max_s
        self.timeout_s = timeout_s
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe = None
        self._in_flight: int | None = None  # the outbox row being posted right now

    def start(self) -> None:
        self._unsubscribe = self.store.subscribe(self._on_changes)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._in_flight is not None:
            # Stopped mid-post: hand the row back now, or the next start would wait out its lease
            # (the receiver may or may not have it: the idempotency key makes a repeat harmless).
            await self.store.webhook_release(self._in_flight)
            self._in_flight = None

    def _on_changes(self, changes: list[Change]) -> None:
        if any(c.kind == "intent" for c in changes):
            self._wake.set()

    async def _run(self) -> None:
        async with httpx.AsyncClient(timeout=self.timeout_s) as client:
            while True:
                self._wake.clear()
                try:
                    item = await self.store.claim_webhook(lease_s=self.timeout_s * 2)
                    if item is not None:
                        self._in_flight = item.id
                        await self._deliver(client, item)
                        self._in_flight = None
                        continue
                    due = await self.store.next_webhook_at()
                except Exception:
                    log.exception("webhook outbox read failed")
                    due = time.time() + self.backoff_base_s
                wait = None if due is None else max(0.0, due - time.time())
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await self._wake.wait()

    async def _deliver(self, client: httpx.AsyncClient, item: OutboxItem) -> None:
        body = item.body.encode()
        headers = {"Content-Type": "application/json", "Idempotency-Key": item.idempotency_key,
                   "X-Meetingd-Signature": signature(self.secret, body)}
        try:
            resp = await client.post(self.url, content=body, headers=headers)
            error = None if 200 <= resp.status_code < 300 else f"HTTP {resp.status_code}"
        except httpx.HTTPError as exc:
            error = f"{type(exc).__name__}: {exc}"
        if error is None:
            await self.store.webhook_delivered(item.id)
            return
        if item.attempts >= self.max_attempts:
            log.error("webhook %s gave up after %d attempts: %s", item.idempotency_key, item.attempts, error)
            await self.store.webhook_failed(item.id, error, None)
        else:
            delay = backoff_s(item.attempts, self.backoff_base_s, self.backoff_max_s)
            log.warning("webhook %s failed (%s); retry in %.1f s", item.idempotency_key, error, delay)
            await self.store.webhook_failed(item.id, error, time.time() + delay)
