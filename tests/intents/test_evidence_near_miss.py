"""Owner names said with an ASR near-miss spelling: accepted for participants only."""

from __future__ import annotations

from intents.evidence import check_evidence, name_is_said
from models import IntentKind, Risk


def task(owner: str) -> dict:
    return {"title": "legal review", "owner": owner, "due_date_raw": None, "priority": "unspecified"}


def test_latin_near_miss_of_a_participant_is_accepted():
    cited = {1: "Hanna will loop in legal."}
    checked = check_evidence(IntentKind.TASK, task("Hannah"), "Hanna will loop in legal", [1], cited, 1, ["Hannah"])
    assert checked.payload["owner"] == "Hannah" and checked.risk is Risk.LOW


def test_near_miss_of_someone_not_on_the_list_is_nulled_and_high_risk():
    cited = {1: "Hanna will loop in legal."}
    checked = check_evidence(IntentKind.TASK, task("Hannah"), "Hanna will loop in legal", [1], cited, 1, ["Bob"])
    assert checked.payload["owner"] is None and checked.risk is Risk.HIGH


def test_near_miss_needs_a_close_spelling_and_the_same_initial():
    assert name_is_said("Carol", ["Carroll will do it"], near_miss=True)
    assert not name_is_said("Carol", ["Karol will do it"], near_miss=True)  # different initial
    assert not name_is_said("Carol", ["Carla will do it"], near_miss=True)  # too far apart
    assert not name_is_said("Carol", ["Carroll will do it"])  # only for participants


def test_chinese_same_pinyin_near_miss_and_vad_split_names():
    assert name_is_said("刘洋", ["不对，给刘杨吧"])
    assert name_is_said("李明", ["前端页面由李", "明来做"])


def test_chinese_participant_heard_with_a_confusable_sound():
    """Whisper's usual confusions (in/ing, n/l, zh/z, an/ang …) are tolerated for participants
    only; a different syllable is not, and a non-participant must sound identical."""
    assert name_is_said("林晓", ["设计稿凌晓这周四之前给到他"], near_miss=True)  # lin ~ ling
    assert name_is_said("张南", ["交给赞兰吧"], near_miss=True)  # zhang ~ zan, nan ~ lan
    assert not name_is_said("林晓", ["设计稿凌晓这周四之前给到他"])  # not a participant: exact only
    assert not name_is_said("林晓", ["设计稿陈晓这周四之前给到他"], near_miss=True)  # chen is another name
    cited = {1: "设计稿凌晓这周四之前给到他。"}
    checked = check_evidence(IntentKind.TASK, task("林晓") | {"title": "设计稿"}, "设计稿凌晓这周四之前给到他",
                             [1], cited, 1, ["林晓", "吴涛"])
    assert checked.payload["owner"] == "林晓" and checked.risk is Risk.LOW
