"""Brains of the Supervisor: ``rules`` (offline, deterministic) and ``openai`` (any compatible server).

Only the rules brain is imported here: it has no heavy dependencies. Import the OpenAI brain and the
fallback wrapper from their modules.
"""

from .rules import RulesBrain

__all__ = ["RulesBrain"]
