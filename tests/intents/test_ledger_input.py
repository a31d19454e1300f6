"""Bad input to the ledger: typed errors with messages a brain or a person can act on."""

from __future__ import annotations

from typing import Any

import pytest

from intents import Ledger
from intents.evidence import check_evidence, quote_is_verbatim
from models import IntentKind, InvalidInput, NotFound
from store import Store

UTTERANCES = ["我们决定下个月上线新版本。", "张三负责回归测试，周三之前完成。", "还有一个问题：预算谁来批？"]


@pytest.fixture
async def mid(store: Store) -> str:
    m = await store.create_meeting("评审", mode="suggest", participants=["张三", "李四"])
    for text in UTTERANCES:
        await store.append_utterance(m.id, text)
    return m.id


def task(**changes: Any) -> dict[str, Any]:
    args = {"kind": "task", "payload": {"title": "回归测试", "owner": "张三"}, "evidence_seqs": [2],
            "evidence": "张三负责回归测试", "basis_sequence": 3}
    return args | changes


async def test_unknown_meeting(ledger: Ledger) -> None:
    with pytest.raises(NotFound, match="unknown meeting 'm_nope'"):
        await ledger.upsert("m_nope", **task())
    for call in (ledger.commit("m_nope", "int_x", 0, 1), ledger.approve("m_nope", "int_x", 1),
                 ledger.reject("m_nope", "int_x", 1, "x")):
        with pytest.raises(NotFound, match="unknown meeting 'm_nope'"):
            await call


async def test_unknown_intent(store: Store, ledger: Ledger, mid: str) -> None:
    calls = [
        ledger.commit(mid, "int_nope", 3, 1),
        ledger.approve(mid, "int_nope", 1),
        ledger.reject(mid, "int_nope", 1, "x"),
        ledger.clarify(mid, "int_nope", "谁?", "clarification", []),
        ledger.upsert(mid, **task(intent_id="int_nope", expected_revision=1)),
        store.get_intent(mid, "int_nope"),
    ]
    for call in calls:
        with pytest.raises(NotFound, match="unknown intent 'int_nope'") as err:
            await call
        assert err.value.code == "not_found" and err.value.details == {"intent_id": "int_nope"}


async def test_intent_of_another_meeting_is_not_found(store: Store, ledger: Ledger, mid: str) -> None:
    r = await ledger.upsert(mid, **task())
    other = await store.create_meeting("别的会", mode="suggest")
    with pytest.raises(NotFound, match="unknown intent"):
        await ledger.approve(other.id, r["intent_id"], 1)


@pytest.mark.parametrize(("changes", "message"), [
    ({"evidence_seqs": [-1]}, "evidence seq -1 is not a positive integer"),
    ({"evidence_seqs": [0]}, "evidence seq 0 is not a positive integer"),
    ({"evidence_seqs": [2, 9]}, "evidence seq 9 is in the future (latest_seq is 3)"),
    ({"evidence_seqs": []}, "evidence_seqs must cite at least one utterance"),
    ({"basis_sequence": -1}, "basis_sequence -1 is outside 0..3"),
    ({"basis_sequence": 4}, "basis_sequence 4 is outside 0..3"),
])
async def test_bad_seqs(store: Store, ledger: Ledger, mid: str, changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInput) as err:
        await ledger.upsert(mid, **task(**changes))
    assert message in err.value.message
    assert await store.list_intents(mid) == []


@pytest.mark.parametrize(("changes", "field"), [
    ({"kind": "todo"}, "kind"),
    ({"payload": {"title": "回归测试", "priority": "urgent"}}, "priority"),
    ({"kind": "question", "payload": {"text": "预算谁来批", "question_type": "rhetorical"},
      "evidence_seqs": [3], "evidence": "预算谁来批"}, "question_type"),
    ({"payload": {"title": "回归测试", "assignee": "张三"}}, "assignee"),
    ({"payload": {"title": ""}}, "title"),
    ({"payload": {"title": "测" * 2001}}, "title"),
    ({"kind": "decision", "payload": {}}, "text"),
])
async def test_invalid_payload_names_the_field(
    store: Store, ledger: Ledger, mid: str, changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidInput) as err:
        await ledger.upsert(mid, **task(**changes))
    assert field in err.value.message
    assert await store.list_intents(mid) == []


async def test_invalid_question_type_on_clarify(store: Store, ledger: Ledger, mid: str) -> None:
    r = await ledger.upsert(mid, **task())
    with pytest.raises(InvalidInput) as err:
        await ledger.clarify(mid, r["intent_id"], "哪个周三？", "rhetorical", [])
    assert err.value.message == (
        "question_type must be one of completion, clarification, confirmation; got 'rhetorical'"
    )
    assert (await store.get_intent(mid, r["intent_id"])).status.value == "detected"


@pytest.mark.parametrize("evidence", [
    "张三要做回归测试",          # paraphrase
    "张三负责回归测试，周四之前完成",  # one word changed
    "我们决定下个月上线新版本",      # verbatim, but from an utterance not cited
    "",
])
async def test_evidence_must_be_verbatim(store: Store, ledger: Ledger, mid: str, evidence: str) -> None:
    with pytest.raises(InvalidInput) as err:
        await ledger.upsert(mid, **task(evidence=evidence))
    assert "verbatim quote of the cited utterances [2]" in err.value.message
    assert await store.list_intents(mid) == []


async def test_quote_may_span_cited_utterances_and_reflow_spaces(ledger: Ledger, mid: str) -> None:
    r = await ledger.upsert(mid, **task(evidence_seqs=[2, 3], evidence="周三之前完成。还有一个问题"))
    assert r["revision"] == 1
    r = await ledger.upsert(mid, kind="decision", payload={"text": "下个月上线新版本"}, evidence_seqs=[1],
                            evidence=" 我们决定下个月上线新版本 ", basis_sequence=3)
    assert r["status"] == "detected"
    # A space where the transcript has none is not a reflow: it is different text.
    with pytest.raises(InvalidInput, match="verbatim"):
        await ledger.upsert(mid, kind="decision", payload={"text": "上线"}, evidence_seqs=[1],
                            evidence="我们决定 下个月上线", basis_sequence=3)


async def test_record_mode_keeps_no_intents(store: Store, ledger: Ledger) -> None:
    m = await store.create_meeting("记录", mode="record")
    await store.append_utterance(m.id, "张三负责回归测试。")
    with pytest.raises(InvalidInput, match="record mode"):
        await ledger.upsert(m.id, **task(basis_sequence=1, evidence_seqs=[1]))


def test_check_evidence_is_pure_and_names_problems() -> None:
    cited = {2: "张三负责回归测试，周三之前完成。"}
    ok = check_evidence(IntentKind.TASK, {"title": "回归测试", "owner": "张三", "due_date_raw": "周三之前"},
                        "张三负责回归测试", [2], cited, 3, ["张三"])
    assert ok.issues == () and ok.risk.value == "low" and ok.payload["owner"] == "张三"
    bad = check_evidence(IntentKind.TASK, {"title": "回归测试", "owner": "李四", "due_date_raw": "下周"},
                         "张三负责回归测试", [2], cited, 3, ["张三", "李四"])
    assert bad.payload["owner"] is None and bad.payload["due_date_raw"] is None
    assert bad.risk.value == "high" and len(bad.issues) == 2
    with pytest.raises(InvalidInput, match="evidence seq 1 does not exist"):
        check_evidence(IntentKind.TASK, {"title": "x"}, "张三", [1], cited, 3, [])
    assert quote_is_verbatim("张三 负责", ["张三  负责"]) and not quote_is_verbatim("张三做", ["张三负责"])


async def test_owner_matches_participant_spelling(ledger: Ledger, store: Store) -> None:
    """An owner said with another case keeps the participant's spelling; it is not a guess."""
    m = await store.create_meeting("sync", language="en", mode="execute", participants=["Alice", "Bob"])
    await store.append_utterance(m.id, "alice will send the report by Friday.")
    r = await ledger.upsert(m.id, kind="task", payload={"title": "send the report", "owner": "ALICE",
                                                         "due_date_raw": "by Friday"},
                            evidence_seqs=[1], evidence="alice will send the report by Friday", basis_sequence=1)
    it = await store.get_intent(m.id, r["intent_id"])
    assert (it.payload["owner"], it.risk.value) == ("Alice", "low")
