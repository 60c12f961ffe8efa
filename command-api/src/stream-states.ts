import type { EventStore } from '@portal/platform/event-store/port';
import { applyEvents, foldStream, type Fold, type Folded } from './fold-stream';

const newer = (a: Folded<unknown>['revision'], b: Folded<unknown>['revision']) => a !== 'no_stream' && (b === 'no_stream' || a > b);

/**
 * Folded stream states kept between commands, at most `max` of them (the least recently used goes first). An entry is
 * only ever a stream's true state at its revision: it comes from a fold of the stored events, or from an append that
 * the store accepted at exactly the revision the state was folded to. Streams only grow, so a higher revision is
 * always the newer entry. Whoever uses an entry either checks the store for events past its revision (`read`), or
 * appends at its revision, which the store refuses when the stream has moved on (see handleCommand).
 */
export class StreamStates<State, Event extends { type: string; data: object } = { type: string; data: object }> {
  private readonly entries = new Map<string, Folded<State>>();
  /** Per stream: the read under way, and the one that calls arriving meanwhile will share. */
  private readonly reading = new Map<string, { running: Promise<Folded<State>>; next?: Promise<Folded<State>> }>();

  constructor(
    private readonly fold: Fold<State, Event>,
    readonly max = 10_000,
  ) {}

  get(streamId: string): Folded<State> | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      // Most recently used last.
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  /** Keeps `folded` unless a newer state of the stream is already kept. */
  remember(streamId: string, folded: Folded<State>): void {
    const kept = this.entries.get(streamId);
    if (kept && newer(kept.revision, folded.revision)) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, folded);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  /** Applies recorded (or about to be recorded) events to a state, as the store gives them back (JSON). */
  apply(state: State, events: readonly { type: string; data: object }[]): State {
    return applyEvents(this.fold, state, events);
  }

  /**
   * The stream's state as the store holds it now, that is, read after this call was made. Calls for one stream that
   * arrive while a read of it is under way share the next read (one that may have started before them cannot answer
   * them). With a kept state at revision R only the events from R on are read (R itself to confirm the kept state
   * still lines up, so an unchanged stream costs one single-row read).
   */
  read(store: EventStore, streamId: string): Promise<Folded<State>> {
    const slot = this.reading.get(streamId);
    if (!slot) return this.startReading(store, streamId);
    slot.next ??= slot.running.then(
      () => this.startReading(store, streamId),
      () => this.startReading(store, streamId),
    );
    return slot.next;
  }

  private startReading(store: EventStore, streamId: string): Promise<Folded<State>> {
    const slot: { running: Promise<Folded<State>>; next?: Promise<Folded<State>> } = { running: this.readNow(store, streamId) };
    this.reading.set(streamId, slot);
    const done = () => {
      if (this.reading.get(streamId) === slot) this.reading.delete(streamId);
    };
    slot.running.then(done, done);
    return slot.running;
  }

  private async readNow(store: EventStore, streamId: string): Promise<Folded<State>> {
    const kept = this.get(streamId);
    const folded =
      kept && kept.revision !== 'no_stream'
        ? await foldStream(store, streamId, this.fold, { state: kept.state, revision: kept.revision })
        : await foldStream(store, streamId, this.fold);
    if (!folded) {
      // The kept state does not line up with the stream (never expected): fold it from the start.
      this.forget(streamId);
      return this.readNow(store, streamId);
    }
    this.remember(streamId, folded);
    return folded;
  }
}
