import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { $ZodError } from 'zod/v4/core';
import { DeadlineExceeded, within } from '../deadline';
import { StreamNotFound, WrongExpectedVersion } from '../event-store/port';
import { stringifyJson } from '../event-store/json';
import type { Logger } from '../logger';
import { BODY_NOT_AN_OBJECT, HttpError, methodNotAllowed, ValidationFailed } from './errors';
import { isDatabaseUnavailable } from '../db/unavailable';

/** The type a field expects, worded for a client, by what zod says it expected (in order of preference). */
const TYPE_MESSAGES: [expected: string, message: string][] = [
  ['boolean', 'Must be a valid boolean.'],
  ['number', 'A valid number is required.'],
  ['string', 'Not a valid string.'],
];

/** zod's own wording for a value of the wrong type ("Invalid input", "Invalid input: expected string, received number"). */
const isDefaultTypeMessage = (message: string) => message === 'Invalid input' || message.startsWith('Invalid input: expected ');

type Issue = $ZodError['issues'][number];

/**
 * A field's value of the wrong type, worded as the rest of the API words its refusals: zod's default for a field
 * that takes one of several forms is a bare "Invalid input" (a boolean or its form text "true"/"false"; a number,
 * its text or null). The types the field's forms expect decide the message; a null where none is taken says so.
 * Any message a schema sets itself is kept.
 */
function fieldTypeMessage(issue: Issue): string {
  // The body itself is not an object: the validation library's words ('expected object, received array') say it
  // in its own terms, not the client's.
  if (issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object') return BODY_NOT_AN_OBJECT;
  if (issue.path.length === 0 || !isDefaultTypeMessage(issue.message)) return issue.message;
  const branches: Issue[] = issue.code === 'invalid_union' ? (issue.errors as Issue[][]).flat() : [issue];
  if (!branches.every((branch) => branch.code === 'invalid_type' || branch.code === 'invalid_value')) return issue.message;
  const expected = new Set(branches.flatMap((branch) => (branch.code === 'invalid_type' ? [String(branch.expected)] : [])));
  const receivedNull = branches.some((branch) => branch.code === 'invalid_type' && / received null$/.test(branch.message));
  if (receivedNull && !expected.has('null')) return 'This field may not be null.';
  return TYPE_MESSAGES.find(([type]) => expected.has(type))?.[1] ?? issue.message;
}

/** Zod issues as the UI's error catalogue expects them: `{ field: [messages] }`; form-level ones under non_field_errors. */
export function zodFieldErrors(error: $ZodError): Record<string, string[]> {
  // Prototype-free, so a field named constructor or __proto__ is reported like any other.
  const fields: Record<string, string[]> = Object.create(null);
  const wrongType = new Set<string>();
  for (const issue of error.issues) {
    // An unknown field is reported against that field, not the whole form.
    if (issue.code === 'unrecognized_keys') {
      for (const field of issue.keys) (fields[[...issue.path.map(String), field].join('.')] ??= []).push(issue.message);
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    // A value of the wrong type is said once: checks that ran on it anyway (a list's length) would only confuse.
    if (wrongType.has(key)) continue;
    if (issue.code === 'invalid_type' && issue.path.length > 0) wrongType.add(key);
    (fields[key] ??= []).push(fieldTypeMessage(issue));
  }
  return fields;
}

function isPlainBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return false;
  return true;
}

/**
 * The one place where errors become responses: `{detail}` for 4xx/5xx, `{field: [messages]}` for validation.
 * Also writes JSON bodies with bigint-safe serialisation and gives each request an id.
 */
export function errorHandler(options: { logger: Logger }) {
  return async function handleErrors(ctx: Koa.Context, next: Koa.Next) {
    ctx.state.requestId ??= randomUUID();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new HttpError(404, 'Not found.');
      }
      // A route that exists for other methods (the router has set Allow): the error shape too.
      if (ctx.status === 405 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw methodNotAllowed(ctx.method, ctx.response.get('Allow') || undefined);
      }
      // A method no route takes anywhere (PROPFIND, MKCOL, ...): the router answers 501 in plain text. The client's
      // request is at fault, not the server: 405 where the path has routes (Allow names their methods), else 404.
      if (ctx.status === 501 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        const allow = ctx.response.get('Allow');
        if (allow) throw methodNotAllowed(ctx.method, allow);
        ctx.remove('Allow');
        throw new HttpError(404, 'Not found.');
      }
    } catch (error) {
      const { status, body, headers } = toResponse(error);
      if (status >= 500) options.logger.error('request failed', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, error });
      ctx.status = status;
      ctx.body = body;
      for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
    }
    if (isPlainBody(ctx.body)) {
      ctx.type = 'application/json';
      // Plain JSON.stringify first (fast); the bigint-aware replacer only when a bigint is in there.
      try {
        ctx.body = JSON.stringify(ctx.body);
      } catch {
        ctx.body = stringifyJson(ctx.body);
      }
    }
  };
}

function toResponse(error: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  if (error instanceof ValidationFailed) return { status: 400, body: error.fields, headers: {} };
  if (error instanceof $ZodError) return { status: 400, body: zodFieldErrors(error), headers: {} };
  if (error instanceof HttpError) return { status: error.status, body: { ...error.extra, detail: error.detail }, headers: error.headers };
  if (error instanceof WrongExpectedVersion) {
    return { status: 409, body: { detail: 'This record was changed by someone else. Please reload and try again.' }, headers: {} };
  }
  if (error instanceof StreamNotFound) return { status: 404, body: { detail: 'Not found.' }, headers: {} };
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { detail: 'The service is temporarily unavailable. Please try again in a moment.' }, headers: { 'Retry-After': '2' } };
  }
  // Errors raised by Koa and body parsers (malformed JSON, payload too large, ...) carry a client status.
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (error as Error).message;
    const detail = status === 413 ? 'Request body is too large.' : status === 415 ? 'Unsupported media type.' : /json/i.test(message) ? 'Malformed JSON body.' : message || 'Bad request.';
    return { status, body: { detail }, headers: {} };
  }
  return { status: 500, body: { detail: 'Internal server error.' }, headers: {} };
}

/**
 * Errors Koa meets after the handlers are done, while it sends a streamed body (a stored file, the payments CSV): a
 * JSON log line like every other, instead of Koa's default stack trace on stderr. A client that went away before the
 * end (a cancelled download, a closed tab) is not a failure of the service: a debug line only.
 */
export function logStreamErrors(app: Koa, options: { logger: Logger; service: string }): void {
  app.on('error', (error: Error & { code?: string }, ctx?: Koa.Context) => {
    const where = { service: options.service, requestId: ctx?.state.requestId, method: ctx?.method, path: ctx?.path };
    const clientGone = ctx?.req.destroyed === true || ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '');
    if (clientGone) options.logger.debug('response not finished: the client closed the connection', { ...where, code: error.code });
    else options.logger.error('response failed while being sent', { ...where, error });
  });
}

/** How long a read may take before it answers 503: far above any read's time, far below a client's patience. */
export const READ_DEADLINE_MS = 10_000;

/**
 * Reads answer within `ms`: when the database stops answering without closing its connections (a frozen or
 * partitioned server), a read answers 503 with Retry-After, as when it is down, instead of being held for as long as
 * the database is stuck. Only for reads, which change nothing: a command cut short could still take effect after its
 * answer. Place it after errorHandler.
 */
export function readDeadline(ms = READ_DEADLINE_MS) {
  return async function answerInTime(_ctx: Koa.Context, next: Koa.Next) {
    try {
      await within(next(), ms, 'request');
    } catch (error) {
      if (!(error instanceof DeadlineExceeded)) throw error;
      throw new HttpError(503, 'The service is temporarily unavailable. Please try again in a moment.', { 'Retry-After': '2' });
    }
  };
}

/** One log line per request: method, path (no query: it may carry tokens), status and time taken. */
export function requestLogger(options: { logger: Logger; service: string }) {
  return async function logRequest(ctx: Koa.Context, next: Koa.Next) {
    ctx.state.requestId ??= randomUUID();
    const started = performance.now();
    try {
      await next();
    } finally {
      options.logger.info('request', {
        service: options.service,
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}

/**
 * Headers on every API answer: nothing is sniffed into another type, nothing is framed by another site (files may be
 * framed by the portal itself for previews), no referrer leaves the site, and answers with personal data are not cached
 * by shared caches.
 */
export function securityHeaders() {
  return async function setSecurityHeaders(ctx: Koa.Context, next: Koa.Next) {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'");
    if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  };
}

const NUL = '\u0000';
const NUL_MESSAGE = 'Null characters are not allowed.';
const LONE_SURROGATE_MESSAGE = 'Invalid characters are not allowed.';
/** Half of a UTF-16 surrogate pair without its other half: not a character, and not storable as JSON text. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** C0 controls other than tab, line feed and carriage return, and DEL: nothing a person types into a form. */
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_MESSAGE = 'Control characters are not allowed.';
/**
 * Bidirectional embeddings, overrides and isolates: they reorder how the text around them is shown, so a vendor name
 * or a note could read differently on the board from what is stored ("Trojan Source" spoofing). Plain right-to-left
 * text needs none of them.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROL_MESSAGE = 'Text direction control characters are not allowed.';
/**
 * U+FFFD, what the body parsers put where the bytes sent were not UTF-8 (Latin-1 text, a bad percent escape): refused
 * rather than stored, as "Caf\ufffd Freight" would otherwise be kept and shown. Nobody types it on purpose.
 */
const REPLACEMENT = '\ufffd';
const REPLACEMENT_MESSAGE = 'Text must be sent as UTF-8: this holds characters that could not be read.';

/** Every character any of the checks below looks for (surrogates paired or not): most text has none, and one test says so. */
const SUSPECT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffd]/;

/** Why `text` cannot be stored, or is refused as never meaningful here, or null. */
function unstorable(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  if (CONTROL.test(text)) return CONTROL_MESSAGE;
  if (BIDI_CONTROL.test(text)) return BIDI_CONTROL_MESSAGE;
  if (text.includes(REPLACEMENT)) return REPLACEMENT_MESSAGE;
  return null;
}

/** Why `value` (a key or a string anywhere inside it) cannot be stored, or null. */
function unstorableField(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const problem = unstorable(key) ?? unstorableField(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** A field name as an error answer can show it. */
const fieldName = (key: string) => key.replaceAll(NUL, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');

/**
 * Text PostgreSQL cannot store, and that is never meaningful here: a NUL character, or half of a surrogate pair (which
 * JSON can carry as an escape, and PostgreSQL's json refuses); and text no form produces that would show otherwise
 * than it is stored: control characters (tab and line breaks allowed) and bidirectional overrides; and text that was
 * not UTF-8 (read as replacement characters). Such query values
 * and body fields are refused up front with a validation error, before anything is reserved or recorded.
 */
export function rejectUnstorableText() {
  return async function rejectUnstorable(ctx: Koa.Context, next: Koa.Next): Promise<void> {
    const errors: Record<string, string[]> = Object.create(null);
    const check = (key: string, value: unknown) => {
      const problem = unstorable(key) ?? unstorableField(value);
      if (problem) errors[fieldName(key)] = [problem];
    };
    for (const [key, value] of Object.entries(ctx.query)) check(key, value);
    const body = (ctx.request as { body?: unknown }).body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) check(key, value);
    } else {
      const problem = unstorableField(body);
      if (problem) errors.non_field_errors = [problem];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    await next();
  };
}
