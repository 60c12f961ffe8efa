import Router from '@koa/router';
import { isAdmin } from '@portal/domain/permissions';
import type { EventStore } from '@portal/platform/event-store/port';
import { HttpError } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { RESTORABLE_KINDS, restoreRecord, type RestorableKind } from './restore';

export function recycleBinRoutes(deps: { store: EventStore }): Router {
  const router = new Router();
  router.post('/api/recycle-bin/:kind/:id/restore/', async (ctx) => {
    const actor = await requireActor(ctx, deps.store);
    if (!isAdmin(actor)) throw new HttpError(403, 'You do not have permission to restore records.');
    const kind = ctx.params.kind as RestorableKind;
    if (!RESTORABLE_KINDS.includes(kind)) throw new HttpError(404, 'Not found.');
    const position = await restoreRecord(deps.store, kind, ctx.params.id ?? '', actorMetadata(actor, ctx));
    if (position !== null) ctx.set('X-Event-Position', position.toString());
    ctx.body = { detail: 'Restored.' };
  });
  return router;
}
