// The bench's HTTP client against a real node:http server: what the command figures count (status, the event
// position header) must be read the way a browser would read it, over one kept-alive connection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeanClient, parseResponse } from './lean-client';
import type { PortalClient } from '../../tests/src/support/http-client';

let server: http.Server;
let baseUrl: string;
const connections = new Set<string>();
const seen: { method: string; url: string; cookie?: string; csrf?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    connections.add(`${request.socket.remotePort}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method!, url: request.url!, cookie: request.headers.cookie, csrf: request.headers['x-csrftoken'] as string | undefined, body });
      if (request.url === '/chunked') {
        response.setHeader('X-Event-Position', '42');
        response.write('{"a":');
        setTimeout(() => response.end('"ü"}'), 5);
      } else if (request.url === '/empty') {
        response.statusCode = 204;
        response.end();
      } else if (request.url === '/close') {
        response.setHeader('Connection', 'close');
        response.end('bye');
      } else {
        response.statusCode = 200;
        response.setHeader('Set-Cookie', ['a=1', 'b=2']);
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ echo: body }));
      }
    });
  });
  // Node 20 closes an idle kept-alive connection about a second after this.
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const session = { baseUrl: 'http://unused', cookies: new Map([['csrftoken', 'tok']]), cookieHeader: () => 'sessionid=s; csrftoken=tok' } as unknown as PortalClient;

describe('LeanClient', () => {
  it('sends the session and a JSON body, and reads answers of every framing over one connection', async () => {
    const client = new LeanClient(session, baseUrl);
    connections.clear();
    seen.length = 0;
    const patched = await client.request('PATCH', '/loads/1/', { status: 'délivré' });
    expect(patched.status).toBe(200);
    expect(JSON.parse(patched.body)).toEqual({ echo: '{"status":"délivré"}' });
    expect(patched.headers['set-cookie']).toBe('a=1, b=2');
    expect(seen[0]).toEqual({ method: 'PATCH', url: '/loads/1/', cookie: 'sessionid=s; csrftoken=tok', csrf: 'tok', body: '{"status":"délivré"}' });
    const chunked = await client.request('GET', '/chunked');
    expect(chunked).toMatchObject({ status: 200, body: '{"a":"ü"}' });
    expect(chunked.headers['x-event-position']).toBe('42');
    expect(await client.request('DELETE', '/empty')).toMatchObject({ status: 204, body: '' });
    expect(connections.size).toBe(1);
    client.close();
  });

  it('opens a new connection after the server closed one (an answer with Connection: close, or an idle timeout)', async () => {
    const client = new LeanClient(session, baseUrl);
    connections.clear();
    expect((await client.request('GET', '/close')).body).toBe('bye');
    expect((await client.request('POST', '/x', { n: 1 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await client.request('POST', '/x', { n: 2 })).status).toBe(200);
    expect(connections.size).toBe(3);
    client.close();
  });

  it('does not reuse a connection idle for longer than a server may keep it', async () => {
    server.keepAliveTimeout = 60_000;
    try {
      const client = new LeanClient(session, baseUrl, 200);
      connections.clear();
      expect((await client.request('POST', '/x', { n: 1 })).status).toBe(200);
      expect((await client.request('POST', '/x', { n: 2 })).status).toBe(200);
      expect(connections.size).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await client.request('POST', '/x', { n: 3 })).status).toBe(200);
      expect(connections.size).toBe(2);
      client.close();
    } finally {
      server.keepAliveTimeout = 100;
    }
  });

  it('refuses a second request while one is under way', async () => {
    const client = new LeanClient(session, baseUrl);
    const first = client.request('GET', '/chunked');
    await expect(client.request('GET', '/x')).rejects.toThrow('one request at a time');
    expect((await first).status).toBe(200);
    client.close();
  });
});

describe('parseResponse', () => {
  const response = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello' + 'HTTP/1.1 204 No Content\r\n\r\n');
  it('waits for the whole answer, and says how much of the data it took', () => {
    const first = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello').length;
    for (let cut = 0; cut < first; cut++) expect(parseResponse(response.subarray(0, cut), 'GET'), String(cut)).toBeUndefined();
    const parsed = parseResponse(response, 'GET')!;
    expect(parsed.answer).toEqual({ status: 200, headers: { 'content-length': '5' }, body: 'hello' });
    expect(parsed.used).toBe(first);
    expect(parseResponse(response.subarray(parsed.used), 'GET')?.answer.status).toBe(204);
  });

  it('reads a chunked body cut anywhere, and skips interim answers', () => {
    const chunked = Buffer.from('HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n');
    for (let cut = 0; cut < chunked.length; cut++) expect(parseResponse(chunked.subarray(0, cut), 'GET'), String(cut)).toBeUndefined();
    expect(parseResponse(chunked, 'GET')).toEqual({ answer: { status: 200, headers: { 'transfer-encoding': 'chunked' }, body: 'hello world' }, used: chunked.length });
  });

  it('refuses what it cannot frame', () => {
    expect(() => parseResponse(Buffer.from('SSH-2.0\r\n\r\n'), 'GET')).toThrow('not an HTTP response');
    expect(() => parseResponse(Buffer.from('HTTP/1.1 200 OK\r\n\r\nbody'), 'GET')).toThrow('without Content-Length');
  });
});
