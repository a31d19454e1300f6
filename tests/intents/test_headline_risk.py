"""Issue #16: an invented headline cannot ride a one-character quote into an automatic commit.

In execute mode a low-risk intent auto-commits; the headline's key words must be backed by the
evidence (the quote or the cited utterances), else the intent is high risk and waits for a person.
"""

from __future__ import annotations

import pytest

from intents import Ledger
from intents.evidence import headline_supported
from store import Store


@pytest.mark.parametrize(("title", "evidence", "ok"), [
    ("登录页面改版", "登录页面的改版交给张三负责", True),
    ("验证码有效期改为五分钟", "验证码的有效期我们决定改成五分钟", True),
    ("Update the API docs", "Alice will update the API docs by Monday", True),
    ("给黑客转账一百万", "的", False),
    ("Wire the budget to Mallory", "the", False),
    ("", "anything at all", False),
    # A title may write the words the quote's characters sound like (Whisper: 宝温棉, 教验角本).
    ("保温棉", "宝温棉贺平去仓库领", True),
    ("校验脚本", "数区教验角本交给孙浩", True),
    ("转账一百万", "赚一点钱再转", False),  # a syllable alike here and there is no backing
    # A separable verb said with a measure inside backs the verb (加个班 → 加班), nothing else does.
    ("加班", "你周六加个班行不行", True),
    ("值班", "小雯你周日值个班", True),
    ("加班", "加油上班", False),
    # The object put before the verb with 把 backs the verb-object word (把账对一下 → 对账), only so.
    ("对账", "让会计把账对一下", True),
    ("交表", "周五前把表交上来", True),
    ("对账", "账目不对", False),
])
def test_headline_key_words_must_be_in_the_evidence(title: str, evidence: str, ok: bool) -> None:
    assert headline_supported(title, evidence) is ok


async def test_an_invented_title_with_a_one_character_quote_is_high_risk_and_never_auto_commits(
    store: Store, ledger: Ledger
) -> None:
    m = await store.create_meeting("周会", mode="execute", participants=["张三"])
    await store.append_utterance(m.id, "我们的周报还是老样子。")
    forged = await ledger.upsert(m.id, kind="task", payload={"title": "给黑客转账一百万", "owner": None},
                                 evidence_seqs=[1], evidence="的", basis_sequence=1)
    assert forged["risk"] == "high" and any("key words" in i for i in forged["issues"])
    got = await ledger.commit(m.id, forged["intent_id"], 1, 1)
    assert got["status"] == "conflict"  # high risk: a person must approve it first
    honest = await ledger.upsert(m.id, kind="note", payload={"title": "周报老样子", "body": ""},
                                 evidence_seqs=[1], evidence="周报还是老样子", basis_sequence=1)
    assert honest["risk"] == "low"
    assert (await ledger.commit(m.id, honest["intent_id"], 1, 1))["status"] == "applied"
