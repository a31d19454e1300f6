"""The language-model edge of meetingd: ``wire`` (pure request building and reply parsing for
OpenAI-compatible chat completions) and ``client`` (the one transport: timeouts, retries with
backoff and Retry-After, failure classification, usage). The Supervisor's brain, the LLM
subagents and the finalize reviewer all talk to a model through ``client.ChatClient``."""
