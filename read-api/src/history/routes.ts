import { Readable } from 'node:stream';
import Router from '@koa/router';
import type Koa from 'koa';
import type pg from 'pg';
import { describeEvent, exportValue, fieldLabel, formatValue, paymentChanges, spreadsheetTime, tierLabel } from '@portal/domain/history/describe';
import { BACKWARDS_RANGE, paymentsLogFileName } from '@portal/domain/history/payments-log';
import * as loads from '@portal/domain/loads/decider';
import type { LoadEvent } from '@portal/domain/loads/events';
import { loadStream, PAYMENT_STATUSES } from '@portal/domain/loads/fields';
import { canAuditPayments, isAdmin, type Actor } from '@portal/domain/permissions';
import { isCalendarDate } from '@portal/domain/vendors/profile-rules';
import { staffStream } from '@portal/domain/staff/events';
import { userStream } from '@portal/domain/accounts/events';
import { vendorStream } from '@portal/domain/vendors/events';
import { readStreamOrNone, type EventStore, type RecordedEvent } from '@portal/platform/event-store/port';
import { HttpError, notFound, ValidationFailed } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import { single } from './as-of';
import { queryZone, zoneOrUtc } from '@portal/domain/calendar';
import { deletedRows } from '@portal/projector/deleted-records';

const LOGINS_PARAM = 'Send logins=show or logins=hide.';
/** Who had a load before it was reassigned to the vendor reading its history. */
const ANOTHER_CARRIER = '(another carrier)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE_SIZE = 200;
/** Rows of the payments log on screen, and per read of its CSV export. */
const LOG_PAGE_ROWS = 5_000;
const TZ_INVALID = 'Enter a valid time zone.';

const actorOf = (event: RecordedEvent) =>
  event.metadata.actorUsername ? { username: event.metadata.actorUsername, type: event.metadata.actorType ?? null, tier: event.metadata.actorTier ?? null } : null;

function entry(event: RecordedEvent, options: { maskBank: boolean; timeZone: string }) {
  return {
    position: event.position.toString(),
    revision: Number(event.revision),
    at: event.createdAt.toISOString(),
    actor: actorOf(event),
    event_type: event.type,
    summary: describeEvent(event.type, event.data, options),
  };
}

/** A count from the query: decimal digits only (Number would take 0x2 and 1e1), the default when absent or empty. */
function queryCount(value: string | string[] | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
}

function paging(ctx: Koa.Context): { page: number; pageSize: number } {
  const page = queryCount(ctx.query.page, 1);
  const pageSize = queryCount(ctx.query.page_size, 50);
  if (!Number.isInteger(page) || page < 1) throw new ValidationFailed({ page: ['Enter a page number of 1 or more.'] });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw new ValidationFailed({ page_size: [`Enter a page size from 1 to ${MAX_PAGE_SIZE}.`] });
  return { page, pageSize };
}

/**
 * A vendor's share of its load's history: the events that left the load with it. A load reassigned from another
 * carrier shows nothing of that carrier's time with it (its payments, notes, documents); the event that brought the
 * load over names no other carrier.
 */
function vendorsShare(events: RecordedEvent[], vendorId: string): RecordedEvent[] {
  let state = loads.initialState();
  const share: RecordedEvent[] = [];
  for (const event of events) {
    state = loads.evolve(state, { type: event.type, data: event.data } as unknown as LoadEvent);
    if (state.status !== 'exists' || state.load.vendorId !== vendorId) continue;
    const from = event.type === 'LoadVendorAssigned' ? (event.data as { from?: { id?: string | null } | null }).from : undefined;
    share.push(from?.id && from.id !== vendorId ? { ...event, data: { ...event.data, from: { id: null, name: ANOTHER_CARRIER } } } : event);
  }
  return share;
}

/** One page of a stream's history, oldest first, read from the event store (`select`: the part the reader may see). */
async function historyPage(
  store: EventStore,
  streams: string[],
  ctx: Koa.Context,
  options: { maskBank: boolean; select?: (events: RecordedEvent[]) => RecordedEvent[]; hide?: (event: RecordedEvent) => boolean },
) {
  const { page, pageSize } = paging(ctx);
  const timeZone = zoneOrUtc(ctx.query.tz);
  let events: RecordedEvent[] = [];
  for (const stream of streams) events.push(...(await readStreamOrNone(store, stream)));
  events.sort((a, b) => (a.position < b.position ? -1 : 1));
  if (options.select) events = options.select(events);
  if (events.length === 0) throw notFound();
  // `number` is the entry's place in the whole history (1 = the oldest), whatever `hide` leaves out; `revision` is its
  // stream's, and a staff account's history interleaves two streams.
  const numbered = events.map((event, index) => ({ event, number: index + 1 })).filter(({ event }) => !options.hide?.(event));
  const start = (page - 1) * pageSize;
  const results = numbered.slice(start, start + pageSize).map(({ event, number }) => ({ number, ...entry(event, { maskBank: options.maskBank, timeZone }) }));
  return { count: numbered.length, page, page_size: pageSize, results };
}

const isStaff = (actor: Actor) => actor.type === 'STAFF';

/** A load this actor may audit: a vendor its own live loads; staff live loads; ADMIN deleted ones too (recycle bin). */
async function auditableLoad(pool: pg.Pool, actor: Actor, id: string | undefined): Promise<string> {
  if (!id || !UUID.test(id)) throw notFound();
  const { rows } = await pool.query<{ vendor_id: string | null; deleted_at: Date | null }>('SELECT vendor_id, deleted_at FROM loads WHERE id = $1', [id]);
  const row = rows[0];
  if (!row || (row.deleted_at && !isAdmin(actor))) throw notFound();
  if (actor.type === 'VENDOR' && row.vendor_id !== actor.vendorId) throw notFound();
  return id;
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote everything; neutralise spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function historyRoutes(deps: { pool: pg.Pool; store: EventStore }): Router {
  const { pool, store } = deps;
  const router = new Router();

  router.get('/api/loads/:id/history/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    const id = await auditableLoad(pool, actor, ctx.params.id);
    const vendorId = actor.type === 'VENDOR' ? actor.vendorId : null;
    ctx.body = await historyPage(store, [loadStream(id)], ctx, { maskBank: true, select: vendorId ? (events) => vendorsShare(events, vendorId) : undefined });
  });

  router.get('/api/vendors/:id/history/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (!isStaff(actor)) throw new HttpError(403, 'You do not have permission to view vendor information.');
    const id = ctx.params.id;
    if (!id || !UUID.test(id)) throw notFound();
    // As for its detail, now or as of any time: a deleted vendor exists only for the ADMIN (recycle bin).
    const { rows } = await pool.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM vendor_profiles WHERE id = $1', [id]);
    if (rows[0]?.deleted_at && !isAdmin(actor)) throw notFound('Vendor not found.');
    ctx.body = await historyPage(store, [vendorStream(id)], ctx, { maskBank: true });
  });

  router.get('/api/staff-accounts/:id/history/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (!isAdmin(actor)) throw new HttpError(403, 'You do not have permission to view staff details.');
    const id = ctx.params.id;
    if (!id || !UUID.test(id)) throw notFound();
    const { rows } = await pool.query(`SELECT 1 FROM users WHERE id = $1 AND kind = 'STAFF'`, [id]);
    if (!rows[0]) throw notFound();
    // Sign-ins are most of a staff account's history: ?logins=hide leaves them out, to see its changes.
    const logins = single(ctx, 'logins', LOGINS_PARAM) ?? 'show';
    if (logins !== 'show' && logins !== 'hide') throw new ValidationFailed({ logins: [LOGINS_PARAM] });
    const hide = logins === 'hide' ? (event: RecordedEvent) => event.type === 'UserLoggedIn' : undefined;
    ctx.body = await historyPage(store, [userStream(id), staffStream(id)], ctx, { maskBank: true, hide });
  });

  router.get('/api/loads/:id/payment-history/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (!canAuditPayments(actor)) throw new HttpError(403, 'You do not have permission to view payment history.');
    const id = await auditableLoad(pool, actor, ctx.params.id);
    const timeZone = zoneOrUtc(ctx.query.tz);
    const events = await store.readStream(loadStream(id));
    ctx.body = events.flatMap((event) =>
      paymentChanges(event.type, event.data).map((change) => ({
        position: event.position.toString(),
        at: event.createdAt.toISOString(),
        actor: actorOf(event),
        field: change.field,
        label: fieldLabel(change.field),
        from: change.from ?? null,
        to: change.to ?? null,
        summary: `${fieldLabel(change.field)}: ${formatValue(change.field, change.from, { timeZone })} -> ${formatValue(change.field, change.to, { timeZone })}`,
      })),
    );
  });

  router.get('/api/payments/log/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (!canAuditPayments(actor)) throw new HttpError(403, 'You do not have permission to view payment history.');
    const errors: Record<string, string[]> = {};
    const day = (name: string) => {
      const raw = ctx.query[name];
      if (raw === undefined || raw === '') return null;
      if (typeof raw !== 'string' || !isCalendarDate(raw)) {
        errors[name] = ['Enter a valid date (yyyy-mm-dd).'];
        return null;
      }
      return raw;
    };
    const from = day('from');
    const to = day('to');
    // The rule the filter bar shows (filtersProblem), kept here too: such a range has no rows by construction.
    if (from && to && from > to) errors.to = [BACKWARDS_RANGE];
    // The days are the reader's own (the zone their screen shows times in); UTC days without one. A zone the server
    // does not know is refused only where it decides which rows come (a From or To day); else the lines use UTC.
    const known = queryZone(ctx.query.tz);
    if ((from || to) && known === null) errors.tz = [TZ_INVALID];
    const zone = known || 'UTC';
    const vendor = ctx.query.vendor;
    if (vendor !== undefined && vendor !== '' && (typeof vendor !== 'string' || !UUID.test(vendor))) errors.vendor = ['Select a valid vendor.'];
    const status = ctx.query.status;
    if (status !== undefined && status !== '' && !PAYMENT_STATUSES.includes(status as never)) errors.status = [`Select a valid payment status: ${PAYMENT_STATUSES.join(', ')}.`];
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    // A deleted load's payment changes stay in the log, marked (load_deleted): money paid out is part of the audit
    // trail whoever deleted the load. Only the ADMIN can open the load itself (the recycle bin).
    /** The next `limit` rows, newest first, after the row `after` (keyset: no row is skipped or repeated). */
    const page = (after: { position: string; seq: number } | null, limit: number) =>
      pool
        .query(
          `SELECT position, seq, at, load_id, kdt_id, vendor_id, vendor_name, actor_username, actor_type, actor_tier, field, from_value, to_value, payment_status,
             EXISTS (SELECT 1 FROM loads l WHERE l.id = payment_history.load_id AND l.deleted_at IS NOT NULL) AS load_deleted
           FROM payment_history
           WHERE ($1::date IS NULL OR at >= $1::date::timestamp AT TIME ZONE $5) AND ($2::date IS NULL OR at < ($2::date + 1)::timestamp AT TIME ZONE $5)
             AND ($3::uuid IS NULL OR vendor_id = $3) AND ($4::text IS NULL OR payment_status = $4)
             AND ($6::bigint IS NULL OR position < $6 OR (position = $6 AND seq > $7))
           ORDER BY position DESC, seq LIMIT $8`,
          [from, to, vendor || null, status || null, zone, after?.position ?? null, after?.seq ?? 0, limit],
        )
        .then(
          (result) => result.rows,
          (error: { code?: string }) => {
            // A zone the runtime knows but the database's time zone data does not (invalid_parameter_value).
            if (error.code === '22023') throw new ValidationFailed({ tz: [TZ_INVALID] });
            throw error;
          },
        );
    const entry = (row: Record<string, any>) => ({
      position: String(row.position),
      at: (row.at as Date).toISOString(),
      load_id: row.load_id,
      kdt_id: row.kdt_id,
      vendor_id: row.vendor_id,
      vendor_name: row.vendor_name,
      actor: row.actor_username ? { username: row.actor_username, type: row.actor_type, tier: row.actor_tier } : null,
      field: row.field,
      label: fieldLabel(row.field),
      from: row.from_value,
      to: row.to_value,
      summary: `${fieldLabel(row.field)}: ${formatValue(row.field, row.from_value, { timeZone: zone })} -> ${formatValue(row.field, row.to_value, { timeZone: zone })}`,
      payment_status: row.payment_status,
      // A deleted load's rows are marked: only the ADMIN can open the load (from the recycle bin).
      load_deleted: row.load_deleted as boolean,
    });
    if (ctx.query.format === 'csv') {
      // Every matching row, read and sent a page at a time.
      const first = await page(null, LOG_PAGE_ROWS);
      // Deleted loads' rows marked, as the screen marks them. Values as a spreadsheet reads them (exportValue): times and
      // dates it recognises (in the zone the From and To days are in, named in the header), amounts as numbers,
      // statuses by their labels.
      const header = [`Time (${zone})`, 'Load ID', 'Vendor', 'Changed by', 'Tier', 'Field', 'From', 'To', 'Payment status after', 'Load deleted'];
      // From the row itself: the screen's entry would format a summary (two values in the reader's zone) per row for
      // nothing, and an export has every row.
      const line = (row: Record<string, any>) => {
        const cells = [
          spreadsheetTime(row.at as Date, zone), row.kdt_id, row.vendor_name, row.actor_username,
          row.actor_type === 'VENDOR' ? 'Vendor' : row.actor_tier ? tierLabel(row.actor_tier as string) : '',
          fieldLabel(row.field as string), exportValue(row.field as string, row.from_value, zone), exportValue(row.field as string, row.to_value, zone),
          exportValue('payment_status', row.payment_status), row.load_deleted ? 'yes' : '',
        ];
        return cells.map(csvCell).join(',') + '\r\n';
      };
      async function* csv() {
        // A byte order mark first: without it, Excel reads the UTF-8 file as the system's code page ("cafÃ©").
        yield '\uFEFF' + header.map(csvCell).join(',') + '\r\n';
        for (let rows = first; rows.length > 0; ) {
          yield rows.map(line).join('');
          if (rows.length < LOG_PAGE_ROWS) return;
          const last = rows[rows.length - 1]!;
          rows = await page({ position: String(last.position), seq: last.seq }, LOG_PAGE_ROWS);
        }
      }
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      const username = vendor ? (await pool.query<{ username: string }>('SELECT username FROM vendor_profiles WHERE id = $1', [vendor])).rows[0]?.username : undefined;
      ctx.set('Content-Disposition', `attachment; filename="${paymentsLogFileName({ from, to, vendor: vendor as string | undefined, status: status as string | undefined }, username)}"`);
      ctx.body = Readable.from(csv());
      return;
    }
    // The screen shows the newest LOG_PAGE_ROWS; the header says when there are more (the CSV has them all).
    const rows = await page(null, LOG_PAGE_ROWS + 1);
    if (rows.length > LOG_PAGE_ROWS) ctx.set('X-Truncated', 'true');
    ctx.body = rows.slice(0, LOG_PAGE_ROWS).map(entry);
  });

  /**
   * Delivered loads not paid in full (payment status other than paid), the longest waiting first: what accounting
   * works through. Each with what its payment needs: the rate, the amount paid so far, the balance, the last payment.
   */
  router.get('/api/payments/awaiting/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (!canAuditPayments(actor)) throw new HttpError(403, 'You do not have permission to view payment history.');
    // No index: status and payment status change all day, and an index on them would end the HOT updates that keep
    // those changes cheap (projector schema 011); a scan of the loads is a few milliseconds at 50,000.
    const { rows } = await pool.query<{
      id: string; kdt_id: string; vendor_id: string | null; vendor_name: string | null; delivery_date: Date | null; payment_status: string;
      rate_amount: unknown; amount_paid: unknown; last_payment_date: string | null;
    }>(
      // The few fields the list shows, not each load's whole view.
      `SELECT id, kdt_id, vendor_id, vendor_name, delivery_date, payment_status, view->'rate_amount' AS rate_amount,
              view->'amount_paid' AS amount_paid, view->>'last_payment_date' AS last_payment_date
       FROM loads WHERE deleted_at IS NULL AND status = 'delivered'
         -- Not marked Paid; or marked Paid with an amount recorded that is less than the rate ("paid short": the
         -- gap would otherwise be nowhere on the page). Marked Paid with no amount recorded is taken as paid.
         AND (payment_status <> 'paid' OR (json_typeof(view->'amount_paid') = 'number' AND json_typeof(view->'rate_amount') = 'number'
              AND (view->>'amount_paid')::numeric < (view->>'rate_amount')::numeric))
       ORDER BY delivery_date ASC NULLS LAST, kdt_id`,
    );
    ctx.body = rows.map((row) => {
      const rate = typeof row.rate_amount === 'number' ? row.rate_amount : null;
      const paid = typeof row.amount_paid === 'number' ? row.amount_paid : null;
      return {
        id: row.id,
        kdt_id: row.kdt_id,
        vendor: row.vendor_id,
        vendor_name: row.vendor_name,
        delivery_date: row.delivery_date?.toISOString() ?? null,
        payment_status: row.payment_status,
        rate_amount: rate,
        amount_paid: paid,
        // What is still owed on the rate (never below zero); unknown without a rate.
        balance: rate === null ? null : Math.max(0, Math.round((rate - (paid ?? 0)) * 100) / 100),
        last_payment_date: row.last_payment_date,
      };
    });
  });

  router.get('/api/recycle-bin/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (!isAdmin(actor)) throw new HttpError(403, 'You do not have permission to view the recycle bin.');
    const iso = (value: Date) => value.toISOString();
    const [loads, vendors, staff] = await Promise.all([deletedRows(pool, 'loads'), deletedRows(pool, 'vendors'), deletedRows(pool, 'staff')]);
    const shape = (rows: Record<string, any>[]) => rows.map((row) => ({ ...row, deleted_at: iso(row.deleted_at) }));
    ctx.body = { loads: shape(loads), vendors: shape(vendors), staff: shape(staff) };
  });

  return router;
}
