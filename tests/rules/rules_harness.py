"""Test helpers for the rules analyzer: a tiny ledger that applies proposals, and minutes from it.

The ledger enforces what the real one does for the analyzer's output: revisions must carry the
current revision, evidence must be a verbatim quote of a cited utterance, rejected intents leave
the open list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from supervisor.context import OPENING
from supervisor.rules import CreateIntent, RejectIntent, ReviseIntent, analyze


class MiniLedger:
    def __init__(self, texts: dict[int, str]) -> None:
        self.texts = texts
        self.intents: dict[str, dict[str, Any]] = {}
        self.events: list[tuple[str, str, int]] = []

    def compact(self) -> list[dict[str, Any]]:
        return [
            {k: it[k] for k in ("intent_id", "kind", "status", "revision", "payload", "evidence_seqs")}
            for it in self.intents.values()
            if it["status"] not in ("rejected", "superseded")
        ]

    def _check_evidence(self, seqs: Sequence[int], evidence: str) -> None:
        assert seqs, "no evidence seqs"
        cited = [" ".join(self.texts[s].split()) for s in sorted(set(seqs))]
        ev = " ".join(evidence.split())
        # The ledger's rule: a substring of one cited utterance or of their concatenation.
        assert ev and (any(ev in t for t in cited) or ev in "".join(cited) or ev in " ".join(cited)), (
            f"evidence {evidence!r} not verbatim in {cited}"
        )

    def apply(self, proposals: Sequence[Any]) -> None:
        for p in proposals:
            if isinstance(p, CreateIntent):
                self._check_evidence(p.evidence_seqs, p.evidence)
                iid = f"i{len(self.intents) + 1}"
                self.intents[iid] = {
                    "intent_id": iid,
                    "kind": p.kind,
                    "status": "detected",
                    "revision": 1,
                    "payload": dict(p.payload),
                    "evidence_seqs": list(p.evidence_seqs),
                    "evidence": p.evidence,
                }
                self.events.append(("detected", iid, 1))
            elif isinstance(p, ReviseIntent):
                it = self.intents[p.intent_id]
                assert it["revision"] == p.expected_revision, "revision mismatch"
                assert it["kind"] == p.kind
                self._check_evidence(p.evidence_seqs, p.evidence)
                it.update(
                    payload=dict(p.payload),
                    evidence_seqs=list(p.evidence_seqs),
                    evidence=p.evidence,
                    revision=it["revision"] + 1,
                    status="detected",
                )
                self.events.append(("revised", p.intent_id, it["revision"]))
            elif isinstance(p, RejectIntent):
                it = self.intents[p.intent_id]
                assert it["revision"] == p.revision
                it["status"] = "rejected"
                self.events.append(("rejected", p.intent_id, it["revision"]))

    def open(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [
            it
            for it in self.intents.values()
            if it["status"] != "rejected" and (kind is None or it["kind"] == kind)
        ]

    def minutes(self) -> dict[str, Any]:
        return {
            "action_items": [
                {
                    "task": it["payload"]["title"],
                    "owner": it["payload"].get("owner"),
                    "due_date_raw": it["payload"].get("due_date_raw"),
                    "priority": it["payload"].get("priority"),
                    "evidence": it["evidence"],
                    "evidence_seqs": it["evidence_seqs"],
                    "intent_id": it["intent_id"],
                    "revision": it["revision"],
                }
                for it in self.open("task")
            ],
            "decisions": [
                {"text": it["payload"]["text"], "evidence": it["evidence"]} for it in self.open("decision")
            ],
            "open_questions": [
                {"text": it["payload"]["text"], "evidence_seqs": it["evidence_seqs"]}
                for it in self.open("question")
            ],
        }


def run_meeting(
    utterances: Sequence[str], participants: Sequence[str], language: str = "zh", recent: int = 8,
    idempotent: bool = True,
) -> MiniLedger:
    """Feed utterances one at a time, as the Supervisor sees them, checking idempotency each step
    (``idempotent=False`` skips that second read, for runs that measure only what is extracted);
    the meeting's opening goes along as the context does (``supervisor.context.OPENING``)."""
    texts = {i + 1: t for i, t in enumerate(utterances)}
    ledger = MiniLedger(texts)
    for seq in texts:
        window = [(s, texts[s]) for s in range(max(1, seq - recent), seq + 1)]
        opening = [(s, texts[s]) for s in range(1, min(seq, OPENING) + 1)]
        ledger.apply(analyze(window, participants, language, ledger.compact(), new_from_seq=seq, introductions=opening))
        if idempotent:
            again = analyze(window, participants, language, ledger.compact(), new_from_seq=seq, introductions=opening)
            assert again == [], f"not idempotent at seq {seq}: {again}"
    return ledger


def open_tasks(utterances: Sequence[str], participants: Sequence[str], language: str) -> list[tuple[str | None, str, str | None]]:
    """(owner, title, due_date_raw) of each open task after ``run_meeting``, in ledger order."""
    return [(t["payload"]["owner"], t["payload"]["title"], t["payload"]["due_date_raw"])
            for t in run_meeting(utterances, participants, language).open("task")]


# The participants of the probe-family tables (tests/rules/test_probe_families_s*.py).
PROBE_ZH = ("周建华", "王芳", "李明", "陈静")
PROBE_EN = ("Priya Shah", "Tom Becker", "Megan Cole", "Dave Olsen")


def tasks_in(utterances: Sequence[str], names: Sequence[str] | None = None):
    """``open_tasks`` in the meeting's language (Chinese when any utterance has a CJK character),
    with ``names`` or the probe participants of that language."""
    zh = any("\u4e00" <= ch <= "\u9fff" for u in utterances for ch in u)
    return open_tasks(utterances, names or (PROBE_ZH if zh else PROBE_EN), "zh" if zh else "en")


def has_task(found, owner: str | None, words: Sequence[str], due: str | None = None) -> bool:
    """Whether ``found`` (``open_tasks``) holds a task of ``owner`` titled with every word (and ``due``)."""
    return any(o == owner and all(w in t for w in words) and (due is None or d == due) for o, t, d in found)


def run_all_at_once(
    utterances: Sequence[str], participants: Sequence[str], language: str = "zh"
) -> MiniLedger:
    texts = {i + 1: t for i, t in enumerate(utterances)}
    ledger = MiniLedger(texts)
    ledger.apply(analyze(list(texts.items()), participants, language, []))
    return ledger


def split_at_comma(utterances: Sequence[str]) -> list[str]:
    """Cut every utterance after its first comma, as a VAD pause there would."""
    out: list[str] = []
    for u in utterances:
        m = re.search(r"[，,]", u)
        if m and m.end() < len(u):
            out += [u[: m.end()], u[m.end() :].lstrip()]
        else:
            out.append(u)
    return out


def split_mid_word(utterances: Sequence[str]) -> list[str]:
    """Cut every long utterance in the middle of its first clause, with no punctuation at the cut."""
    out: list[str] = []
    for u in utterances:
        first = re.split(r"[，,。.]", u, maxsplit=1)[0]
        if len(first) >= 8:
            cut = len(first) * 2 // 3
            if " " in first:  # English: VAD pauses fall between words
                cut = first.rfind(" ", 0, cut)
            if cut > 0:
                out += [u[:cut].rstrip(), u[cut:].lstrip()]
            else:
                out.append(u)
        else:
            out.append(u)
    return out


# Two fixed casts for sentence tables of decisions and open questions, one per language.
ZH_CAST = ["张伟", "李娜", "王强"]
EN_CAST = ["Alice", "Bob", "Carol"]


def cast_minutes(utterances: Sequence[str]) -> dict:
    """Minutes of ``utterances`` fed one by one, with the cast of their language."""
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in "".join(utterances))
    return run_meeting(utterances, ZH_CAST if zh else EN_CAST, "zh" if zh else "en").minutes()


def decisions_in(utterances: Sequence[str]) -> list[str]:
    """Each decision as "text | evidence"."""
    return [f"{d['text']} | {d['evidence']}" for d in cast_minutes(utterances)["decisions"]]


def questions_in(utterances: Sequence[str]) -> list[str]:
    return [q["text"] for q in cast_minutes(utterances)["open_questions"]]
