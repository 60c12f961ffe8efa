import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { SAFE_METHODS } from '@portal/platform/auth/middleware';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from '@portal/platform/files/upload';
import { BODY_NOT_AN_OBJECT, HttpError, ValidationFailed } from '@portal/platform/http/errors';

const LIMITS = { jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb' };
const MULTIPART_LIMITS = { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 100, maxFieldsSize: 1024 * 1024, allowEmptyFiles: true, minFileSize: 0 };

// formidable's own error codes (FormidableError.code) for what a client sent.
const TOO_LARGE = new Set([1009, 1016]);
const TOO_MANY_FIELDS = new Set([1006, 1007]);
const TOO_MANY_FILES = 1015;
/** formidable's codes for its own set-up or the disk, not for the request: those stay server errors. */
const SERVER_SIDE = new Set([1000, 1001, 1003, 1004, 1017, 1018]);
/** File system failures while a body is written to disk: the server's problem, not the request's. */
const DISK_ERRORS = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE', 'ENOENT', 'EROFS', 'EIO', 'EDQUOT']);

/** What a body that could not be read answers: the client's mistakes are 4xx in the error shape, never a 500. */
function bodyError(error: unknown, multipart: boolean): unknown {
  const e = error as { code?: unknown; status?: unknown; statusCode?: unknown };
  if (multipart && typeof e.code === 'number') {
    if (TOO_LARGE.has(e.code)) return new HttpError(413, FILE_TOO_LARGE);
    if (e.code === TOO_MANY_FILES) return new HttpError(400, 'Send one file at a time.');
    if (TOO_MANY_FIELDS.has(e.code)) return new HttpError(413, 'Request body is too large.');
    if (!SERVER_SIDE.has(e.code)) return new HttpError(400, 'Malformed multipart body.');
    return error;
  }
  // The JSON and form parsers' own refusals (malformed JSON, too large, unsupported charset) carry a 4xx status: the
  // error handler words them.
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  if (typeof e.code === 'string' && DISK_ERRORS.has(e.code)) return error;
  // Anything else the parsers meet is in the bytes the client sent (a body that says it is compressed and is not).
  return new HttpError(400, 'Malformed request body.');
}


/**
 * A command's body must be one the API reads (JSON, a form, or multipart): any other, or one without a type, would
 * otherwise be taken for an empty body, and the command answer 200 having changed nothing (415 instead, in the
 * error shape). An empty body needs no type.
 */
function refuseUnreadableType(ctx: Koa.Context): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  if (!hasBody || ctx.is('json', 'urlencoded', 'multipart')) return;
  const type = ctx.get('Content-Type');
  throw new HttpError(415, type
    ? `Unsupported media type "${type}" in request. Send JSON (application/json) or multipart/form-data.`
    : 'The request body has no Content-Type. Send JSON (application/json) or multipart/form-data.');
}

/**
 * The routes that take a file, and the one field each reads it from. A file sent in any other field, or to any other
 * route, would be dropped unread while the rest of the request went through (a profile save answering 200 with its
 * `insurance_document` ignored): it is refused instead, and nothing is recorded.
 */
const FILE_FIELDS: readonly (readonly [method: string, path: RegExp, field: string])[] = [
  ['PATCH', /^\/api\/profiles\/vendor\/?$/, 'carrier_agreement_document'],
  ['POST', /^\/api\/vendor\/documents\/[^/]+\/?$/, 'file'],
  ['POST', /^\/api\/loads\/[^/]+\/documents\/?$/, 'file'],
];
export const FILE_NOT_TAKEN = 'A file is not taken in this field.';

function refuseUnreadFiles(ctx: Koa.Context): void {
  const files = (ctx.request as { files?: Record<string, unknown> }).files;
  if (!files) return;
  const taken = FILE_FIELDS.find(([method, pattern]) => method === ctx.method && pattern.test(ctx.path))?.[2];
  const errors: Record<string, string[]> = Object.create(null);
  for (const field of Object.keys(files)) if (field !== taken) errors[field] = [FILE_NOT_TAKEN];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

/**
 * Reads JSON, form and multipart bodies before routing. A multipart body's files wait in a folder of their own under
 * `uploadRoot`, removed with everything in it when the request ends, whatever the route did with them (or if it was
 * refused, or took no file, or the parse stopped midway): nothing a request sends stays on disk unless a route stored it.
 */
export function parseRequestBody(uploadRoot: string) {
  fs.mkdirSync(uploadRoot, { recursive: true });
  const plain = koaBody({ ...LIMITS, multipart: false });
  return async function parseRequestBody(ctx: Koa.Context, next: Koa.Next): Promise<void> {
    refuseUnreadableType(ctx);
    if (!ctx.is('multipart')) {
      try {
        await plain(ctx, async () => {});
      } catch (error) {
        throw bodyError(error, false);
      }
      return next();
    }
    const folder = await fs.promises.mkdtemp(path.join(uploadRoot, 'upload-'));
    try {
      try {
        await koaBody({ ...LIMITS, multipart: true, formidable: { ...MULTIPART_LIMITS, uploadDir: folder } })(ctx, async () => {});
      } catch (error) {
        throw bodyError(error, true);
      }
      refuseUnreadFiles(ctx);
      await next();
    } finally {
      await fs.promises.rm(folder, { recursive: true, force: true });
    }
  };
}

/** The body's fields; a body that is not an object (a JSON array) is refused as the load PATCH's schema refuses it. */
export function bodyFields(ctx: Koa.Context): Record<string, unknown> {
  const body: unknown = ctx.request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationFailed({ non_field_errors: [BODY_NOT_AN_OBJECT] });
  }
  return body as Record<string, unknown>;
}
