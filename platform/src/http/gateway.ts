import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The UI's Content-Security-Policy: scripts only from this origin (the Vite build has no inline script), inline style
 * attributes allowed (theme colours, grid cell positions), same-origin frames for PDF previews, sockets to this origin
 * only ('self' covers ws: and wss: to the same host in CSP Level 3 browsers; a browser without it falls back to long
 * polling), never framed by another site.
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Does the request belong to the API (exactly /api or under /api/)? */
const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** The one GET that is a command: the emailed activation link (it activates the account, then redirects). */
export const isCommandGet = (pathname: string) => pathname.startsWith('/api/auth/activate/');

/**
 * The embedded mode's single port, routed as the production gateway routes: GET and HEAD under /api to the read API,
 * every other /api method to the command API, everything else to the built UI (index.html for client routes).
 */
export function createGateway(options: { commandApi: Handler; readApi: Handler; uiDistDir: string }): Handler {
  const root = path.resolve(options.uiDistDir);
  return function route(req, res) {
    const pathname = new URL(req.url ?? '/', 'http://gateway').pathname;
    if (isApi(pathname)) {
      const method = req.method ?? 'GET';
      return (method === 'GET' || method === 'HEAD') && !isCommandGet(pathname) ? options.readApi(req, res) : options.commandApi(req, res);
    }
    serveUi(root, pathname, req, res);
  };
}

function serveUi(root: string, pathname: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  // Resolved inside the UI folder or not at all: no traversal whatever the encoding.
  const candidate = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  const inside = candidate === root || candidate.startsWith(root + path.sep);
  const file = inside && !decoded.includes('\0') && isFile(candidate) ? candidate : path.join(root, 'index.html');
  if (!isFile(file)) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The UI is not built. Run: npm run build -w ui');
    return;
  }
  const isIndex = file.endsWith(`${path.sep}index.html`);
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const compressible = COMPRESSIBLE.test(type);
  // Read whole before answering (the built files are small): a file that vanishes or fails to read after the check
  // above (the UI being rebuilt beside a running product) gets an answer, where a read stream's error would have been
  // thrown with no listener and stopped the whole embedded product.
  fs.readFile(file, (error, content) => {
    if (error) {
      unreadable(res);
      return;
    }
    // Whether the answer depends on Accept-Encoding (then Vary says so, for caches between).
    const negotiated = compressible && content.length >= COMPRESS_MIN_BYTES;
    const encoding = negotiated ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
    encoded(file, content, encoding).then(
      (body) => {
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Length': body.length,
          ...(encoding !== 'identity' && { 'Content-Encoding': encoding }),
          ...(negotiated && { Vary: 'Accept-Encoding' }),
          // Hashed assets never change; index.html must always be fresh.
          'Cache-Control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': UI_CONTENT_SECURITY_POLICY,
          'Referrer-Policy': 'same-origin',
          'X-Frame-Options': 'DENY',
          'Cross-Origin-Opener-Policy': 'same-origin',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => unreadable(res),
    );
  });
}

const unreadable = (res: http.ServerResponse) =>
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '2' }).end('The UI could not be read. Please try again in a moment.');

/** Text types worth compressing (the JS a vendor downloads shrinks to about a third with gzip, a quarter with brotli). */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
/** Below this, compression saves less than its header costs. */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send: brotli, else gzip, when the client accepts it (a q of 0 refuses; '*' accepts the others). */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName!.trim();
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Each built file's compressed forms, made once per content: a file rebuilt in place is compressed again, and the
 * cache holds one version of each of the UI's few files (a rebuild's new hashed names add theirs).
 */
const compressedFiles = new Map<string, { content: Buffer; forms: Map<Encoding, Promise<Buffer>> }>();

function encoded(file: string, content: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(content);
  let cached = compressedFiles.get(file);
  if (!cached || !cached.content.equals(content)) {
    cached = { content, forms: new Map() };
    compressedFiles.set(file, cached);
  }
  let form = cached.forms.get(encoding);
  if (!form) {
    form =
      encoding === 'br'
        ? brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
        : gzip(content, { level: 9 });
    // A failed compression is not kept: the next request tries again.
    const forms = cached.forms;
    form.catch(() => forms.delete(encoding));
    forms.set(encoding, form);
  }
  return form;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
