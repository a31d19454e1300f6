"""The offline ``rules`` brain: deterministic patterns driving the same tools as a model would.

Contract (``supervisor.protocol.Brain``):
- ``step`` is pure with respect to its input: it reads ``inp.context`` (recent + unanalyzed
  utterances, open intents, mode, participants, latest_seq) and this turn's ``inp.messages`` and
  returns tool calls; it keeps no state between steps, so one instance serves any number of meetings.
- ``record`` mode: no tool calls at all (transcript and summary only).
- Otherwise it proposes, via ``supervisor.rules.analyze``, ``upsert_intent`` (create or revise, with
  ``basis_sequence = latest_seq`` and ``expected_revision``) and ``reject_intent`` calls for what the
  new utterances say, then ``commit_intent`` for every committable intent it is not changing in the
  same step: status ``approved``, or in ``execute`` mode ``detected`` and low-risk (the ledger marks
  an intent high-risk when validation had to null a field). Committing a question records it in
  ``open_questions``; answering it stays with people.
- A commit that came back as a conflict (``stale_transcript``, ``revision_mismatch``) is retried in a
  later step with the fresh basis and revision from the context; a call identical to one already
  made in this turn is never made again, so a turn always ends: a step with no tool calls.
- Utterances cited by an upsert that failed earlier in this turn are re-read as new, so a proposal
  lost to a conflict is made again from the current transcript.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

from supervisor.protocol import BrainReply, Message, StepInput, ToolCall
from supervisor.rules import CreateIntent, RejectIntent, ReviseIntent, analyze

_LOW_RISK_KINDS = frozenset({"task", "note", "decision", "question"})


def _canon(name: str, args: dict[str, Any]) -> str:
    return name + json.dumps(args, ensure_ascii=False, sort_keys=True)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _turn_calls(messages: Iterable[Message]) -> tuple[set[str], list[int]]:
    """Calls already made this turn (canonical form) and seqs cited by upserts that failed."""
    made: set[str] = set()
    by_id: dict[str, tuple[str, dict[str, Any]]] = {}
    failed_seqs: list[int] = []
    for m in messages:
        if m.role == "assistant":
            for c in m.tool_calls:
                args = _json(c.arguments)
                if isinstance(args, dict):
                    made.add(_canon(c.name, args))
                    by_id[c.id] = (c.name, args)
        elif m.role == "tool" and m.tool_call_id in by_id:
            name, args = by_id[m.tool_call_id]
            result = _json(m.content)
            ok = (
                isinstance(result, dict)
                and "error" not in result
                and result.get("status") != "conflict"
                and not result.get("skipped")
            )
            if name == "upsert_intent" and not ok:
                failed_seqs += [int(s) for s in args.get("evidence_seqs") or [] if isinstance(s, int)]
            if isinstance(result, dict) and result.get("skipped"):
                # Skipped by steering, never run: it may (and must) be made again, or a commit
                # cut off by a transcript notice would leave its intent open for good.
                made.discard(_canon(name, args))
    return made, failed_seqs


class RulesBrain:
    name = "rules"

    async def step(self, inp: StepInput) -> BrainReply:
        ctx = inp.context
        if ctx.mode == "record":
            return BrainReply(text="record mode: nothing to do")
        made, failed_seqs = _turn_calls(inp.messages)
        window = sorted({s: t for s, t in (*ctx.recent, *ctx.unanalyzed)}.items())
        new_from = min([s for s, _ in ctx.unanalyzed] + failed_seqs, default=ctx.latest_seq + 1)
        intents = [dict(i) for i in ctx.open_intents]
        # CPU work (jieba, pinyin, the first call's dictionary load: seconds) off the event loop,
        # so the dock, the audio stream and other meetings never wait for a rules step.
        proposals = await asyncio.to_thread(
            analyze, window, ctx.participants, ctx.language, intents, new_from_seq=new_from,
            meeting_date=ctx.meeting_date, completion=ctx.mode == "suggest", introductions=ctx.opening,
        )

        calls: list[tuple[str, dict[str, Any]]] = []
        changing: set[str] = set()
        for p in proposals:
            if isinstance(p, CreateIntent):
                calls.append(
                    (
                        "upsert_intent",
                        {
                            "kind": p.kind,
                            "payload": p.payload,
                            "evidence_seqs": list(p.evidence_seqs),
                            "evidence": p.evidence,
                            "basis_sequence": ctx.latest_seq,
                        },
                    )
                )
            elif isinstance(p, ReviseIntent):
                changing.add(p.intent_id)
                calls.append(
                    (
                        "upsert_intent",
                        {
                            "intent_id": p.intent_id,
                            "kind": p.kind,
                            "payload": p.payload,
                            "evidence_seqs": list(p.evidence_seqs),
                            "evidence": p.evidence,
                            "basis_sequence": ctx.latest_seq,
                            "expected_revision": p.expected_revision,
                        },
                    )
                )
            elif isinstance(p, RejectIntent):
                changing.add(p.intent_id)
                calls.append(
                    (
                        "reject_intent",
                        {
                            "intent_id": p.intent_id,
                            "intent_revision": p.revision,
                            "reason": p.reason,
                        },
                    )
                )
        # A commit needs a basis of everything said so far; while the bounded context still shows
        # only a prefix of the new utterances, read on first instead of earning stale conflicts.
        caught_up = not ctx.unanalyzed or ctx.unanalyzed[-1][0] >= ctx.latest_seq
        for it in intents if caught_up else ():
            iid = str(it.get("intent_id"))
            if iid in changing or not self._committable(it, ctx.mode):
                continue
            calls.append(
                (
                    "commit_intent",
                    {
                        "intent_id": iid,
                        "basis_sequence": ctx.latest_seq,
                        "intent_revision": int(it.get("revision", 1)),
                    },
                )
            )

        out: list[ToolCall] = []
        for name, args in calls:
            key = _canon(name, args)
            if key in made:
                continue  # the same call with the same arguments already answered this turn
            made.add(key)
            out.append(
                ToolCall(
                    id=f"rules-{inp.turn}-{inp.step}-{len(out)}",
                    name=name,
                    arguments=json.dumps(args, ensure_ascii=False),
                )
            )
        return BrainReply(text="" if out else "nothing more to do", tool_calls=tuple(out))

    @staticmethod
    def _committable(it: dict[str, Any], mode: str) -> bool:
        kind = str(it.get("kind"))
        status = str(it.get("status"))
        if status == "approved":
            return True
        risk = str(it.get("risk") or ("low" if kind in _LOW_RISK_KINDS else "high"))
        return mode == "execute" and status == "detected" and risk == "low"
