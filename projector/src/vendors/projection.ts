import * as vendors from '@portal/domain/vendors/decider';
import { VENDOR_EVENT_TYPES, type VendorEvent } from '@portal/domain/vendors/events';
import type { RecordedEvent } from '@portal/platform/event-store/port';
import { RECYCLE_BIN_CHANGE } from '../notices';
import type { Projection, ProjectionContext } from '../runtime';
import { vendorNames } from './names';

const VENDOR_EVENTS = new Set<string>(VENDOR_EVENT_TYPES);

interface VendorRow {
  id: string;
  user_id: string;
  username: string;
  created_at: Date | string;
  updated_at: Date | string;
  state: vendors.Vendor;
  vendor_name: string | null;
  deleted_at: Date | string | null;
  deleted_by: string | null;
  dirty: boolean;
}

interface VendorFile { vendor_id: string; sha256: string; name: string; content_type: string; size: number }

const batchVendors = (context: ProjectionContext) =>
  context.local('vendors', () => ({ rows: new Map<string, VendorRow>(), files: [] as VendorFile[] }));

const isVendorEvent = (event: RecordedEvent) => VENDOR_EVENTS.has(event.type) && event.streamId.startsWith('vendor-');

/** vendor_profiles (the folded vendor) and vendor_files; a new company name also renames the vendor on its loads. */
export const vendorsProjection: Projection = {
  name: 'vendors',
  async prepare(batch, context) {
    const ids = new Set<string>();
    const batchRows = batchVendors(context).rows;
    for (const event of batch) {
      if (!isVendorEvent(event) || event.type === 'VendorProfileCreated') continue;
      // Vendors an earlier page of this transaction touched are held in memory, newer than their stored rows.
      const id = event.streamId.slice('vendor-'.length);
      if (!batchRows.has(id)) ids.add(id);
    }
    if (ids.size === 0) return;
    const { rows } = await context.tx.query<Omit<VendorRow, 'dirty'>>(
      `SELECT id, user_id, username, created_at, updated_at, state, vendor_name, deleted_at, deleted_by
       FROM vendor_profiles WHERE id = ANY($1::uuid[])`,
      [[...ids]],
    );
    const names = vendorNames(context);
    for (const row of rows) {
      batchRows.set(row.id, { ...row, dirty: false });
      names.set(row.id, row.vendor_name);
    }
  },

  apply(recorded, context) {
    if (!isVendorEvent(recorded)) return;
    const event = { type: recorded.type, data: recorded.data } as unknown as VendorEvent;
    const vendorId = recorded.streamId.slice('vendor-'.length);
    const { rows, files } = batchVendors(context);
    const row = rows.get(vendorId);
    let before: vendors.VendorState = vendors.initialState();
    if (event.type !== 'VendorProfileCreated') {
      if (!row) throw new Error(`vendor ${vendorId} has no row to apply ${event.type} to`);
      before = { status: 'active', ...row.state };
    }
    const after = vendors.evolve(before, event);
    if (after.status !== 'active') return;
    const { status: _, ...vendor } = after;
    if (event.type === 'VendorProfileCreated') vendor.createdAt = recorded.createdAt.toISOString();
    const name = vendors.vendorDisplayName(vendor);
    const earlier = event.type === 'VendorProfileCreated' ? undefined : row;
    const deleted = vendor.deleted === true;
    rows.set(vendor.vendorId, {
      id: vendor.vendorId,
      user_id: earlier?.user_id ?? vendor.userId,
      username: earlier?.username ?? vendor.username,
      created_at: earlier?.created_at ?? recorded.createdAt,
      updated_at: recorded.createdAt,
      state: vendor,
      vendor_name: name,
      deleted_at: deleted ? (earlier?.deleted_at ?? recorded.createdAt) : null,
      deleted_by: deleted ? (earlier?.deleted_by ?? recorded.metadata.actorUsername ?? null) : null,
      dirty: true,
    });
    context.changed({ kind: 'vendor', key: vendor.vendorId, op: vendor.deleted ? 'remove' : 'upsert' });
    if (event.type === 'VendorDeleted' || event.type === 'VendorRestored') {
      context.changed({ kind: RECYCLE_BIN_CHANGE, key: `vendor:${vendor.vendorId}`, op: event.type === 'VendorDeleted' ? 'upsert' : 'remove' });
    }
    const file = event.type === 'VendorDocumentUploaded' ? event.data.file : event.type === 'CarrierAgreementSigned' ? event.data.signature : null;
    if (file) files.push({ vendor_id: vendor.vendorId, sha256: file.sha256, name: file.name, content_type: file.content_type, size: file.size });
    const names = vendorNames(context);
    if (before.status === 'active' && vendors.vendorDisplayName(before) !== name) names.rename(vendor.vendorId, name);
    else names.set(vendor.vendorId, name);
  },

  carry(from, to) {
    const rows = batchVendors(to).rows;
    for (const [id, row] of batchVendors(from).rows) if (row.dirty) rows.set(id, { ...row, dirty: false });
    vendorNames(from).carryTo(vendorNames(to));
  },

  async flush(context) {
    const { rows, files } = batchVendors(context);
    const dirty = [...rows.values()].filter((row) => row.dirty).map(({ dirty: _, ...row }) => row);
    if (dirty.length > 0) {
      await context.tx.query(
        `INSERT INTO vendor_profiles (id, user_id, username, created_at, updated_at, state, vendor_name, deleted_at, deleted_by)
         SELECT id, user_id, username, created_at, updated_at, state, vendor_name, deleted_at, deleted_by
         FROM jsonb_populate_recordset(NULL::vendor_profiles, $1::jsonb)
         ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, vendor_name = EXCLUDED.vendor_name, updated_at = EXCLUDED.updated_at,
           deleted_at = EXCLUDED.deleted_at, deleted_by = EXCLUDED.deleted_by`,
        [JSON.stringify(dirty)],
      );
    }
    if (files.length > 0) {
      await context.tx.query(
        `INSERT INTO vendor_files (vendor_id, sha256, name, content_type, size)
         SELECT vendor_id, sha256, name, content_type, size FROM jsonb_populate_recordset(NULL::vendor_files, $1::jsonb)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(files)],
      );
    }
  },
};
