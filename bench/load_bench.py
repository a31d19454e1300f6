"""Load benchmark: N meetings streaming fixture audio concurrently, in real time, through one daemon.

    .venv/bin/python bench/load_bench.py [--n 1,2,4] [--seconds 60] [--threads 2] [--json OUT]
                                         [--fixtures DIR (default tests/fixtures/meetings)]

For each N a fresh process opens a :class:`~meetingd.service.MeetingService` (real Whisper, rules
brain, ``execute`` mode) and N live meetings. Each meeting streams the fixture WAVs (concatenated,
looped, a different starting fixture per meeting) into ``svc.audio_stream(id).write`` in 100 ms
frames paced by the wall clock, for ``--seconds``; then every meeting finalizes. Measured:

* ``lost``: speech segments that never became a finished job — the same audio cut offline by the
  same VAD is the reference (must be 0), plus acknowledged audio missing from disk;
* ``lag``: per meeting, received audio minus the end of the last transcribed segment, sampled
  every second; reported at the end and as a growth rate (s of lag per s of meeting; ≈0 holds,
  > 0 means ASR falls behind);
* ``eos→utt``: end of speech (the moment its last byte was streamed) → utterance appended,
  p50 / p95 / max;
* ``rss``: peak resident memory of the process; ``cpu``: CPU seconds / wall seconds (cores used);
* ``drain``: seconds from the end of streaming until every meeting has ended.

The model is loaded before streaming starts (its load time is reported as ``model_load_s``): the
daemon loads it on the first job, a one-off cold start that is not steady-state latency.

N "holds" when nothing is lost, lag does not grow (< 0.05 s/s) and p95 eos→utt stays under 10 s.
The issue's real run is ``--seconds 180`` (and a longer soak outside CI).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIXTURES = ROOT / "tests" / "fixtures" / "meetings"
CHUNK_MS = 100
HOLD_LAG_GROWTH = 0.05
HOLD_P95_S = 10.0


def fixture_audio(start: int, seconds: float, language: str = "zh", fixtures: Path = FIXTURES) -> bytes:
    """The fixture WAVs of ``language`` concatenated from the ``start``-th, looped to ``seconds``.

    Only one language: English audio in a ``zh`` meeting makes Whisper hallucinate (slowly),
    which measures the mismatch, not the daemon."""
    from asr.audio import read_wav_file

    wavs = sorted(fixtures.glob(f"{language}_*.wav"))
    pcms = [read_wav_file(w) for w in wavs]
    need = int(seconds * 1000) * 32
    out = bytearray()
    i = start
    while len(out) < need:
        out += pcms[i % len(pcms)]
        i += 1
    return bytes(out[:need])


def offline_segments(pcm: bytes) -> int:
    from asr.vad import Segmenter

    seg = Segmenter()
    n = 0
    step = CHUNK_MS * 32
    for i in range(0, len(pcm), step):
        n += len(seg.feed(pcm[i : i + step]))
    return n + len(seg.flush())


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of lag (s) against time (s)."""
    if len(points) < 3:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0


async def run_one(n: int, seconds: float, threads: int, fixtures: Path = FIXTURES) -> dict:
    from asr.transcriber import WhisperTranscriber
    from meetingd.config import Settings
    from meetingd.service import MeetingService

    data = Path(tempfile.mkdtemp(prefix="meetingd-load-"))
    settings = Settings(data_dir=data, brain="rules", asr_threads=threads)
    transcriber = WhisperTranscriber(settings.whisper_model, compute_type=settings.asr_compute_type,
                                     cpu_threads=threads, beam_size=settings.asr_beam_size)
    # Warm: the daemon loads the model on its first job; a cold start is reported apart, not
    # mixed into steady-state latency.
    load_started = time.perf_counter()
    await asyncio.to_thread(transcriber.load)
    model_load_s = time.perf_counter() - load_started
    svc = await MeetingService.open(settings, transcriber=transcriber)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    appended: dict[tuple[str, int], float] = {}
    svc.store.subscribe(lambda changes: [appended.setdefault((c.meeting_id, c.data["seq"]), time.perf_counter())
                                         for c in changes if c.kind == "utterance"])
    try:
        meetings = [await svc.create_meeting(f"load {i}", "zh", "execute", ["张三", "李四", "王五", "刘洋"])
                    for i in range(n)]
        audio = {m.id: fixture_audio(i, seconds, fixtures=fixtures) for i, m in enumerate(meetings)}
        t0 = time.perf_counter() + 0.5
        lag_points: dict[str, list[tuple[float, float]]] = {m.id: [] for m in meetings}
        streaming = True

        async def stream(mid: str) -> None:
            s = await svc.audio_stream(mid)
            pcm, step = audio[mid], CHUNK_MS * 32
            for off in range(0, len(pcm), step):
                delay = t0 + (off // 32 + CHUNK_MS) / 1000 - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)  # real-time pacing of a live client
                await s.write(off // 32, pcm[off : off + step])

        async def sample() -> None:
            while streaming:
                await asyncio.sleep(1.0)
                done = {r[0]: r[1] for r in await svc.store.db.all(
                    "SELECT meeting_id, MAX(start_ms + duration_ms) FROM asr_jobs WHERE status = 'done'"
                    " GROUP BY meeting_id")}
                now = time.perf_counter() - t0
                for mid in lag_points:
                    st = svc.streams.get(mid)
                    if st is not None:
                        lag_points[mid].append((now, max(0, st.received_ms - (done.get(mid) or 0)) / 1000))

        sampler = asyncio.create_task(sample())
        async with asyncio.TaskGroup() as tg:
            for m in meetings:
                tg.create_task(stream(m.id))
        streaming = False
        stream_end = time.perf_counter()
        sampler.cancel()
        results = await asyncio.gather(*(svc.finalize(m.id, wait_s=max(120.0, seconds * n)) for m in meetings))
        drain_s = time.perf_counter() - stream_end
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0

        lost = 0
        eos: list[float] = []
        per_meeting = []
        for m, res in zip(meetings, results, strict=True):
            expected = offline_segments(audio[m.id])
            jobs = await svc.store.job_counts(m.id)
            row = await svc.store.get_audio_stream(m.id)
            on_disk = (data / "audio" / m.id / "stream.pcm").stat().st_size
            missing_audio = int(on_disk != len(audio[m.id]) or row["received_ms"] * 32 != on_disk)
            lost_here = max(0, expected - jobs["done"]) + jobs["failed"] + missing_audio
            lost += lost_here
            for u in await svc.store.list_utterances(m.id):
                if (m.id, u.seq) in appended and u.end_ms is not None:
                    eos.append(appended[(m.id, u.seq)] - (t0 + u.end_ms / 1000))
            pts = lag_points[m.id]
            per_meeting.append({"status": res.get("status"), "segments_expected": expected, "jobs": jobs,
                                "lost": lost_here, "lag_end_s": round(pts[-1][1], 2) if pts else 0.0,
                                "lag_max_s": round(max((p[1] for p in pts), default=0.0), 2),
                                "lag_growth": round(slope(pts), 4)})
        worker = svc.worker.stats if svc.worker else None
        out = {
            "n": n, "seconds": seconds, "threads": threads, "lost": lost, "model_load_s": round(model_load_s, 2),
            "lag_growth_max": max((p["lag_growth"] for p in per_meeting), default=0.0),
            "lag_end_max_s": max((p["lag_end_s"] for p in per_meeting), default=0.0),
            "eos_to_utt_p50_s": round(pct(eos, 0.5), 2), "eos_to_utt_p95_s": round(pct(eos, 0.95), 2),
            "eos_to_utt_max_s": round(max(eos, default=0.0), 2), "utterances": len(eos),
            "rss_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "cpu_cores": round(cpu / wall, 2), "drain_s": round(drain_s, 1),
            "asr_rtf": round(worker.compute_ms / worker.audio_ms, 3) if worker and worker.audio_ms else None,
            "all_ended": all(p["status"] == "ended" for p in per_meeting),
            "meetings": per_meeting,
        }
        out["holds"] = bool(out["lost"] == 0 and out["lag_growth_max"] < HOLD_LAG_GROWTH
                            and out["eos_to_utt_p95_s"] < HOLD_P95_S and out["all_ended"])
        return out
    finally:
        await svc.close()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", default="1,2,4", help="comma-separated meeting counts")
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--threads", type=int, default=max(1, len(os.sched_getaffinity(0))))
    p.add_argument("--json", type=Path, help="write all results here")
    p.add_argument("--fixtures", type=Path, default=FIXTURES, help="directory of zh_*.wav fixture meetings")
    p.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child is not None:  # one N in its own process: clean RSS and CPU numbers
        print(json.dumps(asyncio.run(run_one(args.child, args.seconds, args.threads, args.fixtures)), ensure_ascii=False))
        return 0
    rows = []
    for n in [int(x) for x in args.n.split(",") if x.strip()]:
        got = subprocess.run([sys.executable, __file__, "--child", str(n), "--seconds", str(args.seconds),
                              "--threads", str(args.threads), "--fixtures", str(args.fixtures)], capture_output=True, text=True, check=False)
        if got.returncode != 0:
            print(got.stderr[-3000:], file=sys.stderr)
            return 1
        row = json.loads(got.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(f"N={n:<3} lost={row['lost']}  lag growth={row['lag_growth_max']:+.3f} s/s  lag end={row['lag_end_max_s']}s"
              f"  eos→utt p50={row['eos_to_utt_p50_s']}s p95={row['eos_to_utt_p95_s']}s max={row['eos_to_utt_max_s']}s"
              f"  rss={row['rss_peak_mb']}MB  cpu={row['cpu_cores']} cores  rtf={row['asr_rtf']}"
              f"  drain={row['drain_s']}s  {'HOLDS' if row['holds'] else 'does not hold'}", flush=True)
    held = [r["n"] for r in rows if r["holds"]]
    print(f"largest N that holds ({args.seconds:.0f} s, {args.threads} ASR threads): {max(held) if held else 'none'}")
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
