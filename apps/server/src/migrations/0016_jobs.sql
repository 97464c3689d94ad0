-- The platform's durable background work and operator alerts (issue 15). Platform tables: no
-- module owns them; platform/jobs reads and writes them.

-- One row per job: enqueued (possibly inside the caller's transaction), claimed by one worker at
-- a time with FOR UPDATE SKIP LOCKED, leased until `locked_until` (a worker that dies lets the
-- lease expire and another one takes the job back), retried with backoff up to `max_attempts`.
CREATE TABLE platform_jobs (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  payload JSONB NOT NULL DEFAULT '{}'::jsonb,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  -- Attempts started so far (a claim counts one, even when the worker dies during it).
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts INTEGER NOT NULL CHECK (max_attempts BETWEEN 1 AND 1000),
  run_at TIMESTAMPTZ NOT NULL,
  locked_by TEXT,
  locked_until TIMESTAMPTZ,
  last_error TEXT,
  -- At most one unfinished (queued or running) job per name and key.
  singleton_key TEXT CHECK (singleton_key IS NULL OR length(singleton_key) BETWEEN 1 AND 300),
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ,
  CHECK ((state = 'running') = (locked_until IS NOT NULL AND locked_by IS NOT NULL)),
  CHECK ((state IN ('done', 'failed')) = (finished_at IS NOT NULL)),
  CHECK (state <> 'failed' OR last_error IS NOT NULL)
);

CREATE UNIQUE INDEX platform_jobs_singleton_idx ON platform_jobs (name, singleton_key)
  WHERE singleton_key IS NOT NULL AND state IN ('queued', 'running');
-- What a worker claims: queued jobs in the order they fall due.
CREATE INDEX platform_jobs_due_idx ON platform_jobs (run_at, id) WHERE state = 'queued';
-- Leases to recover.
CREATE INDEX platform_jobs_running_idx ON platform_jobs (locked_until) WHERE state = 'running';
-- The dashboard's last failures, and the pruning of finished jobs.
CREATE INDEX platform_jobs_finished_idx ON platform_jobs (state, finished_at DESC) WHERE finished_at IS NOT NULL;

-- Something an operator must look at (a reorg deeper than the confirmations, a stuck withdrawal,
-- a hot wallet low on gas): also an error-level log line and a metric. An open alert with a
-- dedupe key is not raised twice: a repeat counts on the open row.
CREATE TABLE platform_alerts (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
  details JSONB NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key TEXT CHECK (dedupe_key IS NULL OR length(dedupe_key) BETWEEN 1 AND 300),
  occurrences INTEGER NOT NULL DEFAULT 1 CHECK (occurrences >= 1),
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  resolved_at TIMESTAMPTZ
);

CREATE UNIQUE INDEX platform_alerts_open_dedupe_idx ON platform_alerts (kind, dedupe_key)
  WHERE resolved_at IS NULL AND dedupe_key IS NOT NULL;
CREATE INDEX platform_alerts_open_idx ON platform_alerts (created_at DESC) WHERE resolved_at IS NULL;
