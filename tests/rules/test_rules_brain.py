"""RulesBrain driven step by step with StepInput values and scripted tool results, the way the
Supervisor runtime drives it (tool results are JSON text in role "tool" messages)."""

from __future__ import annotations

import json

from supervisor.brains import RulesBrain
from supervisor.protocol import Message, StepContext, StepInput
from supervisor.tool_args import TOOL_ARGS

PEOPLE = ("张三", "王五", "刘洋")


def ctx(utts, analyzed, intents=(), mode="execute"):
    seqs = [(i + 1, t) for i, t in enumerate(utts)]
    return StepContext(
        meeting_id="m1",
        title="周会",
        language="zh",
        mode=mode,
        participants=PEOPLE,
        latest_seq=len(utts),
        analyzed_seq=analyzed,
        unanalyzed=tuple(seqs[analyzed:]),
        recent=tuple(seqs[:analyzed]),
        open_intents=tuple(intents),
    )


def calls(reply):
    out = []
    for c in reply.tool_calls:
        args = json.loads(c.arguments)
        TOOL_ARGS[c.name].model_validate(args)  # every call speaks the tool contract
        out.append((c.name, args))
    return out


def history(reply, results):
    """The assistant message of ``reply`` and one tool message per call, in order."""
    msgs = [Message(role="assistant", tool_calls=reply.tool_calls)]
    for c, r in zip(reply.tool_calls, results, strict=True):
        msgs.append(
            Message(role="tool", content=json.dumps(r, ensure_ascii=False), tool_call_id=c.id, name=c.name)
        )
    return tuple(msgs)


def intent(iid, payload, seqs, revision=1, status="detected", kind="task"):
    return {
        "intent_id": iid,
        "kind": kind,
        "status": status,
        "revision": revision,
        "payload": payload,
        "evidence_seqs": list(seqs),
    }


async def test_correction_revises_the_same_intent_then_commits():
    brain = RulesBrain()
    u = ["登录页面的改版交给张三负责，周五之前完成。"]
    r1 = await brain.step(StepInput(context=ctx(u, 0), messages=(), tools=(), step=0))
    ((name, args),) = calls(r1)
    assert name == "upsert_intent" and "intent_id" not in args
    assert args["payload"]["owner"] == "张三" and args["basis_sequence"] == 1
    assert args["evidence"] in u[0]

    # The runtime answered with an id; before the next step a correction arrives.
    msgs = history(r1, [{"intent_id": "I1", "revision": 1, "status": "detected"}])
    stored = intent("I1", args["payload"], args["evidence_seqs"])
    u2 = [*u, "不对，给刘洋吧，张三这周请假。"]
    r2 = await brain.step(StepInput(context=ctx(u2, 1, [stored]), messages=msgs, tools=(), step=1))
    ((name, args2),) = calls(r2)  # revise only: I1 is changing, so no commit in the same step
    assert name == "upsert_intent"
    assert args2["intent_id"] == "I1" and args2["expected_revision"] == 1
    assert args2["payload"]["owner"] == "刘洋" and args2["payload"]["due_date_raw"] == "周五之前"
    assert args2["basis_sequence"] == 2 and sorted(args2["evidence_seqs"]) == [1, 2]

    msgs += history(r2, [{"intent_id": "I1", "revision": 2, "status": "detected"}])
    revised = intent("I1", args2["payload"], args2["evidence_seqs"], revision=2)
    r3 = await brain.step(StepInput(context=ctx(u2, 2, [revised]), messages=msgs, tools=(), step=2))
    assert calls(r3) == [("commit_intent", {"intent_id": "I1", "basis_sequence": 2, "intent_revision": 2})]

    msgs += history(r3, [{"status": "applied", "intent_id": "I1", "revision": 2, "entity_ref": "task:1"}])
    applied = {**revised, "status": "applied"}
    r4 = await brain.step(StepInput(context=ctx(u2, 2, [applied]), messages=msgs, tools=(), step=3))
    assert r4.tool_calls == ()  # nothing left: the turn ends


async def test_stale_commit_is_retried_with_the_fresh_basis_and_never_repeated_as_is():
    brain = RulesBrain()
    u = ["王五负责更新接口文档，下周一之前发出来。"]
    stored = intent(
        "I7",
        {"title": "更新接口文档", "owner": "王五", "due_date_raw": "下周一", "priority": "unspecified"},
        [1],
    )
    r1 = await brain.step(StepInput(context=ctx(u, 1, [stored]), messages=(), tools=()))
    assert calls(r1) == [("commit_intent", {"intent_id": "I7", "basis_sequence": 1, "intent_revision": 1})]
    msgs = history(
        r1,
        [
            {
                "status": "conflict",
                "reason": "stale_transcript",
                "latest_seq": 2,
                "unseen": [{"seq": 2, "text": "好的，今天就到这里。"}],
            }
        ],
    )
    u2 = [*u, "好的，今天就到这里。"]
    r2 = await brain.step(StepInput(context=ctx(u2, 1, [stored]), messages=msgs, tools=(), step=1))
    assert calls(r2) == [("commit_intent", {"intent_id": "I7", "basis_sequence": 2, "intent_revision": 1})]
    msgs += history(r2, [{"status": "conflict", "reason": "not_approved"}])
    r3 = await brain.step(StepInput(context=ctx(u2, 2, [stored]), messages=msgs, tools=(), step=2))
    assert r3.tool_calls == ()  # the identical call already failed: do not loop


async def test_suggest_mode_commits_only_approved_intents_questions_included():
    brain = RulesBrain()
    u = ["马丁负责整理用户反馈。", "记录写的是产品文档周三完成，但李明说周五才能完成。"]
    task = intent(
        "T", {"title": "整理用户反馈", "owner": None, "due_date_raw": None, "priority": "unspecified"}, [1]
    )
    q = intent(
        "Q",
        {
            "text": "产品文档的完成时间是周三还是周五？",
            "question_type": "clarification",
            "candidates": ["周三", "周五"],
        },
        [2],
        kind="question",
    )
    approved_q = {**q, "status": "approved"}
    r = await brain.step(
        StepInput(context=ctx(u, 2, [task, approved_q], mode="suggest"), messages=(), tools=())
    )
    assert calls(r) == [("commit_intent", {"intent_id": "Q", "basis_sequence": 2, "intent_revision": 1})]
    r = await brain.step(
        StepInput(
            context=ctx(u, 2, [{**task, "status": "approved"}, q], mode="suggest"), messages=(), tools=()
        )
    )
    assert calls(r) == [("commit_intent", {"intent_id": "T", "basis_sequence": 2, "intent_revision": 1})]
    r = await brain.step(StepInput(context=ctx(u, 2, [task, q], mode="execute"), messages=(), tools=()))
    # execute mode records the open question too (it is answered by people, not by the commit)
    assert [c[1]["intent_id"] for c in calls(r)] == ["T", "Q"]
    high = {**task, "risk": "high"}
    r = await brain.step(StepInput(context=ctx(u, 2, [high], mode="execute"), messages=(), tools=()))
    assert calls(r) == []  # a high-risk intent waits for a person even in execute mode


async def test_record_mode_never_creates_intents():
    brain = RulesBrain()
    r = await brain.step(
        StepInput(context=ctx(["王五负责写周报。"], 0, mode="record"), messages=(), tools=())
    )
    assert r.tool_calls == ()


async def test_cancellation_rejects_with_the_current_revision():
    brain = RulesBrain()
    u = ["性能优化张三负责。", "性能优化不用做了。"]
    stored = intent(
        "P",
        {"title": "性能优化", "owner": "张三", "due_date_raw": None, "priority": "unspecified"},
        [1],
        revision=3,
    )
    r = await brain.step(StepInput(context=ctx(u, 1, [stored]), messages=(), tools=()))
    ((name, args),) = calls(r)
    assert name == "reject_intent" and args["intent_id"] == "P" and args["intent_revision"] == 3


async def test_failed_upsert_is_proposed_again_from_the_current_transcript():
    brain = RulesBrain()
    u = ["王五负责编写测试用例。"]
    r1 = await brain.step(StepInput(context=ctx(u, 0), messages=(), tools=()))
    msgs = history(r1, [{"status": "conflict", "reason": "stale_transcript", "latest_seq": 2}])
    u2 = [*u, "提测前完成。"]
    # seq 1 was already shown to a completed step; only seq 2 is unanalyzed now.
    r2 = await brain.step(StepInput(context=ctx(u2, 1), messages=msgs, tools=(), step=1))
    ((name, args),) = calls(r2)
    assert name == "upsert_intent" and args["basis_sequence"] == 2
    assert args["payload"]["owner"] == "王五" and args["payload"]["due_date_raw"] == "提测前"
