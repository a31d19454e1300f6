"""``context()``: the per-step view of a meeting, bounded whatever the meeting's length.

Bounds (DESIGN §6): at most ``MAX_UNANALYZED`` new utterances per step (the rest arrive in the
next steps; ``analyzed_seq`` only advances to what a step was shown), a window of ``RECENT``
analyzed utterances, at most ``MAX_INTENTS`` intents (open ones first, then recently applied), a
rolling summary of at most ``SUMMARY_SECTION_CHARS`` characters per section, and every
utterance clipped to ``MAX_UTTERANCE_CHARS``.
"""

from __future__ import annotations

from intents.dates import meeting_date
from models import IntentStatus
from store import Store

from .protocol import StepContext
from .tools import compact_intent

MAX_UNANALYZED = 30
RECENT = 8
MAX_INTENTS = 8
# The meeting's first utterances ride along in every step: people say who they are there
# ("我是钱雯，朵朵妈妈"), and a name given then is how they are called all meeting.
OPENING = 12
SUMMARY_SECTION_CHARS = 800
MAX_UTTERANCE_CHARS = 600


def clip_summary(summary: str) -> str:
    sections = summary.split("\n\n")
    return "\n\n".join(s[:SUMMARY_SECTION_CHARS] for s in sections[:4])


async def build_context(store: Store, meeting_id: str, analyzed_seq: int, *, upto: int | None = None) -> StepContext:
    """The step's view after ``analyzed_seq``; ``upto`` bounds the unanalyzed window (a retry of a
    skipped range shows only that range)."""
    m = await store.get_meeting(meeting_id)
    new = await store.list_utterances(meeting_id, analyzed_seq + 1, upto, limit=MAX_UNANALYZED)
    recent = await store.list_utterances(meeting_id, max(1, analyzed_seq - RECENT + 1), analyzed_seq)
    first = max(1, analyzed_seq - RECENT + 1)
    opening = await store.list_utterances(meeting_id, 1, min(OPENING, first - 1)) if first > 1 else []
    intents = await store.list_intents(meeting_id)
    # Intents that still need the Supervisor come first, then the most recently applied ones (a
    # correction usually revises something just decided); older ones are one list_intents away.
    open_ = [i for i in intents if not i.status.terminal or i.status is IntentStatus.EXECUTING]
    applied = sorted((i for i in intents if i.status is IntentStatus.APPLIED), key=lambda i: i.updated_at)
    chosen = (open_[-MAX_INTENTS:] + applied[::-1])[:MAX_INTENTS]
    chosen.sort(key=lambda i: i.created_at)
    summary = clip_summary(await store.get_summary(meeting_id))
    shown_to = new[-1].seq if new else analyzed_seq
    return StepContext(
        meeting_id=m.id,
        title=m.title,
        language=m.language.value,
        mode=m.mode.value,
        participants=m.participants,
        # The true latest seq: when the bounded window shows only a prefix of the new utterances
        # (unanalyzed[-1] < latest_seq) there is more to read before any commit can pass the guard.
        latest_seq=max(m.latest_seq, shown_to),
        analyzed_seq=analyzed_seq,
        unanalyzed=tuple((u.seq, u.text[:MAX_UTTERANCE_CHARS]) for u in new),
        recent=tuple((u.seq, u.text[:MAX_UTTERANCE_CHARS]) for u in recent),
        opening=tuple((u.seq, u.text[:MAX_UTTERANCE_CHARS]) for u in opening),
        open_intents=tuple(compact_intent(i) for i in chosen),
        summary=summary,
        glossary=m.glossary,
        meeting_date=meeting_date(m.created_at).isoformat(),
    )
