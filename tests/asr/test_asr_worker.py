"""AsrWorker and SegmentSink against the real store on a temp database (fake transcriber only)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from asr_synth import pcm, silence, tone

from asr.audio import BYTES_PER_MS, read_wav_file
from asr.segments import SegmentSink, segment_path
from asr.transcriber import Transcript
from asr.worker import AsrWorker
from models.domain import Utterance
from models.enums import JobStatus
from store import Store

SPEECH = pcm(silence(500), tone(1200), silence(900), tone(800, f0=240), silence(900))


class ScriptedTranscriber:
    """Speaks the transcriber protocol; its answers and failures are scripted per call."""

    def __init__(self, failures: int = 0, text: str = "第{n}段", gate: asyncio.Event | None = None) -> None:
        self.failures = failures
        self.text = text
        self.gate = gate
        self.calls: list[tuple[int, str, str | None]] = []
        self.started = asyncio.Event()

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None):
        self.calls.append((len(pcm16k), language, initial_prompt))
        self.started.set()
        if self.gate is not None:
            await self.gate.wait()
        if self.failures:
            self.failures -= 1
            raise RuntimeError("decoder exploded")
        return Transcript(self.text.format(n=len(self.calls)), language, len(pcm16k) // BYTES_PER_MS, 5)


@pytest.fixture
async def store(tmp_path: Path):
    s = await Store.open(tmp_path / "meetingd.db")
    try:
        yield s
    finally:
        await s.close()


async def new_meeting(store: Store) -> str:
    m = await store.create_meeting("周会", "zh", "suggest", ["张三", "刘洋"], ["验证码"])
    return m.id


async def test_sink_writes_segment_wavs_and_enqueues_jobs_in_meeting_time(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    notified = []
    sink = SegmentSink(store, tmp_path / "data", mid, start_offset_ms=10_000, on_enqueued=notified.append)
    jobs = []
    for i in range(0, len(SPEECH), 777):
        jobs += await sink.feed(SPEECH[i : i + 777])
    jobs += await sink.flush()
    assert len(jobs) == 2 and notified == jobs
    for job in jobs:
        assert job.status is JobStatus.PENDING
        assert job.start_ms is not None and job.start_ms >= 10_000
        path = Path(job.audio_path)
        assert path == segment_path(tmp_path / "data", mid, job.start_ms)
        audio = read_wav_file(path)
        offset = (job.start_ms - 10_000) * BYTES_PER_MS
        assert audio == SPEECH[offset : offset + len(audio)]
        assert job.duration_ms == len(audio) // BYTES_PER_MS
    assert sink.cut_ms == 10_000 + len(SPEECH) // BYTES_PER_MS


async def test_worker_appends_utterances_in_order_with_times_and_glossary(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    sink = SegmentSink(store, tmp_path, mid)
    jobs = await sink.feed(SPEECH) + await sink.flush()
    seen: list[Utterance] = []

    async def on_utterance(u: Utterance) -> None:
        seen.append(u)

    fake = ScriptedTranscriber()
    worker = AsrWorker(store, fake, on_utterance)
    assert await worker.process_one() and await worker.process_one()
    assert not await worker.process_one()
    utts = await store.list_utterances(mid)
    assert [(u.seq, u.text, u.start_ms, u.end_ms, u.job_id) for u in utts] == [
        (1, "第1段", jobs[0].start_ms, jobs[0].start_ms + jobs[0].duration_ms, jobs[0].id),
        (2, "第2段", jobs[1].start_ms, jobs[1].start_ms + jobs[1].duration_ms, jobs[1].id),
    ]
    assert seen == utts
    assert (await store.get_meeting(mid)).latest_seq == 2
    # the vocabulary prompt: participants, then glossary, then the title's content words
    assert fake.calls[0][1:] == ("zh", "以下是普通话会议的记录。参会人：张三、刘洋。术语：验证码、周会。")
    assert worker.stats.jobs_done == 2 and worker.stats.audio_ms == sum(j.duration_ms for j in jobs)


async def test_worker_corrects_with_the_vocabulary_of_the_moment_and_keeps_what_was_heard(
    store: Store, tmp_path: Path
) -> None:
    """The misheard task noun and name are rewritten, the heard text and each rewrite are stored and
    reach listeners; a vocabulary edit during the meeting applies to the next segment."""
    m = await store.create_meeting("周会", "zh", "suggest", ["张三", "刘洋"])
    sink = SegmentSink(store, tmp_path, m.id)
    await sink.feed(SPEECH)
    await sink.flush()
    fake = ScriptedTranscriber(text="烟终骂由刘杨负责，第{n}段")
    seen: list[Utterance] = []

    async def on_utterance(u: Utterance) -> None:
        seen.append(u)

    worker = AsrWorker(store, fake, on_utterance)
    assert await worker.process_one()  # vocabulary: participants and 周会 only
    await store.update_meeting(m.id, glossary=["验证码"], agenda="讨论验证码的有效期")
    assert await worker.process_one()
    first, second = await store.list_utterances(m.id)
    assert first.text == "验证码由刘洋负责，第1段"  # 验证码 from the lexicon, 刘洋 from the participants
    assert second.text == "验证码由刘洋负责，第2段"
    assert second.text_raw == "烟终骂由刘杨负责，第2段"
    assert [(r["heard"], r["word"], r["source"]) for r in second.rewrites] == [
        ("烟终骂", "验证码", "vocabulary"), ("刘杨", "刘洋", "vocabulary")]  # fmt: skip
    assert seen[1].to_dict()["rewrites"] == list(second.rewrites)
    assert "术语：验证码、周会、讨论、有效期。" in (fake.calls[1][2] or "")
    assert "验证码" not in (fake.calls[0][2] or "")


async def test_worker_without_correction_stores_the_heard_text(store: Store, tmp_path: Path) -> None:
    m = await store.create_meeting("周会", "zh", "suggest", ["刘洋"], ["验证码"])
    await SegmentSink(store, tmp_path, m.id).feed(pcm(tone(1000), silence(1000)))
    worker = AsrWorker(store, ScriptedTranscriber(text="烟终骂由刘杨负责"), correction=False)
    assert await worker.process_one()
    [u] = await store.list_utterances(m.id)
    assert (u.text, u.text_raw, u.rewrites) == ("烟终骂由刘杨负责", None, ())


async def test_empty_text_finishes_the_job_without_an_utterance(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    (job,) = await SegmentSink(store, tmp_path, mid).feed(pcm(tone(1000), silence(1000)))
    called = []

    async def on_utterance(u: Utterance) -> None:
        called.append(u)

    assert await AsrWorker(store, ScriptedTranscriber(text=""), on_utterance).process_one()
    assert (await store.get_job(job.id)).status is JobStatus.DONE
    assert await store.list_utterances(mid) == [] and called == []


async def test_a_failing_job_is_retried_then_failed_with_the_error_kept(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    (job,) = await SegmentSink(store, tmp_path, mid).feed(pcm(tone(1000), silence(1000)))
    fake = ScriptedTranscriber(failures=99)
    worker = AsrWorker(store, fake, max_attempts=3)
    for attempt in (1, 2):
        assert await worker.process_one()
        got = await store.get_job(job.id)
        assert (got.status, got.attempts) == (JobStatus.PENDING, attempt)
    assert await worker.process_one()
    got = await store.get_job(job.id)
    assert (got.status, got.attempts) == (JobStatus.FAILED, 3)
    assert got.error == "RuntimeError: decoder exploded"
    assert not await worker.process_one()  # failed jobs are not picked up again
    assert len(fake.calls) == 3 and await store.list_utterances(mid) == []
    assert (worker.stats.jobs_retried, worker.stats.jobs_failed) == (2, 1)


async def test_a_transient_failure_is_retried_to_success(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    (job,) = await SegmentSink(store, tmp_path, mid).feed(pcm(tone(1000), silence(1000)))
    worker = AsrWorker(store, ScriptedTranscriber(failures=1))
    assert await worker.process_one() and await worker.process_one()
    got = await store.get_job(job.id)
    assert (got.status, got.attempts, got.error) == (JobStatus.DONE, 2, None)
    assert [u.text for u in await store.list_utterances(mid)] == ["第2段"]


async def test_unreadable_audio_fails_the_job_with_a_format_error(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"ID3 definitely an mp3")
    job = await store.enqueue_job(mid, str(bad), 1000, 0)
    worker = AsrWorker(store, ScriptedTranscriber(), max_attempts=1)
    assert await worker.process_one()
    got = await store.get_job(job.id)
    assert got.status is JobStatus.FAILED and "AudioFormatError" in (got.error or "")


async def test_crash_mid_job_is_requeued_on_restart_and_appended_exactly_once(tmp_path: Path) -> None:
    db = tmp_path / "meetingd.db"
    store = await Store.open(db)
    mid = await new_meeting(store)
    (job,) = await SegmentSink(store, tmp_path, mid).feed(pcm(tone(1000), silence(1000)))
    stuck = ScriptedTranscriber(gate=asyncio.Event())  # never released: the "crash" happens mid-decode
    first = asyncio.create_task(AsrWorker(store, stuck).run())
    async with asyncio.timeout(5):
        await stuck.started.wait()
    assert (await store.get_job(job.id)).status is JobStatus.PROCESSING
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    await store.close()

    store = await Store.open(db)  # restart
    try:
        assert (await store.get_job(job.id)).status is JobStatus.PROCESSING  # what the crash left
        appended = asyncio.Event()

        async def on_utterance(u: Utterance) -> None:
            appended.set()

        fresh = ScriptedTranscriber(text="恢复后的转写")
        worker = AsrWorker(store, fresh, on_utterance)
        task = asyncio.create_task(worker.run())
        async with asyncio.timeout(5):
            await appended.wait()
        worker.stop()
        async with asyncio.timeout(5):
            await task
        assert not await worker.process_one()  # nothing left: it ran once, not twice
        assert len(fresh.calls) == 1
        got = await store.get_job(job.id)
        assert (got.status, got.attempts) == (JobStatus.DONE, 2)
        assert [u.text for u in await store.list_utterances(mid)] == ["恢复后的转写"]
    finally:
        await store.close()


async def test_run_loop_wakes_on_notify(store: Store, tmp_path: Path) -> None:
    mid = await new_meeting(store)
    got: asyncio.Queue[Utterance] = asyncio.Queue()

    async def on_utterance(u: Utterance) -> None:
        await got.put(u)

    worker = AsrWorker(store, ScriptedTranscriber(), on_utterance, recheck_s=3600)  # only notify can wake it
    sink = SegmentSink(store, tmp_path, mid, on_enqueued=lambda _job: worker.notify())
    task = asyncio.create_task(worker.run())
    try:
        for burst in (pcm(tone(900), silence(900)), pcm(tone(700, f0=250), silence(900))):
            await sink.feed(burst)
            async with asyncio.timeout(5):
                u = await got.get()
            assert u.text == f"第{u.seq}段"
        assert [u.seq for u in await store.list_utterances(mid)] == [1, 2]
    finally:
        worker.stop()
        async with asyncio.timeout(5):
            await task


class BatchingTranscriber(ScriptedTranscriber):
    """Also speaks ``transcribe_batch``; a request whose audio length is in ``poison`` breaks the batch."""

    def __init__(self, poison: frozenset[int] = frozenset(), **kw) -> None:
        super().__init__(**kw)
        self.poison = poison
        self.batches: list[int] = []

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None):
        if len(pcm16k) in self.poison:
            self.calls.append((len(pcm16k), language, initial_prompt))
            raise RuntimeError("bad segment")
        return await super().transcribe(pcm16k, language, initial_prompt)

    async def transcribe_batch(self, requests):
        self.batches.append(len(requests))
        if any(len(r.pcm) in self.poison for r in requests):
            raise RuntimeError("bad segment in batch")
        return [await ScriptedTranscriber.transcribe(self, r.pcm, r.language, r.initial_prompt) for r in requests]


async def three_jobs(store: Store, tmp_path: Path) -> tuple[str, list]:
    mid = await new_meeting(store)
    audio = pcm(tone(900), silence(900), tone(1200, f0=250), silence(900), tone(600, f0=300), silence(900))
    jobs = await SegmentSink(store, tmp_path, mid).feed(audio)
    assert len(jobs) == 3
    return mid, jobs


async def test_pending_jobs_are_transcribed_in_one_batch_and_completed_each_in_order(
    store: Store, tmp_path: Path
) -> None:
    mid, jobs = await three_jobs(store, tmp_path)
    seen: list[Utterance] = []

    async def on_utterance(u: Utterance) -> None:
        seen.append(u)

    fake = BatchingTranscriber()
    worker = AsrWorker(store, fake, on_utterance, batch_size=4)
    assert await worker.process_one()
    assert not await worker.process_one()
    assert fake.batches == [3] and worker.stats.batches == 1
    utts = await store.list_utterances(mid)
    assert [(u.text, u.job_id, u.start_ms) for u in utts] == [
        (f"第{i + 1}段", j.id, j.start_ms) for i, j in enumerate(jobs)
    ]
    assert seen == utts and worker.stats.jobs_done == 3


async def test_batch_size_caps_the_claim(store: Store, tmp_path: Path) -> None:
    _mid, jobs = await three_jobs(store, tmp_path)
    fake = BatchingTranscriber()
    worker = AsrWorker(store, fake, batch_size=2)
    assert await worker.process_one()
    assert [(await store.get_job(j.id)).status for j in jobs] == [JobStatus.DONE, JobStatus.DONE, JobStatus.PENDING]
    assert await worker.process_one() and not await worker.process_one()
    assert fake.batches == [2, 1]  # alone, the last job still goes as a Request (it carries detection)
    assert len(fake.calls) == 3


async def test_a_failing_batch_is_retried_one_by_one_and_only_the_bad_job_fails(
    store: Store, tmp_path: Path
) -> None:
    mid, jobs = await three_jobs(store, tmp_path)
    bad = jobs[1].duration_ms * BYTES_PER_MS
    fake = BatchingTranscriber(poison=frozenset({bad}))
    worker = AsrWorker(store, fake, max_attempts=1)
    assert await worker.process_one()
    statuses = [(await store.get_job(j.id)).status for j in jobs]
    assert statuses == [JobStatus.DONE, JobStatus.FAILED, JobStatus.DONE]
    assert "bad segment" in ((await store.get_job(jobs[1].id)).error or "")
    assert [u.job_id for u in await store.list_utterances(mid)] == [jobs[0].id, jobs[2].id]
    assert worker.stats.jobs_failed == 1


class LanguageScript:
    """Answers like WhisperTranscriber: each segment's detected language (by audio length, in
    order) decides the language it is decoded in and which of the request's prompts is used."""

    def __init__(self, said: list[tuple[str | None, str]]) -> None:
        self.said = said
        self.requests: list = []

    async def transcribe(self, pcm16k: bytes, language: str = "zh", initial_prompt: str | None = None):
        raise AssertionError("a transcriber with transcribe_batch gets Requests")

    async def transcribe_batch(self, requests):
        out = []
        for r in requests:
            self.requests.append(r)
            detected, text = self.said[len(self.requests) - 1]
            lang = detected or r.language
            out.append(Transcript(text, lang, len(r.pcm) // BYTES_PER_MS, 5, detected=detected))
        return out


async def test_an_auto_meeting_takes_the_first_detected_language_and_flags_the_other(
    store: Store, tmp_path: Path
) -> None:
    m = await store.create_meeting("Launch sync", "auto", "suggest", ["Hannah"], [])
    assert m.to_dict()["language"] == "auto"
    audio = pcm(tone(900), silence(900), tone(1200, f0=250), silence(900), tone(600, f0=300), silence(900))
    jobs = await SegmentSink(store, tmp_path, m.id).feed(audio)
    assert len(jobs) == 3
    fake = LanguageScript([("en", "Hannah owns the docs."), ("zh", "好的，没问题。"), (None, "Ship it Monday.")])
    worker = AsrWorker(store, fake, batch_size=1)
    while await worker.process_one():
        pass
    fixed = await store.get_meeting(m.id)
    assert not fixed.language_auto and fixed.to_dict()["language"] == "en"
    utts = await store.list_utterances(m.id)
    # Kept, all three; the Chinese one carries its language so the dock can flag it.
    assert [(u.text, u.language) for u in utts] == [
        ("Hannah owns the docs.", "en"), ("好的，没问题。", "zh"), ("Ship it Monday.", "en")]
    # Every request asks for detection and carries a prompt per language, each in its language.
    r = fake.requests[0]
    assert r.detect and {lang for lang, _p in r.prompts} == {"zh", "en"}
    assert "Hannah" in dict(r.prompts)["en"] and dict(r.prompts)["zh"] != dict(r.prompts)["en"]
    assert fake.requests[2].language == "en"  # after detection the meeting's language is English


async def test_a_person_choice_of_language_is_not_overridden_by_detection(store: Store) -> None:
    m = await store.create_meeting("周会", "auto", "suggest", [], [])
    await store.set_language(m.id, "zh")
    assert (await store.set_language(m.id, "en", detected=True)).language.value == "zh"
    assert (await store.set_language(m.id, "auto")).to_dict()["language"] == "auto"
