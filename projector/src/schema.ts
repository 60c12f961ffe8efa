import type { Migration } from '@portal/platform/db/migrate';

/** Read-model tables are written by the projector only. */
export const projectorMigrations: Migration[] = [
  {
    id: 'projector-001-checkpoints',
    sql: `
      CREATE TABLE projector_checkpoints (
        name text PRIMARY KEY,
        position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    id: 'projector-002-pipeline-probes',
    sql: `
      CREATE TABLE pipeline_probes (
        probe_id uuid PRIMARY KEY,
        position bigint NOT NULL,
        requested_at timestamptz NOT NULL,
        projected_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];
