"""Supervisor cost and context bounds on a long synthetic meeting (issue 3).

Feeds N synthetic utterances (default 2,000) at 1 per second of meeting time into a real store,
coordinator and Supervisor. Time is compressed by ``--scale`` (100× by default): the gap between
utterances, the merge window and the brain's simulated step latency (an LLM-like 2.5 s per step,
answered by the rules brain) are all divided by it, so the ratios are those of a live meeting.

Prints turns per 100 utterances (target ≤ 15) and the prompt a model would be sent (system rules +
bounded context + tool schemas) around utterance 50 vs at the end (target ratio ≤ 1.2), with the
context part alone beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

from coordinator import MeetingCoordinator
from intents import Ledger
from store import Store
from supervisor.brains import RulesBrain
from supervisor.brains.openai_brain import system_message
from supervisor.llm.wire import openai_tools
from supervisor.protocol import BrainReply, StepInput
from supervisor.runtime import Supervisor

PEOPLE = ["张三", "李四", "王五", "赵六", "刘洋", "陈晨"]
TOPICS = ["接口文档", "登录页面", "测试用例", "发布计划", "数据迁移", "监控告警", "用户反馈", "性能优化"]
DUES = ["周五", "下周一", "月底", "明天"]
CHATTER = ["好的，我们继续。", "这个我同意。", "大家还有别的意见吗？", "我看一下数据。", "嗯，明白了。",
           "上周的情况大家都清楚。", "我们先过下一个议题。"]


def synthetic(n: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        r = rnd.random()
        if r < 0.12:
            out.append(f"{rnd.choice(PEOPLE)}负责{rnd.choice(TOPICS)}第{i}项，{rnd.choice(DUES)}之前完成。")
        elif r < 0.15:
            out.append(f"我们决定{rnd.choice(TOPICS)}第{i}项按新方案执行。")
        else:
            out.append(rnd.choice(CHATTER))
    return out


class LatencyBrain:
    """The rules brain with an LLM-like step latency (what the cost bound is about)."""

    name = "rules+latency"

    def __init__(self, delay_s: float) -> None:
        self.inner = RulesBrain()
        self.delay_s = delay_s
        self.sizes: list[tuple[int, int, int]] = []  # (latest_seq, context chars, prompt chars)

    async def step(self, inp: StepInput) -> BrainReply:
        # What a model would be sent: system message (rules + context) and the tool schemas.
        prompt = len(system_message(inp.context, None)) + len(json.dumps(openai_tools(inp.tools), ensure_ascii=False))
        self.sizes.append((inp.context.latest_seq, len(inp.context.render()), prompt))
        await asyncio.sleep(self.delay_s)
        return await self.inner.step(inp)


async def run(n: int, scale: float, step_latency_s: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        m = await store.create_meeting("长会议", "zh", "execute", PEOPLE)
        brain = LatencyBrain(step_latency_s / scale)
        sup = Supervisor(store, Ledger(store), m.id, brain)
        co = MeetingCoordinator(store, sup, 0.4 / scale)
        co.start()
        t0 = time.perf_counter()
        for i, text in enumerate(synthetic(n)):
            due = t0 + (i + 1) / scale
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            await store.append_utterance(m.id, text)
            co.notify()
        async with asyncio.timeout(120):
            while sup.analyzed_seq < n or sup.running or sup.inbox:  # noqa: ASYNC110 - bench polling
                await asyncio.sleep(0.05)
        await co.close()
        stats = await store.trace_stats(m.id)
        await store.close()
    # The size at an utterance is the largest prompt of the steps that analysed around it.
    early = [x for x in brain.sizes if 40 <= x[0] <= 60] or brain.sizes[:1]
    late = [x for x in brain.sizes if x[0] >= n - 20] or brain.sizes[-1:]
    return {
        "utterances": n,
        "turns": stats["turns"],
        "steps": stats["steps"],
        "turns_per_100": 100 * stats["turns"] / n,
        "context_chars_at_50": max(x[1] for x in early),
        "context_chars_at_end": max(x[1] for x in late),
        "prompt_chars_at_50": max(x[2] for x in early),
        "prompt_chars_at_end": max(x[2] for x in late),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--utterances", type=int, default=2000)
    ap.add_argument("--scale", type=float, default=100.0)
    ap.add_argument("--step-latency", type=float, default=2.5, help="simulated seconds per brain step")
    args = ap.parse_args()
    r = asyncio.run(run(args.utterances, args.scale, args.step_latency))
    print(f"utterances             {r['utterances']}")
    print(f"turns / steps          {r['turns']} / {r['steps']}")
    print(f"turns per 100 utt.     {r['turns_per_100']:.1f}   (target <= 15)")
    print(f"context chars @50/@end {r['context_chars_at_50']} / {r['context_chars_at_end']}"
          f"   ratio {r['context_chars_at_end'] / r['context_chars_at_50']:.2f}")
    print(f"prompt chars  @50/@end {r['prompt_chars_at_50']} / {r['prompt_chars_at_end']}"
          f"   ratio {r['prompt_chars_at_end'] / r['prompt_chars_at_50']:.2f}   (target <= 1.2)")

if __name__ == "__main__":
    main()
