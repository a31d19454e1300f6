"""The application layer between ``coordinator/`` and ``web/``: settings read once (``config``),
the service facade (``service``), one session per running meeting (``session``: coordinator +
Supervisor + audio stream), durable audio (``audio``) and the shared ASR worker
(``transcription``), which brain a meeting gets (``llm_factory``), dock views (``views``),
metrics and structured logs (``metrics``), and the Protocol ``web/`` is typed against (``ports``).

Import the modules themselves (``from live.service import MeetingService``): this package
file stays empty so that importing one piece does not load them all.
"""
