"""Service-level audio rules: upload length cap and audio retention after finalize."""

from __future__ import annotations

import io
import wave

import pytest

from live.config import Settings
from live.service import MAX_UPLOAD_SEGMENT_MS, MeetingService
from models import InvalidInput


def wav_8bit_1khz(seconds: int) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(1000)
        w.writeframes(bytes([128]) * (seconds * 1000))
    return buf.getvalue()


@pytest.fixture
async def service(tmp_path):
    svc = await MeetingService.open(Settings(data_dir=tmp_path, audio_retention="delete"))
    yield svc
    await svc.close()


async def test_long_uploads_are_refused_before_resampling(service):
    m = await service.create_meeting("t", "zh", "suggest")
    too_long = wav_8bit_1khz(MAX_UPLOAD_SEGMENT_MS // 1000 + 1)
    with pytest.raises(InvalidInput, match="at most"):
        await service.upload_segment(m.id, too_long)
    assert await service.store.job_counts(m.id) == {"pending": 0, "processing": 0, "done": 0, "failed": 0}


async def test_delete_retention_removes_the_meeting_audio_once_it_ended(service, tmp_path):
    m = await service.create_meeting("t", "zh", "suggest")
    stream = await service.audio_stream(m.id)
    await stream.write(0, bytes(32 * 200))  # 200 ms of silence: durable, never speech
    assert stream.path.exists()
    result = await service.finalize(m.id, wait_s=10)
    assert result["status"] == "ended"
    assert not (tmp_path / "audio" / m.id).exists()
