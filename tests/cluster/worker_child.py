"""A ``meetingd worker`` process for the cluster tests, with a stand-in transcriber.

    python -m tests.cluster.worker_child URL MARKER_DIR hang|work LEASE_S

The transcript of a segment is ``段<bytes of PCM>``, so a test knows which utterance came from
which segment. ``hang``: the first job is claimed, its id written to ``MARKER_DIR/claimed``, and
it is never finished (the test kills the process with SIGKILL there). ``work``: every job is
transcribed at once.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from asr.transcriber import Transcript
from live.config import Settings
from meetingd.worker import run_worker


class StandIn:
    def __init__(self, marker_dir: Path, hang: bool) -> None:
        self.marker_dir = marker_dir
        self.hang = hang

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None) -> Transcript:
        if self.hang:
            (self.marker_dir / "claimed.tmp").write_text(str(len(pcm16k)))
            (self.marker_dir / "claimed.tmp").rename(self.marker_dir / "claimed")
            await asyncio.Event().wait()
        return Transcript(f"段{len(pcm16k)}", language, len(pcm16k) // 32, 1)


def main() -> None:
    url, marker_dir, mode, lease_s = sys.argv[1], Path(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    settings = Settings(db=url, data_dir=marker_dir, asr_batch_size=1)
    asyncio.run(run_worker(settings, transcriber=StandIn(marker_dir, mode == "hang"), lease_s=lease_s,
                           recheck_s=0.2))


if __name__ == "__main__":
    main()
