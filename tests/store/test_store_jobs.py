"""ASR job lifecycle on a real store: enqueue, claim, complete (idempotent), fail + retries, requeue."""

from __future__ import annotations

import pytest

from models import JobStatus, MeetingClosed, MeetingStatus, NotFound
from store import Store
from tests.backends import Peek


async def test_enqueue_claim_complete(store: Store, peek: Peek) -> None:
    m = await store.create_meeting("转写")
    job = await store.enqueue_job(m.id, "/audio/seg1.wav", 1500, start_ms=200)
    assert (job.status, job.attempts, job.start_ms, job.duration_ms) == (JobStatus.PENDING, 0, 200, 1500)
    claimed = await store.claim_job()
    assert claimed is not None and claimed.id == job.id
    assert (claimed.status, claimed.attempts) == (JobStatus.PROCESSING, 1)
    assert await store.claim_job() is None  # nothing else pending
    u = await store.complete_job(job.id, "  大家好，开始开会。 ", 200, 1700)
    assert u is not None and (u.seq, u.text, u.source, u.job_id) == (1, "大家好，开始开会。", "asr", job.id)
    done = await store.get_job(job.id)
    assert (done.status, done.utterance_seq, done.error) == (JobStatus.DONE, 1, None)
    assert done.finished_at is not None
    assert (await store.get_meeting(m.id)).latest_seq == 1
    assert await store.job_counts(m.id) == {"pending": 0, "processing": 0, "done": 1, "failed": 0}
    assert await store.asr_totals(m.id) == 1500

    # Completing again (a retried worker) returns the same utterance and writes nothing.
    cursor = (await store.get_meeting(m.id)).change_cursor
    again = await store.complete_job(job.id, "另一段文字", 200, 1700)
    assert again == u
    assert (await store.get_meeting(m.id)).change_cursor == cursor
    assert peek.one("SELECT COUNT(*) FROM utterances") == (1,)


async def test_utterance_and_job_done_land_together(store: Store) -> None:
    """The utterance, the job's done state and the change rows are one transaction."""
    m = await store.create_meeting("原子")
    job = await store.enqueue_job(m.id, "/a.wav", 800)
    await store.claim_job()
    await store.complete_job(job.id, "一句话。")
    kinds = [(c.kind, c.data.get("status")) for c in await store.changes_after(m.id, 0)]
    assert kinds[-2:] == [("utterance", None), ("job", "done")]


async def test_silence_completes_without_an_utterance(store: Store) -> None:
    m = await store.create_meeting("静音")
    job = await store.enqueue_job(m.id, "/a.wav", 800)
    await store.claim_job()
    assert await store.complete_job(job.id, "   ") is None
    assert await store.complete_job(job.id, "   ") is None
    got = await store.get_job(job.id)
    assert (got.status, got.utterance_seq) == (JobStatus.DONE, None)
    assert (await store.get_meeting(m.id)).latest_seq == 0


async def test_fail_retries_then_fails_keeping_the_error(store: Store) -> None:
    m = await store.create_meeting("失败")
    job = await store.enqueue_job(m.id, "/a.wav", 800)
    for attempt in (1, 2):
        claimed = await store.claim_job()
        assert claimed is not None and claimed.attempts == attempt
        back = await store.fail_job(job.id, f"decoder error #{attempt}", max_attempts=3)
        assert (back.status, back.attempts, back.error, back.finished_at) == (
            JobStatus.PENDING, attempt, f"decoder error #{attempt}", None)
    assert (await store.claim_job()).attempts == 3  # type: ignore[union-attr]
    final = await store.fail_job(job.id, "decoder error #3", max_attempts=3)
    assert (final.status, final.attempts, final.error) == (JobStatus.FAILED, 3, "decoder error #3")
    assert final.finished_at is not None
    assert await store.claim_job() is None
    assert [j.id for j in await store.failed_jobs(m.id)] == [job.id]
    assert (await store.changes_after(m.id, 0))[-1].data == {
        "job_id": job.id, "status": "failed", "error": "decoder error #3"}


async def test_requeue_processing_on_startup(store: Store) -> None:
    m = await store.create_meeting("重启")
    jobs = [await store.enqueue_job(m.id, f"/seg{i}.wav", 500) for i in range(3)]
    # Claimed by a worker that then died: its leases ran out (on PostgreSQL, live leases stay).
    first, second = await store.claim_job(), await store.claim_job()
    assert await store.renew_leases("local", [first.id, second.id], lease_s=-1) == 2  # type: ignore[union-attr]
    assert [first.id, second.id] == [jobs[0].id, jobs[1].id]  # type: ignore[union-attr]
    assert await store.requeue_processing() == 2
    assert await store.requeue_processing() == 0
    counts = await store.job_counts(m.id)
    assert counts == {"pending": 3, "processing": 0, "done": 0, "failed": 0}
    again = await store.claim_job()
    assert again is not None and (again.id, again.attempts) == (jobs[0].id, 2)  # oldest first, attempts kept


async def test_finalizing_meeting_lands_queued_audio_but_refuses_typing(store: Store) -> None:
    m = await store.create_meeting("收尾")
    job = await store.enqueue_job(m.id, "/a.wav", 800)
    await store.set_status(m.id, MeetingStatus.FINALIZING)
    # The tail of audio received before finalize is still cut and queued.
    tail = await store.enqueue_job(m.id, "/b.wav", 800)
    with pytest.raises(MeetingClosed, match="finalizing; no new utterances"):
        await store.append_utterance(m.id, "打字的一句。")
    for expected in (job, tail):
        claimed = await store.claim_job()
        assert claimed is not None and claimed.id == expected.id
        u = await store.complete_job(expected.id, f"排队中的一句{expected.audio_path}")
        assert u is not None
    assert (await store.get_meeting(m.id)).latest_seq == 2
    await store.end_with_minutes(m.id, {"meeting": {"id": m.id}}, "# 纪要")
    with pytest.raises(MeetingClosed, match="has ended; no new audio"):
        await store.enqueue_job(m.id, "/c.wav", 800)


async def test_same_segment_file_is_one_job(store: Store) -> None:
    """Re-cutting audio after a crash rewrites the same segment path: same job, not a second."""
    m = await store.create_meeting("重切")
    a = await store.enqueue_job(m.id, "/seg/0001.wav", 800)
    b = await store.enqueue_job(m.id, "/seg/0001.wav", 800)
    assert b == a
    assert (await store.job_counts(m.id))["pending"] == 1


async def test_unknown_job_ids(store: Store) -> None:
    for call in (store.get_job("job_nope"), store.complete_job("job_nope", "x"), store.fail_job("job_nope", "e")):
        with pytest.raises(NotFound, match="unknown job 'job_nope'") as err:
            await call
        assert err.value.details == {"job_id": "job_nope"}
    with pytest.raises(NotFound, match="unknown meeting 'm_nope'"):
        await store.enqueue_job("m_nope", "/a.wav", 100)


async def test_expired_lease_is_claimed_again_and_completes_once(store: Store, peek: Peek) -> None:
    """A worker dies mid-job: once its lease runs out another worker claims the job; if the first
    one was only slow and completes too, the segment still lands as one utterance."""
    m = await store.create_meeting("租约")
    job = await store.enqueue_job(m.id, "/seg/1.wav", 800, start_ms=0, audio=b"\x01\x00" * 8)
    slow = await store.claim_job("w1", lease_s=60)
    assert slow is not None and slow.id == job.id
    assert await store.claim_job("w2") is None  # leased: not claimable
    assert await store.renew_leases("w1", [job.id], lease_s=-1) == 1  # as if it expired
    assert await store.renew_leases("w2", [job.id]) == 0  # not w2's
    again = await store.claim_job("w2", lease_s=60)
    assert again is not None and (again.id, again.attempts) == (job.id, 2)
    assert await store.renew_leases("w1", [job.id]) == 0  # w1 lost it
    u2 = await store.complete_job(job.id, "第二个工人。", 0, 800)
    u1 = await store.complete_job(job.id, "第一个工人。", 0, 800)
    assert u1 == u2 and u2 is not None and u2.text == "第二个工人。"
    assert peek.rows("SELECT seq, job_id FROM utterances") == [(1, job.id)]
    assert await store.job_audio(job.id) is None  # dropped from the row once done


async def test_segment_audio_travels_in_the_row_on_postgres(store: Store) -> None:
    m = await store.create_meeting("音频")
    pcm = bytes(range(256)) * 10
    job = await store.enqueue_job(m.id, "/node-a/seg/1.wav", 80, audio=pcm)
    expected = pcm if store.db.dialect.shared else None
    assert await store.job_audio(job.id) == expected


async def test_requeue_keeps_live_leases_on_a_shared_store(store: Store) -> None:
    m = await store.create_meeting("重启")
    await store.enqueue_job(m.id, "/seg0.wav", 500)
    await store.claim_job("other-worker", lease_s=60)
    requeued = await store.requeue_processing()
    # SQLite has one process and one worker: whatever was processing was ours.
    assert requeued == (0 if store.db.dialect.shared else 1)
