import Router from '@koa/router';
import type pg from 'pg';
import { isAdmin } from '@portal/domain/permissions';
import type { FileStorage } from '@portal/platform/files/storage';
import { notFound } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import { serveStoredFile } from './serve-stored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * GET /api/serve-file/vendor-documents/{vendorId}/{sha256}/{name}: a vendor's file, to that vendor and to staff only
 * (a deleted vendor's to admins only).
 * The file is found by the recorded (vendor, hash) pair, never by a path, so traversal has nothing to reach. It is
 * served under the name in the address when the vendor uploaded those bytes under it (the same bytes may be two
 * documents), else under a name it did: never under a name only the address gives (a PDF saved as `.html`).
 */
export function fileRoutes(deps: { pool: pg.Pool; storage: FileStorage }): Router {
  const { pool, storage } = deps;
  const router = new Router();
  router.get('/api/serve-file/vendor-documents/:vendorId/:sha256/:name', async (ctx) => {
    const actor = await requireReader(ctx, pool).catch(() => undefined);
    const { vendorId, sha256, name } = ctx.params;
    if (!actor || !vendorId || !sha256 || !UUID.test(vendorId) || !SHA256.test(sha256)) throw notFound();
    if (actor.type === 'VENDOR' && actor.vendorId !== vendorId) throw notFound();
    const { rows } = await pool.query<{ name: string; content_type: string; size: string; vendor_deleted: boolean }>(
      `SELECT f.name, f.content_type, f.size, v.deleted_at IS NOT NULL AS vendor_deleted
       FROM vendor_files f LEFT JOIN vendor_profiles v ON v.id = f.vendor_id WHERE f.vendor_id = $1 AND f.sha256 = $2
       ORDER BY f.name = $3 DESC, f.name LIMIT 1`,
      [vendorId, sha256, name ?? ''],
    );
    const file = rows[0];
    // A deleted vendor's files, like the vendor itself, are the recycle bin's audience's alone.
    if (!file || (file.vendor_deleted && !isAdmin(actor))) throw notFound();
    serveStoredFile(ctx, storage, { name: file.name, content_type: file.content_type, size: file.size, sha256 });
  });
  return router;
}
