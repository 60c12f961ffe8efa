// The projector killed with SIGKILL at random points during a stream of 5,000 commands: after restart the read models
// equal a clean rebuild. The commands are real HTTP calls to the running product from several actors (two vendors,
// the staff tiers), generated from a seed; the projector runs in a child process of its own (the system's in-process
// one is stopped) and is killed and restarted at seeded points. Rerun a failure with FAULT_SEED=<the printed seed>.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOAD_STATUSES, loadStream, PAYMENT_STATUSES, type LoadStatus, type PaymentStatus } from '@portal/domain/loads/fields';
import { vendorStream } from '@portal/domain/vendors/events';
import { verify } from '@portal/projector/rebuild';
import { readCheckpoint } from '@portal/projector/runtime';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import { pdf } from '../support/files';
import type { Answer, PortalClient } from '../support/http-client';
import { childEnv, kill } from '../support/processes';
import { seeded } from '../support/seeded';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { until as waitUntil } from '../support/until';

const COMMANDS = 5_000;
const CLIENTS = 16;
const KILLS = 10;
/** Commands the stream may run past a kill point before that kill has happened. */
const KILL_SLACK = 150;
const SEED = process.env.FAULT_SEED ? Number(process.env.FAULT_SEED) >>> 0 : randomInt(2 ** 31);
process.stdout.write(`projector-kill-5000: seed ${SEED} (rerun with FAULT_SEED=${SEED})\n`);

/** A seeded generator, one per worker and one for the kills, so each sequence is reproducible. */
function generator(seed: number) {
  const next = seeded(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof generator>;

type VendorName = 'carrier' | 'newcarrier';
type Actor = VendorName | 'admin' | 'dispatch' | 'accounting' | 'newstaff';

/** What the test knows about a load it created: each load belongs to one worker, so nobody else changes it. */
interface LoadModel {
  id: string;
  vendor: VendorName;
  status: LoadStatus;
  payment: PaymentStatus;
  pickupSet: boolean;
  deliverySet: boolean;
  deleted: boolean;
  /** Its live documents, each with the vendor the load had when it was uploaded (a carrier sees its own time's only). */
  documents: { id: string; vendor: VendorName }[];
  /** Events in the load's own stream. */
  events: number;
  /** Payment facts changed (rows of the payments log). */
  paymentFacts: number;
  /** Whether an amount paid (notes) was set: a reassignment must clear them with the payment status first. */
  amountSet: boolean;
  notesSet: boolean;
  pickupNotes: string | null;
}

/** An acknowledged command: the position it answered and how many events it must have appended. */
interface Acknowledged {
  position: bigint;
  events: number;
  stream: string;
  what: string;
}

let system: TestSystem;
const clients = {} as Record<Actor, PortalClient>;
const vendorIds = {} as Record<VendorName, string>;
const children = new Set<ChildProcess>();
let chaos: Promise<void> | undefined;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  const accounts: [Actor, string, 'vendor' | 'staff'][] = [
    ['carrier', DEMO_PASSWORD, 'vendor'], ['newcarrier', DEMO_PASSWORD, 'vendor'], ['admin', TEST_ADMIN_PASSWORD, 'staff'],
    ['dispatch', DEMO_PASSWORD, 'staff'], ['accounting', DEMO_PASSWORD, 'staff'], ['newstaff', DEMO_PASSWORD, 'staff'],
  ];
  for (const [actor, password, portal] of accounts) clients[actor] = await signIn(system, actor, portal, password);
  for (const row of (await system.pool.query<{ id: string; username: VendorName }>('SELECT id, username FROM vendor_profiles')).rows) vendorIds[row.username] = row.id;
  // From here on the read models are built by the child process only.
  await until(async () => (await readCheckpoint(system.pool)) === (await system.store.headPosition()));
  await system.projector.stop();
}, 120_000);

afterAll(async () => {
  await chaos?.catch(() => {});
  for (const child of children) await kill(child);
  await system?.stop();
});

const until = (condition: () => boolean | Promise<boolean>, timeoutMs = 60_000, what = 'condition') =>
  waitUntil(condition, { timeoutMs, what: `${what} (seed ${SEED})` });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  process: ChildProcess;
  batches: () => number;
  committed: () => bigint;
  /** The last event it started applying (past committed(): a batch is open). */
  applying: () => bigint;
}

const projectorErrors: string[] = [];

function startProjector(): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'fixtures', 'portal-projector-child.ts')], {
    env: childEnv({ DATABASE_URL: system.db.url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let batches = 0;
  let committed = -1n;
  let applying = -1n;
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      const [word, a, b] = line.split(' ');
      if (word === 'applying') applying = BigInt(a!);
      if (word === 'batch') {
        batches++;
        committed = BigInt(b!);
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => projectorErrors.push(chunk));
  return { process: child, batches: () => batches, committed: () => committed, applying: () => applying };
}

const FIELDS_BY_SECTION = {
  pickup: ['pickup_notes', 'pickup_contact', 'pickup_number'],
  delivery: ['delivery_notes', 'delivery_contact', 'delivery_number'],
  equipment: ['special_instructions', 'equipment_type'],
  tracking: ['last_location', 'tracking_status'],
  rate: ['rate_type'],
} as const;
const DOCUMENT_TYPES = ['bill_of_lading', 'proof_of_delivery', 'rate_confirmation', 'scale_ticket', 'invoice', 'other'] as const;

it(`keeps the read models equal to a clean rebuild through ${KILLS} SIGKILLs during ${COMMANDS} commands (seed ${SEED})`, async () => {
  const startHead = await system.store.headPosition();
  const baseline = {
    carrier: (await clients.carrier.get('/api/loads/')).body.length as number,
    newcarrier: (await clients.newcarrier.get('/api/loads/')).body.length as number,
    all: (await clients.admin.get('/api/loads/')).body.length as number,
    payments: (await clients.accounting.get('/api/payments/log/')).body.length as number,
  };

  const acknowledged: Acknowledged[] = [];
  const loads: LoadModel[] = [];
  let paymentFacts = 0;
  let completed = 0;
  let refused = 0;

  /** Sends one command and checks its answer; an acknowledged one is remembered with the events it must have made. */
  async function command(
    context: string,
    send: () => Promise<Answer>,
    expected: { status: number[]; events: number; stream?: (body: any) => string },
  ): Promise<Answer | null> {
    const answer = await send();
    completed++;
    if (!expected.status.includes(answer.status)) {
      throw new Error(`${context}: answered ${answer.status} ${JSON.stringify(answer.body)}, expected ${expected.status.join(' or ')} (seed ${SEED})`);
    }
    const position = answer.headers.get('X-Event-Position');
    if (answer.status >= 400) {
      if (position !== null) throw new Error(`${context}: refused with ${answer.status} but answered position ${position} (seed ${SEED})`);
      return null;
    }
    if (position === null) throw new Error(`${context}: acknowledged without X-Event-Position (seed ${SEED})`);
    acknowledged.push({ position: BigInt(position), events: expected.events, stream: expected.stream!(answer.body), what: context });
    return answer;
  }

  async function worker(w: number, quota: number): Promise<void> {
    const random: Random = generator(SEED ^ Math.imul(w + 1, 0x9e3779b1));
    const mine: LoadModel[] = [];
    const other = (vendor: VendorName): VendorName => (vendor === 'carrier' ? 'newcarrier' : 'carrier');
    for (let i = 0; i < quota && !aborted; i++) {
      // The stream never runs more than a little past a kill point that has not been served yet: every kill happens,
      // however fast the commands go.
      await until(() => aborted || wantTraffic || killsDone >= KILLS || completed < killPoints[killsDone]! + KILL_SLACK, 120_000, 'the next kill');
      const tag = `s${SEED}w${w}c${i}`;
      const live = mine.filter((l) => !l.deleted);
      const deleted = mine.filter((l) => l.deleted);
      const roll = random.next();
      const load = live.length > 0 ? random.pick(live) : undefined;
      const where = (what: string, l?: LoadModel) => `worker ${w} command ${i} (${what}${l ? ` on load ${l.id}` : ''})`;
      const patch = (actor: Actor, l: LoadModel, body: object) => () => clients[actor].request('PATCH', `/api/loads/${l.id}/`, body);
      const owner = (l: LoadModel, ...staff: Actor[]): Actor => random.pick<Actor>([l.vendor, ...staff]);
      const onLoad = (l: LoadModel) => () => loadStream(l.id);

      if (!load || roll < 0.1) {
        // A load created by its vendor, or by ADMIN / DISPATCH_OPS for a vendor.
        const vendor = random.pick<VendorName>(['carrier', 'newcarrier']);
        const actor = random.pick<Actor>([vendor, vendor, 'admin', 'dispatch']);
        const body = {
          load_number: `K-${tag}`,
          pickup_location: random.pick(['Dallas, TX', 'Laredo, TX', 'Memphis, TN', 'Reno, NV']),
          delivery_location: random.pick(['Chicago, IL', 'Atlanta, GA', 'Denver, CO']),
          rate_amount: random.int(500, 4000),
          ...(actor === vendor ? {} : { vendor: vendorIds[vendor] }),
        };
        const answer = await command(where(`create by ${actor}`), () => clients[actor].post('/api/loads/', body), {
          status: [201], events: 2, stream: (created) => loadStream(created.id),
        });
        const model: LoadModel = {
          id: answer!.body.id, vendor, status: 'open', payment: 'unpaid', pickupSet: false, deliverySet: false, deleted: false, documents: [], events: 1, paymentFacts: 0, amountSet: false, notesSet: false, pickupNotes: null,
        };
        mine.push(model);
        loads.push(model);
      } else if (roll < 0.4) {
        // A section edit: one field, a value never used before, so exactly one event.
        const actor = random.pick<Actor>([load.vendor, load.vendor, 'admin', 'dispatch', 'accounting']);
        const section = actor === 'accounting' ? 'rate' : random.pick(Object.keys(FIELDS_BY_SECTION) as (keyof typeof FIELDS_BY_SECTION)[]);
        const field = random.pick(FIELDS_BY_SECTION[section]);
        await command(where(`edit ${field} by ${actor}`, load), patch(actor, load, { [field]: tag }), { status: [200], events: 1, stream: onLoad(load) });
        load.events++;
        if (field === 'pickup_notes') load.pickupNotes = tag;
      } else if (roll < 0.55) {
        // A status change; picked up (delivered) without a date also records the date.
        const actor = owner(load, 'admin', 'dispatch');
        const to = random.pick(LOAD_STATUSES.filter((s) => s !== load.status));
        const events = 1 + (to === 'picked_up' && !load.pickupSet ? 1 : 0) + (to === 'delivered' && !load.deliverySet ? 1 : 0);
        await command(where(`status ${to} by ${actor}`, load), patch(actor, load, { status: to }), { status: [200], events, stream: onLoad(load) });
        load.events += events;
        load.status = to;
        if (to === 'picked_up') load.pickupSet = true;
        if (to === 'delivered') load.deliverySet = true;
      } else if (roll < 0.71) {
        // Payments, by the staff tiers that may change them.
        const actor = random.pick<Actor>(['accounting', 'accounting', 'admin']);
        const kind = random.int(0, 2);
        const to = random.pick(PAYMENT_STATUSES.filter((s) => s !== load.payment));
        const body = kind === 0 ? { payment_status: to } : kind === 1 ? { amount_paid: w * 1000 + i + 0.25 } : { payment_notes: `paid ${tag}` };
        await command(where(`payment ${Object.keys(body)[0]} by ${actor}`, load), patch(actor, load, body), { status: [200], events: 1, stream: onLoad(load) });
        load.events++;
        load.paymentFacts++;
        paymentFacts++;
        if (kind === 0) load.payment = to;
        if (kind === 1) load.amountSet = true;
        if (kind === 2) load.notesSet = true;
      } else if (roll < 0.76) {
        const actor = owner(load, 'admin', 'dispatch');
        const field = random.pick(['pickup_date', 'delivery_date'] as const);
        const at = new Date(Date.UTC(2026, 0, 1) + (w * 400 + i) * 3_600_000).toISOString();
        await command(where(`${field} by ${actor}`, load), patch(actor, load, { [field]: at }), { status: [200], events: 1, stream: onLoad(load) });
        load.events++;
        if (field === 'pickup_date') load.pickupSet = true;
        else load.deliverySet = true;
      } else if (roll < 0.8) {
        const actor = random.pick<Actor>(['admin', 'dispatch']);
        const to = other(load.vendor);
        const statusSet = load.payment !== 'unpaid';
        if ((statusSet || load.amountSet || load.notesSet) && actor === 'dispatch') {
          // What was paid to one carrier is not the next one's; dispatch may not clear it: refused, nothing recorded.
          await command(where(`assign ${to} by ${actor}, refused while paid`, load), patch(actor, load, { vendor: vendorIds[to] }), { status: [400], events: 0 });
          refused++;
        } else {
          // An ADMIN clears the payment facts in the same request; each cleared one is a payments log row.
          const clearing = { ...(statusSet ? { payment_status: 'unpaid' } : {}), ...(load.amountSet ? { amount_paid: null } : {}), ...(load.notesSet ? { payment_notes: null } : {}) };
          const events = 1 + (statusSet ? 1 : 0) + (load.amountSet || load.notesSet ? 1 : 0);
          const rows = Object.keys(clearing).length;
          await command(where(`assign ${to} by ${actor}`, load), patch(actor, load, { vendor: vendorIds[to], ...clearing }), { status: [200], events, stream: onLoad(load) });
          load.events += events;
          load.paymentFacts += rows;
          paymentFacts += rows;
          Object.assign(load, { vendor: to, payment: 'unpaid', amountSet: false, notesSet: false });
        }
      } else if (roll < 0.84) {
        const actor = owner(load, 'admin', 'dispatch', 'accounting');
        const content = Buffer.concat([pdf(600 + random.int(0, 400)), Buffer.from(`%${tag}\n`)]);
        const answer = await command(
          where(`upload by ${actor}`, load),
          () => clients[actor].upload(`/api/loads/${load.id}/documents/`, { document_type: random.pick(DOCUMENT_TYPES) }, { file: { name: `${tag}.pdf`, content, type: 'application/pdf' } }),
          { status: [201], events: 1, stream: onLoad(load) },
        );
        load.events++;
        load.documents.push({ id: answer!.body.id, vendor: load.vendor });
      } else if (roll < 0.85 && load.documents.length > 0) {
        const picked = owner(load, 'admin', 'accounting');
        const document = load.documents.splice(random.int(0, load.documents.length - 1), 1)[0]!;
        // An earlier carrier's document is not the vendor's to delete (it does not see it): staff delete it.
        const actor = picked === load.vendor && document.vendor !== load.vendor ? 'admin' : picked;
        await command(where(`delete document by ${actor}`, load), () => clients[actor].request('DELETE', `/api/loads/${load.id}/documents/${document.id}/delete/`), {
          status: [200], events: 1, stream: onLoad(load),
        });
        load.events++;
      } else if (roll < 0.88) {
        const actor = owner(load, 'admin');
        await command(where(`delete by ${actor}`, load), () => clients[actor].request('DELETE', `/api/loads/${load.id}/`), { status: [204], events: 1, stream: onLoad(load) });
        load.events++;
        load.deleted = true;
      } else if (roll < 0.91 && deleted.length > 0) {
        const restored = random.pick(deleted);
        await command(where('restore by admin', restored), () => clients.admin.post(`/api/recycle-bin/loads/${restored.id}/restore/`), {
          status: [200], events: 1, stream: onLoad(restored),
        });
        restored.events++;
        restored.deleted = false;
      } else if (roll < 0.935) {
        // A vendor edits its own profile (sometimes its company name, which renames it on its loads).
        const vendor = random.pick<VendorName>(['carrier', 'newcarrier']);
        const body = random.next() < 0.3 ? { business_name: `Carrier ${tag}` } : { contact_name_2: `Contact ${tag}` };
        // Several workers edit the same profile at once: a write that loses every retry is a 409, and records nothing.
        await command(where(`profile ${Object.keys(body)[0]} by ${vendor}`), () => clients[vendor].request('PATCH', '/api/profiles/vendor/', body), {
          status: [200, 409], events: 1, stream: () => vendorStream(vendorIds[vendor]),
        });
      } else if (roll < 0.95) {
        const vendor = random.pick<VendorName>(['carrier', 'newcarrier']);
        await command(where(`vendor ${vendor} coverage by admin`), () => clients.admin.request('PATCH', `/api/vendors/${vendorIds[vendor]}/`, { cargo_amount: String(100_000 + w * 1000 + i) }), {
          status: [200, 409], events: 1, stream: () => vendorStream(vendorIds[vendor]),
        });
      } else {
        // Refused commands record nothing.
        refused++;
        const attempt = random.int(0, 3);
        if (attempt === 0) await command(where('status by accounting', load), patch('accounting', load, { status: random.pick(LOAD_STATUSES.filter((s) => s !== load.status)) }), { status: [403], events: 0 });
        else if (attempt === 1) await command(where('delete by dispatch', load), () => clients.dispatch.request('DELETE', `/api/loads/${load.id}/`), { status: [403], events: 0 });
        else if (attempt === 2) await command(where('edit by newstaff', load), patch('newstaff', load, { pickup_notes: tag }), { status: [403], events: 0 });
        else await command(where('edit by the other vendor', load), patch(other(load.vendor), load, { pickup_notes: tag }), { status: [404], events: 0 });
      }
    }
  }

  // The kills, at seeded points of the stream. Each life of the projector runs until a kill point and dies at a random
  // moment a few batches later; before about half of them, another life is started on a backlog and killed as soon as
  // it begins applying it (mid-batch: events applied inside the open transaction, nothing committed yet).
  const killer = generator(SEED ^ 0x5eed);
  const killPoints = Array.from({ length: KILLS }, () => killer.int(Math.round(COMMANDS * 0.03), Math.round(COMMANDS * 0.9))).sort((a, b) => a - b);
  const kills: { afterCommands: number; interrupted: boolean; checkpoint: bigint; head: bigint }[] = [];
  let killsDone = 0;
  /** Set while the chaos waits for commands to flow (a backlog, a batch): the stream is never held back then. */
  let wantTraffic = false;
  let streaming = true;
  let aborted = false;

  async function killAndCheck(child: Child): Promise<void> {
    const applying = child.applying();
    await kill(child.process);
    // The checkpoint and the rows from one snapshot: a COMMIT the killed process had already sent may still land
    // between two separate reads (with its checkpoint, as it must), which would look like rows past the checkpoint.
    const snapshot = await system.pool.connect();
    let checkpoint: bigint;
    let rows: { loads: string | null; payments: string | null }[];
    try {
      await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      checkpoint = await readCheckpoint(snapshot);
      ({ rows } = await snapshot.query<{ loads: string | null; payments: string | null }>(
        'SELECT (SELECT max(position) FROM loads)::text AS loads, (SELECT max(position) FROM payment_history)::text AS payments',
      ));
      await snapshot.query('COMMIT');
    } finally {
      snapshot.release();
    }
    const head = await system.store.headPosition();
    // A committed batch stays committed; an open one leaves no trace: no read-model row is past the checkpoint.
    expect(checkpoint).toBeGreaterThanOrEqual(child.committed());
    for (const position of [rows[0]!.loads, rows[0]!.payments]) if (position !== null) expect(BigInt(position)).toBeLessThanOrEqual(checkpoint);
    kills.push({ afterCommands: completed, interrupted: applying > checkpoint, checkpoint, head });
  }

  chaos = (async () => {
    for (const point of killPoints) {
      if (!streaming) break;
      if (killer.next() < 0.5) {
        const backlog = async () => (await system.store.headPosition()) - (await readCheckpoint(system.pool));
        wantTraffic = true;
        await until(async () => !streaming || (await backlog()) >= 40n, 60_000, 'a backlog');
        wantTraffic = false;
        const catchingUp = startProjector();
        await until(() => catchingUp.applying() > catchingUp.committed() || catchingUp.batches() > 0 || !streaming, 30_000, 'the catch-up starting');
        await killAndCheck(catchingUp);
        await pause(killer.int(50, 300));
      }
      const child = startProjector();
      await until(() => completed >= point || !streaming, 120_000, `kill point ${point}`);
      wantTraffic = true;
      await until(() => child.batches() >= killer.int(1, 3) || !streaming, 30_000, 'a batch of this projector life');
      wantTraffic = false;
      await pause(killer.int(0, 40));
      await killAndCheck(child);
      killsDone++;
      // Dead for a moment while commands keep coming: the next life starts with a backlog.
      await pause(killer.int(50, 600));
    }
  })().catch((error) => {
    aborted = true;
    throw error;
  });

  const started = Date.now();
  await Promise.all([
    chaos,
    Promise.all(
      Array.from({ length: CLIENTS }, (_, w) =>
        worker(w, Math.floor(COMMANDS / CLIENTS) + (w < COMMANDS % CLIENTS ? 1 : 0)).catch((error) => {
          aborted = true;
          throw error;
        }),
      ),
    ).finally(() => {
      streaming = false;
    }),
  ]);
  const head = await system.store.headPosition();
  const last = startProjector();
  await until(async () => (await readCheckpoint(system.pool)) === head, 60_000, 'the restarted projector catching up');
  // And the read API has heard of it (its lists are kept in memory and follow the projector's notices).
  await system.caughtUp();
  process.stdout.write(
    `projector-kill-5000: ${completed} commands (${acknowledged.length} acknowledged, ${refused} refused on purpose) in ${Date.now() - started} ms; ` +
      `kills after ${kills.map((k) => `${k.afterCommands} (${k.head - k.checkpoint} behind${k.interrupted ? ', mid-batch' : ''})`).join(', ')}\n`,
  );

  expect(completed).toBe(COMMANDS);
  expect(kills.length).toBeGreaterThanOrEqual(KILLS);
  // Kills landed with the projector behind the stream, and some in the middle of a batch it had begun to apply.
  expect(kills.filter((k) => k.checkpoint < k.head).length).toBeGreaterThanOrEqual(kills.length / 2);
  expect(kills.filter((k) => k.interrupted).length).toBeGreaterThanOrEqual(1);
  expect(projectorErrors.join('')).toBe('');

  // The read models equal a clean rebuild, row by row.
  const differences = await verify({ pool: system.pool, store: system.store, databaseUrl: system.db.url });
  expect(differences, JSON.stringify(differences, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 1).slice(0, 4000)).toEqual([]);

  // Every acknowledged command's events are stored exactly once, and nothing else was appended (refusals, losers of a
  // conflict): the events since the start, grouped by the request that appended them, are exactly the acknowledged ones.
  const { rows: events } = await system.pool.query<{ position: string; stream_id: string; request: string | null }>(
    `SELECT position::text AS position, stream_id, metadata->>'correlationId' AS request FROM es_events WHERE es_events.position > $1 ORDER BY es_events.position`,
    [startHead.toString()],
  );
  const byRequest = new Map<string, { count: number; last: bigint; stream: string }>();
  for (const event of events) {
    expect(event.request, `event at ${event.position} has no request id`).toBeTruthy();
    const group = byRequest.get(event.request!) ?? { count: 0, last: -1n, stream: '' };
    byRequest.set(event.request!, { count: group.count + 1, last: BigInt(event.position), stream: event.stream_id });
  }
  const byLastPosition = new Map([...byRequest.values()].map((group) => [group.last, group]));
  expect(new Set(acknowledged.map((a) => a.position)).size).toBe(acknowledged.length);
  const mismatched = acknowledged.filter((a) => {
    const group = byLastPosition.get(a.position);
    return !group || group.count !== a.events || group.stream !== a.stream;
  });
  expect(mismatched.map((a) => `${a.what}: position ${a.position}, ${a.events} events expected, found ${JSON.stringify(byLastPosition.get(a.position))}`)).toEqual([]);
  expect(byRequest.size).toBe(acknowledged.length);
  expect(events).toHaveLength(acknowledged.reduce((sum, a) => sum + a.events, 0));

  // No row twice in the read models: one loads row per load, one payment_history row per payment fact.
  const ids = loads.map((l) => l.id);
  const count = async (sql: string, params: unknown[] = []) => Number((await system.pool.query<{ n: string }>(sql, params)).rows[0]!.n);
  expect(await count('SELECT count(*) AS n FROM loads WHERE id = ANY($1::uuid[])', [ids])).toBe(loads.length);
  expect(await count('SELECT count(*) - count(DISTINCT (position, seq)) AS n FROM payment_history')).toBe(0);
  expect(await count('SELECT count(*) AS n FROM load_documents WHERE deleted_at IS NULL AND load_id = ANY($1::uuid[])', [ids]))
    .toBe(loads.reduce((sum, l) => sum + l.documents.length, 0));

  // What users see: each vendor's list, the staff list, the payments log, the recycle bin, and sampled loads.
  const liveOf = (vendor?: VendorName) => loads.filter((l) => !l.deleted && (vendor === undefined || l.vendor === vendor));
  for (const vendor of ['carrier', 'newcarrier'] as const) {
    const list = (await clients[vendor].get('/api/loads/')).body as { id: string; vendor_name: string }[];
    expect(list).toHaveLength(baseline[vendor] + liveOf(vendor).length);
    const ids = new Set(list.map((l) => l.id));
    expect(liveOf(vendor).filter((l) => !ids.has(l.id)).map((l) => l.id)).toEqual([]);
    // Renamed many times over, the vendor shows under its current name on every one of its loads.
    const profile = (await clients[vendor].get('/api/profiles/vendor/')).body;
    const name = profile.business_name || profile.legal_name || vendor;
    expect(list.filter((l) => l.vendor_name !== name).map((l) => `${l.id}: ${l.vendor_name}`)).toEqual([]);
  }
  expect((await clients.admin.get('/api/loads/')).body).toHaveLength(baseline.all + liveOf().length);
  // A deleted load's payment changes stay in the log, for accounting as for the ADMIN, marked.
  const log = (await clients.accounting.get('/api/payments/log/')).body as { load_deleted: boolean }[];
  expect(log).toHaveLength(baseline.payments + paymentFacts);
  expect(log.filter((entry) => entry.load_deleted)).toHaveLength(loads.filter((l) => l.deleted).reduce((sum, l) => sum + l.paymentFacts, 0));
  expect((await clients.admin.get('/api/payments/log/')).body).toHaveLength(baseline.payments + paymentFacts);
  const bin = (await clients.admin.get('/api/recycle-bin/')).body.loads as { id: string }[];
  expect(bin.map((l) => l.id).sort()).toEqual(loads.filter((l) => l.deleted).map((l) => l.id).sort());
  const sampler = generator(SEED ^ 0xa11ce);
  for (let s = 0; s < 12; s++) {
    const load = sampler.pick(loads);
    const history = await clients.admin.get(`/api/loads/${load.id}/history/?page_size=1`);
    expect(history.body.count, `history of ${load.id}`).toBe(load.events);
    if (load.deleted) {
      expect((await clients.admin.get(`/api/loads/${load.id}/`)).status).toBe(404);
      continue;
    }
    const detail = (await clients[load.vendor].get(`/api/loads/${load.id}/`)).body;
    const documents = Object.values(detail.document_counts as Record<string, number>).reduce((sum, n) => sum + n, 0);
    // The load counts its current carrier's documents; staff list every one.
    const current = load.documents.filter((document) => document.vendor === load.vendor).length;
    expect({ vendor: detail.vendor, status: detail.status, payment_status: detail.payment_status, pickup_notes: detail.pickup_notes, documents })
      .toEqual({ vendor: vendorIds[load.vendor], status: load.status, payment_status: load.payment, pickup_notes: load.pickupNotes, documents: current });
    expect((await clients.admin.get(`/api/loads/${load.id}/documents/`)).body).toHaveLength(load.documents.length);
  }
  await kill(last.process);
}, 170_000);
