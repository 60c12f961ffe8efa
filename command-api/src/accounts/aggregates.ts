import * as account from '@portal/domain/accounts/decider';
import { userStream, usernameStream } from '@portal/domain/accounts/events';
import * as staff from '@portal/domain/staff/decider';
import { staffStream } from '@portal/domain/staff/events';
import { StreamNotFound, type EventStore } from '@portal/platform/event-store/port';
import { foldStream, type Fold } from '../fold-stream';

/** Folds a stream with a decider's evolve; a missing stream is the initial state. */
export const load = async <State, Event extends { type: string; data: object }>(store: EventStore, streamId: string, decider: Fold<State, Event>): Promise<State> =>
  (await foldStream(store, streamId, decider)).state;

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
