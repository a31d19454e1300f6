"""Who may change what in the ledger: a person's authority is wider than the model's. Pure.

The transcript-evidence rule binds the model, never a person: a person's edit is applied as they
typed it. The model may change something a person approved, edited, added or applied only as a
*pending revision* (``Intent.pending_revision``) that a person must accept; it never overwrites a
field a person set (``Intent.set_by_person``), and it may reject or retract only intents no
person has touched (its own proposals and execute-mode auto-commits). See docs/ledger.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

PERSON = "user"


def is_person(actor: str) -> bool:
    """``user`` or ``user:<name>`` — the dock and the HTTP API act as a person."""
    return actor == PERSON or actor.startswith(PERSON + ":")


def person_actor(name: str | None) -> str:
    name = (name or "").strip()
    return f"{PERSON}:{name}" if name else PERSON


def changed_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """The payload keys whose value differs between ``old`` and ``new`` (sorted)."""
    return sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))


def keep_person_fields(proposed: Mapping[str, Any], current: Mapping[str, Any],
                       set_by_person: Iterable[str]) -> dict[str, Any]:
    """``proposed`` with every person-set field put back to the person's value."""
    out = dict(proposed)
    for key in set_by_person:
        if key in current:
            out[key] = current[key]
    return out


__all__ = ["PERSON", "changed_fields", "is_person", "keep_person_fields", "person_actor"]
