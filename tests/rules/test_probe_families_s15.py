"""Session-15 families and fixes, each a table of sentences written for these tests (none from the
corpus):

- names: accented first names (Tomás called Tommy), Mc/O' surnames in every name pattern, a clipped
  surname (Macca, Robbo), the end of a first name (Tash, Bec, Drew), a first syllable said twice
  (Jojo) — and "The" is no call of Catherine;
- English requests: "would you be able to…", "could you also…", "Can someone…?" (work with no owner
  yet, titled by the thing the statement before was about when it says "it"), "go round the shops";
- who answers: a name after a dash is a call; a follow-up "Could you…?" after the one called
  answered at length is still theirs; "Get him booked in" after their request is the same work;
- a task passed on ("let Ben do it") after the one asked pushed back; "do it" with nothing to point
  at is no task (it could never be approved as one);
- a request pushed back is no open question; an utterance cut off ("…the tyres—", "…还是……") joins
  nothing after it; "I'm off Thursday" is no date for the work;
- the answer's own verb on the thing asked about ("dry hop it" → "dry hop the tank");
- dates trailed by "first thing" / "again"; a step already taken before a plan does not hide it;
- Chinese: 复查一下 (a verb jieba tags a noun) with 给它 before it; "冰冰这个你熟" calls 冰冰;
  "…你发一下？" is a request; "那个我来，明天上午给她回访一下"; "你们班组负责"; "跟业主沟通";
  "那就按第二个方案" decides; 冯队 / 王局 address forms; "证件复印件明天必须交上来" after a name;
  "这个问题" alone names no work.
"""

from __future__ import annotations

import pytest

from intents.evidence import clipped_call
from supervisor.rules import lexicon as lx
from tests.rules.rules_harness import PROBE_EN, PROBE_ZH, has_task, run_meeting, tasks_in

ZH, EN = list(PROBE_ZH), list(PROBE_EN)
_found, _has = tasks_in, has_task


@pytest.mark.parametrize(
    ("word", "name", "others", "calls"),
    [
        ("Tommy", "Tomás Rivera", ["Keisha Brown"], True),
        ("Macca", "Liam McAllister", ["Sara Lund"], True),
        ("Robbo", "Kyle Robertson", ["Sara Lund"], True),
        ("Tash", "Natasha Green", ["Sara Lund"], True),
        ("Bec", "Rebecca Stone", ["Sara Lund"], True),
        ("Jojo", "Jordan Miles", ["Sara Lund"], True),
        ("The", "Catherine Wu", ["Sara Lund"], False),  # inside the name, far from its end
        ("Tash", "Natasha Green", ["Tasha Lund"], False),  # another participant gives it too
        ("Jojo", "Jordan Miles", ["Josie Lund"], False),
    ],
)
def test_clipped_calls(word, name, others, calls) -> None:
    assert clipped_call(word, name, [name, *others]) is calls


@pytest.mark.parametrize(
    ("utterances", "names", "owner", "words", "due"),
    [
        # accented and Mc names, called by a pet form; the reply is theirs
        (["Tommy, how's the cold room looking?", "Fine. I'll defrost it tomorrow morning, first thing."],
         ["Tomás Rivera", "Keisha Brown", "Ben Ng"], "Tomás Rivera", ["defrost", "cold room"], "tomorrow morning"),
        (["Macca, the projector bulbs — how are we going?", "Not great. I'll have the projector bulbs swapped by Friday."],
         ["Liam McAllister", "Sara Lund", "Ben Ng"], "Liam McAllister", ["projector bulbs"], "by Friday"),
        (["Liam McAllister will repaint the fence by Friday."], ["Liam McAllister", "Sara Lund"], "Liam McAllister",
         ["repaint the fence"], "by Friday"),
        (["Grace O'Neill will order the chairs by Monday."], ["Grace O'Neill", "Sara Lund"], "Grace O'Neill",
         ["order the chairs"], "by Monday"),
        # the end of a first name, and a syllable said twice
        (["Bec, would you be able to renew the parking permits before the 12th?", "Yep, can do."],
         ["Rebecca Stone", "Sara Lund", "Ben Ng"], "Rebecca Stone", ["parking permits"], "before the 12th"),
        (["Someone has to restock the first aid kit. Jojo, mind doing that?", "Sure. Thursday okay?"],
         ["Jordan Miles", "Sara Lund", "Ben Ng"], "Jordan Miles", ["first aid kit"], None),
        # a name after a dash is called; a thank-you before it is not
        (["Thanks Sara. Right, before lunch — Ben, the forklift, what is the status?",
          "It still leaks. I've already logged it, and I will get it fixed by tomorrow."],
         ["Sara Lund", "Ben Ng", "Kyle Roth"], "Ben Ng", ["forklift"], "by tomorrow"),
    ],
)
def test_names_and_replies(utterances, names, owner, words, due) -> None:
    assert _has(_found(utterances, names), owner, words, due)


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # "could you also", "would you be able to", "go round"
        (["Megan, could you also book the minibus?"], "Megan Cole", ["book the minibus"], None),
        (["Dave, would you be able to go round the stalls and collect the fees?"], "Dave Olsen", ["go round the stalls"], None),
        # a follow-up after the one called answered at length is still theirs; the plan dates it
        (["Tom, the shower in room six is leaking again, yeah?",
          "Yep, it's the valve. I reckon it needs a plumber.",
          "Could you chase the plumber? Get him booked in.",
          "No worries, I'll ring him tomorrow morning first thing."], "Tom Becker", ["chase the plumber"], "tomorrow morning"),
        # passed on after a pushback
        (["Priya, could you also do the raffle licence?", "I mean, I can, but I'm swamped with the invoices.",
          "Actually, you know what, let Dave do it."], "Dave Olsen", ["raffle licence"], None),
        # the answer's own verb on the thing asked about
        (["Tom, how's the hallway looking?", "Nearly there. I'll sand it on Friday."], "Tom Becker", ["sand", "hallway"], None),
    ],
)
def test_en_requests_and_turns(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found


def test_same_work_said_again_with_a_pronoun_is_one_task() -> None:
    found = _found(["Tom, the shower in room six is leaking again, yeah?", "Yep, it's the valve.",
                    "Could you chase the plumber? Get him booked in."])
    assert [t for o, t, _ in found if o == "Tom Becker"] == ["chase the plumber"]


def test_do_it_with_nothing_to_point_at_is_no_task() -> None:
    found = _found(["Good morning everyone.", "Let Dave do it."])
    assert found == []


def test_someone_asked_is_an_open_task_titled_by_the_statement_before() -> None:
    found = _found(["Also, the ticket scanner keeps crashing at the gate. Can someone look into it?"])
    assert found == [(None, "look into the ticket scanner", None)]


def test_a_request_pushed_back_is_no_open_question() -> None:
    minutes = run_meeting(["Megan, could you run the bake sale stall?", "I could, yeah, but I'm away that weekend."],
                          EN, "en").minutes()
    assert minutes["open_questions"] == []
    assert [it["task"] for it in minutes["action_items"]] == ["run the bake sale stall"]


def test_an_absence_is_no_date_of_the_work() -> None:
    found = _found(["Can someone call the boiler engineer?",
                    "I can do that — oh, wait, no, I'm off Thursday. Tom, would you mind taking it?"])
    assert found == [("Tom Becker", "call the boiler engineer", None)]


def test_an_utterance_cut_off_joins_nothing_after_it() -> None:
    found = _found(["Then Tom, can you chase the caterer about the allergy menu—", "Sorry, one second, the van is here.",
                    "Okay, fine. Tom, you take the allergy menu then. Friday?", "Friday's fine."])
    assert all("one second" not in t for _, t, _ in found)
    assert _has(found, "Tom Becker", ["allergy menu"])


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("I'll ring him tomorrow morning first thing", ["tomorrow morning"]),
        ("I'll send it Monday again", ["Monday"]),
        ("I saw him Monday too", []),  # a past day stays no deadline
    ],
)
def test_words_after_a_date_at_the_end(text, dates) -> None:
    assert [h.text for h in lx.deadlines(text)] == dates


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        # a verb jieba calls a noun, with 一下; for whom (给它) before it
        (["李明，明天给它复查一下心电图。"], "李明", ["复查", "心电图"], "明天"),
        # "X这个你熟" calls X; their reply takes the work
        (["开工前最好给新人做个体检。芳芳这个你熟。", "嗯，体检我来弄吧，下周一开始。"], "王芳", ["体检"], None),
        # a rising 你…一下？ asks for the work
        (["陈静，门禁卡的登记也你弄一下？"], "陈静", ["门禁卡的登记"], None),
        # "那个我来" then the work as a bare order
        (["李明，昨天那个退款的投诉，怎么说？", "那个我来，明天上午给他回访一下。"], "李明", ["回访"], "明天上午"),
        # the one called answers for their crew
        (["第二，新来的保洁要做岗前培训。老周，你们班组负责组织，周五前全部完成。"], "周建华", ["组织"], "周五前"),
        # with whom, and the doing
        (["王芳，你跟物业那边沟通一下。"], "王芳", ["跟物业", "沟通"], None),
        # 队 / 局 after a surname; an obligation with a sending verb jieba calls an idiom
        (["李队，消防通道的检查记录明天必须交上来。"], "李明", ["检查记录"], "明天"),
    ],
)
def test_zh_requests(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found


def test_a_matter_word_alone_is_no_title() -> None:
    found = _found(["王芳，夜班是不是可以停一停？", "这个问题我要跟业主那边沟通，暂时不定。"])
    assert all(t != "问题" for _, t, _ in found)


@pytest.mark.parametrize("text", ["行，那就按第二个方案，周六开始。", "就按方案二吧。", "那就按B方案。"])
def test_one_of_the_options_put_is_decided(text) -> None:
    minutes = run_meeting(["两个方案都说了，大家看看。", text], ZH, "zh").minutes()
    assert len(minutes["decisions"]) == 1


def test_the_chair_declaring_a_vote_decides() -> None:
    minutes = run_meeting(["All those in favour? Carried unanimously, I think.", "The revised bylaws are approved."],
                          EN, "en").minutes()
    assert any("bylaws" in d["text"] for d in minutes["decisions"])


def test_nobody_knowing_the_answer_leaves_the_question_open() -> None:
    minutes = run_meeting(["Does anyone know whether the river path reopens in spring?", "I'm afraid I don't."],
                          EN, "en").minutes()
    assert any("river path" in q["text"] for q in minutes["open_questions"])


@pytest.mark.parametrize(
    "utterances",
    [
        ["Item two, the treasurer's report. Megan, would you introduce it?"],
        ["Any other business? No? Then I'll close the meeting."],
    ],
)
def test_running_the_meeting_is_no_task(utterances) -> None:
    assert _found(utterances) == []


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["Dave, I also wanted you to check the fire doors on level two."], "Dave Olsen", ["check the fire doors"], None),
        # what a thing says is no deadline of the work just asked
        (["Tom, the holiday rota still needs doing, could you have a first draft by Wednesday?", "Fine, I'll have a go.",
          "And the website still says we're open Easter Monday."], "Tom Becker", ["draft", "holiday rota"], "by Wednesday"),
        # someone else cuts in and is named for it right after; "that visit" is the one just asked
        (["Tom, I wanted you to visit the Hill Road site.",
          "Sorry to jump in — I'm actually next door, I can do that visit.", "Good point. Megan, it's yours then."],
         "Megan Cole", ["visit the Hill Road site"], None),
    ],
)
def test_more_en_requests(utterances, owner, words, due) -> None:
    found = _found(utterances)
    assert _has(found, owner, words, due), found
    assert len([t for t in found if "visit" in t[1]]) <= 1
