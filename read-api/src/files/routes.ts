import Router from '@koa/router';
import type pg from 'pg';
import type { FileStorage } from '@portal/platform/files/storage';
import { notFound } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import { serveStoredFile } from './serve-stored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * GET /api/serve-file/vendor-documents/{vendorId}/{sha256}/{name}: a vendor's file, to that vendor and to staff only.
 * The file is found by the recorded (vendor, hash) pair, never by a path, so traversal has nothing to reach.
 */
export function fileRoutes(deps: { pool: pg.Pool; storage: FileStorage }): Router {
  const { pool, storage } = deps;
  const router = new Router();
  router.get('/api/serve-file/vendor-documents/:vendorId/:sha256/:name', async (ctx) => {
    const actor = await requireReader(ctx, pool).catch(() => undefined);
    const { vendorId, sha256 } = ctx.params;
    if (!actor || !vendorId || !sha256 || !UUID.test(vendorId) || !SHA256.test(sha256)) throw notFound();
    if (actor.type === 'VENDOR' && actor.vendorId !== vendorId) throw notFound();
    const { rows } = await pool.query<{ name: string; content_type: string; size: string }>(
      'SELECT name, content_type, size FROM vendor_files WHERE vendor_id = $1 AND sha256 = $2',
      [vendorId, sha256],
    );
    const file = rows[0];
    if (!file) throw notFound();
    serveStoredFile(ctx, storage, { ...file, sha256 });
  });
  return router;
}
