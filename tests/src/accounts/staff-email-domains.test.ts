// STAFF_EMAIL_DOMAINS: staff of any tier see every vendor's documents, so a brokerage can require its own mailboxes
// for staff sign-ups. Vendors sign up from anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../support/system';
import { activationPath, signUp } from './support';

let system: TestSystem;
beforeAll(async () => { system = await startTestSystem({ config: { staffEmailDomains: ['brokerage.example', 'ops.brokerage.example'] } }); });
afterAll(async () => { await system?.stop(); });

describe('staff sign-up limited to the brokerage email domains', () => {
  it('refuses another domain with a field message, recording and mailing nothing', async () => {
    const client = await system.client().start();
    const head = await system.store.headPosition();
    const mails = (await system.outbox()).length;
    for (const email of ['mallory@evil.example', 'mallory@brokerage.example.evil.example', 'mallory@sub.brokerage.example']) {
      const refused = await signUp(client, 'staff', 'mallory', { email });
      expect(refused.status, email).toBe(400);
      expect(refused.body, email).toEqual({ email: ['Use your company email address (@brokerage.example or @ops.brokerage.example).'] });
    }
    expect(await system.store.headPosition()).toBe(head);
    expect((await system.outbox()).length).toBe(mails);
  });

  it('takes a listed domain in any case, and the account activates', async () => {
    const client = await system.client().start();
    const created = await signUp(client, 'staff', 'dana_ops', { email: 'Dana@Ops.Brokerage.example' });
    expect(created.status).toBe(201);
    const activated = await client.get(await activationPath(system, 'dana@ops.brokerage.example'));
    expect(activated.headers.get('location')).toBe('/account/activated');
  });

  it('leaves vendor sign-ups open to any address', async () => {
    const client = await system.client().start();
    expect((await signUp(client, 'vendor', 'open_road', { email: 'dispatch@openroad.example' })).status).toBe(201);
  });
});
