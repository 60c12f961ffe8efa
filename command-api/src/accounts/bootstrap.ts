import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AccountKind } from '@portal/domain/accounts/events';
import type { StaffTier } from '@portal/domain/staff/events';
import type { EventMetadata, EventStore } from '@portal/platform/event-store/port';
import { ValidationFailed } from '@portal/platform/http/errors';
import { userIdForUsername } from './aggregates';
import type { AccountsService } from './service';

const SYSTEM: EventMetadata = { actorType: 'SYSTEM', actorUsername: 'system' };

/**
 * The built-in admin, created on first start from ADMIN_USERNAME / ADMIN_PASSWORD (a random password, returned so
 * it can be printed once, when none is given). Safe to run from several instances: the username reservation decides.
 */
export async function ensureBuiltinAdmin(
  store: EventStore,
  accounts: AccountsService,
  options: { username: string; password: string | undefined },
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await userIdForUsername(store, options.username)) return { created: false };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  try {
    const { activationToken } = await accounts.signUp(
      'STAFF',
      { username: options.username, email: `${options.username}@freight-portal.local`, password, first_name: 'Portal', last_name: 'Administrator' },
      SYSTEM,
      { sendMail: false, builtin: true, tier: 'ADMIN' },
    );
    await accounts.activate(activationToken, SYSTEM);
    return { created: true, generatedPassword };
  } catch (error) {
    if (error instanceof ValidationFailed) return { created: false };
    throw error;
  }
}

export interface DemoAccount {
  username: string;
  kind: AccountKind;
  tier?: StaffTier;
  firstName?: string;
  lastName?: string;
  note: string;
}

export const demoAccounts: DemoAccount[] = [
  { username: 'dispatch', kind: 'STAFF', tier: 'DISPATCH_OPS', firstName: 'Dana', lastName: 'Reyes', note: 'staff, DISPATCH_OPS' },
  { username: 'accounting', kind: 'STAFF', tier: 'ACCOUNTING', firstName: 'Avery', lastName: 'Chen', note: 'staff, ACCOUNTING' },
  { username: 'newstaff', kind: 'STAFF', tier: 'PENDING', firstName: 'Pat', lastName: 'Morgan', note: 'staff, no tier yet (PENDING)' },
  { username: 'carrier', kind: 'VENDOR', note: 'vendor' },
  { username: 'newcarrier', kind: 'VENDOR', note: 'vendor, profile not filled in' },
];

/** Demo accounts, created through the same commands users go through (sign-up, activation, tier change). */
export async function seedDemoAccounts(accounts: AccountsService, password: string): Promise<void> {
  for (const demo of demoAccounts) {
    const email = `${demo.username}@demo.freight-portal.local`;
    const body = demo.kind === 'STAFF' ? { username: demo.username, email, password, first_name: demo.firstName!, last_name: demo.lastName! } : { username: demo.username, email, password };
    const { userId, activationToken } = await accounts.signUp(demo.kind, body, SYSTEM, { sendMail: false });
    await accounts.activate(activationToken, SYSTEM);
    if (demo.tier && demo.tier !== 'PENDING') await accounts.changeTier(userId, demo.tier, SYSTEM);
  }
}

/** DEMO_PASSWORD, else one generated on the first start and kept in DATA_DIR/demo-password. */
export function demoPassword(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'demo-password');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const password = `demo-${randomBytes(6).toString('hex')}`;
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, password + '\n', { mode: 0o600 });
    return password;
  }
}
