"""Subagents are durable (issue #13): after a restart they come back from the ``subagents`` table
with their history, continue on ``send``, a job cut off by the restart runs again, and an agent
spawned for an intent is linked both ways."""

from __future__ import annotations

import asyncio

import pytest

from intents import Ledger
from models import NotFound
from store import Store
from supervisor.subagents import Subagents


@pytest.fixture
async def db(tmp_path):
    return tmp_path / "m.db"


async def _meeting_with_intent(store: Store) -> tuple[str, str]:
    m = await store.create_meeting("周会", "zh", "suggest", ["王五"])
    await store.append_utterance(m.id, "王五负责写周报，周五之前完成。")
    r = await Ledger(store).upsert(m.id, kind="task", payload={"title": "写周报", "owner": "王五"},
                                   evidence_seqs=[1], evidence="王五负责写周报", basis_sequence=1)
    return m.id, r["intent_id"]


async def test_agents_survive_a_restart_with_history_and_their_intent_link(db):
    seen: list[list[str]] = []

    async def runner(agent, store, meeting_id):
        seen.append([h["text"] for h in agent.history])
        return f"answer {len(seen)}"

    store = await Store.open(db)
    mid, iid = await _meeting_with_intent(store)
    agents = Subagents(store, mid, runner=runner)
    spawned = await agents.spawn("查一下周报的格式", iid)
    async with asyncio.timeout(5):
        await agents.get(spawned["agent_id"]).task_handle
    assert (await store.get_intent(mid, iid)).subagent_id == spawned["agent_id"]
    with pytest.raises(NotFound):
        await agents.spawn("ghost", "int_nope")
    await agents.close()
    await store.close()

    store = await Store.open(db)  # the daemon restarted
    try:
        agents = Subagents(store, mid, runner=runner)
        assert await agents.restore() == []
        [back] = agents.list()
        assert (back["agent_id"], back["intent_id"], back["state"], back["result"]) == (
            spawned["agent_id"], iid, "done", "answer 1")
        await agents.send(back["agent_id"], "再看看上周的")
        async with asyncio.timeout(5):
            await agents.get(back["agent_id"]).task_handle
        assert seen[-1] == ["查一下周报的格式", "answer 1", "再看看上周的"]  # continued, not restarted
        [row] = await store.list_subagents(mid)
        assert [h["text"] for h in row["history"]][-1] == "answer 2"
    finally:
        await store.close()


async def test_a_job_cut_off_by_the_restart_runs_again(db):
    started = asyncio.Event()

    async def stuck(agent, store, meeting_id):
        started.set()
        await asyncio.Event().wait()

    store = await Store.open(db)
    mid, _ = await _meeting_with_intent(store)
    agents = Subagents(store, mid, runner=stuck)
    spawned = await agents.spawn("整理行动项")
    async with asyncio.timeout(5):
        await started.wait()
    await agents.close()  # the process stops mid-job: the row still says running
    await store.close()

    store = await Store.open(db)
    try:
        results = []

        async def quick(agent, store, meeting_id):
            return "done now"

        agents = Subagents(store, mid, runner=quick, on_result=results.append)
        assert await agents.restore() == [spawned["agent_id"]]
        async with asyncio.timeout(5):
            await agents.get(spawned["agent_id"]).task_handle
        assert [a.result for a in results] == ["done now"]
        [row] = await store.list_subagents(mid)
        assert row["state"] == "done" and "resumed after a restart" in [h["text"] for h in row["history"]]
    finally:
        await store.close()
