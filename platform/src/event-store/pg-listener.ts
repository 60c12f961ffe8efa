import pg from 'pg';
import type { Logger } from '../logger';

/**
 * One LISTEN connection shared by the live subscriptions of a process. Reconnects after a lost connection
 * and wakes every subscriber then, because notifications sent while it was away are gone.
 */
export class PgNotificationListener {
  ready: Promise<void>;
  private client: pg.Client | undefined;
  private readonly handlers = new Set<(payload: string | undefined) => void>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The connection being opened, and what ends the pause between attempts: both for close(). */
  private connecting: pg.Client | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: { connectionString: string; channel: string; logger: Logger; applicationName?: string }) {
    this.ready = this.connect();
  }

  /** handler(undefined) means 'reconnected: anything may have happened'. */
  on(handler: (payload: string | undefined) => void): void {
    this.handlers.add(handler);
  }

  off(handler: (payload: string | undefined) => void): void {
    this.handlers.delete(handler);
  }

  private notifyAll(payload: string | undefined): void {
    for (const handler of this.handlers) handler(payload);
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const client = new pg.Client({ connectionString: this.options.connectionString, application_name: this.options.applicationName ?? 'es-listener' });
      try {
        client.on('notification', (message) => {
          if (message.channel === this.options.channel) this.notifyAll(message.payload ?? '');
        });
        client.on('error', (error) => {
          this.options.logger.warn('event listener connection lost', { error });
          this.reconnectLater(client);
        });
        this.connecting = client;
        await client.connect();
        await client.query(`LISTEN ${this.options.channel}`);
        this.connecting = undefined;
        // Closed while connecting: this connection must not outlive the listener.
        if (this.closed) {
          await client.end().catch(() => {});
          return;
        }
        this.client = client;
        return;
      } catch (error) {
        this.connecting = undefined;
        await client.end().catch(() => {});
        if (this.closed) return;
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
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.ready = this.connect().then(() => this.notifyAll(undefined));
    }, 100);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.wake?.();
    this.handlers.clear();
    // pg may never settle a connect() that end() interrupts; the attempt loop then simply stops there.
    await this.connecting?.end().catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
