import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activationPath, activeAccount, GOOD_PASSWORD, login, signIn, signUp } from './support';

let system: TestSystem;
beforeAll(async () => { system = await startTestSystem(); });
afterAll(async () => { await system?.stop(); });

describe('vendor sign-up, activation and login', () => {
  it('creates an inactive vendor account with an empty vendor profile and mails a one-time activation link', async () => {
    const client = await system.client().start();
    const created = await signUp(client, 'vendor', 'acme_haulers');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'acme_haulers', email: 'acme_haulers@carrier.example.com' });
    expect(created.body.detail).toMatch(/check your email/i);

    // Not active yet: the right password is refused, and no session is handed out.
    const early = await login(client, 'acme_haulers', GOOD_PASSWORD, 'vendor');
    expect(early.status).toBe(400);
    expect(early.body.detail).toMatch(/not activated/);
    expect(client.cookies.has('sessionid')).toBe(false);

    const mail = (await system.outbox()).find((m) => m.includes('To: acme_haulers@carrier.example.com'))!;
    expect(mail).toContain('Subject: Activate your Freight Portal account');
    const link = await activationPath(system, 'acme_haulers@carrier.example.com');
    // A link checker's HEAD (mail scanners send them) activates nothing; the link still works afterwards.
    const head = await system.store.headPosition();
    expect((await client.request('HEAD', link)).status).toBe(204);
    expect(await system.store.headPosition()).toBe(head);
    const activated = await client.get(link);
    expect(activated.status).toBe(302);
    expect(activated.headers.get('location')).toBe('/account/activated');

    const again = await client.get(link);
    expect(again.headers.get('location')).toBe('/account/activated?status=used');

    const signedIn = await login(client, 'acme_haulers', GOOD_PASSWORD, 'vendor');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ username: 'acme_haulers', user_type: 'VENDOR', is_active: true, staff_profile: null });
    expect(signedIn.body.vendor_profile.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(signedIn.body)).not.toMatch(/password|activation/);

    // The read API knows the same user through the session cookie, once it has projected the account.
    await system.caughtUp();
    const me = await client.get('/api/auth/user/');
    expect(me.status).toBe(200);
    const { last_login: _a, ...fromLogin } = signedIn.body;
    const { last_login: _b, ...fromRead } = me.body;
    expect(fromRead).toEqual(fromLogin);
  });

  it('creates a staff account with a PENDING staff profile', async () => {
    const client = await activeAccount(system, 'staff', 'dispatcher_jo');
    const signedIn = await login(client, 'dispatcher_jo', GOOD_PASSWORD, 'staff');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user_type: 'STAFF', first_name: 'Sam', last_name: 'Lee', vendor_profile: null });
    expect(signedIn.body.staff_profile).toMatchObject({ tier: 'PENDING', first_name: 'Sam', last_name: 'Lee' });
    expect((await client.get('/api/auth/user/')).body.staff_profile.tier).toBe('PENDING');
  });

  it('never stores or logs the password itself', async () => {
    const client = await system.client().start();
    await signUp(client, 'vendor', 'secretive', { password: 'Unique-Pass-Phrase-991' });
    const { rows } = await system.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE data::text LIKE '%Unique-Pass-Phrase-991%'`);
    expect(rows[0].n).toBe(0);
    const outbox = (await system.outbox()).join('\n');
    expect(outbox).not.toContain('Unique-Pass-Phrase-991');
  });
});

describe('activation links', () => {
  it('sends unknown and malformed tokens to a clear page', async () => {
    const client = system.client();
    for (const token of ['nonsense', '00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await client.get(`/api/auth/activate/${token}/`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/account/activated?status=invalid');
    }
  });

  it('refuses a right user id with a wrong secret, leaving the account inactive', async () => {
    const client = await system.client().start();
    await signUp(client, 'vendor', 'guessed_at');
    const link = await activationPath(system, 'guessed_at@carrier.example.com');
    const forged = link.replace(/\.[^/]+\/$/, '.' + 'x'.repeat(43) + '/');
    expect((await client.get(forged)).headers.get('location')).toBe('/account/activated?status=invalid');
    expect((await login(client, 'guessed_at', GOOD_PASSWORD)).status).toBe(400);
  });
});

describe('sign-up validation', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['missing fields', {}, { username: ['This field is required.'], email: ['This field is required.'], password: ['This field is required.'] }],
    ['a bad email', { username: 'okname', email: 'not-an-email', password: GOOD_PASSWORD }, { email: ['Enter a valid email address.'] }],
    ['a short password', { username: 'okname', email: 'a@b.co', password: 'Ab1!' }, { password: ['This password is too short. It must contain at least 8 characters.'] }],
    ['a numeric password', { username: 'okname', email: 'a@b.co', password: '83920174629' }, { password: ['This password is entirely numeric.'] }],
    ['a common password', { username: 'okname', email: 'a@b.co', password: 'password123' }, { password: ['This password is too common.'] }],
    ['an alphabet run as password', { username: 'okname', email: 'a@b.co', password: 'abcdefgh' }, { password: ['This password is too common.'] }],
    ['a keyboard row as password', { username: 'okname', email: 'a@b.co', password: 'qwertyui' }, { password: ['This password is too common.'] }],
    ['a password like the username', { username: 'bigtrucks', email: 'a@b.co', password: 'BigTrucks99' }, { password: ['The password is too similar to the username.'] }],
    ['a username with spaces', { username: 'two words', email: 'a@b.co', password: GOOD_PASSWORD }, { username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'] }],
    ['non-string values', { username: ['x'], email: { $ne: 1 }, password: 12345678 }, { username: ['Not a valid string.'], email: ['Not a valid string.'], password: ['Not a valid string.'] }],
    ['null values', { username: null, email: null, password: null }, { username: ['This field is required.'], email: ['This field is required.'], password: ['This field is required.'] }],
  ];

  it.each(cases)('answers %s with 400 field errors and records nothing', async (_name, body, expected) => {
    const client = await system.client().start();
    const head = await system.store.headPosition();
    const response = await client.post('/api/auth/signup/vendor/', body);
    expect(response.status).toBe(400);
    for (const [field, messages] of Object.entries(expected)) expect(response.body[field]).toEqual(messages);
    if (Object.keys(expected).length === 0) expect(Object.keys(response.body).sort()).toEqual(['email', 'password', 'username']);
    expect(await system.store.headPosition()).toBe(head);
  });

  it('requires first and last name for staff', async () => {
    const client = await system.client().start();
    const response = await client.post('/api/auth/signup/staff/', { username: 'nameless', email: 'n@b.co', password: GOOD_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ first_name: ['This field is required.'], last_name: ['This field is required.'] });
  });

  it('refuses a taken username, whatever its case', async () => {
    const client = await system.client().start();
    expect((await signUp(client, 'vendor', 'RoadRunner')).status).toBe(201);
    const taken = await signUp(client, 'staff', 'roadrunner');
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('lets exactly one of many concurrent sign-ups of one username win', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => system.client().start()));
    const results = await Promise.all(clients.map((client, i) => signUp(client, 'vendor', 'race_name', { email: `racer${i}@b.co` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.body).toEqual({ username: ['A user with that username already exists.'] });
    const { rows } = await system.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE type = 'UserSignedUp' AND data->>'username' = 'race_name'`);
    expect(rows[0].n).toBe(1);
  });
});

describe('expired activation links', () => {
  let shortLived: TestSystem;
  beforeAll(async () => { shortLived = await startTestSystem({ config: { activationTtlMs: 1 } }); });
  afterAll(async () => { await shortLived?.stop(); });

  it('sends an expired link to a clear page and leaves the account inactive', async () => {
    const client = await shortLived.client().start();
    await signUp(client, 'vendor', 'too_late');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await client.get(await activationPath(shortLived, 'too_late@carrier.example.com'));
    expect(response.headers.get('location')).toBe('/account/activated?status=expired');
    expect((await login(client, 'too_late')).status).toBe(400);
  });
});

describe('a deleted account', () => {
  const staffId = async (admin: Awaited<ReturnType<typeof signIn>>, username: string) => {
    await system.caughtUp();
    return (await admin.get('/api/staff-accounts/')).body.find((account: { username: string }) => account.username === username).id as string;
  };

  it("is not activated by its link: the link is dead, and nothing is recorded", async () => {
    // The link answered 'activated' (its page says the account can now sign in; it could not) and recorded it.
    const admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    const client = await system.client().start();
    expect((await signUp(client, 'staff', 'never_started')).status).toBe(201);
    const link = await activationPath(system, 'never_started@carrier.example.com');
    expect((await admin.request('DELETE', `/api/staff-accounts/${await staffId(admin, 'never_started')}/`)).status).toBe(204);
    const head = await system.store.headPosition();
    expect((await client.get(link)).headers.get('location')).toBe('/account/activated?status=invalid');
    expect(await system.store.headPosition()).toBe(head);
    expect((await login(client, 'never_started', GOOD_PASSWORD, 'staff')).status).toBe(400);
  });

  it('deleted while its logins are being checked answers them like a wrong password, never with a 500', async () => {
    // A login whose password check passed before the deletion failed at recording the sign-in: 500 (API probe).
    const admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    for (const username of ['racer_one', 'racer_two']) {
      await activeAccount(system, 'staff', username);
      const id = await staffId(admin, username);
      const logins = Array.from({ length: 4 }, async () => login(await system.client().start(), username, GOOD_PASSWORD, 'staff'));
      // The password checks take a tenth of a second each, two at a time: the deletion lands while they run.
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect((await admin.request('DELETE', `/api/staff-accounts/${id}/`)).status).toBe(204);
      const answers = await Promise.all(logins);
      for (const answer of answers) expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);
      expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.detail)).toEqual(
        answers.filter((answer) => answer.status === 400).map(() => 'Invalid username or password'),
      );
    }
  });
});
