import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 5_000;
      const poll = () => (sockets.size > 0 ? resolve() : Date.now() > deadline ? reject(new Error('never connected')) : setTimeout(poll, 10));
      poll();
    });
    await listener.close();
    const settled = await Promise.race([listener.ready.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 2_000))]);
    expect(settled).toBe('settled');
  });
});
