import { setTimeout as sleep } from 'node:timers/promises';
import { WrongExpectedVersion, type EventMetadata, type EventStore, type JsonObject } from '@portal/platform/event-store/port';
import { foldStream, type Fold } from './fold-stream';
import type { StreamStates } from './stream-states';

export interface Decider<Command, Event extends { type: string; data: object }, State> extends Fold<State, Event> {
  decide(command: Command, state: State): Event[];
}

/**
 * A decider over a list of commands on one stream: each is decided on the state the ones before it leave, and their
 * events are appended together (all or nothing).
 */
export function inTurn<Command, Event extends { type: string; data: object }, State>(decider: Decider<Command, Event, State>): Decider<readonly Command[], Event, State> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide(commands, state) {
      const events: Event[] = [];
      for (const command of commands) events.push(...decider.decide(command, events.reduce(decider.evolve, state)));
      return events;
    },
  };
}

export interface CommandResult<Event, State> {
  events: Event[];
  state: State;
  /** Global position of the last appended event; null when nothing changed (nothing was recorded). */
  position: bigint | null;
}

export interface CommandOptions {
  /** How many times the command is decided and appended before a conflict (WrongExpectedVersion) is given up on. */
  attempts?: number;
  /** How long to wait (ms) before the next attempt after `failed` attempts that conflicted (default: a random wait). */
  retryDelayMs?: (failed: number) => number;
}

/**
 * A conflict means another writer's events landed first, and no request names the revision it expects: the command
 * is decided again on the stream as it now is, not refused. Each conflict is another writer's success, so up to twenty
 * writers on one stream at once all get through (three attempts refused a third of 8 simultaneous changes to one load
 * with 409 "changed by someone else", which no reload could have helped; ten refused about 7% of 12 at once).
 */
export const DEFAULT_ATTEMPTS = 20;
/** A random wait, growing with each conflict (at most 1, 2, 4, ... 32 ms), so the writers that lost do not race again in step. */
export const jitteredDelayMs = (failed: number) => Math.random() * Math.min(2 ** (failed - 1), 32);

/** Event data as the store gives it back: plain JSON. */
const asStored = <Event extends { type: string; data: object }>(event: Event): Event => ({ ...event, data: JSON.parse(JSON.stringify(event.data)) });

/**
 * The command side's one loop: fold the aggregate's own stream, decide, append at the revision that was read.
 * When another writer got in between, decide again on the fresh state (up to `attempts` times) before giving up with 409.
 *
 * With `states`, the stream's state kept from an earlier command may stand in for reading the stream: the append at
 * that state's revision succeeds only if nothing was appended since, so a command that appends was decided on the
 * stream's true current state. Anything else decided on a kept state (a refusal, an error, a command that changes
 * nothing) is decided again on the stream as it is in the store before it is answered.
 */
export async function handleCommand<Command, Event extends { type: string; data: object }, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: EventMetadata,
  /** Checks who may do this on the state being decided on (throws to refuse); runs again on every retry. */
  authorize?: (state: State) => void,
  states?: StreamStates<State, Event>,
  { attempts = DEFAULT_ATTEMPTS, retryDelayMs = jitteredDelayMs }: CommandOptions = {},
): Promise<CommandResult<Event, State>> {
  let trustKept = states !== undefined;
  for (let attempt = 1; ; ) {
    const kept = trustKept ? states!.get(streamId) : undefined;
    trustKept = false;
    const { state, revision } = kept ?? (states ? await states.read(store, streamId) : await foldStream(store, streamId, decider));
    let events: Event[];
    try {
      authorize?.(state);
      events = decider.decide(command, state);
    } catch (error) {
      if (kept) continue;
      throw error;
    }
    if (events.length === 0) {
      if (kept) continue;
      return { events, state, position: null };
    }
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((event) => ({ type: event.type, data: event.data as JsonObject, metadata })),
        { expectedRevision: revision },
      );
      if (!states) return { events, state: events.reduce(decider.evolve, state), position: result.position };
      const newState = states.apply(state, events.map(asStored));
      states.remember(streamId, { state: newState, revision: result.nextExpectedRevision });
      return { events, state: newState, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // A kept state that was behind the stream costs a read, not one of the attempts.
      if (kept) continue;
      if (attempt >= attempts) throw error;
      await sleep(retryDelayMs(attempt));
      attempt++;
    }
  }
}
