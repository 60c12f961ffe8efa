// The compose gateway (nginx, deploy/nginx.conf) sends the security headers the embedded gateway sends: the UI's set
// (CSP with frame-ancestors 'none', X-Frame-Options DENY, ...) on index.html and the assets, and the API's set on the
// answers nginx makes itself on proxied paths, without doubling the headers a service already sent. Checked twice:
// statically, on the config as nginx would read it (includes expanded, add_header inheritance applied), and by running
// the real nginx on the repository's config when an nginx binary is installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '@portal/platform/http/gateway';
import { securityHeaders } from '@portal/platform/http/middleware';
import { kill } from '../support/processes';
import { until } from '../support/until';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

// ----- what the embedded mode sends ---------------------------------------------------------------------------------

/** Headers that are about the content, not security: the two gateways may differ on them. */
const CONTENT_HEADERS = new Set(['content-type', 'cache-control', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'vary']);

type Answer = { status: number; headers: Map<string, string[]>; body: string };

/** One request; every header with all its values as sent (duplicates kept apart, names lower-cased). */
function request(port: number, method: string, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, agent: false }, (res) => {
      const headers = new Map<string, string[]>();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), res.rawHeaders[i + 1]!]);
      }
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A bundle-like asset over both gateways' compression threshold (1 kB). */
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const row${i} = () => render("cell", ${i});`).join('\n');

/** A GET with the given headers, its body as bytes (request() reads text). */
function rawGet(port: number, pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

function writeUi(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dir, 'assets', 'big.js'), BIG_JS);
}

/** The security headers the embedded gateway sends with the UI, as it sends them (same set on index.html and assets). */
async function embeddedUiHeaders(): Promise<Record<string, string>> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-dist-'));
  writeUi(dist);
  const unused = () => {
    throw new Error('not an API request');
  };
  const server = http.createServer(createGateway({ commandApi: unused, readApi: unused, uiDistDir: dist }));
  try {
    const port = await listen(server);
    const sets = [];
    for (const pathname of ['/', '/some/client/route', '/assets/x.js']) {
      const answer = await request(port, 'GET', pathname);
      expect(answer.status, pathname).toBe(200);
      sets.push(Object.fromEntries([...answer.headers].filter(([name]) => !CONTENT_HEADERS.has(name)).map(([name, [value]]) => [name, value!])));
    }
    expect(sets[1]).toEqual(sets[0]);
    expect(sets[2]).toEqual(sets[0]);
    return sets[0]!;
  } finally {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** The headers the services' securityHeaders() middleware puts on every API answer (names lower-cased). */
async function serviceApiHeaders(): Promise<Record<string, string>> {
  const set: Record<string, string> = {};
  const ctx = { set: (name: string, value: string) => void (set[name.toLowerCase()] = value), response: { get: () => '' } };
  const middleware = securityHeaders();
  await middleware(ctx as unknown as Parameters<typeof middleware>[0], async () => {});
  return set;
}

// ----- the config as nginx reads it ---------------------------------------------------------------------------------

type Directive = { name: string; args: string[]; block?: Directive[] };

/** nginx's syntax: words and quoted strings, `;` ends a directive, `{ }` a block, `#` a comment to the line's end. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (c === ';' || c === '{' || c === '}') tokens.push(text[i++]!);
    else if (c === '"' || c === "'") {
      let value = '';
      for (i++; text[i] !== c; i++) {
        if (i >= text.length) throw new Error('unterminated string');
        if (text[i] === '\\') i++;
        value += text[i];
      }
      i++;
      tokens.push(value);
    } else {
      let word = '';
      while (i < text.length && !/[\s;{}]/.test(text[i]!)) word += text[i++];
      tokens.push(word);
    }
  }
  return tokens;
}

/** Parses a config; `include` is replaced by the directives of the file it names (resolved by `resolveInclude`). */
function parseConfig(text: string, resolveInclude: (file: string) => string): Directive[] {
  const tokens = tokenize(text);
  let at = 0;
  const block = (): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const words: string[] = [];
      while (tokens[at] !== ';' && tokens[at] !== '{') {
        if (at >= tokens.length) throw new Error('unterminated directive');
        words.push(tokens[at++]!);
      }
      const [name, ...args] = words as [string, ...string[]];
      if (tokens[at++] === '{') {
        directives.push({ name, args, block: block() });
        expect(tokens[at++]).toBe('}');
      } else if (name === 'include') directives.push(...parseConfig(resolveInclude(args[0]!), resolveInclude));
      else directives.push({ name, args });
    }
    return directives;
  };
  return block();
}

/** The gateway stage's `COPY deploy/... /container/path` lines: container path -> repository file. */
function gatewayCopies(): Map<string, string> {
  const dockerfile = read('Dockerfile');
  const stage = dockerfile.slice(dockerfile.search(/^FROM .+ AS gateway$/m)).split(/^FROM /m).slice(0, 2).join('FROM ');
  expect(stage).toMatch(/^FROM .+ AS gateway$/m);
  return new Map([...stage.matchAll(/^COPY (deploy\/\S+) (\/\S+)$/gm)].map((match) => [match[2]!, match[1]!]));
}

/** deploy/nginx.conf as the image holds it: each include must be a file the gateway stage copies from deploy/. */
function gatewayConfig(): Directive[] {
  const copies = gatewayCopies();
  return parseConfig(read('deploy/nginx.conf'), (file) => {
    expect(copies.get(file), `the Dockerfile's gateway stage copies ${file}, which deploy/nginx.conf includes`).toBeDefined();
    return read(copies.get(file)!);
  });
}

type AddedHeader = { value: string; always: boolean };

function addHeaders(directives: Directive[]): Map<string, AddedHeader[]> {
  const headers = new Map<string, AddedHeader[]>();
  for (const { name, args } of directives) {
    if (name !== 'add_header') continue;
    const header = args[0]!.toLowerCase();
    headers.set(header, [...(headers.get(header) ?? []), { value: args[1]!, always: args[2] === 'always' }]);
  }
  return headers;
}

/** What a location sends: its own add_headers, or the server's when it has none (nginx's inheritance rule). */
function effectiveHeaders(server: Directive, location: Directive): Map<string, AddedHeader[]> {
  const own = addHeaders(location.block!);
  return own.size > 0 ? own : addHeaders(server.block!);
}

describe('compose gateway security headers (deploy/nginx.conf, statically)', () => {
  const config = gatewayConfig();
  const server = config.find((d) => d.name === 'server')!;
  const locations = server.block!.filter((d) => d.name === 'location');
  const serving = locations.filter((l) => !l.block!.some((d) => d.name === 'proxy_pass'));
  const proxied = locations.filter((l) => l.block!.some((d) => d.name === 'proxy_pass'));

  it('sends the embedded gateway’s UI headers, once each and always, from every location that serves the UI', async () => {
    const expected = await embeddedUiHeaders();
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy']),
    );
    expect(expected['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(serving.map((l) => l.args.join(' ')).sort()).toEqual(['/', '/assets/']);
    for (const location of serving) {
      const headers = effectiveHeaders(server, location);
      for (const [name, value] of Object.entries(expected)) {
        expect(headers.get(name), `location ${location.args.join(' ')}: ${name}`).toEqual([{ value, always: true }]);
      }
    }
  });

  it('compresses the UI’s JS and CSS (the nginx image compresses nothing by default), as the embedded gateway does', () => {
    const directive = (name: string) => server.block!.find((d) => d.name === name)?.args;
    expect(directive('gzip')).toEqual(['on']);
    expect(directive('gzip_vary')).toEqual(['on']);
    expect(directive('gzip_types')).toEqual(expect.arrayContaining(['text/css', 'text/javascript', 'application/javascript', 'application/json']));
    // No location turns it off again.
    for (const location of locations) expect(location.block!.find((d) => d.name === 'gzip')?.args ?? ['on'], location.args.join(' ')).toEqual(['on']);
  });

  it('gives nginx’s own answers on proxied paths the services’ API headers, and adds none a service already sent', async () => {
    const expected = await serviceApiHeaders();
    expect(Object.keys(expected).sort()).toEqual(['cache-control', 'content-security-policy', 'referrer-policy', 'x-content-type-options', 'x-frame-options']);
    const maps = new Map(
      config.filter((d) => d.name === 'map').map((d) => [d.args[1]!, { source: d.args[0]!, entries: new Map(d.block!.map((e) => [e.name, e.args[0]!])) }]),
    );
    expect(proxied.length).toBeGreaterThanOrEqual(3);
    for (const location of proxied) {
      const headers = effectiveHeaders(server, location);
      expect([...headers.keys()].sort(), `location ${location.args.join(' ')}`).toEqual(Object.keys(expected).sort());
      for (const [name, value] of Object.entries(expected)) {
        const [added, ...more] = headers.get(name)!;
        const where = `location ${location.args.join(' ')}: ${name}`;
        expect(more, where).toEqual([]);
        expect(added!.always, where).toBe(true);
        // A map of the upstream's own header: the service's value when the service sent none, else empty (not added).
        const map = maps.get(added!.value);
        expect(map, `${where} is a variable mapped from $upstream_http_*`).toBeDefined();
        expect(map!.source, where).toBe(`$upstream_http_${name.replaceAll('-', '_')}`);
        expect(map!.entries.get(''), where).toBe(value);
        expect(map!.entries.get('default'), where).toBe('');
        expect(map!.entries.size, where).toBe(2);
      }
    }
  });
});

// ----- the real nginx on the repository's config --------------------------------------------------------------------

function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx');
    if (dir && fs.existsSync(candidate) && spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const nginx = findNginx();

if (nginx) {
  describe('compose gateway security headers (the real nginx on deploy/nginx.conf)', () => {
    let dir: string;
    let child: ChildProcess | undefined;
    let readApi: http.Server;
    let port: number;
    let uiHeaders: Record<string, string>;
    let apiHeaders: Record<string, string>;
    const log = () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8');

    beforeAll(async () => {
      uiHeaders = await embeddedUiHeaders();
      apiHeaders = await serviceApiHeaders();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-nginx-'));
      fs.chmodSync(dir, 0o755);
      writeUi(path.join(dir, 'html'));
      // The read API: answers under /api as the services do (securityHeaders), and as Socket.IO does (none of them).
      readApi = http.createServer((req, res) => {
        if (req.url!.startsWith('/api/')) for (const [name, value] of Object.entries(apiHeaders)) res.setHeader(name, value);
        res.setHeader('Content-Type', 'application/json').end('{}');
      });
      const readPort = await listen(readApi);
      const deadPort = await freePort(); // the command API is down: nginx answers 502 itself
      port = await freePort();

      // The repository's config, with only the upstream hosts, the port and the paths moved into the temp folder.
      let config = read('deploy/nginx.conf');
      const move = (from: RegExp | string, to: string) => {
        const moved = config.replaceAll(from, to);
        expect(moved, `deploy/nginx.conf contains ${from}`).not.toBe(config);
        config = moved;
      };
      move(/server read-api:\d+;/g, `server 127.0.0.1:${readPort};`);
      move(/server command-api:\d+;/g, `server 127.0.0.1:${deadPort};`);
      move(/listen 8080;/g, `listen 127.0.0.1:${port};`);
      move('/usr/share/nginx/html', path.join(dir, 'html'));
      for (const [target, file] of gatewayCopies()) {
        if (file === 'deploy/nginx.conf' || !config.includes(target)) continue;
        const copy = path.join(dir, path.basename(target));
        fs.copyFileSync(path.join(root, file), copy);
        move(target, copy);
      }
      fs.writeFileSync(path.join(dir, 'default.conf'), config);
      const version = spawnSync(nginx, ['-V'], { encoding: 'utf8' }).stderr;
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].filter((module) => !version.includes(`--without-http_${module}_module`));
      // What the nginx image's /etc/nginx/nginx.conf wraps conf.d/default.conf in, reduced to one foreground process.
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        [
          'daemon off;',
          'master_process off;',
          `pid ${path.join(dir, 'nginx.pid')};`,
          'events { worker_connections 64; }',
          'http {',
          '  types { text/html html; text/javascript js; }',
          '  default_type application/octet-stream;',
          '  access_log off;',
          ...temp.map((module) => `  ${module}_temp_path ${path.join(dir, module)};`),
          `  include ${path.join(dir, 'default.conf')};`,
          '}',
        ].join('\n'),
      );
      child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
      await until(
        async () => {
          if (child!.exitCode !== null) throw new Error(`nginx exited ${child!.exitCode}: ${log()}`);
          return request(port, 'GET', '/').then(
            () => true,
            () => false,
          );
        },
        { timeoutMs: 10_000, what: 'nginx answering' },
      );
    });
    afterAll(async () => {
      if (child) await kill(child);
      await new Promise((resolve) => readApi?.close(resolve));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      ['/', 200],
      ['/some/client/route', 200],
      ['/assets/x.js', 200],
      ['/assets/missing.js', 404],
    ])('GET %s (%i) carries the embedded gateway’s UI headers, once each', async (pathname, status) => {
      const answer = await request(port, 'GET', pathname);
      expect(answer.status).toBe(status);
      for (const [name, value] of Object.entries(uiHeaders)) expect(answer.headers.get(name), name).toEqual([value]);
      if (pathname === '/some/client/route') expect(answer.body).toContain('<title>portal</title>');
    });

    it('sends the UI’s JS gzip-compressed to a browser that accepts it, and as it is to one that does not', async () => {
      const compressed = await rawGet(port, '/assets/big.js', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.body.length).toBeLessThan(BIG_JS.length / 3);
      expect(zlib.gunzipSync(compressed.body).toString()).toBe(BIG_JS);
      const plain = await rawGet(port, '/assets/big.js', {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(BIG_JS);
    });

    it('passes a service’s API headers through once, without the UI’s', async () => {
      const answer = await request(port, 'GET', '/api/loads/');
      expect(answer.status).toBe(200);
      for (const [name, value] of Object.entries(apiHeaders)) expect(answer.headers.get(name), name).toEqual([value]);
      expect(answer.headers.has('cross-origin-opener-policy')).toBe(false);
    });

    it.each([
      ['POST', '/api/loads/', 502],
      ['GET', '/api/auth/activate/token/', 502],
      ['GET', '/socket.io/?EIO=4&transport=polling', 200],
    ])('%s %s (%i, answered by nginx or Socket.IO) carries the API headers, once each', async (method, pathname, status) => {
      const answer = await request(port, method, pathname);
      expect(answer.status).toBe(status);
      for (const [name, value] of Object.entries(apiHeaders)) expect(answer.headers.get(name), name).toEqual([value]);
    });
  });
} else {
  // Skipped only when no nginx binary is installed (apt-get install nginx-light); the static checks above still run.
  const reason = 'real-nginx gateway header tests skipped: no nginx binary on PATH or in /usr/sbin (apt-get install nginx-light)';
  process.stdout.write(`${reason}\n`);
  it.skip(`compose gateway security headers: the real nginx (${reason})`, () => {});
}
