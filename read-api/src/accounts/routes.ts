import Router from '@koa/router';
import type pg from 'pg';
import { HttpError } from '@portal/platform/http/errors';
import { currentUser } from './current-user';

export function accountReadRoutes(deps: { pool: pg.Pool }): Router {
  const router = new Router();
  router.get('/api/auth/user/', async (ctx) => {
    const session = ctx.state.session as { userId: string } | undefined;
    const user = session ? await currentUser(deps.pool, session.userId) : undefined;
    if (!user) throw new HttpError(401, 'Authentication credentials were not provided.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = user;
  });
  return router;
}
