import http from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { StreamNotFound, WrongExpectedVersion } from '../event-store/port';
import { createLogger } from '../logger';
import { BODY_NOT_AN_OBJECT, HttpError, ValidationFailed } from './errors';
import { errorHandler, logStreamErrors, requestLogger, zodFieldErrors } from './middleware';

const logLines: Record<string, unknown>[] = [];
const logger = createLogger({ level: 'debug', write: (line) => logLines.push(JSON.parse(line)) });
let server: http.Server;
let base: string;

const throwers: Record<string, () => unknown> = {
  '/api/validation': () => { throw new ValidationFailed({ email_1: ['Please enter a valid email address.'] }); },
  '/api/zod': () => z.object({ legal_name: z.string().min(1, 'This field is required.'), nested: z.object({ zip: z.string() }) }).parse({ legal_name: '', nested: {} }),
  '/api/forbidden': () => { throw new HttpError(403, 'You do not have permission to edit rate details.'); },
  '/api/conflict': () => { throw new WrongExpectedVersion('load-1', 3n, 4n); },
  '/api/missing-stream': () => { throw new StreamNotFound('load-1'); },
  '/api/crash': () => { throw new Error('secret internal detail'); },
  // PostgreSQL with every connection slot taken (SQLSTATE 53300), and one that is shutting down (57P01).
  '/api/too-many-clients': () => { throw Object.assign(new Error('sorry, too many clients already'), { code: '53300' }); },
  '/api/shutting-down': () => { throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }); },
  '/api/bigint': () => ({ position: 9007199254740993n, nested: [1n] }),
  // A download whose end never comes (the client leaves first), and one whose source fails half way.
  '/api/stream-forever': () => { const body = new PassThrough(); body.write('first part '); return body; },
  '/api/stream-broken': () => {
    const body = new Readable({ read() {} });
    body.push('first part ');
    setTimeout(() => body.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })), 50);
    return body;
  },
};

beforeAll(async () => {
  const app = new Koa();
  logStreamErrors(app, { logger, service: 'test' });
  app.use(requestLogger({ logger, service: 'test' }));
  app.use(errorHandler({ logger }));
  app.use(async (ctx) => {
    const thrower = throwers[ctx.path];
    if (thrower) ctx.body = thrower();
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string) => {
  const response = await fetch(base + path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('one error-mapping middleware', () => {
  it('answers validation failures with a field-to-messages map', async () => {
    expect(await get('/api/validation')).toEqual({ status: 400, body: { email_1: ['Please enter a valid email address.'] } });
  });

  it('turns zod issues into the same map, nested fields joined with dots', async () => {
    const { status, body } = await get('/api/zod');
    expect(status).toBe(400);
    expect(body.legal_name).toEqual(['This field is required.']);
    expect(Object.keys(body)).toContain('nested.zip');
  });

  it('answers typed HTTP errors with {detail}', async () => {
    expect(await get('/api/forbidden')).toEqual({ status: 403, body: { detail: 'You do not have permission to edit rate details.' } });
  });

  it('answers a concurrency conflict with 409 and a stream that does not exist with 404', async () => {
    expect((await get('/api/conflict')).status).toBe(409);
    expect(await get('/api/missing-stream')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('answers a database without room or going away with 503 and Retry-After, not 500', async () => {
    for (const path of ['/api/too-many-clients', '/api/shutting-down']) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('2');
      expect(await response.json()).toEqual({ detail: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
  });

  it('hides internal errors behind a generic 500 and logs them', async () => {
    expect(await get('/api/crash')).toEqual({ status: 500, body: { detail: 'Internal server error.' } });
    expect(logLines.some((line) => line.msg === 'request failed' && JSON.stringify(line).includes('secret internal detail'))).toBe(true);
  });

  it('writes bigints as exact decimal strings', async () => {
    const response = await fetch(base + '/api/bigint');
    expect(await response.text()).toBe('{"position":"9007199254740993","nested":["1"]}');
  });

  it('answers unknown /api paths with 404 {detail} and logs one line per request with its status', async () => {
    expect(await get('/api/unknown')).toEqual({ status: 404, body: { detail: 'Not found.' } });
    const line = logLines.findLast((l) => l.msg === 'request' && l.path === '/api/unknown');
    expect(line).toMatchObject({ method: 'GET', status: 404, service: 'test' });
    expect(typeof line!.ms).toBe('number');
  });
});

describe('a field of the wrong type', () => {
  const schema = z.object({
    flag: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    miles: z.union([z.number(), z.string(), z.null()]).optional(),
    notes: z.union([z.string(), z.null()]).optional(),
    name: z.string().optional(),
    custom: z.string({ error: 'Enter your name.' }).optional(),
  }).strict();
  const errors = (body: unknown) => {
    const parsed = schema.safeParse(body);
    if (parsed.success) throw new Error('parsed');
    return zodFieldErrors(parsed.error);
  };

  it('is refused in the API\'s words for the type the field takes, not zod\'s bare "Invalid input"', () => {
    expect(errors({ flag: 'perhaps' })).toEqual({ flag: ['Must be a valid boolean.'] });
    expect(errors({ flag: null })).toEqual({ flag: ['This field may not be null.'] });
    expect(errors({ miles: [1] })).toEqual({ miles: ['A valid number is required.'] });
    expect(errors({ notes: 5 })).toEqual({ notes: ['Not a valid string.'] });
    expect(errors({ name: 5 })).toEqual({ name: ['Not a valid string.'] });
  });

  it('is said once, without the checks that ran on the value anyway', () => {
    const long = z.object({ name: z.string({ error: 'Not a valid string.' }).trim().min(3, 'Too short.') });
    const parsed = long.safeParse({ name: ['x'] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(zodFieldErrors(parsed.error)).toEqual({ name: ['Not a valid string.'] });
  });

  it('keeps a message the schema sets itself, and the form-level wording', () => {
    expect(errors({ custom: 5 })).toEqual({ custom: ['Enter your name.'] });
    expect(errors([])).toEqual({ non_field_errors: [BODY_NOT_AN_OBJECT] });
  });
});

describe('errors while a streamed body is sent', () => {
  it('logs a client that left before the end as a debug line, not as a failure or a stack on stderr', async () => {
    const stderr = vi.spyOn(console, 'error');
    logLines.length = 0;
    await new Promise<void>((resolve, reject) => {
      http.get(base + '/api/stream-forever', (response) => {
        response.once('data', () => { response.destroy(); resolve(); });
      }).on('error', reject);
    });
    const line = await waitForLog((entry) => entry.msg === 'response not finished: the client closed the connection');
    expect(line).toMatchObject({ level: 'debug', service: 'test', method: 'GET', path: '/api/stream-forever' });
    expect(logLines.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });

  it('logs a source that fails half way as an error line of the service, in JSON', async () => {
    const stderr = vi.spyOn(console, 'error');
    logLines.length = 0;
    await new Promise<void>((resolve) => {
      http.get(base + '/api/stream-broken', (response) => {
        response.on('data', () => {}).on('error', () => resolve()).on('close', () => resolve());
      }).on('error', () => resolve());
    });
    const line = await waitForLog((entry) => entry.msg === 'response failed while being sent');
    expect(line).toMatchObject({ level: 'error', service: 'test', path: '/api/stream-broken' });
    expect(JSON.stringify(line)).toContain('EIO: i/o error, read');
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });
});

async function waitForLog(match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i += 1) {
    const found = logLines.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no such log line in ${JSON.stringify(logLines)}`);
}
