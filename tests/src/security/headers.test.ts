import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../support/system';

let system: TestSystem;
beforeAll(async () => { system = await startTestSystem(); });
afterAll(async () => { await system?.stop(); });

it('serves the UI with a CSP fit for the app, never framed by another site', async () => {
  const response = await fetch(`${system.url}/staff/loads`);
  const csp = response.headers.get('content-security-policy')!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // Connections (fetch, the live board's WebSocket) to this origin only: 'ws:' or 'wss:' would let an injected script
  // send data to any host. The browser tests' live updates arrive over the WebSocket under this policy.
  expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('same-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
});

it('answers every API call, success or error, with nosniff, no framing by others, no referrer and no shared caching', async () => {
  const client = await system.client().start();
  for (const response of [await fetch(`${system.url}/api/health/`), await fetch(`${system.url}/api/auth/user/`), await fetch(`${system.url}/api/nowhere/`), await fetch(`${system.url}/api/auth/login/`, { method: 'POST' })]) {
    expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  }
  expect(client).toBeDefined();
});
