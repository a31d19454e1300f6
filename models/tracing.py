"""The trace id of the work in progress (a Supervisor turn, an HTTP request), as a context variable.

It lives in ``models`` so that every layer can read it without importing upwards: the runtime
sets it for a turn, the web edge for a request; the ledger writes it on every intent event and
audit row, and the log filter (``live.metrics.ContextFilter``) on every log line.
"""

from __future__ import annotations

import contextvars

trace_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("trace_id", default=None)

__all__ = ["trace_id_var"]
