import { StreamNotFound, type EventStore } from '@portal/platform/event-store/port';

/** What folding a stream needs from a decider. */
export interface Fold<State, Event extends { type: string; data: object }> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/** A stream's state folded up to and including `revision` ('no_stream': the stream has no events). */
export interface Folded<State> {
  state: State;
  revision: bigint | 'no_stream';
}

/** Applies recorded (or about to be recorded) events to a state, as the store gives them back (JSON). */
export const applyEvents = <State, Event extends { type: string; data: object }>(
  fold: Fold<State, Event>,
  state: State,
  events: readonly { type: string; data: object }[],
): State => events.reduce((current, event) => fold.evolve(current, { type: event.type, data: event.data } as Event), state);

/**
 * The command side's one "read a stream and fold it": the state after the stream's events and the last event's
 * revision, or the initial state and 'no_stream' when the stream does not exist (StreamNotFound is the only error
 * swallowed). With `from`, a state already folded up to `from.revision`, only the events from that revision on are
 * read (that event itself confirms the stream still lines up with it) and the ones after it are folded onto it;
 * undefined when the stream has no event at that revision.
 */
export async function foldStream<State, Event extends { type: string; data: object }>(
  store: EventStore,
  streamId: string,
  fold: Fold<State, Event>,
): Promise<Folded<State>>;
export async function foldStream<State, Event extends { type: string; data: object }>(
  store: EventStore,
  streamId: string,
  fold: Fold<State, Event>,
  from: { state: State; revision: bigint },
): Promise<Folded<State> | undefined>;
export async function foldStream<State, Event extends { type: string; data: object }>(
  store: EventStore,
  streamId: string,
  fold: Fold<State, Event>,
  from?: { state: State; revision: bigint },
): Promise<Folded<State> | undefined> {
  let events;
  try {
    events = await store.readStream(streamId, from ? { fromRevision: from.revision } : {});
  } catch (error) {
    if (!(error instanceof StreamNotFound)) throw error;
    return { state: fold.initialState(), revision: 'no_stream' };
  }
  if (!from) return { state: applyEvents(fold, fold.initialState(), events), revision: events.at(-1)?.revision ?? 'no_stream' };
  if (events[0]?.revision !== from.revision) return undefined;
  return { state: applyEvents(fold, from.state, events.slice(1)), revision: events.at(-1)!.revision };
}
