"""The meetings list's API: rename, delete, search, and a whole recording uploaded from a browser."""

from __future__ import annotations

import asyncio
import io

import av
import numpy as np
import pytest

from tests.asr.asr_synth import silence, tone
from tests.web.test_web_api import FixedTranscriber, wait_change
from tests.web.web_harness import running_daemon


def encode(x: np.ndarray, fmt: str, codec: str, rate: int = 44100) -> bytes:
    """Float mono 16 kHz audio → a stereo file at ``rate`` in ``fmt`` (what a phone would record)."""
    buf = io.BytesIO()
    with av.open(buf, "w", format=fmt) as out:
        s = out.add_stream(codec, rate=rate)
        s.layout = "stereo"
        y = np.interp(np.arange(int(len(x) * rate / 16000)) * 16000 / rate, np.arange(len(x)), x)
        st = np.clip(np.rint(y * 32767), -32768, 32767).astype("<i2")
        inter = np.stack([st, st], axis=1).reshape(1, -1)
        for i in range(0, inter.shape[1], 4096):
            f = av.AudioFrame.from_ndarray(inter[:, i:i + 4096], format="s16", layout="stereo")
            f.sample_rate = rate
            for p in s.encode(f):
                out.mux(p)
        for p in s.encode(None):
            out.mux(p)
    return buf.getvalue()


async def test_rename_then_list_shows_the_new_title(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = (await d.client.post("/api/meetings", json={"title": "old", "language": "zh"})).json()
        r = await d.client.patch(f"/api/meetings/{m['id']}", json={"title": "周会（改名）"})
        assert r.status_code == 200 and r.json()["title"] == "周会（改名）"
        listed = (await d.client.get("/api/meetings")).json()["meetings"]
        assert [x["title"] for x in listed] == ["周会（改名）"]


async def test_delete_removes_rows_and_audio_and_refuses_while_recording(tmp_path):
    async with running_daemon(tmp_path) as d:
        keep = (await d.client.post("/api/meetings", json={"title": "keep", "language": "zh"})).json()
        m = (await d.client.post("/api/meetings", json={"title": "gone", "language": "zh", "mode": "execute",
                                                         "participants": ["张三"]})).json()
        await d.client.post(f"/api/meetings/{m['id']}/utterances", json={"text": "张三负责周五之前写完周报。"})
        await d.client.post(f"/api/meetings/{keep['id']}/utterances", json={"text": "周报的事情下次再说。"})
        stream = await d.service.audio_stream(m["id"])
        await stream.write(0, bytes(32 * 500))
        audio_dir = d.data_dir / "audio" / m["id"]
        assert audio_dir.exists()
        stream.active_clients += 1  # a recorder is streaming
        busy = await d.client.delete(f"/api/meetings/{m['id']}")
        assert busy.status_code == 409 and busy.json()["error"] == "meeting_busy"
        stream.active_clients -= 1

        r = await d.client.delete(f"/api/meetings/{m['id']}")
        assert r.status_code == 200 and r.json() == {"deleted": m["id"]}
        assert not audio_dir.exists()
        assert (await d.client.get(f"/api/meetings/{m['id']}")).status_code == 404
        assert (await d.client.delete(f"/api/meetings/{m['id']}")).status_code == 404
        assert [x["id"] for x in (await d.client.get("/api/meetings")).json()["meetings"]] == [keep["id"]]
        store = d.service.store
        for table in ("utterances", "changes", "meeting_intents", "intent_events", "tasks", "audio_streams"):
            left = await store.db.all(f"SELECT COUNT(*) FROM {table} WHERE meeting_id = ?", (m["id"],))
            assert left[0][0] == 0, table
        hits = (await d.client.get("/api/search", params={"q": "周报"})).json()["results"]
        assert {h["meeting_id"] for h in hits} == {keep["id"]}


async def test_search_finds_utterances_and_items_across_meetings(tmp_path):
    async with running_daemon(tmp_path) as d:
        a = (await d.client.post("/api/meetings", json={"title": "A", "language": "zh", "mode": "execute",
                                                         "participants": ["张三", "李四"]})).json()
        b = (await d.client.post("/api/meetings", json={"title": "B", "language": "en"})).json()
        applied = asyncio.ensure_future(
            wait_change(d.service, lambda c: c.kind == "intent" and c.data["status"] == "applied"))
        await d.client.post(f"/api/meetings/{a['id']}/utterances", json={"text": "登录页面的改版给李四负责，周五之前完成。"})
        await d.client.post(f"/api/meetings/{b['id']}/utterances", json={"text": "Li Si owns the Login page, 100% sure."})
        await applied

        hits = (await d.client.get("/api/search", params={"q": "李四"})).json()["results"]
        kinds = {(h["meeting_id"], h["kind"]) for h in hits}
        assert kinds == {(a["id"], "intent"), (a["id"], "utterance")}
        item = next(h for h in hits if h["kind"] == "intent")
        assert item["intent_kind"] == "task" and "李四" in item["text"] and item["title"] == "A"

        login = (await d.client.get("/api/search", params={"q": "login"})).json()["results"]
        assert [(h["meeting_id"], h["seq"]) for h in login] == [(b["id"], 1)]  # any case
        # LIKE wildcards are literal.
        assert [h["meeting_id"] for h in (await d.client.get("/api/search?q=100%25")).json()["results"]] == [b["id"]]
        assert (await d.client.get("/api/search?q=_")).json()["results"] == []
        for bad in ("", "x" * 201):
            r = await d.client.get("/api/search", params={"q": bad})
            assert r.status_code == 422 and r.json()["error"] == "invalid_input"


@pytest.mark.parametrize(("fmt", "codec"), [("wav", "pcm_s16le"), ("flac", "flac"), ("mp3", "libmp3lame"),
                                            ("ipod", "aac")])
async def test_an_uploaded_recording_is_cut_by_the_vad_and_transcribed(tmp_path, fmt, codec):
    x = np.concatenate([silence(300), tone(1500), silence(1500), tone(1500), silence(1500)])
    data = encode(x, fmt, codec)
    async with running_daemon(tmp_path, transcriber=FixedTranscriber("录音里的一句话。")) as d:
        m = (await d.client.post("/api/meetings", json={"title": "rec", "language": "zh"})).json()
        got = []
        waiter = asyncio.ensure_future(wait_change(d.service, lambda c: c.kind == "utterance" and got.append(c) is None and len(got) >= 2))
        r = await d.client.post(f"/api/meetings/{m['id']}/recording", content=data,
                                headers={"Content-Type": "application/octet-stream"})
        assert r.status_code == 202, r.text
        body = r.json()
        assert body["start_ms"] == 0 and abs(body["duration_ms"] - 6300) < 80
        await waiter
        jobs = await d.service.store.db.all("SELECT start_ms FROM asr_jobs WHERE meeting_id = ? ORDER BY start_ms",
                                            (m["id"],))
        # Two stretches of sound, two segments: the VAD cut the recording, not the upload.
        assert len(jobs) == 2 and jobs[0][0] < 600 and 3000 < jobs[1][0] < 3600
        assert [c.data["text"] for c in got] == ["录音里的一句话。"] * 2


async def test_a_recording_that_is_not_audio_is_refused(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = (await d.client.post("/api/meetings", json={"title": "rec", "language": "zh"})).json()
        r = await d.client.post(f"/api/meetings/{m['id']}/recording", content=b"not audio at all" * 100)
        assert r.status_code == 422 and r.json()["error"] == "audio_format"
        assert (await d.client.post(f"/api/meetings/{m['id']}/recording", content=b"")).status_code == 422
