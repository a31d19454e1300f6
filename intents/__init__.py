"""The intent ledger: state machine, guard, evidence validation, business-write mapping."""

from .guard import Conflict, GuardInput, Proceed, decide
from .ledger import TRANSITIONS, allowed, check_transition
from .service import Ledger, entity_values

__all__ = ["TRANSITIONS", "Conflict", "GuardInput", "Ledger", "Proceed", "allowed", "check_transition", "decide",
           "entity_values"]
