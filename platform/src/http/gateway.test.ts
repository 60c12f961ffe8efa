import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, createGateway } from './gateway';

// The embedded mode's single port serving the built UI from a real folder over real HTTP.
/** A bundle-like file, large enough to be compressed (about 40 kB of repetitive JS). */
const BUNDLE = Array.from({ length: 800 }, (_, i) => `export function component${i}(props) { return render("row", props.value + ${i}); }`).join('\n');
let server: http.Server;
let base: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-ui-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'assets', 'app-1a2b.js'), 'console.log("portal");');
  fs.writeFileSync(path.join(root, 'assets', 'vendor-9f8e.js'), BUNDLE);
  fs.writeFileSync(path.join(root, 'assets', 'logo-77aa.png'), Buffer.alloc(4096, 7));
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

  // Raw Node http, which neither asks for nor undoes compression by itself (fetch would).
  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${base}${pathname}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });

  it('compresses the JS it serves for a browser that accepts it: brotli first, then gzip (before, always uncompressed)', async () => {
    const br = await get('/assets/vendor-9f8e.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(BUNDLE.length / 4);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BUNDLE);

    const gzip = await get('/assets/vendor-9f8e.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BUNDLE);

    // Asked again: the same bytes (kept, not compressed again), and HEAD tells the same length with no body.
    expect((await get('/assets/vendor-9f8e.js', { 'Accept-Encoding': 'gzip' })).body.equals(gzip.body)).toBe(true);
    const head = await get('/assets/vendor-9f8e.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(gzip.body.length));
    expect(head.body.length).toBe(0);
  });

  it('sends the file as it is when the client accepts no compression, for small files and for images', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'gzip;q=0, br;q=0' }] as Record<string, string>[]) {
      const plain = await get('/assets/vendor-9f8e.js', headers);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(BUNDLE);
    }
    const small = await get('/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body.toString()).toBe('console.log("portal");');
    const image = await get('/assets/logo-77aa.png', { 'Accept-Encoding': 'gzip, br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('compresses a file rebuilt in place anew', async () => {
    const file = path.join(root, 'assets', 'rebuilt.js');
    fs.writeFileSync(file, BUNDLE);
    expect(zlib.gunzipSync((await get('/assets/rebuilt.js', { 'Accept-Encoding': 'gzip' })).body).toString()).toBe(BUNDLE);
    fs.writeFileSync(file, `${BUNDLE}\n// rebuilt`);
    expect(zlib.gunzipSync((await get('/assets/rebuilt.js', { 'Accept-Encoding': 'gzip' })).body).toString()).toBe(`${BUNDLE}\n// rebuilt`);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['br ; q=0 , gzip ;q=1', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
    ['', 'identity'],
  ])('%j -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
  it('reads a header given more than once', () => {
    expect(chooseEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});
