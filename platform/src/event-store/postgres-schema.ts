import type { Migration } from '../db/migrate';

export const eventStoreMigrations: Migration[] = [
  {
    id: 'platform-001-event-store',
    sql: `
      -- One row per stream: its last revision. Its row lock serialises writers of one stream.
      CREATE TABLE es_streams (
        stream_id text PRIMARY KEY,
        revision bigint NOT NULL
      );
      -- The last global position handed out. Its row lock is held from position assignment until commit,
      -- so positions become visible strictly in order and a reader never sees position n+1 before n.
      CREATE TABLE es_head (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        position bigint NOT NULL
      );
      INSERT INTO es_head (position) VALUES (0);
      CREATE TABLE es_events (
        position bigint PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        stream_id text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        UNIQUE (stream_id, revision)
      );
      CREATE FUNCTION es_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'es_events is append-only';
      END $$;
      CREATE TRIGGER es_events_no_update BEFORE UPDATE OR DELETE ON es_events
        FOR EACH ROW EXECUTE FUNCTION es_events_append_only();
      CREATE TRIGGER es_events_no_truncate BEFORE TRUNCATE ON es_events
        FOR EACH STATEMENT EXECUTE FUNCTION es_events_append_only();
    `,
  },
];
