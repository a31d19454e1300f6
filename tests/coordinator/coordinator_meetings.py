"""Small meetings built through the real store and ledger, shared by the finalize/minutes tests."""

from __future__ import annotations

import json
import re
from typing import Any

from intents import Ledger
from models import Meeting
from store import Store


async def add_applied(
    ledger: Ledger, meeting: Meeting, kind: str, payload: dict[str, Any], seqs: list[int], evidence: str,
    *, approve: bool = True,
) -> str:
    """Upsert at the latest seq, approve (unless execute mode auto-commits) and commit."""
    latest = (await ledger.store.get_meeting(meeting.id)).latest_seq
    r = await ledger.upsert(meeting.id, kind=kind, payload=payload, evidence_seqs=seqs, evidence=evidence,
                            basis_sequence=latest)
    if approve:
        await ledger.approve(meeting.id, r["intent_id"], r["revision"])
    done = await ledger.commit(meeting.id, r["intent_id"], latest, r["revision"])
    assert done["status"] == "applied", done
    return r["intent_id"]


async def say(store: Store, meeting: Meeting, *texts: str) -> None:
    """Typed utterances 2.5 s apart, so the transcript timings are deterministic."""
    for text in texts:
        seq = (await store.get_meeting(meeting.id)).latest_seq + 1
        await store.append_utterance(meeting.id, text, start_ms=(seq - 1) * 2500, end_ms=seq * 2500 - 300)


async def zh_meeting(store: Store) -> Meeting:
    """A suggest-mode zh meeting: a decision, a corrected task, a task with no owner, a hedged
    'decision' that review must flag, an open question, a cancelled task, two Supervisor steps."""
    ledger = Ledger(store)
    m = await store.create_meeting("发布计划周会", "zh", "suggest", ["张三", "李四", "王五"])
    await say(store, m, "今天我们讨论一下新版本的发布计划。", "我们决定下周三发布 2.0 版本。",
              "登录页面的改版交给张三，周五之前完成。")
    await add_applied(ledger, m, "decision", {"text": "下周三发布 2.0 版本"}, [2], "我们决定下周三发布 2.0 版本")
    first = await ledger.upsert(m.id, kind="task", payload={"title": "登录页面改版", "owner": "张三",
                                "due_date_raw": "周五之前", "priority": "high"},
                                evidence_seqs=[3], evidence="登录页面的改版交给张三，周五之前完成", basis_sequence=3)
    await say(store, m, "不对，登录页面还是给李四做吧。", "文档也要更新一下。")
    rev = await ledger.upsert(m.id, intent_id=first["intent_id"], expected_revision=1, kind="task",
                              payload={"title": "登录页面改版", "owner": "李四", "due_date_raw": "周五之前",
                                       "priority": "high"},
                              evidence_seqs=[3, 4], evidence="登录页面还是给李四做吧", basis_sequence=5)
    await ledger.approve(m.id, first["intent_id"], rev["revision"])
    assert (await ledger.commit(m.id, first["intent_id"], 5, rev["revision"]))["status"] == "applied"
    await add_applied(ledger, m, "task", {"title": "更新文档"}, [5], "文档也要更新一下")
    await say(store, m, "可以考虑把数据库迁移到 PostgreSQL，但还没定。", "发布之后由谁负责值班还不清楚？",
              "顺便把导出功能也做了吧。", "导出功能算了，这次不做。")
    await add_applied(ledger, m, "decision", {"text": "数据库迁移到 PostgreSQL"}, [6],
                      "可以考虑把数据库迁移到 PostgreSQL")
    await add_applied(ledger, m, "question", {"text": "发布之后由谁负责值班？", "question_type": "completion"}, [7],
                      "发布之后由谁负责值班还不清楚")
    export = await ledger.upsert(m.id, kind="task", payload={"title": "导出功能"}, evidence_seqs=[8],
                                 evidence="顺便把导出功能也做了吧", basis_sequence=9)
    await ledger.reject(m.id, export["intent_id"], 1, "导出功能这次不做")
    for step, brain in enumerate(("rules", "openai"), 1):
        await store.add_trace(m.id, trace_id=f"t{step}", agent_id="supervisor", turn=1, step=step, brain=brain,
                              tool_calls=["upsert_intent"], duration_ms=12.5)
    await store.update_binding(m.id, analyzed_seq=9)
    return await store.get_meeting(m.id)


async def en_meeting(store: Store) -> Meeting:
    """An execute-mode en meeting with ASR jobs (one done, one failed), a pipe and a newline in a
    task title, a task with no owner, a note and a question."""
    ledger = Ledger(store)
    m = await store.create_meeting("Q3 roadmap sync", "en", "execute", ["Alice", "Bob"])
    await say(store, m, "Let's review the Q3 roadmap.", "We agreed to ship the beta on March 3.",
              "Alice will update the pricing page | FAQ by Friday.", "Someone needs to fix the flaky CI tests.",
              "Note that the budget is fixed at 20k.")
    job = await store.enqueue_job(m.id, "/tmp/seg1.wav", 2100, start_ms=12500)
    bad = await store.enqueue_job(m.id, "/tmp/seg2.wav", 900, start_ms=15000)
    assert (await store.claim_job()).id == job.id
    await store.complete_job(job.id, "Who owns the customer migration?", start_ms=12500, end_ms=14600)
    assert (await store.claim_job()).id == bad.id
    await store.fail_job(bad.id, "decoder error", max_attempts=1)
    await add_applied(ledger, m, "decision", {"text": "Ship the beta on March 3"}, [2],
                      "We agreed to ship the beta on March 3", approve=False)
    await add_applied(ledger, m, "task", {"title": "Update the pricing page |\nFAQ", "owner": "Alice",
                                          "due_date_raw": "by Friday", "priority": "medium"},
                      [3], "Alice will update the pricing page | FAQ by Friday", approve=False)
    await add_applied(ledger, m, "task", {"title": "Fix the flaky CI tests", "priority": "low"}, [4],
                      "Someone needs to fix the flaky CI tests", approve=False)
    await add_applied(ledger, m, "note", {"title": "Budget", "body": "Fixed at 20k."}, [5],
                      "the budget is fixed at 20k", approve=False)
    await add_applied(ledger, m, "question", {"text": "Who owns the customer migration?"}, [6],
                      "Who owns the customer migration?", approve=False)
    await store.update_binding(m.id, analyzed_seq=6)
    return await store.get_meeting(m.id)


_ID = re.compile(r"\b(m|int|job|sess)_[0-9a-f]{12}\b")


def normalise_ids(text: str) -> str:
    """Random ids → stable placeholders, numbered in order of first appearance."""
    seen: dict[str, str] = {}

    def sub(match: re.Match[str]) -> str:
        key = match.group(0)
        if key not in seen:
            n = sum(1 for v in seen.values() if v.startswith(match.group(1).upper())) + 1
            seen[key] = f"{match.group(1).upper()}-{n}"
        return seen[key]

    return _ID.sub(sub, text)


def normalise_minutes(minutes: dict[str, Any], markdown: str, date: str) -> tuple[dict[str, Any], str]:
    """Ids (JSON and Markdown share one numbering) and the meeting date made stable."""
    blob = json.dumps(minutes, ensure_ascii=False, indent=1) + "\n\x00\n" + markdown.replace(date, "YYYY-MM-DD")
    got_json, got_md = normalise_ids(blob).split("\n\x00\n")
    return json.loads(got_json), got_md
