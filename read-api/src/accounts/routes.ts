import Router from '@koa/router';
import type pg from 'pg';
import { notSignedIn } from '@portal/platform/http/errors';
import { currentUser } from './current-user';

export function accountReadRoutes(deps: { pool: pg.Pool }): Router {
  const router = new Router();
  router.get('/api/auth/user/', async (ctx) => {
    const session = ctx.state.session as { userId: string } | undefined;
    const user = session ? await currentUser(deps.pool, session.userId) : undefined;
    if (!user) throw notSignedIn();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = user;
  });
  return router;
}
