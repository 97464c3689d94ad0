import type { Generated } from 'kysely';

export type PlatformTables = {
  schema_migrations: {
    version: number;
    name: string;
    checksum: string;
    applied_at: Generated<Date>;
  };
};
