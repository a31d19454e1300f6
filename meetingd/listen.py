"""``meetingd listen``: stream the local microphone into a meeting of a running daemon.

Capture (sounddevice, any device rate/channels) → 16 kHz mono s16le → the meeting's WebSocket
(DESIGN §8). Unacknowledged audio is kept and, after a reconnect, resent from the server's last
``audio.ack``; the server drops any overlap. A one-line level meter shows on stderr.
``--wav FILE`` streams a file in real time instead of the microphone (for tests and demos).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import numpy as np

from asr.audio import BYTES_PER_MS, PcmStreamConverter, read_wav_file
from models import InvalidInput, RecorderReplaced

CHUNK_MS = 100


def ws_url(http_url: str, meeting_id: str, token: str | None) -> str:
    parts = urlsplit(http_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    q = f"?token={quote(token)}" if token else ""
    return f"{scheme}://{parts.netloc}/ws/meetings/{quote(meeting_id)}{q}"


def level_dbfs(pcm: bytes) -> float:
    if not pcm:
        return -120.0
    x = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
    rms = float(np.sqrt(np.mean(x * x))) if x.size else 0.0
    return 20 * math.log10(rms) if rms > 0 else -120.0


def meter(db: float, width: int = 30) -> str:
    filled = max(0, min(width, int((db + 60) / 60 * width)))
    return "[" + "#" * filled + " " * (width - filled) + f"] {db:6.1f} dBFS"


async def wav_source(path: Path) -> AsyncIterator[bytes]:
    pcm = await asyncio.to_thread(read_wav_file, path)
    step = CHUNK_MS * BYTES_PER_MS
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    for i, off in enumerate(range(0, len(pcm), step)):
        await asyncio.sleep(max(0.0, t0 + i * CHUNK_MS / 1000 - loop.time()))
        yield pcm[off : off + step]


MIC_HINT = "microphone capture needs the mic extra: pip install 'meetingd[mic]' (and PortAudio, e.g. apt install libportaudio2)"


def sounddevice_module():
    """The ``sounddevice`` module, or InvalidInput with the one line that says how to install it."""
    try:
        import sounddevice
    except (ImportError, OSError):  # not installed, or installed without the PortAudio library
        raise InvalidInput(MIC_HINT) from None
    return sounddevice


async def mic_source(device: str | None) -> AsyncIterator[bytes]:
    sd = sounddevice_module()
    dev: int | str | None = int(device) if device and device.isdigit() else device
    info = sd.query_devices(dev, "input")
    rate = int(info["default_samplerate"])
    conv = PcmStreamConverter(rate, 1)
    queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=200)
    loop = asyncio.get_running_loop()

    def callback(indata, frames, time_info, status):  # runs on PortAudio's thread
        loop.call_soon_threadsafe(queue.put_nowait, bytes(indata))

    with sd.RawInputStream(samplerate=rate, channels=1, dtype="int16", device=dev,
                           blocksize=int(rate * CHUNK_MS / 1000), callback=callback):
        while True:
            out = conv.feed(await queue.get())
            if out:
                yield out


async def stream(url: str, source: AsyncIterator[bytes], *, show_meter: bool = True,
                 max_reconnects: int = 20) -> int:
    """Send ``source`` to the daemon; return the acknowledged milliseconds."""
    import websockets

    unacked = bytearray()  # audio after acked_ms, kept for resending
    acked_ms = -1
    done = asyncio.Event()
    ended = asyncio.Event()  # the source is exhausted (survives reconnects)
    attempts = 0
    # Capture runs in its own task so a dropped connection never interrupts the source.
    chunks: asyncio.Queue[bytes | None] = asyncio.Queue()

    async def capture() -> None:
        async for chunk in source:
            await chunks.put(chunk)
        await chunks.put(None)

    async def pump(ws) -> None:
        await ws.send(json.dumps({"type": "audio.start", "sample_rate": 16000, "offset_ms": acked_ms}))
        if unacked:
            await ws.send(bytes(unacked))
        while not ended.is_set():
            chunk = await chunks.get()
            if chunk is None:
                ended.set()
                break
            unacked.extend(chunk)
            await ws.send(chunk)
            if show_meter:
                print("\r" + meter(level_dbfs(chunk)), end="", file=sys.stderr, flush=True)
        await ws.send(json.dumps({"type": "audio.stop"}))
        done.set()

    capturing = asyncio.create_task(capture())

    while True:
        try:
            async with websockets.connect(url, max_size=2**24) as ws:
                attempts = 0
                snapshot = json.loads(await ws.recv())
                if acked_ms < 0:
                    acked_ms = int(snapshot.get("dock", {}).get("received_ms", 0))
                sender = asyncio.create_task(pump(ws))
                try:
                    async for raw in ws:
                        msg = json.loads(raw) if isinstance(raw, str) else {}
                        if msg.get("type") == "audio.ack":
                            new = int(msg["received_ms"])
                            drop = max(0, (new - acked_ms) * BYTES_PER_MS)
                            del unacked[:drop]
                            acked_ms = new
                            if done.is_set() and not unacked:
                                break
                        elif msg.get("type") == "error" and msg.get("error") == "recorder_replaced":
                            # Someone else records this meeting now: streaming on would only be
                            # refused frame by frame, and taking it back silently would fight them.
                            capturing.cancel()
                            raise RecorderReplaced(
                                f"another client took over recording this meeting after {max(acked_ms, 0)} ms "
                                "of this one's audio; run listen again to take it back", acked_ms=acked_ms)
                        elif msg.get("type") == "error":
                            print(f"\nserver: {msg.get('message')}", file=sys.stderr)
                finally:
                    sender.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await sender
                if done.is_set():
                    capturing.cancel()
                    return acked_ms
        except (OSError, websockets.ConnectionClosed):
            attempts += 1
            if attempts > max_reconnects:
                raise InvalidInput(f"cannot reach {url} after {max_reconnects} attempts") from None
            await asyncio.sleep(min(10.0, 0.5 * 2**attempts))  # reconnect backoff


async def listen(args: argparse.Namespace) -> int:
    if args.list_devices:
        print(sounddevice_module().query_devices())
        return 0
    if not args.wav:
        sounddevice_module()  # before connecting: say how to install it, not a traceback mid-stream
    url = ws_url(args.url, args.meeting, args.token)
    source = wav_source(args.wav) if args.wav else mic_source(args.device)
    acked = await stream(url, source)
    print(f"\nacknowledged {acked} ms of audio", file=sys.stderr)
    return 0
