"""A completion question answered by a person: the task it asks about gets the answer as a
person's edit and the question is closed, in one transaction (``intents.completion``,
``Ledger.answer``). The questions come from the real rules brain in suggest mode."""

from __future__ import annotations

from datetime import date

import pytest

from intents import Ledger
from intents.completion import changes_for, closing_status, target_task
from models import Intent, IntentKind, IntentStatus, InvalidInput, Risk
from store import Store
from supervisor.rules import analyze
from tests.backends import Peek

S = IntentStatus


def _intent(iid: str, kind: IntentKind, payload: dict, seqs=(1,), evidence="q", status=S.DETECTED) -> Intent:
    return Intent(id=iid, meeting_id="m", kind=kind, payload=payload, evidence_seqs=tuple(seqs), evidence=evidence,
                  revision=1, status=status, basis_seq=1, risk=Risk.LOW, created_at=0.0, updated_at=0.0)


@pytest.mark.parametrize(("field", "answer", "changes"), [
    ("owner", " 李四 ", {"owner": "李四"}),
    ("owner", "Frank", {"owner": "Frank"}),  # a person may name someone the transcript never did
    ("due_date", "2026-03-20", {"due_date": "2026-03-20"}),  # a day: the words said stay as said
    ("due_date", "下周五", {"due_date_raw": "下周五"}),  # new words: the ledger resolves them
])
def test_an_answer_becomes_the_field_it_was_asked_for(field: str, answer: str, changes: dict) -> None:
    assert changes_for(field, answer) == changes


@pytest.mark.parametrize("answer", ["", "   ", "x" * 101, "2026-02-30"])
def test_an_empty_overlong_or_impossible_answer_is_refused(answer: str) -> None:
    with pytest.raises(InvalidInput):
        changes_for("due_date" if "-" in answer else "owner", answer)


def test_the_task_is_the_one_quoting_the_same_words_and_named_by_the_question() -> None:
    q = _intent("q", IntentKind.QUESTION, {"text": "「测试环境」由谁负责？", "question_type": "completion",
                                           "candidates": [], "about_field": "owner"}, evidence="e")
    same_a = _intent("a", IntentKind.TASK, {"title": "测试环境"}, evidence="e")
    same_b = _intent("b", IntentKind.TASK, {"title": "部署脚本"}, evidence="e")
    elsewhere = _intent("c", IntentKind.TASK, {"title": "测试环境"}, seqs=(2,), evidence="e")
    closed = _intent("d", IntentKind.TASK, {"title": "测试环境"}, evidence="e", status=S.REJECTED)
    assert target_task(q, [elsewhere, same_b, same_a, closed]).id == "a"
    with pytest.raises(InvalidInput, match="no open task"):
        target_task(q, [elsewhere, closed])
    assert closing_status(S.DETECTED) is S.SUPERSEDED and closing_status(S.APPLIED) is S.REJECTED


async def _suggested(store: Store, ledger: Ledger, text: str, participants=("张三", "李四")):
    """A suggest-mode meeting with the rules brain's task + completion questions stored."""
    m = await store.create_meeting("周会", mode="suggest", participants=list(participants))
    await store.append_utterance(m.id, text)
    out = analyze([(1, text)], list(participants), "zh", [], meeting_date=date.today(), completion=True)
    ids = {}
    for p in out:
        r = await ledger.upsert(m.id, kind=p.kind, payload=p.payload, evidence_seqs=list(p.evidence_seqs),
                                evidence=p.evidence, basis_sequence=1)
        ids.setdefault(p.kind, []).append(r.intent_id)
    return m, ids


async def test_answering_who_owns_it_sets_the_owner_and_closes_the_question(store: Store, peek: Peek) -> None:
    ledger = Ledger(store)
    m, ids = await _suggested(store, ledger, "测试环境需要有人确认，周五之前。")
    [tid], [qid] = ids["task"], ids["question"]
    q = await store.get_intent(m.id, qid)
    assert q.payload["about_field"] == "owner" and q.payload["candidates"] == ["张三", "李四"]

    # A stale revision writes nothing at all.
    stale, _ = await ledger.answer(m.id, qid, 2, "李四", actor="user:Ann")
    assert stale["reason"] == "revision_mismatch"
    assert (await store.get_intent(m.id, tid)).payload["owner"] is None

    qr, tr = await ledger.answer(m.id, qid, 1, "李四", actor="user:Ann")
    assert (qr.status, tr.revision) == ("superseded", 2)
    task, q = await store.get_intent(m.id, tid), await store.get_intent(m.id, qid)
    assert task.payload["owner"] == "李四" and task.set_by_person == ("owner",)
    assert task.payload["due_date_raw"] == "周五之前" and task.status is S.DETECTED
    assert q.status is S.SUPERSEDED
    [ev] = [e for e in await store.intent_events(qid) if e["type"] == "intent.superseded"]
    assert ev["produced_by"] == "user:Ann" and ev["payload"]["superseded_by"] == tid
    # Answered once: a second answer is refused, the owner stays.
    with pytest.raises(Exception, match="superseded"):
        await ledger.answer(m.id, qid, 1, "张三", actor="user")
    assert (await store.get_intent(m.id, tid)).payload["owner"] == "李四"


async def test_answering_which_day_keeps_the_words_and_sets_the_date(store: Store) -> None:
    ledger = Ledger(store)
    m, ids = await _suggested(store, ledger, "张三负责接口文档，下周之前。")
    [tid] = ids["task"]
    [qid] = [i for i in ids["question"] if (await store.get_intent(m.id, i)).payload["about_field"] == "due_date"]
    qr, _ = await ledger.answer(m.id, qid, 1, "2031-01-17", actor="user")
    assert qr.status == "superseded"
    task = await store.get_intent(m.id, tid)
    assert (task.payload["due_date_raw"], task.payload["due_date"]) == ("下周之前", "2031-01-17")
    assert task.set_by_person == ("due_date",)


async def test_a_question_already_in_the_minutes_is_retracted_when_answered(store: Store, peek: Peek) -> None:
    ledger = Ledger(store)
    m, ids = await _suggested(store, ledger, "测试环境需要有人确认，周五之前。")
    [qid] = ids["question"]
    await ledger.approve(m.id, qid, 1, actor="user")
    assert (await ledger.commit(m.id, qid, 1, 1, actor="supervisor"))["status"] == "applied"
    assert len(peek.dicts("SELECT * FROM open_questions")) == 1
    qr, _ = await ledger.answer(m.id, qid, 1, "张三", actor="user")
    assert qr.status == "rejected" and peek.dicts("SELECT * FROM open_questions") == []


async def test_only_completion_questions_of_a_person_are_answered(store: Store) -> None:
    ledger = Ledger(store)
    m, ids = await _suggested(store, ledger, "测试环境需要有人确认，周五之前。")
    [tid], [qid] = ids["task"], ids["question"]
    with pytest.raises(InvalidInput, match="not a completion question"):
        await ledger.answer(m.id, tid, 1, "张三", actor="user")
    with pytest.raises(InvalidInput, match="only a person"):
        await ledger.answer(m.id, qid, 1, "张三", actor="supervisor")
    # The linked task was rejected meanwhile: nothing to answer for, nothing written.
    await ledger.reject(m.id, tid, 1, "not ours", actor="user")
    with pytest.raises(InvalidInput, match="no open task"):
        await ledger.answer(m.id, qid, 1, "张三", actor="user")
    assert (await store.get_intent(m.id, qid)).status is S.DETECTED
