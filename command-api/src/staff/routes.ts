import Router from '@koa/router';
import type Koa from 'koa';
import type pg from 'pg';
import * as account from '@portal/domain/accounts/decider';
import { AccountError } from '@portal/domain/accounts/decider';
import { userStream } from '@portal/domain/accounts/events';
import { isAdmin, type Actor } from '@portal/domain/permissions';
import * as staff from '@portal/domain/staff/decider';
import { StaffError } from '@portal/domain/staff/decider';
import { STAFF_PROFILE_FIELDS, STAFF_TIERS, staffStream, type StaffProfileField, type StaffTier } from '@portal/domain/staff/events';
import { checkStaffField } from '@portal/domain/staff/profile-rules';
import type { SessionStore } from '@portal/platform/auth/sessions';
import type { EventStore } from '@portal/platform/event-store/port';
import { ADVISORY_LOCKS, whileHolding } from '@portal/platform/db/locks';
import { HttpError, notFound, ValidationFailed } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { loadAccount, loadStaff } from '../accounts/aggregates';
import { handleCommand, inTurn } from '../command-handler';
import { canonicalId, UUID } from '../ids';
import { bodyFields } from '../request-body';


function requireAdmin(actor: Actor, detail: string): void {
  if (!isAdmin(actor)) throw new HttpError(403, detail);
}

const TIER_MESSAGE = `Select a valid tier: ${STAFF_TIERS.join(', ')}.`;
const isTier = (raw: unknown): raw is StaffTier => typeof raw === 'string' && STAFF_TIERS.includes(raw as StaffTier);

/**
 * Runs `decideAndAppend` for one staff member while no other command on that member runs, in any command API instance.
 * A tier change (on the staff stream) is decided on the account stream too (not deleted), and a deletion (on the
 * account stream) on the staff stream too (not ADMIN): each stream's expected revision guards only the stream appended
 * to, so two such commands at once could each pass on what the other was about to change, deleting an ADMIN.
 */
const oneAtATime = <T>(pool: pg.Pool, userId: string, decideAndAppend: () => Promise<T>): Promise<T> =>
  whileHolding(pool, { lock: ADVISORY_LOCKS.staffMember, id: userId }, decideAndAppend, {
    waitMs: 10_000,
    busy: () => new HttpError(409, 'Another change to this staff member is under way. Please try again.'),
  });

/** The member's id as its streams are named (a UUID in any case names the same member), or 404. */
function staffId(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new HttpError(404, 'Staff member not found');
  return canonicalId(id);
}

/** A staff account that exists and is not deleted; 404 otherwise. */
async function staffTarget(store: EventStore, id: string) {
  const [accountState, staffState] = await Promise.all([loadAccount(store, id), loadStaff(store, id)]);
  if (accountState.status !== 'registered' || accountState.deleted || staffState.status !== 'active') throw new HttpError(404, 'Staff member not found');
  return { account: accountState, staff: staffState };
}

/** Staff commands on one staff stream, decided one after the other and appended together (all or nothing). */
const staffCommands = inTurn(staff);

async function runStaffCommands(store: EventStore, ctx: Koa.Context, actor: Actor, userId: string, commands: staff.StaffCommand[]) {
  try {
    return await handleCommand(store, staffStream(userId), staffCommands, commands, actorMetadata(actor, ctx));
  } catch (error) {
    if (error instanceof StaffError && error.code === 'builtin_admin') throw new HttpError(403, 'The built-in admin is always ADMIN.');
    throw error;
  }
}

const changeTier = (store: EventStore, ctx: Koa.Context, actor: Actor, userId: string, to: StaffTier) =>
  runStaffCommands(store, ctx, actor, userId, [{ type: 'ChangeTier', data: { to } }]);

/** The staff profile as GET /api/profiles/staff/ shows it, from the account's own streams. */
async function staffProfileAnswer(store: EventStore, userId: string) {
  const events = await store.readStream(userStream(userId));
  const accountState = events.reduce((state, e) => account.evolve(state, { type: e.type, data: e.data } as never), account.initialState());
  const staffState = await loadStaff(store, userId);
  if (accountState.status !== 'registered' || staffState.status !== 'active') throw notFound();
  return {
    id: userId,
    username: accountState.username,
    tier: staffState.builtin ? 'ADMIN' : staffState.tier,
    ...staffState.profile,
    email: staffState.profile.email ?? accountState.email,
    last_login: accountState.lastLogin,
    date_joined: events[0]!.createdAt.toISOString(),
    is_builtin_admin: staffState.builtin,
  };
}

const setPosition = (ctx: Koa.Context, position: bigint | null) => {
  if (position !== null) ctx.set('X-Event-Position', position.toString());
};

export function staffRoutes(deps: { store: EventStore; pool: pg.Pool; sessions: SessionStore }): Router {
  const { store, pool, sessions } = deps;
  const router = new Router();

  // The signed-in staff member's own profile; only ADMIN may edit it (staff-side.md section 6).
  router.patch('/api/profiles/staff/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    if (actor.type !== 'STAFF') throw new HttpError(404, 'Not found.');
    requireAdmin(actor, 'You do not have permission to edit this profile.');
    const body = bodyFields(ctx);
    const values: Partial<Record<StaffProfileField, string>> = Object.create(null);
    const errors: Record<string, string[]> = Object.create(null);
    let tier: StaffTier | undefined;
    for (const [field, raw] of Object.entries(body)) {
      if (raw === null || raw === undefined || raw === '') continue;
      if (field === 'tier') {
        // Named beside the other fields' errors, not instead of them.
        if (isTier(raw)) tier = raw;
        else errors.tier = [TIER_MESSAGE];
        continue;
      }
      if (!STAFF_PROFILE_FIELDS.includes(field as StaffProfileField)) {
        errors[field] = ['This field cannot be changed.'];
        continue;
      }
      if (typeof raw !== 'string') {
        errors[field] = ['Enter a valid value.'];
        continue;
      }
      const { value, error } = checkStaffField(field as StaffProfileField, raw);
      if (error) errors[field] = [error];
      else if (value !== '') values[field as StaffProfileField] = value;
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    // The profile edit and the tier change are decided together and appended at once: a refused tier change (the
    // built-in admin) leaves the profile unchanged too.
    const commands: staff.StaffCommand[] = [];
    if (Object.keys(values).length > 0) commands.push({ type: 'EditStaffProfile', data: { values } });
    if (tier !== undefined) commands.push({ type: 'ChangeTier', data: { to: tier } });
    if (commands.length > 0) setPosition(ctx, (await runStaffCommands(store, ctx, actor, actor.userId, commands)).position);
    ctx.body = await staffProfileAnswer(store, actor.userId);
  });

  router.patch('/api/staff-accounts/:id/update-tier/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    requireAdmin(actor, 'You do not have permission to change staff tiers.');
    // The tier is all this changes: any other field (is_active, say) is refused, not silently ignored.
    const { tier, ...others } = bodyFields(ctx);
    const errors: Record<string, string[]> = Object.create(null);
    if (!isTier(tier)) errors.tier = [TIER_MESSAGE];
    for (const field of Object.keys(others)) errors[field] = ['This field cannot be changed.'];
    if (Object.keys(errors).length > 0 || !isTier(tier)) throw new ValidationFailed(errors);
    const id = staffId(ctx.params.id);
    const result = await oneAtATime(pool, id, async () => {
      await staffTarget(store, id);
      return changeTier(store, ctx, actor, id, tier);
    });
    setPosition(ctx, result.position);
    ctx.body = { id, tier: result.state.status === 'active' ? result.state.tier : tier };
  });

  router.delete('/api/staff-accounts/:id/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    requireAdmin(actor, 'You do not have permission to delete staff accounts.');
    const id = staffId(ctx.params.id);
    await oneAtATime(pool, id, async () => {
      const target = await staffTarget(store, id);
      if (target.staff.tier === 'ADMIN' || target.staff.builtin) throw new HttpError(403, 'Admin accounts cannot be deleted.');
      try {
        const result = await handleCommand(store, userStream(id), account, { type: 'DeleteAccount', data: {} }, actorMetadata(actor, ctx));
        setPosition(ctx, result.position);
      } catch (error) {
        if (error instanceof AccountError) throw notFound('Staff member not found');
        throw error;
      }
    });
    // A deleted account is signed out everywhere at once.
    await sessions.destroyAllFor(id);
    ctx.status = 204;
  });

  return router;
}
