"""The ``meetingd`` command line: replay and eval through the real service, store and brain."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from meetingd.cli import main
from meetingd.replay import evaluate
from meetingd.scoring import aggregate
from tests.corpus import meeting_files

DEV = meeting_files("dev")
needs_corpus = pytest.mark.skipif(not DEV, reason="corpus not present")
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "meetings"


def run_cli(args: list[str], monkeypatch, tmp_path) -> int:
    monkeypatch.setenv("MEETINGD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))  # no user state leaks in or out
    return main(args)


async def test_eval_on_the_fixture_meetings_meets_the_quality_bar():
    scores, report = await evaluate(FIXTURES, brain="rules")
    total = aggregate(scores)
    assert len(scores) == len(list(FIXTURES.glob("*.json")))
    assert total["f1"] >= 0.95, report
    assert sum(len(s.violations) for s in scores) == 0, report
    assert "TOTAL" in report


@needs_corpus
async def test_eval_on_dev_corpus_meetings_meets_the_quality_bar(tmp_path):
    # Four dev meetings through `meetingd eval`'s path: their own dates, execute mode, minutes.
    for path in DEV[:4]:
        shutil.copy(path, tmp_path / path.name)
    scores, report = await evaluate(tmp_path, brain="rules")
    total = aggregate(scores)
    assert len(scores) == 4
    assert total["f1"] >= 0.8, report
    assert total["evidence_verbatim"] == 1.0, report
    assert "TOTAL" in report


def test_replay_of_a_text_meeting_writes_minutes(tmp_path, monkeypatch, capsys):
    script = tmp_path / "standup.txt"
    script.write_text("今天同步一下进度。\n张三负责写周报，周五之前完成。\n不对，给李四吧。\n好，散会。\n", encoding="utf-8")
    out = tmp_path / "out"
    rc = run_cli(["replay", str(script), "--participants", "张三,李四", "--out", str(out)], monkeypatch, tmp_path)
    assert rc == 0
    minutes = json.loads((out / "minutes.json").read_text(encoding="utf-8"))
    assert minutes["meeting"]["status"] == "ended"
    assert [(a["owner"], a["due_date_raw"], a["revision"]) for a in minutes["action_items"]] == [("李四", "周五之前", 2)]
    # The quote shows both the assignment and its correction, so a reader sees why the owner changed.
    assert minutes["action_items"][0]["evidence"] == "张三负责写周报，周五之前完成。不对，给李四吧。"
    md = (out / "minutes.md").read_text(encoding="utf-8")
    assert "李四" in md and md == capsys.readouterr().out.rstrip("\n") + "\n"


def test_replay_refuses_bad_input_with_one_clear_line(tmp_path, monkeypatch, capsys):
    missing = tmp_path / "nope.txt"
    assert run_cli(["replay", str(missing)], monkeypatch, tmp_path) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "Traceback" not in err
    bad = tmp_path / "meeting.json"
    bad.write_text("{not json", encoding="utf-8")
    assert run_cli(["replay", str(bad)], monkeypatch, tmp_path) == 2
    assert "not valid JSON" in capsys.readouterr().err
    mp3 = tmp_path / "talk.mp3"
    mp3.write_bytes(b"ID3\x03\x00")
    assert run_cli(["replay", str(mp3)], monkeypatch, tmp_path) == 2
    assert ".wav, .txt or fixture .json" in capsys.readouterr().err


@pytest.mark.slow
def test_replay_of_a_fixture_wav_goes_through_vad_and_whisper_to_minutes(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    rc = run_cli(["replay", str(FIXTURES / "zh_release_handover.wav"), "--out", str(out)], monkeypatch, tmp_path)
    assert rc == 0
    minutes = json.loads((out / "minutes.json").read_text(encoding="utf-8"))
    script = json.loads((FIXTURES / "zh_release_handover.json").read_text(encoding="utf-8"))
    # One utterance per spoken line (VAD), each with meeting-time bounds from the audio.
    assert abs(len(minutes["transcript"]) - len(script["utterances"])) <= 1
    assert all(u["end_ms"] > u["start_ms"] >= 0 for u in minutes["transcript"])
    owners = {a["owner"] for a in minutes["action_items"]}
    assert {"赵磊", "陈静"} <= owners and "李明" not in owners  # the corrected owner only
    assert minutes["stats"]["asr_audio_ms"] > 20_000
    assert "ASR:" in capsys.readouterr().err


async def test_replay_of_a_wav_uses_the_given_glossary_and_agenda(tmp_path):
    """``replay --glossary/--agenda``: the vocabulary reaches the ASR correction, so a misheard
    task noun comes out right in the minutes' transcript."""
    import numpy as np

    from asr.audio import wav_bytes
    from asr.transcriber import Transcript
    from live.config import Settings
    from meetingd.replay import replay

    class Heard:
        async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None):
            return Transcript("严正吗的有效期由刘杨定。", language, len(pcm16k) // 32, 1)

    wav = tmp_path / "one.wav"
    t = np.arange(16 * 1200) / 16000
    voiced = sum(np.sin(2 * np.pi * 180 * k * t) / k for k in range(1, 8))  # harmonics: webrtcvad hears a voice
    voiced = 0.4 * 32767 * voiced / np.max(np.abs(voiced))
    quiet = np.zeros(16 * 1200)
    wav.write_bytes(wav_bytes(np.concatenate([quiet[:4800], voiced, quiet]).astype("<i2").tobytes()))
    result = await replay(wav, participants=["刘洋"], glossary=["验证码"], agenda="验证码的有效期",
                          settings=Settings(data_dir=tmp_path / "data"), transcriber=Heard(), wait_s=30)
    assert [u["text"] for u in result.minutes["transcript"]] == ["验证码的有效期由刘洋定。"]
def test_listen_without_the_mic_extra_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # import fails as when the extra is missing
    rc = run_cli(["listen", "--meeting", "m_x", "--token", "t"], monkeypatch, tmp_path)
    err = capsys.readouterr().err
    assert rc == 2
    assert "pip install 'meetingd[mic]'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_serve_on_a_taken_port_prints_one_line_with_the_fix(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        env = {**os.environ, "MEETINGD_DATA_DIR": str(tmp_path / "data"), "HOME": str(tmp_path)}
        proc = subprocess.run([sys.executable, "-m", "meetingd.cli", "serve", "--port", str(port)],
                              capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert f"port {port}" in lines[0] and "--port" in lines[0] and "Traceback" not in proc.stderr


def test_replay_of_an_english_text_without_language_writes_english_minutes(tmp_path, monkeypatch, capsys):
    script = tmp_path / "en.txt"
    script.write_text("Quick sync on the launch.\nHannah will update the API docs by Friday.\n"
                      "We decided to ship the new login page on Monday.\n", encoding="utf-8")
    out = tmp_path / "out"
    assert run_cli(["replay", str(script), "--participants", "Hannah", "--out", str(out)], monkeypatch, tmp_path) == 0
    minutes = json.loads((out / "minutes.json").read_text(encoding="utf-8"))
    assert minutes["meeting"]["language"] == "en"
    md = (out / "minutes.md").read_text(encoding="utf-8")
    assert "## Action items" in md and "待办" not in md


def test_text_language_goes_by_the_share_of_chinese():
    from asr.text import text_language

    assert text_language(["把 API 文档发给 Hannah，周五之前。"]) == "zh"
    assert text_language(["Hannah will send the API docs, 周五."]) == "en"
    assert text_language(["123", "…"]) == "zh"
