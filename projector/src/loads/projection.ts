import * as loads from '@portal/domain/loads/decider';
import { loadView } from '@portal/domain/loads/view';
import { LOAD_EVENT_TYPES, type LoadEvent } from '@portal/domain/loads/events';
import type { Projection } from '../runtime';

const LOAD_EVENTS = new Set<string>(LOAD_EVENT_TYPES);

/** The loads read model: each event folds into the stored state with the domain's own evolve. */
export const loadsProjection: Projection = {
  name: 'loads',
  async apply(recorded, { tx, changed }) {
    if (!LOAD_EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as unknown as LoadEvent;
    const loadId = recorded.streamId.slice('load-'.length);
    let before: loads.LoadState = loads.initialState();
    if (event.type !== 'LoadCreated') {
      const { rows } = await tx.query<{ state: loads.Load }>('SELECT state FROM loads WHERE id = $1', [loadId]);
      if (!rows[0]) throw new Error(`load ${loadId} has no row to apply ${event.type} to`);
      before = { status: 'exists', load: rows[0].state };
    }
    const after = loads.evolve(before, event);
    if (after.status !== 'exists') return;
    // The vendor's name as it reads now (a rename after the load recorded it must not be undone by a later event).
    let l = after.load;
    if (l.vendorId) {
      const { rows: vendor } = await tx.query<{ vendor_name: string | null }>('SELECT vendor_name FROM vendor_profiles WHERE id = $1', [l.vendorId]);
      if (vendor[0]?.vendor_name) l = { ...l, vendorName: vendor[0].vendor_name };
    }
    // A deletion keeps the time and actor of the delete event; a restore clears both.
    await tx.query(
      `INSERT INTO loads (id, kdt_id, load_number, vendor_id, user_id, vendor_name, status, payment_status, pickup_date, delivery_date,
                          state, created_at, updated_at, position, view)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, $17)
       ON CONFLICT (id) DO UPDATE SET vendor_id = $4, vendor_name = $6, status = $7, payment_status = $8, pickup_date = $9,
         delivery_date = $10, state = $11, updated_at = $13, position = $15, view = $17,
         deleted_at = CASE WHEN $14 THEN COALESCE(loads.deleted_at, $13) ELSE NULL END,
         deleted_by = CASE WHEN $14 THEN COALESCE(loads.deleted_by, $16) ELSE NULL END`,
      [
        l.id, l.kdtId, l.loadNumber, l.vendorId, l.userId, l.vendorName, l.status, l.paymentStatus, l.pickupDate, l.deliveryDate,
        JSON.stringify(l), l.createdAt, recorded.createdAt, l.deleted, recorded.position, recorded.metadata.actorUsername ?? null,
        JSON.stringify(loadView(l)),
      ],
    );
    const vendors = [before.status === 'exists' ? before.load.vendorId : null, l.vendorId].filter((v): v is string => v !== null);
    changed({ kind: 'load', key: l.id, op: l.deleted ? 'remove' : 'upsert', vendors: [...new Set(vendors)] });
  },
};
