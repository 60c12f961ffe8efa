import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './gateway';

// The embedded mode's single port serving the built UI from a real folder over real HTTP.
let server: http.Server;
let base: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-ui-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'assets', 'app-1a2b.js'), 'console.log("portal");');
  // A file that passes the check (a regular file inside the folder) and fails every read, as a file removed or
  // replaced while the UI is rebuilt beside a running product does.
  fs.symlinkSync('/proc/self/mem', path.join(root, 'assets', 'unreadable.js'));
  const unused = () => { throw new Error('not an API request'); };
  server = http.createServer(createGateway({ commandApi: unused, readApi: unused, uiDistDir: root }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the gateway serving the built UI', () => {
  it('serves a built file whole, with its length, type and caching', async () => {
    const response = await fetch(`${base}/assets/app-1a2b.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String('console.log("portal");'.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("portal");');
  });

  it('answers HEAD with the headers and no body, and client routes with index.html', async () => {
    const head = await fetch(`${base}/assets/app-1a2b.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String('console.log("portal");'.length));
    expect(await head.text()).toBe('');
    const route = await fetch(`${base}/staff/loads`);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toBe('<!doctype html><title>Portal</title>');
  });

  it('answers a file that fails to read with a 503 and keeps serving (before, the read error stopped the process)', async () => {
    const failed = await fetch(`${base}/assets/unreadable.js`);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('2');
    expect(await failed.text()).toBe('The UI could not be read. Please try again in a moment.');
    const after = await fetch(`${base}/`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('<!doctype html><title>Portal</title>');
  });
});
