"""Concurrent commits: one intent revision, one business row, whatever the interleaving."""

from __future__ import annotations

import asyncio

from intents import Ledger
from models import Utterance
from store import Store
from tests.backends import Peek


async def test_fifty_concurrent_commits_write_one_row(store: Store, ledger: Ledger, peek: Peek) -> None:
    m = await store.create_meeting("并发", mode="execute", participants=["张三"])
    await store.append_utterance(m.id, "张三负责部署脚本，明天上线。")
    r = await ledger.upsert(m.id, kind="task", payload={"title": "部署脚本", "owner": "张三", "due_date_raw": "明天"},
                            evidence_seqs=[1], evidence="张三负责部署脚本，明天上线", basis_sequence=1)
    results = await asyncio.gather(*(ledger.commit(m.id, r["intent_id"], 1, 1) for _ in range(50)))
    first = [x for x in results if not x.get("replayed")]
    replays = [x for x in results if x.get("replayed")]
    assert len(first) == 1 and len(replays) == 49
    assert first[0]["status"] == "applied"
    assert all(x.to_dict() == first[0].to_dict() | {"replayed": True} for x in replays)
    assert len(await store.business_rows(m.id, "tasks")) == 1
    assert peek.rows("SELECT result, COUNT(*) FROM meeting_ai_actions GROUP BY result") == [("applied", 1)]
    assert peek.one("SELECT COUNT(*) FROM intent_events WHERE type = 'intent.applied'") == (1,)


async def test_commit_racing_an_append_never_writes_on_a_stale_basis(store: Store, ledger: Ledger) -> None:
    """Whichever transaction goes first decides: commit first → applied; append first → stale conflict."""
    m = await store.create_meeting("竞争", mode="execute", participants=["张三"])
    outcomes = set()
    for i in range(12):
        await store.append_utterance(m.id, f"张三负责第{i}项。")
        latest = (await store.get_meeting(m.id)).latest_seq
        r = await ledger.upsert(m.id, kind="task", payload={"title": f"第{i}项", "owner": "张三"},
                                evidence_seqs=[latest], evidence=f"张三负责第{i}项", basis_sequence=latest)
        before = (await store.get_meeting(m.id)).change_cursor
        first, second = (store.append_utterance(m.id, "插一句。"), ledger.commit(m.id, r["intent_id"], latest, 1))
        if i % 2:
            first, second = second, first
        got = await asyncio.gather(first, second)
        result = got[1] if isinstance(got[0], Utterance) else got[0]
        feed = await store.changes_after(m.id, before)
        order = [c.kind for c in feed if c.kind in ("utterance", "conflict") or
                 (c.kind == "intent" and c.data["status"] == "applied")]
        if result["status"] == "applied":
            assert order == ["intent", "utterance"]
        else:
            assert result["reason"] == "stale_transcript" and order == ["utterance", "conflict"]
        outcomes.add(result["status"])
    assert outcomes == {"applied", "conflict"}  # both orders were exercised
    rows = await store.business_rows(m.id, "tasks")
    applied = [i for i in await store.list_intents(m.id) if i.status.value == "applied"]
    assert sorted(t["intent_id"] for t in rows) == sorted(i.id for i in applied)
