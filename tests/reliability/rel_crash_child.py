"""A meeting process to be killed: MeetingService on a data dir, fixture audio streamed into it.

Run by ``test_crash_recovery.py`` (never collected by pytest: no ``test_`` prefix). It prints one
JSON object per line on stdout, flushed, so the parent can follow it and pick its moment:

- ``{"meeting": id}`` once the meeting exists (created, or resumed with ``--meeting``);
- ``{"ack": received_ms}`` after each durable write (the parent resends from the last one it saw);
- ``{"audio_done": received_ms}`` when the whole WAV is in;
- ``{"change": kind, ...}`` for every committed store change (jobs, utterances, intents, Supervisor);
- ``{"finalized": status, ...}`` and exit 0 with ``--finalize``; otherwise it idles until killed.

``--die-on [KIND:]STATUS`` makes the process SIGKILL itself synchronously inside the store's
after-commit callback of the first change of that kind (default ``intent``) and status:
``applied`` (the commit is durable, the Supervisor has not yet advanced ``analyzed_seq``),
``detected`` (a proposal is durable, its commit has not run), ``job:pending`` (a segment is
queued, the stream's ``cut_ms`` mark not yet saved). Two more: ``delivered`` (a transcript notice is
in the Supervisor's inbox, ``delivered_seq > analyzed_seq``) and ``advanced`` (the step that proposed
an intent completed and advanced ``analyzed_seq``; the commit of the next step has not run). Those
are crash windows a parent's signal could never hit on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

T0 = time.monotonic()
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from asr.audio import BYTES_PER_MS, read_wav_file  # noqa: E402
from live.config import Settings  # noqa: E402
from live.service import MeetingService  # noqa: E402


def emit(obj: dict) -> None:
    obj["t"] = round(time.monotonic() - T0, 3)
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def on_changes(die_on: str | None):
    proposed: set[str] = set()  # intents detected by this process and not yet applied

    def should_die(c) -> bool:
        d = c.data
        if c.kind == "intent":
            (proposed.add if d.get("status") == "detected" else proposed.discard)(d.get("id"))
        if die_on == "delivered":  # a notice is in the inbox, not yet analysed
            return c.kind == "supervisor" and d.get("delivered_seq", 0) > d.get("analyzed_seq", 0)
        if die_on == "advanced":  # the proposing step completed; its commit has not run
            return c.kind == "supervisor" and bool(proposed) and "current_step" in d
        kind, _, status = (die_on or "").rpartition(":")
        return bool(die_on) and c.kind == (kind or "intent") and d.get("status") == status

    def listener(changes) -> None:
        for c in changes:
            d = c.data
            out = {"change": c.kind, "cursor": c.cursor}
            if c.kind == "job":
                out.update(job_id=d.get("job_id"), status=d.get("status"))
            elif c.kind == "utterance":
                out.update(seq=d.get("seq"), text=d.get("text"))
            elif c.kind == "intent":
                out.update(intent_id=d.get("id"), status=d.get("status"), revision=d.get("revision"))
            elif c.kind == "supervisor":
                out.update(state=d.get("state"), analyzed_seq=d.get("analyzed_seq"))
            emit(out)
            if should_die(c):
                emit({"dying": die_on, "id": d.get("id") or d.get("job_id")})
                os.kill(os.getpid(), signal.SIGKILL)

    return listener


async def main(args: argparse.Namespace) -> int:
    meta = json.loads(Path(args.wav).with_suffix(".json").read_text(encoding="utf-8"))
    settings = Settings(data_dir=Path(args.data), brain="rules", asr_threads=args.threads,
                        merge_window_ms=args.merge_ms)
    svc = await MeetingService.open(settings)
    svc.store.subscribe(on_changes(args.die_on))
    try:
        if args.meeting:
            mid = args.meeting
        else:
            m = await svc.create_meeting(meta.get("title", "crash"), meta.get("language", "zh"), "execute",
                                         meta.get("participants", []))
            mid = m.id
        emit({"meeting": mid})
        pcm = await asyncio.to_thread(read_wav_file, args.wav)
        step = args.chunk_ms * BYTES_PER_MS
        pos = args.from_ms * BYTES_PER_MS
        if pos < len(pcm):
            stream = await svc.audio_stream(mid)
            while pos < len(pcm):
                # Frames of uneven length now and then, as a browser's would be (whole ms: the
                # stream's offsets are in ms; the WebSocket layer keeps sub-ms residue itself).
                chunk = pcm[pos : pos + step + (37 * BYTES_PER_MS if (pos // step) % 5 == 3 else 0)]
                received = await stream.write(pos // BYTES_PER_MS, chunk)
                emit({"ack": received})
                pos += len(chunk)
                if args.pace_s:
                    await asyncio.sleep(args.pace_s)  # pacing a client, not synchronisation
            emit({"audio_done": stream.received_ms})
        if args.finalize:
            result = await svc.finalize(mid, wait_s=args.finalize)
            emit({"finalized": result.get("status"), "blockers": result.get("blockers")})
            return 0 if result.get("status") == "ended" else 1
        await asyncio.Event().wait()  # until killed
        return 0
    finally:
        await svc.close()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--wav", required=True)
    p.add_argument("--meeting")
    p.add_argument("--from-ms", type=int, default=0)
    p.add_argument("--chunk-ms", type=int, default=100)
    p.add_argument("--pace-s", type=float, default=0.0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--merge-ms", type=int, default=100)
    p.add_argument("--die-on")
    p.add_argument("--finalize", type=float, default=0.0, help="finalize with this wait_s, then exit")
    sys.exit(asyncio.run(main(p.parse_args())))
