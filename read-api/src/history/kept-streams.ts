import { readStreamOrNone, type EventStore, type RecordedEvent } from '@portal/platform/event-store/port';

/** About what an event costs in memory: its data as JSON text (two bytes a character, as a string may be) and a fixed part. */
export const eventWeight = (event: RecordedEvent): number => 2 * JSON.stringify(event.data).length + 400;

interface Kept {
  events: readonly RecordedEvent[];
  /** The sum of the events' weights. */
  weight: number;
}

/**
 * The read API's view of the event store for history, payment history and time travel: a whole stream's events, kept
 * between requests so that each request reads only what was appended since (from the last kept revision, which is read
 * again to check that it still lines up: the same event id). Before, every request read and parsed the whole stream,
 * so anyone able to lengthen a stream (a vendor changing its own load thousands of times) made every read of its
 * history cost more, for every reader. Streams only grow; a store that no longer lines up with what is kept (restored
 * from a backup) is read whole again. What is kept is bounded by size, not by count (an edit can carry kilobytes of
 * text): at most `maxBytes` (by eventWeight) in all, the least recently read streams going first; a stream larger than
 * that is read whole each time, as before. Everything else goes to the store.
 */
export class KeptStreams implements EventStore {
  private readonly kept = new Map<string, Kept>();
  private keptWeight = 0;

  constructor(
    private readonly store: EventStore,
    readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get kind() {
    return this.store.kind;
  }

  /** The stream's events as the store holds them now (read after this call was made); throws StreamNotFound as the store does. */
  async readStream(streamId: string, options?: Parameters<EventStore['readStream']>[1]): Promise<RecordedEvent[]> {
    if (options !== undefined) return this.store.readStream(streamId, options);
    const kept = this.kept.get(streamId);
    const last = kept?.events.at(-1);
    let next: Kept;
    try {
      if (!kept || !last) {
        next = weighed(await this.store.readStream(streamId));
      } else {
        const since = await readStreamOrNone(this.store, streamId, { fromRevision: last.revision });
        if (since[0]?.id !== last.id) next = weighed(await this.store.readStream(streamId));
        else if (since.length === 1) next = kept;
        else {
          const added = since.slice(1);
          next = { events: [...kept.events, ...added], weight: kept.weight + added.reduce((sum, event) => sum + eventWeight(event), 0) };
        }
      }
    } catch (error) {
      this.forget(streamId);
      throw error;
    }
    this.keep(streamId, next);
    // A copy: callers may sort or filter what they get.
    return [...next.events];
  }

  private forget(streamId: string): Kept | undefined {
    const before = this.kept.get(streamId);
    if (before) {
      this.kept.delete(streamId);
      this.keptWeight -= before.weight;
    }
    return before;
  }

  private keep(streamId: string, read: Kept): void {
    const before = this.forget(streamId);
    if (read.weight > this.maxBytes) return;
    // Two requests may have read the stream at once: the longer read is the newer.
    const newest = before && before.events.length > read.events.length && before.events[read.events.length - 1]?.id === read.events.at(-1)?.id ? before : read;
    this.kept.set(streamId, newest);
    this.keptWeight += newest.weight;
    for (const [oldest, dropped] of this.kept) {
      if (this.keptWeight <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.keptWeight -= dropped.weight;
    }
  }

  appendToStream(...args: Parameters<EventStore['appendToStream']>) {
    return this.store.appendToStream(...args);
  }
  readAll(...args: Parameters<EventStore['readAll']>) {
    return this.store.readAll(...args);
  }
  subscribeToAll(...args: Parameters<EventStore['subscribeToAll']>) {
    return this.store.subscribeToAll(...args);
  }
  headPosition() {
    return this.store.headPosition();
  }
  close() {
    return this.store.close();
  }
}

function weighed(events: readonly RecordedEvent[]): Kept {
  return { events, weight: events.reduce((sum, event) => sum + eventWeight(event), 0) };
}
