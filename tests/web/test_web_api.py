"""The HTTP API of DESIGN §8 against a real daemon: auth, validation, limits, conflicts, uploads."""

from __future__ import annotations

import asyncio
import io
import os
import stat
import time
import wave
from typing import Any

import pytest
from web_harness import TOKEN, running_daemon

from asr.transcriber import Transcript
from models import InvalidInput
from web.app import API_ROUTES
from web.auth import is_loopback, resolve_token
from web.uploads import TicketBook, TicketExpired, TicketUsed


def wav_bytes(ms: int, amplitude: int = 0) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(int(amplitude).to_bytes(2, "little", signed=True) * (16 * ms))
    return buf.getvalue()


class FixedTranscriber:
    """Speaks the transcriber protocol of ``asr.worker``; every segment says the same sentence."""

    def __init__(self, text: str) -> None:
        self.text = text

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None) -> Transcript:
        return Transcript(self.text, language, len(pcm16k) // 32, 1)


async def wait_change(service: Any, pred: Any, within_s: float = 15) -> Any:
    """Wait for a committed change satisfying ``pred`` (store subscription, no polling)."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[Any] = loop.create_future()

    def listener(changes: list[Any]) -> None:
        for c in changes:
            if not fut.done() and pred(c):
                fut.set_result(c)

    unsubscribe = service.store.subscribe(listener)
    try:
        async with asyncio.timeout(within_s):
            return await fut
    finally:
        unsubscribe()


def fill(path: str, **ids: str) -> str:
    for k, v in ids.items():
        path = path.replace("{" + k + "}", v)
    return path


async def test_healthz_and_pages_need_no_token(tmp_path):
    async with running_daemon(tmp_path) as d:
        async with __import__("httpx").AsyncClient(base_url=d.base_url) as anon:
            assert (await anon.get("/healthz")).json() == {"status": "ok"}
            home = await anon.get("/")
            assert home.status_code == 200 and 'data-testid="new-meeting"' in home.text
            dock = await anon.get("/meetings/m_whatever")
            assert dock.status_code == 200 and 'data-testid="mic-toggle"' in dock.text
            assert "default-src 'self'" in dock.headers["content-security-policy"]
            js = await anon.get("/static/dock.js")
            assert js.status_code == 200 and "javascript" in js.headers["content-type"]


async def test_every_route_refuses_a_missing_or_wrong_token(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting()
        ids = {"meeting_id": m["id"], "intent_id": "i_x", "ticket": "t_x", "job_id": "job_x", "range_id": "1", "trace_id": "t_x"}
        import httpx

        async with httpx.AsyncClient(base_url=d.base_url) as anon:
            for method, path in API_ROUTES:
                url = fill(path, **ids)
                for headers in ({}, {"Authorization": "Bearer wrong-token-123"},
                                {"Authorization": f"Basic {TOKEN}"}):
                    r = await anon.request(method, url, headers=headers, json={})
                    assert r.status_code == 401, (method, path, headers, r.status_code)
                    assert r.json()["error"] == "unauthorized"
                    assert r.headers["www-authenticate"] == "Bearer"
                wrong_q = await anon.request(method, url + "?token=nope", json={})
                assert wrong_q.status_code == 401
                # The right token gets past the gate (whatever the route then says).
                ok = await anon.request(method, url + f"?token={TOKEN}", json={})
                assert ok.status_code != 401, (method, path, ok.text)


async def test_create_meeting_validation_and_limits(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = (await c.post("/api/meetings", json={"title": "Sync", "language": "en", "mode": "execute",
                                                  "participants": "Alice, Bob", "glossary": ["Kafka"]})).json()
        assert m["participants"] == ["Alice", "Bob"] and m["mode"] == "execute" and m["status"] == "live"
        listed = (await c.get("/api/meetings")).json()["meetings"]
        assert [x["id"] for x in listed] == [m["id"]]

        r = await c.post("/api/meetings", json={"language": "zh"})
        assert r.status_code == 422 and "title" in r.json()["message"]
        r = await c.post("/api/meetings", json={"title": "x", "mode": "yolo"})
        assert r.status_code == 422 and "mode" in r.json()["message"]
        r = await c.post("/api/meetings", json={"title": "x", "colour": "red"})
        assert r.status_code == 422 and "colour" in r.json()["message"]
        r = await c.post("/api/meetings", content=b'{"title": "x",', headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == "bad_json"
        r = await c.post("/api/meetings", json=["title"])
        assert r.status_code == 422
        r = await c.post("/api/meetings", json={"title": "x" * 70_000})
        assert r.status_code == 413 and r.json()["error"] == "too_large"
        # Without a Content-Length the cap still holds (chunked body).
        async def chunks():
            for _ in range(40):
                yield b" " * 4096
        r = await c.post("/api/meetings", content=chunks())
        assert r.status_code == 413
        assert "Traceback" not in r.text


async def test_unknown_ids_are_404(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting()
        for method, url, body in [
            ("GET", "/api/meetings/m_nope", None),
            ("POST", "/api/meetings/m_nope/utterances", {"text": "hi"}),
            ("POST", f"/api/meetings/{m['id']}/intents/i_nope/approve", {"revision": 1}),
            ("POST", f"/api/meetings/{m['id']}/intents/i_nope/reject", {"revision": 1}),
            ("GET", f"/api/meetings/{m['id']}/minutes.json", None),
            ("GET", "/api/meetings/m_nope/traces", None),
            ("POST", "/api/meetings/m_nope/upload-tickets", {}),
            ("PUT", "/api/uploads/t_nope", None),
            ("GET", "/api/jobs/job_nope", None),
            ("GET", "/api/nothing-here", None),
        ]:
            r = await c.request(method, url, json=body)
            assert r.status_code == 404, (method, url, r.text)
            assert r.json()["error"] == "not_found"


async def test_stale_revision_is_409_with_the_current_one(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(participants=["张三", "李四"])
        got = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "intent"))
        r = await c.post(f"/api/meetings/{m['id']}/utterances", json={"text": "登录页面的改版交给张三负责，周五之前完成。"})
        assert r.status_code == 201 and r.json()["seq"] == 1
        intent = (await got).data
        iid, rev = intent["id"], intent["revision"]

        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/approve", json={"revision": rev + 1})
        assert r.status_code == 409
        body = r.json()
        assert body["reason"] == "revision_mismatch" and body["current_revision"] == rev

        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/edit",
                         json={"revision": rev, "payload": {"owner": "李四"}})
        assert r.status_code == 200, r.text
        assert r.json()["revision"] == rev + 1
        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/reject", json={"revision": rev})
        assert r.status_code == 409 and r.json()["current_revision"] == rev + 1
        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/approve", json={"revision": "two"})
        assert r.status_code == 422 and "revision" in r.json()["message"]
        r = await c.post(f"/api/meetings/{m['id']}/intents/{iid}/approve", json={"revision": rev + 1})
        assert r.status_code == 200 and r.json()["status"] in ("approved", "applied")


async def test_finalize_refuses_with_blockers_then_ends(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting()
        mid = m["id"]
        got = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "intent"))
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "王五负责更新接口文档，下周一之前发出来。"})
        intent = (await got).data
        r = await c.post(f"/api/meetings/{mid}/finalize", json={"wait_s": 0})
        assert r.status_code == 409
        kinds = {b["kind"] for b in r.json()["blockers"]}
        assert "open_intents" in kinds
        # A finalize that does not pass is only a check: the meeting stays live, people keep talking.
        assert (await c.get(f"/api/meetings/{mid}")).json()["meeting"]["status"] == "live"
        r = await c.post(f"/api/meetings/{mid}/utterances", json={"text": "再加一句"})
        assert r.status_code == 201, r.text
        cur = (await c.get(f"/api/meetings/{mid}")).json()
        live = next(i for i in cur["intents"] if i["id"] == intent["id"])
        # The blockers are published live: approving the open intent publishes a shorter list.
        cleared = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "blockers" and not any(
            b["kind"] == "open_intents" for b in ch.data["blockers"])))
        r = await c.post(f"/api/meetings/{mid}/intents/{live['id']}/approve", json={"revision": live["revision"]})
        assert r.status_code == 200, r.text
        await cleared
        r = await c.post(f"/api/meetings/{mid}/finalize", json={"wait_s": 20})
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "ended"
        mj = await c.get(f"/api/meetings/{mid}/minutes.json")
        assert mj.status_code == 200 and any("接口文档" in a["task"] for a in mj.json()["action_items"])
        md = await c.get(f"/api/meetings/{mid}/minutes.md")
        assert md.status_code == 200 and md.headers["content-type"].startswith("text/markdown")
        assert "接口文档" in md.text
        snap = (await c.get(f"/api/meetings/{mid}")).json()
        assert snap["meeting"]["status"] == "ended"
        assert (await c.get(f"/api/meetings/{mid}/traces")).json()["traces"]
        # Ended: no transcript fixes until it is reopened; reopened, it is live again.
        r = await c.post(f"/api/meetings/{mid}/utterances/1/edit", json={"text": "王五负责更新接口文档。"})
        assert r.status_code == 409 and r.json()["error"] == "meeting_closed"
        r = await c.post(f"/api/meetings/{mid}/reopen")
        assert r.status_code == 200 and r.json()["status"] == "live"
        feed = await d.service.changes_after(mid, 0)
        assert any(ch.kind == "meeting" and ch.data.get("reopened") for ch in feed)
        r = await c.post(f"/api/meetings/{mid}/utterances/1/edit", json={"text": "王五负责更新接口文档。"})
        assert r.status_code == 200 and r.json()["text_raw"] == "王五负责更新接口文档，下周一之前发出来。"
        assert [ch.data["text"] for ch in await d.service.changes_after(mid, 0) if ch.kind == "utterance_edit"] == [
            "王五负责更新接口文档。"]
        r = await c.post(f"/api/meetings/{mid}/utterances/99/edit", json={"text": "x"})
        assert r.status_code == 404
        assert (await c.post(f"/api/meetings/{mid}/utterances", json={"text": "继续"})).status_code == 201


async def test_upload_tickets_single_use_expiring_and_capped(tmp_path):
    async with running_daemon(tmp_path, transcriber=FixedTranscriber("上传的一段话。"), max_upload_bytes=64_000) as d:
        c = d.client
        m = await d.create_meeting()
        mid = m["id"]
        r = await c.post(f"/api/meetings/{mid}/upload-tickets")
        assert r.status_code == 201
        t = r.json()
        assert t["url"] == f"/api/uploads/{t['ticket']}" and t["expires_at"] > time.time() + 200

        done = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "job" and ch.data["status"] == "done"))
        r = await c.put(t["url"], content=wav_bytes(1000, amplitude=3000))
        assert r.status_code == 202, r.text
        job_id = r.json()["job_id"]
        await done
        job = (await c.get(f"/api/jobs/{job_id}")).json()
        assert job["status"] == "done" and job["meeting_id"] == mid and "audio_path" not in job
        snap = (await c.get(f"/api/meetings/{mid}")).json()
        assert [u["text"] for u in snap["transcript"]] == ["上传的一段话。"]

        again = await c.put(t["url"], content=wav_bytes(500))
        assert again.status_code == 409 and again.json()["error"] == "ticket_used"

        t2 = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        d.info.app.state.web.tickets.clock = lambda: time.time() + 3600
        r = await c.put(t2["url"], content=wav_bytes(500))
        assert r.status_code == 410 and r.json()["error"] == "ticket_expired"
        d.info.app.state.web.tickets.clock = time.time

        t3 = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        r = await c.put(t3["url"], content=wav_bytes(3000))  # 96 KB > 64 KB cap
        assert r.status_code == 413

        t4 = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        r = await c.put(t4["url"], content=b"RIFF-not-really-a-wave")
        assert r.status_code == 422 and "Traceback" not in r.text


def test_ticket_book_rules():
    now = [1000.0]
    book = TicketBook(300, 1024, clock=lambda: now[0])
    t = book.issue("m1")
    assert t.expires_at == 1300 and t.meeting_id == "m1"
    assert book.redeem(t.id) == t
    with pytest.raises(TicketUsed):
        book.redeem(t.id)
    late = book.issue("m1")
    now[0] += 301
    with pytest.raises(TicketExpired):
        book.redeem(late.id)
    assert book.issue("m1").id != book.issue("m1").id


def test_token_generated_once_private_and_reused(tmp_path):
    first = resolve_token(None, tmp_path, "127.0.0.1")
    assert first.origin == "generated" and len(first.token) >= 24
    mode = stat.S_IMODE(os.stat(tmp_path / "token").st_mode)
    assert mode == 0o600
    again = resolve_token(None, tmp_path, "127.0.0.1")
    assert again.token == first.token and again.origin == "file"
    assert resolve_token("explicit-token", tmp_path, "0.0.0.0").token == "explicit-token"
    with pytest.raises(InvalidInput, match="explicit token"):
        resolve_token(None, tmp_path, "0.0.0.0")
    assert is_loopback("::1") and is_loopback("localhost") and not is_loopback("192.168.1.5")


async def test_serve_prints_nothing_secret_but_generated_token_works(tmp_path):
    async with running_daemon(tmp_path, token=None) as d:
        assert d.info.token_origin == "generated"
        assert (tmp_path / "data" / "token").read_text().strip() == d.token
        assert d.info.url.endswith(f"/#token={d.token}")
        r = await d.client.get("/api/meetings")
        assert r.status_code == 200


async def test_meeting_vocabulary_at_creation_and_patched_while_live(tmp_path):
    """Vocabulary set at creation, changed by PATCH while live, used by the ASR correction of the
    next segment; the utterance keeps what Whisper heard."""
    heard = "宴重骂由刘杨负责。"
    async with running_daemon(tmp_path, transcriber=FixedTranscriber(heard)) as d:
        c = d.client
        m = await d.create_meeting("周会", participants="张三, 刘洋", glossary=["登录"], agenda="登录改版的进度")
        mid = m["id"]
        assert (m["glossary"], m["agenda"]) == (["登录"], "登录改版的进度")

        r = await c.patch(f"/api/meetings/{mid}", json={"glossary": "登录、验证码", "agenda": "验证码的有效期"})
        assert r.status_code == 200, r.text
        got = r.json()
        assert (got["glossary"], got["agenda"], got["participants"], got["title"]) == (
            ["登录", "验证码"], "验证码的有效期", ["张三", "刘洋"], "周会")  # fmt: skip
        for bad in ({"title": ""}, {"colour": "red"}, {"agenda": "x" * 2001}, {"participants": 3}):
            r = await c.patch(f"/api/meetings/{mid}", json=bad)
            assert r.status_code == 422 and "Traceback" not in r.text, bad
        assert (await c.patch("/api/meetings/nope", json={"agenda": "x"})).status_code == 404

        t = (await c.post(f"/api/meetings/{mid}/upload-tickets")).json()
        done = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "job" and ch.data["status"] == "done"))
        assert (await c.put(t["url"], content=wav_bytes(1000, amplitude=3000))).status_code == 202
        await done
        [u] = (await c.get(f"/api/meetings/{mid}")).json()["transcript"]
        assert u["text"] == "验证码由刘洋负责。" and u["text_raw"] == heard
        assert [(x["heard"], x["word"]) for x in u["rewrites"]] == [("宴重骂", "验证码"), ("刘杨", "刘洋")]
        assert (await c.get(f"/api/meetings/{mid}")).json()["meeting"]["glossary"] == ["登录", "验证码"]


async def test_language_is_auto_by_default_fixed_by_the_first_words_and_changeable(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting("Launch sync")
        assert m["language"] == "auto"
        r = await d.client.post(f"/api/meetings/{m['id']}/utterances",
                                json={"text": "Hannah will update the API docs by Friday."})
        assert r.status_code == 201
        snap = (await d.client.get(f"/api/meetings/{m['id']}")).json()
        assert snap["meeting"]["language"] == "en"
        # A second, Chinese line does not flip a language that is already fixed.
        await d.client.post(f"/api/meetings/{m['id']}/utterances", json={"text": "好的，没问题，周五见。"})
        assert (await d.client.get(f"/api/meetings/{m['id']}")).json()["meeting"]["language"] == "en"
        r = await d.client.put(f"/api/meetings/{m['id']}/language", json={"language": "zh"})
        assert r.status_code == 200 and r.json()["language"] == "zh"
        r = await d.client.put(f"/api/meetings/{m['id']}/language", json={"language": "fr"})
        assert r.status_code == 422
        r = await d.client.put(f"/api/meetings/{m['id']}/language", json={"language": "auto"})
        assert r.json()["language"] == "auto"


async def test_minutes_export_as_csv_and_ics_and_markdown_has_the_transcript(tmp_path):
    async with running_daemon(tmp_path) as d:
        m = await d.create_meeting("周会", mode="execute", participants=["张三", "李四"])
        for text in ["张三负责写周报，周五之前完成。", "不对，给李四吧。", "好，散会。"]:
            assert (await d.client.post(f"/api/meetings/{m['id']}/utterances", json={"text": text})).status_code == 201
        r = await d.client.get(f"/api/meetings/{m['id']}/minutes.csv")
        assert r.status_code == 404  # no minutes before finalize
        r = await d.client.post(f"/api/meetings/{m['id']}/finalize", json={"wait_s": 30})
        assert r.status_code == 200, r.text
        r = await d.client.get(f"/api/meetings/{m['id']}/minutes.csv")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        assert "attachment" in r.headers["content-disposition"]
        lines = r.text.lstrip("\ufeff").splitlines()
        assert lines[0].startswith("kind,text,owner") and any(ln.startswith("task,") and "李四" in ln for ln in lines)
        r = await d.client.get(f"/api/meetings/{m['id']}/minutes.ics")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/calendar")
        assert r.text.startswith("BEGIN:VCALENDAR\r\n") and r.text.endswith("END:VCALENDAR\r\n")
        md = (await d.client.get(f"/api/meetings/{m['id']}/minutes.md")).text
        assert "## 附录：逐字稿" in md and "- #2 不对，给李四吧。" in md


async def test_a_persons_edit_wins_and_items_can_be_added_by_hand(tmp_path):
    """Owner "Frank", due "Friday" — said nowhere — are applied as typed, marked set by a person,
    and survive the Supervisor's next turn; an item added by hand is applied at once."""
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(participants=["张三"])
        mid = m["id"]
        got = asyncio.create_task(wait_change(d.service, lambda ch: ch.kind == "intent"))
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "登录页面的改版交给张三负责，周五之前完成。"})
        intent = (await got).data
        r = await c.post(f"/api/meetings/{mid}/intents/{intent['id']}/edit",
                         json={"revision": intent["revision"], "payload": {"owner": "Frank", "due_date_raw": "Friday"},
                               "by": "Ann"})
        assert r.status_code == 200, r.text
        assert "unchanged" not in r.json() and r.json()["revision"] == intent["revision"] + 1
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "登录页面的改版还是张三负责，周五之前完成。"})
        await (await d.service.coordinator(mid)).settle()
        it = next(i for i in (await c.get(f"/api/meetings/{mid}")).json()["intents"] if i["id"] == intent["id"])
        assert (it["payload"]["owner"], it["payload"]["due_date_raw"]) == ("Frank", "Friday")
        assert it["set_by_person"] == ["due_date_raw", "owner"]
        events = await d.service.store.intent_events(intent["id"])
        assert any(e["produced_by"] == "user:Ann" and e["type"] == "intent.revised" for e in events)

        r = await c.post(f"/api/meetings/{mid}/intents", json={"kind": "task", "payload": {"title": "Book a room"}})
        assert r.status_code == 201 and r.json()["status"] == "applied"
        assert [t["title"] for t in await d.service.store.business_rows(mid, "tasks")] == ["Book a room"]
        r = await c.post(f"/api/meetings/{mid}/intents", json={"kind": "task", "payload": {"title": ""}})
        assert r.status_code == 422 and r.json()["error"] == "invalid_input"


async def test_skipped_range_is_in_the_dock_and_retried_over_http(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(mode="execute", participants=["王五"])
        mid = m["id"]
        r = await c.post(f"/api/meetings/{mid}/utterances", json={"text": "王五负责写周报，周五之前完成。"})
        assert r.status_code == 201
        store = d.service.store
        co = await d.service.coordinator(mid)
        async with asyncio.timeout(15):
            await co.settle()
        # As if that turn had given up: the range is recorded, the dock offers a retry.
        rng = await store.add_skipped(mid, 1, 1, "brain failed: test", "t_test")
        dock = (await c.get(f"/api/meetings/{mid}")).json()["dock"]
        assert [(s["id"], s["from_seq"], s["to_seq"]) for s in dock["skipped"]] == [(rng["id"], 1, 1)]
        assert (await c.post(f"/api/meetings/{mid}/skipped/999/retry")).status_code == 404
        assert (await c.post(f"/api/meetings/{mid}/skipped/x1/retry")).status_code == 422
        r = await c.post(f"/api/meetings/{mid}/skipped/{rng['id']}/retry")
        assert r.status_code == 202 and r.json()["status"] == "retrying", r.text
        async with asyncio.timeout(15):
            await co.supervisor.wait_idle()
        assert (await c.get(f"/api/meetings/{mid}")).json()["dock"]["skipped"] == []
        [after] = await store.skipped_ranges(mid)
        assert after["status"] == "analysed"
        again = await c.post(f"/api/meetings/{mid}/skipped/{rng['id']}/retry")
        assert again.status_code == 200 and again.json()["status"] == "analysed"


async def test_one_turn_end_to_end_over_http(tmp_path):
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(mode="execute", participants=["王五"])
        mid = m["id"]
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "王五负责写周报，周五之前完成。"})
        async with asyncio.timeout(15):
            await (await d.service.coordinator(mid)).settle()
        snap = (await c.get(f"/api/meetings/{mid}")).json()
        [intent] = snap["intents"]
        traces = (await c.get(f"/api/meetings/{mid}/traces")).json()["traces"]
        wrote = [t["trace_id"] for t in traces if "upsert_intent" in t["tool_calls"]]
        r = await c.get(f"/api/meetings/{mid}/traces/{wrote[0]}")
        assert r.status_code == 200, r.text
        turn = r.json()
        assert turn["intents"] == [intent["id"]]
        assert {e["produced_by"] for e in turn["events"]} == {"supervisor:rules"}
        assert any(a["result"] == "applied" for a in turn["actions"])
        assert (await c.get(f"/api/meetings/{mid}/traces/nope")).status_code == 404


async def test_a_completion_question_is_answered_over_http(tmp_path):
    """Suggest mode: the rules brain asks who owns an unowned task; the person's answer sets the
    owner (theirs from now on) and closes the question; a stale answer is 409 and changes nothing."""
    async with running_daemon(tmp_path) as d:
        c = d.client
        m = await d.create_meeting(participants=["张三", "李四"])
        mid = m["id"]
        asked = asyncio.create_task(wait_change(
            d.service, lambda ch: ch.kind == "intent" and ch.data["kind"] == "question"))
        await c.post(f"/api/meetings/{mid}/utterances", json={"text": "测试环境需要有人确认，周五之前。"})
        q = (await asked).data
        assert q["payload"]["about_field"] == "owner" and q["payload"]["candidates"] == ["张三", "李四"]
        url = f"/api/meetings/{mid}/intents/{q['id']}/answer"
        r = await c.post(url, json={"revision": q["revision"] + 1, "answer": "李四"})
        assert r.status_code == 409 and r.json()["reason"] == "revision_mismatch"
        assert (await c.post(url, json={"revision": q["revision"], "answer": ""})).status_code == 422
        r = await c.post(f"/api/meetings/{mid}/intents/int_nope/answer", json={"revision": 1, "answer": "李四"})
        assert r.status_code == 404
        r = await c.post(url, json={"revision": q["revision"], "answer": "李四", "by": "Ann"})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["question"]["status"] == "superseded"
        intents = {i["id"]: i for i in (await c.get(f"/api/meetings/{mid}")).json()["intents"]}
        task = intents[body["task"]["intent_id"]]
        assert task["payload"]["owner"] == "李四" and task["set_by_person"] == ["owner"]
        assert intents[q["id"]]["status"] == "superseded"
