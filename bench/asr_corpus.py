"""The extraction corpus as heard by Whisper: synthesize every meeting, stream it through VAD + Whisper.

    .venv/bin/python bench/asr_corpus.py [--corpus tests/corpus/meetings] [--out tests/corpus/asr]
                                         [--lang zh,en] [--only ID,ID] [--threads 2] [--force]

For each ``<id>.json`` of the corpus: render it with ``bench/synth.py`` (seed = a stable hash of the
id, so voices, speeds, pauses and the noise of about a third of the meetings vary across meetings but
not across runs; the WAV is cached in ``~/.cache/meetingd/corpus-audio/``), cut it with the live VAD
(``asr.vad.Segmenter``, fed in 30 ms chunks as ``bench/asr_bench.py`` does) and transcribe each
segment with ``WhisperTranscriber`` and the participant prompt, as the worker would. Writes
``<out>/<id>.json``: the corpus meeting with ``utterances`` replaced by the ASR text of each VAD
segment (segments the filters emptied are dropped, as the worker drops them) and an ``asr`` block
``{model, voice, seed, noise_db, segments, cer[, wer]}``. Prints each meeting and the mean CER (zh) /
WER (en). A meeting whose output exists is skipped unless ``--force``.

Needs the ``synth`` extra (see ``bench/synth.py``); the corpus text itself needs nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import asr_bench  # noqa: E402  (puts ROOT on sys.path too)
import jiwer  # noqa: E402
import synth  # noqa: E402

from asr.audio import read_wav_file  # noqa: E402
from asr.text import compare_key  # noqa: E402
from asr.transcriber import WhisperTranscriber, glossary_prompt  # noqa: E402
from asr.vad import VadConfig  # noqa: E402

AUDIO_CACHE = Path.home() / ".cache" / "meetingd" / "corpus-audio"


def meeting_seed(meeting_id: str) -> int:
    """Stable across runs and machines (``hash()`` is salted per process)."""
    return int.from_bytes(hashlib.sha256(meeting_id.encode("utf-8")).digest()[:4], "big")


def audio_for(meeting: dict, seed: int) -> tuple[Path, dict]:
    """The meeting's WAV and synth script, rendered once and cached by id, seed and spoken text."""
    said = json.dumps([meeting["language"], meeting["utterances"]], ensure_ascii=False).encode("utf-8")
    wav = AUDIO_CACHE / f"{meeting['id']}-{seed}-{hashlib.sha256(said).hexdigest()[:10]}.wav"
    script = synth.script_path(wav)
    if not (wav.exists() and script.exists()):
        pcm, info = synth.render(meeting, seed)
        synth.write_wav(wav, pcm)
        script.write_text(json.dumps(info, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return wav, json.loads(script.read_text(encoding="utf-8"))


def char_error(reference: list[str], hypothesis: list[str]) -> float:
    return float(jiwer.cer(compare_key("".join(reference)), compare_key("".join(hypothesis))))


def transcribe_meeting(meeting: dict, tr: WhisperTranscriber, cfg: VadConfig) -> tuple[dict, dict]:
    """(the ASR version of the meeting, its row for the summary)."""
    seed = meeting_seed(meeting["id"])
    started = time.perf_counter()
    wav, script = audio_for(meeting, seed)
    synth_s = time.perf_counter() - started
    lang = meeting["language"]
    prompt = glossary_prompt(meeting.get("participants", []), meeting.get("glossary", []), lang)
    segments = asr_bench.cut(read_wav_file(wav), cfg)
    texts = [tr.transcribe_sync(s.pcm, lang, prompt).text for s, _closed in segments]
    heard = [t for t in texts if t.strip()]
    asr = {
        "model": "base",
        "voice": ", ".join(
            f"{v['name']} {v['pitch_cents']:+d}c x{v['tempo']} {v['highpass_hz']}-{v['lowpass_hz']} Hz"
            + (f" reverb {v['reverb']}" if v["reverb"] else "")
            for v in script["voices"]
        ),
        "seed": seed,
        "noise_db": script["noise"]["snr_db"] if script["noise"] else None,
        "noise": script["noise"]["color"] if script["noise"] else None,
        "audio_ms": script["duration_ms"],
        "segments": len(segments),
        "cer": round(char_error(meeting["utterances"], heard), 4),
    }
    if lang != "zh":
        asr["wer"] = round(asr_bench.error_rate(lang, meeting["utterances"], heard), 4)
    out = {**meeting, "utterances": heard, "asr": asr}
    row = {"id": meeting["id"], "lang": lang, "err": asr["cer"] if lang == "zh" else asr["wer"],
           "noise_db": asr["noise_db"], "lines": len(meeting["utterances"]), "heard": len(heard),
           "audio_s": script["duration_ms"] / 1000, "synth_s": synth_s,
           "asr_s": time.perf_counter() - started - synth_s}  # fmt: skip
    return out, row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=ROOT / "tests" / "corpus" / "meetings")
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "corpus" / "asr")
    ap.add_argument("--lang", default="zh,en")
    ap.add_argument("--only", default="", help="comma-separated meeting ids")
    ap.add_argument("--threads", type=int, default=2, help="Whisper CPU threads")
    ap.add_argument("--force", action="store_true", help="redo meetings whose output exists")
    args = ap.parse_args(argv)

    langs = {x.strip() for x in args.lang.split(",") if x.strip()}
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    meetings = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.corpus.glob("*.json"))]
    meetings = [m for m in meetings if m["language"] in langs and (not only or m["id"] in only)]
    if not meetings:
        print(f"no corpus meetings under {args.corpus}", file=sys.stderr)
        return 2
    cfg = VadConfig()
    tr = WhisperTranscriber(None, cpu_threads=args.threads)
    try:
        tr.load()
    except Exception as e:  # the bundled model is assembled on first use; say so plainly
        print(f"cannot load the Whisper model: {e}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    errors: dict[str, list[float]] = {}
    noisy: dict[str, list[float]] = {}
    for m in meetings:
        target = args.out / f"{m['id']}.json"
        if target.exists() and not args.force:
            done = json.loads(target.read_text(encoding="utf-8"))["asr"]
            err = done["cer"] if m["language"] == "zh" else done["wer"]
            row = {"id": m["id"], "lang": m["language"], "err": err, "noise_db": done["noise_db"]}
            print(f"{m['id']:16} {m['language']} {'zh CER' if m['language'] == 'zh' else 'en WER'} "
                  f"{err:6.1%} (kept)", flush=True)  # fmt: skip
        else:
            try:
                out, row = transcribe_meeting(m, tr, cfg)
            except synth.SynthUnavailable as e:
                print(f"synth: {e}", file=sys.stderr)
                return 2
            target.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            noise = "clean" if row["noise_db"] is None else f"noise {row['noise_db']} dB"
            print(f"{row['id']:16} {row['lang']} {'zh CER' if row['lang'] == 'zh' else 'en WER'} "
                  f"{row['err']:6.1%}  {row['heard']:3d}/{row['lines']:3d} utterances  {row['audio_s']:6.1f} s audio  "
                  f"{noise:16} synth {row['synth_s']:5.1f} s  asr {row['asr_s']:5.1f} s", flush=True)  # fmt: skip
        errors.setdefault(row["lang"], []).append(row["err"])
        if row["noise_db"] is not None:
            noisy.setdefault(row["lang"], []).append(row["err"])
    for lang, errs in sorted(errors.items(), reverse=True):
        what = "CER" if lang == "zh" else "WER"
        extra = f"; with noise {statistics.mean(noisy[lang]):.1%} over {len(noisy[lang])}" if noisy.get(lang) else ""
        print(f"{lang}: mean {what} {statistics.mean(errs):.1%} over {len(errs)} meetings "
              f"(median {statistics.median(errs):.1%}, max {max(errs):.1%}{extra})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
