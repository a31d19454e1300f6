"""bench/llm_cost.py stays runnable: its context parser inverts StepContext.render, and one
fixture replays on the model path with the same items as the rules brain."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path

from supervisor.protocol import StepContext

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "meetings" / "zh_release_handover.json"


def load_bench():
    spec = importlib.util.spec_from_file_location("llm_cost_bench", ROOT / "bench" / "llm_cost.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_parse_context_inverts_render():
    bench = load_bench()
    ctx = StepContext(
        meeting_id="mtg_1", title="周会 (第 3 次)", language="zh", mode="execute", participants=("张三", "李四"),
        latest_seq=5, analyzed_seq=3, unanalyzed=((4, "不对，给李四吧。"), (5, "好的")),
        recent=((2, "登录页面的改版给张三负责，周五之前完成。"), (3, "嗯")),
        open_intents=({"intent_id": "int_a", "kind": "task", "status": "detected", "revision": 2,
                       "payload": {"title": "登录页面的改版", "owner": "李四", "due_date_raw": None},
                       "evidence_seqs": [2, 4]},),
        summary="会议「周会」共 3 条发言。\n\n决定：无",
    )
    assert bench.parse_context("当前会议上下文：\n" + ctx.render() + "\n\n请分析") == ctx
    dated = dataclasses.replace(ctx, meeting_date="2026-03-11")
    assert bench.parse_context("当前会议上下文：\n" + dated.render() + "\n\n请分析") == dated


async def test_one_fixture_on_the_model_path_measures_calls_and_tokens():
    bench = load_bench()
    row = await bench.measure(FIXTURE)
    assert row["status"] == "ended"
    assert row["calls"] == row["stats_llm_calls"] >= row["utterances"]  # at least one step per utterance
    assert row["finalize_calls"] == 2  # second-opinion review + summary
    assert row["items"] >= 1 and row["prompt"] > row["completion"] > 0
