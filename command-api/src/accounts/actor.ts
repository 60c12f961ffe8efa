import type Koa from 'koa';
import * as account from '@portal/domain/accounts/decider';
import type { AccountState } from '@portal/domain/accounts/decider';
import { userStream, type AccountEvent } from '@portal/domain/accounts/events';
import type { Actor } from '@portal/domain/permissions';
import * as staff from '@portal/domain/staff/decider';
import type { StaffState } from '@portal/domain/staff/decider';
import { staffStream, type StaffEvent } from '@portal/domain/staff/events';
import type { EventMetadata, EventStore } from '@portal/platform/event-store/port';
import { notSignedIn } from '@portal/platform/http/errors';
import { SAFE_METHODS } from '@portal/platform/auth/middleware';
import { StreamStates } from '../stream-states';

/** The account as the actor needs it: kept between requests, so without the password and activation hashes. */
const accountForActor = {
  initialState: account.initialState,
  evolve(state: AccountState, event: AccountEvent): AccountState {
    const next = account.evolve(state, event);
    return next.status === 'registered' && (next.passwordHash !== '' || next.activationSecretHash !== '')
      ? { ...next, passwordHash: '', activationSecretHash: '' }
      : next;
  },
};

/** The callers' account and staff streams as last read, per event store (one per command side). */
const kept = new WeakMap<EventStore, { accounts: StreamStates<AccountState, AccountEvent>; staff: StreamStates<StaffState, StaffEvent> }>();

/** The accounts kept for `store` (without their secrets), read as `StreamStates.read` reads: as the store holds them now. */
export const keptAccounts = (store: EventStore) => keptFor(store).accounts;

function keptFor(store: EventStore) {
  let states = kept.get(store);
  if (!states) {
    states = { accounts: new StreamStates(accountForActor, 10_000), staff: new StreamStates<StaffState, StaffEvent>(staff, 10_000) };
    kept.set(store, states);
  }
  return states;
}

/**
 * The user's actor from the account's own streams (the command side never decides from read models), or null when the
 * account may not act. The streams are read as they are now: only the events since the last read are read and folded
 * (an unchanged stream costs one single-row read), so a deletion, a tier change or anything else recorded there
 * counts at once.
 */
export async function readActor(store: EventStore, userId: string): Promise<Actor | null> {
  const states = keptFor(store);
  const known = states.accounts.get(userStream(userId))?.state;
  // An account's kind never changes: a caller known to be staff has both streams read at once.
  const staffRead = known?.status === 'registered' && known.kind === 'STAFF' ? states.staff.read(store, staffStream(userId)) : undefined;
  const [{ state: accountState }, staffEarly] = await Promise.all([states.accounts.read(store, userStream(userId)), staffRead]);
  if (accountState.status !== 'registered' || !accountState.activated || accountState.deleted) return null;
  let tier: Actor['tier'] = null;
  if (accountState.kind === 'STAFF') {
    const { state: staffState } = staffEarly ?? (await states.staff.read(store, staffStream(userId)));
    tier = staffState.status === 'active' ? (staffState.builtin ? 'ADMIN' : staffState.tier) : null;
  }
  return { userId: accountState.userId, username: accountState.username, type: accountState.kind, tier, vendorId: accountState.vendorId };
}

interface EarlyActorRead {
  userId: string;
  actor: Promise<Actor | null>;
}

/** Sign-up, login, logout and activation: no actor needed. */
const NEEDS_NO_ACTOR = '/api/auth/';

/**
 * For `loadSession`'s `meanwhile`: a command (any method but GET, HEAD and OPTIONS, outside /api/auth/) whose session
 * id was last found for a user starts reading that user's actor while the session is looked up, instead of after. The read starts after
 * the request arrived, as it would have after the lookup, and `requireActor` uses it only for the user the session
 * turns out to belong to; a session that has ended is refused all the same.
 */
export function readActorEarly(store: EventStore): (ctx: Koa.Context, userId: string) => void {
  return (ctx, userId) => {
    if (SAFE_METHODS.has(ctx.method) || ctx.path.startsWith(NEEDS_NO_ACTOR)) return;
    const actor = readActor(store, userId);
    // Not awaited when the session has ended or the route needs no actor: its failure is then nobody's concern.
    actor.catch(() => {});
    ctx.state.earlyActorRead = { userId, actor } satisfies EarlyActorRead;
  };
}

/** Who is calling: the session's user, as its account's streams are now (see readActor). 401 when nobody may act. */
export async function requireActor(ctx: Koa.Context, store: EventStore): Promise<Actor> {
  const session = ctx.state.session as { userId: string } | undefined;
  if (!session) throw notSignedIn();
  const early = ctx.state.earlyActorRead as EarlyActorRead | undefined;
  const actor = await (early?.userId === session.userId ? early.actor : readActor(store, session.userId));
  if (!actor) throw notSignedIn();
  return actor;
}

export const actorMetadata = (actor: Actor, ctx: Koa.Context): EventMetadata => ({
  actorId: actor.userId,
  actorUsername: actor.username,
  actorType: actor.type,
  actorTier: actor.tier,
  correlationId: ctx.state.requestId as string,
});
