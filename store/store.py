"""The ``Store``: one class that callers use (``store.method()``), composed of one module per
record kind. Each public coroutine is one transaction (or one read); every write a dock should
see goes through the change feed (``changes.py``).

    changes.py     ChangeFeed: db handle, change rows, listeners (the base of every mixin)
    meetings.py    meetings, the Supervisor binding (watermarks), minutes
    utterances.py  the append path and transcript reads
    jobs.py        ASR jobs and the durable audio-stream marks
    leases.py      meeting leases: which node runs a meeting's Supervisor
    ledger.py      intent reads (writes: intents/ through ledger_sql.py)
    traces.py      agent traces
    subagents.py   subagents
    library.py     the meetings list: delete a meeting, search
    outbox.py      the webhook outbox (rows written with the intent changes)
    skipped.py     transcript ranges the Supervisor skipped (and their retries)
    projection.py  the whole event log, and rebuilt projections written back (meetingd rebuild)
    stats.py       daemon-wide counts for metrics
"""

from __future__ import annotations

from pathlib import Path

from .changes import Listener, new_id
from .db import Database
from .dialect import is_postgres_url
from .jobs import JobRecords
from .leases import LeaseRecords
from .ledger import LedgerRecords
from .library import LibraryRecords
from .outbox import OutboxItem, OutboxRecords
from .projection import ProjectionRecords
from .skipped import SkippedRecords
from .stats import DaemonStats, StatsQueries
from .subagents import SubagentRecords
from .traces import TraceRecords


class Store(JobRecords, LeaseRecords, LedgerRecords, TraceRecords, SubagentRecords, SkippedRecords,
            ProjectionRecords, StatsQueries, OutboxRecords, LibraryRecords):
    """The meeting store. Open with ``await Store.open(path)``; close with ``await store.close()``."""

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """``target``: a SQLite file path, or a ``postgresql://`` URL (the shared store of a cluster)."""
        if is_postgres_url(target):
            from . import pg

            return cls(await pg.Database.open(str(target)))
        return cls(await Database.open(target))

    async def close(self) -> None:
        await self._close_feed()
        await self.db.close()


__all__ = ["DaemonStats", "Listener", "OutboxItem", "Store", "new_id"]
