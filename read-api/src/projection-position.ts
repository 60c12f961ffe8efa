import type pg from 'pg';
import { PgNotificationListener } from '@portal/platform/event-store/pg-listener';
import type { Logger } from '@portal/platform/logger';
import { NoticeReader, READ_MODEL_CHANNEL, type ChangeNotice } from '@portal/projector/notices';
import { readCheckpoint } from '@portal/projector/runtime';

const POLL_MS = 250;
const MAX_RETRY_MS = 5_000;
const CHECKPOINT_TIMEOUT_MS = 5_000;

/**
 * Knows how far the projector has got, from its NOTIFYs (and the checkpoint table after a reconnect),
 * so a read can wait until the projector has passed the position a client just wrote at.
 */
export class ProjectionPosition {
  private position = -1n;
  private readonly listener: PgNotificationListener;
  private readonly waiters = new Set<{ target: bigint; resolve: () => void }>();
  private readonly subscribers = new Set<(notice: ChangeNotice | 'reconnected') => void>();
  private readonly lostListeners = new Set<() => void>();
  private ready: Promise<void>;
  private pollTimer: NodeJS.Timeout | undefined;
  /** The checkpoint read after a lost connection failed: the position is -1 until a read succeeds. */
  private unknown = false;
  /** Checkpoint reads failed in a row. */
  private failures = 0;
  private closed = false;

  constructor(private readonly options: {
    pool: pg.Pool;
    connectionString: string;
    logger: Logger;
    /**
     * How long a checkpoint read may take before it counts as failed (its connection is then dropped): reads and a
     * socket's `hello` wait for it, so a database that stops answering (a network partition) must not hold them.
     */
    checkpointTimeoutMs?: number;
    /**
     * Aborted when the process begins to stop: this closes then, as its database may go before the shutdown gets to
     * close() (a Ctrl-C reaches the embedded PostgreSQL too), and losing it then is nothing to report.
     */
    signal?: AbortSignal;
  }) {
    this.listener = new PgNotificationListener({ connectionString: options.connectionString, channel: READ_MODEL_CHANNEL, logger: options.logger, applicationName: 'read-api-notices', signal: options.signal });
    options.signal?.addEventListener('abort', () => void this.close(), { once: true });
    const notices = new NoticeReader();
    this.listener.on((payload) => {
      if (payload === null || payload === undefined) {
        // Lost, or back: a database crash may have taken the newest batches with it (they commit asynchronously and
        // are applied again), so from the moment the connection is lost the checkpoint, not the last notice heard,
        // says how far the read models are. Reads wait for it meanwhile (and poll it while waiting).
        this.position = -1n;
        this.ready = this.refresh();
        if (payload === null) {
          // No notices until it is back ('reconnected'): the position moves by polling the checkpoint meanwhile.
          for (const listener of this.lostListeners) listener();
          return;
        }
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
      this.heard(notice.position);
      for (const subscriber of this.subscribers) subscriber(notice);
    });
    this.ready = this.listener.ready.then(() => this.refresh());
  }

  /** A position from the database (a notice or the checkpoint): known again, and polls back to their normal pace. */
  private heard(position: bigint): void {
    this.unknown = false;
    this.failures = 0;
    if (position <= this.position) return;
    this.position = position;
    for (const waiter of this.waiters) if (waiter.target <= position) waiter.resolve();
  }

  /**
   * Reads the checkpoint. One poll serves everyone: it runs while reads wait (a lost notification must not cost them
   * the whole wait), and while the position is unknown because the read after a lost connection failed (else the
   * position would stay unknown until the next batch, which an idle system may not have for a long time).
   */
  private async refresh(): Promise<void> {
    try {
      this.heard(await readCheckpoint(this.options.pool, { timeoutMs: this.options.checkpointTimeoutMs ?? CHECKPOINT_TIMEOUT_MS }));
    } catch (error) {
      if (this.closed) return;
      if (this.failures++ === 0) this.options.logger.warn('cannot read the projector checkpoint', { error });
      if (this.position === -1n) this.unknown = true;
    }
    this.schedulePoll();
  }

  private schedulePoll(): void {
    if (this.pollTimer || this.closed || (this.waiters.size === 0 && !this.unknown)) return;
    // Waiting reads look every POLL_MS; an unknown position is looked for less often the longer the database fails.
    const delay = this.failures === 0 ? POLL_MS : Math.min(MAX_RETRY_MS, POLL_MS * 2 ** Math.min(this.failures - 1, 5));
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      void this.refresh();
    }, delay);
  }

  /** Every committed batch's changes, in commit order; 'reconnected' when notices may have been missed. */
  subscribe(subscriber: (notice: ChangeNotice | 'reconnected') => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * The notices' connection was lost: until 'reconnected', batches are committed without any subscriber hearing of
   * them (the position still moves, by polling the checkpoint).
   */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** The position known right now, without waiting (-1 while unknown): every batch up to it is committed. */
  known(): bigint {
    return this.position;
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
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(this.position >= target);
      }, timeoutMs);
      this.waiters.add(waiter);
      this.schedulePoll();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pollTimer);
    for (const waiter of this.waiters) waiter.resolve();
    await this.listener.close();
  }
}
