"""Schema and versioned migrations.

``MIGRATIONS[i]`` upgrades a database from version ``i`` to ``i + 1``. Opening an older database
runs the missing steps in one transaction; a database from a newer meetingd is refused.
"""

from __future__ import annotations

V1 = """
CREATE TABLE meetings (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    language TEXT NOT NULL,
    mode TEXT NOT NULL,
    status TEXT NOT NULL,
    participants TEXT NOT NULL DEFAULT '[]',
    glossary TEXT NOT NULL DEFAULT '[]',
    created_at REAL NOT NULL,
    ended_at REAL,
    latest_seq INTEGER NOT NULL DEFAULT 0,
    analyzed_seq INTEGER NOT NULL DEFAULT 0,
    change_cursor INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT ''
);
CREATE TABLE utterances (
    meeting_id TEXT NOT NULL REFERENCES meetings(id),
    seq INTEGER NOT NULL,
    text TEXT NOT NULL,
    start_ms INTEGER,
    end_ms INTEGER,
    source TEXT NOT NULL,
    job_id TEXT,
    created_at REAL NOT NULL,
    PRIMARY KEY (meeting_id, seq)
);
-- One job, one utterance: the database itself refuses a second append of the same segment.
CREATE UNIQUE INDEX utterances_job ON utterances(job_id) WHERE job_id IS NOT NULL;
CREATE TABLE asr_jobs (
    id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL REFERENCES meetings(id),
    status TEXT NOT NULL,
    audio_path TEXT NOT NULL,
    duration_ms INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created_at REAL NOT NULL,
    finished_at REAL,
    start_ms INTEGER,
    utterance_seq INTEGER
);
CREATE INDEX asr_jobs_status ON asr_jobs(status, created_at);
CREATE INDEX asr_jobs_path ON asr_jobs(meeting_id, audio_path);
CREATE TABLE meeting_agent_bindings (
    meeting_id TEXT PRIMARY KEY REFERENCES meetings(id),
    session_id TEXT NOT NULL,
    state TEXT NOT NULL,
    delivered_seq INTEGER NOT NULL DEFAULT 0,
    analyzed_seq INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL
);
CREATE TABLE intent_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    meeting_id TEXT NOT NULL,
    intent_id TEXT NOT NULL,
    type TEXT NOT NULL,
    revision INTEGER NOT NULL,
    payload TEXT NOT NULL,
    basis_seq INTEGER NOT NULL,
    produced_by TEXT NOT NULL,
    schema_version INTEGER NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX intent_events_intent ON intent_events(intent_id, id);
CREATE TABLE meeting_intents (
    id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL REFERENCES meetings(id),
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    evidence_seqs TEXT NOT NULL,
    evidence TEXT NOT NULL,
    revision INTEGER NOT NULL,
    status TEXT NOT NULL,
    basis_seq INTEGER NOT NULL,
    risk TEXT NOT NULL,
    entity_ref TEXT,
    subagent_id TEXT,
    question TEXT,
    produced_by TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX meeting_intents_meeting ON meeting_intents(meeting_id, status);
CREATE TABLE meeting_ai_actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    meeting_id TEXT NOT NULL,
    intent_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    basis_seq INTEGER NOT NULL,
    result TEXT NOT NULL,
    reason TEXT,
    response TEXT NOT NULL,
    actor TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX meeting_ai_actions_intent ON meeting_ai_actions(intent_id, revision, result);
CREATE TABLE tasks (
    intent_id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL,
    title TEXT NOT NULL,
    owner TEXT,
    due_date_raw TEXT,
    priority TEXT NOT NULL,
    evidence TEXT NOT NULL,
    evidence_seqs TEXT NOT NULL,
    revision INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE decisions (
    intent_id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL,
    text TEXT NOT NULL,
    evidence TEXT NOT NULL,
    evidence_seqs TEXT NOT NULL,
    revision INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE notes (
    intent_id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    evidence TEXT NOT NULL,
    evidence_seqs TEXT NOT NULL,
    revision INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE open_questions (
    intent_id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL,
    text TEXT NOT NULL,
    question_type TEXT NOT NULL,
    candidates TEXT NOT NULL,
    evidence TEXT NOT NULL,
    evidence_seqs TEXT NOT NULL,
    revision INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE changes (
    meeting_id TEXT NOT NULL,
    cursor INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (meeting_id, cursor)
);
CREATE TABLE agent_traces (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    meeting_id TEXT NOT NULL,
    trace_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    turn INTEGER NOT NULL,
    step INTEGER NOT NULL,
    brain TEXT NOT NULL,
    tool_calls TEXT NOT NULL,
    duration_ms REAL NOT NULL,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    context_chars INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created_at REAL NOT NULL
);
CREATE INDEX agent_traces_meeting ON agent_traces(meeting_id, id);
CREATE TABLE subagents (
    id TEXT PRIMARY KEY,
    meeting_id TEXT NOT NULL,
    task TEXT NOT NULL,
    intent_id TEXT,
    state TEXT NOT NULL,
    history TEXT NOT NULL DEFAULT '[]',
    result TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE minutes (
    meeting_id TEXT PRIMARY KEY,
    json TEXT NOT NULL,
    markdown TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE audio_streams (
    meeting_id TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    received_ms INTEGER NOT NULL DEFAULT 0,
    cut_ms INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL
);
"""

# Meeting vocabulary (agenda; glossary was there from V1) and what ASR correction rewrote.
V2 = """
ALTER TABLE meetings ADD COLUMN agenda TEXT NOT NULL DEFAULT '';
ALTER TABLE utterances ADD COLUMN text_raw TEXT;
ALTER TABLE utterances ADD COLUMN rewrites TEXT NOT NULL DEFAULT '[]';
"""

# Language ``auto`` (issue #15): ``language_auto`` = 1 while Whisper has not yet fixed the
# meeting's language (``language`` holds the provisional ``zh``); ``utterances.language`` is the
# language a segment was heard in, so one that disagrees with the meeting is flagged, not dropped.
V3 = """
ALTER TABLE meetings ADD COLUMN language_auto INTEGER NOT NULL DEFAULT 0;
ALTER TABLE utterances ADD COLUMN language TEXT;
"""

# People first (issue #15): person-set fields and the model's pending revision on an intent (a
# person's correction of an utterance keeps the first text in ``utterances.text_raw``, from V2).
V4 = """
ALTER TABLE meeting_intents ADD COLUMN set_by_person TEXT NOT NULL DEFAULT '[]';
ALTER TABLE meeting_intents ADD COLUMN pending_revision TEXT;
"""


# Transcript ranges the Supervisor gave up on (a step limit, a failed brain): recorded so that
# nothing is skipped silently; ``open`` until a retry turn has read them (issue #13).
V5 = """
CREATE TABLE IF NOT EXISTS skipped_ranges (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    meeting_id TEXT NOT NULL REFERENCES meetings(id),
    from_seq INTEGER NOT NULL,
    to_seq INTEGER NOT NULL,
    reason TEXT NOT NULL,
    trace_id TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    created_at REAL NOT NULL,
    resolved_at REAL,
    resolved_by TEXT
);
CREATE INDEX IF NOT EXISTS skipped_ranges_meeting ON skipped_ranges(meeting_id, status);
"""

# Why an intent's business write failed (status ``failed``); cleared when it moves on (issue #13).
V6 = """
ALTER TABLE meeting_intents ADD COLUMN error TEXT;
"""

# "Why did it write this?": the turn (trace) behind every intent event and audit row, and the
# Whisper compute time of every job for the minutes' asr_compute_ms (issue #13).
V7 = """
ALTER TABLE intent_events ADD COLUMN trace_id TEXT;
ALTER TABLE meeting_ai_actions ADD COLUMN trace_id TEXT;
CREATE INDEX IF NOT EXISTS intent_events_trace ON intent_events(meeting_id, trace_id);
ALTER TABLE asr_jobs ADD COLUMN compute_ms INTEGER NOT NULL DEFAULT 0;
"""

# A pool of ASR workers (docs/scale.md): a claimed job carries its worker and a lease the worker
# renews; the segment's PCM travels in the row on PostgreSQL (NULL here: the file is local).
V8 = """
ALTER TABLE asr_jobs ADD COLUMN worker_id TEXT;
ALTER TABLE asr_jobs ADD COLUMN lease_until REAL;
ALTER TABLE asr_jobs ADD COLUMN audio BLOB;
"""

# Meeting ownership across nodes (docs/scale.md): the node that runs a meeting's coordinator and
# Supervisor holds its lease until ``expires_at`` and renews it; another node takes an expired one.
V9 = """
CREATE TABLE IF NOT EXISTS meeting_leases (
    meeting_id TEXT PRIMARY KEY REFERENCES meetings(id),
    node_id TEXT NOT NULL,
    expires_at REAL NOT NULL
);
"""

# Webhook outbox (issue #15): one row per applied / revised / retracted item, written in the
# transaction that changed the intent; the delivery task marks it delivered on a 2xx.
V10 = """
CREATE TABLE IF NOT EXISTS webhook_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    meeting_id TEXT NOT NULL,
    intent_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    event TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at REAL NOT NULL,
    lease_until REAL,
    last_error TEXT,
    created_at REAL NOT NULL,
    delivered_at REAL
);
CREATE UNIQUE INDEX IF NOT EXISTS webhook_outbox_key ON webhook_outbox(intent_id, revision, event);
CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox(status, next_at);
"""

MIGRATIONS: list[str] = [V1, V2, V3, V4, V5, V6, V7, V8, V9, V10]
SCHEMA_VERSION = len(MIGRATIONS)
