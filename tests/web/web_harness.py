"""A real daemon (``meetingd.serve.serve``) on 127.0.0.1, a free port and a temp data dir."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import websockets

from live.config import Settings
from meetingd.serve import ServeInfo, serve

TOKEN = "test-token-0123456789"


@dataclass
class Daemon:
    info: ServeInfo
    client: httpx.AsyncClient
    data_dir: Path

    @property
    def service(self) -> Any:
        return self.info.service

    @property
    def base_url(self) -> str:
        return self.info.base_url

    @property
    def token(self) -> str:
        return self.info.token

    def ws_url(self, meeting_id: str, cursor: int | None = None, token: str | None = None) -> str:
        url = f"ws://127.0.0.1:{self.info.port}/ws/meetings/{meeting_id}?token={token or self.token}"
        return url if cursor is None else f"{url}&cursor={cursor}"

    async def create_meeting(self, title: str = "周会", **kw: Any) -> dict[str, Any]:
        r = await self.client.post("/api/meetings", json={"title": title, **kw})
        assert r.status_code == 201, r.text
        return r.json()


@contextlib.asynccontextmanager
async def running_daemon(tmp_path: Path, *, transcriber: Any = None, token: str | None = TOKEN,
                         **settings: Any) -> AsyncIterator[Daemon]:
    data_dir = tmp_path / "data"
    cfg = Settings(data_dir=data_dir, host="127.0.0.1", port=0, token=token, merge_window_ms=50,
                   brain="rules", **settings)
    got: asyncio.Future[ServeInfo] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(cfg, ready=got.set_result, transcriber=transcriber, announce=False))
    try:
        async with asyncio.timeout(20):
            done, _ = await asyncio.wait({got, task}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            await task
        info = got.result()
        async with httpx.AsyncClient(base_url=info.base_url, headers={"Authorization": f"Bearer {info.token}"},
                                     timeout=30) as client:
            yield Daemon(info, client, data_dir)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


class WsClient:
    """A WebSocket client that reads messages with a deadline (no sleeps)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def recv(self, within_s: float = 10) -> dict[str, Any]:
        async with asyncio.timeout(within_s):
            raw = await self.conn.recv()
        return json.loads(raw)

    async def recv_until(self, pred: Any, within_s: float = 10) -> dict[str, Any]:
        """Skip messages until one satisfies ``pred``; return it."""
        async with asyncio.timeout(within_s):
            while True:
                msg = json.loads(await self.conn.recv())
                if pred(msg):
                    return msg

    async def events_until(self, cursor: int, within_s: float = 10) -> list[dict[str, Any]]:
        """Every ``event`` message up to and including ``cursor`` (other types skipped)."""
        out: list[dict[str, Any]] = []
        async with asyncio.timeout(within_s):
            while not out or out[-1]["cursor"] < cursor:
                msg = json.loads(await self.conn.recv())
                if msg["type"] == "event":
                    out.append(msg)
        return out

    async def send(self, msg: dict[str, Any] | bytes | str) -> None:
        await self.conn.send(msg if isinstance(msg, (bytes, str)) else json.dumps(msg))


@contextlib.asynccontextmanager
async def ws_connect(url: str, **kw: Any) -> AsyncIterator[WsClient]:
    async with websockets.connect(url, max_size=2**22, **kw) as conn:
        yield WsClient(conn)
