"""Deterministic Chinese/English meeting-language analyzer behind the ``rules`` brain.

Pure: a window of utterances, the participants and the meeting's intents in; frozen proposals out
(create / revise / reject). No I/O, no clock, no randomness.
"""

from . import hearing, lexicon
from .analyzer import CreateIntent, Proposal, RejectIntent, ReviseIntent, analyze


def warm() -> None:
    """Load what ``analyze`` reads lazily (jieba, its tagger, the sound indexes: ~3 s of CPU that
    holds the GIL). A daemon calls it before it runs meetings: paid inside a meeting's first step,
    the load stalled the event loop and, on a cluster, lease renewals."""
    hearing.warm()
    lexicon.warm()


__all__ = ["CreateIntent", "Proposal", "RejectIntent", "ReviseIntent", "analyze", "warm"]
