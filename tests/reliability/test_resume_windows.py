"""The crash windows of the Supervisor side, set up directly in the store (no process, no Whisper).

Found by the SIGKILL tests, pinned here deterministically:

- a notice was delivered (``delivered_seq``) but not analysed when the process died: the restarted
  coordinator must deliver it again (the inbox died with the process);
- the step that proposed an intent completed (``analyzed_seq`` advanced) and the process died before
  the next step's commit: the restarted daemon must still commit (or settle) it;
- a commit skipped because steering arrived mid-batch must be made again in the same turn.
"""

from __future__ import annotations

import json

from intents import Ledger
from live.config import Settings
from live.service import MeetingService
from store import Store
from supervisor.brains import RulesBrain
from supervisor.protocol import Message, StepContext, StepInput, ToolCall

TASK = "登录页面的改版交给张三负责，周五之前完成。"


async def _prepare(tmp_path, mode: str = "execute"):
    settings = Settings(data_dir=tmp_path, brain="rules", merge_window_ms=0)
    store = await Store.open(settings.db_path)
    m = await store.create_meeting("resume", "zh", mode, ["张三", "李四"])
    for text in ("好，我们开始。", TASK, "验证码的有效期我们决定改成五分钟。"):
        await store.append_utterance(m.id, text)
    return settings, store, m


async def test_a_notice_delivered_but_not_analysed_before_a_crash_is_delivered_again(tmp_path):
    settings, store, m = await _prepare(tmp_path)
    await store.update_binding(m.id, delivered_seq=3)  # in the dead process's inbox, never analysed
    await store.close()
    svc = await MeetingService.open(settings)
    try:
        result = await svc.finalize(m.id, wait_s=20)
        assert result["status"] == "ended", result.get("blockers")
        assert len(await svc.store.business_rows(m.id, "tasks")) == 1
    finally:
        await svc.close()


async def test_a_proposal_whose_commit_never_ran_is_committed_after_restart(tmp_path):
    settings, store, m = await _prepare(tmp_path)
    got = await Ledger(store).upsert(
        m.id, kind="task", payload={"title": "登录页面的改版", "owner": "张三", "due_date_raw": "周五",
                                    "priority": "unspecified"},
        evidence_seqs=[2], evidence="登录页面的改版交给张三负责，周五之前完成", basis_sequence=3)
    assert got["status"] == "detected" and got["risk"] == "low"
    await store.update_binding(m.id, delivered_seq=3, analyzed_seq=3)  # the proposing step completed
    await store.close()
    svc = await MeetingService.open(settings)
    try:
        result = await svc.finalize(m.id, wait_s=20)
        assert result["status"] == "ended", result.get("blockers")
        assert [r["intent_id"] for r in await svc.store.business_rows(m.id, "tasks")] == [got["intent_id"]]
    finally:
        await svc.close()


async def test_a_commit_skipped_by_steering_is_made_again_in_the_same_turn():
    intent = {"intent_id": "int_1", "kind": "task", "status": "detected", "revision": 1, "risk": "low",
              "payload": {"title": "登录页面的改版", "owner": "张三", "priority": "unspecified"},
              "evidence_seqs": [2]}
    ctx = StepContext(meeting_id="m", title="t", language="zh", mode="execute", participants=("张三",),
                      latest_seq=3, analyzed_seq=3, unanalyzed=(), recent=((2, TASK),), open_intents=(intent,))
    commit = ToolCall("c1", "commit_intent", json.dumps({"intent_id": "int_1", "basis_sequence": 3,
                                                          "intent_revision": 1}))
    skipped = Message("tool", json.dumps({"skipped": True, "reason": "new input arrived"}), tool_call_id="c1",
                      name="commit_intent")
    reply = await RulesBrain().step(StepInput(context=ctx, messages=(Message("assistant", "", (commit,)), skipped),
                                              tools=(), step=1, turn=1))
    again = [json.loads(c.arguments) for c in reply.tool_calls if c.name == "commit_intent"]
    assert {"intent_id": "int_1", "basis_sequence": 3, "intent_revision": 1} in again
