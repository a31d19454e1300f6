"""Reliability suite: the shared uninterrupted baseline run, and the count of fuzzed inputs."""

from __future__ import annotations

import pytest
from rel_helpers import CRASH_CHILD, FIXTURE_WAV, FUZZ_COUNTS, PYTHON, Child, invariants, meeting_facts


@pytest.fixture(scope="session")
def baseline(tmp_path_factory):
    """One uninterrupted run of the fixture WAV to finalize (real Whisper, rules brain, execute):
    the reference every crashed-and-resumed run is compared with."""
    data = tmp_path_factory.mktemp("baseline")
    c = Child([PYTHON, CRASH_CHILD, "--data", str(data), "--wav", str(FIXTURE_WAV), "--finalize", "90"],
              stderr_path=data / "stderr.log")
    rc = c.wait_exit(timeout=150)
    assert rc == 0, f"baseline run failed: {c.lines[-5:]}{c.stderr_tail()}"
    mid = next(x["meeting"] for x in c.lines if "meeting" in x)
    facts = meeting_facts(data / "meetingd.db", mid)
    assert not invariants(facts), invariants(facts)
    assert facts["utterances"], "the baseline transcribed nothing"
    return facts


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if FUZZ_COUNTS:
        total = sum(FUZZ_COUNTS.values())
        parts = ", ".join(f"{k}: {v}" for k, v in sorted(FUZZ_COUNTS.items()))
        terminalreporter.write_line(f"fuzzed inputs tried: {total} ({parts})")
