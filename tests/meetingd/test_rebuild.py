"""``meetingd rebuild`` (issue #13): the event log folds back into exactly the projections the
ledger wrote; a corrupted row is found, and ``--apply`` makes the projections identical again."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from coordinator import MeetingCoordinator
from intents import Ledger
from meetingd.cli import main
from store import Store
from supervisor.brains import RulesBrain
from supervisor.runtime import Supervisor

LINES = ["王五负责写周报，周五之前完成。", "不对，给李四吧。", "我们决定下周发布新版本。", "登录页面的改版给张三负责。",
         "登录页面的改版不用做了。"]


async def _meeting(db: Path) -> str:
    store = await Store.open(db)
    m = await store.create_meeting("周会", "zh", "execute", ["王五", "李四", "张三"])
    sup = Supervisor(store, Ledger(store), m.id, RulesBrain())
    co = MeetingCoordinator(store, sup, 0.0)
    for text in LINES:
        await store.append_utterance(m.id, text)
        async with asyncio.timeout(10):
            await co.settle()
    # A person-driven path too: an approved note whose write fails once, then is retried.
    ledger = Ledger(store)
    r = await ledger.upsert(m.id, kind="note", payload={"title": "发布", "body": "下周"}, evidence_seqs=[3],
                            evidence="我们决定下周发布新版本", basis_sequence=5, produced_by="user")
    async with store.db.transaction() as tx:
        await tx.execute("CREATE TRIGGER no_notes BEFORE INSERT ON notes BEGIN SELECT RAISE(ABORT, 'full'); END")
    assert (await ledger.commit(m.id, r["intent_id"], 5, 1))["status"] == "failed"
    async with store.db.transaction() as tx:
        await tx.execute("DROP TRIGGER no_notes")
    await co.close()
    await store.close()
    return m.id


def _projections(db: Path, mid: str) -> dict[str, list[tuple]]:
    out = {}
    with sqlite3.connect(db) as c:
        for table in ("meeting_intents", "tasks", "decisions", "notes", "open_questions"):
            key = "id" if table == "meeting_intents" else "intent_id"
            cols = [r[1] for r in c.execute(f"PRAGMA table_info({table})") if r[1] not in ("created_at", "updated_at")]
            out[table] = c.execute(f"SELECT {', '.join(cols)} FROM {table} WHERE meeting_id = ? ORDER BY {key}",
                                   (mid,)).fetchall()
    return out


def test_rebuild_finds_a_corrupted_row_and_apply_restores_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    db = tmp_path / "m.db"
    mid = asyncio.run(_meeting(db))
    before = _projections(db, mid)
    statuses = sorted(r[7] for r in before["meeting_intents"])
    assert statuses == ["applied", "applied", "failed", "rejected"], before["meeting_intents"]

    assert main(["rebuild", "--meeting", mid, "--db", str(db)]) == 0
    assert "identical to the stored projections" in capsys.readouterr().out

    with sqlite3.connect(db) as c:
        c.execute("UPDATE tasks SET owner = '王五' WHERE meeting_id = ?", (mid,))  # the correction, undone
        c.execute("UPDATE meeting_intents SET status = 'detected', revision = 1 WHERE meeting_id = ? AND kind = 'task'"
                  " AND status = 'applied'", (mid,))
        c.execute("DELETE FROM decisions WHERE meeting_id = ?", (mid,))
        c.execute("INSERT INTO notes(intent_id, meeting_id, title, body, evidence, evidence_seqs, revision, created_at,"
                  " updated_at) VALUES ('int_ghost', ?, 'x', 'y', 'z', '[1]', 1, 0, 0)", (mid,))
    assert _projections(db, mid) != before

    assert main(["rebuild", "--meeting", mid, "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert ".owner: stored \"王五\" → rebuilt \"李四\"" in out
    assert ".status: stored \"detected\" → rebuilt \"applied\"" in out
    assert "decisions" in out and "row only rebuilt" in out and "int_ghost: row only stored" in out
    assert _projections(db, mid) != before  # a dry run writes nothing

    assert main(["rebuild", "--meeting", mid, "--db", str(db), "--apply"]) == 0
    assert _projections(db, mid) == before
    assert main(["rebuild", "--meeting", mid, "--db", str(db)]) == 0
    assert "identical" in capsys.readouterr().out


def test_rebuild_of_an_unknown_meeting_is_one_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert main(["rebuild", "--meeting", "m_nope", "--db", str(tmp_path / "x.db")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meetingd: error:") and "Traceback" not in err
