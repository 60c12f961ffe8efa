import pg from 'pg';
import { SERVICE_CONNECT_TIMEOUT_MS } from '../db/pool';
import type { Logger } from '../logger';

/**
 * What a handler is called with: a notification's payload; `null` when the connection was lost (notifications may be
 * missed from now on); `undefined` when it is back (anything may have happened meanwhile).
 */
export type ListenerSignal = string | null | undefined;

/**
 * One LISTEN connection shared by the live subscriptions of a process. Reconnects after a lost connection
 * and wakes every subscriber then, because notifications sent while it was away are gone.
 */
export class PgNotificationListener {
  ready: Promise<void>;
  private client: pg.Client | undefined;
  private readonly handlers = new Set<(signal: ListenerSignal) => void>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The connection being opened, and what ends the pause between attempts: both for close(). */
  private connecting: pg.Client | undefined;
  private wake: (() => void) | undefined;
  /** Settles when close() is called: a connect() that end() interrupts may never settle by itself. */
  private readonly closing: Promise<void>;
  private markClosing!: () => void;

  constructor(private readonly options: {
    connectionString: string;
    channel: string;
    logger: Logger;
    applicationName?: string;
    connectTimeoutMs?: number;
    /**
     * Aborted when the process begins to stop: the listener closes at once, as its database may end the connection
     * before the shutdown gets to close() (a Ctrl-C reaches the embedded PostgreSQL too), and that is no loss to report.
     */
    signal?: AbortSignal;
  }) {
    this.closing = new Promise((resolve) => (this.markClosing = resolve));
    // Aborted already: it never connects.
    this.closed = options.signal?.aborted ?? false;
    options.signal?.addEventListener('abort', () => void this.close(), { once: true });
    this.ready = this.connect();
  }

  on(handler: (signal: ListenerSignal) => void): void {
    this.handlers.add(handler);
  }

  off(handler: (signal: ListenerSignal) => void): void {
    this.handlers.delete(handler);
  }

  private notifyAll(signal: ListenerSignal): void {
    for (const handler of this.handlers) handler(signal);
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      // Keep-alive: a connection that silently went half-open is found and replaced, not listened to for ever. A connect
      // the database never answers (a network partition) is given up and tried again.
      const client = new pg.Client({
        connectionString: this.options.connectionString,
        application_name: this.options.applicationName ?? 'es-listener',
        keepAlive: true,
        connectionTimeoutMillis: this.options.connectTimeoutMs ?? SERVICE_CONNECT_TIMEOUT_MS,
      });
      try {
        client.on('notification', (message) => {
          if (message.channel === this.options.channel) this.notifyAll(message.payload ?? '');
        });
        client.on('error', (error) => {
          // Closed: the server may still end the connection before it has read ours ending it (it is stopping too).
          if (this.closed) return;
          this.options.logger.warn('event listener connection lost', { error });
          this.reconnectLater(client);
        });
        this.connecting = client;
        await Promise.race([client.connect(), this.closing]);
        if (!this.closed) await client.query(`LISTEN ${this.options.channel}`);
        this.connecting = undefined;
        // Closed while connecting: close() has ended this connection (its end() may not settle before the server
        // answers, so it is not awaited).
        if (this.closed) return;
        this.client = client;
        return;
      } catch (error) {
        this.connecting = undefined;
        if (this.closed) return;
        await client.end().catch(() => {});
        this.options.logger.warn('event listener cannot connect, retrying', { error, attempt });
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.retryTimer = setTimeout(resolve, Math.min(5_000, 200 * 2 ** attempt));
        });
      }
    }
  }

  private reconnectLater(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    void client.end().catch(() => {});
    this.notifyAll(null);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.ready = this.connect().then(() => this.notifyAll(undefined));
    }, 100);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.markClosing();
    clearTimeout(this.retryTimer);
    this.wake?.();
    this.handlers.clear();
    // pg may never settle a connect() that end() interrupts, nor that end() while the server has not answered yet: the
    // attempt loop stops on `closing` instead, and the connection is not awaited.
    void this.connecting?.end().catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
