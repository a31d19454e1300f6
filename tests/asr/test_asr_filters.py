"""Hallucination filter table and transcript text normalisation."""

from __future__ import annotations

import pytest

from asr.filters import (
    FilterConfig,
    SegmentStats,
    collapse_repeats,
    compression_ratio,
    echoes_prompt,
    filter_segments,
    judge,
)
from asr.text import compare_key, normalize_transcript, to_simplified
from asr.transcriber import fit_prompt, glossary_prompt

LOOP = "我们我们我们我们我们我们我们我们我们我们我们我们我们我们我们我们"


@pytest.mark.parametrize(
    ("stats", "keep", "reason", "text"),
    [
        (SegmentStats("登录页面的改版交给刘洋负责。", 0.1, -0.3, 1.2), True, None, "登录页面的改版交给刘洋负责。"),
        (SegmentStats("  ", 0.1, -0.3, 1.0), False, "empty", None),
        (SegmentStats("。，", 0.1, -0.3, 1.0), False, "empty", None),
        (SegmentStats("嗯", 0.9, -1.2, 1.0), False, "no_speech", None),
        # high no-speech probability alone is not enough: the decoder was confident
        (SegmentStats("好的。", 0.9, -0.2, 1.0), True, None, "好的。"),
        # low log-prob alone is not enough either, unless it is extreme
        (SegmentStats("接口文档下周一发出来", 0.2, -1.2, 1.1), True, None, "接口文档下周一发出来"),
        (SegmentStats("呃那个就是", 0.3, -2.1, 1.1), False, "low_confidence", None),
        (SegmentStats("字幕由Amara.org社区提供", 0.3, -0.4, 1.1), False, "blacklist", None),
        (SegmentStats("請不吝點贊訂閱轉發打賞支持明鏡與點點欄目", 0.3, -0.4, 1.1), False, "blacklist", None),
        (SegmentStats("谢谢观看！", 0.3, -0.4, 1.0), False, "blacklist", None),
        (SegmentStats("Thanks for watching!", 0.3, -0.4, 1.0), False, "blacklist", None),
        (SegmentStats("Subtitles by the Amara.org community", 0.3, -0.4, 1.0), False, "blacklist", None),
        # a blacklisted outro inside a real sentence is speech, not a caption
        (SegmentStats("上次的视频大家说谢谢观看太多了", 0.1, -0.4, 1.1), True, None, "上次的视频大家说谢谢观看太多了"),
        (SegmentStats("好的，今天就到这里，谢谢大家。", 0.1, -0.3, 1.1), True, None, "好的，今天就到这里，谢谢大家。"),
        (SegmentStats("我们决定" + LOOP, 0.1, -0.3, 4.5), True, "collapsed", "我们决定我们"),
        (SegmentStats("yes " * 30, 0.1, -0.3, 6.0), True, "collapsed", "yes"),
        (SegmentStats("".join(f"第{i}项" for i in range(40)) * 3, 0.1, -0.3, 3.0), False, "repetition", None),
    ],
)  # fmt: skip
def test_filter_table(stats: SegmentStats, keep: bool, reason: str | None, text: str | None) -> None:
    v = judge(stats)
    assert (v.keep, v.reason) == (keep, reason)
    if text is not None:
        assert v.text == text


def test_filter_thresholds_are_configurable() -> None:
    stats = SegmentStats("呃", 0.5, -0.9, 1.0)
    assert judge(stats).keep
    assert judge(stats, FilterConfig(no_speech_prob=0.4, no_speech_logprob=-0.5)).reason == "no_speech"


def test_filter_segments_keeps_order_and_reports_drops() -> None:
    kept, dropped = filter_segments(
        [SegmentStats("第一句", 0, -0.2, 1), SegmentStats("谢谢观看", 0, -0.2, 1), SegmentStats("第二句", 0, -0.2, 1)]
    )
    assert kept == ["第一句", "第二句"]
    assert [(d.text, d.reason) for d in dropped] == [("谢谢观看", "blacklist")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("好好好好好好", "好"),
        ("我们开始吧", "我们开始吧"),  # untouched, even spacing
        ("the the the plan is ok", "the plan is ok"),
        ("okay okay", "okay okay"),  # two is emphasis, not a loop
        ("A, B. A, B. A, B. A, B.", "A, B."),
        ("谢谢。谢谢。谢谢。", "谢谢。"),
        ("", ""),
    ],
)
def test_collapse_repeats(text: str, expected: str) -> None:
    assert collapse_repeats(text) == expected


def test_compression_ratio_is_high_for_loops_only() -> None:
    assert compression_ratio(LOOP * 3) > 2.4
    assert compression_ratio("登录页面的改版交给刘洋负责，周五之前完成。") < 2.4


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("登陸頁面的改版交給張三負責,周五之前完成", "登陆页面的改版交给张三负责，周五之前完成"),
        ("好 我們開始今天的周會", "好，我们开始今天的周会"),
        ("  驗證碼的有效期  改成5分鐘.  ", "验证码的有效期，改成5分钟。"),
        ("用 API 接口,可以吗?", "用 API 接口，可以吗？"),
        ("版本 v2.1 上线", "版本 v2.1 上线"),
        ("，，好的，，今天就到这里。", "好的，今天就到这里。"),
        ("ＡＰＩ文档", "API文档"),
    ],
)
def test_normalize_zh(raw: str, expected: str) -> None:
    out = normalize_transcript(raw, "zh")
    assert out == expected
    assert normalize_transcript(out, "zh") == out  # idempotent


def test_normalize_en_tidies_whitespace_only() -> None:
    assert normalize_transcript("  Alice will  own it ,  by Friday . ", "en") == "Alice will own it, by Friday."


def test_to_simplified_and_compare_key() -> None:
    assert to_simplified("會議記錄") == "会议记录"
    assert compare_key("會議：Alice, 下週一!") == "会议alice下周一"


def test_glossary_prompt_is_fixed_names_and_terms() -> None:
    zh = glossary_prompt(["张三", "刘洋", "张三", " "], ["验证码", "刘洋"], "zh")
    assert zh == "以下是普通话会议的记录。参会人：张三、刘洋。术语：验证码。"
    assert glossary_prompt([], [], "zh") == "以下是普通话会议的记录。"
    en = glossary_prompt(["Alice", "Bob"], ["API"], "en")
    assert en == "Meeting transcript. Participants: Alice, Bob. Terms: API."
    long = glossary_prompt([f"人{i:03d}" for i in range(200)], [], "zh")
    assert len(long) <= 600 and long.endswith("。") and "人099" in long


@pytest.mark.parametrize(
    ("prompt", "budget", "expected"),
    [
        ("以下是会议。参会人：张三、刘洋。术语：验证码、登录。", 100, "以下是会议。参会人：张三、刘洋。术语：验证码、登录。"),
        # the last terms go first, whole, and the list is closed again
        ("以下是会议。参会人：张三、刘洋。术语：验证码、登录。", 24, "以下是会议。参会人：张三、刘洋。术语：验证码。"),
        # a list left empty goes with its label; participants are the last to be cut
        ("以下是会议。参会人：张三、刘洋。术语：验证码、登录。", 17, "以下是会议。参会人：张三、刘洋。"),
        ("以下是会议。参会人：张三、刘洋。术语：验证码、登录。", 13, "以下是会议。参会人：张三。"),
        ("Meeting transcript. Participants: Alice, Bob. Terms: Kafka.", 45, "Meeting transcript. Participants: Alice, Bob."),
        ("以下是会议。", 3, ""),
    ],
)
def test_fit_prompt_drops_whole_trailing_items(prompt, budget, expected) -> None:
    fitted = fit_prompt(prompt, len, budget)
    assert fitted == expected
    assert len(fitted) <= budget


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("参会人：张三、李四、王五。", True),  # the prompt printed back on undecodable audio
        ("Participants: Alice, Bob, Carol.", True),
        ("张三负责写周报。", False),  # real speech that merely names a participant
        ("张三？", False),  # too short to be an echo rather than a person being called
        ("", False),
    ],
)
def test_prompt_echo_is_recognised(text, expected):
    prompt_zh = "以下是普通话会议的记录。参会人：张三、李四、王五。"
    prompt_en = "The following is a meeting transcript. Participants: Alice, Bob, Carol."
    assert echoes_prompt(text, prompt_zh if not text.isascii() else prompt_en) is expected
    assert echoes_prompt(text, None) is False
