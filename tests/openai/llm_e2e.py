"""Helpers for end-to-end tests: the real Supervisor + coordinator on a temp Store, driven by a
model behind the scripted FakeOpenAI server through the real ``openai`` SDK."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coordinator import MeetingCoordinator
from intents import Ledger
from models import Meeting
from store import Store
from supervisor.brains import RulesBrain
from supervisor.brains.fallback import FallbackBrain
from supervisor.brains.openai_brain import OpenAIBrain
from supervisor.protocol import Brain
from supervisor.runtime import Supervisor
from supervisor.subagents import Runner, offline_runner
from tests.openai_fake.server import FakeOpenAI, Reply, error_reply


@dataclass
class Live:
    store: Store
    meeting: Meeting
    sup: Supervisor
    co: MeetingCoordinator

    @property
    def id(self) -> str:
        return self.meeting.id

    async def say(self, text: str, *, notify: bool = True) -> int:
        u = await self.store.append_utterance(self.id, text)
        if notify:
            self.co.notify()
        return u.seq

    async def settle(self, within: float = 20.0) -> None:
        """Wait until every utterance is analysed and the Supervisor is idle with an empty inbox."""
        async with asyncio.timeout(within):
            while True:
                latest = (await self.store.get_meeting(self.id)).latest_seq
                if self.sup.analyzed_seq >= latest and not self.sup.running and not self.sup.inbox:
                    return
                await asyncio.sleep(0.01)

    async def tasks(self) -> list[dict[str, Any]]:
        return await self.store.business_rows(self.id, "tasks")


async def open_live(
    tmp_path: Path,
    brain: Brain,
    *,
    mode: str = "execute",
    language: str = "zh",
    people: tuple[str, ...] = ("张三", "李四", "王五"),
    runner: Runner = offline_runner,
    analyzed_seq: int = 0,
    store: Store | None = None,
    meeting: Meeting | None = None,
) -> Live:
    store = store or await Store.open(tmp_path / "m.db")
    m = meeting or await store.create_meeting("周会" if language == "zh" else "Weekly", language, mode, list(people))
    sup = Supervisor(store, Ledger(store), m.id, brain, language=language, subagent_runner=runner,
                     analyzed_seq=analyzed_seq)
    co = MeetingCoordinator(store, sup, 0.0)
    co.start()
    return Live(store, m, sup, co)


async def close_live(live: Live) -> None:
    await live.co.close()
    await live.store.close()


def openai_brain(srv: FakeOpenAI, **kw: Any) -> OpenAIBrain:
    opts = {"timeout_s": 5.0, "max_retries": 1, "backoff_s": 0.01, "max_backoff_s": 0.02} | kw
    return OpenAIBrain(srv.base_url, srv.api_key, srv.model, **opts)


def fallback_brain(srv: FakeOpenAI, *, brain_kw: dict[str, Any] | None = None, **kw: Any) -> FallbackBrain:
    return FallbackBrain(openai_brain(srv, **(brain_kw or {})), RulesBrain(), **kw)


def tool_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in body["messages"] if m["role"] == "tool"]


def last_tool_result(body: dict[str, Any]) -> dict[str, Any]:
    return json.loads(tool_messages(body)[-1]["content"])


def results_by_name(body: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Tool results of a request keyed by the name of the call they answer."""
    names: dict[str, str] = {}
    out: dict[str, list[dict[str, Any]]] = {}
    for m in body["messages"]:
        for c in m.get("tool_calls") or []:
            names[c["id"]] = c["function"]["name"]
        if m["role"] == "tool":
            out.setdefault(names[m["tool_call_id"]], []).append(json.loads(m["content"]))
    return out


def checked(errors: list[str], fn: Callable[[dict[str, Any]], Reply]) -> Callable[[dict[str, Any]], Reply]:
    """A scripted reply that asserts on the request: a failed assertion is recorded (the test
    checks ``errors``) and answered with a 400, which no client retries."""

    def reply(body: dict[str, Any]) -> Reply:
        try:
            return fn(body)
        except (AssertionError, KeyError, IndexError, ValueError) as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
            return error_reply(400, error_message=f"test assertion failed: {exc}")

    return reply


async def wait_until(predicate: Callable[[], Any], within: float = 10.0) -> None:
    """Wait for a condition spanning objects that expose no event (bounded; not a fixed sleep)."""
    async with asyncio.timeout(within):
        while not predicate():  # noqa: ASYNC110
            await asyncio.sleep(0.01)
