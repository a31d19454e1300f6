"""Reconcile (``_Reconcile``, a mixin of ``analyzer._Analysis``): the working ledger compared with
the intents as stored, into proposals — an item not stored yet → ``CreateIntent`` (in suggest mode
with its completion questions), a stored item whose payload now differs → ``ReviseIntent``, a
stored item cancelled → ``RejectIntent``. Each proposal is what the ledger will take as it is
(``_backed``): nothing it would hold high-risk for a person, which in ``execute`` mode would keep the meeting
from closing.

Reads the ledger's ``items``, ``texts``, ``heard``, ``participants``, ``on``, ``completion``;
writes only a task's ``due_date_raw`` (put back as said)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from intents.dates import readings
from intents.evidence import check_evidence, name_is_said
from models import IntentKind, InvalidInput

from .hearing import wording
from .proposals import CreateIntent, Proposal, RejectIntent, ReviseIntent, _norm_payload
from .text import has_cjk
from .working import _Ledger


class _Reconcile(_Ledger):
    # ---- reconcile -------------------------------------------------------------------------------

    def _as_said(self, phrase: str | None, seqs: Sequence[int]) -> str | None:
        """``phrase`` (read from the heard text) as it stands in the transcript: the same span of
        the original utterance, so a due date is always a verbatim quote."""
        if not phrase:
            return phrase
        for seq in seqs:
            said, heard = self.texts.get(seq, ""), self.heard.get(seq, "")
            if phrase in said:
                return phrase
            at = heard.find(phrase)
            if at >= 0:
                return said[at : at + len(phrase)]
        return phrase

    def _completions(self, task: Mapping[str, Any], seqs: tuple[int, ...], evidence: str) -> list[CreateIntent]:
        """Suggest mode: what a person must still say about a new task, as completion questions
        citing the task's own evidence (that is their link to it): who owns it (candidates: the
        participants), which day a deadline means (candidates: its readings on the meeting's date)."""
        title, zh = task["title"], has_cjk(task["title"] + evidence)
        out = []
        if not task.get("owner"):
            text = f"「{title}」由谁负责？" if zh else f"Who owns '{title}'?"
            out.append({"text": text, "question_type": "completion", "candidates": list(self.participants)[:20],
                        "about_field": "owner"})
        raw = task.get("due_date_raw")
        if raw and not task.get("due_date"):
            days = [d.isoformat() for d in readings(raw, self.on)][:20]
            text = f"「{title}」的截止时间「{raw}」是哪一天？" if zh else f"Which day is '{raw}' for '{title}'?"
            out.append({"text": text, "question_type": "completion", "candidates": days, "about_field": "due_date"})
        return [CreateIntent("question", _norm_payload("question", q), seqs, evidence) for q in out]

    def _shown(self, it: Any, payload: dict[str, Any]) -> dict[str, Any]:
        """asrdev hook: a headline read anew shows the common words its sounds mean."""
        key = {"task": "title", "decision": "text", "question": "text", "note": "title"}.get(it.kind)
        if key and payload[key] != (it.stored or {}).get(key):
            # (the words the meeting said around it are the first guess: ``hearing.wording``)
            said = tuple(self.texts[s] for s in sorted(self.texts))
            payload[key] = wording(payload[key], self.participants, said)
        return payload

    def _backed(self, kind: str, payload: dict[str, Any], seqs: tuple[int, ...], evidence: str,
                kept_headline: bool = False) -> tuple[dict[str, Any], tuple[int, ...]] | None:
        """``payload`` and its cited ``seqs`` as the ledger will take them (``intents.evidence.
        check_evidence``). An owner the cited utterances do not name is cited where they were last
        called, up to ``OWNER_CITE_BACK`` utterances before ("Lucia, where are we on…?" … "Sure. I'll
        have it by Thursday."); failing that it is left unknown here, never proposed — the ledger
        would null it *and* hold the intent high-risk for a person, and one such intent keeps finalize
        from closing the meeting. So is a date the quote does not back. ``None`` when the headline
        itself is not backed (no proposal: the rules cut titles from the evidence, so that is a
        misread)."""
        def check(cite: tuple[int, ...]) -> Any:
            cited = {s: self.texts.get(s, self.introductions.get(s, "")) for s in cite}
            return check_evidence(IntentKind(kind), payload, evidence, list(cite), cited, max(self.texts),
                                  list(self.participants), headline_backed=kept_headline, meeting_date=self.on)

        if not seqs or any(s not in self.texts for s in seqs):
            return payload, seqs  # (cites an utterance outside the window: the ledger alone can tell)
        try:
            checked = check(seqs)
            owner = payload.get("owner") if kind == "task" else None
            if owner and checked.payload.get("owner") is None:
                # (from the last cited utterance: a correction cited with the task it moves may
                # hand it to the one called just before the correction)
                for back in range(max(seqs) - 1, max(0, max(seqs) - 1 - OWNER_CITE_BACK), -1):
                    if back in self.texts and back not in seqs and name_is_said(owner, [self.texts[back]], near_miss=owner in self.participants,
                                                           participants=list(self.participants)):
                        seqs = tuple(sorted({*seqs, back}))
                        checked = check(seqs)
                        break
                else:
                    # ("朵朵妈妈，你在群里发个接龙": called by the name they gave when they introduced
                    # themselves; that introduction is cited too, where the ledger reads their name)
                    said = [a for a in self.aliases if a.name == owner and a.seq not in seqs
                            and (a.seq in self.texts or a.seq in self.introductions)
                            and any(a.form in self.texts[s] for s in seqs)]
                    if said:
                        seqs = tuple(sorted({*seqs, said[0].seq}))
                        checked = check(seqs)
        except (InvalidInput, ValueError):
            return payload, seqs  # (the ledger answers with an error the brain sees; nothing to pre-empt)
        if any(i.startswith("the key words of") for i in checked.issues):
            return None
        return dict(checked.payload), seqs

    def _reconcile(self) -> list[Proposal]:
        out: list[tuple[int, Proposal]] = []
        for it in self.items:
            if not it.new:
                continue
            # (the opening the step still shows may be cited too: a two-person call names its two there)
            seqs = tuple(sorted(s for s in it.seqs if s in self.texts or s in self.introductions or it.intent_id))
            if it.kind == "task":
                it.payload["due_date_raw"] = self._as_said(it.payload.get("due_date_raw"), seqs)
            if it.intent_id is None:
                if it.cancelled or not it.evidence:
                    continue
                backed = self._backed(it.kind, self._shown(it, _norm_payload(it.kind, it.payload, self.on)),
                                      seqs, it.evidence)
                if backed is None:
                    continue
                at, (payload, seqs) = min(seqs), backed
                out.append((at, CreateIntent(it.kind, payload, seqs, it.evidence)))
                if self.completion and it.kind == "task":
                    out += [(at, q) for q in self._completions(payload, seqs, it.evidence)]
                continue
            if it.cancelled:
                if it.extra.get("cancel_new", True):
                    out.append((it.last_seq, RejectIntent(it.intent_id, it.revision, it.cancelled)))
                continue
            payload = self._shown(it, _norm_payload(it.kind, it.payload, self.on))
            if payload == it.stored:
                continue
            evidence = _revision_quote(seqs, self.texts) or it.evidence
            if not evidence:
                continue
            key = "title" if it.kind in ("task", "note") else "text"
            backed = self._backed(it.kind, payload, seqs, evidence,
                                  kept_headline=payload.get(key) == (it.stored or {}).get(key))
            if backed is None:
                continue
            at, (payload, seqs) = min(seqs), backed
            if payload == it.stored:
                continue
            out.append((at, ReviseIntent(it.intent_id, it.revision, it.kind, payload, seqs, evidence)))
        out.sort(key=lambda p: p[0])
        return [p for _, p in out]


REVISION_QUOTE_MAX = 200
OWNER_CITE_BACK = 4  # utterances before the cited ones searched for where the owner was called


def _revision_quote(seqs: Sequence[int], texts: Mapping[int, str]) -> str | None:
    """For a revision, quote the original statement *and* the correction when they are adjacent
    utterances, so the minutes show why the owner or date changed; ``None`` otherwise."""
    if len(seqs) < 2 or any(s not in texts for s in seqs) or list(seqs) != list(range(seqs[0], seqs[-1] + 1)):
        return None
    parts = [texts[s].strip() for s in seqs]
    joined = ("" if has_cjk("".join(parts)) else " ").join(parts)
    return joined if len(joined) <= REVISION_QUOTE_MAX else None
