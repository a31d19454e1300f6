"""An optional language-model second opinion at finalize, next to the code checks of DESIGN §7.

Contract:
- ``LLMReviewer(meeting, transcript, intents)`` (an awaitable call, the ``second_opinion`` hook of
  :func:`coordinator.finalize.finalize_meeting`) returns ``{"issues": [...], "summary": str | None}``
  and never raises: a model that is down, slow or talks nonsense yields no issues and no summary.
- Issues: the model is shown the applied items with their evidence and the cited utterances and
  asked to flag items the evidence does not support. Each flag becomes
  ``{"intent_id", "problem", "source": "llm"}``, kept only when it names an applied intent of this
  meeting; flags are ADDED to ``review.issues`` and never change an item of the minutes.
- Summary: a short model-written summary, used only when :func:`summary_is_grounded` holds (every
  quoted fragment appears verbatim in the transcript, and it is not empty or overlong); otherwise
  finalize keeps the code's extractive summary. The minutes are still rendered by code.
- Requests go through ``supervisor.llm.client.ChatClient``, the one transport of meetingd.
- Pure helpers (``review_messages``, ``parse_flags``, ``quoted_fragments``,
  ``summary_is_grounded``) take and return plain values.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from intents.evidence import quote_is_verbatim
from models import Intent, IntentStatus, Meeting, Utterance
from supervisor.llm.client import ChatClient
from supervisor.llm.wire import THINK

MAX_TRANSCRIPT_CHARS = 24_000  # summary prompt: the tail of a very long meeting is kept
MAX_ITEMS = 60
MAX_SUMMARY_CHARS = 1200
MAX_PROBLEM_CHARS = 300

_QUOTES = re.compile(r"“([^”]+)”|「([^」]+)」|『([^』]+)』|\"([^\"]+)\"|‘([^’]+)’")
_OBJECT = re.compile(r"\{.*\}", re.S)

_REVIEW = {
    "zh": """\
你是会议纪要的审核员。下面是将写入纪要的条目（任务、决定、备注、问题），每条附有它引用的原话（带序号）。
逐条判断：引用的原话是否真的支持这条内容（事项、负责人、截止时间是否在原话里说过；“建议/也许/可以考虑”不是决定；被纠正或取消的内容不应保留）。
只输出 JSON，不要其它文字：{"flags": [{"intent_id": "...", "problem": "简短说明"}]}。全部有依据时输出 {"flags": []}。""",
    "en": """\
You review meeting minutes. Below are the items that will be written (tasks, decisions, notes, questions),
each with the utterances it cites (with seq numbers). For each item decide whether the cited words really
support it (the what, the owner and the due date are said; "maybe / how about / we could" is not a
decision; a corrected or cancelled item should not stand).
Output JSON only, no other text: {"flags": [{"intent_id": "...", "problem": "short reason"}]}.
If everything is supported output {"flags": []}.""",
}
_SUMMARY = {
    "zh": """\
根据下面的会议转写写一段 2–4 句的中文摘要：讨论了什么、决定了什么、谁负责什么。只写转写里说过的内容，不推测。
如需引用原话，用「」逐字引用。只输出摘要本身。""",
    "en": """\
Write a 2–4 sentence summary of the meeting transcript below: what was discussed, what was decided, who
does what. Only what the transcript says, no guesses. Quote original words verbatim in double quotes if you
quote at all. Output the summary only.""",
}


def _lang(meeting: Meeting) -> str:
    return "en" if meeting.language.value == "en" else "zh"


def _applied(intents: Sequence[Intent]) -> list[Intent]:
    return [it for it in intents if it.status is IntentStatus.APPLIED][:MAX_ITEMS]


def review_messages(meeting: Meeting, transcript: Sequence[Utterance], intents: Sequence[Intent]) -> list[dict[str, str]]:
    """The review request: applied items with their evidence and cited utterances (pure)."""
    by_seq = {u.seq: u.text for u in transcript}
    items = []
    for it in _applied(intents):
        cited = {str(s): by_seq.get(s, "") for s in it.evidence_seqs}
        items.append({"intent_id": it.id, "kind": it.kind.value, "payload": it.payload,
                      "evidence": it.evidence, "cited_utterances": cited})
    body = json.dumps({"meeting": meeting.title, "participants": list(meeting.participants), "items": items},
                      ensure_ascii=False, indent=1)
    return [{"role": "system", "content": _REVIEW[_lang(meeting)]}, {"role": "user", "content": body}]


def summary_messages(meeting: Meeting, transcript: Sequence[Utterance]) -> list[dict[str, str]]:
    # One JSON object per utterance per line: a newline said in the meeting cannot forge a line.
    lines = [json.dumps({"seq": u.seq, "text": u.text}, ensure_ascii=False) for u in transcript]
    text = "\n".join(lines)
    if len(text) > MAX_TRANSCRIPT_CHARS:
        text = "…\n" + text[-MAX_TRANSCRIPT_CHARS:]
    header = json.dumps({"meeting": meeting.title, "participants": list(meeting.participants)}, ensure_ascii=False)
    return [{"role": "system", "content": _SUMMARY[_lang(meeting)]}, {"role": "user", "content": f"{header}\n{text}"}]


def parse_flags(text: str, applied_ids: Sequence[str]) -> list[dict[str, str]]:
    """Issues from the model's answer: the first JSON object's ``flags`` naming an applied intent,
    one per (intent, problem), ``source: "llm"``. Anything unparsable gives no issues."""
    text = THINK.sub("", text or "")
    found = _OBJECT.search(text)
    if found is None:
        return []
    try:
        data = json.loads(found.group(0))
    except ValueError:
        return []
    flags = data.get("flags") if isinstance(data, dict) else None
    if not isinstance(flags, list):
        return []
    known, out, seen = set(applied_ids), [], set()
    for f in flags:
        if not isinstance(f, dict) or f.get("intent_id") not in known:
            continue
        problem = " ".join(str(f.get("problem") or "not supported by its evidence").split())[:MAX_PROBLEM_CHARS]
        key = (f["intent_id"], problem)
        if key not in seen:
            seen.add(key)
            out.append({"intent_id": f["intent_id"], "problem": problem, "source": "llm"})
    return out


def quoted_fragments(text: str) -> list[str]:
    """Every fragment inside “…”, 「…」, 『…』, "…" or ‘…’."""
    return [next(g for g in m.groups() if g is not None) for m in _QUOTES.finditer(text)]


def summary_is_grounded(summary: str, transcript: Sequence[str]) -> bool:
    """True when ``summary`` is non-empty, at most ``MAX_SUMMARY_CHARS`` long, and every quoted
    fragment is a verbatim (whitespace-tolerant) quote of one utterance or of their concatenation."""
    summary = summary.strip()
    if not summary or len(summary) > MAX_SUMMARY_CHARS:
        return False
    return all(quote_is_verbatim(q, transcript) for q in quoted_fragments(summary))


class LLMReviewer:
    """The ``second_opinion`` hook of finalize, backed by an OpenAI-compatible server."""

    def __init__(self, base_url: str, api_key: str, model: str, *, timeout_s: float = 60.0,
                 summary: bool = True, temperature: float | None = 0) -> None:
        self.model = model
        self.timeout_s = timeout_s
        self.want_summary = summary
        self.temperature = temperature
        self.calls = 0
        self.errors: list[str] = []
        self.rejected_summary: str | None = None  # a summary that failed the grounding check
        # One retry of a retryable failure; the whole ask stays bounded by timeout_s (see _ask).
        self._client = ChatClient(base_url, api_key, timeout_s=timeout_s, max_retries=1)

    @classmethod
    def from_env(cls, environ: Mapping[str, str], **overrides: Any) -> LLMReviewer | None:
        """None unless the ``LLM_*`` trio is set and ``LLM_REVIEW`` is not ``0``/``off``;
        ``LLM_REVIEW_SUMMARY=0`` keeps the review but the code summary."""
        base, key, model = environ.get("LLM_BASE_URL"), environ.get("LLM_API_KEY"), environ.get("LLM_MODEL_ID")
        off = ("0", "false", "no", "off")
        if not (base and key and model) or environ.get("LLM_REVIEW", "1").lower() in off:
            return None
        kw: dict[str, Any] = {"summary": environ.get("LLM_REVIEW_SUMMARY", "1").lower() not in off}
        if environ.get("LLM_TIMEOUT_S"):
            kw["timeout_s"] = float(environ["LLM_TIMEOUT_S"])
        return cls(base, key, model, **{**kw, **overrides})

    async def aclose(self) -> None:
        await self._client.aclose()

    async def __call__(self, meeting: Meeting, transcript: Sequence[Utterance],
                       intents: Sequence[Intent]) -> dict[str, Any]:
        applied = [it.id for it in _applied(intents)]
        review_text, summary_text = await asyncio.gather(
            self._ask(review_messages(meeting, transcript, intents)) if applied else _none(),
            self._ask(summary_messages(meeting, transcript)) if self.want_summary and transcript else _none(),
        )
        summary = THINK.sub("", summary_text or "").strip() or None
        if summary is not None and not summary_is_grounded(summary, [u.text for u in transcript]):
            self.rejected_summary, summary = summary, None
        return {"issues": parse_flags(review_text or "", applied), "summary": summary}

    async def _ask(self, messages: list[dict[str, str]]) -> str | None:
        params: dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            params["temperature"] = self.temperature
        self.calls += 1
        try:
            async with asyncio.timeout(self.timeout_s):
                got = await self._client.complete(params)
            return got.content
        except Exception as exc:  # a second opinion is optional: its failure never blocks finalize
            self.errors.append(f"{type(exc).__name__}: {str(exc)[:200]}")
            return None


async def _none() -> None:
    return None


__all__ = ["LLMReviewer", "parse_flags", "quoted_fragments", "review_messages", "summary_is_grounded"]
