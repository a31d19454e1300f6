"""Settings (pydantic-settings): environment variables with ``MEETINGD_`` prefix, plus the
``LLM_*`` trio that selects the OpenAI-compatible brain. Defaults run fully offline.

This is the one place that reads the process environment (``Settings()`` reads it once). The
LLM tuning knobs (``LLM_TIMEOUT_S``, ``LLM_MAX_RETRIES``, budgets, ``LLM_REVIEW``… see
``docs/llm.md``) are captured as ``llm_tuning`` at that moment and handed to the components as a
plain mapping by :meth:`Settings.llm_env`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_data_dir() -> Path:
    return Path.home() / ".local" / "share" / "meetingd"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEETINGD_", extra="ignore")

    data_dir: Path = Field(default_factory=default_data_dir)
    # A SQLite file (default: <data_dir>/meetingd.db) or a postgresql:// URL (docs/scale.md).
    db: str | None = None
    # Meeting ownership on a shared store (docs/scale.md): this node's id (default: host-pid-random)
    # and the lease a node holds on each meeting it runs, renewed every third of it.
    node_id: str | None = None
    meeting_lease_s: float = Field(15.0, ge=0.3, le=600)
    host: str = "127.0.0.1"
    port: int = 8765
    token: str | None = None
    merge_window_ms: int = Field(400, ge=0, le=10_000)
    brain: Literal["auto", "rules", "openai"] = "auto"
    whisper_model: str | None = None  # size name, local dir, or None = bundled base
    asr_compute_type: str = "int8"
    asr_beam_size: int = Field(5, ge=1, le=10)
    asr_threads: int | None = None
    asr_max_attempts: int = Field(3, ge=1, le=10)
    # Encoder window fitted to the segment (ms, at least this long); 0 = Whisper's fixed 30 s
    # window: ~1 CER point better on the fixtures, ~3x the compute (see docs/asr.md).
    asr_window_ms: int = Field(8000, ge=0, le=30000)
    asr_batch_size: int = Field(4, ge=1, le=16)
    max_steps_per_turn: int = Field(12, ge=1, le=100)
    # Estimated prompt tokens one model call may carry (MEETINGD_LLM_MAX_PROMPT_TOKENS); older tool
    # results of the turn are compacted first, and a step that still does not fit goes to review.
    llm_max_prompt_tokens: int = Field(24_000, ge=2_000, le=1_000_000)
    max_upload_bytes: int = Field(20 * 1024 * 1024, ge=1024)
    max_recording_bytes: int = Field(200 * 1024 * 1024, ge=1024)  # a whole recording (POST …/recording)
    upload_ticket_ttl_s: int = Field(300, ge=1)
    max_open_tickets: int = Field(64, ge=1, le=10_000)  # unredeemed upload tickets, all meetings
    allowed_origins: tuple[str, ...] = ()  # extra page origins that may open the WebSocket
    max_connections: int = Field(256, ge=8, le=10_000)  # uvicorn limit_concurrency (503 beyond)
    header_timeout_s: float = Field(10.0, gt=0, le=300)  # request line + headers (slowloris)
    body_timeout_s: float = Field(30.0, gt=0, le=3600)  # a whole request body
    keep_alive_s: float = Field(5.0, gt=0, le=300)  # an idle keep-alive connection
    audio_retention: Literal["keep", "delete"] = "keep"
    # Webhook (docs/web.md): every applied / revised / retracted item is POSTed here, signed with
    # the secret (HMAC-SHA256), from a durable outbox; retried with bounded exponential backoff.
    webhook_url: str | None = None
    webhook_secret: str | None = None
    webhook_max_attempts: int = Field(12, ge=1, le=100)
    webhook_backoff_s: float = Field(1.0, gt=0, le=3600)
    webhook_backoff_max_s: float = Field(300.0, gt=0, le=86_400)
    log_json: bool = False  # MEETINGD_LOG_JSON=1: log records as JSON lines

    llm_base_url: str | None = Field(None, validation_alias="LLM_BASE_URL")
    llm_api_key: str | None = Field(None, validation_alias="LLM_API_KEY")
    llm_model_id: str | None = Field(None, validation_alias="LLM_MODEL_ID")
    llm_tuning: dict[str, str] = Field(default_factory=lambda: _llm_variables(os.environ))

    @property
    def db_path(self) -> Path:
        """The SQLite file (``db_target`` is what ``Store.open`` takes, a URL included)."""
        return Path(self.db) if self.db else self.data_dir / "meetingd.db"

    @property
    def db_target(self) -> str | Path:
        if self.db and self.db.startswith(("postgresql://", "postgres://")):
            return self.db
        return self.db_path

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_api_key and self.llm_model_id)

    def brain_name(self) -> Literal["rules", "openai"]:
        if self.brain == "auto":
            return "openai" if self.llm_configured else "rules"
        return self.brain

    def llm_env(self) -> dict[str, str]:
        """The ``LLM_*`` variables as read once, with the trio taken from the settings (which a
        caller may have overridden), for the ``from_env`` constructors of the LLM components."""
        env = dict(self.llm_tuning)
        for var, value in (("LLM_BASE_URL", self.llm_base_url), ("LLM_API_KEY", self.llm_api_key),
                           ("LLM_MODEL_ID", self.llm_model_id)):
            if value:
                env[var] = value
        return env


def _llm_variables(environ: os._Environ[str] | dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in environ.items() if k.startswith("LLM_")}
