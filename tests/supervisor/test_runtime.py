"""Acceptance tests of the Supervisor runtime and coordinator (issue 3 / DESIGN §6)."""

from __future__ import annotations

import asyncio

import pytest
from sup_fakes import ScriptedBrain, call, tool_results, wait_for

from coordinator import MeetingCoordinator
from intents import Ledger
from store import Store
from supervisor.brains import RulesBrain
from supervisor.inbox import TRANSCRIPT, Inbox, TranscriptNotice
from supervisor.protocol import BrainReply
from supervisor.runtime import Limits, Supervisor


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "m.db")
    yield s
    await s.close()


async def meeting(store, mode="execute", people=("张三", "李四", "王五")):
    return await store.create_meeting("周会", "zh", mode, list(people))


async def run_meeting(store, brain, m, *, window=0.0, limits=None):
    sup = Supervisor(store, Ledger(store), m.id, brain, limits=limits)
    co = MeetingCoordinator(store, sup, window)
    co.start()
    return sup, co


async def settle(store, sup, co):
    async def done():
        while True:
            latest = (await store.get_meeting(sup.meeting_id)).latest_seq
            if sup.analyzed_seq >= latest and not sup.running and not sup.inbox:
                return
            await asyncio.sleep(0.01)

    async with asyncio.timeout(15):
        await done()


def test_inbox_replace_merges_transcript_notices():
    box = Inbox()
    for seq in range(41, 58):
        box.notify_transcript(TranscriptNotice(seq, seq))
    assert len(box) == 1
    assert box.drain() == [("transcript", TranscriptNotice(41, 57))]
    assert not box


async def test_utterance_appended_mid_turn_reaches_the_very_next_step(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "大家好")
    release = asyncio.Event()

    async def slow_first_step(inp):
        await release.wait()
        return BrainReply(tool_calls=(call("read_transcript", from_seq=1),))

    brain = ScriptedBrain(slow_first_step)
    sup, co = await run_meeting(store, brain, m)
    co.notify()
    await wait_for(lambda: brain.inputs)
    assert [s for s, _ in brain.inputs[0].context.unanalyzed] == [1]
    await store.append_utterance(m.id, "王五负责写周报")
    co.notify()
    await wait_for(lambda: sup.inbox)  # steered, not queued for another turn
    release.set()
    await settle(store, sup, co)
    second = brain.inputs[1]
    assert second.turn == brain.inputs[0].turn == 1  # same turn, the very next step
    assert [s for s, _ in second.context.unanalyzed] == [2]
    assert any(m.role == "user" and "2" in m.content for m in second.messages)
    assert co.deliveries[:2] == ["followup", "steer"]
    await co.close()


async def test_correction_ends_as_one_intent_revision_two_one_task(store):
    m = await meeting(store)
    sup, co = await run_meeting(store, RulesBrain(), m)
    for text in ["登录页面的改版给张三负责，周五之前完成。", "不对，给李四吧。"]:
        await store.append_utterance(m.id, text)
        co.notify()
        await settle(store, sup, co)
    intents = await store.list_intents(m.id)
    assert len(intents) == 1
    it = intents[0]
    assert (it.revision, it.status.value, it.payload["owner"]) == (2, "applied", "李四")
    tasks = await store.business_rows(m.id, "tasks")
    assert len(tasks) == 1 and tasks[0]["owner"] == "李四" and tasks[0]["revision"] == 2
    await co.close()


async def test_a_name_given_at_the_opening_is_read_after_the_window_has_moved_on(store):
    # "乐乐妈妈" is 何丽 only because she said so at the start, long out of the recent window: the
    # context carries the opening, and the task cites it, where the ledger reads her name.
    m = await meeting(store, people=("周敏", "何丽", "刘强"))
    sup, co = await run_meeting(store, RulesBrain(), m)
    said = ["我是何丽，乐乐妈妈。", *["好的。", "嗯。", "行。", "先说场地。"] * 3, "乐乐妈妈，你周五前把报名表收上来。"]
    for text in said:
        await store.append_utterance(m.id, text)
        co.notify()
        await settle(store, sup, co)
    [it] = await store.list_intents(m.id)
    assert (it.payload["owner"], it.status.value) == ("何丽", "applied")
    assert 1 in it.evidence_seqs and len(said) in it.evidence_seqs
    await co.close()


async def test_new_utterance_before_commit_gives_stale_conflict_and_no_write(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "王五负责写周报。")
    before_commit = asyncio.Event()
    go = asyncio.Event()
    holder = {}

    def upsert(inp):
        return BrainReply(tool_calls=(call("upsert_intent", "u1", kind="task", payload={"title": "写周报", "owner": "王五"},
                                           evidence_seqs=[1], evidence="王五负责写周报", basis_sequence=1),))

    async def commit(inp):
        holder["id"] = tool_results(inp)[-1]["intent_id"]
        before_commit.set()
        await go.wait()
        return BrainReply(tool_calls=(call("commit_intent", "c1", intent_id=holder["id"], basis_sequence=1,
                                           intent_revision=1),))

    brain = ScriptedBrain(upsert, commit)
    sup, co = await run_meeting(store, brain, m, window=10.0)  # keep the coordinator out of the way
    sup.followup()
    await asyncio.wait_for(before_commit.wait(), 10)
    await store.append_utterance(m.id, "不对，给李四。")
    go.set()
    await wait_for(lambda: len(brain.inputs) >= 3)
    result = tool_results(brain.inputs[2])[-1]
    assert result["status"] == "conflict" and result["reason"] == "stale_transcript"
    assert result["unseen"] == [{"seq": 2, "text": "不对，给李四。"}]
    assert await store.business_rows(m.id, "tasks") == []
    await co.close()


async def test_twenty_utterances_while_busy_make_one_notice_and_at_most_two_turns(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "开始")
    release = asyncio.Event()

    async def busy(inp):
        await release.wait()
        return BrainReply()

    brain = ScriptedBrain(busy)
    sup, co = await run_meeting(store, brain, m, window=0.0)
    co.notify()
    await wait_for(lambda: brain.inputs)
    for i in range(20):
        await store.append_utterance(m.id, f"第{i}句")
        co.notify()
        await asyncio.sleep(0)
    await wait_for(lambda: (co.deliveries and co.deliveries[-1] == "steer"))
    await wait_for(lambda: (n := sup.inbox.peek(TRANSCRIPT)) is not None and n.to_seq == 21)
    # Twenty appends, one pending item: a single notice spanning every seq the brain has not seen.
    assert len(sup.inbox) == 1
    assert sup.inbox.peek(TRANSCRIPT) == TranscriptNotice(2, 21)
    release.set()
    await settle(store, sup, co)
    assert sup.turns <= 2
    assert sup.analyzed_seq == 21
    await co.close()


async def test_steering_skips_the_rest_of_a_tool_batch(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "开始")
    sup = None

    async def read_then_more(inp):
        return BrainReply(tool_calls=(call("read_transcript", "a", from_seq=1), call("list_intents", "b"),
                                      call("list_agents", "c")))

    brain = ScriptedBrain(read_then_more)
    sup = Supervisor(store, Ledger(store), m.id, brain)
    original = sup.toolbox.call

    async def call_and_steer(name, raw):  # new transcript lands while the first call runs
        result = await original(name, raw)
        if name == "read_transcript":
            await store.append_utterance(m.id, "新的发言")
            sup.steer(TranscriptNotice(2, 2))
        return result

    sup.toolbox.call = call_and_steer
    sup.followup()
    await asyncio.wait_for(sup.wait_idle(), 10)
    results = tool_results(brain.inputs[1])
    assert "latest_seq" in results[0]
    assert results[1]["skipped"] and results[2]["skipped"]
    assert [s for s, _ in brain.inputs[1].context.unanalyzed] == [2]
    await sup.close()


async def test_restart_resumes_from_binding_without_duplicate_writes(store, tmp_path):
    m = await meeting(store)
    sup, co = await run_meeting(store, RulesBrain(), m)
    await store.append_utterance(m.id, "王五负责更新接口文档，下周一之前发出来。")
    co.notify()
    await settle(store, sup, co)
    await co.close()
    # Daemon down: more is said; then a new Supervisor resumes from the binding.
    await store.append_utterance(m.id, "赵六负责后端接口开发。")
    binding = await store.get_binding(m.id)
    assert binding.analyzed_seq == 1
    sup2 = Supervisor(store, Ledger(store), m.id, RulesBrain(), analyzed_seq=binding.analyzed_seq)
    co2 = MeetingCoordinator(store, sup2, 0.0)
    co2.start()
    await settle(store, sup2, co2)
    tasks = await store.business_rows(m.id, "tasks")
    assert sorted(t["owner"] for t in tasks) == ["王五", "赵六"]
    intents = await store.list_intents(m.id)
    assert len(intents) == 2 and {i.revision for i in intents} == {1}
    events = [e["type"] for i in intents for e in await store.intent_events(i.id)]
    assert events.count("intent.applied") == 2  # the first task was not re-applied
    assert (await store.get_binding(m.id)).analyzed_seq == 2
    await co2.close()


async def test_supervisor_creates_lists_messages_interrupts_and_continues_a_subagent(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "王五负责更新接口文档")
    gate = asyncio.Event()
    runs = []

    async def runner(agent, store_, meeting_id):
        runs.append([h["text"] for h in agent.history])
        if len(runs) == 1:
            await gate.wait()  # the first run blocks until interrupted
        return f"done after {len(agent.history)} messages"

    ids = {}

    def spawn(inp):
        return BrainReply(tool_calls=(call("spawn_agent", "s", task="research 接口文档"),))

    def lst(inp):
        ids["agent"] = tool_results(inp)[-1]["agent_id"]
        return BrainReply(tool_calls=(call("list_agents", "l"),))

    def interrupt(inp):
        assert tool_results(inp)[-1]["agents"][0]["state"] == "running"
        return BrainReply(tool_calls=(call("interrupt_agent", "i", agent_id=ids["agent"]),))

    def message(inp):
        assert tool_results(inp)[-1]["state"] == "interrupted"
        return BrainReply(tool_calls=(call("send_message", "m", agent_id=ids["agent"], text="also check 周报"),))

    brain = ScriptedBrain(spawn, lst, interrupt, message)
    sup = Supervisor(store, Ledger(store), m.id, brain, subagent_runner=runner)
    sup.followup()
    await asyncio.wait_for(sup.wait_idle(), 10)
    agent = sup.agents.get(ids["agent"])
    await wait_for(lambda: agent.state == "done")
    assert runs[1] == ["research 接口文档", "interrupted", "also check 周报"]  # history kept
    assert agent.result == "done after 3 messages"
    # Its result reaches the Supervisor's inbox and wakes it.
    await asyncio.wait_for(sup.wait_idle(), 10)
    assert any("subagent" in msg.content for inp in brain.inputs for msg in inp.messages if msg.role == "user")
    stored = await store.list_subagents(m.id)
    assert stored[0]["state"] == "done"
    await sup.close()


async def test_step_limit_goes_to_manual_review_and_the_watermark_converges(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "开始")

    def forever(inp):
        return BrainReply(tool_calls=(call("list_intents", f"x{inp.step}"),))

    brain = ScriptedBrain(*[forever] * 50)
    sup = Supervisor(store, Ledger(store), m.id, brain, limits=Limits(max_steps_per_turn=3))
    sup.followup()
    await asyncio.wait_for(sup.wait_idle(), 10)
    # The first turn made progress (seq 1 analysed), so a second turn runs; it makes none: review.
    assert len(brain.inputs) == 6 and brain.inputs[3].turn == 2
    assert sup.manual_review == ["step limit reached without progress"]
    assert (await store.get_binding(m.id)).analyzed_seq == 1


async def test_invalid_tool_arguments_are_tool_errors_not_crashes(store):
    m = await meeting(store)
    await store.append_utterance(m.id, "开始")
    brain = ScriptedBrain(lambda inp: BrainReply(tool_calls=(
        call("upsert_intent", "a", kind="task"),
        type(call("x"))(id="b", name="commit_intent", arguments="{not json"),
        call("drop_database", "c"),
    )))
    sup = Supervisor(store, Ledger(store), m.id, brain)
    sup.followup()
    await asyncio.wait_for(sup.wait_idle(), 10)
    errors = [r["error"] for r in tool_results(brain.inputs[1])]
    assert errors == ["invalid_arguments", "malformed_arguments", "unknown_tool"]
    assert sup.manual_review == []


async def test_turn_stopping_hook_keeps_the_turn_going_while_transcript_is_unanalyzed(store):
    # No coordinator: only the built-in unanalyzed_hook can notice the utterance that lands while
    # the brain thinks. Without it the turn would stop with seq 2 unread.
    m = await meeting(store)
    await store.append_utterance(m.id, "大家好")

    async def quiet_while_someone_speaks(inp):
        await store.append_utterance(m.id, "王五负责写周报")
        return BrainReply()

    brain = ScriptedBrain(quiet_while_someone_speaks)
    sup = Supervisor(store, Ledger(store), m.id, brain)
    sup.followup()
    await wait_for(lambda: len(brain.inputs) >= 2)
    async with asyncio.timeout(10):
        await sup.wait_idle()
    first, second = brain.inputs[:2]
    assert (first.turn, second.turn) == (1, 1) and second.step == 1
    assert [s for s, _ in second.context.unanalyzed] == [2]
    assert any(msg.role == "user" and "2–2" in msg.content for msg in second.messages)
    assert sup.turns == 1 and sup.analyzed_seq == 2
    await sup.close()
