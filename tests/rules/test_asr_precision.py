"""Table tests of the rules brain on ASR-noisy transcripts: who is meant when Whisper mishears a
name, where a sentence opened by a lone vocative ends, and what is no task at all.

Each sentence is written for these tests (not taken from the corpus): the mechanisms must hold
for meetings nobody has seen.
"""

from __future__ import annotations

import pytest

from intents.evidence import name_is_said
from supervisor.rules.analyzer import analyze
from supervisor.rules.extract import clean_en_title
from supervisor.rules.frames import new_owner
from supervisor.rules.names import find_people
from supervisor.rules.refer import no_work
from supervisor.rules.text import segment

ZH = ["褚晓波", "郭婷婷", "柳青", "王磊"]


@pytest.mark.parametrize(
    ("said", "owner"),
    [
        ("布展的灯光让小波去弄吧。", "褚晓波"),  # xiao bo: 晓波 heard as 小波 (a rare word)
        ("特效这块是庭庭的。", "郭婷婷"),  # 婷婷 heard as 庭庭 (no word)
        ("晓波负责灯光。", "褚晓波"),  # the given name itself, as before
    ],
)
def test_a_given_name_heard_with_the_same_syllables_is_that_participant(said, owner) -> None:
    assert [h.name for h in find_people(said, ZH)] == [owner]
    assert name_is_said(owner, [said], near_miss=True, participants=ZH)


@pytest.mark.parametrize(
    "said",
    [
        "停停，先别说了。",  # 停停 (ting ting) is a word people say, not 婷婷 misheard
        "停停停，这个先放一放。",
    ],
)
def test_common_words_are_not_given_names(said) -> None:
    assert find_people(said, ZH) == []


def test_a_given_name_two_participants_share_is_nobody() -> None:
    two = ["褚晓波", "陈晓波"]
    assert find_people("让小波去弄吧。", two) == []
    assert not name_is_said("褚晓波", ["让小波去弄吧。"], near_miss=True, participants=two)


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("Actually, scratch that, Mike's not around this week.", None, ("Mike",)),
        ("No wait, Tom isn't free, Sofia can take it.", "Sofia", ("Tom",)),
        ("Actually, no, Mike is not the right person, give it to Sofia.", "Sofia", ("Mike",)),
        ("Actually, scratch that, Sofia takes it.", "Sofia", ()),
    ],
)
def test_a_correction_says_whom_the_work_is_not_for(said, new, old) -> None:
    assert new_owner(said, ["Mike", "Tom", "Sofia"]) == (new, old)


@pytest.mark.parametrize(
    ("utterances", "sentences"),
    [
        (["Okay, Priya.", "The budget review goes back to you."], 1),
        (["Right, Priya. Can you take the vendor call?"], 1),
        (["Thanks, Priya.", "The budget review is done."], 2),  # no "you": not addressed
        (["Okay, great.", "You can start now."], 2),  # "great" is nobody
    ],
)
def test_an_english_lone_vocative_opens_the_sentence_to_you_after_it(utterances, sentences) -> None:
    got = segment(list(enumerate(utterances, 1)), lambda _t: False, lambda _t: False, participants=["Priya", "Omar"])
    assert len(got) == sentences


def test_a_hand_back_after_a_lone_vocative_reaches_the_named_person() -> None:
    window = [(1, "Omar, can you draft the budget review?"), (2, "Sure."),
              (3, "Actually, let's have Priya do the budget review."), (4, "I can't, I'm away."),
              (5, "Okay, Omar."), (6, "The budget review goes back to you.")]
    tasks = [p for p in analyze(window, ["Priya", "Omar"], "en", [], 1, meeting_date="2026-06-22")
             if p.kind == "task"]
    assert [(t.payload["owner"], "budget review" in t.payload["title"]) for t in tasks] == [("Omar", True)]


@pytest.mark.parametrize(
    ("title", "empty"),
    [
        ("我来", True), ("安排", True), ("回头", True), ("写", True), ("进下来", True), ("挂着", True),
        ("那个", True), ("跟进", True),
        ("校对", False), ("返工", False), ("出图", False), ("货架", False), ("测试报告", False),
        ("PPT", False), ("call the city", False),
    ],
)
def test_a_title_that_names_no_work_is_contentless(title, empty) -> None:
    assert no_work(title) is empty


def test_a_reply_read_as_an_assignment_makes_no_task() -> None:
    window = [(1, "旧书的分类整理谁来弄？"), (2, "我来吧。"), (3, "那就王磊负责旧书分类，下周五之前。")]
    tasks = [p for p in analyze(window, ZH, "zh", [], 1, meeting_date="2026-11-18") if p.kind == "task"]
    assert [t.payload["title"] for t in tasks] and all(not no_work(t.payload["title"]) for t in tasks)


@pytest.mark.parametrize(
    ("title", "cut"),
    [
        ("set up cost monitoring for all the", "set up cost monitoring"),
        ("book a table for the", "book a table"),
        ("order the parts and", "order the parts"),
        ("check in", "check in"),  # a particle is the verb's, not a cut
        ("follow up with the supplier", "follow up with the supplier"),
    ],
)
def test_english_titles_end_on_the_object_not_a_function_word(title, cut) -> None:
    assert clean_en_title(title) == cut
