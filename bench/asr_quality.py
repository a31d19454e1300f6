"""Transcript quality measures for ``asr_bench.py``: error rate, content-word recall and the
precision of the correction's rewrites, all against a meeting's script."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import cache

import jiwer

from asr.correct import Correction
from asr.text import compare_key


def error_rate(language: str, reference: Sequence[str], hypothesis: Sequence[str]) -> float:
    """CER (zh) or WER (other) of the joined transcript against the joined script (DESIGN §9 keys)."""
    if language == "zh":
        return jiwer.cer(compare_key("".join(reference)), compare_key("".join(hypothesis)))

    def words(texts: Sequence[str]) -> str:
        return " ".join(k for w in " ".join(texts).split() if (k := compare_key(w)))

    return jiwer.wer(words(reference), words(hypothesis))


@cache
def _posseg(text: str) -> tuple[tuple[str, str], ...]:
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return tuple((p.word, p.flag) for p in jieba.posseg.lcut(text))


def content_words(reference: Sequence[str]) -> list[str]:
    """The script's nouns and verbs of two or more Chinese characters (jieba posseg), each
    occurrence counted: the words a task or decision is made of."""
    out = []
    for line in reference:
        for word, flag in _posseg(line):
            if flag[:1] in ("n", "v") and len(word) >= 2 and compare_key(word) == word:
                out.append(word)
    return out


def content_recall(reference: Sequence[str], hypothesis: Sequence[str]) -> tuple[int, int]:
    """(found, total): script content words found verbatim in the joined transcript, counting a
    word said k times as found min(k, times in transcript)."""
    words = content_words(reference)
    hyp = compare_key("".join(hypothesis))
    found, seen = 0, {}
    for w in words:
        seen[w] = seen.get(w, 0) + 1
        found += hyp.count(w) >= seen[w]
    return found, len(words)


def _distance(reference: str, hypothesis: str) -> int:
    out = jiwer.process_characters(reference, hypothesis)
    return out.substitutions + out.deletions + out.insertions


def rewrite_outcomes(reference: Sequence[str], corrected: Sequence[Correction]) -> list[int]:
    """For each rewrite: -1 if it brought the transcript closer to the script, +1 if further,
    0 if neither (edit distance of the whole transcript with vs without that one rewrite)."""
    ref = compare_key("".join(reference))
    outcomes = []
    for k, c in enumerate(corrected):
        for r in c.rewrites:
            undone = c.text[: r.start] + r.heard + c.text[r.end :]
            texts = [x.text for x in corrected]
            with_it = _distance(ref, compare_key("".join(texts)))
            texts[k] = undone
            without = _distance(ref, compare_key("".join(texts)))
            outcomes.append((with_it > without) - (with_it < without))
    return outcomes
