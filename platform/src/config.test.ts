import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults to the embedded mode on port 8080 with data in ./.data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, eventStoreUrl: undefined, readWaitMs: 2000, logLevel: 'info' });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '..', '..', '.data'));
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/var/lib/portal', DATABASE_URL: 'postgres://u:p@db/portal',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false', EMBEDDED_PG_PORT: '6000', COMMAND_API_PORT: '9001',
      READ_API_PORT: '9002', READ_WAIT_MS: '500', LOG_LEVEL: 'debug', UI_DIST_DIR: '/srv/ui',
    });
    expect(config).toEqual({
      port: 9000, host: '0.0.0.0', dataDir: '/var/lib/portal', databaseUrl: 'postgres://u:p@db/portal',
      eventStoreUrl: 'esdb://es:2113?tls=false', embeddedPgPort: 6000, commandApiPort: 9001, readApiPort: 9002,
      readWaitMs: 500, logLevel: 'debug', uiDistDir: '/srv/ui',
      publicUrl: 'http://localhost:9000', smtpUrl: undefined, mailFrom: 'Freight Portal <no-reply@freight-portal.local>',
      adminUsername: 'admin', adminPassword: undefined, seedDemo: true, demoPassword: undefined,
      activationTtlMs: 72 * 3600 * 1000, sessionTtlMs: 336 * 3600 * 1000, trustProxy: false, staffEmailDomains: [], projectorNice: 10, projectorLingerMs: 10,
    });
  });

  it.each([
    { variable: 'PROJECTOR_NICE', key: 'projectorNice', what: 'the niceness the projector gives itself', max: 19, bad: ['20', '-1', '5.5', 'low'] },
    { variable: 'PROJECTOR_LINGER_MS', key: 'projectorLingerMs', what: 'how long the projector service waits for more events under a burst', max: 1000, bad: ['1001', '-1', '2.5', 'soon'] },
  ] as const)('reads $what ($variable), 10 by default, from 0 to $max', ({ variable, key, max, bad }) => {
    expect(loadConfig({})[key]).toBe(10);
    expect(loadConfig({ [variable]: '0' })[key]).toBe(0);
    expect(loadConfig({ [variable]: String(max) })[key]).toBe(max);
    for (const value of bad) {
      expect(() => loadConfig({ [variable]: value }), value).toThrow(new RegExp(`^${variable} must be a`));
    }
  });

  it('reads the email domains staff sign-ups must use, refusing what is not a domain', () => {
    expect(loadConfig({ STAFF_EMAIL_DOMAINS: ' Brokerage.com, @ops.brokerage.com,,brokerage.com ' }).staffEmailDomains).toEqual(['brokerage.com', 'ops.brokerage.com']);
    expect(loadConfig({ STAFF_EMAIL_DOMAINS: '' }).staffEmailDomains).toEqual([]);
    for (const bad of ['brokerage', 'user@brokerage.com', 'bro ker.com', '-x.com', 'x..com']) {
      expect(() => loadConfig({ STAFF_EMAIL_DOMAINS: bad }), bad).toThrow(/^STAFF_EMAIL_DOMAINS must list email domains/);
    }
  });

  it('reads the account and mail settings', () => {
    expect(loadConfig({
      PUBLIC_URL: 'https://portal.example.com/', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'ops@example.com', ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 's3cret-pass', SEED_DEMO: 'false', DEMO_PASSWORD: 'demo-pass', ACTIVATION_TTL_HOURS: '1', SESSION_TTL_HOURS: '2',
    })).toMatchObject({
      publicUrl: 'https://portal.example.com', smtpUrl: 'smtp://mail:25', mailFrom: 'ops@example.com', adminUsername: 'root',
      adminPassword: 's3cret-pass', seedDemo: false, demoPassword: 'demo-pass', activationTtlMs: 3600_000, sessionTtlMs: 7200_000,
    });
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
  });

  it('treats blank URLs as unset, so an empty variable in a .env file keeps the embedded default', () => {
    expect(loadConfig({ DATABASE_URL: '  ', EVENTSTORE_URL: '' })).toMatchObject({ databaseUrl: undefined, eventStoreUrl: undefined });
  });

  it('treats every blank variable as unset: an empty HOST does not listen on every interface, nor DATA_DIR put the data here', () => {
    const blank = loadConfig({ HOST: '', DATA_DIR: ' ', UI_DIST_DIR: '', LOG_LEVEL: '', PUBLIC_URL: '', SMTP_URL: ' ', ADMIN_USERNAME: '' });
    const defaults = loadConfig({});
    expect(blank).toEqual(defaults);
    expect(blank.host).toBe('127.0.0.1');
  });

  it('refuses a URL of the wrong kind at start, without repeating it (it may hold a password)', () => {
    for (const [variable, value, message] of [
      ['DATABASE_URL', 'mysql://u:secret@db/portal', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
      ['DATABASE_URL', 'not a url', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
      ['EVENTSTORE_URL', 'http://es:2113', 'EVENTSTORE_URL must be an esdb:// or esdb+discover:// URL'],
      ['PUBLIC_URL', 'portal.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
      ['SMTP_URL', 'mail:25', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), value).toThrow(new ConfigError(message));
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/portal', EVENTSTORE_URL: 'esdb+discover://es:2113', SMTP_URL: 'smtps://u:p@mail:465' })).toMatchObject({
      databaseUrl: 'postgresql://u:p@db:5432/portal', eventStoreUrl: 'esdb+discover://es:2113', smtpUrl: 'smtps://u:p@mail:465',
    });
    // EventStoreDB's cluster form is no URL, and is taken.
    expect(loadConfig({ EVENTSTORE_URL: 'esdb://es1:2113,es2:2113,es3:2113?tls=false' }).eventStoreUrl).toBe('esdb://es1:2113,es2:2113,es3:2113?tls=false');
  });

  it('refuses an admin username no one could sign in with, and a read wait over a minute', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'bad name!' })).toThrow(new ConfigError("ADMIN_USERNAME must be 3 to 150 letters, digits and @/./+/-/_ characters, got 'bad name!'"));
    expect(() => loadConfig({ ADMIN_USERNAME: 'ab' })).toThrow(/^ADMIN_USERNAME must be/);
    expect(loadConfig({ ADMIN_USERNAME: 'ops.admin' }).adminUsername).toBe('ops.admin');
    expect(loadConfig({ READ_WAIT_MS: '60000' }).readWaitMs).toBe(60_000);
    expect(() => loadConfig({ READ_WAIT_MS: '600000' })).toThrow(new ConfigError("READ_WAIT_MS must be a number of milliseconds from 0 to 60000, got '600000'"));
  });

  it('refuses values that are not what they claim, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a non-negative integer/);
    expect(() => loadConfig({ READ_WAIT_MS: '-5' })).toThrow(/READ_WAIT_MS/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PORT: '99999' })).toThrow(new ConfigError("PORT must be a port number from 0 to 65535, got '99999'"));
    expect(() => loadConfig({ EMBEDDED_PG_PORT: '70000' })).toThrow(ConfigError);
    // An activation link or session that expires at once would refuse every activation and sign-in.
    expect(() => loadConfig({ ACTIVATION_TTL_HOURS: '0' })).toThrow(new ConfigError("ACTIVATION_TTL_HOURS must be at least 1 (hours), got '0'"));
    expect(() => loadConfig({ SESSION_TTL_HOURS: '0' })).toThrow(new ConfigError("SESSION_TTL_HOURS must be at least 1 (hours), got '0'"));
    expect(() => loadConfig({ SESSION_TTL_HOURS: '-1' })).toThrow(/SESSION_TTL_HOURS must be a non-negative integer/);
  });
});
