"""LLM subagents through the Supervisor: create / list / message / interrupt / continue, with one
scripted FakeOpenAI driving both the Supervisor's model and the subagent's model."""

from __future__ import annotations

import asyncio
import json
from collections import deque

import pytest

from live.config import Settings
from live.service import MeetingService
from supervisor.brains.llm_subagent import READ_ONLY_TOOLS, LLMSubagentRunner
from supervisor.subagents import Subagent
from tests.openai.llm_e2e import close_live, open_live, openai_brain, results_by_name, wait_until
from tests.openai_fake.server import FakeOpenAI, Reply, error_reply, text_reply, tool_reply

U1 = "登录页面的改版给张三负责，周五之前完成。"


def is_subagent(body) -> bool:
    return "子代理" in body["messages"][0]["content"] or "subagent of the meeting" in body["messages"][0]["content"]


def agent_id_in(body) -> str:
    for m in body["messages"]:
        if m["role"] == "tool" and '"agent_id"' in m["content"]:
            return json.loads(m["content"])["agent_id"]
    raise AssertionError("no agent_id in the history")


def runner_for(srv: FakeOpenAI, **kw) -> LLMSubagentRunner:
    return LLMSubagentRunner(srv.base_url, srv.api_key, srv.model, **({"timeout_s": 5.0, "backoff_s": 0.01} | kw))


async def test_create_list_interrupt_message_continue_through_the_supervisor(tmp_path):
    sup_script: deque = deque()
    sub_script: deque = deque()
    sup_bodies, sub_bodies = [], []
    a2_arrived, never = asyncio.Event(), asyncio.Event()

    def router(body):
        if is_subagent(body):
            sub_bodies.append(body)
            entry = sub_script.popleft() if sub_script else text_reply("(nothing more)")
        else:
            sup_bodies.append(body)
            entry = sup_script.popleft() if sup_script else text_reply("好的。")
        return entry(body) if callable(entry) else entry

    def a2(body):
        a2_arrived.set()
        return Reply(text="(never delivered)", hold=never)

    sup_script.extend([
        tool_reply(("spawn_agent", {"task": "调研：登录页面改版的负责人和截止时间"})),
        Reply(tool_calls=tool_reply(("list_agents", {})).tool_calls, hold=a2_arrived),
        lambda body: tool_reply(("interrupt_agent", {"agent_id": agent_id_in(body)})),
        lambda body: tool_reply(("send_message", {"agent_id": agent_id_in(body), "text": "继续，只需要告诉我负责人。"})),
    ])
    sub_script.extend([
        tool_reply(("read_transcript", {"from_seq": 1}),
                   ("commit_intent", {"intent_id": "x", "basis_sequence": 1, "intent_revision": 1})),
        a2,
        text_reply("负责人是张三：[1]「登录页面的改版给张三负责」"),
    ])
    async with FakeOpenAI(default=router) as srv:
        runner = runner_for(srv)
        live = await open_live(tmp_path, openai_brain(srv), runner=runner)
        try:
            await live.say(U1)

            def result_seen():
                return any("负责人是张三" in m["content"] for b in sup_bodies for m in b["messages"]
                           if m["role"] == "user")

            await wait_until(result_seen, within=15)
            await live.settle()
            [agent] = live.sup.agents.list()
            assert agent["state"] == "done" and agent["result"].startswith("负责人是张三")

            seen = {}
            for b in sup_bodies:
                for name, results in results_by_name(b).items():
                    seen[name] = results[0]
            assert seen["spawn_agent"]["state"] == "running"
            assert [a["state"] for a in seen["list_agents"]["agents"]] == ["running"]
            assert seen["interrupt_agent"]["state"] == "interrupted"
            assert seen["send_message"]["agent_id"] == agent["agent_id"]

            assert len(sub_bodies) == 3
            for b in sub_bodies:
                assert sorted(t["function"]["name"] for t in b["tools"]) == sorted(READ_ONLY_TOOLS)
            cont = sub_bodies[2]  # the continued agent sees its whole history
            roles = [m["role"] for m in cont["messages"]]
            assert roles == ["system", "user", "assistant", "tool", "tool", "user"]
            assert "调研：登录页面改版" in cont["messages"][1]["content"]
            got = results_by_name(cont)
            assert got["read_transcript"][0]["utterances"] == [{"seq": 1, "text": U1}]
            assert got["commit_intent"][0]["error"] == "not_allowed"  # read-only tools only
            assert "中断" in cont["messages"][-1]["content"] and "只需要告诉我负责人" in cont["messages"][-1]["content"]

            assert await live.store.business_rows(live.id, "tasks") == []
            [stored] = await live.store.list_subagents(live.id)
            assert stored["state"] == "done"
            assert (await live.store.trace_stats(live.id, agent["agent_id"]))["llm_calls"] == 2  # A2 was cut off
        finally:
            await close_live(live)
            await runner.aclose()


async def test_subagent_falls_back_to_offline_retrieval_when_the_model_is_down(tmp_path):
    async with FakeOpenAI(default=error_reply(503)) as srv:
        runner = runner_for(srv, max_retries=1)
        live = await open_live(tmp_path, openai_brain(srv, max_retries=0))
        try:
            await live.say(U1, notify=False)
            agent = Subagent("agent_t", "登录页面的改版", None, history=[{"role": "user", "text": "登录页面的改版"}])
            out = await runner(agent, live.store, live.id)
            assert out.startswith("（模型不可用") and U1 in out
            # Only the subagent's requests count: the Supervisor's coordinator may resume the meeting
            # (and ask the same server) while the utterance is appended.
            asked = [b for b in srv.requests if is_subagent(b)]
            assert runner.failures == 1 and len(asked) == 2  # one retry, then the offline result
        finally:
            await close_live(live)
            await runner.aclose()


async def test_subagent_run_is_bounded_and_budgeted(tmp_path):
    async with FakeOpenAI(default=tool_reply(("list_intents", {}))) as srv:
        runner = runner_for(srv, max_steps=3)
        live = await open_live(tmp_path, openai_brain(srv))
        try:
            await live.say(U1, notify=False)
            agent = Subagent("agent_b", "loop forever", None, history=[{"role": "user", "text": "loop forever"}])
            out = await runner(agent, live.store, live.id)
            asked = [b for b in srv.requests if is_subagent(b)]
            assert len(asked) == 3
            assert "tools" not in asked[-1]  # the last allowed step must answer
            assert out  # whatever the model said last, never an endless loop
            runner.max_calls = runner.calls
            again = await runner(agent, live.store, live.id)
            asked = [b for b in srv.requests if is_subagent(b)]
            assert again.startswith("（模型不可用") and len(asked) == 3  # budget spent: no request
        finally:
            await close_live(live)
            await runner.aclose()


@pytest.mark.parametrize("configured", [True, False])
async def test_service_uses_llm_subagents_only_when_llm_is_configured(tmp_path, configured):
    llm = {"LLM_BASE_URL": "http://127.0.0.1:9/v1", "LLM_API_KEY": "k", "LLM_MODEL_ID": "m"} if configured else {}
    svc = await MeetingService.open(Settings(data_dir=tmp_path, **llm))
    try:
        m = await svc.create_meeting("周会", "zh", "suggest", ["张三"])
        runner = (await svc.coordinator(m.id)).supervisor.agents.runner
        assert isinstance(runner, LLMSubagentRunner) is configured
    finally:
        await svc.close()
