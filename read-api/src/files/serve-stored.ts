import type Koa from 'koa';
import type { FileStorage } from '@portal/platform/files/storage';
import { contentDisposition } from '@portal/platform/files/upload';
import { notFound } from '@portal/platform/http/errors';

// Served inline only when a browser cannot run them as a page: PDFs and raster images.
const INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']);

/**
 * A stored file, with the type the server recorded (never the client's), nosniff, a CSP that makes it inert even when
 * opened directly (framable only by the portal, for previews), and a safe Content-Disposition name.
 */
export function serveStoredFile(ctx: Koa.Context, storage: FileStorage, file: { sha256: string; name: string; content_type: string; size: number | string }): void {
  if (!storage.exists(file.sha256)) throw notFound();
  ctx.set('Content-Type', file.content_type);
  ctx.set('Content-Length', String(file.size));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'");
  ctx.set('Cache-Control', 'private, max-age=3600');
  ctx.set('Content-Disposition', contentDisposition(INLINE.has(file.content_type) ? 'inline' : 'attachment', file.name));
  ctx.body = storage.open(file.sha256);
}
