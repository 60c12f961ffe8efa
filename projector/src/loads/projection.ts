import * as loads from '@portal/domain/loads/decider';
import { loadView } from '@portal/domain/loads/view';
import { LOAD_EVENT_TYPES, type LoadEvent } from '@portal/domain/loads/events';
import { addRows, type TypedColumn } from '@portal/platform/db/copy';
import type { RecordedEvent } from '@portal/platform/event-store/port';
import type { Projection, ProjectionContext } from '../runtime';
import { PAYMENTS_CHANGE, PAYMENTS_LOG_KEY } from '../notices';
import { vendorNames } from '../vendors/names';

// A closed load id (LoadCreationAbandoned, its stream's only event) never has a row: nothing to read or write.
const LOAD_EVENTS = new Set<string>(LOAD_EVENT_TYPES.filter((type) => type !== 'LoadCreationAbandoned'));

/** A load row as the batch holds it in memory between `prepare` and `flush`. */
export interface LoadRow {
  state: loads.Load;
  deletedAt: string | Date | null;
  deletedBy: string | null;
  updatedAt: Date | null;
  position: bigint | null;
  dirty: boolean;
  /** Whether the table holds a row for it (written by an earlier transaction): new ones are added with COPY. */
  stored: boolean;
}

/** The batch's loads by id (also read by the payment-history projection, right after each event). */
export const batchLoads = (context: ProjectionContext) => context.local('loads', () => new Map<string, LoadRow>());

/** Rows per INSERT of `flush`. */
const WRITE_CHUNK = 1_000;
/** The columns `flush` writes: addRows for loads new to the table, the upsert below for the others. */
const LOAD_COLUMN_TYPES = [
  ['id', 'uuid'], ['kdt_id', 'text'], ['load_number', 'text'], ['vendor_id', 'uuid'], ['user_id', 'uuid'], ['vendor_name', 'text'], ['status', 'text'],
  ['payment_status', 'text'], ['pickup_date', 'timestamptz'], ['delivery_date', 'timestamptz'], ['state', 'json'], ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'], ['deleted_at', 'timestamptz'], ['deleted_by', 'text'], ['position', 'bigint'], ['view', 'json'],
] as const satisfies readonly TypedColumn[];
const LOAD_COLUMNS = LOAD_COLUMN_TYPES.map(([name]) => name);
/** Set once, when a load is created. */
const FIXED_COLUMNS: ReadonlySet<string> = new Set(['id', 'kdt_id', 'load_number', 'user_id', 'created_at']);
// One JSON document per statement, not one array per column: node-postgres's escaping of each large json element
// into an array literal costs Node more (about 30 µs per row) than PostgreSQL saves (about 5 µs).
const WRITE_LOADS = `INSERT INTO loads (${LOAD_COLUMNS.join(', ')})
  SELECT ${LOAD_COLUMNS.join(', ')} FROM json_populate_recordset(NULL::loads, $1::json)
  ON CONFLICT (id) DO UPDATE SET ${LOAD_COLUMNS.filter((column) => !FIXED_COLUMNS.has(column)).map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`;

const isLoadEvent = (event: RecordedEvent) => LOAD_EVENTS.has(event.type) && event.streamId.startsWith('load-');
const loadIdOf = (event: RecordedEvent) => event.streamId.slice('load-'.length);

/**
 * The loads read model: each event folds into the stored state with the domain's own evolve. The state and the
 * answer shape (`view`) are written once per batch; the vendor's name is the name it reads now (a rename after the
 * load recorded it is not undone by a later event).
 */
export const loadsProjection: Projection = {
  name: 'loads',
  async prepare(batch, context) {
    const ids = new Set<string>();
    const vendorIds = new Set<string>();
    const rows = batchLoads(context);
    for (const event of batch) {
      if (!isLoadEvent(event)) continue;
      // Loads an earlier page of this transaction touched are held in memory, newer than their stored rows.
      if (event.type !== 'LoadCreated' && !rows.has(loadIdOf(event))) ids.add(loadIdOf(event));
      const data = event.data as { vendor_id?: string | null; to?: { id?: string } | null };
      if (event.type === 'LoadCreated' && data.vendor_id) vendorIds.add(data.vendor_id);
      if (event.type === 'LoadVendorAssigned' && data.to?.id) vendorIds.add(data.to.id);
    }
    const names = vendorNames(context);
    if (ids.size > 0) {
      // With their vendors' current names (one round trip fewer per live batch); a name this transaction already
      // knows is newer than the stored one (see carry) and is kept.
      const { rows: found } = await context.tx.query<{ id: string; state: loads.Load; deleted_at: Date | null; deleted_by: string | null; vendor_name: string | null }>({
        name: 'projector-loads-prepare',
        text: `SELECT l.id, l.state, l.deleted_at, l.deleted_by, v.vendor_name
         FROM loads l LEFT JOIN vendor_profiles v ON v.id = l.vendor_id WHERE l.id = ANY($1::uuid[])`,
        values: [[...ids]],
      });
      for (const row of found) {
        rows.set(row.id, { state: row.state, deletedAt: row.deleted_at, deletedBy: row.deleted_by, updatedAt: null, position: null, dirty: false, stored: true });
        // No vendor row: no name (null), so the batch does not look it up again.
        const vendor = row.state.vendorId;
        if (vendor && !names.known(vendor)) names.set(vendor, row.vendor_name);
      }
    }
    await names.load(context.tx, vendorIds);
  },

  apply(recorded, context) {
    if (!isLoadEvent(recorded)) return;
    const event = { type: recorded.type, data: recorded.data } as unknown as LoadEvent;
    const loadId = loadIdOf(recorded);
    const rows = batchLoads(context);
    const row = rows.get(loadId);
    let before: loads.LoadState = loads.initialState();
    if (event.type !== 'LoadCreated') {
      if (!row) throw new Error(`load ${loadId} has no row to apply ${event.type} to`);
      before = { status: 'exists', load: row.state };
    }
    const after = loads.evolve(before, event);
    if (after.status !== 'exists') return;
    let l = after.load;
    if (l.vendorId) {
      const name = vendorNames(context).current(l.vendorId);
      if (name) l = { ...l, vendorName: name };
    }
    // A deletion keeps the time and actor of the delete event; a restore clears both.
    const earlier = event.type === 'LoadCreated' ? undefined : row;
    rows.set(loadId, {
      state: l,
      deletedAt: l.deleted ? (earlier?.deletedAt ?? recorded.createdAt) : null,
      deletedBy: l.deleted ? (earlier?.deletedBy ?? recorded.metadata.actorUsername ?? null) : null,
      updatedAt: recorded.createdAt,
      position: recorded.position,
      dirty: true,
      stored: earlier?.stored ?? false,
    });
    const vendors = [before.status === 'exists' ? before.load.vendorId : null, l.vendorId].filter((v): v is string => v !== null);
    context.changed({ kind: 'load', key: l.id, op: l.deleted ? 'remove' : 'upsert', vendors: [...new Set(vendors)] });
    // An ADMIN's payments log marks a deleted load's rows.
    if (event.type === 'LoadDeleted' || event.type === 'LoadRestored') context.changed({ kind: PAYMENTS_CHANGE, key: PAYMENTS_LOG_KEY, op: 'upsert' });
  },

  carry(from, to) {
    const rows = batchLoads(to);
    for (const [id, row] of batchLoads(from)) if (row.dirty) rows.set(id, { ...row, dirty: false, stored: true });
  },

  async flush(context) {
    const dirty = [...batchLoads(context).values()].filter((row) => row.dirty);
    // A vendor renamed in this batch renames its live loads. The ones written now carry the new name in vendor_name
    // and view (their state keeps the name it was folded with, as on a load the batch did not touch); the others are
    // renamed in place afterwards.
    const renames = new Map(vendorNames(context).renamed());
    const renamedHere = new Map<string, string[]>();
    const nameOf = (row: LoadRow) => {
      const vendorId = row.state.vendorId;
      const renamed = vendorId && !row.state.deleted ? renames.get(vendorId) : undefined;
      if (renamed === undefined) return row.state.vendorName;
      const ids = renamedHere.get(vendorId!);
      if (ids) ids.push(row.state.id);
      else renamedHere.set(vendorId!, [row.state.id]);
      return renamed;
    };
    const record = (row: LoadRow) => {
      const { state: l, deletedAt, deletedBy, updatedAt, position } = row;
      const vendorName = nameOf(row);
      // The ids of deleted documents serve the command side's decisions only (an upload key used again): not stored,
      // so states folded before they were kept and states folded since read alike (and `verify` finds no difference).
      const { deletedDocumentIds: _commandSideOnly, ...stored } = l;
      return {
        id: l.id, kdt_id: l.kdtId, load_number: l.loadNumber, vendor_id: l.vendorId, user_id: l.userId, vendor_name: vendorName,
        status: l.status, payment_status: l.paymentStatus, pickup_date: l.pickupDate, delivery_date: l.deliveryDate, state: stored,
        created_at: l.createdAt, updated_at: updatedAt, deleted_at: deletedAt, deleted_by: deletedBy, position: position?.toString(),
        view: loadView(vendorName === l.vendorName ? l : { ...l, vendorName }),
      };
    };
    // Loads created in this transaction are added with addRows (COPY for many: about half PostgreSQL's work of an
    // INSERT from a JSON document); the others are updated in statements of WRITE_CHUNK rows (one very large JSON
    // document parses markedly slower per row).
    const created = dirty.filter((row) => !row.stored);
    if (created.length > 0) {
      await addRows(context.tx, 'loads', LOAD_COLUMN_TYPES, created.map((row) => {
        const r = record(row);
        return LOAD_COLUMNS.map((column) => r[column]);
      }));
    }
    const updated = dirty.filter((row) => row.stored);
    for (let start = 0; start < updated.length; start += WRITE_CHUNK) {
      await context.tx.query({ name: 'projector-loads-write', text: WRITE_LOADS, values: [JSON.stringify(updated.slice(start, start + WRITE_CHUNK).map(record))] });
    }
    for (const [vendorId, name] of renames) {
      // The stored view is rewritten here rather than in SQL, so it stays the text loadView writes (a row projected
      // before views were kept has none and keeps none).
      const { rows } = await context.tx.query<{ id: string; view: Record<string, unknown> | null }>(
        'SELECT id, view FROM loads WHERE vendor_id = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[])) FOR UPDATE',
        [vendorId, renamedHere.get(vendorId) ?? []],
      );
      if (rows.length === 0) continue;
      await context.tx.query(
        `UPDATE loads SET vendor_name = $2, view = x.view FROM json_to_recordset($1::json) AS x(id uuid, view json) WHERE loads.id = x.id`,
        [JSON.stringify(rows.map((row) => ({ id: row.id, view: row.view && { ...row.view, vendor_name: name } }))), name],
      );
      for (const row of rows) context.changed({ kind: 'load', key: row.id, op: 'upsert', vendors: [vendorId] });
    }
  },
};
