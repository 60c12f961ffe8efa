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
  {
    id: 'projector-003-accounts',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('VENDOR', 'STAFF')),
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        is_active boolean NOT NULL DEFAULT false,
        builtin boolean NOT NULL DEFAULT false,
        vendor_id uuid,
        date_joined timestamptz NOT NULL,
        last_login timestamptz,
        deleted_at timestamptz
      );
      CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
      CREATE TABLE staff_profiles (
        user_id uuid PRIMARY KEY,
        tier text NOT NULL CHECK (tier IN ('ADMIN', 'DISPATCH_OPS', 'ACCOUNTING', 'PENDING')),
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        phone_ext text NOT NULL DEFAULT '',
        department text NOT NULL DEFAULT '',
        position text NOT NULL DEFAULT '',
        bio text NOT NULL DEFAULT '',
        builtin boolean NOT NULL DEFAULT false
      );
      CREATE TABLE vendor_profiles (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL UNIQUE,
        username text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );`,
  },
];
