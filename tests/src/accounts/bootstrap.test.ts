import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream, usernameStream } from '@portal/domain/accounts/events';
import { hashPassword } from '@portal/platform/auth/passwords';
import { silentLogger } from '@portal/platform/logger';
import { startSystem } from '../../../scripts/system';
import { BUILTIN_ADMIN_STREAM, builtinAdminName, ensureBuiltinAdmin } from '@portal/command-api/accounts/bootstrap';
import { createEventStore } from '@portal/platform/event-store/create';
import { StreamNotFound } from '@portal/platform/event-store/port';
import { allMigrations } from '../../../scripts/system';
import { createTestDatabase } from '../support/database';
import { assembleCommandSide } from '@portal/command-api/assemble';
import { LoadsService } from '@portal/command-api/loads/service';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { accountsService, DEMO_PASSWORD, login, signIn, userSignedUp } from './support';

describe('the built-in admin', () => {
  let system: TestSystem;
  beforeAll(async () => { system = await startTestSystem(); });
  afterAll(async () => { await system?.stop(); });

  it('exists from the first start as an active ADMIN who can log in at the staff portal', async () => {
    const client = await system.client().start();
    const response = await login(client, 'admin', TEST_ADMIN_PASSWORD, 'staff');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ username: 'admin', user_type: 'STAFF', is_active: true });
    expect(response.body.staff_profile.tier).toBe('ADMIN');
    expect((await client.get('/api/auth/user/')).body.staff_profile.tier).toBe('ADMIN');
  });

  it('is not created twice, and cannot be demoted', async () => {
    const accounts = accountsService(system);
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'admin', password: 'Other-Pass-123' })).toEqual({ created: false });
    const { rows } = await system.db.pool.query(`SELECT id FROM users WHERE lower(username) = 'admin'`);
    expect(rows).toHaveLength(1);
    await expect(accounts.changeTier(rows[0].id, 'PENDING', { actorType: 'SYSTEM' })).rejects.toThrow('builtin_admin');
  });
});

describe('the built-in admin after a first start that stopped partway', () => {
  let system: TestSystem;
  beforeAll(async () => { system = await startTestSystem(); });
  afterAll(async () => { await system?.stop(); });

  it('has its generated password shown by the next start when the start that created it stopped before showing it', async () => {
    const accounts = accountsService(system);
    const passwordFile = path.join(system.dataDir, 'unseen-admin-password');
    const first = await ensureBuiltinAdmin(system.store, accounts, { username: 'unseen_admin', password: undefined, passwordFile });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    // The start stopped here, before printing it. The next one answers it again, and it signs in.
    const next = await ensureBuiltinAdmin(system.store, accounts, { username: 'unseen_admin', password: undefined, passwordFile });
    expect(next).toEqual({ created: false, generatedPassword: first.generatedPassword });
    const signedIn = await login(await system.client().start(), 'unseen_admin', first.generatedPassword!, 'staff');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ username: 'unseen_admin', staff_profile: { tier: 'ADMIN' } });
    // A file holding anything but the admin's password (a start that lost the race to another instance) is not shown, and goes.
    fs.writeFileSync(passwordFile, 'not-the-admins-password\n');
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'unseen_admin', password: undefined, passwordFile })).toEqual({ created: false });
    expect(fs.existsSync(passwordFile)).toBe(false);
  });

  it('is printed by the bootstrap of the next start, and the password leaves the data folder once printed', async () => {
    // What a first start without ADMIN_PASSWORD leaves when it stops after recording the admin, before printing.
    const passwordFile = path.join(system.dataDir, 'admin-password');
    fs.writeFileSync(passwordFile, `${TEST_ADMIN_PASSWORD}\n`, { mode: 0o600 });
    const commandSide = assembleCommandSide({ config: { ...system.config, adminPassword: undefined, seedDemo: false }, store: system.store, pool: system.pool, logger: silentLogger });
    const lines = await commandSide.bootstrap();
    expect(lines).toEqual([`Built-in admin created by an earlier start that stopped before showing its password: ${system.config.adminUsername} / ${TEST_ADMIN_PASSWORD}  (shown once; set ADMIN_PASSWORD to choose it)`]);
    // Kept until the lines are printed (a start can still stop before it answers, e.g. on a port in use).
    expect(fs.existsSync(passwordFile)).toBe(true);
    commandSide.noticesShown();
    expect(fs.existsSync(passwordFile)).toBe(false);
    expect(await commandSide.bootstrap()).toEqual([]);
  });

  it('is active from its first event: no activation step a stop could miss', async () => {
    const { rows } = await system.db.pool.query(
      `SELECT type, revision FROM es_events WHERE stream_id = (SELECT 'user-' || id FROM users WHERE lower(username) = 'admin') ORDER BY revision`,
    );
    expect(rows.map((row) => [row.type, Number(row.revision)])).toEqual([['UserSignedUp', 0], ['UserActivated', 1]]);
  });

  it('gets its ADMIN staff profile from the next start when the last append never happened', async () => {
    // What a start leaves when it stops after recording the account, before its staff profile.
    const userId = randomUUID();
    const metadata = { actorType: 'SYSTEM' as const, actorUsername: 'system' };
    await system.store.appendToStream(usernameStream('halfway_admin'), [{ type: 'UsernameReserved', data: { user_id: userId, username: 'halfway_admin' }, metadata }], { expectedRevision: 'no_stream' });
    await system.store.appendToStream(userStream(userId), [
      {
        ...userSignedUp(userId, 'halfway_admin', {
          email: 'halfway_admin@freight-portal.local', kind: 'STAFF', first_name: 'Portal', last_name: 'Administrator', password_hash: await hashPassword(TEST_ADMIN_PASSWORD), builtin: true,
        }),
        metadata,
      },
      { type: 'UserActivated', data: { user_id: userId, activated_at: new Date().toISOString() }, metadata },
    ], { expectedRevision: 'no_stream' });
    await system.caughtUp();
    const halfway = await login(await system.client().start(), 'halfway_admin', TEST_ADMIN_PASSWORD, 'staff');
    // Signed in, but with no tier: nothing an admin does is allowed.
    expect(halfway.body.staff_profile).toBeNull();

    const accounts = accountsService(system);
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'halfway_admin', password: TEST_ADMIN_PASSWORD })).toEqual({ created: false });
    await system.caughtUp();
    const signedIn = await login(await system.client().start(), 'halfway_admin', TEST_ADMIN_PASSWORD, 'staff');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ username: 'halfway_admin', staff_profile: { tier: 'ADMIN' } });
    // Once: the start after that changes nothing.
    const before = await system.store.headPosition();
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'halfway_admin', password: TEST_ADMIN_PASSWORD })).toEqual({ created: false });
    expect(await system.store.headPosition()).toBe(before);
  });
});

describe('a later start given another ADMIN_USERNAME', () => {
  let system: TestSystem;
  beforeAll(async () => { system = await startTestSystem({ config: { seedDemo: false } }); });
  afterAll(async () => { await system?.stop(); });

  it('creates no second built-in admin and no demo accounts, and says which admin the database has', async () => {
    const head = await system.store.headPosition();
    // Another name, no password (so one would be generated), and demo data asked for: what a start with the defaults
    // gives after a first start with ADMIN_USERNAME=admin and SEED_DEMO=false.
    for (const adminUsername of ['boss', 'ADMIN2']) {
      const later = await startSystem({
        config: { ...system.config, port: 0, adminUsername, adminPassword: undefined, seedDemo: true, demoPassword: DEMO_PASSWORD },
        databaseUrl: system.db.url,
        logger: silentLogger,
      });
      await later.close();
      expect(later.notices).toEqual([`ADMIN_USERNAME (${adminUsername}) is not used: this database's built-in admin is admin, named on its first start. It applies only on a database's first start.`]);
    }
    expect(await system.store.headPosition()).toBe(head);
    await system.caughtUp();
    expect(Number((await system.db.pool.query('SELECT count(*) AS n FROM users')).rows[0].n)).toBe(1);
    expect((await login(await system.client().start(), 'admin', TEST_ADMIN_PASSWORD, 'staff')).status).toBe(200);
  });
});

describe("the built-in admin's name", () => {
  it('is recorded by the first start; a database first started before it was recorded keeps the admin it has', async () => {
    const db = await createTestDatabase(allMigrations);
    const stopping = new AbortController();
    const store = await createEventStore({ eventStoreUrl: undefined, pool: db.pool, databaseUrl: db.url, logger: silentLogger, signal: stopping.signal });
    try {
      // What an earlier version's first start left: the admin, and no record of its name.
      const accounts = accountsService({ store, dataDir: '/tmp', url: 'http://127.0.0.1' } as unknown as TestSystem);
      expect((await ensureBuiltinAdmin(store, accounts, { username: 'old_admin', password: TEST_ADMIN_PASSWORD })).created).toBe(true);
      const head = await store.headPosition();
      expect(await builtinAdminName(store, 'admin')).toBeUndefined();
      expect(await store.headPosition()).toBe(head);
      expect(await builtinAdminName(store, 'old_admin')).toBe('old_admin');
      expect((await store.readStream(BUILTIN_ADMIN_STREAM)).map((event) => event.data)).toEqual([{ username: 'old_admin' }]);
      expect(await builtinAdminName(store, 'admin')).toBe('old_admin');
      expect((await store.readStream(BUILTIN_ADMIN_STREAM)).length).toBe(1);

      // Two instances' first starts at once: the one whose first read came just before the other recorded the name
      // takes that name, and does not mistake the database for one started before names were recorded.
      const fresh = await createTestDatabase(allMigrations);
      const freshStore = await createEventStore({ eventStoreUrl: undefined, pool: fresh.pool, databaseUrl: fresh.url, logger: silentLogger, signal: stopping.signal });
      try {
        expect(await builtinAdminName(freshStore, 'admin')).toBe('admin');
        let reads = 0;
        const lateReader = Object.assign(Object.create(freshStore) as typeof freshStore, {
          readStream: async (stream: string, options?: Parameters<typeof freshStore.readStream>[1]) => {
            if (stream === BUILTIN_ADMIN_STREAM && reads++ === 0) throw new StreamNotFound(stream);
            return freshStore.readStream(stream, options);
          },
        });
        expect(await builtinAdminName(lateReader, 'boss')).toBe('admin');
      } finally {
        await freshStore.close();
        await fresh.drop();
      }
    } finally {
      stopping.abort();
      await store.close();
      await db.drop();
    }
  });
});

describe('demo accounts on a later start', () => {
  let system: TestSystem;
  beforeAll(async () => { system = await startTestSystem(); });
  afterAll(async () => { await system?.stop(); });

  const start = () => startSystem({ config: { ...system.config, port: 0, seedDemo: true, demoPassword: DEMO_PASSWORD }, databaseUrl: system.db.url, logger: silentLogger });
  const count = async (sql: string) => Number((await system.db.pool.query(sql)).rows[0].n);

  it('are not added to a database that never had them, whatever SEED_DEMO says', async () => {
    const head = await system.store.headPosition();
    const later = await start();
    await later.close();
    // Nor printed: there are no demo logins to offer.
    expect(later.notices.join('\n')).not.toContain('Demo logins');
    expect(await system.store.headPosition()).toBe(head);
    expect(await count(`SELECT count(*) AS n FROM users`)).toBe(1);
  });

  it('are finished by a start after a first start that stopped partway through them, once', async () => {
    // What a first start that stopped after its first demo account leaves.
    await accountsService(system).signUp('STAFF', { username: 'dispatch', email: 'dispatch@demo.freight-portal.local', password: DEMO_PASSWORD, first_name: 'Dana', last_name: 'Reyes' }, { actorType: 'SYSTEM' }, { activated: true });
    // Meanwhile the portal went into use: a real carrier's load has one of the demo book's numbers.
    const real = await accountsService(system).signUp('VENDOR', { username: 'real_carrier', email: 'ops@real-carrier.example.com', password: DEMO_PASSWORD }, { actorType: 'SYSTEM' }, { activated: true });
    const realActor = { userId: real.userId, username: 'real_carrier', type: 'VENDOR' as const, tier: null, vendorId: real.vendorId };
    const realLoad = await new LoadsService(system.store).create(realActor, { load_number: '24105', pickup_location: 'Tulsa, OK' }, { actorId: real.userId, actorType: 'VENDOR' });
    const later = await start();
    try {
      await system.caughtUp();
      for (const [username, portal] of [['dispatch', 'staff'], ['newstaff', 'staff'], ['carrier', 'vendor'], ['newcarrier', 'vendor']] as const) {
        expect((await login(await system.client().start(), username, DEMO_PASSWORD, portal)).status, username).toBe(200);
      }
    } finally {
      await later.close();
    }
    const users = await count(`SELECT count(*) AS n FROM users`);
    expect(users).toBe(7);
    // The demo book without the number already in use, which is still the real carrier's, unchanged.
    const loads = await system.db.pool.query<{ kdt_id: string; vendor_name: string; pickup_location: string }>(
      `SELECT kdt_id, vendor_name, view->>'pickup_location' AS pickup_location FROM loads ORDER BY kdt_id`,
    );
    expect(loads.rows.filter((row) => row.vendor_name !== 'real_carrier')).toHaveLength(11);
    expect(loads.rows.filter((row) => row.kdt_id === realLoad.load!.kdt_id)).toEqual([{ kdt_id: realLoad.load!.kdt_id, vendor_name: 'real_carrier', pickup_location: 'Tulsa, OK' }]);
    // The start after that finds them all: nothing is added.
    const head = await system.store.headPosition();
    const again = await start();
    await again.close();
    expect(await system.store.headPosition()).toBe(head);
    expect(await count(`SELECT count(*) AS n FROM users`)).toBe(users);
  });
});

describe('a first start without ADMIN_PASSWORD, with demo data', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem({ config: { adminPassword: undefined, seedDemo: true, demoPassword: DEMO_PASSWORD, adminUsername: 'boss' } });
  });
  afterAll(async () => { await system?.stop(); });

  it('generates an admin password, prints it once, and it works', async () => {
    const line = system.notices.find((notice) => notice.startsWith('Built-in admin created: boss / '))!;
    const password = line.split(' / ')[1]!.split(' ')[0]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const client = await system.client().start();
    expect((await login(client, 'boss', password, 'staff')).status).toBe(200);
  });

  it('seeds one staff user per tier and vendors, all able to log in with the demo password', async () => {
    expect(system.notices.join('\n')).toContain(`Demo logins (password ${DEMO_PASSWORD})`);
    const expected: [string, 'staff' | 'vendor', string | null][] = [
      ['dispatch', 'staff', 'DISPATCH_OPS'],
      ['accounting', 'staff', 'ACCOUNTING'],
      ['newstaff', 'staff', 'PENDING'],
      ['carrier', 'vendor', null],
      ['newcarrier', 'vendor', null],
    ];
    for (const [username, portal, tier] of expected) {
      const client = await system.client().start();
      const response = await login(client, username, DEMO_PASSWORD, portal);
      expect(response.status, username).toBe(200);
      if (tier) expect(response.body.staff_profile.tier).toBe(tier);
      else expect(response.body.vendor_profile).not.toBeNull();
    }
    // Seeded through the same commands as users: the tier changes are events with a system actor.
    const { rows } = await system.db.pool.query(`SELECT data, metadata FROM es_events WHERE type = 'StaffTierChanged' ORDER BY position`);
    expect(rows.map((r) => r.data.to)).toEqual(['DISPATCH_OPS', 'ACCOUNTING']);
    expect(rows[0].metadata.actorType).toBe('SYSTEM');
  });

  it('prints, on a later start, the password the demo accounts were made with, whatever DEMO_PASSWORD says now', async () => {
    for (const demoPassword of [undefined, 'Another-Demo-Pass-2026']) {
      const later = await startSystem({ config: { ...system.config, port: 0, demoPassword }, databaseUrl: system.db.url, logger: silentLogger });
      await later.close();
      const notices = later.notices.join('\n');
      expect(notices, String(demoPassword)).toContain(`Demo logins (password ${DEMO_PASSWORD})`);
      expect(notices.includes('DEMO_PASSWORD names another password'), String(demoPassword)).toBe(demoPassword !== undefined);
    }
    expect((await login(await system.client().start(), 'dispatch', DEMO_PASSWORD, 'staff')).status).toBe(200);
  });

  it('gives the demo carrier a book of loads in every status and payment status, made by its own commands', async () => {
    const client = await signIn(system, 'carrier', 'vendor');
    const { body: loads } = await client.get('/api/loads/');
    expect(loads.map((l: { kdt_id: string }) => l.kdt_id).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `kdt_${24101 + i}`));
    expect(new Set(loads.map((l: { status: string }) => l.status))).toEqual(new Set(['open', 'picked_up', 'delivered', 'cancelled']));
    expect(new Set(loads.map((l: { payment_status: string }) => l.payment_status))).toEqual(new Set(['unpaid', 'partial', 'paid', 'disputed']));
    for (const load of loads.filter((l: { status: string }) => l.status === 'delivered')) expect(load.delivery_date).not.toBeNull();
    const { rows } = await system.db.pool.query(`SELECT DISTINCT metadata->>'actorUsername' AS actor FROM es_events WHERE stream_id LIKE 'load-%' AND stream_id NOT LIKE 'load-number-%'`);
    expect(rows).toEqual([{ actor: 'carrier' }]);
    const other = await signIn(system, 'newcarrier', 'vendor');
    expect((await other.get('/api/loads/')).body).toEqual([]);
    // One demo vendor has a complete profile (documents and signed agreement, files really served), one an empty one.
    const profile = (await client.get('/api/profiles/vendor/')).body;
    expect(profile.is_complete).toBe(true);
    expect(profile.legal_name).toBe('Lone Star Carriers LLC');
    const document = await client.download(profile.insurance_document_url);
    expect(document.status).toBe(200);
    expect(document.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await client.download(profile.carrier_agreement_document_url)).headers.get('content-type')).toBe('image/png');
    // Signed on a day that has begun everywhere (UTC-12's), so no reader west of UTC sees it signed tomorrow.
    expect(profile.carrier_agreement_date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Etc/GMT+12' }).format(new Date()));
    expect((await other.get('/api/profiles/vendor/')).body.is_complete).toBe(false);
    // Loads under way carry real paperwork and photos, served to their vendor.
    const delivered = loads.find((l: { status: string }) => l.status === 'delivered');
    expect(delivered).toMatchObject({ has_bill_of_lading: true, has_proof_of_delivery: true, has_rate_confirmation: true, has_photos: true });
    const photos = (await client.get(`/api/loads/${delivered.id}/documents/?document_type=photos`)).body;
    const photo = await client.download(photos[0].file_url);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.content.subarray(1, 4).toString()).toBe('PNG');
  });
});
