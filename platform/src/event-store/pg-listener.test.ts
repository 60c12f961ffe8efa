import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@portal/tests/support/until';
import { silentLogger } from '../logger';
import { PgNotificationListener } from './pg-listener';

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
