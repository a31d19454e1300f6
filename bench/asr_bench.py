"""ASR benchmark: VAD + Whisper over the fixture WAVs, as if streamed live.

    .venv/bin/python bench/asr_bench.py [--fixtures DIR] [--beam 5] [--threads N] [--hangover-ms MS]
                                        [--window-ms MS (-1 = fixed 30 s)] [--pad-ms MS] [--step-ms MS]
                                        [--batch 4] [--concurrency 1,2,4,6,8,12,16] [--minutes 3]
                                        [--no-compare]

Clock: audio is fed to the segmenter in 30 ms chunks and time is the audio position (real-time
arrival), so a segment is queued the moment the segmenter closes it; transcription time is the
*measured* wall time of each ``transcribe`` call. One worker transcribes jobs in arrival order,
so a job starts at max(arrival, worker free). This replays the live path faithfully on any
machine without waiting in real time.

Reported per fixture: segments, RTF (compute / audio), end-of-speech → utterance-ready latency
p50/p95 (end of speech = segment end minus the VAD post-roll), CER (zh) or WER (en) against the
fixture script, with the glossary prompt and (unless --no-compare) without it.

Concurrency: N meetings streaming at once (the fixtures looped for --minutes each, staggered
starts) share one worker; the per-segment compute times measured above are replayed through the
queue, once one job per call and once batched as ``AsrWorker`` does (every job waiting when the
worker frees up, up to --batch, at the measured batched/single cost ratio for that size). A level of N is sustainable when the queueing lag at the end is not larger than in the
middle (it does not grow). Peak RSS of this process (model loaded) is reported last.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jiwer  # noqa: E402

from asr.audio import BYTES_PER_MS, read_wav_file  # noqa: E402
from asr.text import compare_key  # noqa: E402
from asr.transcriber import (  # noqa: E402
    DEFAULT_PAD_MS,
    DEFAULT_STEP_MS,
    DEFAULT_WINDOW_MS,
    Request,
    WhisperTranscriber,
    glossary_prompt,
)
from asr.vad import Segment, Segmenter, VadConfig  # noqa: E402

CHUNK_MS = 30


@dataclass
class Job:
    meeting: int
    arrival_ms: float  # when the segmenter closed the segment (audio clock)
    speech_end_ms: float
    compute_ms: float


def cut(pcm: bytes, cfg: VadConfig) -> list[tuple[Segment, int]]:
    """Feed in real-time-sized chunks; return each segment with the audio time it was closed at."""
    seg = Segmenter(cfg)
    out: list[tuple[Segment, int]] = []
    step = CHUNK_MS * BYTES_PER_MS
    for pos in range(0, len(pcm), step):
        for s in seg.feed(pcm[pos : pos + step]):
            out.append((s, min(len(pcm), pos + step) // BYTES_PER_MS))
    out += [(s, len(pcm) // BYTES_PER_MS) for s in seg.flush()]
    return out


def error_rate(language: str, reference: list[str], hypothesis: list[str]) -> float:
    if language == "zh":
        return jiwer.cer(compare_key("".join(reference)), compare_key("".join(hypothesis)))

    def words(texts: list[str]) -> str:
        return " ".join(k for w in " ".join(texts).split() if (k := compare_key(w)))

    return jiwer.wer(words(reference), words(hypothesis))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def serve(jobs: list[Job], batch: int = 1, factor: dict[int, float] | None = None) -> list[float]:
    """One worker, FIFO by arrival; return each job's ready time (in ``jobs`` order).

    With ``batch`` > 1 the worker takes every job already waiting when it becomes free (up to
    ``batch``) in one call costing ``factor[n]`` x the sum of their single-call compute, as
    ``AsrWorker`` does with a batching transcriber.
    """
    order = sorted(range(len(jobs)), key=lambda i: jobs[i].arrival_ms)
    ready = [0.0] * len(jobs)
    free, k = 0.0, 0
    while k < len(order):
        start = max(jobs[order[k]].arrival_ms, free)
        take = [order[k]]
        k += 1
        while len(take) < batch and k < len(order) and jobs[order[k]].arrival_ms <= start:
            take.append(order[k])
            k += 1
        cost = sum(jobs[i].compute_ms for i in take) * ((factor or {}).get(len(take), 1.0))
        free = start + cost
        for i in take:
            ready[i] = free
    return ready


def batch_factors(rows: list[dict], tr: WhisperTranscriber, batch: int) -> dict[int, float]:
    """Measured cost of a batched call relative to the same segments transcribed one by one."""
    factors = {1: 1.0}
    for n in range(2, batch + 1):
        single = batched = 0.0
        for r in rows:
            reqs = r["requests"]
            for i in range(0, len(reqs) - n + 1, n):
                group = reqs[i : i + n]
                single += sum(j.compute_ms for j in r["jobs"][i : i + n])
                t = time.perf_counter()
                tr.transcribe_batch_sync(group)
                batched += (time.perf_counter() - t) * 1000
        factors[n] = batched / single if single else 1.0
    return factors


def run_fixture(path: Path, tr: WhisperTranscriber, cfg: VadConfig, compare: bool) -> dict:
    fx = json.loads(path.with_suffix(".json").read_text())
    lang = fx["language"]
    pcm = read_wav_file(path)
    segs = cut(pcm, cfg)
    prompt = glossary_prompt(fx.get("participants", []), fx.get("glossary", []), lang)
    texts, jobs = [], []
    for s, arrival in segs:
        t = tr.transcribe_sync(s.pcm, lang, prompt)
        texts.append(t.text)
        jobs.append(Job(0, arrival, s.end_ms - cfg.post_roll_ms, t.compute_ms))
    ready = serve(jobs)  # one meeting: segments rarely overlap, batching is measured below
    latencies = [(r - j.speech_end_ms) / 1000 for r, j in zip(ready, jobs, strict=True)]
    row = {
        "file": path.name,
        "lang": lang,
        "audio_s": len(pcm) / BYTES_PER_MS / 1000,
        "segments": len(segs),
        "script_lines": len(fx["utterances"]),
        "rtf": sum(j.compute_ms for j in jobs) / (len(pcm) / BYTES_PER_MS),
        "p50": pct(latencies, 0.5),
        "p95": pct(latencies, 0.95),
        "err_glossary": error_rate(lang, fx["utterances"], texts),
        "err_plain": float("nan"),
        "jobs": jobs,
        "texts": texts,
        "requests": [Request(s.pcm, lang, prompt) for s, _ in segs],
    }
    if compare:
        plain = [tr.transcribe_sync(s.pcm, lang, None).text for s, _ in segs]
        row["err_plain"] = error_rate(lang, fx["utterances"], plain)
    return row


def concurrency(
    rows: list[dict], n: int, minutes: float, batch: int = 1, factor: dict[int, float] | None = None
) -> tuple[float, float, float]:
    """Replay N staggered meetings of looped fixtures; return (mid lag s, end lag s, p95 latency s)."""
    horizon = minutes * 60_000
    jobs: list[Job] = []
    for m in range(n):
        t0 = m * 997.0  # stagger starts so segment ends do not align artificially
        k = m
        while t0 < horizon:
            row = rows[k % len(rows)]
            for j in row["jobs"]:
                if t0 + j.arrival_ms <= horizon:
                    jobs.append(Job(m, t0 + j.arrival_ms, t0 + j.speech_end_ms, j.compute_ms))
            t0 += row["audio_s"] * 1000
            k += 1
    jobs.sort(key=lambda j: j.arrival_ms)
    ready = serve(jobs, batch, factor)
    lags = [(r - j.arrival_ms) / 1000 for r, j in zip(ready, jobs, strict=True)]
    lat = [(r - j.speech_end_ms) / 1000 for r, j in zip(ready, jobs, strict=True)]
    third = max(1, len(lags) // 3)
    mid = statistics.mean(lags[third : 2 * third]) if len(lags) >= 3 else lags[0]
    end = statistics.mean(lags[2 * third :])
    return mid, end, pct(lat, 0.95)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "meetings")
    ap.add_argument("--model", default=None, help="MEETINGD_WHISPER_MODEL value (default: bundled base)")
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--compute-type", default="int8")
    ap.add_argument("--window-ms", type=int, default=DEFAULT_WINDOW_MS,
                    help="minimum encoder window; -1 = Whisper's fixed 30 s")  # fmt: skip
    ap.add_argument("--pad-ms", type=int, default=DEFAULT_PAD_MS)
    ap.add_argument("--step-ms", type=int, default=DEFAULT_STEP_MS)
    ap.add_argument("--hangover-ms", type=int, default=VadConfig().hangover_ms)
    ap.add_argument("--aggressiveness", type=int, default=VadConfig().aggressiveness)
    ap.add_argument("--concurrency", default="1,2,4,6,8,12,16")
    ap.add_argument("--batch", type=int, default=4, help="worker batch size (AsrWorker.batch_size)")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--no-compare", action="store_true", help="skip the run without glossary prompt")
    args = ap.parse_args(argv)

    cfg = VadConfig(hangover_ms=args.hangover_ms, aggressiveness=args.aggressiveness)
    tr = WhisperTranscriber(args.model, beam_size=args.beam, cpu_threads=args.threads,
                            compute_type=args.compute_type,
                            window_ms=None if args.window_ms is not None and args.window_ms < 0 else args.window_ms,
                            pad_ms=args.pad_ms, step_ms=args.step_ms)  # fmt: skip
    t = time.perf_counter()
    tr.load()
    load_s = time.perf_counter() - t
    tr.transcribe_sync(b"\0\0" * 16000, "zh")  # warm-up: first call allocates buffers
    wavs = sorted(args.fixtures.glob("*.wav"))
    if not wavs:
        print(f"no WAV fixtures under {args.fixtures}", file=sys.stderr)
        return 2
    print(f"model={tr.model_ref or 'base (bundled)'} beam={tr.beam_size} threads={tr.cpu_threads} "
          f"compute={tr.compute_type} window={tr.window_ms} pad={tr.pad_ms} step={tr.step_ms} "
          f"vad={cfg} load={load_s:.1f}s")  # fmt: skip
    rows = [run_fixture(w, tr, cfg, not args.no_compare) for w in wavs]
    head = f"{'fixture':28} {'lang':4} {'audio s':>7} {'segs':>4} {'lines':>5} {'RTF':>5} " \
           f"{'p50 s':>6} {'p95 s':>6} {'err+gloss':>9} {'err plain':>9}"  # fmt: skip
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['file']:28} {r['lang']:4} {r['audio_s']:7.1f} {r['segments']:4d} {r['script_lines']:5d} "
              f"{r['rtf']:5.2f} {r['p50']:6.2f} {r['p95']:6.2f} {r['err_glossary']:9.1%} {r['err_plain']:9.1%}")  # fmt: skip
    all_lat = [(rd - j.speech_end_ms) / 1000 for r in rows for rd, j in zip(serve(r["jobs"]), r["jobs"], strict=True)]
    total_audio = sum(r["audio_s"] for r in rows) * 1000
    total_compute = sum(j.compute_ms for r in rows for j in r["jobs"])
    print(f"{'ALL':28} {'':4} {total_audio / 1000:7.1f} {sum(r['segments'] for r in rows):4d} "
          f"{sum(r['script_lines'] for r in rows):5d} {total_compute / total_audio:5.2f} "
          f"{pct(all_lat, 0.5):6.2f} {pct(all_lat, 0.95):6.2f}")  # fmt: skip
    print()
    factor = batch_factors(rows, tr, args.batch)
    print("batched call cost / single calls: " + ", ".join(f"{n}: {f:.2f}" for n, f in factor.items()))
    for batch in sorted({1, args.batch}):
        print(f"concurrency ({args.minutes:g} min per meeting, one shared worker, batch {batch}):")
        print(f"{'N':>3} {'lag mid s':>9} {'lag end s':>9} {'p95 lat s':>9}  sustainable")
        best = 0
        for n in [int(x) for x in args.concurrency.split(",") if x.strip()]:
            mid, end, p95 = concurrency(rows, n, args.minutes, batch, factor)
            ok = end <= mid + 0.5
            best = max(best, n) if ok else best
            print(f"{n:3d} {mid:9.2f} {end:9.2f} {p95:9.2f}  {'yes' if ok else 'NO (lag grows)'}")
        print(f"largest sustainable N (batch {batch}): {best}")
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {rss_mb:.0f} MB")
    for r in rows:
        print(f"\n# {r['file']}")
        for line in r["texts"]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
