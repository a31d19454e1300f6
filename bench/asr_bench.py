"""ASR benchmark: VAD + Whisper over the fixture WAVs, as if streamed live.

    .venv/bin/python bench/asr_bench.py [--fixtures DIR] [--audio DIR] [--lang zh] [--limit N]
                                        [--beam 5] [--threads N] [--hangover-ms MS]
                                        [--window-ms MS (-1 = fixed 30 s)] [--pad-ms MS] [--step-ms MS]
                                        [--batch 4] [--concurrency 1,2,4,6,8,12,16] [--minutes 3]
                                        [--no-compare] [--no-concurrency]

Fixtures are script JSONs (``utterances``, ``participants``, ``title``, optional ``agenda`` and
``glossary``) with a WAV of the same stem in --audio (default: beside the JSON).

Clock: audio is fed to the segmenter in 30 ms chunks and time is the audio position (real-time
arrival), so a segment is queued the moment the segmenter closes it; transcription time is the
*measured* wall time of each ``transcribe`` call. One worker transcribes jobs in arrival order,
so a job starts at max(arrival, worker free). This replays the live path faithfully on any
machine without waiting in real time.

Reported per fixture: segments, RTF (compute / audio), end-of-speech → utterance-ready latency
p50/p95 (end of speech = segment end minus the VAD post-roll; compute includes the correction),
and, against the script, CER (zh) or WER (en), content-word recall (the script's nouns and verbs
of two or more characters found verbatim in the transcript) and the precision of the
correction's rewrites (closer to the script / all rewrites), under three prompts:

- ``none``: no prompt at all (the decoder alone; for the encoder-window comparison),
- ``names``: the participants only ("without vocabulary": what a meeting knew before),
- ``vocab``: participants + glossary + the title's and agenda's content words ("with
  vocabulary"; the vocabulary never looks at the script or the expected answers),

each as decoded (raw) and after ``asr.correct`` with the matching vocabulary (names only, or the
full vocabulary). Whisper segments dropped as an echo of the prompt (or as another hallucination)
are counted per prompt. --no-compare decodes only the ``vocab`` prompt.

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

from asr.audio import BYTES_PER_MS, read_wav_file  # noqa: E402
from asr.correct import Correction, correct, load_lexicon  # noqa: E402
from asr.transcriber import (  # noqa: E402
    DEFAULT_PAD_MS,
    DEFAULT_STEP_MS,
    DEFAULT_WINDOW_MS,
    Request,
    WhisperTranscriber,
    glossary_prompt,
)
from asr.vad import Segment, Segmenter, VadConfig  # noqa: E402
from asr.vocabulary import Vocabulary, meeting_vocabulary  # noqa: E402
from bench.asr_quality import content_recall, error_rate, rewrite_outcomes  # noqa: E402

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


PROMPTS = ("none", "names", "vocab")


def decode(tr: WhisperTranscriber, segs: list[tuple[Segment, int]], lang: str, prompt: str | None) -> dict:
    texts, compute, drops = [], [], {}
    for s, _arrival in segs:
        t = tr.transcribe_sync(s.pcm, lang, prompt)
        texts.append(t.text)
        compute.append(t.compute_ms)
        for d in t.dropped:
            drops[d.reason] = drops.get(d.reason, 0) + 1
    return {"texts": texts, "compute": compute, "drops": drops}


def corrected(texts: list[str], lang: str, vocab: Vocabulary, lexicon) -> tuple[list[Correction], list[float]]:
    out, spent = [], []
    for text in texts:
        t = time.perf_counter()
        out.append(correct(text, vocab, lexicon) if lang == "zh" else Correction(text))
        spent.append((time.perf_counter() - t) * 1000)
    return out, spent


def run_fixture(script: Path, wav: Path, tr: WhisperTranscriber, cfg: VadConfig, compare: bool, lexicon,
                own_glossary: bool = False) -> dict:
    fx = json.loads(script.read_text())
    lang = fx["language"]
    ref = [u["text"] if isinstance(u, dict) else u for u in fx["utterances"]]
    pcm = read_wav_file(wav)
    segs = cut(pcm, cfg)
    names = Vocabulary.of(fx.get("participants", []))
    # The vocabulary is what a user would type before the meeting: title and agenda (and a
    # fixture's own glossary only on request); never the script or the expected answers.
    glossary = fx.get("glossary", []) if own_glossary else []
    vocab = meeting_vocabulary(names.participants, glossary, fx.get("title", ""), fx.get("agenda", ""))
    prompts = {
        "none": None,
        "names": glossary_prompt(names.participants, [], lang),
        "vocab": glossary_prompt(vocab.participants, vocab.terms, lang),
    }
    results = {}
    for name in PROMPTS if compare else ("vocab",):
        d = decode(tr, segs, lang, prompts[name])
        d["err"] = error_rate(lang, ref, d["texts"])
        d["recall"] = content_recall(ref, d["texts"]) if lang == "zh" else (0, 0)
        if name != "none":
            fixed, spent = corrected(d["texts"], lang, vocab if name == "vocab" else names, lexicon)
            d["spent"] = spent
            d["err_fixed"] = error_rate(lang, ref, [c.text for c in fixed])
            d["recall_fixed"] = content_recall(ref, [c.text for c in fixed]) if lang == "zh" else (0, 0)
            d["outcomes"] = rewrite_outcomes(ref, fixed)
            d["fixed"] = [c.text for c in fixed]
        results[name] = d
    shipped = results["vocab"]
    jobs = [Job(0, arrival, s.end_ms - cfg.post_roll_ms, c + k)
            for (s, arrival), c, k in zip(segs, shipped["compute"], shipped["spent"], strict=True)]  # fmt: skip
    ready = serve(jobs)  # one meeting: segments rarely overlap, batching is measured below
    latencies = [(r - j.speech_end_ms) / 1000 for r, j in zip(ready, jobs, strict=True)]
    return {
        "file": script.stem,
        "lang": lang,
        "audio_s": len(pcm) / BYTES_PER_MS / 1000,
        "segments": len(segs),
        "script_lines": len(ref),
        "rtf": sum(j.compute_ms for j in jobs) / (len(pcm) / BYTES_PER_MS),
        "p50": pct(latencies, 0.5),
        "p95": pct(latencies, 0.95),
        "results": results,
        "vocab_terms": vocab.terms,
        "jobs": jobs,
        "requests": [Request(s.pcm, lang, prompts["vocab"]) for s, _ in segs],
    }


def fixtures(scripts: Path, audio: Path | None, lang: str | None, limit: int | None) -> list[tuple[Path, Path]]:
    pairs = []
    for script in sorted(scripts.glob("*.json")):
        wav = (audio or scripts) / (script.stem + ".wav")
        if wav.is_file() and (lang is None or json.loads(script.read_text()).get("language") == lang):
            pairs.append((script, wav))
    return pairs[:limit] if limit else pairs


def report(rows: list[dict]) -> None:
    """Per-file table and the summary: CER / recall / rewrite precision per prompt x correction."""
    head = f"{'fixture':30} {'lang':4} {'audio s':>7} {'segs':>4} {'RTF':>5} {'p50 s':>6} {'p95 s':>6}"
    cols = [(p, f) for p in PROMPTS for f in ((False,) if p == "none" else (False, True))]
    head += "".join(f" {p + ('+fix' if f else ''):>10}" for p, f in cols)
    print(head)
    print("-" * len(head))
    for r in rows:
        line = (f"{r['file'][:30]:30} {r['lang']:4} {r['audio_s']:7.1f} {r['segments']:4d} {r['rtf']:5.2f} "
                f"{r['p50']:6.2f} {r['p95']:6.2f}")  # fmt: skip
        for p, f in cols:
            d = r["results"].get(p)
            line += f" {d['err_fixed' if f else 'err']:10.1%}" if d else f" {'-':>10}"
        print(line)
    all_lat = [(rd - j.speech_end_ms) / 1000 for r in rows for rd, j in zip(serve(r["jobs"]), r["jobs"], strict=True)]
    spent = [k for r in rows for k in r["results"]["vocab"]["spent"]]
    print(f"\nlatency end of speech -> utterance (vocab prompt + correction): p50 {pct(all_lat, 0.5):.2f} s, "
          f"p95 {pct(all_lat, 0.95):.2f} s; correction per utterance: mean {statistics.mean(spent or [0]):.1f} ms, "
          f"max {max(spent or [0]):.1f} ms")  # fmt: skip
    for lang in sorted({r["lang"] for r in rows}):
        mine = [r for r in rows if r["lang"] == lang]
        print(f"\n{lang}: {len(mine)} files, mean {'CER' if lang == 'zh' else 'WER'} / content-word recall / "
              "rewrites (closer-farther-neutral, precision) / Whisper segments dropped")  # fmt: skip
        for p, f in cols:
            ds = [r["results"][p] for r in mine if p in r["results"]]
            if not ds:
                continue
            err = statistics.mean(d["err_fixed" if f else "err"] for d in ds)
            rec = [d["recall_fixed" if f else "recall"] for d in ds]
            found, total = sum(x for x, _ in rec), sum(y for _, y in rec)
            recall = f"{found / total:6.1%} ({found}/{total})" if total else "     -"
            line = f"  {p + (' + correction' if f else ''):20} {err:6.1%}  recall {recall}"
            if f:
                o = [x for d in ds for x in d["outcomes"]]
                good, bad, zero = o.count(-1), o.count(1), o.count(0)
                prec = f"{good / len(o):.0%}" if o else "-"
                worse = max((d["err_fixed"] - d["err"] for d in ds), default=0.0)
                line += f"  rewrites {good}-{bad}-{zero} precision {prec}  worst file {worse:+.1%}"
            else:
                drops: dict[str, int] = {}
                for d in ds:
                    for k, v in d["drops"].items():
                        drops[k] = drops.get(k, 0) + v
                line += f"  dropped {dict(sorted(drops.items())) or '{}'}"
            print(line)


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
    ap.add_argument("--audio", type=Path, default=None, help="WAV directory (default: --fixtures)")
    ap.add_argument("--lang", default=None, help="only fixtures of this language")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--no-concurrency", action="store_true")
    ap.add_argument("--show", action="store_true", help="print every transcript line")
    ap.add_argument("--fixture-glossary", action="store_true",
                    help="also use a fixture's own 'glossary' (off: vocabulary from title and agenda only)")
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
    ap.add_argument("--no-compare", action="store_true", help="decode with the vocabulary prompt only")
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
    lexicon = load_lexicon()
    pairs = fixtures(args.fixtures, args.audio, args.lang, args.limit)
    if not pairs:
        print(f"no fixtures with audio under {args.fixtures}", file=sys.stderr)
        return 2
    print(f"model={tr.model_ref or 'base (bundled)'} beam={tr.beam_size} threads={tr.cpu_threads} "
          f"compute={tr.compute_type} window={tr.window_ms} pad={tr.pad_ms} step={tr.step_ms} "
          f"vad={cfg} load={load_s:.1f}s")  # fmt: skip
    rows = []
    for script, wav in pairs:
        rows.append(run_fixture(script, wav, tr, cfg, not args.no_compare, lexicon, args.fixture_glossary))
        print(f"  {script.stem}: {rows[-1]['results']['vocab']['err']:.1%}", file=sys.stderr, flush=True)
    report(rows)
    if args.show:
        for r in rows:
            print(f"\n# {r['file']} vocabulary terms: {'、'.join(r['vocab_terms'])}")
            for p, d in r["results"].items():
                for k, line in enumerate(d["texts"]):
                    fixed = d.get("fixed", d["texts"])[k]
                    print(f"  [{p}] {line}" + (f"  =>  {fixed}" if fixed != line else ""))
    if args.no_concurrency:
        return 0
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
