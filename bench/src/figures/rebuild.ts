// 4. Rebuild: replay 1,000,000 events of a realistic mix into fresh read models, beside a set-based
// INSERT ... SELECT of the same event rows on the same database in the same run (the physical bound).
//
// The events are made by the domain's own deciders (so every one is an event the command API could have written),
// from a seeded generator, and written into the Postgres event store's tables in bulk, as a restore of a backup
// would: a million appends through the port would take minutes and is what figure 1 measures.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import * as loads from '@portal/domain/loads/decider';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import { updateLoadSchema } from '@portal/domain/loads/schemas';
import * as vendors from '@portal/domain/vendors/decider';
import { createPool } from '@portal/platform/db/pool';
import { migrate } from '@portal/platform/db/migrate';
import type { EventMetadata } from '@portal/platform/event-store/port';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { rebuild } from '@portal/projector/rebuild';
import { freshDatabase, record, seeded, timed } from '../support';

export const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);

interface Row {
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  at: Date;
}

/** The event mix of a brokerage year: loads created, moved through statuses, paid, edited, documented, a few deleted. */
export function* realisticEvents(total: number, seed = 20261121): Generator<Row> {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const revisions = new Map<string, number>();
  let clock = Date.parse('2025-11-21T08:00:00Z');
  let count = 0;
  const emit = (stream: string, events: readonly { type: string; data: unknown }[], metadata: EventMetadata): Row[] => {
    const rows: Row[] = [];
    for (const event of events) {
      const revision = revisions.get(stream) ?? -1;
      revisions.set(stream, revision + 1);
      clock += Math.floor(random() * 30_000);
      rows.push({ stream, revision: revision + 1, type: event.type, data: event.data, metadata, at: new Date(clock) });
    }
    count += rows.length;
    return rows;
  };
  const staff = ['dispatch', 'dispatch2', 'accounting', 'admin'].map((username) => ({
    actorId: randomUUID(), actorUsername: username, actorType: 'STAFF' as const, actorTier: username.startsWith('dispatch') ? 'DISPATCH_OPS' : username.toUpperCase(),
  }));
  // 200 carriers with complete profiles.
  const carriers: { id: string; state: vendors.VendorState; metadata: EventMetadata }[] = [];
  for (let v = 0; v < 200; v++) {
    const id = randomUUID();
    const userId = randomUUID();
    const metadata: EventMetadata = { actorId: userId, actorUsername: `carrier${v}`, actorType: 'VENDOR', actorTier: null };
    let state = vendors.initialState();
    const commands: vendors.VendorCommand[] = [
      { type: 'CreateVendorProfile', data: { vendor_id: id, user_id: userId, username: `carrier${v}` } },
      { type: 'EditProfile', data: { values: { legal_name: `Carrier ${v} LLC`, business_name: `Carrier ${v}`, mc_number: `MC${100000 + v}`, contact_name_1: 'Dispatch', phone_1: '555-0100', email_1: `ops${v}@carrier.test`, federal_id: `12-${1000000 + v}`, address: `${v} Main St`, city: 'Dallas', state: 'TX', zip_code: '75001' } } },
    ];
    for (const command of commands) {
      const events = vendors.decide(command, state);
      for (const event of events) state = vendors.evolve(state, event);
      yield* emit(`vendor-${id}`, events, metadata);
    }
    carriers.push({ id, state, metadata });
  }
  const open: { id: string; state: loads.LoadState }[] = [];
  const all: { id: string; state: loads.LoadState }[] = [];
  let loadNumber = 0;
  const statuses = ['open', 'picked_up', 'delivered', 'cancelled'] as const;
  const payments = ['unpaid', 'partial', 'paid', 'disputed'] as const;
  const documentTypes: LoadDocumentType[] = ['bill_of_lading', 'proof_of_delivery', 'invoice', 'photos', 'scale_ticket'] as LoadDocumentType[];
  while (count < total) {
    const roll = random();
    const now = new Date(clock);
    if (roll < 0.003) {
      // A carrier edits its profile (sometimes its business name: its loads are renamed).
      const carrier = pick(carriers);
      const values = random() < 0.3 ? { business_name: `Carrier ${count} Freight` } : { phone_1: `555-${String(count % 10000).padStart(4, '0')}` };
      const events = vendors.decide({ type: 'EditProfile', data: { values } }, carrier.state);
      for (const event of events) carrier.state = vendors.evolve(carrier.state, event);
      yield* emit(`vendor-${carrier.id}`, events, carrier.metadata);
      continue;
    }
    if (roll < 0.07 || open.length < 50) {
      const carrier = pick(carriers);
      const id = randomUUID();
      loadNumber++;
      const events = loads.decide({ type: 'CreateLoad', data: {
        load_id: id, load_number: `L${loadNumber}`, kdt_id: `KDT-${String(loadNumber).padStart(7, '0')}`, vendor_id: carrier.id,
        vendor_name: carrier.state.status === 'active' ? vendors.vendorDisplayName(carrier.state) : null, user_id: String(carrier.metadata.actorId),
        pickup_location: `City ${Math.floor(random() * 500)}, TX`, pickup_date: null, delivery_location: `City ${Math.floor(random() * 500)}, OK`,
        delivery_date: null, rate_amount: Math.round(random() * 400_000) / 100, now,
      } }, loads.initialState());
      const load = { id, state: loads.initialState() };
      for (const event of events) load.state = loads.evolve(load.state, event);
      open.push(load);
      all.push(load);
      if (open.length > 3_000) open.shift();
      yield* emit(`load-${id}`, events, random() < 0.5 ? carrier.metadata : pick(staff));
      continue;
    }
    // Most work happens on recent loads; now and then an old one is touched.
    const load = random() < 0.95 ? open[Math.floor(open.length * (1 - random() ** 2))] ?? pick(open) : pick(all);
    if (!load || load.state.status !== 'exists') continue;
    const actor = pick(staff);
    let command: loads.LoadCommand;
    if (load.state.load.deleted) {
      command = { type: 'RestoreLoad', data: {} };
    } else if (roll < 0.30) {
      command = { type: 'UpdateLoad', data: { patch: updateLoadSchema.parse({ status: pick(statuses) }), now } };
    } else if (roll < 0.48) {
      const patch = random() < 0.5 ? { payment_status: pick(payments) } : { payment_status: pick(payments), amount_paid: Math.round(random() * 300_000) / 100, last_payment_date: now.toISOString(), payment_notes: `Check ${count}` };
      command = { type: 'UpdateLoad', data: { patch: updateLoadSchema.parse(patch), now } };
    } else if (roll < 0.70) {
      const patch = pick([
        { equipment_type: pick(['Dry Van', 'Reefer', 'Flatbed']), weight: Math.round(random() * 40_000) },
        { pickup_contact: `Dock ${count}`, pickup_number: `PU${count}` },
        { last_location: `Mile ${Math.floor(random() * 900)}`, tracking_status: pick(['On time', 'Delayed', 'At dock']) },
        { special_instructions: `Call ahead ${count}`, total_pieces: Math.floor(random() * 40) },
      ]);
      command = { type: 'UpdateLoad', data: { patch: updateLoadSchema.parse(patch), now } };
    } else if (roll < 0.80) {
      const at = new Date(clock + Math.floor(random() * 7 * 86_400_000)).toISOString();
      command = { type: 'UpdateLoad', data: { patch: updateLoadSchema.parse(random() < 0.5 ? { pickup_date: at } : { delivery_date: at }), now } };
    } else if (roll < 0.93) {
      const type = pick(documentTypes);
      const name = `${type}-${count}.${type === 'photos' ? 'jpg' : 'pdf'}`;
      command = { type: 'UploadLoadDocument', data: { documentId: randomUUID(), documentType: type, file: {
        sha256: randomUUID().replace(/-/g, '').padEnd(64, '0'), name, size: 20_000 + Math.floor(random() * 2_000_000),
        content_type: type === 'photos' ? 'image/jpeg' : 'application/pdf', uploaded_at: now.toISOString(),
      } } };
    } else if (roll < 0.96) {
      const document = load.state.load.documents[0];
      if (!document) continue;
      command = { type: 'DeleteLoadDocument', data: { documentId: document.id } };
    } else if (roll < 0.98) {
      const carrier = pick(carriers);
      command = { type: 'UpdateLoad', data: { patch: updateLoadSchema.parse({ vendor: carrier.id }), vendorName: carrier.state.status === 'active' ? vendors.vendorDisplayName(carrier.state) : null, now } };
    } else if (roll < 0.985) {
      command = { type: 'DeleteLoad', data: {} };
    } else {
      continue;
    }
    let events: ReturnType<typeof loads.decide>;
    try {
      events = loads.decide(command, load.state);
    } catch {
      continue;
    }
    for (const event of events) load.state = loads.evolve(load.state, event);
    yield* emit(`load-${load.id}`, events, actor);
  }
}

/** Writes the generated events into the store's tables in bulk, in generation order. */
async function writeEvents(pool: pg.Pool, total: number): Promise<number> {
  const chunk = 5_000;
  let position = 0;
  const last = new Map<string, number>();
  let rows: Row[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    await pool.query(
      `INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, created_at)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[], $7::jsonb[], $8::timestamptz[])`,
      [
        rows.map((_, i) => position - rows.length + i + 1), rows.map(() => randomUUID()), rows.map((r) => r.stream), rows.map((r) => r.revision),
        rows.map((r) => r.type), rows.map((r) => JSON.stringify(r.data)), rows.map((r) => JSON.stringify(r.metadata)), rows.map((r) => r.at.toISOString()),
      ],
    );
    rows = [];
  };
  for (const row of realisticEvents(total)) {
    position++;
    rows.push(row);
    last.set(row.stream, row.revision);
    if (rows.length === chunk) await flush();
  }
  await flush();
  const streams = [...last];
  for (let i = 0; i < streams.length; i += 20_000) {
    const part = streams.slice(i, i + 20_000);
    await pool.query('INSERT INTO es_streams (stream_id, revision) SELECT * FROM unnest($1::text[], $2::bigint[])', [part.map(([s]) => s), part.map(([, r]) => r)]);
  }
  await pool.query('UPDATE es_head SET position = $1', [position]);
  return position;
}

export async function rebuildFigure(adminUrl: string): Promise<void> {
  const url = await freshDatabase(adminUrl, 'bench_rebuild');
  const { allMigrations } = await import('../../../scripts/system');
  const pool = createPool(url, { max: 8 });
  await migrate(pool, allMigrations);
  const store = createPostgresEventStore({ pool, connectionString: url });
  try {
    const generated = await timed(async () => void (await writeEvents(pool, REBUILD_EVENTS)));
    await pool.query('ANALYZE es_events');
    const events = Number((await pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    process.stdout.write(`  (${events} events generated and written in ${Math.round(generated)} s)\n`);
    let lastLine = 0;
    const rebuildSeconds = await timed(async () => void (await rebuild({
      pool, store, databaseUrl: url, fresh: true,
      onProgress: (p) => {
        if (p.stage !== 'page' || Date.now() - lastLine < 5_000) return;
        lastLine = Date.now();
        process.stdout.write(`  rebuild: ${p.applied} events, ${p.eventsPerSecond}/s, ETA ${p.etaSeconds ?? '?'} s\n`);
      },
    })));
    const copySeconds = await timed(async () => {
      await pool.query('CREATE TABLE bench_copy AS SELECT * FROM es_events WITH NO DATA');
      await pool.query('INSERT INTO bench_copy SELECT * FROM es_events');
    });
    const loadsBuilt = Number((await pool.query('SELECT count(*) AS n FROM loads')).rows[0].n);
    record({
      figure: `Rebuild of all read models (${events} events, ${loadsBuilt} loads; ${Math.round(rebuildSeconds)} s)`, unit: 'events/s', value: Math.round(events / rebuildSeconds),
      bound: 'set-based INSERT ... SELECT of the same event rows', boundValue: Math.round(events / copySeconds), goal: '1,000,000 events < 30 s',
    });
  } finally {
    await store.close();
    await pool.end();
  }
}
