"""Bad input to the store: typed errors whose messages name the problem; nothing is written."""

from __future__ import annotations

from typing import Any

import pytest

from models import InvalidInput, MeetingClosed, MeetingStatus, NotFound
from store import Store
from store.utterances import MAX_UTTERANCE_CHARS


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"mode": "auto"}, "mode must be one of record, suggest, execute; got 'auto'"),
    ({"language": "fr"}, "language must be one of zh, en; got 'fr'"),
    ({"title": "   "}, "title must be 1..200 characters"),
    ({"title": "长" * 201}, "title must be 1..200 characters"),
    ({"participants": [f"p{i}" for i in range(51)]}, "at most 50 participants"),
])
async def test_create_meeting_rejects(store: Store, kwargs: dict[str, Any], message: str) -> None:
    args = {"title": "周会"} | kwargs
    with pytest.raises(InvalidInput) as err:
        await store.create_meeting(**args)
    assert message in err.value.message
    assert await store.list_meetings() == []


async def test_create_meeting_accepts_enum_strings_and_cleans_participants(store: Store) -> None:
    m = await store.create_meeting(" 周会 ", language="en", mode="execute", participants=[" 张三 ", "", "李四"])
    assert (m.title, m.language.value, m.mode.value, m.participants) == ("周会", "en", "execute", ("张三", "李四"))
    assert m.status is MeetingStatus.LIVE and (m.latest_seq, m.analyzed_seq, m.change_cursor) == (0, 0, 1)


async def test_unknown_meeting_ids(store: Store) -> None:
    calls = [store.get_meeting("m_x"), store.append_utterance("m_x", "你好"), store.get_binding("m_x"),
             store.update_binding("m_x", analyzed_seq=1), store.set_status("m_x", MeetingStatus.FINALIZING),
             store.end_with_minutes("m_x", {"meeting": {}}, ""), store.get_minutes("m_x")]
    for call in calls:
        with pytest.raises(NotFound, match="'m_x'") as err:
            await call
        assert err.value.details == {"meeting_id": "m_x"}


@pytest.mark.parametrize(("text", "start", "end", "message"), [
    ("", None, None, "utterance text is empty"),
    ("  \n ", None, None, "utterance text is empty"),
    ("字" * (MAX_UTTERANCE_CHARS + 1), None, None, f"longer than {MAX_UTTERANCE_CHARS} characters"),
    ("你好", -5, None, "start_ms must be a non-negative integer"),
    ("你好", 100, -1, "end_ms must be a non-negative integer"),
    ("你好", 500, 100, "end_ms is before start_ms"),
])
async def test_append_rejects(store: Store, text: str, start: int | None, end: int | None, message: str) -> None:
    m = await store.create_meeting("周会")
    with pytest.raises(InvalidInput) as err:
        await store.append_utterance(m.id, text, start, end)
    assert message in err.value.message
    got = await store.get_meeting(m.id)
    assert (got.latest_seq, got.change_cursor) == (0, 1)


async def test_append_at_the_size_limit_and_seq_order(store: Store) -> None:
    m = await store.create_meeting("周会")
    u1 = await store.append_utterance(m.id, "字" * MAX_UTTERANCE_CHARS, 0, 10)
    u2 = await store.append_utterance(m.id, "第二句", 10, 20)
    assert (u1.seq, u2.seq, len(u1.text)) == (1, 2, MAX_UTTERANCE_CHARS)
    assert [u.seq for u in await store.list_utterances(m.id, 2)] == [2]
    assert [u.seq for u in await store.last_utterances(m.id, 1)] == [2]


async def test_ended_meeting_refuses_writes(store: Store) -> None:
    m = await store.create_meeting("周会")
    await store.end_with_minutes(m.id, {"meeting": {"id": m.id}}, "# 纪要")
    with pytest.raises(MeetingClosed, match="ended"):
        await store.append_utterance(m.id, "会后的一句。")
    with pytest.raises(MeetingClosed, match="already ended"):
        await store.end_with_minutes(m.id, {"meeting": {"id": m.id}}, "# 纪要")
    with pytest.raises(MeetingClosed):
        await store.set_status(m.id, MeetingStatus.LIVE)
    minutes, md = await store.get_minutes(m.id)
    assert minutes["meeting"]["status"] == "ended" and md == "# 纪要"


async def test_business_rows_refuses_unknown_table(store: Store) -> None:
    with pytest.raises(InvalidInput, match="unknown business table 'meetings'"):
        await store.business_rows("m_x", "meetings")


async def test_watermarks_only_move_forward(store: Store) -> None:
    m = await store.create_meeting("周会")
    for _ in range(3):
        await store.append_utterance(m.id, "一句。")
    b = await store.update_binding(m.id, delivered_seq=3, analyzed_seq=2)
    assert (b.delivered_seq, b.analyzed_seq) == (3, 2)
    b = await store.update_binding(m.id, delivered_seq=1, analyzed_seq=1)
    assert (b.delivered_seq, b.analyzed_seq) == (3, 2)
    assert (await store.get_meeting(m.id)).analyzed_seq == 2
