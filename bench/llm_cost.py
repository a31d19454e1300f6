"""Model calls and tokens per fixture meeting, and per meeting hour.

Every fixture ``.json`` in ``tests/fixtures/meetings`` (or the directory given as the argument) is replayed (``meetingd.replay.replay``,
``brain="openai"``) against a local OpenAI-compatible server (``tests/openai_fake``) whose model
*answers like the rules brain would*: each Supervisor request is turned back into a
``StepInput`` (the context parsed from the system message, the turn's history from the messages)
and answered with ``RulesBrain``'s tool calls. So the number of steps, the history growth and the
prompt sizes are those of a model that behaves like the offline brain — a floor for a real model,
which may read the transcript or list intents more often. The finalize review and summary
requests are answered with an empty review and a one-line summary.

Tokens are estimated from request and reply sizes with ``estimate_tokens`` (≈ 4 ASCII chars or
1 CJK char per token), the same estimate the brain uses for servers that report no usage.
Per-hour numbers scale each fixture's Supervisor calls and tokens by its audio duration (the
``.wav`` of the same script); the finalize calls happen once per meeting and are not scaled.

Run: ``.venv/bin/python bench/llm_cost.py [FIXTURE_DIR]``
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from live.config import Settings  # noqa: E402
from meetingd.replay import replay  # noqa: E402
from supervisor.brains import RulesBrain  # noqa: E402
from supervisor.llm.wire import estimate_tokens  # noqa: E402
from supervisor.protocol import BrainReply, Message, StepContext, StepInput, ToolCall  # noqa: E402
from tests.openai_fake.server import FakeOpenAI, FakeToolCall, Reply  # noqa: E402

DEFAULT_FIXTURES = ROOT / "tests" / "fixtures" / "meetings"

def parse_context(text: str) -> StepContext:
    """The ``StepContext`` rendered into ``text`` (inverse of ``StepContext.render``; the first
    user message carries it after the context header)."""
    lines = text.splitlines()
    start = max(i for i, ln in enumerate(lines) if ln.startswith("meeting: {"))
    head = json.loads(lines[start].removeprefix("meeting: "))
    title, meeting_id, language, mode = head["title"], head["meeting_id"], head["language"], head["mode"]
    meeting_date = None
    if lines[start + 1].startswith("meeting date: "):  # present when the meeting's date is known
        meeting_date = lines[start + 1].removeprefix("meeting date: ").split()[0]
        del lines[start + 1]
    people = json.loads(lines[start + 1].removeprefix("participants: "))
    latest, analyzed = (int(x.split("=")[1]) for x in lines[start + 2].split())
    section, summary = "", []
    recent: list[tuple[int, str]] = []
    new: list[tuple[int, str]] = []
    intents: list[dict[str, Any]] = []
    for ln in lines[start + 3 :]:
        if ln.startswith("summary so far: "):
            summary.append(json.loads(ln.removeprefix("summary so far: ")))
        elif ln == "recent (already analyzed):":
            section = "recent"
        elif ln.startswith("new (unanalyzed):"):
            section = "new"
        elif ln == "open intents:":
            section = "intents"
        elif section in ("recent", "new") and ln.startswith("  {"):
            u = json.loads(ln)
            (recent if section == "recent" else new).append((u["seq"], u["text"]))
        elif section == "intents" and ln.startswith("  {"):
            intents.append(json.loads(ln))
        elif not ln.strip():
            break  # the end of the context: the kickoff or a note follows
    return StepContext(
        meeting_id=meeting_id, title=title, language=language, mode=mode,
        participants=tuple(people),
        latest_seq=latest, analyzed_seq=analyzed, unanalyzed=tuple(new), recent=tuple(recent),
        open_intents=tuple(intents), summary="\n".join(summary), meeting_date=meeting_date,
    )


def parse_history(messages: list[dict[str, Any]]) -> tuple[Message, ...]:
    out = []
    for i, m in enumerate(messages[1:]):
        if i == 0 and m["role"] == "user" and m["content"].startswith("meeting: {") is False and "\nmeeting: {" in m["content"]:
            # The first user message opens with the context (header + lines, then a blank line).
            m = {**m, "content": m["content"].split("\n\n", 1)[1] if "\n\n" in m["content"] else ""}
        if m["role"] == "assistant":
            calls = tuple(ToolCall(c["id"], c["function"]["name"], c["function"]["arguments"])
                          for c in m.get("tool_calls") or [])
            out.append(Message("assistant", m.get("content") or "", calls))
        elif m["role"] == "tool":
            out.append(Message("tool", m["content"], tool_call_id=m["tool_call_id"]))
        else:
            out.append(Message("user", m["content"]))
    return tuple(out)


def _run_sync(coro: Any) -> BrainReply:
    # Called from the fake server's handler, inside its event loop: RulesBrain.step runs its
    # analysis in a worker thread, so drive the step on a loop of its own in another thread.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class RulesLikeModel:
    """The server's reply function: answers like the rules brain, records sizes per request."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.rules = RulesBrain()

    def __call__(self, body: dict[str, Any]) -> Reply:
        system = body["messages"][0]["content"]
        prompt = estimate_tokens(json.dumps(body["messages"], ensure_ascii=False) + json.dumps(body.get("tools", [])))
        if "子代理" in system or "subagent of the meeting" in system:
            kind, text, calls = "subagent", "no findings", ()
        elif "tools" not in body and ("审核员" in system or "You review meeting minutes" in system):
            kind, text, calls = "review", '{"flags": []}', ()
        elif "tools" not in body:
            kind, text, calls = "summary", "Summary.", ()
        else:
            kind = "supervisor"
            inp = StepInput(context=parse_context(body["messages"][1]["content"]),
                            messages=parse_history(body["messages"]), tools=())
            reply = _run_sync(self.rules.step(inp))
            text = reply.text
            calls = tuple(FakeToolCall(c.name, c.arguments) for c in reply.tool_calls)
        completion = estimate_tokens(text + "".join(c.name + c.arguments for c in calls))
        self.records.append({"kind": kind, "prompt": prompt, "completion": completion, "calls": len(calls)})
        return Reply(text=text or None, tool_calls=calls, prompt_tokens=prompt, completion_tokens=completion)


def audio_seconds(path: Path) -> float | None:
    wav = path.with_suffix(".wav")
    if not wav.exists():
        return None
    with wave.open(str(wav)) as w:
        return w.getnframes() / w.getframerate()


async def measure(fixture: Path) -> dict[str, Any]:
    model = RulesLikeModel()
    async with FakeOpenAI(default=model) as srv:
        with tempfile.TemporaryDirectory(prefix="llm-cost-") as tmp:
            settings = Settings(data_dir=Path(tmp), LLM_BASE_URL=srv.base_url, LLM_API_KEY=srv.api_key,
                                LLM_MODEL_ID=srv.model)
            result = await replay(fixture, brain="openai", settings=settings)
    sup = [r for r in model.records if r["kind"] == "supervisor"]
    fin = [r for r in model.records if r["kind"] != "supervisor"]
    minutes = result.minutes or {}
    return {
        "fixture": fixture.stem,
        "audio_s": audio_seconds(fixture),
        "utterances": len(json.loads(fixture.read_text(encoding="utf-8"))["utterances"]),
        "status": result.finalize.get("status"),
        "items": len(minutes.get("action_items", [])) + len(minutes.get("decisions", [])),
        "calls": len(sup),
        "finalize_calls": len(fin),
        "prompt": sum(r["prompt"] for r in sup),
        "completion": sum(r["completion"] for r in sup),
        "finalize_tokens": sum(r["prompt"] + r["completion"] for r in fin),
        "max_prompt": max((r["prompt"] for r in sup), default=0),
        "stats_llm_calls": (minutes.get("stats") or {}).get("llm_calls"),
    }


def per_hour(value: float, audio_s: float | None) -> str:
    return f"{value * 3600 / audio_s:,.0f}" if audio_s else "–"


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| fixture | audio | utterances | items | Supervisor calls | prompt tok | completion tok "
            "| max prompt / call | finalize calls (tok) | calls / h | prompt tok / h | completion tok / h |")
    out = [head, "|" + "---|" * 12]
    for r in rows:
        a = r["audio_s"]
        out.append(
            f"| {r['fixture']} | {a:.0f} s | {r['utterances']} | {r['items']} | {r['calls']} "
            f"| {r['prompt']:,} | {r['completion']:,} | {r['max_prompt']:,} "
            f"| {r['finalize_calls']} ({r['finalize_tokens']:,}) | {per_hour(r['calls'], a)} "
            f"| {per_hour(r['prompt'], a)} | {per_hour(r['completion'], a)} |"
        )
    return "\n".join(out)


def fixed_prompt() -> str:
    """The part of every Supervisor request that does not depend on the meeting."""
    from supervisor import prompts
    from supervisor.llm.wire import openai_tools
    from supervisor.tool_specs import tool_specs

    tools = estimate_tokens(json.dumps(openai_tools(tool_specs())))
    zh, en = (estimate_tokens(prompts.system_prompt(lang, "execute")) for lang in ("zh", "en"))
    return f"fixed part of every Supervisor request: tools ≈ {tools:,} tokens + rules ≈ {zh:,} (zh) / {en:,} (en) tokens"


async def main(directory: Path) -> list[dict[str, Any]]:
    rows = [await measure(fx) for fx in sorted(directory.glob("*.json"))]
    print(table(rows))
    print()
    print(fixed_prompt())
    return rows


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_FIXTURES))
