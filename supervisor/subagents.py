"""Continuable subagents: bounded background jobs with their own history and inbox.

A subagent researches, organises or drafts; it reads the meeting but never writes business data
(it has no ledger). Its result arrives in the Supervisor's inbox through ``on_result``.
``interrupt`` cancels the running step and keeps the history, so ``send`` continues the same agent
with the new message. State lives in memory and is mirrored to the ``subagents`` table for the
dock and for restarts: ``restore()`` (called when a meeting's session opens) brings every agent
back with its history, continuable with ``send``; one that was running when the daemon stopped
runs again. An agent spawned for an intent is linked both ways (``subagents.intent_id`` and
``meeting_intents.subagent_id``).

The default runner works offline: a "summary" job builds the rolling extractive summary that
keeps the Supervisor's context bounded; any other job retrieves the transcript passages that
match its task. An LLM runner can replace it (same signature).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from models import NotFound
from store import Store, new_id

# The rolling summary is a subagent job; runtime spawns it, runners recognise it.
SUMMARY_TASK = "summary: rolling summary of the meeting so far"

Runner = Callable[["Subagent", Store, str], Awaitable[str]]
ResultCallback = Callable[["Subagent"], None]

MAX_AGENTS = 8


@dataclass
class Subagent:
    id: str
    task: str
    intent_id: str | None
    state: str = "idle"  # idle | running | interrupted | done | failed
    history: list[dict[str, Any]] = field(default_factory=list)
    result: str | None = None
    task_handle: asyncio.Task[None] | None = None

    def describe(self) -> dict[str, Any]:
        return {"agent_id": self.id, "task": self.task, "intent_id": self.intent_id, "state": self.state,
                "result": self.result, "messages": len(self.history)}


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,}|[\u4e00-\u9fff]{2,}")
_SUMMARY = re.compile(r"summar|总结|摘要|纪要", re.IGNORECASE)


def _keywords(text: str) -> set[str]:
    words: set[str] = set()
    for w in _WORD.findall(text):
        if w[0].isascii():
            words.add(w.lower())
        else:  # Chinese: bigrams, since there are no spaces to split on
            words.update(w[i : i + 2] for i in range(len(w) - 1))
    return words


SUMMARY_ITEMS = 3  # per section: the latest items, plus a count of all


async def extractive_summary(store: Store, meeting_id: str) -> str:
    """Counts and the latest decisions, tasks and open questions, quoted from the ledger.

    Only what the ledger holds, verbatim; a fixed number of items per section keeps the
    Supervisor's context the same size at utterance 50 and at utterance 5,000.
    """
    m = await store.get_meeting(meeting_id)
    zh = m.language.value == "zh"
    decisions = await store.business_rows(meeting_id, "decisions")
    tasks = await store.business_rows(meeting_id, "tasks")
    questions = await store.business_rows(meeting_id, "open_questions")
    none = "未提供" if zh else "not provided"
    parts = [f"{'会议' if zh else 'Meeting'}: {m.title} ({m.latest_seq} {'条发言' if zh else 'utterances'})"]
    sections = [
        ("决定" if zh else "Decisions", [d["text"] for d in decisions]),
        ("任务" if zh else "Tasks", [f"{t['title']}（{t['owner'] or none}）" for t in tasks]),
        ("待定问题" if zh else "Open questions", [q["text"] for q in questions]),
    ]
    for label, items in sections:
        if items:
            latest = "；".join(i[:80] for i in items[-SUMMARY_ITEMS:])
            parts.append(f"{label}（{len(items)}）：{latest}" if zh else f"{label} ({len(items)}): {latest}")
    return "\n\n".join(parts)


async def offline_runner(agent: Subagent, store: Store, meeting_id: str) -> str:
    asks = " ".join([agent.task, *(h["text"] for h in agent.history if h["role"] == "user")])
    if _SUMMARY.search(asks):
        return await extractive_summary(store, meeting_id)
    keys = _keywords(asks)
    hits = []
    for u in await store.list_utterances(meeting_id):
        score = len(keys & _keywords(u.text))
        if score:
            hits.append((score, u.seq, u.text))
    hits.sort(key=lambda h: (-h[0], h[1]))
    if not hits:
        return "no matching utterances"
    return "\n".join(f"[{seq}] {text}" for _, seq, text in sorted(hits[:8], key=lambda h: h[1]))


class Subagents:
    def __init__(
        self, store: Store, meeting_id: str, *, runner: Runner = offline_runner,
        on_result: ResultCallback | None = None,
    ) -> None:
        self.store = store
        self.meeting_id = meeting_id
        self.runner = runner
        self.on_result = on_result
        self._agents: dict[str, Subagent] = {}

    def running(self) -> list[str]:
        return [a.id for a in self._agents.values() if a.state == "running"]

    def list(self) -> list[dict[str, Any]]:
        return [a.describe() for a in self._agents.values()]

    def get(self, agent_id: str) -> Subagent:
        try:
            return self._agents[agent_id]
        except KeyError:
            raise NotFound(f"unknown agent {agent_id!r}", agent_id=agent_id) from None

    async def restore(self) -> list[str]:
        """Bring back this meeting's agents from the store (after a restart); returns the ids of
        those that were running and run again. Agents already in memory are left alone."""
        rerun = []
        for row in await self.store.list_subagents(self.meeting_id):
            if row["id"] in self._agents:
                continue
            agent = Subagent(row["id"], row["task"], row["intent_id"], row["state"], list(row["history"]),
                             row["result"])
            self._agents[agent.id] = agent
            if agent.state == "running":  # its job died with the old process: do it again
                agent.history.append({"role": "system", "text": "resumed after a restart"})
                self._start(agent)
                rerun.append(agent.id)
        return rerun

    async def spawn(self, task: str, intent_id: str | None = None) -> dict[str, Any]:
        if len([a for a in self._agents.values() if a.state == "running"]) >= MAX_AGENTS:
            return {"error": "limit", "message": f"at most {MAX_AGENTS} subagents may run at once"}
        if intent_id is not None:
            await self.store.get_intent(self.meeting_id, intent_id)  # NotFound: no agent for a ghost
        agent = Subagent(new_id("agent"), task, intent_id)
        agent.history.append({"role": "user", "text": task})
        self._agents[agent.id] = agent
        self._start(agent)
        await self._save(agent)
        return agent.describe()

    async def send(self, agent_id: str, text: str) -> dict[str, Any]:
        agent = self.get(agent_id)
        agent.history.append({"role": "user", "text": text})
        if agent.state != "running":
            self._start(agent)  # continue the same agent, history included
        await self._save(agent)
        return agent.describe()

    async def interrupt(self, agent_id: str) -> dict[str, Any]:
        agent = self.get(agent_id)
        handle = agent.task_handle
        if agent.state == "running" and handle is not None:
            handle.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await handle
            agent.state = "interrupted"
            agent.history.append({"role": "system", "text": "interrupted"})
            await self._save(agent)
        return agent.describe()

    async def close(self) -> None:
        for agent in self._agents.values():
            if agent.task_handle is not None and not agent.task_handle.done():
                agent.task_handle.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await agent.task_handle

    def _start(self, agent: Subagent) -> None:
        agent.state = "running"
        agent.task_handle = asyncio.create_task(self._run(agent), name=f"subagent-{agent.id}")

    async def _run(self, agent: Subagent) -> None:
        try:
            result = await self.runner(agent, self.store, self.meeting_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a failed job is a result for the Supervisor, not a crash
            agent.state, agent.result = "failed", f"error: {exc}"
        else:
            agent.state, agent.result = "done", result
            agent.history.append({"role": "assistant", "text": result})
        await self._save(agent)
        if self.on_result is not None:
            self.on_result(agent)

    async def _save(self, agent: Subagent) -> None:
        await self.store.save_subagent(
            self.meeting_id, agent.id, task=agent.task, intent_id=agent.intent_id, state=agent.state,
            history=agent.history, result=agent.result,
        )
