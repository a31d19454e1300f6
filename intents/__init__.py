"""The intent ledger: state machine, guard, evidence validation, business-write mapping."""

from .guard import GuardInput, Proceed, decide
from .ledger import TRANSITIONS, allowed, check_transition
from .results import Applied, Conflict, Failed, LedgerResult, Unchanged
from .service import Ledger, entity_values

__all__ = ["TRANSITIONS", "Applied", "Conflict", "Failed", "GuardInput", "Ledger", "LedgerResult", "Proceed", "Unchanged",
           "allowed", "check_transition", "decide", "entity_values"]
