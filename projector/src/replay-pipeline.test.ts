import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JsonObject, RecordedEvent } from '@portal/platform/event-store/port';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { projections } from './projections';
import { ProjectionTransaction, type Projection } from './runtime';
import { projectorMigrations } from './schema';

// A rebuild begins the next transaction while the previous one is still writing and committing (rebuild.ts). These
// tests hold the previous commit open and check that the next transaction neither reads what that one changed from
// the database (not committed yet) nor writes anything that depends on it before it has committed.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(projectorMigrations);
});
afterAll(async () => {
  await db.drop();
});

let position = 0n;
const event = (streamId: string, revision: number, type: string, data: JsonObject): RecordedEvent => ({
  id: randomUUID(),
  streamId,
  revision: BigInt(revision),
  position: ++position,
  type,
  data,
  metadata: { actorUsername: 'ops' },
  createdAt: new Date(),
});

/** A projection whose commit waits until `release` is called. */
function heldCommit() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const projection: Projection = { name: 'held-commit', apply() {}, flush: () => released };
  return { projection, release };
}

/** Applies `first` in one transaction, then `next` in the one after it while the first's commit is held open (a replay's pipeline); commits both. */
async function whileCommitting(first: RecordedEvent[], next: RecordedEvent[]): Promise<void> {
  const held = heldCommit();
  const all = [...projections, held.projection];
  const before = await ProjectionTransaction.begin(db.pool, all, { lock: null, notify: false });
  await before.apply(first);
  const committing = before.commit();
  committing.catch(() => {});
  const after = await ProjectionTransaction.begin(db.pool, all, { lock: null, notify: false, after: before });
  try {
    await after.apply(next);
    held.release();
    await committing;
    await after.commit();
  } finally {
    await after.rollback();
  }
}

it('folds a load its predecessor changed from memory, and marks a document it uploaded deleted only once it has committed', async () => {
  const loadId = randomUUID();
  const documentId = randomUUID();
  const stream = `load-${loadId}`;
  const held = heldCommit();
  const all = [...projections, held.projection];

  const first = await ProjectionTransaction.begin(db.pool, all, { lock: null, notify: false });
  await first.apply([
    event(stream, 0, 'LoadCreated', {
      load_id: loadId, load_number: 'PIPE-1', kdt_id: 'KDT-PIPE-1', vendor_id: null, vendor_name: null, user_id: randomUUID(),
      pickup_location: null, pickup_date: null, delivery_location: null, delivery_date: null, rate_amount: null,
      created_at: new Date().toISOString(),
    }),
    event(stream, 1, 'LoadDocumentUploaded', {
      document_id: documentId, document_type: 'bol',
      file: { sha256: 'a'.repeat(64), name: 'bol.pdf', size: 10, content_type: 'application/pdf', uploaded_at: new Date().toISOString() },
    }),
  ]);
  const committing = first.commit();
  committing.catch(() => {});

  const second = await ProjectionTransaction.begin(db.pool, all, { lock: null, notify: false, after: first });
  try {
    // The load is not committed yet: had the second transaction read it from the database, it would not find it.
    await second.apply([
      event(stream, 2, 'LoadStatusChanged', { from: 'open', to: 'picked_up' }),
      event(stream, 3, 'LoadDocumentDeleted', { document_id: documentId, document_type: 'bol', file_name: 'bol.pdf' }),
    ]);
    expect((await db.pool.query('SELECT 1 FROM loads WHERE id = $1', [loadId])).rows).toHaveLength(0);
    held.release();
    await committing;
    await second.commit();
  } finally {
    await second.rollback();
  }

  const { rows: loads } = await db.pool.query('SELECT status, state FROM loads WHERE id = $1', [loadId]);
  expect(loads).toHaveLength(1);
  expect(loads[0].status).toBe('picked_up');
  expect(loads[0].state.kdtId).toBe('KDT-PIPE-1');
  const { rows: documents } = await db.pool.query('SELECT deleted_at FROM load_documents WHERE id = $1', [documentId]);
  expect(documents).toHaveLength(1);
  expect(documents[0].deleted_at).not.toBeNull();
});

it("names a load after its vendor's new name when the rename is still being committed by its predecessor", async () => {
  const vendorId = randomUUID();
  const loadId = randomUUID();
  const vendorStream = `vendor-${vendorId}`;
  const loadStream = `load-${loadId}`;
  const created = await ProjectionTransaction.begin(db.pool, projections, { lock: null, notify: false });
  await created.apply([
    event(vendorStream, 0, 'VendorProfileCreated', { vendor_id: vendorId, user_id: randomUUID(), username: 'pipe-carrier' }),
    event(loadStream, 0, 'LoadCreated', {
      load_id: loadId, load_number: 'PIPE-2', kdt_id: 'KDT-PIPE-2', vendor_id: vendorId, vendor_name: 'pipe-carrier', user_id: randomUUID(),
      pickup_location: null, pickup_date: null, delivery_location: null, delivery_date: null, rate_amount: null,
      created_at: new Date().toISOString(),
    }),
  ]);
  await created.commit();

  const held = heldCommit();
  const all = [...projections, held.projection];
  const renaming = await ProjectionTransaction.begin(db.pool, all, { lock: null, notify: false });
  await renaming.apply([event(vendorStream, 1, 'VendorProfileEdited', { section: 'company', changes: { business_name: { from: null, to: 'Renamed Freight' } } })]);
  const committing = renaming.commit();
  committing.catch(() => {});
  const next = await ProjectionTransaction.begin(db.pool, all, { lock: null, notify: false, after: renaming });
  try {
    // The load is read from the database, where its vendor still has the old name.
    await next.apply([event(loadStream, 1, 'LoadStatusChanged', { from: 'open', to: 'delivered' })]);
    held.release();
    await committing;
    await next.commit();
  } finally {
    await next.rollback();
  }

  const { rows } = await db.pool.query('SELECT status, vendor_name, view FROM loads WHERE id = $1', [loadId]);
  expect(rows[0].status).toBe('delivered');
  expect(rows[0].vendor_name).toBe('Renamed Freight');
  expect(rows[0].view.vendor_name).toBe('Renamed Freight');
});

it('carries on, keeping the first, when a document id is recorded as uploaded twice (in one batch, and in a later one)', async () => {
  // The command side never records this (an upload key used again is refused); should a slip ever record it, a
  // duplicate key in load_documents would stop the projector, and so every read model, for everyone.
  const loadId = randomUUID();
  const documentId = randomUUID();
  const stream = `load-${loadId}`;
  const upload = (revision: number, name: string) =>
    event(stream, revision, 'LoadDocumentUploaded', {
      document_id: documentId, document_type: 'bol',
      file: { sha256: 'b'.repeat(64), name, size: 10, content_type: 'application/pdf', uploaded_at: new Date().toISOString() },
    });
  const first = await ProjectionTransaction.begin(db.pool, projections, { lock: null, notify: false });
  await first.apply([
    event(stream, 0, 'LoadCreated', {
      load_id: loadId, load_number: 'PIPE-3', kdt_id: 'KDT-PIPE-3', vendor_id: null, vendor_name: null, user_id: randomUUID(),
      pickup_location: null, pickup_date: null, delivery_location: null, delivery_date: null, rate_amount: null,
      created_at: new Date().toISOString(),
    }),
    upload(1, 'first.pdf'),
    upload(2, 'same batch.pdf'),
  ]);
  await first.commit();
  const later = await ProjectionTransaction.begin(db.pool, projections, { lock: null, notify: false });
  await later.apply([upload(3, 'later batch.pdf'), event(stream, 4, 'LoadStatusChanged', { from: 'open', to: 'picked_up' })]);
  await later.commit();

  const { rows: documents } = await db.pool.query('SELECT name FROM load_documents WHERE load_id = $1', [loadId]);
  expect(documents).toEqual([{ name: 'first.pdf' }]);
  // The batch after the duplicate was applied whole.
  const { rows: loads } = await db.pool.query('SELECT status, state FROM loads WHERE id = $1', [loadId]);
  expect(loads[0].status).toBe('picked_up');
  // The load's own state keeps the first as well.
  expect(loads[0].state.documents.map((d: { file: { name: string } }) => d.file.name)).toEqual(['first.pdf']);
});

it("applies an account's login, tier change and deletion when the account is still being committed by its predecessor", async () => {
  // Before, these were UPDATEs made as each event was applied: they could not see the rows the previous transaction
  // was still committing, and changed nothing. A rebuild over more than 1,000,000 events handed a deleted staff member
  // their account back and a demoted one their old tier's reads.
  const userId = randomUUID();
  const stream = `user-${userId}`;
  const at = new Date('2026-11-26T12:00:00Z').toISOString();
  await whileCommitting(
    [
      event(stream, 0, 'UserSignedUp', { user_id: userId, username: 'pipe-staff', email: 'pipe@example.com', kind: 'STAFF', first_name: 'Pipe', last_name: 'Staff', builtin: false, vendor_id: null }),
      event(stream, 1, 'StaffProfileCreated', { user_id: userId, tier: 'ACCOUNTING', first_name: 'Pipe', last_name: 'Staff', email: 'pipe@example.com', builtin: false }),
      event(stream, 2, 'UserActivated', { user_id: userId }),
    ],
    [
      event(stream, 3, 'UserLoggedIn', { user_id: userId, at }),
      event(stream, 4, 'StaffTierChanged', { user_id: userId, from: 'ACCOUNTING', to: 'PENDING' }),
      event(stream, 5, 'UserDeleted', { user_id: userId }),
    ],
  );

  const { rows: users } = await db.pool.query('SELECT is_active, last_login, deleted_at, deleted_by FROM users WHERE id = $1', [userId]);
  expect(users).toHaveLength(1);
  expect(users[0].is_active).toBe(true);
  expect(users[0].last_login?.toISOString()).toBe(at);
  expect(users[0].deleted_at).not.toBeNull();
  expect(users[0].deleted_by).toBe('ops');
  const { rows: staff } = await db.pool.query('SELECT tier FROM staff_profiles WHERE user_id = $1', [userId]);
  expect(staff).toEqual([{ tier: 'PENDING' }]);
});

it('keeps the newest 100 probes when the probes before them are still being committed by the predecessor', async () => {
  await db.pool.query('DELETE FROM pipeline_probes');
  const probe = (n: number) => event(`probe-${n}`, 0, 'PipelineProbed', { probe_id: randomUUID(), requested_at: new Date().toISOString() });
  const older = Array.from({ length: 80 }, (_, n) => probe(n));
  const newest = Array.from({ length: 60 }, (_, n) => probe(80 + n));
  await whileCommitting(older, newest);
  const { rows } = await db.pool.query<{ position: string }>('SELECT position FROM pipeline_probes ORDER BY position');
  expect(rows).toHaveLength(100);
  expect(BigInt(rows.at(-1)!.position)).toBe(newest.at(-1)!.position);
});
