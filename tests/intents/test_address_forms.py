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
    assert not [f for f in address_forms("王磊", two) if "王" in f]  # 小王 / 王总 could be either
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


@pytest.mark.parametrize(("text", "owner"), [
    ("阿俊，你这周把复盘写了。", "潘俊"),
    ("小俊你去订场地。", "潘俊"),
    ("婷婷，合同你再核一遍。", "何婷"),
    ("何护士长，你今天联系厂家。", "何婷"),
    ("陈律，答辩状周五前给我。", "陈启明"),
    ("钟园长，通知你来发。", "钟晓彤"),
])
def test_a_one_character_given_name_and_trade_titles_are_address_forms_too(text: str, owner: str) -> None:
    people = ["潘俊", "何婷", "陈启明", "钟晓彤"]
    assert [h.name for h in find_people(text, people)] == [owner]
    assert name_is_said(owner, [text], near_miss=True, participants=people)


def test_a_given_name_another_participant_shares_is_no_address_form() -> None:
    assert "阿俊" not in address_forms("潘俊", ["潘俊", "李俊"])  # 阿俊 could be either
    assert "小俊" not in address_forms("潘俊", ["潘俊", "俊杰"])  # 小俊 may be 俊杰's 小+surname


def test_an_address_form_that_is_a_common_word_names_someone_only_when_it_calls_them() -> None:
    people = ["刘振宇", "时宇"]
    assert "小时" in address_forms("时宇", people)
    assert find_people("这个要一个小时左右。", people) == []
    assert [h.name for h in find_people("小时，你把表填了。", people)] == ["时宇"]
