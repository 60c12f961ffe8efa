import { type EventStore, type RecordedEvent, StreamNotFound } from '@portal/platform/event-store/port';

/**
 * The read API's view of the event store for history, payment history and time travel: a whole stream's events, kept
 * between requests so that each request reads only what was appended since (from the last kept revision, which is read
 * again to check that it still lines up: the same event id). Before, every request read and parsed the whole stream,
 * so anyone able to lengthen a stream (a vendor changing its own load thousands of times) made every read of its
 * history cost more, for every reader. Streams only grow; a store that no longer lines up with what is kept (restored
 * from a backup) is read whole again. At most `maxEvents` events are kept in all, the least recently read streams
 * going first; a stream longer than that is read whole each time, as before. Everything else goes to the store.
 */
export class KeptStreams implements EventStore {
  private readonly kept = new Map<string, readonly RecordedEvent[]>();
  private keptEvents = 0;

  constructor(
    private readonly store: EventStore,
    readonly maxEvents = 50_000,
  ) {}

  get kind() {
    return this.store.kind;
  }

  /** The stream's events as the store holds them now (read after this call was made); throws StreamNotFound as the store does. */
  async readStream(streamId: string, options?: Parameters<EventStore['readStream']>[1]): Promise<RecordedEvent[]> {
    if (options !== undefined) return this.store.readStream(streamId, options);
    const kept = this.kept.get(streamId);
    const last = kept?.at(-1);
    let events: readonly RecordedEvent[];
    try {
      if (!kept || !last) {
        events = await this.store.readStream(streamId);
      } else {
        const since = await this.store.readStream(streamId, { fromRevision: last.revision }).catch((error: unknown) => {
          if (error instanceof StreamNotFound) return [];
          throw error;
        });
        events = since[0]?.id !== last.id ? await this.store.readStream(streamId) : since.length === 1 ? kept : [...kept, ...since.slice(1)];
      }
    } catch (error) {
      this.forget(streamId);
      throw error;
    }
    this.keep(streamId, events);
    // A copy: callers may sort or filter what they get.
    return [...events];
  }

  private forget(streamId: string): readonly RecordedEvent[] | undefined {
    const before = this.kept.get(streamId);
    if (before) {
      this.kept.delete(streamId);
      this.keptEvents -= before.length;
    }
    return before;
  }

  private keep(streamId: string, events: readonly RecordedEvent[]): void {
    const before = this.forget(streamId);
    if (events.length > this.maxEvents) return;
    // Two requests may have read the stream at once: the longer read is the newer.
    const newest = before && before.length > events.length && before[events.length - 1]?.id === events.at(-1)?.id ? before : events;
    this.kept.set(streamId, newest);
    this.keptEvents += newest.length;
    for (const [oldest, dropped] of this.kept) {
      if (this.keptEvents <= this.maxEvents) break;
      this.kept.delete(oldest);
      this.keptEvents -= dropped.length;
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
