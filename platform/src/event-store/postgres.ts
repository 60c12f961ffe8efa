import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../logger';
import { silentLogger } from '../logger';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type AllSubscription,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './port';
import { PgNotificationListener, type ListenerSignal } from './pg-listener';

export const EVENTS_CHANNEL = 'es_events';

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** Connection string for the LISTEN connection (live subscriptions). */
  connectionString: string;
  logger?: Logger;
  /** Fallback poll interval for live subscriptions in case a notification is lost. */
  pollIntervalMs?: number;
  /** Aborted when the process begins to stop: the LISTEN connection closes then (see PgNotificationListener). */
  signal?: AbortSignal;
  /** Test seam: runs inside each append transaction after the events are written, before COMMIT. */
  beforeCommit?: (streamId: string) => Promise<void>;
}

const PAGE_SIZE = 500;

interface EventRow {
  position: bigint;
  event_id: string;
  stream_id: string;
  revision: bigint;
  type: string;
  data: RecordedEvent['data'];
  metadata: RecordedEvent['metadata'];
  created_at: Date;
}

const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, created_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}

function assertStreamId(streamId: string): void {
  if (typeof streamId !== 'string' || streamId.length === 0 || streamId.startsWith('$')) {
    throw new Error(`Invalid stream id '${streamId}'`);
  }
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { pool } = options;
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  let listener: PgNotificationListener | undefined;
  const subscriptions = new Set<{ stop: () => void }>();

  // Highest position announced by NOTIFY (payloads are positions).
  let announced = -1n;
  const getListener = () => {
    listener ??= new PgNotificationListener({ connectionString: options.connectionString, channel: EVENTS_CHANNEL, logger, signal: options.signal });
    return listener;
  };

  async function actualRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const { rows } = await pool.query<{ revision: bigint }>({ name: 'es-stream-revision', text: 'SELECT revision FROM es_streams WHERE stream_id = $1', values: [streamId] });
    return rows[0]?.revision ?? 'no_stream';
  }

  async function headPosition(): Promise<bigint> {
    const { rows } = await pool.query<{ position: bigint | null }>('SELECT max(position) AS position FROM es_events');
    return rows[0]?.position ?? -1n;
  }

  async function appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const actual = await actualRevision(streamId);
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === 'no_stream') ||
      (expected === 'stream_exists' && actual !== 'no_stream') ||
      (typeof expected === 'bigint' && actual === expected);
    if (!ok) throw new WrongExpectedVersion(streamId, expected, actual);
    return { nextExpectedRevision: actual === 'no_stream' ? -1n : actual, position: await headPosition() };
  }

  interface PendingAppend {
    streamId: string;
    expected: ExpectedRevision;
    /** The events as a JSON array, ready to be written into the group's parameter. */
    events: string;
    resolve: (result: AppendResult) => void;
    reject: (error: unknown) => void;
  }

  // Group commit: appends that arrive while a transaction is committing wait and share the next one, so many appends
  // cost one commit (one WAL flush). Each append is still its own statement with its own expected revision; one whose
  // expectation fails simply writes nothing. Positions stay in commit order: the head row lock is held to the commit.
  const queue: PendingAppend[] = [];
  let flushing = false;
  const MAX_GROUP = 200;

  // Never rejects (it runs unawaited): whatever goes wrong, no connection to be had included (the database down or
  // full), is answered to the appends of that group, and the queue goes on.
  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) {
        const group = queue.splice(0, MAX_GROUP);
        await commitGroup(group).catch((error: unknown) => {
          for (const item of group) item.reject(error);
        });
      }
    } finally {
      flushing = false;
    }
  }

  async function commitGroup(group: PendingAppend[]): Promise<void> {
    // One statement appends the whole group (each append with its own expectation) and commits: one round trip.
    const items = `[${group
      .map((item) => `{"stream":${JSON.stringify(item.streamId)},"expected":"${String(item.expected)}","events":${item.events}}`)
      .join(',')}]`;
    const query = {
      name: 'es-append-group',
      text: 'SELECT item, appended_position AS position, appended_revision AS revision FROM es_append_group($1::jsonb) ORDER BY item',
      values: [items],
    };
    let rows: { position: bigint | null; revision: bigint | null }[];
    const client = await pool.connect();
    try {
      if (options.beforeCommit) {
        await client.query('BEGIN');
        rows = (await client.query<{ position: bigint | null; revision: bigint | null }>(query)).rows;
        if (rows.some((row) => row.position !== null)) await options.beforeCommit(group[0]!.streamId);
        await client.query('COMMIT');
      } else {
        rows = (await client.query<{ position: bigint | null; revision: bigint | null }>(query)).rows;
      }
    } catch (error) {
      if (options.beforeCommit) await client.query('ROLLBACK').catch(() => {});
      client.release();
      // A real error (not a failed expectation) aborted the group: append each one alone, so only its own fails.
      if (group.length === 1) group[0]!.reject(error);
      else for (const item of group) await commitGroup([item]);
      return;
    }
    client.release();
    for (const [i, item] of group.entries()) {
      const row = rows[i];
      if (row && row.position !== null && row.revision !== null) item.resolve({ nextExpectedRevision: row.revision, position: row.position });
      else actualRevision(item.streamId).then((actual) => item.reject(new WrongExpectedVersion(item.streamId, item.expected, actual)), item.reject);
    }
  }

  async function appendToStream(streamId: string, events: NewEvent[], appendOptions: AppendOptions = {}): Promise<AppendResult> {
    assertStreamId(streamId);
    const expected = appendOptions.expectedRevision ?? 'any';
    if (events.length === 0) return appendNothing(streamId, expected);
    const payload = JSON.stringify(
      events.map((event) => ({ id: event.id ?? randomUUID(), type: event.type, data: event.data, metadata: event.metadata ?? {} })),
    );
    return new Promise<AppendResult>((resolve, reject) => {
      queue.push({ streamId, expected, events: payload, resolve, reject });
      if (!flushing) void flush();
    });
  }

  async function readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const direction = readOptions.direction ?? 'forwards';
    const from = readOptions.fromRevision ?? (direction === 'forwards' ? 'start' : 'end');
    const limit = readOptions.maxCount ?? null;
    // Inclusive bound; 'start' read backwards addresses revision 0 only, 'end' read forwards addresses nothing.
    const bound = typeof from === 'bigint' ? from.toString() : from === 'start' && direction === 'backwards' ? '0' : null;
    // Named statements (prepared once per connection); with and without a bound, so a generic plan keeps the bound
    // in the index condition.
    const order = direction === 'forwards' ? { name: 'forwards', op: '>=', sort: 'revision' } : { name: 'backwards', op: '<=', sort: 'revision DESC' };
    const query = bound === null
      ? { name: `es-read-stream-${order.name}`, text: `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY ${order.sort} LIMIT $2`, values: [streamId, limit] }
      : { name: `es-read-stream-${order.name}-from`, text: `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 AND revision ${order.op} $2 ORDER BY ${order.sort} LIMIT $3`, values: [streamId, bound, limit] };
    const rows = from === 'end' && direction === 'forwards' ? [] : (await pool.query<EventRow>(query)).rows;
    if (rows.length === 0 && (await actualRevision(streamId)) === 'no_stream') throw new StreamNotFound(streamId);
    return rows.map(toRecorded);
  }

  async function readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = readOptions.after === undefined || readOptions.after === 'start' ? -1n : readOptions.after;
    const limit = readOptions.maxCount ?? 1000;
    const { rows } = await pool.query<EventRow>({
      name: 'es-read-all',
      text: `SELECT ${EVENT_COLUMNS} FROM es_events WHERE position > $1 ORDER BY position LIMIT $2`,
      values: [after.toString(), limit],
    });
    return rows.map(toRecorded);
  }

  function subscribeToAll(subscribeOptions: SubscribeToAllOptions = {}): AllSubscription {
    let checkpoint = subscribeOptions.after === undefined || subscribeOptions.after === 'start' ? -1n : subscribeOptions.after;
    let stopped = false;
    let wake: (() => void) | undefined;
    const handle = { stop: () => { stopped = true; wake?.(); } };
    subscriptions.add(handle);
    const live = getListener();
    const onNotify = (signal: ListenerSignal) => {
      // Lost: nothing to read until it is back (undefined), which wakes the subscription to read what it missed.
      if (signal === null) return;
      if (signal && /^\d+$/.test(signal) && BigInt(signal) > announced) announced = BigInt(signal);
      wake?.();
    };
    live.on(onNotify);

    async function* iterate(): AsyncGenerator<RecordedEvent> {
      try {
        // Listen before the first read, so nothing committed after that read goes unnoticed.
        await live.ready;
        while (!stopped) {
          const page = await readAll({ after: checkpoint, maxCount: PAGE_SIZE });
          for (const event of page) {
            if (stopped) return;
            checkpoint = event.position;
            yield event;
          }
          if (page.length === PAGE_SIZE || stopped) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollIntervalMs);
            wake = () => { clearTimeout(timer); resolve(); };
            // A notification that arrived between the read and now has already raised the listener's high mark.
            if (announced > checkpoint) wake();
          });
          wake = undefined;
        }
      } finally {
        live.off(onNotify);
        subscriptions.delete(handle);
      }
    }

    const iterator = iterate();
    return {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: async () => {
        handle.stop();
        await iterator.return(undefined);
      },
    };
  }

  return {
    kind: 'postgres',
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    headPosition,
    async close() {
      for (const subscription of subscriptions) subscription.stop();
      await listener?.close();
      listener = undefined;
    },
  };
}
