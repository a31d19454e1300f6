"""The per-step prompt budget (issue #13): tool results page and clip, older results are compacted
before a model call, and a prompt that still cannot fit is refused before anything is sent."""

from __future__ import annotations

import asyncio
import json

import pytest

from intents import Ledger
from live.config import Settings
from live.llm_factory import make_brain
from models import PromptTooLarge
from supervisor.brains.openai_brain import OpenAIBrain
from supervisor.llm.budget import COMPACTED, estimate, fit
from supervisor.protocol import BrainReply
from supervisor.runtime import MAX_TOOL_RESULT_CHARS, Supervisor
from supervisor.tools import READ_CHARS, Toolbox
from tests.openai_fake.builders import assistant, step_input, tool, user
from tests.openai_fake.server import FakeOpenAI, text_reply
from tests.supervisor.sup_fakes import ScriptedBrain, call


def _history(n: int, size: int) -> list[dict]:
    msgs: list[dict] = [{"role": "system", "content": "rules"}, {"role": "user", "content": "go"}]
    for i in range(n):
        msgs.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{i}", "type": "function", "function": {"name": "read_transcript", "arguments": "{}"}}]})
        msgs.append({"role": "tool", "tool_call_id": f"c{i}", "content": "字" * size})
    return msgs


def test_fit_compacts_the_oldest_tool_results_first_and_keeps_the_unanswered_one():
    params = {"messages": _history(6, 3000)}
    assert estimate(params) > 18_000
    fitted, tokens, compacted = fit(params, 10_000)
    assert tokens <= 10_000 and compacted == 3
    contents = [m["content"] for m in fitted["messages"] if m["role"] == "tool"]
    assert contents[:3] == [COMPACTED] * 3 and all(c == "字" * 3000 for c in contents[3:])
    assert params["messages"][3]["content"] == "字" * 3000  # the caller's request is not mutated
    same, _, none = fit(params, 100_000)
    assert same is params and none == 0


def test_fit_refuses_what_compaction_cannot_save():
    params = {"messages": _history(1, 20_000)}  # the one result is the latest: never compacted
    with pytest.raises(PromptTooLarge) as err:
        fit(params, 5_000)
    assert err.value.limit == 5_000 and err.value.estimated > 5_000
    assert "MEETINGD_LLM_MAX_PROMPT_TOKENS" in err.value.message


async def test_openai_brain_checks_the_budget_before_every_call():
    async with FakeOpenAI() as srv:
        srv.script(text_reply("ok"), text_reply("ok"))
        brain = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=2.0, max_retries=0,
                            max_prompt_tokens=6_000)
        try:
            big = "字" * 3_000
            history = (user("seq 1 new"), assistant(("c1", "read_transcript", "{}")), tool("c1", big),
                       assistant(("c2", "read_transcript", "{}")), tool("c2", big))
            await brain.step(step_input(messages=history))
            [req] = srv.requests
            tools = [m["content"] for m in req["messages"] if m["role"] == "tool"]
            assert tools == [COMPACTED, big] and brain.last_prompt_tokens <= 6_000
            with pytest.raises(PromptTooLarge):
                await brain.step(step_input(messages=(user("x"), assistant(("c3", "read_transcript", "{}")),
                                                      tool("c3", "字" * 8_000))))
            assert len(srv.requests) == 1  # nothing was sent for the oversized step
        finally:
            await brain.aclose()


def test_the_limit_is_read_from_the_environment_once(monkeypatch, tmp_path):
    monkeypatch.setenv("MEETINGD_LLM_MAX_PROMPT_TOKENS", "9000")
    s = Settings(data_dir=tmp_path, llm_base_url="http://127.0.0.1:9/v1", llm_api_key="k", llm_model_id="m",
                 brain="openai")
    assert s.llm_max_prompt_tokens == 9000
    assert make_brain(s).primary.max_prompt_tokens == 9000


async def test_read_transcript_pages_and_list_intents_has_limit_and_offset(store):
    m = await store.create_meeting("长会", "zh", "suggest", ["张三"])
    for i in range(300):
        await store.append_utterance(m.id, f"第{i + 1}句" + "话" * 100)
    await store.append_utterance(m.id, "长" * 2000)
    box = Toolbox(store, Ledger(store), m.id)
    first = await box.call("read_transcript", json.dumps({"from_seq": 1}))
    assert sum(len(u["text"]) for u in first["utterances"]) <= READ_CHARS
    assert first["utterances"][0]["seq"] == 1 and first["next_from_seq"] == first["utterances"][-1]["seq"] + 1
    seen, page = [], first
    while True:
        seen += [u["seq"] for u in page["utterances"]]
        if "next_from_seq" not in page:
            break
        page = await box.call("read_transcript", json.dumps({"from_seq": page["next_from_seq"]}))
    assert seen == list(range(1, 302))  # every seq once, across the pages
    assert page["utterances"][-1]["text"].endswith("…[clipped]")
    tail = await box.call("read_transcript", json.dumps({"from_seq": 10, "to_seq": 12}))
    assert [u["seq"] for u in tail["utterances"]] == [10, 11, 12] and "next_from_seq" not in tail

    for i in range(45):
        await box.call("upsert_intent", json.dumps({"kind": "note", "payload": {"title": f"备注{i}", "body": "话"},
                                                    "evidence_seqs": [i + 1], "evidence": f"第{i + 1}句",
                                                    "basis_sequence": 301}))
    one = await box.call("list_intents", "{}")
    assert (len(one["intents"]), one["total"], one["next_offset"]) == (30, 45, 30)
    two = await box.call("list_intents", json.dumps({"offset": 30, "limit": 30}))
    assert len(two["intents"]) == 15 and "next_offset" not in two
    ids = [i["intent_id"] for i in one["intents"] + two["intents"]]
    assert len(set(ids)) == 45


async def test_a_step_whose_prompt_cannot_fit_goes_to_rules_and_manual_review(store):
    m = await store.create_meeting("周会", "zh", "execute", ["王五"])
    await store.append_utterance(m.id, "王五负责写周报，周五之前完成。")

    class Oversized:
        name = "openai"

        async def step(self, inp):
            raise PromptTooLarge(50_000, 24_000)

    sup = Supervisor(store, Ledger(store), m.id, Oversized())
    sup.followup()
    async with asyncio.timeout(10):
        await sup.wait_idle()
    assert [r for r in sup.manual_review if r.startswith("prompt too large")] == [
        "prompt too large: " + PromptTooLarge(50_000, 24_000).message]
    assert [t["owner"] for t in await store.business_rows(m.id, "tasks")] == ["王五"]  # rules answered
    await sup.close()


async def test_a_huge_tool_result_is_clipped_with_a_marker(store):
    m = await store.create_meeting("周会", "zh", "suggest", ["王五"])
    for _ in range(12):
        await store.append_utterance(m.id, '"' * 600)  # JSON doubles every quote: a page of 14,000 chars
    brain = ScriptedBrain(lambda inp: BrainReply(tool_calls=(call("read_transcript", "b", from_seq=1),)))
    sup = Supervisor(store, Ledger(store), m.id, brain)
    sup.followup()
    async with asyncio.timeout(10):
        await sup.wait_idle()
    [result] = [msg.content for msg in brain.inputs[1].messages if msg.role == "tool"]
    assert len(result) < MAX_TOOL_RESULT_CHARS + 200
    assert result[:MAX_TOOL_RESULT_CHARS].startswith('{"latest_seq": 12')
    assert "…[truncated: " in result and "read_transcript from_seq/to_seq" in result
    await sup.close()


async def test_record_mode_gets_a_matching_prompt_and_no_ledger_tools(store):
    m = await store.create_meeting("记录", "zh", "record", ["王五"])
    await store.append_utterance(m.id, "王五负责写周报，周五之前完成。")
    async with FakeOpenAI() as srv:
        srv.script(text_reply("王五将在周五前写周报。"))
        brain = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=2.0, max_retries=0)
        sup = Supervisor(store, Ledger(store), m.id, brain)
        try:
            sup.followup()
            async with asyncio.timeout(10):
                await sup.wait_idle()
        finally:
            await sup.close()
            await brain.aclose()
        [req] = srv.requests  # one call for the utterance, no refusals to retry
    names = {t["function"]["name"] for t in req["tools"]}
    assert names == {"read_transcript", "spawn_agent", "list_agents", "send_message", "interrupt_agent"}
    system = req["messages"][0]["content"]
    assert "record（仅记录）模式" in system and "upsert_intent" not in system and "commit_intent" not in system
    assert await store.list_intents(m.id) == [] and sup.manual_review == []
