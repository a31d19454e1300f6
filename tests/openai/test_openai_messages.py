"""build_messages repairs any history into a chat that strict servers accept; tool schemas inline."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from supervisor import prompts
from supervisor.llm.wire import build_messages
from supervisor.protocol import Message, ToolCall
from supervisor.tool_args import TOOL_ARGS
from supervisor.tool_specs import inline_schema, tool_specs
from tests.openai_fake.builders import assistant, tool, user
from tests.openai_fake.strict import assert_strict_chat


def test_missing_result_is_synthesised_and_orphan_becomes_user_note():
    msgs = build_messages(
        "SYS",
        (
            user("seq 1-3 new"),
            assistant(("a", "list_intents", "{}"), ("b", "read_transcript", '{"from_seq": 1}')),
            tool("a", '{"intents": []}'),
            tool("zzz", "late result of a call that was trimmed", name="read_transcript"),
        ),
    )
    assert_strict_chat(msgs)
    tools = {m["tool_call_id"]: m["content"] for m in msgs if m["role"] == "tool"}
    assert tools["a"] == '{"intents": []}'
    assert json.loads(tools["b"])["status"] == "skipped"
    assert msgs[-1]["role"] == "user" and "late result of a call that was trimmed" in msgs[-1]["content"]


def test_steering_between_call_and_result_moves_after_the_result():
    msgs = build_messages(
        "SYS", (user("go"), assistant(("a", "list_intents", "{}")), user("seq 9 new"), tool("a", "R"))
    )
    assert_strict_chat(msgs)
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "tool", "user"]
    assert msgs[3]["content"] == "R" and msgs[4]["content"] == "seq 9 new"


def test_missing_and_duplicate_ids_are_replaced_consistently():
    msgs = build_messages(
        "SYS",
        (
            user("go"),
            assistant(("x", "list_intents", "{}"), ("x", "list_agents", "{}"), ("", "read_transcript", "{}")),
            tool("x", "first"),
            tool("x", "second"),
            tool(None, "third"),
        ),
    )
    assert_strict_chat(msgs)
    calls = msgs[2]["tool_calls"]
    results = {m["tool_call_id"]: m["content"] for m in msgs[3:]}
    assert [results[c["id"]] for c in calls] == ["first", "second", "third"]


def test_malformed_arguments_in_history_are_wrapped_as_json():
    broken = '{"intent_id": "i1", '
    msgs = build_messages(
        "SYS",
        (
            user("go"),
            assistant(("a", "commit_intent", broken), ("b", "list_agents", "")),
            tool("a", "E"),
            tool("b", "R"),
        ),
    )
    assert_strict_chat(msgs)
    args = [c["function"]["arguments"] for c in msgs[2]["tool_calls"]]
    assert json.loads(args[0]) == {"_invalid_arguments": broken} and args[1] == "{}"


def test_turn_without_user_message_gets_kickoff_and_users_merge():
    msgs = build_messages("SYS", (assistant(text="thinking"), user("a"), user("b")), language="en")
    assert_strict_chat(msgs)
    assert msgs[1] == {"role": "user", "content": prompts.kickoff("en")}
    assert msgs[-1] == {"role": "user", "content": "a\n\nb"}
    assert build_messages("SYS", ())[1]["content"] == prompts.kickoff("zh")


def test_empty_assistant_message_is_dropped():
    msgs = build_messages("SYS", (user("go"), assistant(text=""), user("more")))
    assert [m["role"] for m in msgs] == ["system", "user"]


_ids = st.sampled_from(["a", "b", "c", "", "call_1"])
_args = st.sampled_from(["{}", '{"status": "detected"}', "", "{oops", "[1]", "null"])
_calls = st.lists(st.builds(ToolCall, _ids, st.sampled_from(list(TOOL_ARGS)), _args), max_size=3)
_message = st.one_of(
    st.builds(Message, st.just("user"), st.text(max_size=5)),
    st.builds(Message, st.just("assistant"), st.text(max_size=5), st.tuples(*[]) | _calls.map(tuple)),
    st.builds(Message, st.just("tool"), st.text(max_size=5), st.just(()), st.one_of(st.none(), _ids)),
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(_message, max_size=12))
def test_any_history_becomes_a_strictly_valid_chat(history):
    msgs = build_messages("SYS", tuple(history))
    assert_strict_chat(msgs)
    # every call the model made is still there (repaired, never silently dropped)
    sent = sum(len(m.get("tool_calls") or []) for m in msgs)
    assert sent == sum(len(m.tool_calls) for m in history)


def test_tool_schemas_are_inlined_and_keep_fields():
    specs = {s.name: s for s in tool_specs()}
    assert list(specs) == list(TOOL_ARGS)
    for name, spec in specs.items():
        text = json.dumps(spec.parameters)
        assert "$ref" not in text and "$defs" not in text, name
        assert set(spec.parameters["properties"]) == set(TOOL_ARGS[name].model_fields), name
        assert spec.description
    status = specs["list_intents"].parameters["properties"]["status"]
    assert status["type"] == ["string", "null"] and None in status["enum"] and "detected" in status["enum"]
    kind = specs["upsert_intent"].parameters["properties"]["kind"]
    assert kind["enum"] == ["task", "decision", "note", "question"]
    assert set(specs["upsert_intent"].parameters["required"]) >= {
        "kind",
        "payload",
        "evidence",
        "basis_sequence",
    }


def test_inline_schema_keeps_a_property_named_title_and_nested_models():
    class Inner(BaseModel):
        title: str

    class Outer(BaseModel):
        title: str
        inner: Inner
        maybe: Inner | None = None

    schema = inline_schema(Outer.model_json_schema())
    assert "title" in schema["properties"] and "title" not in schema
    assert schema["properties"]["inner"]["properties"]["title"] == {"type": "string"}
    assert "$ref" not in json.dumps(schema)
    maybe = schema["properties"]["maybe"]
    assert maybe["type"] == ["object", "null"] and maybe["properties"]["title"] == {"type": "string"}


def test_prompts_cover_the_rules_in_both_languages():
    zh, en = prompts.system_prompt("zh", "suggest"), prompts.system_prompt("en", "suggest")
    for word in (
        "null",
        "evidence_seqs",
        "expected_revision",
        "basis_sequence",
        "ask_clarification",
        "conflict",
    ):
        assert word in zh and word in en
    assert "不对" in zh and "actually" in en
    assert "suggest" in zh.splitlines()[-1] and "suggest" in en.splitlines()[-1]
    assert prompts.system_prompt(None) == prompts.system_prompt("zh")
