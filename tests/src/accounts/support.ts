import { expect } from 'vitest';
import type { PortalClient } from '../support/http-client';
import type { TestSystem } from '../support/system';

export const GOOD_PASSWORD = 'Haul-Freight-2026!';

/** A mail body as a mail client shows it: quoted-printable soft line breaks and escapes decoded. */
export const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The activation path from the newest mail sent to this address. */
export async function activationPath(system: TestSystem, email: string): Promise<string> {
  const mails = (await system.outbox()).map(decodeMail).filter((mail) => mail.includes(`To: ${email}`));
  const match = /\/api\/auth\/activate\/[^\s/]+\//.exec(mails.at(-1) ?? '');
  if (!match) throw new Error(`no activation mail for ${email}`);
  return match[0];
}

export async function signUp(client: PortalClient, kind: 'vendor' | 'staff', username: string, extra: Record<string, string> = {}) {
  const body = { username, email: `${username}@carrier.example.com`, password: GOOD_PASSWORD, ...(kind === 'staff' ? { first_name: 'Sam', last_name: 'Lee' } : {}), ...extra };
  return client.post(`/api/auth/signup/${kind}/`, body);
}

/** Sign-up, then the emailed link: an account that can log in. */
export async function activeAccount(system: TestSystem, kind: 'vendor' | 'staff', username: string) {
  const client = await system.client().start();
  const created = await signUp(client, kind, username);
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const activated = await client.get(await activationPath(system, `${username}@carrier.example.com`));
  if (activated.headers.get('location') !== '/account/activated') throw new Error('activation failed');
  return client;
}

export const login = (client: PortalClient, username: string, password = GOOD_PASSWORD, portal?: 'vendor' | 'staff') =>
  client.post('/api/auth/login/', { username, password, ...(portal ? { portal } : {}) });

/** A client of `system` signed in as `username`, and the login's answer (the user); the test fails, naming the user, if refused. */
export async function signedIn(system: TestSystem, username: string, password: string, portal: 'vendor' | 'staff'): Promise<{ client: PortalClient; user: any }> {
  const client = await system.client().start();
  const response = await login(client, username, password, portal);
  expect(response.status, username).toBe(200);
  return { client, user: response.body };
}
