import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CURRENT_USER_KEY, type CurrentUser, fetchCurrentUser, shownAsGuestByFailure, useSession } from './current-user';
import { removeDraftsExcept } from '../drafts';
import { noteSignedIn } from './resume';

// Another tab of this browser signed in or out: the session cookie every tab shares has changed under this one. One
// channel per tab, to send and to listen: a channel never receives its own messages, so this tab's login or logout,
// which moves the tab itself, is not taken for another tab's.
const CHANNEL = 'freight-portal-session';
let channel: BroadcastChannel | null | undefined;

function tabChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells this browser's other tabs that the session changed (after a login or a logout here). */
export function announceSessionChange(): void {
  tabChannel()?.postMessage('session-changed');
}

/** Calls `onChange` whenever another tab announces a session change; answers the function that stops listening. */
export function listenForSessionChanges(onChange: () => void): () => void {
  const tab = tabChannel();
  if (!tab) return () => undefined;
  const listener = () => onChange();
  tab.addEventListener('message', listener);
  return () => tab.removeEventListener('message', listener);
}

/** Another user, or none, from now on: everything cached for the previous one is dropped first. */
export function switchSessionUser(queryClient: QueryClient, user: CurrentUser | null): void {
  if (user) {
    noteSignedIn();
    // Unsaved forms kept in this tab for anyone else are not this user's to see (lib/drafts.ts).
    removeDraftsExcept(user.id);
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/** How many times this tab found the signed-in user changed by something other than its own login or logout. */
let changesElsewhere = 0;
const changeListeners = new Set<() => void>();

/** For useSyncExternalStore: the count of user changes made elsewhere (another tab, the server), and its updates. */
export const sessionChangesElsewhere = {
  subscribe(listener: () => void): () => void {
    changeListeners.add(listener);
    return () => {
      changeListeners.delete(listener);
    };
  },
  count: () => changesElsewhere,
};

let checking: Promise<void> | null = null;

// This tab's own logins and logouts: under way, and how many began or ended. A session check answered meanwhile is
// not a change made elsewhere: the server ending the live connection at this tab's logout, for one, asks the server
// while the logout is still under way, and the answer (no one) counted as a sign-out elsewhere. The login page then
// followed the user of the next login here to /profile instead of letting that login go where it goes (/loads).
let ownChangesUnderWay = 0;
let ownChanges = 0;

/** Marks a login or logout of this tab as under way; call what it returns when it is over (navigation included). */
export function beginOwnSessionChange(): () => void {
  ownChangesUnderWay++;
  ownChanges++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    ownChangesUnderWay--;
    ownChanges++;
  };
}

/**
 * The session may have ended or changed elsewhere (a logout or login in another tab, a 401 from the API, the live
 * connection refused): asks the server who is signed in now. Someone else, or no one: everything cached for the
 * previous user is dropped, and the route guards send a signed-out user to the login page. The same user: nothing
 * changes. A failure to ask (the network) keeps what the tab has. Concurrent calls share one question. An answer
 * that comes while this tab's own login or logout is under way, or after one began since the question, is dropped:
 * that login or logout says who is signed in here.
 */
export function recheckSession(queryClient: QueryClient): Promise<void> {
  checking ??= (async () => {
    try {
      const asked = ownChanges;
      const now = await fetchCurrentUser();
      if (ownChangesUnderWay > 0 || ownChanges !== asked) return;
      const before = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
      if ((before?.id ?? null) !== (now?.id ?? null)) {
        switchSessionUser(queryClient, now);
        changesElsewhere++;
        for (const listener of changeListeners) listener();
      } else queryClient.setQueryData(CURRENT_USER_KEY, now);
    } catch {
      // Not answered: keep the user this tab has.
    } finally {
      checking = null;
    }
  })();
  return checking;
}

/** How often a guest shown because the server could not be asked is looked at again. */
const GUEST_RECHECK_MS = 5_000;

/**
 * Shown as a guest because the first session check could not be answered: asked again every few seconds until the
 * server answers, so a session still good (the server was restarting) signs the user back in where they are, as a
 * sign-in in another tab does.
 */
export function useRecheckWhileUnanswered(): void {
  const queryClient = useQueryClient();
  const { isChecking, user } = useSession();
  useEffect(() => {
    if (isChecking || user) return;
    const timer = setInterval(() => {
      if (shownAsGuestByFailure()) void recheckSession(queryClient);
    }, GUEST_RECHECK_MS);
    return () => clearInterval(timer);
  }, [isChecking, user, queryClient]);
}
