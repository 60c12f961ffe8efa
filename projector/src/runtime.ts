import type pg from 'pg';
import { ADVISORY_LOCKS } from '@portal/platform/db/locks';
import type { EventStore, RecordedEvent } from '@portal/platform/event-store/port';
import type { Logger } from '@portal/platform/logger';
import { silentLogger } from '@portal/platform/logger';
import { noticeParts, READ_MODEL_CHANNEL, type Change } from './notices';
import { READ_MODELS_VERSION } from './schema';

/** Held by every live batch; a rebuild's switch-over holds it to pause the live projector for a moment. */
export const PROJECTOR_BATCH_LOCK = ADVISORY_LOCKS.projectorBatch;
export const CHECKPOINT_NAME = 'read-models';

export interface ProjectionContext {
  /** The batch transaction: every read-model write goes through it. */
  tx: pg.PoolClient;
  changed(change: Change): void;
  /**
   * Memory that lives for one batch, shared by the projections in their order (e.g. the loads projection reads the
   * vendor names the vendors projection has just folded): `local(key, create)` returns the same object all batch long.
   */
  local<T>(key: string, create: () => T): T;
}

/**
 * A projection sees each batch in three steps: `prepare` reads, in a few set-based queries, every row the batch's
 * events will touch; `apply` folds each event in order (in memory, or with its own writes for rare events); `flush`
 * writes what changed, a few statements per table. Equal results whatever the batch boundaries: a rebuild (large
 * batches) must equal the live read model (small ones), and verify() checks it.
 */
export interface Projection {
  name: string;
  /** When given, `apply` sees only events of these types (spares a call, and an await, per event of a replay). */
  eventTypes?: ReadonlySet<string>;
  prepare?(batch: readonly RecordedEvent[], context: ProjectionContext): Promise<void>;
  apply(event: RecordedEvent, context: ProjectionContext): void | Promise<void>;
  flush?(context: ProjectionContext): Promise<void>;
  /**
   * Writes rows that are only ever added (a log), after each page instead of once at commit, so a long transaction
   * does not hold them all; PostgreSQL writes them while the next page is being read. Takes what it writes out of
   * the transaction's memory before it awaits anything. Appends only: in a replay the previous transaction may still
   * be committing, so nothing written here may depend on rows it wrote.
   */
  flushPage?(context: ProjectionContext): Promise<void>;
  /**
   * A replay (rebuild, verify) starts folding the next transaction while the previous one is still writing and
   * committing; a projection that reads rows in `prepare` hands the next transaction every row the previous one
   * changed (the newest versions: not committed yet, so they must not be read from the database), as unchanged rows
   * of the next one. `from` is left as it is: its flush is still reading it. Not used by the live projector, whose
   * batches each read what they need.
   */
  carry?(from: ProjectionContext, to: ProjectionContext): void;
}

export interface ProjectorOptions {
  store: EventStore;
  pool: pg.Pool;
  projections: readonly Projection[];
  logger?: Logger;
  maxBatchSize?: number;
  /**
   * While events arrive faster than batches commit (a batch found at least `from` events waiting), wait up to `ms` for
   * more, up to `upTo` events (at most maxBatchSize), before applying it. A batch costs about as much CPU as 7 events
   * on top of its events (its round trips, commit and NOTIFY, and each reader's re-read), so under a burst larger
   * batches leave the cores to the commands; a lone event is never held back. Unset or `false`: never wait (the
   * projector service sets it from PROJECTOR_LINGER_MS, see lingerFor).
   */
  linger?: Linger | false;
  /** Called after each committed batch (tests, metrics). */
  onBatchCommitted?: (batch: { first: bigint; last: bigint; size: number }) => void;
  /**
   * Aborted when the process begins to stop: no batch begins after it, and a batch its database ends meanwhile (a
   * Ctrl-C reaches the embedded PostgreSQL too) is no failure to report. stop() still waits for the loop.
   */
  signal?: AbortSignal;
}

const NEXT_TICK = Symbol('next tick');
const LINGERED = Symbol('lingered');

export interface Linger {
  from: number;
  ms: number;
  upTo: number;
}

/**
 * The projector service's linger for PROJECTOR_LINGER_MS: from 4 events waiting, up to 200 events; 0: none. Measured
 * under the bench's figure 2 (README, performance): batches of about 9 events became 33-42, and the CPU per command fell
 * 10-23%, the projector staying within about 100 events of the store.
 */
export const lingerFor = (ms: number): Linger | false => (ms > 0 ? { from: 4, ms, upTo: 200 } : false);

/**
 * A batch found the checkpoint past its first event at commit: someone else applied those events (a rebuild that
 * switched the read models in while this batch waited for its lock, or another projector instance). Nothing of the
 * batch is kept; the projector goes on from the stored checkpoint.
 */
export class CheckpointMoved extends Error {
  override name = 'CheckpointMoved';
  constructor() {
    super('checkpoint moved under this projector (a rebuild switched the read models in, or another instance is running)');
  }
}

/** `timeoutMs`: give up (reject) when the database has not answered by then; through a pool, the connection is dropped. */
export async function readCheckpoint(db: pg.Pool | pg.PoolClient, { timeoutMs }: { timeoutMs?: number } = {}): Promise<bigint> {
  // node-postgres reads query_timeout from the query's config; its types do not list it.
  const query: pg.QueryConfig & { query_timeout?: number } = {
    text: 'SELECT position FROM projector_checkpoints WHERE name = $1',
    values: [CHECKPOINT_NAME],
    query_timeout: timeoutMs,
  };
  const { rows } = await db.query<{ position: bigint }>(query);
  return rows[0]?.position ?? -1n;
}

/**
 * Applies every event of $all, in order, to the projections. Each batch of read-model writes commits in one
 * transaction together with the checkpoint and a NOTIFY of the changed keys, so an event takes effect exactly
 * once even if the process dies mid-batch: the uncommitted batch is simply applied again on restart.
 */
export class Projector {
  private readonly logger: Logger;
  private readonly maxBatchSize: number;
  private readonly linger: Linger | false;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private wakeRetry: (() => void) | undefined;
  lastError: Error | undefined;

  constructor(private readonly options: ProjectorOptions) {
    this.logger = options.logger ?? silentLogger;
    this.maxBatchSize = options.maxBatchSize ?? 500;
    this.linger = options.linger ?? false;
    options.signal?.addEventListener('abort', () => {
      this.stopping = true;
      this.wakeRetry?.();
    }, { once: true });
  }

  start(): void {
    if (this.loop || this.options.signal?.aborted) return;
    this.stopping = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeRetry?.();
    await this.unsubscribe?.();
    await this.loop;
    this.loop = undefined;
  }

  private failures = 0;

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.follow();
      } catch (error) {
        if (this.stopping) break;
        let delay: number;
        if (error instanceof CheckpointMoved) {
          // Expected after every rebuild that switches over while commands are coming in: no failure, and a short
          // pause only (two projectors really running at once would otherwise race each other flat out).
          this.logger.warn(
            'the read models moved on under this projector (a rebuild switched them in, or another instance applied the batch); going on from the stored checkpoint',
          );
          delay = 50;
        } else {
          this.lastError = error as Error;
          delay = Math.min(10_000, 250 * 2 ** Math.min(this.failures++, 6));
          this.logger.error('projector failed; resuming from its checkpoint', { error, retryInMs: delay });
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.wakeRetry = () => { clearTimeout(timer); resolve(); };
        });
      }
    }
  }

  /** Subscribes from the stored checkpoint and applies micro-batches until stopped or an error. */
  private async follow(): Promise<void> {
    const checkpoint = await readCheckpoint(this.options.pool);
    const subscription = this.options.store.subscribeToAll({ after: checkpoint < 0n ? 'start' : checkpoint });
    this.unsubscribe = () => subscription.unsubscribe();
    const iterator = subscription[Symbol.asyncIterator]();
    this.logger.info('projector following $all', { after: checkpoint });
    try {
      let pending = iterator.next();
      while (!this.stopping) {
        const first = await pending;
        if (first.done) return;
        const batch = [first.value];
        pending = iterator.next();
        // Take whatever the subscription already holds, without waiting for more.
        while (batch.length < this.maxBatchSize) {
          const next = await Promise.race([pending, new Promise<typeof NEXT_TICK>((resolve) => setImmediate(() => resolve(NEXT_TICK)))]);
          if (next === NEXT_TICK) break;
          if (next.done) break;
          batch.push(next.value);
          pending = iterator.next();
        }
        const linger = this.linger;
        if (linger && batch.length >= linger.from) {
          // Events piled up while the last batch was applied: wait a moment for more (see ProjectorOptions.linger).
          const upTo = Math.min(linger.upTo, this.maxBatchSize);
          let timer: NodeJS.Timeout | undefined;
          const lingered = new Promise<typeof LINGERED>((resolve) => { timer = setTimeout(() => resolve(LINGERED), linger.ms); });
          try {
            while (batch.length < upTo && !this.stopping) {
              const next = await Promise.race([pending, lingered]);
              if (next === LINGERED || next.done) break;
              batch.push(next.value);
              pending = iterator.next();
            }
          } finally {
            clearTimeout(timer);
          }
        }
        if (this.stopping) return;
        await this.applyBatch(batch);
        this.lastError = undefined;
        this.failures = 0;
      }
    } finally {
      await subscription.unsubscribe().catch(() => {});
    }
  }

  /** One batch in one transaction: the projections' writes, the guarded checkpoint and the NOTIFY of the changed keys. */
  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    const transaction = await ProjectionTransaction.begin(this.options.pool, this.options.projections, { lock: PROJECTOR_BATCH_LOCK, notify: true });
    try {
      await transaction.apply(batch);
      await transaction.commit();
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
    this.options.onBatchCommitted?.({ first: batch[0]!.position, last: batch[batch.length - 1]!.position, size: batch.length });
  }
}

function failed(projection: Projection, step: string, error: unknown, event?: RecordedEvent): Error {
  const where = event ? ` on ${event.type} at position ${event.position}` : '';
  return new Error(`projection ${projection.name} failed${step === 'apply' ? '' : ` to ${step}`}${where}: ${(error as Error).message}`, { cause: error });
}

/**
 * One transaction of the projections over one or more consecutive pages of events: each page is prepared and
 * applied in turn (a page's `prepare` reads only rows no earlier page of the transaction has touched: those are held
 * in the transaction's memory), and `commit` writes everything once, with the checkpoint of the last event. A rebuild
 * spans several pages per transaction, so a load touched on many pages is read and written once.
 */
export class ProjectionTransaction {
  private readonly changes = new Map<string, Change>();
  private readonly locals = new Map<string, unknown>();
  private readonly context: ProjectionContext;
  /** The last page's flushPage writes, under way. */
  private pageWrites: Promise<void> | undefined;
  private first: bigint | undefined;
  private last: bigint | undefined;
  private done = false;

  private constructor(private readonly client: pg.PoolClient, private readonly projections: readonly Projection[], private readonly notify: boolean) {
    this.context = {
      tx: client,
      changed: (change) => {
        // Gathered only for the NOTIFY (a rebuild tells readers to re-read everything instead).
        if (!notify) return;
        const key = `${change.kind}:${change.key}`;
        const earlier = this.changes.get(key);
        const vendors = [...new Set([...(earlier?.vendors ?? []), ...(change.vendors ?? [])])];
        this.changes.set(key, vendors.length > 0 ? { ...change, vendors } : change);
      },
      local: <T>(key: string, create: () => T): T => {
        if (!this.locals.has(key)) this.locals.set(key, create());
        return this.locals.get(key) as T;
      },
    };
  }

  /**
   * BEGIN on a connection of `pool`, holding `lock` (an advisory lock) for the transaction unless it is null; with
   * `notify`, the commit NOTIFYs the changed keys. `after`: the transaction of the directly preceding events, whose
   * commit may still be under way (a replay's pipeline); its projections carry what they changed over to this one.
   * Every transaction before `after` must have committed.
   */
  static async begin(
    pool: pg.Pool,
    projections: readonly Projection[],
    { lock, notify, after }: { lock: number | null; notify: boolean; after?: ProjectionTransaction },
  ): Promise<ProjectionTransaction> {
    const client = await pool.connect();
    try {
      // Asynchronous commit: a batch does not wait for its WAL to reach the disk. Read models are derived: a crash can
      // lose only the newest batches, each together with its checkpoint (WAL is replayed in order), and those are
      // applied again from the event store, whose appends stay synchronous. Saves a disk flush per batch of live pushes.
      // One round trip (a live batch makes a handful; each costs a wake-up of both processes under load).
      if (lock !== null && !Number.isSafeInteger(lock)) throw new Error(`advisory lock key must be an integer, not ${lock}`);
      await client.query(`BEGIN; SET LOCAL synchronous_commit = off${lock === null ? '' : `; SELECT pg_advisory_xact_lock(${lock})`}`);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
      throw error;
    }
    const transaction = new ProjectionTransaction(client, projections, notify);
    if (after) for (const projection of projections) projection.carry?.(after.context, transaction.context);
    return transaction;
  }

  /** Prepares and applies the next page (the events directly after the previous page's). */
  async apply(page: readonly RecordedEvent[]): Promise<void> {
    if (page.length === 0) return;
    await this.pageWrites;
    await this.step('prepare', (projection) => projection.prepare?.(page, this.context));
    for (const event of page) {
      for (const projection of this.projections) {
        if (projection.eventTypes && !projection.eventTypes.has(event.type)) continue;
        try {
          const pending = projection.apply(event, this.context);
          if (pending) await pending;
        } catch (error) {
          throw failed(projection, 'apply', error, event);
        }
      }
    }
    this.first ??= page[0]!.position;
    this.last = page[page.length - 1]!.position;
    // Not awaited here: the caller reads its next page meanwhile (the next apply, or commit, waits for them).
    this.pageWrites = this.step('write', (projection) => projection.flushPage?.(this.context));
    this.pageWrites.catch(() => {});
  }

  /** Runs one step of every projection that has it, in their order; a failure names the projection and the step. */
  private async step(name: 'prepare' | 'write', run: (projection: Projection) => Promise<void> | undefined): Promise<void> {
    for (const projection of this.projections) {
      try {
        await run(projection);
      } catch (error) {
        throw failed(projection, name, error);
      }
    }
  }

  /** Writes what the pages changed, moves the checkpoint to the last event, NOTIFYs (if asked) and commits. */
  async commit(): Promise<void> {
    if (this.first === undefined || this.last === undefined) throw new Error('nothing to commit: no events were applied');
    await this.pageWrites;
    await this.step('write', (projection) => projection.flush?.(this.context));
    const last = this.last;
    // Guarded update: if another projector instance got here first, this batch is not applied twice. The NOTIFY
    // goes in the same statement (only when the checkpoint moved); it is delivered at COMMIT.
    // With the lowest version of the projections (READ_MODELS_VERSION) that wrote the read models since they were
    // built, and the position this batch wrote it at: a batch never raises the version (the rows it did not touch
    // keep their shape; only a rebuild, whose checkpoint starts afresh, makes them all this version's), a batch of an
    // older release lowers it, and a position moved by a projector from before versions were kept (version_position
    // left behind, or never written) counts as version 1.
    const checkpoint = `INSERT INTO projector_checkpoints (name, position, updated_at, version, version_position) VALUES ($1, $2, now(), $4, $2)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now(), version_position = EXCLUDED.position,
         version = CASE WHEN projector_checkpoints.version_position IS DISTINCT FROM projector_checkpoints.position THEN 1
                        ELSE LEAST(projector_checkpoints.version, EXCLUDED.version) END
       WHERE projector_checkpoints.position < $3 RETURNING 1`;
    // The statement answers a row (one per NOTIFY part) only when the checkpoint moved.
    let moved: boolean;
    if (this.notify) {
      const notify = `WITH moved AS (${checkpoint})
        SELECT pg_notify($5, part) FROM moved, unnest($6::text[]) WITH ORDINALITY AS parts (part, n) ORDER BY n`;
      const parts = noticeParts(last, [...this.changes.values()]);
      moved = ((await this.client.query({ name: 'projector-checkpoint-notify', text: notify, values: [CHECKPOINT_NAME, last, this.first, READ_MODELS_VERSION, READ_MODEL_CHANNEL, parts] })).rowCount ?? 0) > 0;
    } else {
      moved = (await this.client.query({ name: 'projector-checkpoint', text: checkpoint, values: [CHECKPOINT_NAME, last, this.first, READ_MODELS_VERSION] })).rowCount === 1;
    }
    if (!moved) throw new CheckpointMoved();
    await this.client.query('COMMIT');
    this.end();
  }

  async rollback(): Promise<void> {
    if (this.done) return;
    await this.pageWrites?.catch(() => {});
    await this.client.query('ROLLBACK').catch(() => {});
    this.end();
  }

  private end(): void {
    this.done = true;
    this.client.release();
  }
}

export interface ProjectorStatus {
  checkpoint: bigint;
  head: bigint;
  /** Events stored after the checkpoint (capped at lagCap). */
  lag: number;
  lagCapped: boolean;
}

export async function projectorStatus(store: EventStore, pool: pg.Pool, lagCap = 10_000): Promise<ProjectorStatus> {
  const [checkpoint, head] = await Promise.all([readCheckpoint(pool), store.headPosition()]);
  let lag = 0;
  if (head > checkpoint) {
    // Positions are opaque (EventStoreDB's are byte offsets), so lag is counted in events.
    lag = (await store.readAll({ after: checkpoint < 0n ? 'start' : checkpoint, maxCount: lagCap })).length;
  }
  return { checkpoint, head, lag, lagCapped: lag >= lagCap };
}
