import pg from 'pg';
import type { Logger } from '@portal/platform/logger';

/** Advisory lock key of the read API instance that turns projector notices into pushes (the projector uses 4_200_003). */
export const READ_API_PUSH_LOCK = 4_200_004;

/**
 * One pushing read API instance at a time: the leader holds a session-level advisory lock on a connection of its own;
 * the others wait on it. When the leader process dies its connection closes and the next in line takes over; if the
 * leader's lock connection is lost (or stops answering its keep-alive) it steps down at once and queues again, so two
 * instances never both believe they lead for longer than a keep-alive period. The leader's connection also LISTENs to
 * `channels`, so only the leader hears them.
 */
export class PushLeadership {
  private leading = false;
  private closed = false;
  private client: pg.Client | undefined;
  private readonly running: Promise<void>;
  // pg never settles a connect() that end() interrupts: every wait in the loop also ends on close.
  private readonly stopped: Promise<void>;
  private stop: () => void = () => {};

  constructor(
    private readonly options: {
      connectionString: string;
      logger: Logger;
      /** Called once this instance holds the lock (at start or after a failover). */
      lead: () => void;
      channels?: Record<string, (payload: string) => void>;
      keepAliveMs?: number;
    },
  ) {
    this.stopped = new Promise<void>((resolve) => (this.stop = resolve));
    this.running = this.run();
  }

  isLeader(): boolean {
    return this.leading;
  }

  private async run(): Promise<void> {
    const { logger } = this.options;
    const keepAliveMs = this.options.keepAliveMs ?? 5_000;
    for (let attempt = 0; !this.closed; attempt++) {
      const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'read-api-push-leader', keepAlive: true });
      this.client = client;
      let lost: () => void = () => {};
      const connectionLost = new Promise<void>((resolve) => (lost = resolve));
      client.on('error', () => lost());
      client.on('end', () => lost());
      client.on('notification', (message) => {
        const handler = this.options.channels?.[message.channel];
        if (handler && this.leading) handler(message.payload ?? '');
      });
      let keepAlive: NodeJS.Timeout | undefined;
      try {
        await this.unlessStopped(client.connect());
        if (this.closed) break;
        await this.unlessStopped(client.query('SELECT pg_advisory_lock($1)', [READ_API_PUSH_LOCK]));
        if (this.closed) break;
        // A leader that vanishes without closing its connection (network partition) loses the lock within 30 s on the
        // server's side too (PostgreSQL 14+); the keep-alive below keeps a living leader from ever being idle that long.
        await client.query(`SET idle_session_timeout = ${Math.max(30_000, keepAliveMs * 6)}`).catch(() => {});
        for (const channel of Object.keys(this.options.channels ?? {})) await client.query(`LISTEN "${channel}"`);
        attempt = 0;
        keepAlive = setInterval(() => {
          const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('keep-alive timed out')), keepAliveMs).unref());
          Promise.race([client.query('SELECT 1'), timeout]).catch(() => lost());
        }, keepAliveMs);
        this.leading = true;
        logger.info('read API instance leads the live pushes');
        this.options.lead();
        await Promise.race([connectionLost, this.stopped]);
        if (!this.closed) logger.warn('read API push leader lost its lock connection; standing by again');
      } catch (error) {
        if (this.closed) break;
        logger.warn('read API cannot reach the database for the push leader lock; retrying', { error, attempt });
        await this.unlessStopped(new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)).unref()));
      } finally {
        clearInterval(keepAlive);
        this.leading = false;
        await client.end().catch(() => {});
      }
    }
  }

  private unlessStopped(work: Promise<unknown>): Promise<unknown> {
    work.catch(() => undefined);
    return Promise.race([work, this.stopped]);
  }

  /** Stops leading (or waiting to) and releases the lock, so another instance takes over at once. */
  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    this.leading = false;
    // Ending the connection also interrupts a wait for the lock.
    await this.client?.end().catch(() => {});
    await this.running;
  }
}
