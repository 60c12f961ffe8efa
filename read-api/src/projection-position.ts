import type pg from 'pg';
import { PgNotificationListener } from '@portal/platform/event-store/pg-listener';
import type { Logger } from '@portal/platform/logger';
import { NoticeReader, READ_MODEL_CHANNEL, type ChangeNotice } from '@portal/projector/notices';
import { readCheckpoint } from '@portal/projector/runtime';

/**
 * Knows how far the projector has got, from its NOTIFYs (and the checkpoint table after a reconnect),
 * so a read can wait until the projector has passed the position a client just wrote at.
 */
export class ProjectionPosition {
  private position = -1n;
  private readonly listener: PgNotificationListener;
  private readonly waiters = new Set<{ target: bigint; resolve: () => void }>();
  private readonly subscribers = new Set<(notice: ChangeNotice | 'reconnected') => void>();
  private ready: Promise<void>;

  constructor(private readonly options: { pool: pg.Pool; connectionString: string; logger: Logger }) {
    this.listener = new PgNotificationListener({ connectionString: options.connectionString, channel: READ_MODEL_CHANNEL, logger: options.logger, applicationName: 'read-api-notices' });
    const notices = new NoticeReader();
    this.listener.on((payload) => {
      if (payload === null || payload === undefined) {
        // Lost, or back: a database crash may have taken the newest batches with it (they commit asynchronously and
        // are applied again), so from the moment the connection is lost the checkpoint, not the last notice heard,
        // says how far the read models are. Reads wait for it meanwhile (and poll it while waiting).
        this.position = -1n;
        this.ready = this.refresh();
        if (payload === null) return;
        // Back: parts of a batch read before it will not be completed.
        notices.reset();
        for (const subscriber of this.subscribers) subscriber('reconnected');
        return;
      }
      const notice = payload ? notices.read(payload) : undefined;
      if (notice === 'part') return;
      if (!notice) {
        void this.refresh();
        return;
      }
      this.advance(notice.position);
      for (const subscriber of this.subscribers) subscriber(notice);
    });
    this.ready = this.listener.ready.then(() => this.refresh());
  }

  private advance(position: bigint): void {
    if (position <= this.position) return;
    this.position = position;
    for (const waiter of this.waiters) if (waiter.target <= position) waiter.resolve();
  }

  private async refresh(): Promise<void> {
    try {
      this.advance(await readCheckpoint(this.options.pool));
    } catch (error) {
      this.options.logger.warn('cannot read the projector checkpoint', { error });
    }
  }

  /** Every committed batch's changes, in commit order; 'reconnected' when notices may have been missed. */
  subscribe(subscriber: (notice: ChangeNotice | 'reconnected') => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async current(): Promise<bigint> {
    await this.ready;
    return this.position;
  }

  /** Resolves true once the projector has passed `target`, or false after `timeoutMs`. */
  async waitFor(target: bigint, timeoutMs: number): Promise<boolean> {
    await this.ready;
    if (this.position >= target) return true;
    return new Promise<boolean>((resolve) => {
      const waiter = {
        target,
        resolve: () => {
          clearTimeout(timer);
          clearInterval(poll);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      // A lost notification must not cost the whole wait: look at the table now and then too.
      const poll = setInterval(() => void this.refresh(), 250);
      const timer = setTimeout(() => {
        clearInterval(poll);
        this.waiters.delete(waiter);
        resolve(this.position >= target);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    for (const waiter of this.waiters) waiter.resolve();
    await this.listener.close();
  }
}
