"""Which brain, subagent runner and finalize reviewer a meeting gets, from the settings.

Contract: every function takes the :class:`~live.config.Settings` and returns a ready object;
``rules`` (offline) unless the settings select the OpenAI-compatible model (``brain_name()``).
The LLM components read their tuning from ``settings.llm_env()``, never from the process.
The model-side modules are imported only when a model is configured: an offline daemon never
loads the OpenAI SDK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from supervisor.brains import RulesBrain
from supervisor.protocol import Brain
from supervisor.subagents import Runner, offline_runner

from .config import Settings

if TYPE_CHECKING:
    from coordinator.llm_review import LLMReviewer


def make_brain(settings: Settings) -> Brain:
    """The model behind a rules fallback (one per meeting: budgets are per meeting), else rules."""
    if settings.brain_name() == "openai":
        from supervisor.brains.fallback import FallbackBrain
        from supervisor.brains.openai_brain import OpenAIBrain

        env = settings.llm_env()
        primary = OpenAIBrain.from_env(env, max_prompt_tokens=settings.llm_max_prompt_tokens) or OpenAIBrain(
            settings.llm_base_url or "", settings.llm_api_key or "", settings.llm_model_id or "",
            max_prompt_tokens=settings.llm_max_prompt_tokens)
        return FallbackBrain.from_env(primary, RulesBrain(), env)
    return RulesBrain()


def make_subagent_runner(settings: Settings) -> Runner:
    """LLM subagents (read-only tools) when the meeting runs on the model, else the offline runner."""
    if settings.brain_name() == "openai":
        from supervisor.brains.llm_subagent import LLMSubagentRunner

        runner = LLMSubagentRunner.from_env(settings.llm_env())
        if runner is not None:
            return runner
    return offline_runner


def make_reviewer(settings: Settings) -> LLMReviewer | None:
    """The finalize second opinion, when the meeting runs on the model and it is not turned off."""
    if settings.brain_name() == "openai":
        from coordinator.llm_review import LLMReviewer

        return LLMReviewer.from_env(settings.llm_env())
    return None
