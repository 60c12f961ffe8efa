import type { Migration } from '../db/migrate';

export const authMigrations: Migration[] = [
  {
    id: 'platform-002-sessions',
    sql: `
      -- Sessions are infrastructure shared by both APIs, not a read model. Only a hash of the id is stored.
      CREATE TABLE sessions (
        id_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_user_id ON sessions (user_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
      -- Failed-login counters per username and per client, shared by every command-api instance.
      CREATE TABLE auth_throttle (
        key text PRIMARY KEY,
        failures int NOT NULL,
        window_started_at timestamptz NOT NULL,
        locked_until timestamptz
      );`,
  },
];
