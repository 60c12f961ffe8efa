import type { Migration } from '@portal/platform/db/migrate';

/** Every read-model table: a rebuild builds all of them in a scratch schema and swaps them in together. */
export const READ_MODEL_TABLES = [
  'projector_checkpoints', 'pipeline_probes', 'users', 'staff_profiles', 'vendor_profiles', 'vendor_files', 'loads', 'load_documents', 'payment_history',
] as const;

/** Columns that record when a row was projected, not what happened: ignored when comparing a rebuild. */
export const PROJECTION_TIME_COLUMNS: Partial<Record<(typeof READ_MODEL_TABLES)[number], string[]>> = {
  projector_checkpoints: ['updated_at'],
  pipeline_probes: ['projected_at'],
};

/**
 * The shape of what the projections write. Raise it with any change to what a projection writes for the same events
 * (a new column filled, rows it did not write before, a value worked out differently): a projector that starts on read
 * models of a lower version rebuilds them from the events while they keep serving (`upgrade.ts`). Every batch records
 * it with the checkpoint.
 * 1: everything before versions were kept. 2: the payments log's rate changes and `payment_history.actor_type`.
 * 3: a replay's account changes (logins, deletions, restores, tier changes) no longer lost between its transactions.
 * 4: a vendor file uploaded again under another name (the same bytes as another document) keeps that name too.
 * 5: a load's documents keep the vendor the load had when each was uploaded, and its counts leave out an earlier
 *    carrier's (a load handed to another carrier showed it the previous one's rate confirmation).
 */
export const READ_MODELS_VERSION = 5;

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
  {
    id: 'projector-004-loads',
    sql: `
      -- One row per load. state is the folded aggregate (the same evolve as the command side), so a load reads the
      -- same here as in a command's answer; the typed columns serve filtering and sorting.
      CREATE TABLE loads (
        id uuid PRIMARY KEY,
        kdt_id text NOT NULL,
        load_number text NOT NULL,
        vendor_id uuid,
        user_id uuid NOT NULL,
        vendor_name text,
        status text NOT NULL,
        payment_status text NOT NULL,
        pickup_date timestamptz,
        delivery_date timestamptz,
        state jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        position bigint NOT NULL
      );
      CREATE UNIQUE INDEX loads_kdt_id_lower ON loads (lower(kdt_id));
      CREATE INDEX loads_vendor_id ON loads (vendor_id) WHERE deleted_at IS NULL;
      CREATE INDEX loads_created_at ON loads (created_at DESC) WHERE deleted_at IS NULL;`,
  },
  {
    id: 'projector-005-vendor-profiles',
    sql: `
      -- The folded vendor aggregate (the domain's own evolve), its display name, and every file it ever uploaded
      -- (replaced versions stay servable to those allowed to see them).
      ALTER TABLE vendor_profiles ADD COLUMN state jsonb, ADD COLUMN vendor_name text, ADD COLUMN deleted_at timestamptz;
      CREATE TABLE vendor_files (
        vendor_id uuid NOT NULL,
        sha256 text NOT NULL,
        name text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        PRIMARY KEY (vendor_id, sha256)
      );`,
  },
  {
    id: 'projector-006-load-documents',
    sql: `
      CREATE TABLE load_documents (
        id uuid PRIMARY KEY,
        load_id uuid NOT NULL,
        document_type text NOT NULL,
        name text NOT NULL,
        sha256 text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        uploaded_at timestamptz NOT NULL,
        deleted_at timestamptz
      );
      CREATE INDEX load_documents_load ON load_documents (load_id, document_type) WHERE deleted_at IS NULL;`,
  },
  {
    id: 'projector-007-audit',
    sql: `
      -- Who deleted a record, for the recycle bin.
      ALTER TABLE loads ADD COLUMN deleted_by text;
      ALTER TABLE vendor_profiles ADD COLUMN deleted_by text;
      ALTER TABLE users ADD COLUMN deleted_by text;
      -- One row per payment fact that changed on a load: the cross-load payments log of accounting.
      CREATE TABLE payment_history (
        position bigint NOT NULL,
        seq int NOT NULL,
        load_id uuid NOT NULL,
        kdt_id text NOT NULL,
        vendor_id uuid,
        vendor_name text,
        at timestamptz NOT NULL,
        actor_username text,
        actor_tier text,
        field text NOT NULL,
        from_value jsonb,
        to_value jsonb,
        payment_status text NOT NULL,
        PRIMARY KEY (position, seq)
      );
      CREATE INDEX payment_history_at ON payment_history (at DESC);
      CREATE INDEX payment_history_load ON payment_history (load_id, position);`,
  },
  {
    id: 'projector-008-load-views',
    sql: `
      -- Each load exactly as the API answers it, so a list of tens of thousands is one json_agg handed over as text.
      ALTER TABLE loads ADD COLUMN view jsonb;`,
  },
  {
    id: 'projector-009-load-storage',
    sql: `
      -- A load's state and view (~1.5 kB each) make its row larger than PostgreSQL's 2 kB TOAST threshold: by default
      -- both are compressed with pglz on every write, which cost about 40% of a projector batch's write time. Stored
      -- out of line uncompressed instead (more disk, less CPU on the hot write path).
      ALTER TABLE loads ALTER COLUMN state SET STORAGE EXTERNAL, ALTER COLUMN view SET STORAGE EXTERNAL;`,
  },
  {
    id: 'projector-010-load-json-text',
    sql: `
      -- A load's state and view are only ever read whole (by the projector and the read API), never queried inside:
      -- json keeps the text as written (PostgreSQL only validates it), where jsonb parsed and rebuilt both documents on
      -- every write, the largest share of a batch's write time, and serialised them again on every read.
      ALTER TABLE loads ALTER COLUMN state TYPE json USING state::json, ALTER COLUMN view TYPE json USING view::json;
      ALTER TABLE loads ALTER COLUMN state SET STORAGE EXTERNAL, ALTER COLUMN view SET STORAGE EXTERNAL;`,
  },
  {
    id: 'projector-011-load-rows-inline',
    sql: `
      -- A load's row (about 2.5 kB with its state and view) stays whole in its heap page: under 009 and 010 both
      -- documents went to the TOAST table on every write (a TOAST row and index entry each, and the old ones dead).
      -- Rows up to 8 kB are now neither compressed nor moved out of line (EXTERNAL still applies above that), and each
      -- page keeps room for the next version of its rows (fillfactor 75), so a status or payment change is a HOT
      -- update that adds no index entries. Measured under figure 2's load: the projector's load write cost 108 µs of
      -- database time per command before, about 70 µs after. Rows written before keep their TOAST until next changed.
      ALTER TABLE loads SET (toast_tuple_target = 8160, fillfactor = 75);`,
  },
  {
    id: 'projector-012-payment-actor-type',
    sql: `
      -- Who made a payment change: a vendor (a carrier marking its own load paid) or staff, as the load's own payment
      -- history says; the tier alone left a carrier's rows unlabelled. Rows projected before have none until a rebuild.
      ALTER TABLE payment_history ADD COLUMN actor_type text;`,
  },
  {
    id: 'projector-013-checkpoint-version',
    sql: `
      -- Which version of the projections (READ_MODELS_VERSION) wrote the checkpoint, and the position it wrote: every
      -- batch writes both with the checkpoint (a rebuild's too). A projector of a release before versions were kept
      -- moves the position alone, which tells that it projected since. Rows from before have neither.
      ALTER TABLE projector_checkpoints ADD COLUMN version integer, ADD COLUMN version_position bigint;`,
  },
  {
    id: 'projector-014-vendor-file-names',
    sql: `
      -- A vendor's file is kept once per name it was uploaded under: the same bytes uploaded as the W-9 and as the bank
      -- document are served under each one's own name (keyed by content alone, the second upload's name was dropped
      -- and its link downloaded under the first's). Names the key dropped come back with the rebuild of version 4.
      ALTER TABLE vendor_files DROP CONSTRAINT vendor_files_pkey, ADD PRIMARY KEY (vendor_id, sha256, name);`,
  },
];
