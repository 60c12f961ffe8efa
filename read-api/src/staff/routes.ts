import Router from '@koa/router';
import type pg from 'pg';
import { isAdmin, type Actor } from '@portal/domain/permissions';
import type { Vendor } from '@portal/domain/vendors/decider';
import { staffVendorView, vendorStatus } from '@portal/domain/vendors/staff-view';
import { HttpError } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import type { EventStore } from '@portal/platform/event-store/port';
import { asOfFrom, vendorAsOf, wantsAsOf } from '../history/as-of';
import { readerToday } from '@portal/domain/calendar';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

const STAFF_SELECT = `
  SELECT u.id, u.username, u.email, u.is_active, u.builtin, u.last_login, u.date_joined,
         s.tier, s.first_name, s.last_name, s.email AS profile_email, s.phone, s.phone_ext, s.department, s.position, s.bio
  FROM users u JOIN staff_profiles s ON s.user_id = u.id
  WHERE u.kind = 'STAFF' AND u.deleted_at IS NULL`;

type StaffRow = Record<string, any>;

/** The built-in admin always shows as ADMIN. */
const tierOf = (row: StaffRow) => (row.builtin ? 'ADMIN' : row.tier);

function staffAccountView(row: StaffRow) {
  return {
    id: row.id,
    username: row.username,
    email: row.profile_email || row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_active: row.is_active,
    staff_profile: { tier: tierOf(row), phone: row.phone, bio: row.bio },
    last_login: iso(row.last_login),
    date_joined: iso(row.date_joined),
    is_builtin_admin: row.builtin,
  };
}

function staffProfileView(row: StaffRow) {
  const blank = (value: string) => (value === '' ? null : value);
  return {
    id: row.id,
    username: row.username,
    tier: tierOf(row),
    department: blank(row.department),
    position: blank(row.position),
    first_name: blank(row.first_name),
    last_name: blank(row.last_name),
    email: blank(row.profile_email) ?? row.email,
    phone: blank(row.phone),
    phone_ext: blank(row.phone_ext),
    bio: blank(row.bio),
    last_login: iso(row.last_login),
    date_joined: iso(row.date_joined),
    is_builtin_admin: row.builtin,
  };
}

function requireStaff(actor: Actor, detail: string): Actor {
  if (actor.type !== 'STAFF') throw new HttpError(403, detail);
  return actor;
}

function requireAdmin(actor: Actor, detail: string): void {
  if (!isAdmin(actor)) throw new HttpError(403, detail);
}

export function staffReadRoutes(deps: { pool: pg.Pool; store: EventStore }): Router {
  const { pool, store } = deps;
  const router = new Router();

  router.get('/api/profiles/staff/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    if (actor.type !== 'STAFF') throw new HttpError(404, 'Not found.');
    const { rows } = await pool.query(`${STAFF_SELECT} AND u.id = $1`, [actor.userId]);
    if (!rows[0]) throw new HttpError(404, 'Not found.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = staffProfileView(rows[0]);
  });

  router.get('/api/staff-accounts/', async (ctx) => {
    requireAdmin(await requireReader(ctx, pool), 'You do not have permission to view staff accounts.');
    const { rows } = await pool.query(`${STAFF_SELECT} ORDER BY lower(u.username)`);
    ctx.body = rows.map(staffAccountView);
  });

  router.get('/api/staff-accounts/:id/', async (ctx) => {
    requireAdmin(await requireReader(ctx, pool), 'You do not have permission to view staff details.');
    const id = ctx.params.id;
    if (!id || !UUID.test(id)) throw new HttpError(404, 'Staff member not found');
    const { rows } = await pool.query(`${STAFF_SELECT} AND u.id = $1`, [id]);
    if (!rows[0]) throw new HttpError(404, 'Staff member not found');
    ctx.body = staffAccountView(rows[0]);
  });

  // Vendors for staff: vendor records only (never staff), deleted ones gone.
  router.get('/api/vendors/', async (ctx) => {
    requireStaff(await requireReader(ctx, pool), 'You do not have permission to view vendor information.');
    const { rows } = await pool.query<{ state: Vendor; created_at: Date; updated_at: Date }>(
      `SELECT v.state, v.created_at, v.updated_at FROM vendor_profiles v JOIN users u ON u.id = v.user_id
       WHERE v.deleted_at IS NULL AND u.deleted_at IS NULL AND u.kind = 'VENDOR' ORDER BY lower(v.vendor_name)`,
    );
    const today = readerToday(ctx.query.tz);
    ctx.body = rows.map(({ state, created_at, updated_at }) => ({
      id: state.vendorId,
      username: state.username,
      legal_name: state.values.legal_name,
      business_name: state.values.business_name,
      contact_name: state.values.contact_name_1,
      contact_email: state.values.email_1,
      mc_number: state.values.mc_number,
      dot_number: state.values.dot_number,
      status: vendorStatus(state, today),
      created_at: iso(created_at),
      updated_at: iso(updated_at),
      is_staff: false,
      staff_tier: null,
    }));
  });

  router.get('/api/vendors/:id/', async (ctx) => {
    const actor = requireStaff(await requireReader(ctx, pool), 'You do not have permission to view vendor information.');
    const id = ctx.params.id;
    if (!id || !UUID.test(id)) throw new HttpError(404, 'Vendor not found.');
    const { rows } = await pool.query<{ state: Vendor; created_at: Date; updated_at: Date; deleted: boolean }>(
      'SELECT state, created_at, updated_at, deleted_at IS NOT NULL AS deleted FROM vendor_profiles WHERE id = $1',
      [id],
    );
    const row = rows[0];
    // A deleted vendor is gone from every plain read; the recycle bin's audience may still look at its past.
    if (!row || (row.deleted && !(wantsAsOf(ctx) && isAdmin(actor)))) throw new HttpError(404, 'Vendor not found.');
    const asOf = asOfFrom(ctx);
    const today = readerToday(ctx.query.tz);
    if (asOf) {
      const { vendor, createdAt, updatedAt } = await vendorAsOf(store, id, asOf);
      // Only a past answer says whether the vendor was deleted by then; a plain read of a deleted one is a 404.
      ctx.body = { ...staffVendorView(vendor, { createdAt, updatedAt }, today), deleted: vendor.deleted === true };
      return;
    }
    if (row.deleted) throw new HttpError(404, 'Vendor not found.');
    ctx.body = staffVendorView(row.state, { createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) }, today);
  });

  return router;
}
