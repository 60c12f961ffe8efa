import type Koa from 'koa';
import type { Actor } from '@portal/domain/permissions';
import type { EventMetadata, EventStore } from '@portal/platform/event-store/port';
import { HttpError } from '@portal/platform/http/errors';
import { loadAccount, loadStaff } from './aggregates';

/** Who is calling, from the account's own streams (the command side never decides from read models). */
export async function requireActor(ctx: Koa.Context, store: EventStore): Promise<Actor> {
  const session = ctx.state.session as { userId: string } | undefined;
  if (!session) throw new HttpError(401, 'Authentication credentials were not provided.');
  const account = await loadAccount(store, session.userId);
  if (account.status !== 'registered' || !account.activated || account.deleted) throw new HttpError(401, 'Authentication credentials were not provided.');
  let tier: Actor['tier'] = null;
  if (account.kind === 'STAFF') {
    const staff = await loadStaff(store, session.userId);
    tier = staff.status === 'active' ? (staff.builtin ? 'ADMIN' : staff.tier) : null;
  }
  return { userId: account.userId, username: account.username, type: account.kind, tier, vendorId: account.vendorId };
}

export const actorMetadata = (actor: Actor, ctx: Koa.Context): EventMetadata => ({
  actorId: actor.userId,
  actorUsername: actor.username,
  actorType: actor.type,
  actorTier: actor.tier,
  correlationId: ctx.state.requestId as string,
});
