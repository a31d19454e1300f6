"""Deterministic Chinese/English meeting-language analyzer behind the ``rules`` brain.

Pure: a window of utterances, the participants and the meeting's intents in; frozen proposals out
(create / revise / reject). No I/O, no clock, no randomness.
"""

from .analyzer import CreateIntent, Proposal, RejectIntent, ReviseIntent, analyze

__all__ = ["CreateIntent", "Proposal", "RejectIntent", "ReviseIntent", "analyze"]
