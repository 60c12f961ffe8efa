// The target of tests/security/scan.sh: the whole product on 127.0.0.1 with the demo data, on an embedded PostgreSQL
// in a temporary folder. Signs in a vendor (carrier) and the admin, writes what the scanners need into OUT_DIR, prints
// the URL and waits until it is stopped (SIGTERM/SIGINT), then removes the database and the folder.
//
//   OUT_DIR=/tmp/x npx tsx tests/security/scan-target.ts
//
// OUT_DIR/target.env      BASE_URL, *_COOKIE (Cookie header values), *_CSRF (X-CSRFToken values), and ids of records
// OUT_DIR/wapiti-cookies.json  the admin's session as a wapiti cookie file
// OUT_DIR/server.log      the product's JSON log (one line per request; "request failed" lines are 5xx answers)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@portal/platform/config';
import { openDatabase } from '@portal/platform/db/database';
import { createLogger } from '@portal/platform/logger';
import { startSystem } from '../../scripts/system';
import { PortalClient } from '../src/support/http-client';

const outDir = path.resolve(process.env.OUT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scan-out-')));
fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scan-data-'));
const DEMO_PASSWORD = 'Scan-Demo-Pass-2026';
const ADMIN_PASSWORD = 'Scan-Admin-Pass-2026';

const logFile = fs.openSync(path.join(outDir, 'server.log'), 'a');
const logger = createLogger({ level: 'info', write: (line) => fs.writeSync(logFile, line + '\n') });

const config = {
  ...loadConfig({}),
  // Only ever on the loopback interface, on a free port.
  host: '127.0.0.1',
  port: Number(process.env.SCAN_PORT ?? 0),
  dataDir,
  embeddedPgPort: 0,
  seedDemo: true,
  demoPassword: DEMO_PASSWORD,
  adminPassword: ADMIN_PASSWORD,
  readWaitMs: 2_000,
};

/** Signs in through the API as a browser does; returns the cookie header and the CSRF token. */
async function signIn(base: string, username: string, password: string, portal: 'vendor' | 'staff') {
  const client = await new PortalClient(base).start();
  const response = await client.post<{ id: string; vendor_profile: { id: string } | null }>('/api/auth/login/', { username, password, portal });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${JSON.stringify(response.body)}`);
  const get = async (p: string) => (await client.get(p)).body;
  return { cookie: client.cookieHeader(), csrf: client.cookies.get('csrftoken')!, session: client.cookies.get('sessionid')!, user: response.body, get };
}

async function main() {
  const database = await openDatabase(config, logger);
  // Login and sign-up throttling are tested on their own (sessions-csrf.test.ts, signup-limit.test.ts); here they would
  // turn the scanners' probes into 429s, which hide what the queries do with a payload.
  const generous = { maxFailures: 1_000_000, windowMs: 60_000, lockMs: 1 };
  const system = await startSystem({
    config, databaseUrl: database.url, logger, probeMinIntervalMs: 1_000, loginPolicies: { perUsernameAndClient: generous, perUsername: generous, perClient: generous, signUpsPerClient: generous },
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await system.close().catch(() => {});
    await database.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const base = system.url;
  const vendor = await signIn(base, 'carrier', DEMO_PASSWORD, 'vendor');
  const admin = await signIn(base, 'admin', ADMIN_PASSWORD, 'staff');
  const loads = (await vendor.get(`/api/loads/?min_position=${await system.store.headPosition()}`)) as { id: string; kdt_id: string }[];
  const load = loads.find((l) => l.kdt_id === 'kdt_24101') ?? loads[0]!;
  const staff = (await admin.get('/api/staff-accounts/')) as { id: string; username: string }[];
  const env: Record<string, string> = {
    BASE_URL: base,
    VENDOR_COOKIE: vendor.cookie,
    VENDOR_CSRF: vendor.csrf,
    ADMIN_COOKIE: admin.cookie,
    ADMIN_CSRF: admin.csrf,
    LOAD_ID: load.id,
    VENDOR_ID: vendor.user.vendor_profile!.id,
    STAFF_ID: staff.find((s) => s.username === 'newstaff')!.id,
  };
  // Values are URL-safe tokens, ids and a URL: single quotes are enough.
  fs.writeFileSync(path.join(outDir, 'target.env'), Object.entries(env).map(([k, v]) => `${k}='${v}'`).join('\n') + '\n');
  const host = new URL(base).hostname;
  const cookie = (value: string) => ({ value, expires: null, secure: false, port: null, version: 0 });
  fs.writeFileSync(path.join(outDir, 'wapiti-cookies.json'), JSON.stringify({ [host]: { '/': { sessionid: cookie(admin.session), csrftoken: cookie(admin.csrf) } } }, null, 2));
  process.stdout.write(`${base}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`scan target failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
