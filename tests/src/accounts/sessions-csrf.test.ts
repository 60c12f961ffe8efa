import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../support/system';
import { activeAccount, GOOD_PASSWORD, login, signUp } from './support';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({
    // Behind a proxy: the tests send as different client addresses with X-Forwarded-For.
    config: { trustProxy: true },
    loginPolicies: {
      perUsernameAndClient: { maxFailures: 3, windowMs: 60_000, lockMs: 30_000 },
      perUsername: { maxFailures: 6, windowMs: 60_000, lockMs: 30_000 },
      perClient: { maxFailures: 1000, windowMs: 60_000, lockMs: 30_000 },
    },
  });
  await activeAccount(system, 'vendor', 'vendor_ann');
  await activeAccount(system, 'staff', 'staff_bo');
});
afterAll(async () => { await system?.stop(); });

const setCookie = (headers: Headers, name: string) => headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

describe('cookies', () => {
  it('hands a csrftoken cookie readable by scripts to a client that has none', async () => {
    const response = await system.client().get('/api/auth/user/');
    expect(response.status).toBe(401);
    const cookie = setCookie(response.headers, 'csrftoken')!;
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/httponly/i);
  });

  it('keeps the session cookie away from scripts and other sites', async () => {
    const client = await system.client().start();
    const response = await login(client, 'vendor_ann');
    const cookie = setCookie(response.headers, 'sessionid')!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });
});

describe('CSRF', () => {
  it('refuses an unsafe request without the header, changing nothing', async () => {
    const client = await system.client().start();
    const response = await client.post('/api/auth/signup/vendor/', { username: 'csrf_victim', email: 'v@b.co', password: GOOD_PASSWORD }, { 'X-CSRFToken': '' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    // Nothing was recorded: the name is still free.
    expect((await signUp(client, 'vendor', 'csrf_victim')).status).toBe(201);
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = await system.client().start();
    const response = await client.post('/api/auth/login/', { username: 'vendor_ann', password: GOOD_PASSWORD }, { 'X-CSRFToken': 'forged-token-value' });
    expect(response.status).toBe(403);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('refuses a request from a foreign origin even with a matching token', async () => {
    const client = await system.client().start();
    const response = await client.post('/api/auth/login/', { username: 'vendor_ann', password: GOOD_PASSWORD }, { Origin: 'https://evil.example.com' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'CSRF Failed: Origin checking failed.' });
  });

  it("wants a signed-in client's own session token: a pair planted in the cookie and the header is refused", async () => {
    const client = await system.client().start();
    await login(client, 'vendor_ann');
    const own = client.cookies.get('csrftoken')!;
    // Plain double submit took any value sent as both cookie and header (a cookie planted from a sibling subdomain).
    client.cookies.set('csrftoken', 'attacker-chosen-token');
    const planted = await client.post('/api/auth/logout/');
    expect(planted.status).toBe(403);
    expect(planted.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    // Another session's token is no better.
    const other = await system.client().start();
    await login(other, 'vendor_ann');
    client.cookies.set('csrftoken', other.cookies.get('csrftoken')!);
    expect((await client.post('/api/auth/logout/')).status).toBe(403);
    // Nothing changed: still signed in.
    expect((await client.get('/api/auth/user/')).status).toBe(200);
    // That read gave the page its session's token back (as for a session begun before tokens were the session's).
    expect(client.cookies.get('csrftoken')).toBe(own);
    expect((await client.post('/api/auth/logout/')).status).toBe(200);
    expect((await client.get('/api/auth/user/')).status).toBe(401);
  });

  it('lets a client whose session cookie is stale sign in with its own token', async () => {
    const client = await system.client().start();
    await login(client, 'vendor_ann');
    const stale = client.cookies.get('sessionid')!;
    await client.post('/api/auth/logout/');
    client.cookies.set('sessionid', stale);
    expect((await login(client, 'vendor_ann')).status).toBe(200);
    expect(client.cookies.get('sessionid')).not.toBe(stale);
  });

  it('accepts the same request from its own origin', async () => {
    const client = await system.client().start();
    expect((await client.post('/api/auth/login/', { username: 'vendor_ann', password: GOOD_PASSWORD }, { Origin: system.url })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('gives a new session id and a new CSRF token at login, so a planted one is worthless', async () => {
    const client = await system.client().start();
    client.cookies.set('sessionid', 'attacker-chosen-session-id');
    const csrfBefore = client.cookies.get('csrftoken');
    expect((await login(client, 'vendor_ann')).status).toBe(200);
    expect(client.cookies.get('sessionid')).not.toBe('attacker-chosen-session-id');
    expect(client.cookies.get('csrftoken')).not.toBe(csrfBefore);
    const attacker = system.client();
    attacker.cookies.set('sessionid', 'attacker-chosen-session-id');
    expect((await attacker.get('/api/auth/user/')).status).toBe(401);
  });

  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const client = await system.client().start();
    await login(client, 'vendor_ann');
    const stolen = client.cookies.get('sessionid')!;
    expect((await client.get('/api/auth/user/')).status).toBe(200);
    const out = await client.post('/api/auth/logout/');
    expect(out.status).toBe(200);
    expect(client.cookies.has('sessionid')).toBe(false);
    const replay = system.client();
    replay.cookies.set('sessionid', stolen);
    expect((await replay.get('/api/auth/user/')).status).toBe(401);
  });

  it('refuses a wrong-kind account at each portal with the login failure message and no session', async () => {
    for (const [username, portal] of [['vendor_ann', 'staff'], ['staff_bo', 'vendor']] as const) {
      const client = await system.client().start();
      const response = await login(client, username, GOOD_PASSWORD, portal);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Invalid username or password' });
      expect(client.cookies.has('sessionid')).toBe(false);
    }
    const client = await system.client().start();
    expect((await login(client, 'staff_bo', GOOD_PASSWORD, 'staff')).status).toBe(200);
  });

  it('signs in a username typed with spaces around it (as sign-up trims it), but not a password with them', async () => {
    const client = await system.client().start();
    expect((await login(client, ' staff_bo ', `${GOOD_PASSWORD} `, 'staff')).status).toBe(400);
    const answer = await login(client, ' staff_bo ', GOOD_PASSWORD, 'staff');
    expect(answer.status).toBe(200);
    expect(answer.body.username).toBe('staff_bo');
  });

  it('answers a wrong password and an unknown username alike', async () => {
    const client = await system.client().start();
    const wrong = await login(client, 'staff_bo', 'Not-The-Password-1');
    const unknown = await login(client, 'nobody_at_all', 'Not-The-Password-1');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ detail: 'Invalid username or password' });
  });

  it('calls only a missing username or password required; one no account could have fails as a login, and signs nobody in', async () => {
    const client = await system.client().start();
    const head = await system.store.headPosition();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ password: GOOD_PASSWORD }, { username: ['This field is required.'] }],
      [{ username: '', password: '' }, { username: ['This field is required.'], password: ['This field is required.'] }],
      [{ username: 'vendor_ann', password: null }, { password: ['This field is required.'] }],
      [{ username: 'v'.repeat(151), password: GOOD_PASSWORD }, { username: ['Invalid username or password'] }],
      [{ username: 'vendor_ann', password: 'p'.repeat(1025) }, { password: ['Invalid username or password'] }],
      [{ username: 123, password: 'x' }, { username: ['Invalid username or password'] }],
      [{ username: '   ', password: 'x' }, { username: ['This field is required.'] }],
      [{ username: 'vendor_ann', password: GOOD_PASSWORD, portal: 'admin' }, { portal: ['Choose the "vendor" or "staff" portal.'] }],
    ];
    for (const [body, expected] of cases) {
      const response = await client.post('/api/auth/login/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual(expected);
    }
    expect(client.cookies.has('sessionid')).toBe(false);
    expect(await system.store.headPosition()).toBe(head);
  });
});

describe('login throttling', () => {
  it('locks a username for the address that guessed, with 429 and Retry-After, even for the right password', async () => {
    await activeAccount(system, 'vendor', 'target_co');
    const client = await system.client().start();
    for (let i = 0; i < 3; i++) expect((await login(client, 'target_co', `Wrong-Guess-${i}`)).status).toBe(400);
    const locked = await login(client, 'target_co', GOOD_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.detail).toMatch(/Too many failed login attempts/);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('does not lock the owner out from another address: the lock is on the guessing address', async () => {
    await activeAccount(system, 'vendor', 'owner_co');
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const guesser = await system.client().start();
    for (let i = 0; i < 3; i++) {
      expect((await guesser.post('/api/auth/login/', { username: 'owner_co', password: `Wrong-Guess-${i}`, portal: 'vendor' }, from('203.0.113.7'))).status).toBe(400);
    }
    expect((await guesser.post('/api/auth/login/', { username: 'OWNER_CO', password: GOOD_PASSWORD, portal: 'vendor' }, from('203.0.113.7'))).status).toBe(429);
    const owner = await system.client().start();
    const signedIn = await owner.post('/api/auth/login/', { username: 'owner_co', password: GOOD_PASSWORD, portal: 'vendor' }, from('198.51.100.9'));
    expect(signedIn.status).toBe(200);
    expect(owner.cookies.has('sessionid')).toBe(true);
  });

  it('locks a username guessed at from many addresses, for every address', async () => {
    await activeAccount(system, 'vendor', 'spread_co');
    const client = await system.client().start();
    // Two guesses from each of three addresses: under the per-address limit (3), at the username's (6).
    for (const address of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      for (let i = 0; i < 2; i++) {
        const answer = await client.post('/api/auth/login/', { username: 'spread_co', password: `Wrong-Guess-${i}`, portal: 'vendor' }, { 'X-Forwarded-For': address });
        expect(answer.status).toBe(400);
      }
    }
    const locked = await client.post('/api/auth/login/', { username: 'spread_co', password: GOOD_PASSWORD, portal: 'vendor' }, { 'X-Forwarded-For': '198.51.100.30' });
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/^Too many failed login attempts\. Try again in \d+ seconds\.$/);
  });

  it('refuses guesses sent all at once past the limit, as it does guesses sent one by one', async () => {
    // Checked first and counted only after the password check, a burst all passed the check: 200 guesses sent at
    // once from one address were all answered 400 (API probe).
    await activeAccount(system, 'vendor', 'burst_co');
    const client = await system.client().start();
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(client, 'burst_co', `Wrong-Guess-${i}`)));
    expect(guesses.map((answer) => answer.status).sort()).toEqual([...Array(3).fill(400), ...Array(9).fill(429)]);
    expect((await login(client, 'burst_co', GOOD_PASSWORD)).status).toBe(429);
  });

  it("counts a refused guess nowhere: one address's burst cannot lock the owner out from everywhere", async () => {
    // Refused guesses went on counting towards the username's own limit, so a burst from one address locked the
    // account for every address (the built-in admin included).
    await activeAccount(system, 'vendor', 'victim_co');
    const attacker = await system.client().start();
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attacker.post('/api/auth/login/', { username: 'victim_co', password: `Wrong-Guess-${i}`, portal: 'vendor' }, from('203.0.113.66'))),
    );
    expect(guesses.filter((answer) => answer.status === 400)).toHaveLength(3);
    const owner = await system.client().start();
    expect((await owner.post('/api/auth/login/', { username: 'victim_co', password: GOOD_PASSWORD, portal: 'vendor' }, from('198.51.100.66'))).status).toBe(200);
  });

  it('does not count the right password as a failure, even as the attempt that reaches the limit', async () => {
    await activeAccount(system, 'vendor', 'nearly_co');
    const client = await system.client().start();
    for (let i = 0; i < 2; i++) expect((await login(client, 'nearly_co', `Wrong-Guess-${i}`)).status).toBe(400);
    expect((await login(client, 'nearly_co', GOOD_PASSWORD)).status).toBe(200);
    // Not locked by it: the next guesses are counted afresh.
    const again = await system.client().start();
    for (let i = 0; i < 2; i++) expect((await login(again, 'nearly_co', `Wrong-Guess-${i}`)).status).toBe(400);
    expect((await login(again, 'nearly_co', GOOD_PASSWORD)).status).toBe(200);
  });

  it('locks a username that does not exist the same way, revealing nothing', async () => {
    const client = await system.client().start();
    for (let i = 0; i < 3; i++) expect((await login(client, 'ghost_user', `Wrong-Guess-${i}`)).status).toBe(400);
    expect((await login(client, 'ghost_user', 'Wrong-Guess-x')).status).toBe(429);
  });
});

describe('per-client throttling', () => {
  let tight: TestSystem;
  beforeAll(async () => {
    tight = await startTestSystem({
      loginPolicies: {
        perUsernameAndClient: { maxFailures: 100, windowMs: 60_000, lockMs: 30_000 },
        perUsername: { maxFailures: 100, windowMs: 60_000, lockMs: 30_000 },
        perClient: { maxFailures: 4, windowMs: 60_000, lockMs: 30_000 },
      },
    });
  });
  afterAll(async () => { await tight?.stop(); });

  it('locks a client that tries many usernames', async () => {
    const client = await tight.client().start();
    for (let i = 0; i < 4; i++) expect((await login(client, `spray_${i}`, 'Wrong-Guess-1')).status).toBe(400);
    const locked = await login(client, 'spray_new', 'Wrong-Guess-1');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
