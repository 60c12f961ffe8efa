// A lean HTTP/1.1 client for the command figures: one keep-alive connection per client on a plain socket, each request
// written as one buffer, the session's cookies and CSRF token sent as the browser sends them. The load generator
// shares the machine with the product, so what it costs is taken from the product: fetch (undici) cost the bench more
// CPU per request than the command API spent answering it, and node:http's client objects and streams still cost
// about as much as a third of the command API's share.
import net from 'node:net';
import type { PortalClient } from '../../tests/src/support/http-client';

export interface LeanAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ', '. */
  headers: Record<string, string>;
  body: string;
}

interface Pending {
  resolve: (answer: LeanAnswer) => void;
  reject: (error: Error) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');
/** A kept-alive connection idle for longer than this is replaced rather than reused (servers close idle ones). */
const IDLE_REUSE_MS = 3_000;
const CRLF = Buffer.from('\r\n');

/** A response parsed from the front of `data`, and how many bytes it took; undefined while incomplete. */
export function parseResponse(data: Buffer, method: string): { answer: LeanAnswer; used: number } | undefined {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const lines = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!);
  if (!status) throw new Error(`bench: not an HTTP response: ${JSON.stringify(lines[0])}`);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const code = Number(status[1]);
  const bodyStart = headEnd + HEAD_END.length;
  if (code >= 100 && code < 200) {
    // An interim answer (103 Early Hints, 100 Continue): the final one follows.
    const final = parseResponse(data.subarray(bodyStart), method);
    return final && { answer: final.answer, used: bodyStart + final.used };
  }
  if (method === 'HEAD' || code === 204 || code === 304) {
    return { answer: { status: code, headers, body: '' }, used: bodyStart };
  }
  if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const sizeEnd = data.indexOf(CRLF, at);
      if (sizeEnd < 0) return undefined;
      const size = parseInt(data.subarray(at, sizeEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) throw new Error('bench: bad chunk size in a chunked response');
      const chunkStart = sizeEnd + CRLF.length;
      if (size === 0) {
        // No trailers are ever sent here: the last chunk ends with an empty line.
        if (data.length < chunkStart + CRLF.length) return undefined;
        return { answer: { status: code, headers, body: Buffer.concat(parts).toString('utf8') }, used: chunkStart + CRLF.length };
      }
      if (data.length < chunkStart + size + CRLF.length) return undefined;
      parts.push(data.subarray(chunkStart, chunkStart + size));
      at = chunkStart + size + CRLF.length;
    }
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (length === undefined) throw new Error('bench: a response without Content-Length or chunked encoding');
  if (data.length < bodyStart + length) return undefined;
  return { answer: { status: code, headers, body: data.subarray(bodyStart, bodyStart + length).toString('utf8') }, used: bodyStart + length };
}

/** One request at a time (as a user's browser tab would send them one after another). */
export class LeanClient {
  private readonly host: string;
  private readonly port: number;
  /** Host, cookies and CSRF token: the same on every request. */
  private readonly fixedHeaders: string;
  private socket: net.Socket | undefined;
  private received: Buffer = Buffer.alloc(0);
  private pending: (Pending & { method: string }) | undefined;
  /** When the connection last finished an answer: one idle for longer is not reused (see IDLE_REUSE_MS). */
  private idleSince = 0;

  /** The session of `session` (cookies, CSRF token), against `baseUrl` (defaults to the session's own). */
  constructor(
    session: PortalClient,
    baseUrl = session.baseUrl,
    private readonly idleReuseMs = IDLE_REUSE_MS,
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    const csrf = session.cookies.get('csrftoken');
    this.fixedHeaders = `Host: ${url.host}\r\nCookie: ${session.cookieHeader()}\r\n${csrf ? `X-CSRFToken: ${csrf}\r\n` : ''}`;
  }

  request(method: string, path: string, body?: unknown): Promise<LeanAnswer> {
    if (this.pending) return Promise.reject(new Error('bench: a LeanClient sends one request at a time'));
    const payload = body === undefined ? '' : JSON.stringify(body);
    const head =
      `${method} ${path} HTTP/1.1\r\n${this.fixedHeaders}` +
      (body === undefined ? (method === 'GET' || method === 'HEAD' ? '' : 'Content-Length: 0\r\n') : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`) +
      '\r\n';
    return new Promise<LeanAnswer>((resolve, reject) => {
      this.pending = { method, resolve, reject };
      this.connection().write(head + payload);
    });
  }

  private connection(): net.Socket {
    if (this.socket && !this.socket.destroyed && this.socket.writable && performance.now() - this.idleSince < this.idleReuseMs) return this.socket;
    // A connection the server may be closing for being idle (Node's default time-out is 5 s): a request written into
    // it would be lost, so it is not reused.
    this.socket?.destroy();
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.onData(chunk);
    });
    // Only the current connection's failure fails the request under way (one closed after its answer says nothing).
    const fail = (error: Error) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      const pending = this.pending;
      this.pending = undefined;
      pending?.reject(error);
    };
    socket.on('error', fail);
    // The server closed an idle connection (keep-alive timeout): the next request opens another one.
    socket.on('close', () => fail(new Error('bench: the server closed the connection before answering')));
    return socket;
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const pending = this.pending;
    if (!pending) return;
    let parsed: ReturnType<typeof parseResponse>;
    try {
      parsed = parseResponse(this.received, pending.method);
    } catch (error) {
      this.pending = undefined;
      this.socket?.destroy();
      pending.reject(error as Error);
      return;
    }
    if (!parsed) return;
    this.received = this.received.subarray(parsed.used);
    this.pending = undefined;
    this.idleSince = performance.now();
    if (parsed.answer.headers.connection?.toLowerCase() === 'close') {
      this.socket?.end();
      this.socket = undefined;
    }
    pending.resolve(parsed.answer);
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }
}
