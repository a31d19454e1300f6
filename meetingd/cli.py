"""``meetingd`` command line: serve, worker, replay, eval, listen, rebuild.

Errors are printed as one clear line (``meetingd: error: …``) with exit status 2; never a
traceback for bad input.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path

from pydantic import ValidationError

from live.config import Settings
from models import MeetingdError


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {k: v for k, v in {
        "host": getattr(args, "host", None), "port": getattr(args, "port", None), "db": getattr(args, "db", None),
        "token": getattr(args, "token", None), "data_dir": getattr(args, "data_dir", None),
    }.items() if v is not None}
    return Settings(**overrides)


def _log_json() -> bool:
    try:
        return Settings().log_json
    except ValidationError:
        return False  # plain logs; the command itself meets the bad setting


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="meetingd", description="Live meeting supervisor daemon.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("serve", help="run the daemon and the dock page")
    s.add_argument("--host")
    s.add_argument("--port", type=int)
    s.add_argument("--db", help="SQLite file or postgresql:// URL (default: MEETINGD_DB or the data dir)")
    s.add_argument("--data-dir", type=Path)
    s.add_argument("--token")

    r = sub.add_parser("replay", help="run a .wav, .txt or fixture .json through a meeting to minutes")
    r.add_argument("path", type=Path)
    r.add_argument("--mode", default="execute", choices=["record", "suggest", "execute"])
    r.add_argument("--language", choices=["zh", "en"])
    r.add_argument("--participants", help="comma-separated names")
    r.add_argument("--title")
    r.add_argument("--glossary", help="comma-separated terms the transcript should get right")
    r.add_argument("--agenda", help="agenda text (its nouns and verbs join the ASR vocabulary)")
    r.add_argument("--out", type=Path, help="directory for minutes.json and minutes.md")
    r.add_argument("--brain", choices=["rules", "openai"])
    r.add_argument("--speed", type=float, default=0.0, help="1 = real time, 0 = as fast as possible")
    r.add_argument("--wait", type=float, default=120.0, help="seconds finalize waits for convergence")
    r.add_argument("--date", help="the meeting's date, YYYY-MM-DD (default: the fixture's date, else today)")

    e = sub.add_parser("eval", help="replay every fixture .json in DIR and print the scores")
    e.add_argument("dir", type=Path)
    e.add_argument("--brain", choices=["rules", "openai"])
    e.add_argument("--json", action="store_true", help="print the scores as JSON too")

    rb = sub.add_parser("rebuild", help="fold a meeting's event log into fresh projections and diff them")
    rb.add_argument("--meeting", required=True, help="meeting id")
    rb.add_argument("--db", help="SQLite file or postgresql:// URL (default: MEETINGD_DB or the data dir)")
    rb.add_argument("--data-dir", type=Path)
    rb.add_argument("--apply", action="store_true", help="write the rebuilt projections over the stored ones")
    w = sub.add_parser("worker", help="an ASR worker process of a cluster (shared PostgreSQL store)")
    w.add_argument("--db", help="postgresql:// URL of the shared store (default: MEETINGD_DB)")

    ln = sub.add_parser("listen", help="stream the local microphone into a meeting of a running daemon")
    ln.add_argument("--url", default="http://127.0.0.1:8765")
    ln.add_argument("--token", required=False)
    ln.add_argument("--meeting", required=True, help="meeting id")
    ln.add_argument("--device", help="input device name or index (see --list-devices)")
    ln.add_argument("--list-devices", action="store_true")
    ln.add_argument("--wav", type=Path, help="stream this WAV file instead of the microphone (testing)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from live.metrics import setup_logging

    # Every record carries meeting_id and trace_id; MEETINGD_LOG_JSON=1 makes them JSON lines.
    setup_logging(logging.INFO, json_lines=_log_json())
    try:
        return asyncio.run(_run(args))
    except MeetingdError as exc:
        print(f"meetingd: error: {exc.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


async def _run(args: argparse.Namespace) -> int:
    if args.command == "serve":
        from .serve import serve

        await serve(_settings(args))
        return 0
    if args.command == "replay":
        from .replay import replay

        people = [p.strip() for p in args.participants.split(",")] if args.participants else None
        terms = [g.strip() for g in args.glossary.replace("，", ",").split(",")] if args.glossary else None
        result = await replay(args.path, mode=args.mode, language=args.language, participants=people,
                              title=args.title, glossary=terms, agenda=args.agenda, brain=args.brain,
                              speed=args.speed, wait_s=args.wait, date=args.date)
        if result.asr:
            print("ASR: " + json.dumps(result.asr, ensure_ascii=False), file=sys.stderr)
        if result.minutes is None:
            print(json.dumps(result.finalize.to_dict(), ensure_ascii=False, indent=2, default=str), file=sys.stderr)
            print("meetingd: error: the meeting did not converge; blockers above", file=sys.stderr)
            return 1
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / "minutes.json").write_text(json.dumps(result.minutes, ensure_ascii=False, indent=2),
                                                   encoding="utf-8")
            (args.out / "minutes.md").write_text(result.markdown or "", encoding="utf-8")
        print(result.markdown)
        return 0
    if args.command == "eval":
        from .replay import evaluate

        scores, report = await evaluate(args.dir, brain=args.brain)
        print(report)
        if args.json:
            print(json.dumps([s.to_dict() for s in scores], ensure_ascii=False, indent=2))
        return 0
    if args.command == "rebuild":
        from .rebuild import rebuild, report

        found, projection = await rebuild(_settings(args).db_target, args.meeting, apply=args.apply)
        print(report(found, projection, args.apply))
        return 1 if found and not args.apply else 0
    if args.command == "worker":
        from .worker import run_worker

        await run_worker(_settings(args))
        return 0
    if args.command == "listen":
        from .listen import listen

        return await listen(args)
    raise AssertionError(args.command)


if __name__ == "__main__":
    sys.exit(main())
