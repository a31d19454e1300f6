"""Session-11 families, each a table of sentences written for these tests (none from the corpus):

- work asked of the person called earlier in the exchange: English "you" after a vocative and a reply
  ("Tom, quick one on the migration." "Yeah?" "Can you write up…"), an order later in the breath that
  called them ("Megan, about the offsite. Book the venue by…"), "I need the X by…" said to a name, an
  order said back after a go-ahead ("李明，…跟你说一下。" "嗯，你说。" "回滚方案周五前写一份出来。"), a
  dated plan said without 我 by the one just called ("…季度报告。王芳？" "二十号之前出个初稿。"), a
  "will have a draft by…" promise, "that" standing for the clause before it in the same sentence;
- titles: whom the work is done with (跟物流公司沟通), a topic before 你 (招聘计划你怎么看 → 招聘计划),
  牵个头 names no work;
- decisions said without the old cues: a level kept (stays at, remains unchanged, 这个不变), a switch
  (we're switching X to Y, 改用), a date locked, a refusal in the future (we're not going to renew,
  不考虑了, 不去X了), 暂定, approval (点头了), a rule from a date on (从下个月起全部…); agreement said
  of oneself ("sounds good to me", "works for me too") and proposals put to everyone ("Everyone okay
  with…?");
- open questions: "Open question: how…?" asked as a question, "haven't decided on the venue", still
  unclear whether…, still need to figure out…, nobody has an answer, let's table the X; 还没着落,
  还没有头绪, 还没人选, X怎么定.
"""

from __future__ import annotations

import pytest

from tests.rules.rules_harness import decisions_in, open_tasks, questions_in

ZH = ["周建华", "王芳", "李明", "陈静"]
EN = ["Priya", "Tom", "Megan", "Dave"]


def _lang(utterances):
    return "en" if all(u.isascii() for u in utterances) else "zh"


@pytest.mark.parametrize(
    ("utterances", "owner", "words", "due"),
    [
        (["Tom, quick one on the migration.", "Yeah?", "Can you write up the rollback plan by Friday?", "Sure."],
         "Tom", "rollback plan", "by Friday"),
        (["Megan, you were at the client meeting yesterday.", "I was, yes.", "Could you send the notes around to everyone?"],
         "Megan", "notes", None),
        (["Megan, about the offsite. Book the venue by next Friday."], "Megan", "venue", "by next Friday"),
        (["Dave, the budget sheet. We need the final numbers by Monday."], "Dave", "final numbers", "by Monday"),
        (["Okay Tom, I need the load test results by Wednesday."], "Tom", "load test results", "by Wednesday"),
        (["Dave, what's the status on the printer?", "Still broken.", "Okay, please call the vendor today."],
         "Dave", "call the vendor", "today"),
        (["Next item, the quarterly report. Megan?", "I'll have the figures by the twentieth."], "Megan", "figures", "by the twentieth"),
        (["We need to figure out the pricing, Tom can you take that by Friday?"], "Tom", "pricing", "by Friday"),
        (["The vendor contract needs a review, Megan could you handle that?"], "Megan", "vendor contract", None),
        (["李明，迁移的事跟你说一下。", "嗯，你说。", "回滚方案周五前写一份出来。", "好的。"], "李明", "回滚方案", "周五前"),
        (["下一项，季度报告。王芳？", "二十号之前出个初稿。"], "王芳", "初稿", "二十号之前"),
        (["老周，招聘计划你怎么看？", "我觉得还要两个工程师。", "好，你写个方案，周一给我。"], "周建华", "招聘计划", "周一"),
        (["周建华，年会节目你牵个头。"], "周建华", "年会节目", None),
    ],
)
def test_work_asked_of_the_one_called(utterances, owner, words, due):
    lang = _lang(utterances)
    found = open_tasks(utterances, EN if lang == "en" else ZH, lang)
    assert any(o == owner and words in t and (due is None or d == due) for o, t, d in found), found


@pytest.mark.parametrize(
    ("utterances", "title"),
    [
        (["王芳你跟物流公司联系一下。"], "跟物流公司联系"),
        (["王芳你跟物流公司沟通一下。"], "跟物流公司沟通"),
    ],
)
def test_whom_the_work_is_done_with_is_in_the_title(utterances, title):
    assert [t for _, t, _ in open_tasks(utterances, ZH, "zh")] == [title]


@pytest.mark.parametrize(
    ("utterances", "name", "words"),
    [
        # the one called answers, asking back: "you" is the one who called them
        (["Tom, can you review the PR?", "Sure. Can you send me the link?"], "Tom", "link"),
        # an order with no "you" in another utterance is not theirs by the call alone
        (["Megan, about the offsite.", "The hotel called.", "Book the venue by next Friday."], "Megan", "venue"),
        # someone only spoken of, not called
        (["I talked to Dave yesterday. Please book the venue by Friday."], "Dave", "venue"),
    ],
)
def test_no_owner_guessed_from_a_name_that_does_not_call(utterances, name, words):
    found = open_tasks(utterances, EN, "en")
    assert not any(o == name and words in t for o, t, _ in found), found


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["So the budget stays at forty thousand."], "budget stays"),
        (["The scope remains unchanged."], "scope remains unchanged"),
        (["We're switching the on-call rotation to weekly."], "on-call rotation"),
        (["The launch date is locked: March third."], "launch date"),
        (["We're not going to renew the contract with Acme."], "renew the contract"),
        (["How about we move standup to ten?", "Sounds good to me."], "standup"),
        (["Everyone okay with moving the offsite to May?", "Fine by me."], "offsite"),
        (["新版本下周二上线，这个不变。"], "下周二上线"),
        (["我们改用飞书了，钉钉不用了。"], "飞书"),
        (["外包这块我们不考虑了。"], "外包"),
        (["发布会放在北京开，不去上海了。"], "北京"),
        (["合同期限暂定三年。"], "三年"),
        (["这个方案老板已经点头了。"], "方案"),
        (["报销流程从下个月起全部走线上。"], "线上"),
    ],
)
def test_decisions_said_these_ways(utterances, words):
    assert any(words in d for d in decisions_in(utterances)), decisions_in(utterances)


@pytest.mark.parametrize(
    "utterances",
    [
        ["The CPU stays at ninety percent under load."],
        ["Sounds good to me, but what about the cost?"],
        ["I talked to finance yesterday."],
    ],
)
def test_no_decision_in_these(utterances):
    assert decisions_in(utterances) == []


@pytest.mark.parametrize(
    ("utterances", "words"),
    [
        (["Open question: how do we handle refunds for annual plans?"], "refunds"),
        (["We haven't decided on the venue yet."], "venue"),
        (["It's still unclear whether legal will sign off on the new terms."], "legal"),
        (["We still need to figure out the pricing for enterprise."], "pricing"),
        (["Let's table the hiring discussion until next week."], "hiring"),
        (["年会的场地还没着落。"], "场地"),
        (["价格怎么定，目前还没有头绪。"], "价格"),
        (["谁来当这次的项目经理，还没人选。"], "项目经理"),
    ],
)
def test_open_questions_said_these_ways(utterances, words):
    assert any(words in q for q in questions_in(utterances)), questions_in(utterances)


def test_no_person_left_without_work_when_no_one_is_picked():
    # "还没人选" is no unowned task: who takes it is the open question.
    utterances = ["谁来当这次的项目经理，还没人选。"]
    assert open_tasks(utterances, ZH, "zh") == []


def test_a_named_request_is_no_open_question():
    found = open_tasks(["Tom, can you figure out the pricing for enterprise by Friday?"], EN, "en")
    assert found == [("Tom", "figure out the pricing for enterprise", "by Friday")]
    assert questions_in(["Tom, can you figure out the pricing for enterprise by Friday?"]) == []


# One request said sixteen ways (templates written for this table; each names the thing, the one
# asked and when in a different place): every way gives the one asked a task about the thing.
@pytest.mark.parametrize(
    "said",
    [
        "{obj}的事，{name}，你{date}整理一下。",
        "{name}，{obj}你{date}整理一下吧。",
        "{name}，你{date}把{obj}整理一下。",
        "{name}，{date}能不能把{obj}整理好？",
        "{obj}还没弄。{name}你{date}整理一下？",
        "{name}，{obj}{date}整理好，行吗？",
        "{name}，你看{date}能不能整理一下{obj}？",
        "还有{obj}，{name}{date}检查一下。",
        "{name}你那边{date}核对一下{obj}。",
        "{obj}这块，{name}你{date}整理完发我。",
        "上次说的{obj}，{name}，{date}检查一下。",
        "{name}，麻烦{date}整理一下{obj}。",
        "{name}，{obj}的汇总你来，{date}。",
        "那{obj}就{name}确认吧，{date}。",
        "{obj}{name}能核对吗？{date}要用。",
    ],
)
@pytest.mark.parametrize(("owner", "name"), [("李明", "李明"), ("周建华", "老周")])
def test_one_request_said_many_ways(said, owner, name):
    utterance = said.format(obj="会议纪要", name=name, date="明天")
    found = open_tasks([utterance], ZH, "zh")
    assert any(o == owner and "会议纪要" in t and d and "明天" in d for o, t, d in found), (utterance, found)


@pytest.mark.parametrize(
    ("utterance", "owner"),
    [
        ("王芳，你明天再催一催供应商。", "王芳"),  # 你明天 is no 李明 heard with l/n folded
        ("陈静，麻烦周五前整理一下会议纪要。", "陈静"),  # 周五前 is no name with the surname 周
        ("陈静，你周五前负责整理会议纪要。", "陈静"),
    ],
)
def test_no_person_read_into_a_pronoun_or_a_day(utterance, owner):
    found = open_tasks([utterance], ZH, "zh")
    assert [o for o, _, _ in found] == [owner], found


def test_a_word_is_not_cut_at_a_modal_inside_it():
    # 会议纪要 ends in 要 and 会议 opens with 会: neither is a modal here.
    found = open_tasks(["会议纪要这块，李明你整理完发我。"], ZH, "zh")
    assert any("会议纪要" in t for _, t, _ in found), found


def test_an_agreed_date_is_no_new_task():
    utterances = ["王芳，展会海报你下周三给一版？", "下周三可以，就是字体还要再挑挑。"]
    found = open_tasks(utterances, ZH, "zh")
    assert len([f for f in found if f[0] == "王芳"]) == 1, found


def test_a_draft_promised_dates_the_work_just_said():
    utterances = ["Tom, can you draw up the seating plan?", "Sure, I'll draw up the seating plan. I'll have a draft by Monday."]
    found = open_tasks(utterances, EN, "en")
    assert not any(t == "draft" for _, t, _ in found), found


# One choice said many ways (a grid written for these tests): each names the option, and the
# decision quotes it.
_EN_CHOICE = [
    ["We'll do {Y} for the offsite."], ["Okay, {Y} it is for the offsite."], ["So the offsite is at {Y}, final."],
    ["We're going to hold the offsite at {Y}."], ["Confirmed: the offsite at {Y}."], ["We're booking {Y} for the offsite."],
    ["The offsite moves to {Y}."], ["Then {Y} for the offsite, everyone agrees."], ["What about {Y} for the offsite?", "Yeah, let's do that."],
    ["Should the offsite be at {Y}?", "Yes, agreed."], ["The offsite at {Y}, any objections?", "None.", "Good, that's settled."],
    ["We can't afford the city hotel, so the offsite stays at {Y}."], ["We're locking in {Y} for the offsite."],
    ["Let's make {Y} the venue for the offsite."], ["Decision: the offsite at {Y}."],
]
_ZH_CHOICE = [
    ["发布会就在{Y}办。"], ["发布会定在{Y}。"], ["发布会我们选{Y}。"], ["发布会最后还是{Y}。"], ["大家都同意发布会放{Y}。"],
    ["确认一下，发布会在{Y}。"], ["发布会，我看就{Y}吧。", "好。"], ["发布会今年在{Y}搞。"], ["发布会订{Y}了，别改了。"],
    ["那就{Y}，发布会的事就这样。"], ["发布会就{Y}了，不折腾了。"], ["发布会去{Y}，不去苏州了。"],
]


@pytest.mark.parametrize("said", _EN_CHOICE)
def test_an_english_choice_said_many_ways_is_decided(said):
    utterances = [s.format(Y="the lake hotel") for s in said]
    assert any("lake hotel" in d for d in decisions_in(utterances)), (utterances, decisions_in(utterances))


@pytest.mark.parametrize("said", _ZH_CHOICE)
def test_a_chinese_choice_said_many_ways_is_decided(said):
    utterances = [s.format(Y="杭州") for s in said]
    assert any("杭州" in d for d in decisions_in(utterances)), (utterances, decisions_in(utterances))


@pytest.mark.parametrize(
    "utterance",
    [
        "The ticket moves to QA when it's done.", "Does everyone agree?", "We'll do our best for the client.",
        "We're running the numbers on Monday.", "Is the offsite still in Lisbon?", "What about the budget?",
        "我就在家办公。", "他们今年在上海开年会。", "最后还是没赶上。", "我不换了。", "大家都同意这个方案吗？",
    ],
)
def test_no_choice_in_these(utterance):
    assert decisions_in([utterance]) == []


# One matter left open many ways (a grid written for these tests).
@pytest.mark.parametrize(
    "said",
    [
        ["No decision on the {X} yet."], ["The {X}: still undecided."], ["We need to decide on the {X} at some point."],
        ["The {X} — open item."], ["We'll come back to the {X}."], ["I have no idea about the {X} yet."],
        ["The {X} depends on the budget, so we can't say yet."], ["Is the {X} happening this year?", "Hmm, unclear."],
        ["Nobody has decided on the {X} yet."], ["There's still a question mark over the {X}."], ["Let's park the {X} for now."],
        ["The {X} is up in the air."], ["Where should the {X} be?", "Good question. Let's think about it."],
    ],
)
def test_an_english_matter_left_open_many_ways(said):
    utterances = [s.format(X="offsite") for s in said]
    assert any("offsite" in q for q in questions_in(utterances)), (utterances, questions_in(utterances))


@pytest.mark.parametrize(
    "said",
    ["{X}还没定。", "{X}的事还悬着。", "{X}到底办不办，还不好说。", "{X}怎么安排，下次再议。", "{X}，先放一放。",
     "{X}预算多少，现在说不准。", "{X}谁负责，还没人选。", "{X}在哪办，大家再想想。", "{X}还要再商量。", "{X}先搁着吧。",
     "{X}的方案，还没有结论。", "{X}，目前还没眉目。"],
)
def test_a_chinese_matter_left_open_many_ways(said):
    utterance = said.format(X="发布会")
    assert any("发布会" in q for q in questions_in([utterance])), (utterance, questions_in([utterance]))


@pytest.mark.parametrize(
    "utterances",
    [["We'll get back to you with the numbers by Friday."], ["Is the report ready?", "Yes, it's done."], ["Nobody has decided to quit, relax."]],
)
def test_nothing_left_open_in_these(utterances):
    assert questions_in(utterances) == []


FULL = ["Priya Shah", "Tom Becker", "Megan Lee", "Dave Ortiz"]


# One English request said many ways (from a grid written for these tests, full names and first names).
@pytest.mark.parametrize(
    ("utterance", "owner"),
    [
        ("The budget sheet — Megan Lee, could you update it by Friday?", "Megan Lee"),
        ("Next, the budget sheet. Dave Ortiz, update it by Friday, please.", "Dave Ortiz"),
        ("For the budget sheet, Megan, update it by Friday.", "Megan Lee"),
        ("I'd like Tom Becker to update the budget sheet by Friday.", "Tom Becker"),
        ("Let's have Tom Becker update the budget sheet by Friday.", "Tom Becker"),
        ("Dave, can you update the budget sheet by Friday?", "Dave Ortiz"),
        ("The budget sheet needs to be updated by Friday. Priya, that's yours.", "Priya Shah"),
    ],
)
def test_an_english_request_said_many_ways(utterance, owner):
    found = open_tasks([utterance], FULL, "en")
    assert any(o == owner and "budget sheet" in t and d and "Friday" in d for o, t, d in found), found


# One hand-over corrected many ways (a grid written for these tests): one task, for the last owner said.
@pytest.mark.parametrize(
    "utterances",
    [
        ["Give the quote to Tom, no wait, to Megan."],
        ["Tom will do the quote.", "Actually, make that Megan."],
        ["Tom owns the quote.", "Scratch that, Megan owns it."],
        ["The quote goes to Tom.", "Sorry, I meant Megan."],
        ["Let's have Tom do the quote.", "On second thought, Megan should do it."],
        ["Tom's on the quote.", "Correction: Megan's on it."],
        ["Assign the quote to Tom. Wait, no, Megan."],
    ],
)
def test_an_english_hand_over_corrected_many_ways(utterances):
    found = open_tasks(utterances, EN, "en")
    assert len(found) == 1 and found[0][0] == "Megan" and "quote" in found[0][1], found


@pytest.mark.parametrize(
    "utterances",
    [
        ["报价单交给王芳，不对，交给李明。"], ["报价单给王芳，算了，给李明吧。"], ["报价单王芳负责。", "等一下，还是李明来吧。"],
        ["报价单让王芳做。", "不对不对，改成李明。"], ["报价单王芳来跟进。", "换成李明吧，王芳这周出差。"],
        ["王芳，报价单你弄一下。", "哦不对，王芳在休假，李明你来。"], ["报价单先给王芳。", "嗯……还是给李明吧。"],
        ["报价单交给王芳。", "李明更合适，给李明吧。"], ["报价单，王芳，哦不，李明负责。"],
    ],
)
def test_a_chinese_hand_over_corrected_many_ways(utterances):
    found = open_tasks(utterances, ZH, "zh")
    assert len(found) == 1 and found[0][0] == "李明" and "报价单" in found[0][1], found
