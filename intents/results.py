"""What a ledger operation returns: ``Applied | Unchanged | Conflict`` (frozen values).

Callers branch on the type (``isinstance(result, Conflict)``), never on a status string. The
tool-result and HTTP shapes of DESIGN §5/§8 are made only at those edges, by ``to_dict()``:

- ``Applied``: the ledger changed; ``status`` is the intent's status now. Upserts add ``risk``
  and ``issues``; commits add ``entity_ref`` and ``auto`` (and ``replayed`` for an idempotent
  repeat of a commit that already applied).
- ``Unchanged``: nothing to write (same payload, same status, or a duplicate proposal).
- ``Conflict``: a guarded refusal ``{"status": "conflict", "reason", …details}``; writes nothing
  but the audit row.

Each result can also be read like its dict (``r["intent_id"]``, ``r.get("reason")``), so code
that reads the tool shapes keeps working; it is not a dict (``==`` compares results).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class ResultView:
    """Read-only dict access to ``to_dict()``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def __contains__(self, key: object) -> bool:
        return key in self.to_dict()

    def get(self, key: str, default: Any = None) -> Any:
        return self.to_dict().get(key, default)


@dataclass(frozen=True, slots=True)
class Applied(ResultView):
    intent_id: str
    revision: int
    status: str
    risk: str | None = None
    issues: tuple[str, ...] | None = None
    entity_ref: str | None = None
    auto: bool | None = None
    replayed: bool = False

    def to_dict(self) -> dict[str, Any]:
        if self.entity_ref is not None:  # a commit: the shape of DESIGN §5
            out: dict[str, Any] = {"status": self.status, "intent_id": self.intent_id, "revision": self.revision,
                                   "entity_ref": self.entity_ref, "auto": self.auto}
            return out | ({"replayed": True} if self.replayed else {})
        out = {"intent_id": self.intent_id, "revision": self.revision, "status": self.status}
        if self.risk is not None:
            out["risk"] = self.risk
        if self.issues is not None:
            out["issues"] = list(self.issues)
        return out

    @classmethod
    def from_commit(cls, d: dict[str, Any], *, replayed: bool = False) -> Applied:
        """The applied commit recorded in the audit log, read back for an idempotent repeat."""
        return cls(intent_id=d["intent_id"], revision=d["revision"], status=d["status"],
                   entity_ref=d["entity_ref"], auto=d.get("auto"), replayed=replayed)


@dataclass(frozen=True, slots=True)
class Unchanged(ResultView):
    intent_id: str
    revision: int
    status: str
    risk: str | None = None  # set for an upsert (its shape carries risk and issues)
    duplicate: bool = False  # a new proposal equal to an open intent

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"intent_id": self.intent_id, "revision": self.revision, "status": self.status}
        if self.risk is not None:
            out |= {"risk": self.risk, "issues": []}
        return out | ({"duplicate": True} if self.duplicate else {"unchanged": True})


@dataclass(frozen=True, slots=True)
class Conflict(ResultView):
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        # status and reason are the contract of every conflict: no detail may shadow them.
        return {"status": "conflict", "reason": self.reason} | {
            k: v for k, v in self.details.items() if k not in ("status", "reason")
        }


@dataclass(frozen=True, slots=True)
class Failed(ResultView):
    """A commit passed the guard but its business write failed: the intent is ``failed`` (with
    the error); a person's approval retries it."""

    intent_id: str
    revision: int
    error: str

    def to_dict(self) -> dict[str, Any]:
        return {"status": "failed", "intent_id": self.intent_id, "revision": self.revision, "error": self.error}


LedgerResult = Applied | Unchanged | Conflict | Failed

__all__ = ["Applied", "Conflict", "Failed", "LedgerResult", "ResultView", "Unchanged"]
