"""The optional LLM second opinion at finalize: flags are added to review.issues, the summary is
used only when its quotes are verbatim, and the minutes' items never change."""

from __future__ import annotations

import json

import pytest

from coordinator.finalize import finalize_meeting
from coordinator.llm_review import LLMReviewer, parse_flags, quoted_fragments, summary_is_grounded
from intents import Ledger
from store import Store
from tests.openai_fake.server import FakeOpenAI, error_reply, text_reply

TRANSCRIPT = ["王五负责写周报，周五之前交。", "我觉得可以考虑换个数据库。", "就这么定了，下周一发布。"]


async def ended_ready_meeting(tmp_path):
    """A converged meeting: three utterances, a task and a decision applied, all analysed."""
    store = await Store.open(tmp_path / "m.db")
    m = await store.create_meeting("周会", "zh", "execute", ["王五", "李四"])
    ledger = Ledger(store)
    for text in TRANSCRIPT:
        await store.append_utterance(m.id, text)
    task = await ledger.upsert(m.id, kind="task", payload={"title": "写周报", "owner": "王五",
                                                          "due_date_raw": "周五之前"},
                               evidence_seqs=[1], evidence="王五负责写周报，周五之前交", basis_sequence=3)
    decision = await ledger.upsert(m.id, kind="decision", payload={"text": "下周一发布"}, evidence_seqs=[3],
                                   evidence="就这么定了，下周一发布", basis_sequence=3)
    for r in (task, decision):
        assert (await ledger.commit(m.id, r["intent_id"], 3, 1))["status"] == "applied"
    await store.update_binding(m.id, analyzed_seq=3)
    return store, m, task["intent_id"], decision["intent_id"]


def routed(review_answer: str, summary_answer: str):
    def reply(body):
        system = body["messages"][0]["content"]
        return text_reply(review_answer if "审核员" in system else summary_answer)

    return reply


def test_parse_flags_keeps_only_applied_ids_and_tolerates_noise():
    text = ('<think>hmm</think>好的：{"flags": [{"intent_id": "a", "problem": "owner  not said"}, '
            '{"intent_id": "zzz", "problem": "unknown"}, {"intent_id": "a", "problem": "owner not said"}, 7]}')
    assert parse_flags(text, ["a", "b"]) == [{"intent_id": "a", "problem": "owner not said", "source": "llm"}]
    assert parse_flags("no json here", ["a"]) == []
    assert parse_flags('{"flags": "none"}', ["a"]) == []
    assert parse_flags('{"flags": [', ["a"]) == []


def test_summary_grounding_checks_every_quote():
    assert quoted_fragments("甲说「周五之前交」，乙说“下周一发布”。") == ["周五之前交", "下周一发布"]
    assert summary_is_grounded("会议决定「下周一发布」，王五负责周报。", TRANSCRIPT)
    assert summary_is_grounded("Plain summary without quotes.", TRANSCRIPT)
    assert not summary_is_grounded("会议决定「下周二发布」。", TRANSCRIPT)
    assert not summary_is_grounded("   ", TRANSCRIPT)
    assert not summary_is_grounded("x" * 5000, TRANSCRIPT)


async def test_llm_flags_are_added_to_review_and_grounded_summary_is_used(tmp_path):
    store, m, task_id, decision_id = await ended_ready_meeting(tmp_path)
    flags = {"flags": [{"intent_id": decision_id, "problem": "发布日期只在一句话里出现"},
                       {"intent_id": "int_invented", "problem": "invented"}]}
    summary = "会议确定「就这么定了，下周一发布」，王五负责写周报。"
    async with FakeOpenAI(default=routed(json.dumps(flags, ensure_ascii=False), summary)) as srv:
        reviewer = LLMReviewer(srv.base_url, srv.api_key, srv.model, timeout_s=5)
        try:
            result = await finalize_meeting(store, m.id, second_opinion=reviewer)
        finally:
            await reviewer.aclose()
            await store.close()
        assert result["status"] == "ended"
        minutes = result["minutes"]
        assert minutes["review"]["status"] == "issues"
        assert minutes["review"]["issues"] == [{"intent_id": decision_id, "problem": "发布日期只在一句话里出现",
                                                "source": "llm"}]
        assert minutes["summary"] == summary and summary in result["markdown"]
        # the items are the code's, untouched by the second opinion
        assert [(a["intent_id"], a["owner"], a["due_date_raw"]) for a in minutes["action_items"]] == [
            (task_id, "王五", "周五之前")]
        assert [d["intent_id"] for d in minutes["decisions"]] == [decision_id]
        review_req = next(r for r in srv.requests if "审核员" in r["messages"][0]["content"])
        assert task_id in review_req["messages"][1]["content"] and TRANSCRIPT[0] in review_req["messages"][1]["content"]
        assert "tools" not in review_req and len(srv.requests) == 2


@pytest.mark.parametrize("bad", ["summary", "down"])
async def test_ungrounded_summary_or_dead_model_falls_back_to_the_code_summary(tmp_path, bad):
    store, m, _, _ = await ended_ready_meeting(tmp_path)
    default = (routed('{"flags": []}', "会议决定「下周二发布」。") if bad == "summary"
               else error_reply(500))
    async with FakeOpenAI(default=default) as srv:
        reviewer = LLMReviewer(srv.base_url, srv.api_key, srv.model, timeout_s=5)
        try:
            result = await finalize_meeting(store, m.id, second_opinion=reviewer)
        finally:
            await reviewer.aclose()
            await store.close()
    assert result["status"] == "ended"
    minutes = result["minutes"]
    assert minutes["review"] == {"status": "ok", "issues": []}
    assert minutes["summary"].startswith("会议「周会」共 3 条发言")  # the extractive summary
    if bad == "summary":
        assert reviewer.rejected_summary == "会议决定「下周二发布」。"
    else:
        assert reviewer.errors and len(reviewer.errors) == 2
