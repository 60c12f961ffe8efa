import { StreamNotFound, WrongExpectedVersion, type EventMetadata, type EventStore, type JsonObject } from '@portal/platform/event-store/port';

export interface Decider<Command, Event extends { type: string; data: object }, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export interface CommandResult<Event, State> {
  events: Event[];
  state: State;
  /** Global position of the last appended event, or of the stream head when nothing changed. */
  position: bigint | null;
}

const MAX_ATTEMPTS = 3;

/**
 * The command side's one loop: fold the aggregate's own stream, decide, append at the revision that was read.
 * When another writer got in between, decide again on the fresh state (a few times) before giving up with 409.
 */
export async function handleCommand<Command, Event extends { type: string; data: object }, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: EventMetadata,
  /** Checks who may do this on the state being decided on (throws to refuse); runs again on every retry. */
  authorize?: (state: State) => void,
): Promise<CommandResult<Event, State>> {
  for (let attempt = 1; ; attempt++) {
    let state = decider.initialState();
    let revision: bigint | 'no_stream' = 'no_stream';
    try {
      for (const event of await store.readStream(streamId)) {
        state = decider.evolve(state, { type: event.type, data: event.data } as Event);
        revision = event.revision;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFound)) throw error;
    }
    authorize?.(state);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: null };
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((event) => ({ type: event.type, data: event.data as JsonObject, metadata })),
        { expectedRevision: revision },
      );
      const newState = events.reduce(decider.evolve, state);
      return { events, state: newState, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
