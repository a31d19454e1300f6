"""The Supervisor inbox: keyed items, with ``replace`` merging an unconsumed item. Pure.

Keys make backpressure structural: however many transcript appends arrive while the Supervisor is
busy, the inbox holds at most one transcript notice ("seq 41–57 new"), because every new notice
is merged into the pending one instead of queued behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TranscriptNotice:
    from_seq: int
    to_seq: int

    def merge(self, other: TranscriptNotice) -> TranscriptNotice:
        return TranscriptNotice(min(self.from_seq, other.from_seq), max(self.to_seq, other.to_seq))

    def text(self, language: str) -> str:
        if language == "en":
            return f"New transcript: seq {self.from_seq}–{self.to_seq}. Read it and update the intent ledger."
        return f"新的会议转录：序号 {self.from_seq}–{self.to_seq}。请阅读并更新意图账本。"


@dataclass(frozen=True, slots=True)
class Note:
    """Any other steering input: an approval, a subagent result, a person's message."""

    text: str
    data: tuple[tuple[str, Any], ...] = ()


TRANSCRIPT = "transcript"


class Inbox:
    def __init__(self) -> None:
        self._items: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def put(self, key: str, item: Any) -> None:
        """Add or overwrite the item under ``key``."""
        self._items[key] = item

    def replace(self, key: str, item: Any, merge: Callable[[Any, Any], Any] | None = None) -> None:
        """Merge ``item`` into the unconsumed item under ``key`` (or add it)."""
        old = self._items.get(key)
        if old is not None and merge is not None:
            item = merge(old, item)
        self._items[key] = item

    def notify_transcript(self, notice: TranscriptNotice) -> None:
        self.replace(TRANSCRIPT, notice, TranscriptNotice.merge)

    def peek(self, key: str) -> Any:
        return self._items.get(key)

    def drain(self) -> list[tuple[str, Any]]:
        """Take every pending item, oldest key first."""
        items, self._items = list(self._items.items()), {}
        return items
