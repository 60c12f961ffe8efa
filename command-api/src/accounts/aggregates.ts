import * as account from '@portal/domain/accounts/decider';
import { userStream, usernameStream } from '@portal/domain/accounts/events';
import * as staff from '@portal/domain/staff/decider';
import { staffStream } from '@portal/domain/staff/events';
import { StreamNotFound, type EventStore } from '@portal/platform/event-store/port';
import type { Decider } from '../command-handler';

/** Folds a stream with a decider's evolve; a missing stream is the initial state. */
export async function load<State, Event extends { type: string; data: object }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): Promise<State> {
  try {
    return (await store.readStream(streamId)).reduce(
      (state, event) => decider.evolve(state, { type: event.type, data: event.data } as unknown as Event),
      decider.initialState(),
    );
  } catch (error) {
    if (error instanceof StreamNotFound) return decider.initialState();
    throw error;
  }
}

/** The user id a username was reserved for, from its reservation stream. */
export async function userIdForUsername(store: EventStore, username: string): Promise<string | undefined> {
  try {
    const [reserved] = await store.readStream(usernameStream(username), { maxCount: 1 });
    return reserved?.data.user_id as string | undefined;
  } catch (error) {
    if (error instanceof StreamNotFound) return undefined;
    throw error;
  }
}

export const loadAccount = (store: EventStore, userId: string) => load(store, userStream(userId), account);
export const loadStaff = (store: EventStore, userId: string) => load(store, staffStream(userId), staff);
