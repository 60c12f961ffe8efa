import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { until } from '@portal/tests/support/until';
import { createLogger, silentLogger } from '../logger';
import { PgNotificationListener, type ListenerSignal } from './pg-listener';

describe('PgNotificationListener.close', () => {
  // A server that accepts connections and never answers: the listener's connect() is left in flight.
  let server: net.Server;
  const sockets = new Set<net.Socket>();
  let port: number;
  beforeAll(async () => {
    server = net.createServer((socket) => { sockets.add(socket); socket.on('error', () => {}); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('settles ready (and so every read waiting on it) when closed while a connection is being opened', async () => {
    const listener = new PgNotificationListener({ connectionString: `postgres://nobody@127.0.0.1:${port}/none`, channel: 'test_channel', logger: silentLogger });
    await until(() => sockets.size > 0, { timeoutMs: 5_000, what: 'the listener connecting' });
    await listener.close();
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([listener.ready.then(() => 'settled'), new Promise((resolve) => { timer = setTimeout(() => resolve('pending'), 2_000); })]);
    clearTimeout(timer);
    expect(settled).toBe('settled');
  });

  it('gives up a connect the server never answers (a network partition) and tries again', async () => {
    const before = sockets.size;
    const listener = new PgNotificationListener({ connectionString: `postgres://nobody@127.0.0.1:${port}/none`, channel: 'test_channel', logger: silentLogger, connectTimeoutMs: 200 });
    try {
      await until(() => sockets.size >= before + 2, { timeoutMs: 5_000, what: 'a second connection attempt' });
    } finally {
      await listener.close();
    }
  });
});

describe('PgNotificationListener on a database', () => {
  let db: TestDatabase;
  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => { await db?.drop(); });

  const recorded = () => {
    const records: { level: string; msg: string }[] = [];
    return { records, logger: createLogger({ level: 'debug', write: (line) => records.push(JSON.parse(line)) }) };
  };

  it('reports a connection lost while running, and listens again', async () => {
    const { records, logger } = recorded();
    const listener = new PgNotificationListener({ connectionString: db.url, channel: 'test_channel', logger, applicationName: 'listener-lost' });
    const signals: ListenerSignal[] = [];
    listener.on((signal) => signals.push(signal));
    try {
      await listener.ready;
      const [pid] = await backends(db.pool, 'listener-lost');
      await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await until(() => signals.includes(undefined), { what: 'the listener to be back' });
      expect(signals).toEqual([null, undefined]);
      expect(records.filter((record) => record.level !== 'debug' && record.level !== 'info').map((record) => record.msg)).toEqual(['event listener connection lost']);
      await db.pool.query(`SELECT pg_notify('test_channel', 'after')`);
      await until(() => signals.includes('after'), { what: 'a notification after the reconnect' });
    } finally {
      await listener.close();
    }
  });

  it('closes, reporting nothing, when its signal says the process is stopping', async () => {
    const { records, logger } = recorded();
    const stopping = new AbortController();
    const listener = new PgNotificationListener({ connectionString: db.url, channel: 'test_channel', logger, applicationName: 'listener-stopping', signal: stopping.signal });
    await listener.ready;
    expect(await backends(db.pool, 'listener-stopping')).toHaveLength(1);
    stopping.abort();
    await until(async () => (await backends(db.pool, 'listener-stopping')).length === 0, { what: 'the LISTEN connection to end' });
    expect(records).toEqual([]);
  });
});
