"""Extraction quality on the corpus, through the real replay path, dev and held-out apart.

    .venv/bin/python bench/extraction_bench.py [--corpus tests/corpus] [--brain rules] [--dev-failures] [--miss-kinds]

Every meeting of ``CORPUS/meetings/*.json`` (text) and, when present, ``CORPUS/asr/*.json`` (the
same meetings as a Whisper transcript) is replayed exactly as ``meetingd eval`` does: a fresh store,
``execute`` mode, speed 0, the meeting's own date, finalize, minutes; then scored with
``meetingd.scoring``. The split is ``tests.corpus.split`` on the meeting id. For held-out meetings
only aggregate numbers are printed, never a meeting's name, output or failure; ``--dev-failures``
lists what went wrong on dev meetings only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from meetingd.replay import EVAL_WAIT_S, load_script, replay  # noqa: E402
from meetingd.scoring import (  # noqa: E402
    MeetingScore,
    aggregate,
    keywords,
    miss_kinds,
    normalise,
    score_meeting,
)
from tests.corpus import meeting_files, split  # noqa: E402

COLUMNS = ("meetings", "precision", "recall", "f1", "due_accuracy", "due_iso_accuracy", "decision_recall",
           "question_recall", "violations", "evidence_verbatim")
HEAD = ("n", "P", "R", "F1", "due", "dueISO", "dec", "q", "viol", "verbatim")


def meeting_id(path: Path, data: dict[str, Any]) -> str:
    return str(data.get("id") or path.stem)


async def score_file(path: Path, brain: str | None, sem: asyncio.Semaphore) -> tuple[str, MeetingScore, bool]:
    """(id, score, closed): ``closed`` is False when finalize refused (an intent left for a person),
    which scores the meeting as empty minutes, as ``meetingd eval`` does."""
    data = load_script(path)
    async with sem:
        result = await replay(path, mode="execute", brain=brain, speed=0.0, wait_s=EVAL_WAIT_S, date=data.get("date"))
    minutes = result.minutes or {"action_items": [], "decisions": [], "open_questions": []}
    return meeting_id(path, data), score_meeting(data, minutes), result.minutes is not None


def reachable(files: list[Path]) -> tuple[int, int]:
    """(expected tasks whose every keyword is somewhere in the meeting's utterances, expected
    tasks): the recall ceiling of any extractor that quotes the transcript verbatim. On the
    ASR-noisy twins it shows how many tasks Whisper's mistakes already lost."""
    hit = total = 0
    for path in files:
        data = load_script(path)
        said = normalise("".join(data.get("utterances", [])))
        for task in data.get("expect", {}).get("tasks", []):
            total += 1
            hit += all(normalise(k) in said for k in keywords(task.get("contains", [])))
    return hit, total


async def run_corpus(directory: Path, brain: str | None, jobs: int,
                     ids: re.Pattern[str] | None = None) -> tuple[dict[str, list[MeetingScore]], dict[str, int]]:
    """Scores by split for every ``*.json`` in ``directory`` (whose stem ``ids`` matches, if given),
    and by split how many meetings finalize would not close."""
    sem = asyncio.Semaphore(jobs)
    files = [p for p in sorted(directory.glob("*.json")) if ids is None or ids.search(p.stem)]
    results = await asyncio.gather(*(score_file(p, brain, sem) for p in files))
    out: dict[str, list[MeetingScore]] = {"dev": [], "heldout": []}
    unclosed = {"dev": 0, "heldout": 0}
    for mid, score, closed in results:
        out[split(mid)].append(score)
        unclosed[split(mid)] += not closed
    return out, unclosed


def row(label: str, scores: list[MeetingScore]) -> str:
    t = aggregate(scores) if scores else {}
    cells = []
    for c in COLUMNS:
        v = t.get(c)
        cells.append("-" if v is None else f"{v:d}" if isinstance(v, int) else f"{v:.3f}")
    return f"{label:<18}" + "".join(f"{c:>9}" for c in cells)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=ROOT / "tests" / "corpus")
    ap.add_argument("--brain", choices=["rules", "openai"], default="rules")
    ap.add_argument("--jobs", type=int, default=4, help="meetings replayed at once")
    ap.add_argument("--only", choices=["text", "asr"], help="one variant only")
    ap.add_argument("--dev-failures", action="store_true", help="list misses and false positives of dev meetings")
    ap.add_argument("--json", type=Path, help="write the aggregate numbers here")
    ap.add_argument("--miss-kinds", action="store_true",
                    help="count why expected tasks were missed, by split (counts only, held-out included)")
    ap.add_argument("--ids", type=re.compile, default=None,
                    help="only meetings whose id matches this regex (e.g. '_c' for the first 66)")
    args = ap.parse_args()

    variants = [("text", args.corpus / "meetings"), ("asr", args.corpus / "asr")]
    variants = [(n, d) for n, d in variants if d.is_dir() and any(d.glob("*.json")) and args.only in (None, n)]
    if not variants:
        print(f"no corpus meetings under {args.corpus}", file=sys.stderr)
        return 2
    print(f"{'':<18}" + "".join(f"{h:>9}" for h in HEAD))
    report: dict[str, Any] = {}
    for name, directory in variants:
        t0 = time.perf_counter()
        by_split, unclosed = asyncio.run(run_corpus(directory, args.brain, args.jobs, args.ids))
        for which in ("dev", "heldout"):
            print(row(f"{name} {which}", by_split[which]))
            if by_split[which]:
                report[f"{name}_{which}"] = aggregate(by_split[which])
                report[f"{name}_{which}_unclosed"] = unclosed[which]
        # A meeting finalize would not close (an intent left high-risk for a person) scores as
        # empty minutes: every item of it lost, so it is counted apart.
        print(f"{'':<18}unclosed meetings: dev {unclosed['dev']}, held-out {unclosed['heldout']}")
        if args.miss_kinds:
            for which in ("dev", "heldout"):
                counts = miss_kinds(by_split[which])
                print(f"{'':<18}{which} misses: " + ", ".join(f"{k} {n}" for k, n in counts.items()))
                report[f"{name}_{which}_miss_kinds"] = counts
        for which in ("dev", "heldout"):
            files = [p for p in meeting_files(which, directory) if args.ids is None or args.ids.search(p.stem)]
            hit, total = reachable(files)
            if total:
                print(f"{'':<18}{which}: {hit}/{total} expected tasks have every keyword in the transcript"
                      f" (recall ceiling {hit / total:.3f})")
                report[f"{name}_{which}_reachable"] = hit / total
        print(f"{'':<18}({time.perf_counter() - t0:.1f} s)")
        if args.dev_failures:
            for s in by_split["dev"]:
                lines = [f"  violation {v}" for v in s.violations] + [f"  missed    {m}" for m in s.missed]
                lines += [f"  false pos {f}" for f in s.false_positives] + [f"  due       {d}" for d in s.wrong_dues]
                lines += [f"  missed    {m}" for m in s.missed_other]
                if s.evidence_verbatim < s.evidence_total:
                    lines.append(f"  evidence  {s.evidence_total - s.evidence_verbatim} not verbatim")
                if lines:
                    print(f"[{name} dev] {s.fixture_id}")
                    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
