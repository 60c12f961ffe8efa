// One real change through every part: command API -> event store -> projector -> read model -> read API, over HTTP,
// through the same gateway routing that `npm start` uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts/support';
import type { PortalClient } from './support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './support/system';

let system: TestSystem;
/** Probes are sent by signed-in staff. */
let client: PortalClient;
beforeAll(async () => {
  system = await startTestSystem();
  client = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
});
afterAll(async () => { await system?.stop(); });

const api = (path: string, init?: RequestInit) => fetch(`${system.url}${path}`, init);
/** An unsafe request the way the UI sends it: with the session's cookies and the CSRF header. */
const command = (path: string, init: RequestInit = {}) => {
  const csrf = client.cookies.get('csrftoken')!;
  return api(path, { ...init, headers: { Cookie: client.cookieHeader(), 'X-CSRFToken': csrf, ...(init.headers as Record<string, string>) } });
};

describe('a pipeline probe travels the whole system', () => {
  it('is accepted by the command API, projected, and read back by the read API at its position', async () => {
    const created = await command('/api/health/probe/', { method: 'POST' });
    expect(created.status).toBe(201);
    const { probe_id, position } = (await created.json()) as { probe_id: string; position: string };
    expect(position).toMatch(/^\d+$/);

    const read = await api(`/api/health/probes/${probe_id}/?min_position=${position}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-read-model-stale')).toBeNull();
    const body = (await read.json()) as Record<string, string>;
    expect(body.probe_id).toBe(probe_id);
    expect(body.position).toBe(position);
    expect(Date.parse(body.requested_at!)).not.toBeNaN();

    const event = (await system.store.readStream(`probe-${probe_id}`))[0]!;
    expect(event.type).toBe('PipelineProbed');
    expect(event.metadata).toMatchObject({ actorType: 'STAFF', actorUsername: 'admin' });
  });

  it('reports health with the event store head and a projector that has caught up', async () => {
    const { position } = (await (await command('/api/health/probe/', { method: 'POST' })).json()) as { position: string };
    const health = await api(`/api/health/?min_position=${position}`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { status: string; database: { ok: boolean }; event_store: { ok: boolean; kind: string; head: string }; projector: { ok: boolean; checkpoint: string; lag: number } };
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.event_store).toMatchObject({ ok: true, kind: 'postgres' });
    expect(BigInt(body.event_store.head)).toBeGreaterThanOrEqual(BigInt(position));
    expect(body.projector).toMatchObject({ ok: true, lag: 0, lag_capped: false });
    expect(body.projector.checkpoint).toBe(body.event_store.head);
  });

  it('answers a read for a position the projector has not reached, after a bounded wait, marked stale', async () => {
    const started = Date.now();
    const response = await api('/api/health/?min_position=999999999');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-read-model-stale')).toBe('true');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});

describe('errors have the spec shape and change nothing', () => {
  it('refuses a malformed position with 400 {detail}', async () => {
    const response = await api('/api/health/?min_position=1;DROP');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'min_position must be a non-negative integer.' });
  });

  it('answers unknown API paths with 404 {detail}, for reads and for commands', async () => {
    for (const init of [undefined, { method: 'POST' }, { method: 'DELETE' }]) {
      const response = await command('/api/no-such-thing/', init);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers a probe id that does not exist, or is not an id, with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', "1' OR '1'='1", '..%2F..%2Fetc']) {
      const response = await api(`/api/health/probes/${id}/`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('refuses a malformed JSON body with 400 {detail} and appends nothing', async () => {
    const before = await system.store.headPosition();
    const response = await command('/api/health/probe/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"oops' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Malformed JSON body.' });
    expect(await system.store.headPosition()).toBe(before);
  });

  it('refuses an oversized body with 413 {detail}', async () => {
    const response = await command('/api/health/probe/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'Request body is too large.' });
  });
});

describe('the gateway routes as production does', () => {
  it('serves the UI for client routes and its assets, never files outside it', async () => {
    for (const route of ['/', '/staff/loads', '/load/123']) {
      const response = await api(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Freight Portal</title>');
    }
    const asset = await api('/assets/app-123.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toContain('console.log');
    for (const attack of ['/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%5c..%5cpackage.json']) {
      const response = await api(attack);
      const text = await response.text();
      expect(text).not.toContain('root:');
      expect(text).not.toContain('"workspaces"');
    }
  });

  it('refuses writes to UI paths', async () => {
    expect((await command('/staff/loads', { method: 'POST' })).status).toBe(405);
  });
});
