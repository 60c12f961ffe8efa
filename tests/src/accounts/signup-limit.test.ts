// Sign-up is open to anyone, and each one hashes a password and may mail a link: with the production policy, one
// client address gets 10 attempts an hour (accepted or refused), then 429 with Retry-After, and nothing is recorded
// or sent for a refused one. Other addresses are not affected (behind a proxy: TRUST_PROXY and X-Forwarded-For).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginPolicies } from '@portal/command-api/accounts/routes';
import { startTestSystem, type TestSystem } from '../support/system';
import { signUpBody } from './support';

describe('sign-up limit per client address', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem({ loginPolicies: defaultLoginPolicies, config: { trustProxy: true } });
  });
  afterAll(async () => { await system?.stop(); });

  const from = (address: string) => ({ 'X-Forwarded-For': address });

  it('refuses the 11th attempt from one address within the hour, before recording or mailing anything', async () => {
    const client = await system.client().start();
    const limit = defaultLoginPolicies.signUpsPerClient.maxFailures;
    expect(limit).toBe(10);
    for (let i = 0; i < limit - 1; i++) {
      expect((await client.post('/api/auth/signup/vendor/', signUpBody('vendor', `office_${i}`), from('203.0.113.7'))).status).toBe(201);
    }
    // A refused attempt (a taken username) counts too.
    const taken = await client.post('/api/auth/signup/staff/', signUpBody('staff', 'office_0'), from('203.0.113.7'));
    expect(taken.status).toBe(400);
    const head = await system.store.headPosition();
    const mails = (await system.outbox()).length;

    const refused = await client.post('/api/auth/signup/vendor/', signUpBody('vendor', 'office_more'), from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/^Too many sign-up attempts\. Try again in \d+ seconds\.$/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(25 * 60);
    expect(await system.store.headPosition()).toBe(head);
    expect((await system.outbox()).length).toBe(mails);
    // The staff sign-up is limited the same way.
    expect((await client.post('/api/auth/signup/staff/', signUpBody('staff', 'office_staff'), from('203.0.113.7'))).status).toBe(429);
    // An address the client writes itself before the one its proxy added does not help (nginx appends the real one).
    expect((await client.post('/api/auth/signup/vendor/', signUpBody('vendor', 'office_forged'), from('192.0.2.1, 203.0.113.7'))).status).toBe(429);

    // Another address signs up as usual; a malformed sign-up is answered 400 as before and never counts.
    expect((await client.post('/api/auth/signup/vendor/', signUpBody('vendor', 'elsewhere_co'), from('198.51.100.20'))).status).toBe(201);
    for (let i = 0; i <= limit; i++) expect((await client.post('/api/auth/signup/vendor/', { username: 'x' }, from('198.51.100.30'))).status).toBe(400);
    expect((await client.post('/api/auth/signup/vendor/', signUpBody('vendor', 'careful_co'), from('198.51.100.30'))).status).toBe(201);
  });

  it('lets no more than the limit through when the attempts arrive all at once', async () => {
    const client = await system.client().start();
    const limit = defaultLoginPolicies.signUpsPerClient.maxFailures;
    const answers = await Promise.all(Array.from({ length: 3 * limit }, (_, i) =>
      client.post('/api/auth/signup/vendor/', signUpBody('vendor', `burst_${i}`), from('203.0.113.99'))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * limit);
    await system.caughtUp();
    const { rows } = await system.pool.query(`SELECT count(*)::int AS n FROM users WHERE username LIKE 'burst\\_%'`);
    expect(rows[0].n).toBe(limit);
  });
});
