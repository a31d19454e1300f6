"""OpenAIBrain through the real openai SDK over HTTP to the scripted fake server."""

from __future__ import annotations

import json
import time

import pytest

from models import BrainError
from supervisor.brains.openai_brain import OpenAIBrain
from supervisor.protocol import Message, ToolCall
from supervisor.tool_args import TOOL_ARGS
from tests.openai_fake.builders import assistant, context, step_input, tool, user
from tests.openai_fake.server import FakeOpenAI, Reply, error_reply, text_reply, tool_reply
from tests.openai_fake.strict import assert_strict_chat

UPSERT = {
    "kind": "task",
    "payload": {"title": "提交报告", "owner": "张三", "due_date_raw": "周五前", "priority": "unspecified"},
    "evidence_seqs": [1],
    "evidence": "张三负责周五前提交报告",
    "basis_sequence": 1,
}


@pytest.fixture
async def srv():
    async with FakeOpenAI() as server:
        yield server


@pytest.fixture
async def brain(srv):
    b = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=2.0, max_retries=2, backoff_s=0.01)
    yield b
    await b.aclose()


async def test_request_shape_model_tools_system_and_pairing(srv, brain):
    srv.script(text_reply("ok"))
    history = (
        user("seq 1 new"),
        assistant(("call_a", "upsert_intent", json.dumps(UPSERT)), ("call_b", "list_intents", "{}")),
        tool("call_a", '{"intent_id":"i1","revision":1,"status":"detected"}'),
        tool("call_b", '{"intents":[]}'),
    )
    await brain.step(step_input(messages=history))
    [req] = srv.requests
    assert req["model"] == srv.model
    assert req["tool_choice"] == "auto"
    assert req["temperature"] == 0
    names = [t["function"]["name"] for t in req["tools"]]
    assert sorted(names) == sorted(TOOL_ARGS) and len(names) == 10
    for t in req["tools"]:
        assert t["type"] == "function" and "strict" not in t["function"]
        assert "$ref" not in json.dumps(t) and "$defs" not in json.dumps(t)
    msgs = req["messages"]
    assert_strict_chat(msgs)
    assert "张三负责周五前提交报告。" not in msgs[0]["content"]  # the system message is the rules only
    assert '"text": "张三负责周五前提交报告。"' in msgs[1]["content"]  # the context is data, in the user message
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "tool", "tool"]
    assert [m["tool_call_id"] for m in msgs[3:]] == ["call_a", "call_b"]
    assert msgs[2]["tool_calls"][0]["function"]["arguments"] == json.dumps(UPSERT)
    assert srv.recorded[0].headers["authorization"] == f"Bearer {srv.api_key}"


async def test_tool_call_returned_with_raw_arguments_and_usage(srv, brain):
    raw = json.dumps(UPSERT, ensure_ascii=False)
    srv.script(tool_reply(("upsert_intent", raw, "call_xyz"), prompt_tokens=321, completion_tokens=54))
    reply = await brain.step(step_input())
    assert reply.tool_calls == (ToolCall("call_xyz", "upsert_intent", raw),)
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (321, 54)


async def test_malformed_arguments_and_unknown_tool_pass_through_raw(srv, brain):
    broken = '{"intent_id": "i1", "basis_sequence": '
    srv.script(tool_reply(("commit_intent", broken), ("delete_everything", '{"all": true}')))
    reply = await brain.step(step_input())
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [
        ("commit_intent", broken),
        ("delete_everything", '{"all": true}'),
    ]
    assert len({c.id for c in reply.tool_calls}) == 2


async def test_text_only_answer_has_no_tool_calls(srv, brain):
    srv.script(text_reply("<think>hmm</think>没有新的事项。"))
    reply = await brain.step(step_input())
    assert reply.text == "没有新的事项。"
    assert reply.tool_calls == ()


async def test_text_embedded_hermes_tool_call_is_recovered(srv, brain):
    srv.script(
        text_reply('<tool_call>{"name": "list_intents", "arguments": {"status": "detected"}}</tool_call>')
    )
    reply = await brain.step(step_input())
    assert [(c.name, json.loads(c.arguments)) for c in reply.tool_calls] == [
        ("list_intents", {"status": "detected"})
    ]
    assert reply.text == ""


async def test_500_then_success_is_retried(srv, brain):
    srv.script(error_reply(500), error_reply(503), text_reply("fine"))
    reply = await brain.step(step_input())
    assert reply.text == "fine"
    assert len(srv.requests) == 3 and brain.requests == 3
    assert srv.requests[0] == srv.requests[2]  # a retry resends the same request


async def test_429_honours_retry_after(srv, brain):
    srv.script(error_reply(429, retry_after=0.2), text_reply("ok"))
    t0 = time.monotonic()
    reply = await brain.step(step_input())
    assert reply.text == "ok" and len(srv.requests) == 2
    assert time.monotonic() - t0 >= 0.2


async def test_client_error_is_not_retried(srv, brain):
    srv.script(error_reply(400, error_message="bad tools"), text_reply("never"))
    with pytest.raises(BrainError) as exc:
        await brain.step(step_input())
    assert (exc.value.kind, exc.value.status, exc.value.attempts) == ("status", 400, 1)
    assert len(srv.requests) == 1 and srv.pending == 1


async def test_persistent_5xx_raises_brain_error_after_bounded_retries(srv, brain):
    srv.script(*[error_reply(500)] * 3, text_reply("too late"))
    with pytest.raises(BrainError) as exc:
        await brain.step(step_input())
    assert exc.value.attempts == 3 and exc.value.code == "brain_error"
    assert len(srv.requests) == 3


async def test_timeout_is_retried_then_raises(srv):
    b = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=0.3, max_retries=1, backoff_s=0.01)
    srv.script(Reply(text="slow", delay_s=5), Reply(text="slow", delay_s=5))
    t0 = time.monotonic()
    with pytest.raises(BrainError) as exc:
        await b.step(step_input())
    elapsed = time.monotonic() - t0
    await b.aclose()
    assert exc.value.kind == "timeout" and exc.value.attempts == 2
    assert len(srv.requests) == 2
    assert 0.6 <= elapsed < 3.0


async def test_timeout_then_success(srv):
    b = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=0.3, max_retries=1, backoff_s=0.01)
    srv.script(Reply(text="slow", delay_s=5), text_reply("quick"))
    reply = await b.step(step_input())
    await b.aclose()
    assert reply.text == "quick"


async def test_unusable_body_is_retried(srv, brain):
    srv.script(
        Reply(raw_body="<html>gateway</html>"), Reply(raw_body='{"id": "x", "choices": []}'), text_reply("ok")
    )
    reply = await brain.step(step_input())
    assert reply.text == "ok" and len(srv.requests) == 3


async def test_missing_usage_is_estimated(srv, brain):
    srv.script(text_reply("好的", include_usage=False))
    reply = await brain.step(step_input())
    assert reply.usage.prompt_tokens > 100  # system prompt + context + tools
    assert reply.usage.completion_tokens >= 2


async def test_stream_assembles_text_tool_calls_and_usage(srv):
    b = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=2, max_retries=0, stream=True)
    raw = json.dumps(UPSERT, ensure_ascii=False)
    srv.script(
        tool_reply(
            ("upsert_intent", raw, "c1"),
            ("list_intents", "{}", "c2"),
            text="记录任务",
            chunk_size=5,
            prompt_tokens=77,
            completion_tokens=11,
        )
    )
    reply = await b.step(step_input())
    await b.aclose()
    req = srv.requests[0]
    assert req["stream"] is True and req["stream_options"] == {"include_usage": True}
    assert reply.text == "记录任务"
    assert reply.tool_calls == (ToolCall("c1", "upsert_intent", raw), ToolCall("c2", "list_intents", "{}"))
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (77, 11)


async def test_slow_stream_within_deadline_completes(srv):
    b = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=3, max_retries=0, stream=True)
    srv.script(text_reply("a slow but steady answer", chunk_size=4, chunk_delay_s=0.03))
    reply = await b.step(step_input())
    await b.aclose()
    assert reply.text == "a slow but steady answer"


async def test_slow_stream_past_deadline_times_out_although_each_chunk_is_quick(srv):
    # every chunk arrives well within the HTTP read timeout; only the per-attempt deadline catches it
    b = OpenAIBrain(
        srv.base_url, srv.api_key, srv.model, timeout_s=0.4, max_retries=1, stream=True, backoff_s=0.01
    )
    slow = Reply(text="x" * 200, chunk_size=2, chunk_delay_s=0.05)
    srv.script(slow, text_reply("fast", chunk_size=50))
    reply = await b.step(step_input())
    await b.aclose()
    assert reply.text == "fast" and len(srv.requests) == 2


async def test_two_steps_of_one_turn_pair_ids_and_carry_steering(srv, brain):
    """Step 1 calls a tool; a new utterance arrives before step 2; step 2's request shows the
    new utterance in the (still single) system message, the steering note as a user message after
    the tool result, and pairs the tool result with the server's call id."""
    srv.script(tool_reply(("upsert_intent", UPSERT)), text_reply("done"))
    ctx1 = context(((1, "张三负责周五前提交报告。"),))
    r1 = await brain.step(step_input(ctx1, (user("seq 1 new"),)))
    [call] = r1.tool_calls
    history = (
        user("seq 1 new"),
        Message(role="assistant", content=r1.text, tool_calls=r1.tool_calls),
        tool(call.id, '{"intent_id":"i1","revision":1,"status":"detected"}'),
        user("seq 2 new"),
    )
    ctx2 = context(((1, "张三负责周五前提交报告。"), (2, "不对，改成李四负责。")), analyzed_seq=1)
    await brain.step(step_input(ctx2, history, step=1))
    msgs = srv.requests[1]["messages"]
    assert_strict_chat(msgs)
    assert "不对，改成李四负责。" in msgs[1]["content"] and "不对，改成李四负责。" not in msgs[0]["content"]
    assert msgs[2]["tool_calls"][0]["id"] == call.id and msgs[3]["tool_call_id"] == call.id
    assert msgs[-1] == {"role": "user", "content": "seq 2 new"}


async def test_english_meeting_gets_english_prompt(srv, brain):
    srv.script(text_reply("ok"))
    await brain.step(step_input(context(((1, "Alice will ship it Friday."),), language="en")))
    system, first = (m["content"] for m in srv.requests[0]["messages"][:2])
    assert "Record only what the transcript says" in system and "Alice will ship it Friday." in first
    assert first.startswith("Current meeting context:")


async def test_models_endpoint_and_from_env(srv):
    env = {
        "LLM_BASE_URL": srv.base_url,
        "LLM_API_KEY": srv.api_key,
        "LLM_MODEL_ID": srv.model,
        "LLM_TIMEOUT_S": "5",
    }
    b = OpenAIBrain.from_env(env)
    assert b is not None and b.timeout_s == 5 and b.model == srv.model
    assert OpenAIBrain.from_env({"LLM_BASE_URL": srv.base_url}) is None
    srv.script(text_reply("hi"))
    assert (await b.step(step_input())).text == "hi"
    await b.aclose()
