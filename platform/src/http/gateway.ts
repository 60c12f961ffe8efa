import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

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
  // Read whole before answering (the built files are small): a file that vanishes or fails to read after the check
  // above (the UI being rebuilt beside a running product) gets an answer, where a read stream's error would have been
  // thrown with no listener and stopped the whole embedded product.
  fs.readFile(file, (error, content) => {
    if (error) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '2' }).end('The UI could not be read. Please try again in a moment.');
      return;
    }
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': content.length,
      // Hashed assets never change; index.html must always be fresh.
      'Cache-Control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': UI_CONTENT_SECURITY_POLICY,
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    res.end(req.method === 'HEAD' ? undefined : content);
  });
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
