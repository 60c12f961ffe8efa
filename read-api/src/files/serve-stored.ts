import type Koa from 'koa';
import type { FileStorage } from '@portal/platform/files/storage';
import { contentDisposition } from '@portal/platform/files/upload';
import { notFound } from '@portal/platform/http/errors';

// Served inline only when a browser cannot run them as a page: PDFs and raster images.
const INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']);

/**
 * A stored file, with the type the server recorded (never the client's), nosniff, a CSP that makes it inert even when
 * opened directly (framable only by the portal, for previews), and a safe Content-Disposition name. The caller has
 * checked that the viewer may read it.
 */
export function serveStoredFile(ctx: Koa.Context, storage: FileStorage, file: { sha256: string; name: string; content_type: string; size: number | string }): void {
  if (!storage.exists(file.sha256)) throw notFound();
  ctx.set('Content-Type', file.content_type);
  ctx.set('Content-Length', String(file.size));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'");
  // Kept by the browser, but asked about on every use: a copy is shown again (304, no body) only to whoever may still
  // read it, so a signed-out or no longer permitted viewer does not get it from the cache. Content-addressed: the
  // hash is the version.
  ctx.set('Cache-Control', 'private, no-cache');
  const etag = `"${file.sha256}"`;
  ctx.set('ETag', etag);
  ctx.set('Content-Disposition', contentDisposition(INLINE.has(file.content_type) ? 'inline' : 'attachment', file.name));
  // Not ctx.fresh: it never answers 304 to a request carrying Cache-Control: no-cache, which is how fetch() sends
  // every conditional request; an origin server may.
  const known = ctx.get('If-None-Match').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(etag) || known.includes('*')) {
    ctx.status = 304;
    ctx.remove('Content-Length');
    return;
  }
  ctx.body = storage.open(file.sha256);
}
