import { AccountsService } from '@portal/command-api/accounts/service';
import type { UserSignedUp } from '@portal/domain/accounts/events';
import { silentLogger } from '@portal/platform/logger';
import { createMailer } from '@portal/platform/mail/mailer';
import type { PortalClient } from '../support/http-client';
import type { TestSystem } from '../support/system';

export const GOOD_PASSWORD = 'Haul-Freight-2026!';
/** The demo accounts' password the tests start the system with: `{ seedDemo: true, demoPassword: DEMO_PASSWORD }`. */
export const DEMO_PASSWORD = 'Demo-Pass-2026';

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

/**
 * The account event a sign-up records, for tests that leave what a stopped sign-up leaves in the event store (a
 * vendor without its vendor id unless `fields` give one; an activation secret nobody was mailed).
 */
export const userSignedUp = (userId: string, username: string, fields: Partial<UserSignedUp['data']> = {}): UserSignedUp => ({
  type: 'UserSignedUp',
  data: {
    user_id: userId, username, email: `${username}@carrier.example.com`, kind: 'VENDOR', first_name: '', last_name: '', password_hash: 'scrypt$never-used',
    activation_secret_hash: 'never-mailed', activation_expires_at: new Date(Date.now() + 3_600_000).toISOString(), vendor_id: null, builtin: false, ...fields,
  },
});

/** What a sign-up form sends for `username` (`extra` adds or replaces fields). */
export const signUpBody = (kind: 'vendor' | 'staff', username: string, extra: Record<string, string> = {}) =>
  ({ username, email: `${username}@carrier.example.com`, password: GOOD_PASSWORD, ...(kind === 'staff' ? { first_name: 'Sam', last_name: 'Lee' } : {}), ...extra });

export async function signUp(client: PortalClient, kind: 'vendor' | 'staff', username: string, extra: Record<string, string> = {}) {
  return client.post(`/api/auth/signup/${kind}/`, signUpBody(kind, username, extra));
}

/** Sign-up, then the emailed link: an account that can log in. */
export async function activeAccount(system: TestSystem, kind: 'vendor' | 'staff', username: string) {
  const client = await system.client().start();
  const created = await signUp(client, kind, username);
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const activated = await client.get(await activationPath(system, `${username}@carrier.example.com`));
  if (activated.headers.get('location') !== '/account/activated') throw new Error('activation failed');
  // Every read API answer for this account needs it projected (the read API checks its users table).
  await system.caughtUp();
  return client;
}

export const login = (client: PortalClient, username: string, password = GOOD_PASSWORD, portal?: 'vendor' | 'staff') =>
  client.post('/api/auth/login/', { username, password, ...(portal ? { portal } : {}) });

/** Logs `client` in and returns the login's answer (the user); throws at once, naming the user and the answer, unless it is 200. */
async function loggedIn(client: PortalClient, username: string, password: string, portal: 'vendor' | 'staff'): Promise<any> {
  const response = await login(client, username, password, portal);
  if (response.status !== 200) throw new Error(`sign-in of ${username} (${portal} portal) answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A client of `system` signed in as `username`, and the login's answer (the user); throws, naming the user, if refused. */
export async function signedIn(system: TestSystem, username: string, password: string, portal: 'vendor' | 'staff'): Promise<{ client: PortalClient; user: any }> {
  const client = await system.client().start();
  return { client, user: await loggedIn(client, username, password, portal) };
}

/** The password of the test system's seeded demo accounts (not the built-in admin's: that is TEST_ADMIN_PASSWORD). */
function demoPassword(system: TestSystem): string {
  if (!system.config.demoPassword) throw new Error('this test system has no demo accounts: start it with { seedDemo: true, demoPassword: DEMO_PASSWORD }');
  return system.config.demoPassword;
}

/** A client of `system` signed in as `username` (by default with the demo password the system was started with). */
export async function signIn(system: TestSystem, username: string, portal: 'vendor' | 'staff', password = demoPassword(system)): Promise<PortalClient> {
  return (await signedIn(system, username, password, portal)).client;
}

/** A new active account (sign-up, then the emailed link), signed in; with the login's answer (the user). */
export async function activeSignedIn(system: TestSystem, kind: 'vendor' | 'staff', username: string): Promise<{ client: PortalClient; user: any }> {
  const client = await activeAccount(system, kind, username);
  return { client, user: await loggedIn(client, username, GOOD_PASSWORD, kind) };
}


/** The command side's accounts service on `system`'s event store, for what only a start does (the built-in admin). */
export const accountsService = (system: TestSystem) =>
  new AccountsService({
    store: system.store,
    mailer: createMailer({ smtpUrl: undefined, from: 'portal@test.local', outboxDir: `${system.dataDir}/outbox`, logger: silentLogger }),
    logger: silentLogger,
    publicUrl: system.url,
    activationTtlMs: 3_600_000,
  });
