"""Scoring minutes against a fixture's expectations (DESIGN §9). Pure.

Matching rules:
- Text is compared after ``normalise``: Traditional folded to Simplified, NFKC, lower-cased, with
  spaces and punctuation dropped. A keyword "is contained" when its normalised form is a substring.
- An expected task matches an action item whose normalised ``task + evidence`` contains every
  ``contains`` keyword and whose ``owner`` equals the expected owner (normalised; ``null`` only
  equals ``null``). Each action item matches at most one expected task (maximum bipartite matching,
  so the order of items never changes the score); pairs whose ``task`` alone holds the keywords are
  taken first, so two items quoting one sentence ("bisect by Friday and a fix PR by the 24th") are
  each paired with their own expectation and scored for their own date. Items matching an ``optional_tasks`` entry
  (same rule) count neither way; every other unmatched item is a false positive.
- Due-date accuracy is measured over matched tasks. ``due_contains`` a string: the item's
  ``due_date_raw`` must contain it. ``due_contains`` null: the fixture asserts no specific date, so
  the item is correct when ``due_date_raw`` is null **or** is a phrase quoted from the item's own
  evidence (a relative reference such as "跟后端同一天" or "提测前"); a date borrowed from anywhere
  else is wrong. Tasks without a ``due_contains`` key are not scored for dates.
- ISO due accuracy, over matched tasks with a ``due_iso`` key: the item's ``due_date`` must equal
  it (``null`` only equals ``null``: a phrase that names no single day must not be given one).
- Verbatim evidence: every action item and decision's ``evidence`` must be a substring of its
  cited utterances (``evidence_seqs`` in the minutes' ``transcript``), by the ledger's rule.
- ``decisions`` / ``open_questions``: every keyword set must be contained in some decision's
  ``text + evidence`` / some question's ``text`` (+ ``evidence`` when present).
- Violations: ``forbidden_decisions`` (keyword set in a decision), ``forbidden_owners`` (an action
  item's owner, or ``{contains, owner}``: that owner on the task matching ``contains``), ``forbidden_tasks`` (keyword set, or ``{contains, owner?}``, matching an action
  item), ``forbidden_due`` / ``forbidden_due_dates`` (a string in any ``due_date_raw``, or
  ``{contains, due_contains}`` for one task), ``forbidden_questions`` (keyword set in a question);
  any other ``forbidden_*`` list is searched in all text of the minutes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _t2s() -> Any:
    import opencc

    return opencc.OpenCC("t2s")


def normalise(text: str | None) -> str:
    """Simplified, NFKC, lower-case, no whitespace or punctuation ("會議 Notes!" → "会议notes")."""
    if not text:
        return ""
    s = _t2s().convert(unicodedata.normalize("NFKC", str(text))).lower()
    return "".join(ch for ch in s if ch.isalnum())


# Why an expected task was missed, for aggregate reports that may not show a held-out meeting's
# content: a keyword is nowhere in the utterances; an item carries the keywords under another owner
# (or none); the owner has items, none with the keywords; no item at all for the expected owner.
MISS_KINDS = ("unreachable", "keyword_under_other_owner", "owner_on_other_work", "nothing_for_owner")


@dataclass(frozen=True, slots=True)
class MeetingScore:
    fixture_id: str
    tp: int
    fp: int
    fn: int
    due_total: int
    due_correct: int
    decisions_expected: int
    decisions_found: int
    questions_expected: int
    questions_found: int
    violations: tuple[str, ...]
    false_positives: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()
    due_iso_total: int = 0
    due_iso_correct: int = 0
    evidence_total: int = 0
    evidence_verbatim: int = 0
    wrong_dues: tuple[str, ...] = ()
    missed_other: tuple[str, ...] = ()  # expected decisions / open questions not found
    missed_why: tuple[str, ...] = ()  # one of MISS_KINDS for each entry of ``missed``, in order

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def due_accuracy(self) -> float:
        return self.due_correct / self.due_total if self.due_total else 1.0

    @property
    def due_iso_accuracy(self) -> float:
        return self.due_iso_correct / self.due_iso_total if self.due_iso_total else 1.0

    @property
    def evidence_rate(self) -> float:
        return self.evidence_verbatim / self.evidence_total if self.evidence_total else 1.0

    @property
    def decision_recall(self) -> float:
        return self.decisions_found / self.decisions_expected if self.decisions_expected else 1.0

    @property
    def question_recall(self) -> float:
        return self.questions_found / self.questions_expected if self.questions_expected else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "fixture": self.fixture_id,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "due_accuracy": round(self.due_accuracy, 4),
            "due_iso_accuracy": round(self.due_iso_accuracy, 4),
            "evidence_verbatim": round(self.evidence_rate, 4),
            "decision_recall": round(self.decision_recall, 4),
            "question_recall": round(self.question_recall, 4),
            "violations": list(self.violations),
            "false_positives": list(self.false_positives),
            "missed": list(self.missed),
            "wrong_dues": list(self.wrong_dues),
        }


def keywords(entry: Any) -> list[str]:
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, Mapping):
        return keywords(entry.get("contains", []))
    return [str(k) for k in entry]


def _contains_all(hay: str, keywords: Iterable[str]) -> bool:
    return all(normalise(k) in hay for k in keywords)


def _item_text(item: Mapping[str, Any]) -> str:
    return normalise(f"{item.get('task') or ''}{item.get('evidence') or ''}")


def _owner_eq(expected: Any, actual: Any) -> bool:
    if expected is None or actual is None:
        return expected is None and actual is None
    return normalise(expected) == normalise(actual)


def _task_matches(expect: Mapping[str, Any], item: Mapping[str, Any]) -> bool:
    return _contains_all(_item_text(item), keywords(expect.get("contains", []))) and _owner_eq(
        expect.get("owner"), item.get("owner")
    )


def _max_matching(n_left: int, n_right: int, ok: Sequence[Sequence[bool]], free: set[int],
                  start: dict[int, int] | None = None) -> dict[int, int]:
    """Maximum bipartite matching (Kuhn's algorithm) of left i to right j among ``free`` rights,
    grown from the matching ``start`` (left → right; its pairs are kept unless an augmenting path
    needs to move them)."""
    match_r: dict[int, int] = {j: i for i, j in (start or {}).items()}

    def augment(i: int, seen: set[int]) -> bool:
        for j in range(n_right):
            if j in free and ok[i][j] and j not in seen:
                seen.add(j)
                if j not in match_r or augment(match_r[j], seen):
                    match_r[j] = i
                    return True
        return False

    for i in range(n_left):
        if i not in (start or {}):
            augment(i, set())
    return {i: j for j, i in match_r.items()}


def _due_ok(expect: Mapping[str, Any], item: Mapping[str, Any]) -> bool:
    due = item.get("due_date_raw")
    want = expect.get("due_contains")
    if want is None:
        return due is None or (bool(normalise(due)) and normalise(due) in normalise(item.get("evidence")))
    return due is not None and normalise(want) in normalise(due)


def score_meeting(fixture: Mapping[str, Any], minutes: Mapping[str, Any]) -> MeetingScore:
    """Score one meeting's ``minutes`` (DESIGN §8 shape) against ``fixture['expect']``."""
    expect = fixture.get("expect") or {}
    items = list(minutes.get("action_items") or [])
    tasks = list(expect.get("tasks") or [])
    optional = list(expect.get("optional_tasks") or [])
    all_items = set(range(len(items)))
    ok = [[_task_matches(t, it) for it in items] for t in tasks]
    by_title = [[m and _contains_all(normalise(it.get("task")), keywords(t.get("contains", []))) for m, it in zip(row, items, strict=True)]
                for row, t in zip(ok, tasks, strict=True)]
    matched = _max_matching(len(tasks), len(items), ok, all_items,
                            start=_max_matching(len(tasks), len(items), by_title, all_items))
    rest = all_items - set(matched.values())
    ok_opt = [[_task_matches(t, it) for it in items] for t in optional]
    opt_matched = _max_matching(len(optional), len(items), ok_opt, rest)
    fp_idx = sorted(rest - set(opt_matched.values()))
    said = normalise("".join(str(u) for u in fixture.get("utterances", [])))

    due_total = due_correct = iso_total = iso_correct = 0
    wrong_dues: list[str] = []
    for ti, ii in matched.items():
        if "due_contains" in tasks[ti]:
            due_total += 1
            good = _due_ok(tasks[ti], items[ii])
            due_correct += good
            if not good:
                wrong_dues.append(f"{items[ii].get('task')}: {items[ii].get('due_date_raw')!r}, "
                                  f"expected {tasks[ti].get('due_contains')!r}")
        if "due_iso" in tasks[ti]:
            iso_total += 1
            good = (items[ii].get("due_date") or None) == (tasks[ti].get("due_iso") or None)
            iso_correct += good
            if not good:
                wrong_dues.append(f"{items[ii].get('task')}: {items[ii].get('due_date_raw')!r} → "
                                  f"{items[ii].get('due_date')!r}, expected ISO {tasks[ti].get('due_iso')!r}")
    evidence_total, evidence_ok = _evidence_check(minutes)

    decisions = list(minutes.get("decisions") or [])
    dec_texts = [normalise(f"{d.get('text') or ''}{d.get('evidence') or ''}") for d in decisions]
    questions = list(minutes.get("open_questions") or [])
    q_texts = [normalise(f"{q.get('text') or ''}{q.get('evidence') or ''}") for q in questions]
    exp_dec = list(expect.get("decisions") or [])
    exp_q = list(expect.get("open_questions") or [])
    dec_hits = [any(_contains_all(t, keywords(k)) for t in dec_texts) for k in exp_dec]
    q_hits = [any(_contains_all(t, keywords(k)) for t in q_texts) for k in exp_q]
    dec_found, q_found = sum(dec_hits), sum(q_hits)
    missed_other = [f"decision {'+'.join(keywords(k))}" for k, hit in zip(exp_dec, dec_hits, strict=True) if not hit]
    missed_other += [f"question {'+'.join(keywords(k))}" for k, hit in zip(exp_q, q_hits, strict=True) if not hit]

    return MeetingScore(
        fixture_id=str(fixture.get("id", "")),
        tp=len(matched),
        fp=len(fp_idx),
        fn=len(tasks) - len(matched),
        due_total=due_total,
        due_correct=due_correct,
        decisions_expected=len(exp_dec),
        decisions_found=dec_found,
        questions_expected=len(exp_q),
        questions_found=q_found,
        violations=tuple(_violations(expect, items, dec_texts, q_texts, minutes)),
        false_positives=tuple(f"{items[i].get('owner')}: {items[i].get('task')}" for i in fp_idx),
        missed=tuple(
            f"{t.get('owner')}: {'+'.join(keywords(t))}" for i, t in enumerate(tasks) if i not in matched
        ),
        missed_why=tuple(_why_missed(t, items, said) for i, t in enumerate(tasks) if i not in matched),
        due_iso_total=iso_total,
        due_iso_correct=iso_correct,
        evidence_total=evidence_total,
        evidence_verbatim=evidence_ok,
        wrong_dues=tuple(wrong_dues),
        missed_other=tuple(missed_other),
    )


def _why_missed(task: Mapping[str, Any], items: Sequence[Mapping[str, Any]], said: str) -> str:
    """The ``MISS_KINDS`` entry of an expected ``task`` no item matched; ``said``: the meeting's
    utterances, normalised."""
    words = keywords(task.get("contains", []))
    if not _contains_all(said, words):
        return "unreachable"
    if any(_contains_all(_item_text(it), words) for it in items):
        return "keyword_under_other_owner"
    if any(_owner_eq(task.get("owner"), it.get("owner")) for it in items):
        return "owner_on_other_work"
    return "nothing_for_owner"


def miss_kinds(scores: Iterable[MeetingScore]) -> dict[str, int]:
    """How many expected tasks ``scores`` missed, by ``MISS_KINDS`` (counts only)."""
    out = dict.fromkeys(MISS_KINDS, 0)
    for score in scores:
        for why in score.missed_why:
            out[why] += 1
    return out


def _evidence_check(minutes: Mapping[str, Any]) -> tuple[int, int]:
    """(items with evidence, items whose evidence is verbatim in their cited utterances)."""
    from intents.evidence import quote_is_verbatim

    texts = {int(u["seq"]): str(u.get("text") or "") for u in minutes.get("transcript") or []}
    total = ok = 0
    for item in [*(minutes.get("action_items") or []), *(minutes.get("decisions") or [])]:
        total += 1
        cited = [texts[s] for s in sorted(set(item.get("evidence_seqs") or [])) if s in texts]
        ok += bool(cited) and quote_is_verbatim(str(item.get("evidence") or ""), cited)
    return total, ok


def _violations(
    expect: Mapping[str, Any],
    items: Sequence[Mapping[str, Any]],
    dec_texts: Sequence[str],
    q_texts: Sequence[str],
    minutes: Mapping[str, Any],
) -> list[str]:
    out: list[str] = []
    for key, entries in expect.items():
        if not key.startswith("forbidden_") or not entries:
            continue
        for entry in entries:
            kws = keywords(entry)
            label = f"{key}: {'+'.join(kws) if kws else entry}"
            if key == "forbidden_decisions":
                hit = any(_contains_all(t, kws) for t in dec_texts)
            elif key == "forbidden_owners":
                if isinstance(entry, Mapping):
                    # a superseded owner of one task: ``{contains, owner}``
                    hit = any(
                        it.get("owner") is not None
                        and _owner_eq(entry.get("owner"), it.get("owner"))
                        and _contains_all(_item_text(it), kws)
                        for it in items
                    )
                else:
                    hit = any(it.get("owner") is not None and _owner_eq(entry, it.get("owner")) for it in items)
            elif key == "forbidden_tasks":
                hit = any(
                    _contains_all(_item_text(it), kws)
                    and (
                        not isinstance(entry, Mapping)
                        or "owner" not in entry
                        or _owner_eq(entry["owner"], it.get("owner"))
                    )
                    for it in items
                )
            elif key in ("forbidden_due", "forbidden_due_dates"):
                if isinstance(entry, Mapping):
                    due = normalise(entry.get("due_contains"))
                    hit = any(
                        _contains_all(_item_text(it), kws)
                        and due
                        and due in normalise(it.get("due_date_raw"))
                        for it in items
                    )
                else:
                    hit = any(
                        normalise(entry) in normalise(it.get("due_date_raw"))
                        for it in items
                        if it.get("due_date_raw")
                    )
            elif key == "forbidden_questions":
                hit = any(_contains_all(t, kws) for t in q_texts)
            else:
                everything = normalise(
                    " ".join(f"{it.get('task')} {it.get('owner')} {it.get('due_date_raw')}" for it in items)
                    + " ".join(dec_texts)
                    + " ".join(q_texts)
                    + str(minutes.get("summary") or "")
                )
                hit = _contains_all(everything, kws)
            if hit:
                out.append(label)
    return out


def aggregate(scores: Sequence[MeetingScore]) -> dict[str, Any]:
    """Micro-averaged totals over meetings (counts summed before dividing)."""
    tp = sum(s.tp for s in scores)
    fp = sum(s.fp for s in scores)
    fn = sum(s.fn for s in scores)
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    due_t = sum(s.due_total for s in scores)
    dec_e = sum(s.decisions_expected for s in scores)
    q_e = sum(s.questions_expected for s in scores)
    iso_t = sum(s.due_iso_total for s in scores)
    ev_t = sum(s.evidence_total for s in scores)
    return {
        "meetings": len(scores),
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "precision": round(p, 4),
        "recall": round(r, 4),
        "f1": round(2 * p * r / (p + r), 4) if p + r else 0.0,
        "due_accuracy": round(sum(s.due_correct for s in scores) / due_t, 4) if due_t else 1.0,
        "due_iso_accuracy": round(sum(s.due_iso_correct for s in scores) / iso_t, 4) if iso_t else 1.0,
        "evidence_verbatim": round(sum(s.evidence_verbatim for s in scores) / ev_t, 4) if ev_t else 1.0,
        "decision_recall": round(sum(s.decisions_found for s in scores) / dec_e, 4) if dec_e else 1.0,
        "question_recall": round(sum(s.questions_found for s in scores) / q_e, 4) if q_e else 1.0,
        "violations": sum(len(s.violations) for s in scores),
    }


def format_report(scores: Sequence[MeetingScore]) -> str:
    """A plain-text table: one row per meeting, a TOTAL row, then violations and misses (tasks, then
    decisions and open questions)."""
    head = f"{'meeting':<28} {'P':>6} {'R':>6} {'F1':>6} {'due':>6} {'dec':>6} {'q':>6} {'viol':>5}"
    lines = [head, "-" * len(head)]
    for s in scores:
        lines.append(
            f"{s.fixture_id[:28]:<28} {s.precision:6.3f} {s.recall:6.3f} {s.f1:6.3f} {s.due_accuracy:6.3f} "
            f"{s.decision_recall:6.3f} {s.question_recall:6.3f} {len(s.violations):5d}"
        )
    t = aggregate(scores)
    lines.append("-" * len(head))
    lines.append(
        f"{'TOTAL':<28} {t['precision']:6.3f} {t['recall']:6.3f} {t['f1']:6.3f} {t['due_accuracy']:6.3f} "
        f"{t['decision_recall']:6.3f} {t['question_recall']:6.3f} {t['violations']:5d}"
    )
    for s in scores:
        for v in s.violations:
            lines.append(f"  violation  {s.fixture_id}: {v}")
        for m in (*s.missed, *s.missed_other):
            lines.append(f"  missed     {s.fixture_id}: {m}")
        for f in s.false_positives:
            lines.append(f"  false pos. {s.fixture_id}: {f}")
        for d in s.wrong_dues:
            lines.append(f"  wrong due  {s.fixture_id}: {d}")
    return "\n".join(lines)

