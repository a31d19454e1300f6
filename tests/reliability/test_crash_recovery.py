"""SIGKILL a meeting process mid-audio, mid-transcription, with a notice in the Supervisor's inbox,
between a proposal and its commit, right after a commit and right after a proposal; restart on
the same data dir, resend from the last printed ack, finalize.

The result must equal an uninterrupted run of the same fixture: the same transcript (utterance
count ± 1, near-zero CER), no utterance, job or task twice, every job done, the database sound.
Real Whisper model, real store, real Supervisor (rules brain, ``execute`` mode): only the process
boundary is the test's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rel_helpers import CRASH_CHILD, FIXTURE_WAV, PYTHON, Child, cer, invariants, meeting_facts

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]


def child(data: Path, *extra: str, log: Path) -> Child:
    return Child([PYTHON, CRASH_CHILD, "--data", str(data), "--wav", str(FIXTURE_WAV), *extra], stderr_path=log)


def test_sigkill_at_six_points_then_resume_matches_an_uninterrupted_run(tmp_path, baseline):
    data = tmp_path / "crashy"
    data.mkdir()
    log = data / "stderr.log"
    hit: list[str] = []

    # 1. During audio: paced streaming, killed by the parent once 12 s of audio are acknowledged.
    c = child(data, "--pace-s", "0.01", log=log)
    mid = c.wait_for(lambda x: "meeting" in x, 60, "meeting id")["meeting"]
    got = c.wait_for(lambda x: x.get("ack", 0) >= 12_000 or "audio_done" in x, 60, "12 s acked")
    assert got is not None and "ack" in got, "the audio ended before the kill point"
    c.kill()
    hit.append("audio")
    acked = c.last_ack()
    assert 12_000 <= acked < 29_000

    # 2. During transcription: resend from the last ack; killed when a job is claimed after the
    #    whole stream is in (that job is in Whisper's hands when the signal lands).
    c = child(data, "--meeting", mid, "--from-ms", str(acked), log=log)
    c.wait_for(lambda x: "audio_done" in x, 60, "audio_done")
    if c.wait_for(lambda x: x.get("change") == "job" and x.get("status") == "processing", 60, "a job claimed"):
        hit.append("transcription")
    c.kill()
    acked = c.last_ack(acked)

    # 3. A transcript notice in the Supervisor's inbox, not yet analysed; 4. the step that proposed
    #    an intent completed, its commit not yet run; 5. right after a guarded commit, before the
    #    Supervisor advances its watermark; 6. right after a proposal, before its step completes.
    #    Each resumed run resends from the last ack (nothing left to send by now: the overlap is
    #    dropped) and finalizes if its kill point never comes.
    for point in ("delivered", "advanced", "applied", "detected"):
        c = child(data, "--meeting", mid, "--from-ms", str(acked), "--die-on", point, "--finalize", "90", log=log)
        rc = c.wait_exit(timeout=150)
        if rc == 0:
            break
        assert any(x.get("dying") == point for x in c.lines), f"run died unexpectedly (rc {rc}){c.stderr_tail()}"
        hit.append(point)
        acked = c.last_ack(acked)
    else:
        c = child(data, "--meeting", mid, "--from-ms", str(acked), "--finalize", "90", log=log)
        rc = c.wait_exit(timeout=150)
    assert rc == 0, f"the final run did not finalize: {c.lines[-5:]}{c.stderr_tail()}"
    assert {"audio", "transcription", "delivered", "advanced", "applied"} <= set(hit), hit

    facts = meeting_facts(data / "meetingd.db", mid)
    assert facts["meeting"]["status"] == "ended"
    assert invariants(facts) == []
    assert facts["audio"]["received_ms"] * 32 == (data / "audio" / mid / "stream.pcm").stat().st_size
    assert facts["audio"]["received_ms"] == baseline["audio"]["received_ms"]

    ref = [u["text"] for u in baseline["utterances"]]
    hyp = [u["text"] for u in facts["utterances"]]
    assert abs(len(hyp) - len(ref)) <= 1, (ref, hyp)
    assert cer("".join(ref), "".join(hyp)) <= 0.10, (ref, hyp)
    assert len(facts["tasks"]) == len(baseline["tasks"]), (facts["tasks"], baseline["tasks"])
    print(f"kill points hit: {hit}; utterances {len(hyp)} vs {len(ref)}; "
          f"CER {cer(''.join(ref), ''.join(hyp)):.3f}; jobs {len(facts['jobs'])}; tasks {len(facts['tasks'])}")
