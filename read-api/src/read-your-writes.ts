import type Koa from 'koa';
import { parseBigIntParam } from '@portal/platform/event-store/json';
import { HttpError } from '@portal/platform/http/errors';
import type { ProjectionPosition } from './projection-position';

/**
 * A GET may carry the position a command just answered (`?min_position=` or `X-Min-Position`). The read waits,
 * bounded, until the projector has passed it, so a user never sees their own change missing. If the wait runs out
 * the answer is still given, marked `X-Read-Model-Stale: true`.
 */
export function readYourWrites(options: { projection: ProjectionPosition; waitMs: number }) {
  return async function waitForPosition(ctx: Koa.Context, next: Koa.Next) {
    const raw = ctx.query.min_position ?? ctx.get('X-Min-Position');
    if (raw !== undefined && raw !== '') {
      const target = parseBigIntParam(Array.isArray(raw) ? raw[0] : raw);
      if (target === undefined) throw new HttpError(400, 'min_position must be a non-negative integer.');
      const reached = await options.projection.waitFor(target, options.waitMs);
      if (!reached) ctx.set('X-Read-Model-Stale', 'true');
      // For reads kept in memory (the load list), which must then hold at least what was committed up to it.
      else ctx.state.minPosition = target;
    }
    await next();
  };
}
