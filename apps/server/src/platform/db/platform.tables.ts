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
  schema_migrations: {
    version: number;
    name: string;
    checksum: string;
    applied_at: Generated<Date>;
  };
};
