import type Koa from 'koa';
import type pg from 'pg';
import type { Actor } from '@portal/domain/permissions';
import { notSignedIn } from '@portal/platform/http/errors';

/** The signed-in actor, from the read models; 401 when there is none. */
export async function requireReader(ctx: Koa.Context, pool: pg.Pool): Promise<Actor> {
  const session = ctx.state.session as { userId: string } | undefined;
  if (session) {
    const { rows } = await pool.query(
      `SELECT u.id, u.username, u.kind, u.vendor_id, u.builtin, s.tier
       FROM users u LEFT JOIN staff_profiles s ON s.user_id = u.id
       WHERE u.id = $1 AND u.is_active AND u.deleted_at IS NULL`,
      [session.userId],
    );
    const row = rows[0];
    if (row) {
      return {
        userId: row.id,
        username: row.username,
        type: row.kind,
        tier: row.kind === 'STAFF' ? (row.builtin ? 'ADMIN' : row.tier) : null,
        vendorId: row.vendor_id,
      };
    }
  }
  throw notSignedIn();
}
