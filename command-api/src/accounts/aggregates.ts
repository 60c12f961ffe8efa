import * as account from '@portal/domain/accounts/decider';
import { userStream, usernameStream } from '@portal/domain/accounts/events';
import * as staff from '@portal/domain/staff/decider';
import { staffStream } from '@portal/domain/staff/events';
import { readStreamOrNone, type EventStore } from '@portal/platform/event-store/port';
import { foldStream, type Fold } from '../fold-stream';

/** Folds a stream with a decider's evolve; a missing stream is the initial state. */
export const load = async <State, Event extends { type: string; data: object }>(store: EventStore, streamId: string, decider: Fold<State, Event>): Promise<State> =>
  (await foldStream(store, streamId, decider)).state;

/** A username's reservation that counts: the newest (a later one took an abandoned sign-up's name over). */
export async function lastReservation(store: EventStore, username: string): Promise<{ userId: string; revision: bigint; at: Date } | undefined> {
  const [reserved] = await readStreamOrNone(store, usernameStream(username), { direction: 'backwards', maxCount: 1 });
  return reserved && { userId: reserved.data.user_id as string, revision: reserved.revision, at: reserved.createdAt };
}

/** The user id a username is reserved for, from its reservation stream. */
export const userIdForUsername = async (store: EventStore, username: string): Promise<string | undefined> => (await lastReservation(store, username))?.userId;

export const loadAccount = (store: EventStore, userId: string) => load(store, userStream(userId), account);

/** The account a username names, when its sign-up recorded one. */
export async function registeredAccount(store: EventStore, username: string): Promise<Extract<account.AccountState, { status: 'registered' }> | undefined> {
  const userId = await userIdForUsername(store, username);
  const state = userId ? await loadAccount(store, userId) : undefined;
  return state?.status === 'registered' ? state : undefined;
}
export const loadStaff = (store: EventStore, userId: string) => load(store, staffStream(userId), staff);
