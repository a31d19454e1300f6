"""Families found by the session-21 blind probe meetings (four writers who read no code and no
corpus), each as a table of sentences written fresh for this file — none is quoted from a probe,
the corpus or the shared fixtures."""

from __future__ import annotations

import pytest

from supervisor.rules import analyze
from supervisor.rules.names import introduced
from tests.rules.rules_harness import decisions_in, has_task, questions_in, run_meeting, tasks_in

_found, _has = tasks_in, has_task
_FILLER_ZH = ["好的。", "嗯。", "行。", "对。", "这个月人多。", "先说场地。", "场地定了。", "嗯嗯。", "好。"]


# ---- who: a name given in a self-introduction --------------------------------------------------


@pytest.mark.parametrize(
    ("intro", "called", "who"),
    [
        ("我是何丽，乐乐妈妈，去年也在家委会。", "乐乐妈妈", "何丽"),
        ("我叫刘强，浩宇爸爸。", "浩宇爸爸", "刘强"),
        ("我是浩宇的爸爸刘强。", "浩宇的爸爸", "刘强"),
        ("周敏，小米奶奶。我平时接送多。", "小米奶奶", "周敏"),
    ],
)
def test_a_name_given_for_oneself_at_the_start_calls_that_participant_all_meeting(intro: str, called: str, who: str) -> None:
    people = ["周敏", "何丽", "刘强"]
    said = ["各位家长好，今天开个短会。", intro, *_FILLER_ZH, f"{called}，你周五前把报名表收上来。"]
    ledger = run_meeting(said, people)
    task = next(t for t in ledger.open("task"))
    assert (task["payload"]["owner"], task["payload"]["due_date_raw"]) == (who, "周五前"), task
    # (the introduction is cited: it is where the transcript says who they are)
    assert 2 in task["evidence_seqs"] and len(said) in task["evidence_seqs"], task


def test_an_english_child_role_and_a_call_me_name_are_learned_too() -> None:
    people = ["Carla Ruiz", "Tom Becker", "Ethan Morales"]
    said = ["Hi everyone, I'm Carla Ruiz, Mateo's mum.", "And I'm Ethan Morales, but call me Vex."]
    forms = {(a.form, a.name) for a in introduced(list(enumerate(said, 1)), people)}
    assert forms == {("Mateo's mum", "Carla Ruiz"), ("Vex", "Ethan Morales")}
    found = _found([*said, "Okay.", "Mateo's mum, could you bring the banner on Saturday?"], people)
    assert _has(found, "Carla Ruiz", ["banner"]), found


@pytest.mark.parametrize(
    "said",
    [
        ["我是何丽，乐乐妈妈。", "我是周敏，乐乐妈妈。"],  # two say the same: it names nobody
        ["何丽说她是乐乐妈妈的同事。"],  # said of someone, not a self-introduction beside the name
        ["我是周敏，大家叫我周老师就行。"],  # already how she is called
    ],
)
def test_a_name_teaches_nothing_when_it_could_be_two_people_or_is_no_introduction(said: list[str]) -> None:
    assert introduced(list(enumerate(said, 1)), ["周敏", "何丽", "刘强"]) == ()


def test_the_rules_brain_reads_the_opening_the_window_no_longer_shows() -> None:
    people = ["周敏", "何丽", "刘强"]
    said = ["我是何丽，乐乐妈妈。", *_FILLER_ZH, "乐乐妈妈，你周五前把报名表收上来。"]
    last = len(said)
    window = [(s, said[s - 1]) for s in range(last - 4, last + 1)]
    blind = analyze(window, people, "zh", [], new_from_seq=last)
    told = analyze(window, people, "zh", [], new_from_seq=last, introductions=[(1, said[0])])
    assert not any(getattr(p, "payload", {}).get("owner") == "何丽" for p in blind)
    [task] = [p for p in told if p.kind == "task"]
    assert task.payload["owner"] == "何丽" and 1 in task.evidence_seqs


# ---- open questions: a reply that only says nobody knows ---------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        ["Does anyone know when the fire drill is?", "Good question. Nobody's told us anything."],
        ["Are we ordering the new chairs or not?", "Don't look at me, I only sit on them."],
        ["Is the grant renewed for next year?", "Hmm. Good question, honestly I don't remember what they said."],
        ["Have the lanyards arrived?", "I've chased the supplier. No answer yet."],
        ["Are we still running the Saturday clinic?", "Uh, good question.", "Okay, I think that's everything, thanks all."],
        ["Would the hall even take a booking that late?", "Ooh. I've no idea."],
        ["下雨的话运动会改到哪天？", "这个我还真没问，通知里也没写。"],
    ],
)
def test_a_question_met_only_with_not_knowing_stays_open(said: list[str]) -> None:
    assert questions_in(said), said


@pytest.mark.parametrize(
    "said",
    [
        ["Does anyone know when the fire drill is?", "Yes, Thursday at ten."],
        ["Are we ordering the new chairs?", "Good question. We are, the budget came through on Monday."],
    ],
)
def test_a_question_answered_after_a_good_question_is_not_open(said: list[str]) -> None:
    assert not questions_in(said), said


# ---- tasks -------------------------------------------------------------------------------------


def test_it_is_the_thing_we_said_we_will_send() -> None:
    found = _found(["We'll send a formal complaint. Tom, can you draft it using the standard letter?"])
    assert _has(found, "Tom Becker", ["formal complaint", "standard letter"]), found


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        (["李明，周四给我定稿。"], "李明", ["定稿"], "周四"),
        (["陈静你把合同原件交给李明。"], "陈静", ["合同原件"], None),
        (["陈静你出发之前把样品寄给客户。"], "陈静", ["样品"], None),  # (出 of 出发 is no verb of the work)
        (["李明，那你出差以前，把报销单交给王芳。"], "李明", ["报销单"], None),
        # (what the one asked answered stays their date; the asker's own next step has its own)
        (["王芳，报价单你什么时候给我？", "明天上午。", "行，那我拿到就发给客户，周五之前发出去。"], "王芳", ["报价单"], "明天上午"),
    ],
)
def test_chinese_work_read_past_what_stood_in_its_way(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said)
    assert any(o == owner and all(w in t for w in words) and d == due for o, t, d in found), found


def test_what_is_handed_to_someone_after_your_own_work_is_not_their_work() -> None:
    found = _found(["李明你先把初稿改完，把定稿给王芳，周五能行吗？"])
    assert _has(found, "李明", ["初稿"]) and not any(o == "王芳" for o, _, _ in found), found


@pytest.mark.parametrize(
    "said",
    [
        ["王芳，那家物流公司通知下周起涨价百分之五。"],  # what a third party said, told to the one called
        ["这个我跟房东说了，房东说要等下周。"],  # told already
        ["周总，我下周去外地进修，之前跟您说过的。"],  # away, and said before
    ],
)
def test_reports_give_no_chinese_task(said: list[str]) -> None:
    assert _found(said) == [], _found(said)


def test_the_one_called_by_a_title_alone_answers_not_the_one_named_before() -> None:
    found = _found(["王芳，你把周报发一下。", "好的。", "站长，这周末谁值班？", "这周末我来值。"])
    assert _has(found, "王芳", ["周报"]) and not any(o == "王芳" and "值" in t for o, t, _ in found), found


def test_an_english_past_report_moves_no_deadline() -> None:
    found = _found(["Tom, can you update the price list?", "Sure.", "Oh, they emailed the warehouse this morning."])
    assert found == [("Tom Becker", "update the price list", None)], found


def test_work_nobody_owned_is_claimed_by_its_own_verb() -> None:
    found = _found(["Someone needs to call the landlord about the boiler.", "I can call him, I've got his number.",
                    "Great, thanks Megan."])
    assert _has(found, "Megan Cole", ["call"]), found


def test_work_split_in_one_breath_moves_together_when_its_day_is_pushed_back() -> None:
    found = _found(["分一下工：老何你出应用题，小林你出选择题，下周一交给我。", "下周一……周老师，下周一咱们不是要去区里开会吗？",
                    "哎对。那就下周二吧，下周二放学前交过来。"], ["周丽华", "何建国", "林晓雯"])
    assert _has(found, "何建国", ["应用题"], "下周二放学前") and _has(found, "林晓雯", ["选择题"], "下周二放学前"), found


@pytest.mark.parametrize(
    ("said", "owner", "words", "due"),
    [
        (["老何你出几何，小林你出代数。"], "何建国", ["几何"], None),  # (jieba tags 几何 a pronoun)
        (["小郑，那你的报名表记得周五之前交教务处。"], "郑宇", ["报名表"], "周五之前"),  # the thing handed in, not where
    ],
)
def test_chinese_titles_and_reminders(said: list[str], owner: str, words: list[str], due: str | None) -> None:
    found = _found(said, ["周丽华", "何建国", "林晓雯", "郑宇"])
    assert any(o == owner and all(w in t for w in words) and d == due for o, t, d in found), found


def test_a_way_of_working_put_forward_corrects_no_owner() -> None:
    found = _found(["李明，你把周报整理一下。", "周总，要不干脆改成用那个在线表格，大家自己填。"])
    assert _has(found, "李明", ["周报"]) and not any(o == "周建华" for o, _, _ in found), found


def test_a_chinese_reply_that_turns_it_down_with_a_clash_gives_its_reason_no_task() -> None:
    found = _found(["小郑，下个月的公开课你来上吧。", "周老师，下个月我得带学生去省里比赛，正好撞上。"], ["周丽华", "郑宇", "林晓雯"])
    assert not any("比赛" in t for _, t, _ in found), found


def test_an_english_refusal_dates_nothing_and_the_next_one_asked_takes_it() -> None:
    alone = _found(["Tom, can you pick up the spare keys from the agent?", "No, sorry, I'm swamped this week."])
    assert [(o, d) for o, _, d in alone] == [("Tom Becker", None)], alone
    then = _found(["Tom, can you pick up the spare keys from the agent?", "No, sorry, I'm swamped this week.",
                   "Megan, could you do it then?"])
    assert [(o, d) for o, _, d in then] == [("Megan Cole", None)], then


@pytest.mark.parametrize(
    ("said", "words"),
    [
        (["Maybe we run the small server for a week and compare.", "Okay, let's do that."], ["small server"]),
        (["I reckon we need a safety briefing for every shift.", "Yeah, agreed, every shift does it."], ["every shift"]),
        (["We've got two names, the green one and the blue one.", "Okay, I say we go with the blue one."], ["blue one"]),
        (["Can we keep goats on the plot?", "The rules say no animals, so it's a no on the goats."], ["goats"]),
        (["We could repaint the sign.", "Nice idea, but let's leave the sign as it is for now."], ["sign"]),
    ],
)
def test_english_decisions_said_plainly(said: list[str], words: list[str]) -> None:
    assert any(all(w in d for w in words) for d in decisions_in(said)), decisions_in(said)


def test_someone_needs_updating_and_can_someone_else_take_it() -> None:
    found = _found(["Also, the visitor badge list needs updating before Friday. Dave, you'll do it?",
                    "Priya, I already have the rota and the audit, can someone else take it?",
                    "Okay, Megan takes it."])
    assert _has(found, "Megan Cole", ["visitor badge list"]), found


@pytest.mark.parametrize(
    ("said", "words"),
    [
        (["打九折吧。", "行，九折就九折。"], ["九折"]),
        (["那就整面重刷，不局部补了，省得色差。"], ["重刷"]),
        (["报名是纸质的还是线上？", "线上吧，纸的容易丢。"], ["线上"]),
    ],
)
def test_chinese_decisions_said_plainly(said: list[str], words: list[str]) -> None:
    assert any(all(w in d for w in words) for d in decisions_in(said)), decisions_in(said)


def test_a_volunteer_by_their_own_words_is_no_option_settled() -> None:
    found = _found(["仓库的门锁坏了，谁修？", "我来吧，明天下午修好。", "好，辛苦李明。"])
    assert _has(found, "李明", ["门锁"], "明天下午"), found


def test_the_last_character_of_a_given_name_with_zi_calls_them() -> None:
    found = _found(["东子，你那份检查报告明天给我。"], ["韩志强", "周晓东", "林佩"])
    assert _has(found, "周晓东", ["检查报告"], "明天"), found


def test_a_draft_asked_by_name_is_work_though_the_matter_waits_for_next_time() -> None:
    found = _found(["那这样，陈静你先起个草，列个清单，下周例会咱们再议。"])
    assert any(o == "陈静" for o, _, _ in found), found


def test_keeping_an_eye_on_the_work_just_given_is_no_second_task() -> None:
    found = _found(["李明，你跟供应商联系，让他们把配件寄过来，周五之前要到。", "周五够呛。",
                    "那就下周一，下周一必须到位。李明你盯死这个事。"])
    assert len(found) == 1 and _has(found, "李明", ["供应商"], "下周一"), found


def test_in_a_one_to_one_between_two_sides_nimen_is_the_other_one() -> None:
    found = _found(["喂，小雯？听得到吗？", "听得到，周总你说。", "样品你们下周二之前寄过来就行，我好安排测试。"], ["周建华", "孔小雯"])
    assert _has(found, "孔小雯", ["样品"], "下周二之前"), found


def test_a_polite_mafan_ni_is_no_title() -> None:
    found = _found(["李明麻烦你把合同扫描一下。", "王芳麻烦你重新导一下。"])
    assert _has(found, "李明", ["合同"]) and not any("麻烦" in t for _, t, _ in found), found


def test_what_ba_takes_is_the_thing_worked_on_not_the_matter_before_the_name() -> None:
    found = _found(["修改意见李明今晚把标好的截图发你邮箱。"])
    assert _has(found, "李明", ["标好的截图"], "今晚"), found
