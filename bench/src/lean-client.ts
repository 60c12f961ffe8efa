// A lean HTTP client for the command figures: one keep-alive connection per client (node:http), the session's cookies
// and CSRF token sent as the browser sends them. fetch (undici) cost the bench process more CPU per request than the
// command API spent answering it, which measured the client as much as the product.
import http, { type IncomingHttpHeaders } from 'node:http';
import type { PortalClient } from '../../tests/src/support/http-client';

export interface LeanAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export class LeanClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly url: URL;
  private readonly headers: Record<string, string>;

  /** The session of `session` (cookies, CSRF token), against `baseUrl` (defaults to the session's own). */
  constructor(session: PortalClient, baseUrl = session.baseUrl) {
    this.url = new URL(baseUrl);
    const csrf = session.cookies.get('csrftoken');
    this.headers = { Cookie: session.cookieHeader(), ...(csrf ? { 'X-CSRFToken': csrf } : {}) };
  }

  request(method: string, path: string, body?: unknown): Promise<LeanAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request({
        agent: this.agent, host: this.url.hostname, port: this.url.port, method, path,
        headers: payload === undefined ? this.headers : { ...this.headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
