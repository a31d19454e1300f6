"""Address forms: how Chinese colleagues call a participant without the full name (老李, 王总,
张老师, the given name 建国) count as saying that participant's name — only when the form can mean
no other participant. Both the ledger (``name_is_said``) and the rules brain (``find_people``) use
the same forms, so an owner the brain reads this way is one the ledger keeps."""

from __future__ import annotations

import pytest

from intents.evidence import address_forms, name_is_said, surname
from supervisor.rules.names import find_people

P = ["王磊", "李建国", "黄志强", "欧阳雪", "Kevin"]


@pytest.mark.parametrize(("name", "sur"), [("王磊", "王"), ("李建国", "李"), ("欧阳雪", "欧阳"), ("Kevin", ""), ("王", "")])
def test_surname(name: str, sur: str) -> None:
    assert surname(name) == sur


@pytest.mark.parametrize(("text", "owner"), [
    ("钢筋这个事，王总，您得跟供应商再压一压。", "王磊"),
    ("连墙件的整改老李牵头。", "李建国"),
    ("李工你看一下。", "李建国"),
    ("这个让志强去跑。", "黄志强"),
    ("欧阳老师负责招生。", "欧阳雪"),
])
def test_an_address_form_names_the_one_participant_it_can_mean(text: str, owner: str) -> None:
    assert [h.name for h in find_people(text, P)] == [owner]
    assert name_is_said(owner, [text], near_miss=True, participants=P)


def test_a_form_two_participants_could_have_names_nobody() -> None:
    two = ["王磊", "王芳", "李建国"]
    assert address_forms("王磊", two) == ()  # 小王 / 王总 could be either
    assert find_people("小王负责报表。", two) == []
    assert not name_is_said("王磊", ["小王负责报表。"], near_miss=True, participants=two)
    # A given name inside another participant's name is no address form either.
    assert "建国" not in address_forms("李建国", ["李建国", "张建国华"])


def test_without_the_participant_list_only_the_name_itself_counts() -> None:
    assert not name_is_said("李建国", ["老李牵头。"], near_miss=True)
    assert not name_is_said("赵六", ["老李牵头。"], near_miss=True, participants=P)  # not a participant


def test_english_short_forms_name_the_one_participant_they_can_mean():
    assert "Mike" in address_forms("Michael", ["Michael", "Sofia"])
    assert "Mike" not in address_forms("Michael", ["Michael", "Mike"])  # someone is called Mike
    assert name_is_said("Michael", ["Mike, can you check the wiring?"], participants=["Michael", "Sofia"])
    assert not address_forms("Sofia", ["Michael", "Sofia"])
