import type { Generated } from 'kysely';

export type PlatformTables = {
  /** Append-only (a trigger refuses UPDATE, DELETE, TRUNCATE): operators' actions (SPEC §6, issue 14). */
  audit_log: {
    id: Generated<string>;
    actor_user_id: string | null;
    action: string;
    target_type: string | null;
    target_id: string | null;
    details: Generated<unknown>;
    before: unknown | null;
    after: unknown | null;
    reason: string | null;
    ip: string | null;
    request_id: string | null;
    created_at: Generated<Date>;
  };
  /** Development mail (no SMTP_URL): the platform mailer writes here. */
  mail_outbox: {
    id: Generated<string>;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: Generated<Date>;
  };
  /** Durable background work (issue 15): platform/jobs enqueues, claims and retries these. */
  platform_jobs: {
    id: Generated<string>;
    name: string;
    payload: unknown;
    state: 'queued' | 'running' | 'done' | 'failed';
    attempts: Generated<number>;
    max_attempts: number;
    run_at: Date;
    locked_by: string | null;
    locked_until: Date | null;
    last_error: string | null;
    singleton_key: string | null;
    created_at: Date;
    finished_at: Date | null;
  };
  /** Operator alerts (issue 15): platform/jobs/alerts.ts raises, resolves and lists them. */
  platform_alerts: {
    id: Generated<string>;
    kind: string;
    message: string;
    details: unknown;
    dedupe_key: string | null;
    occurrences: Generated<number>;
    created_at: Date;
    last_seen_at: Date;
    resolved_at: Date | null;
  };
  schema_migrations: {
    version: number;
    name: string;
    checksum: string;
    applied_at: Generated<Date>;
  };
};
