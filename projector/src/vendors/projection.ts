import * as vendors from '@portal/domain/vendors/decider';
import { VENDOR_EVENT_TYPES, type VendorEvent } from '@portal/domain/vendors/events';
import type { Projection } from '../runtime';

const VENDOR_EVENTS = new Set<string>(VENDOR_EVENT_TYPES);

/** vendor_profiles (the folded vendor) and vendor_files; a new company name also renames the vendor on its loads. */
export const vendorsProjection: Projection = {
  name: 'vendors',
  async apply(recorded, { tx, changed }) {
    if (!VENDOR_EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as unknown as VendorEvent;
    const vendorId = recorded.streamId.slice('vendor-'.length);
    let before: vendors.VendorState = vendors.initialState();
    if (event.type !== 'VendorProfileCreated') {
      const { rows } = await tx.query<{ state: vendors.Vendor }>('SELECT state FROM vendor_profiles WHERE id = $1', [vendorId]);
      if (!rows[0]) throw new Error(`vendor ${vendorId} has no row to apply ${event.type} to`);
      before = { status: 'active', ...rows[0].state };
    }
    const after = vendors.evolve(before, event);
    if (after.status !== 'active') return;
    const { status: _, ...vendor } = after;
    if (event.type === 'VendorProfileCreated') vendor.createdAt = recorded.createdAt.toISOString();
    const name = vendors.vendorDisplayName(vendor);
    await tx.query(
      `INSERT INTO vendor_profiles (id, user_id, username, created_at, updated_at, state, vendor_name)
       VALUES ($1, $2, $3, $4, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET state = $5, vendor_name = $6, updated_at = $4,
         deleted_at = CASE WHEN $7 THEN COALESCE(vendor_profiles.deleted_at, $4) ELSE NULL END,
         deleted_by = CASE WHEN $7 THEN COALESCE(vendor_profiles.deleted_by, $8) ELSE NULL END`,
      [vendor.vendorId, vendor.userId, vendor.username, recorded.createdAt, JSON.stringify(vendor), name, vendor.deleted === true, recorded.metadata.actorUsername ?? null],
    );
    changed({ kind: 'vendor', key: vendor.vendorId, op: vendor.deleted ? 'remove' : 'upsert' });
    const file = event.type === 'VendorDocumentUploaded' ? event.data.file : event.type === 'CarrierAgreementSigned' ? event.data.signature : null;
    if (file) {
      await tx.query(
        `INSERT INTO vendor_files (vendor_id, sha256, name, content_type, size) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [vendor.vendorId, file.sha256, file.name, file.content_type, file.size],
      );
    }
    if (before.status === 'active' && vendors.vendorDisplayName(before) !== name) {
      const { rows } = await tx.query<{ id: string }>(`UPDATE loads SET vendor_name = $2, view = jsonb_set(view, '{vendor_name}', to_jsonb($2::text))
         WHERE vendor_id = $1 AND deleted_at IS NULL RETURNING id`, [vendor.vendorId, name]);
      for (const row of rows) changed({ kind: 'load', key: row.id, op: 'upsert', vendors: [vendor.vendorId] });
    }
  },
};
