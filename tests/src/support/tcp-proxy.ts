import net from 'node:net';

/**
 * A TCP proxy to a server that can stop carrying anything, as a network partition does: `partition()` keeps every
 * connection open but passes no more bytes either way, and new connections are accepted and never answered.
 * `heal()` passes bytes again (on new connections; the ones held through the partition stay silent).
 */
export interface TcpProxy {
  port: number;
  /** The target's address as a connection string would name it: `url` with this proxy's host and port. */
  via(url: string): string;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let partitioned = false;
  const sockets = new Set<net.Socket>();
  /** Each carrying connection's way to go silent. */
  const silencers = new Set<() => void>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (partitioned) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    let silent = false;
    silencers.add(() => (silent = true));
    const pass = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => { if (!silent) to.write(chunk); });
      from.on('close', () => { if (!silent) to.destroy(); });
    };
    pass(client, upstream);
    pass(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    partition() {
      partitioned = true;
      for (const silence of silencers) silence();
      silencers.clear();
    },
    heal() { partitioned = false; },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
