import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '@portal/platform/config';
import { SessionStore } from '@portal/platform/auth/sessions';
import { LoginThrottle } from '@portal/platform/auth/throttle';
import { startAuthHousekeeping } from '@portal/platform/auth/housekeeping';
import type { EventStore } from '@portal/platform/event-store/port';
import { FileStorage } from '@portal/platform/files/storage';
import type { Logger } from '@portal/platform/logger';
import { createMailer, type Mailer } from '@portal/platform/mail/mailer';
import { builtinAdminName, demoAccounts, demoAccountsPresent, demoPassword, ensureBuiltinAdmin, seedDemoAccounts } from './accounts/bootstrap';
import type { LoginPolicies } from './accounts/routes';
import { AccountsService } from './accounts/service';
import { createCommandApi } from './app';
import { LoadsService } from './loads/service';
import { observeAppends } from './observed-store';
import { VendorNames } from './vendors/vendor-name';

export interface CommandSideOptions {
  config: Config;
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  mailer?: Mailer;
  loginPolicies?: LoginPolicies;
  probeMinIntervalMs?: number;
}

/** The command API with everything it needs, built from the configuration (used by `npm start` and compose). */
export function assembleCommandSide(options: CommandSideOptions) {
  const { config, pool, logger } = options;
  // Vendor names kept for command answers; every append this command side makes tells them what changed.
  const vendorNames = new VendorNames(options.store);
  const store = observeAppends(options.store, (streamId) => vendorNames.changed(streamId));
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger });
  const accounts = new AccountsService({ store, mailer, logger, publicUrl: config.publicUrl, activationTtlMs: config.activationTtlMs });
  const loads = new LoadsService(store, { vendorNames });
  const storage = new FileStorage(path.join(config.dataDir, 'files'));
  const sessions = new SessionStore(pool, config.sessionTtlMs);
  const throttle = new LoginThrottle(pool);
  const app = createCommandApi({
    store,
    pool,
    logger,
    sessions,
    throttle,
    accounts,
    loads,
    storage,
    trustProxy: config.trustProxy,
    staffEmailDomains: config.staffEmailDomains,
    uploadDir: path.join(config.dataDir, 'incoming'),
    loginPolicies: options.loginPolicies,
    probeMinIntervalMs: options.probeMinIntervalMs,
  });

  /** Where a generated admin password waits until it has been shown (see ensureBuiltinAdmin). */
  const passwordFile = path.join(config.dataDir, 'admin-password');

  /** First start: the built-in admin, and the demo accounts when asked for. Returns what to print; see noticesShown. */
  async function bootstrap(): Promise<string[]> {
    const lines: string[] = [];
    const adminName = await builtinAdminName(store, config.adminUsername);
    if (adminName?.toLowerCase() !== config.adminUsername.toLowerCase()) {
      const why = adminName ? `this database's built-in admin is ${adminName}, named on its first start` : 'this database was first started with another';
      lines.push(`ADMIN_USERNAME (${config.adminUsername}) is not used: ${why}. It applies only on a database's first start.`);
      logger.warn('ADMIN_USERNAME is not the built-in admin\'s name; no admin is created under it', { adminUsername: config.adminUsername, builtinAdmin: adminName ?? null });
    }
    const admin = adminName
      ? await ensureBuiltinAdmin(store, accounts, { username: adminName, password: config.adminPassword, logger, passwordFile })
      : { created: false, generatedPassword: undefined };
    if (admin.generatedPassword) {
      const when = admin.created ? 'created' : 'created by an earlier start that stopped before showing its password';
      lines.push(`Built-in admin ${when}: ${adminName} / ${admin.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`);
    }
    // Demo accounts on the start that creates the admin, or to finish those a first start began; a database that never
    // had them gets (and prints) none.
    const present = config.seedDemo ? await demoAccountsPresent(accounts) : [];
    const anyPresent = present.includes(true);
    if (config.seedDemo && (admin.created || anyPresent)) {
      const { password, ignored } = demoPassword(config.demoPassword, config.dataDir, { creating: !anyPresent });
      await seedDemoAccounts(accounts, loads, storage, password, { fresh: admin.created, present });
      lines.push(`Demo logins (password ${password}):`);
      if (ignored) lines.push('  (DEMO_PASSWORD names another password: it applies only when the demo accounts are created)');
      if (adminName) lines.push(`  staff login (/staff/login): ${adminName} (ADMIN, its own password)`);
      for (const demo of demoAccounts) {
        lines.push(`  ${demo.kind === 'STAFF' ? 'staff login (/staff/login)' : 'vendor login (/)        '}: ${demo.username} (${demo.note})`);
      }
    }
    return lines;
  }

  /** For the caller, once it has printed bootstrap's lines: a generated admin password is not kept on disk after that. */
  function noticesShown(): void {
    fs.rmSync(passwordFile, { force: true });
  }

  /** Expired sessions and stale throttle rows removed hourly from now on; returns the stop (call it before the pool ends). */
  const startHousekeeping = () => startAuthHousekeeping({ sessions, throttle, logger });

  return { app, accounts, loads, sessions, bootstrap, noticesShown, startHousekeeping };
}
