"""What differs between the two backends, seen from the SQL of the record modules.

The record modules write one SQL text for both backends: ``?`` placeholders (``store.pg``
rewrites them to ``$n``), ``INSERT … ON CONFLICT … DO UPDATE`` for upserts, ``CASE`` instead of
the two-argument ``MAX``/``GREATEST``, ``rowid`` for insertion order (PostgreSQL tables that need
it have a ``rowid`` identity column, see ``schema_pg``). The few things that cannot be written
the same way are the fields of :class:`Dialect`; the DDL lives in ``schema`` / ``schema_pg`` and
the transaction discipline in ``db`` / ``pg``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Dialect:
    name: str
    # Other processes (nodes, workers) write the same database: listen for their changes.
    shared: bool
    # Appended to the sub-select that picks a queue row to claim.
    skip_locked: str


SQLITE = Dialect("sqlite", shared=False, skip_locked="")
POSTGRES = Dialect("postgresql", shared=True, skip_locked=" FOR UPDATE SKIP LOCKED")


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
