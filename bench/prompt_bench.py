"""Prompt size of one model call late in a long meeting (issue #13).

A real store holds 2,000 utterances and 200 intents. A turn at utterance 2,000 runs 12 steps in
which the model asks for the whole intent list and a long transcript range every step (the worst
case the tools allow). For each step the request the OpenAI brain would send is built (no network):
its characters and estimated tokens with the tools' paging alone, and after the per-step budget
(``MEETINGD_LLM_MAX_PROMPT_TOKENS``, older tool results compacted first).

    .venv/bin/python bench/prompt_bench.py [--utterances 2000] [--intents 200] [--limit 24000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path

from intents import Ledger
from models import PromptTooLarge
from store import Store
from supervisor.brains.openai_brain import OpenAIBrain
from supervisor.context import build_context
from supervisor.llm.budget import estimate, fit
from supervisor.protocol import Message, StepInput, ToolCall
from supervisor.runtime import clip_tool_result
from supervisor.tools import Toolbox, tool_specs

PEOPLE = ["张三", "李四", "王五", "赵六"]


async def run(n: int, n_intents: int, limit: int, steps: int) -> list[dict[str, int]]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        m = await store.create_meeting("长会议", "zh", "suggest", PEOPLE)
        ledger = Ledger(store)
        for i in range(n):
            who = PEOPLE[i % len(PEOPLE)]
            await store.append_utterance(m.id, f"{who}负责第{i + 1}项工作的跟进，包括接口文档、测试用例和发布计划，周五之前完成。")
        for i in range(n_intents):
            seq = 1 + i * (n // n_intents)
            u = (await store.list_utterances(m.id, seq, seq))[0]
            await ledger.upsert(m.id, kind="task", payload={"title": f"第{seq}项工作的跟进", "owner": PEOPLE[(seq - 1) % 4],
                                                           "priority": "unspecified"},
                                evidence_seqs=[seq], evidence=u.text, basis_sequence=n)
        box = Toolbox(store, ledger, m.id)
        brain = OpenAIBrain("http://127.0.0.1:9/v1", "k", "bench-model")
        ctx = await build_context(store, m.id, n - 30)
        history: list[Message] = [Message("user", f"新的会议转录：序号 {n - 29}–{n}。")]
        rows = []
        for step in range(steps):
            calls = (ToolCall(f"l{step}", "list_intents", json.dumps({"limit": 100})),
                     ToolCall(f"r{step}", "read_transcript", json.dumps({"from_seq": max(1, n - 200 * (step + 1)),
                                                                          "to_seq": n - 200 * step})))
            history.append(Message("assistant", "", calls))
            for c in calls:
                history.append(Message("tool", clip_tool_result(json.dumps(await box.call(c.name, c.arguments), ensure_ascii=False)),
                                       tool_call_id=c.id, name=c.name))
            params = brain.request_params(StepInput(ctx, tuple(history), tool_specs(), step=step))
            raw_chars = len(json.dumps(params["messages"], ensure_ascii=False))
            raw_tokens = estimate(params)
            try:
                fitted, tokens, compacted = fit(params, limit)
                fit_chars = len(json.dumps(fitted["messages"], ensure_ascii=False))
            except PromptTooLarge:
                tokens, compacted, fit_chars = -1, -1, -1
            rows.append({"step": step + 1, "chars": raw_chars, "tokens": raw_tokens, "fit_chars": fit_chars,
                         "fit_tokens": tokens, "compacted": compacted})
        await brain.aclose()
        await store.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--utterances", type=int, default=2000)
    ap.add_argument("--intents", type=int, default=200)
    ap.add_argument("--limit", type=int, default=24_000, help="MEETINGD_LLM_MAX_PROMPT_TOKENS")
    ap.add_argument("--steps", type=int, default=12)
    a = ap.parse_args()
    rows = asyncio.run(run(a.utterances, a.intents, a.limit, a.steps))
    print(f"utterance {a.utterances}, {a.intents} intents, limit {a.limit} estimated tokens")
    print("step  chars(paged)  tokens(paged)  chars(sent)  tokens(sent)  compacted")
    for r in rows:
        print(f"{r['step']:>4}  {r['chars']:>12}  {r['tokens']:>13}  {r['fit_chars']:>11}  {r['fit_tokens']:>12}"
              f"  {r['compacted']:>9}")


if __name__ == "__main__":
    main()
