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
  {
    id: 'platform-002-append-group',
    sql: `
      -- Appends a group of appends in order, each with its own expected revision, in the caller's transaction: one
      -- statement per group, with plans cached per connection. An append whose expectation fails writes nothing and
      -- answers NULLs. The stream row is locked before the head row, as every append does; the head row lock is held
      -- to the commit, so positions become visible strictly in order.
      CREATE FUNCTION es_append_group(items jsonb)
      RETURNS TABLE (item int, appended_position bigint, appended_revision bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        entry jsonb;
        expected text;
        n int;
        rev bigint;
        head bigint;
        last_head bigint;
        k int := 0;
      BEGIN
        FOR entry IN SELECT value FROM jsonb_array_elements(items) LOOP
          k := k + 1;
          n := jsonb_array_length(entry->'events');
          expected := entry->>'expected';
          rev := NULL;
          IF expected = 'any' THEN
            INSERT INTO es_streams AS s (stream_id, revision) VALUES (entry->>'stream', n - 1)
              ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n RETURNING s.revision INTO rev;
          ELSIF expected = 'no_stream' THEN
            INSERT INTO es_streams AS s (stream_id, revision) VALUES (entry->>'stream', n - 1)
              ON CONFLICT (stream_id) DO NOTHING RETURNING s.revision INTO rev;
          ELSIF expected = 'stream_exists' THEN
            UPDATE es_streams AS s SET revision = s.revision + n WHERE s.stream_id = entry->>'stream' RETURNING s.revision INTO rev;
          ELSE
            UPDATE es_streams AS s SET revision = s.revision + n
              WHERE s.stream_id = entry->>'stream' AND s.revision = expected::bigint RETURNING s.revision INTO rev;
          END IF;
          item := k;
          IF rev IS NULL THEN
            appended_position := NULL;
            appended_revision := NULL;
          ELSE
            UPDATE es_head AS h SET position = h.position + n RETURNING h.position INTO head;
            INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata)
              SELECT head - n + e.ord, (e.ev->>'id')::uuid, entry->>'stream', rev - n + e.ord, e.ev->>'type', e.ev->'data', e.ev->'metadata'
              FROM jsonb_array_elements(entry->'events') WITH ORDINALITY AS e(ev, ord);
            appended_position := head;
            appended_revision := rev;
            last_head := head;
          END IF;
          RETURN NEXT;
        END LOOP;
        IF last_head IS NOT NULL THEN
          PERFORM pg_notify('es_events', last_head::text);
        END IF;
      END
      $fn$;
    `,
  },
  {
    id: 'platform-003-append-group-head-first',
    sql: `
      -- As platform-002's, but the head row is locked first, before any stream row. Two groups appending at once (two
      -- command APIs, or the ops CLI beside one) then queue whole on the head row; before, one could hold a stream row
      -- the other needed while it waited for the head row the other held, and PostgreSQL aborted one of them after
      -- deadlock_timeout (its appends were then retried one by one).
      CREATE OR REPLACE FUNCTION es_append_group(items jsonb)
      RETURNS TABLE (item int, appended_position bigint, appended_revision bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        entry jsonb;
        expected text;
        n int;
        rev bigint;
        head bigint;
        last_head bigint;
        k int := 0;
      BEGIN
        PERFORM 1 FROM es_head FOR UPDATE;
        FOR entry IN SELECT value FROM jsonb_array_elements(items) LOOP
          k := k + 1;
          n := jsonb_array_length(entry->'events');
          expected := entry->>'expected';
          rev := NULL;
          IF expected = 'any' THEN
            INSERT INTO es_streams AS s (stream_id, revision) VALUES (entry->>'stream', n - 1)
              ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n RETURNING s.revision INTO rev;
          ELSIF expected = 'no_stream' THEN
            INSERT INTO es_streams AS s (stream_id, revision) VALUES (entry->>'stream', n - 1)
              ON CONFLICT (stream_id) DO NOTHING RETURNING s.revision INTO rev;
          ELSIF expected = 'stream_exists' THEN
            UPDATE es_streams AS s SET revision = s.revision + n WHERE s.stream_id = entry->>'stream' RETURNING s.revision INTO rev;
          ELSE
            UPDATE es_streams AS s SET revision = s.revision + n
              WHERE s.stream_id = entry->>'stream' AND s.revision = expected::bigint RETURNING s.revision INTO rev;
          END IF;
          item := k;
          IF rev IS NULL THEN
            appended_position := NULL;
            appended_revision := NULL;
          ELSE
            UPDATE es_head AS h SET position = h.position + n RETURNING h.position INTO head;
            INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata)
              SELECT head - n + e.ord, (e.ev->>'id')::uuid, entry->>'stream', rev - n + e.ord, e.ev->>'type', e.ev->'data', e.ev->'metadata'
              FROM jsonb_array_elements(entry->'events') WITH ORDINALITY AS e(ev, ord);
            appended_position := head;
            appended_revision := rev;
            last_head := head;
          END IF;
          RETURN NEXT;
        END LOOP;
        IF last_head IS NOT NULL THEN
          PERFORM pg_notify('es_events', last_head::text);
        END IF;
      END
      $fn$;
    `,
  },
];
