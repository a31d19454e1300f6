"""Settings are read once: the LLM tuning knobs are captured when ``Settings()`` is built."""

from __future__ import annotations

from live.config import Settings
from live.llm_factory import make_brain, make_reviewer, make_subagent_runner
from supervisor.subagents import offline_runner


def test_llm_tuning_is_captured_once_and_the_trio_comes_from_the_settings(monkeypatch, tmp_path):
    monkeypatch.setenv("LLM_TIMEOUT_S", "7")
    monkeypatch.setenv("LLM_API_KEY", "from-env")
    s = Settings(data_dir=tmp_path, llm_api_key="override", llm_base_url="http://127.0.0.1:9/v1", llm_model_id="m")
    monkeypatch.setenv("LLM_TIMEOUT_S", "99")  # after the read: not seen
    env = s.llm_env()
    assert env["LLM_TIMEOUT_S"] == "7" and env["LLM_API_KEY"] == "override" and env["LLM_MODEL_ID"] == "m"


def test_offline_settings_build_only_offline_parts(monkeypatch, tmp_path):
    for var in ("LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL_ID"):
        monkeypatch.delenv(var, raising=False)
    s = Settings(data_dir=tmp_path)
    assert make_brain(s).name == "rules"
    assert make_subagent_runner(s) is offline_runner
    assert make_reviewer(s) is None
