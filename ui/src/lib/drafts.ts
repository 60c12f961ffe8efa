// Unsaved form work kept through the end of a session. A form with changes writes them here (sessionStorage: this tab
// only, gone with it) under the signed-in user's id; when the session ends under it (signed out in another tab, expired
// on the server) the page goes to the login page, and the same user signing in again in this tab comes back to the
// page and finds the form as it was. Leaving the form (a reload the browser asked about included), saving it or undoing the changes removes its draft; this tab's
// own logout removes every draft, and a sign-in of another user removes the drafts of anyone else.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CURRENT_USER_KEY, type CurrentUser, useSession } from './auth/current-user';
import { leavePromptWasAsked } from './leave-prompt';

const PREFIX = 'portal-draft:';

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const keyOf = (userId: string, form: string) => `${PREFIX}${userId}:${form}`;

export function readDraft<T>(userId: string | undefined, form: string): T | null {
  if (!userId) return null;
  try {
    const text = store()?.getItem(keyOf(userId, form));
    const parsed: unknown = text ? JSON.parse(text) : null;
    // Only ever an object; a form spreads it over its own defaults, so a draft an older build wrote that lacks a field
    // still gives the form every field.
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as T) : null;
  } catch {
    return null;
  }
}

function writeDraft(userId: string, form: string, json: string): void {
  try {
    store()?.setItem(keyOf(userId, form), json);
  } catch {
    // Storage full or refused: the draft is only a safety net.
  }
}

export function removeDraft(userId: string | undefined, form: string): void {
  if (userId) store()?.removeItem(keyOf(userId, form));
}

/** Removes every draft in this tab but `keepUserId`'s (all of them when null): at a logout, or another user's sign-in. */
export function removeDraftsExcept(keepUserId: string | null): void {
  const storage = store();
  if (!storage) return;
  const keep = keepUserId ? `${PREFIX}${keepUserId}:` : null;
  for (const key of Object.keys(storage)) if (key.startsWith(PREFIX) && (!keep || !key.startsWith(keep))) storage.removeItem(key);
}

/**
 * The draft `form` left for the signed-in user when their session ended, read once when the form opens (null when
 * there is none). Pass it to useDraft as `restored` so the form says its changes are back.
 */
export function useRestoredDraft<T>(form: string): T | null {
  const { user } = useSession();
  const [restored] = useState(() => readDraft<T>(user?.id, form));
  return restored;
}

/**
 * Keeps `data` as `form`'s draft while `dirty`, and removes it when the form is clean again or is left while signed in.
 * A form unmounted because the session ended keeps its draft.
 */
export function useDraft(form: string, data: unknown, dirty: boolean): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  // The user the form was opened for: what it holds is never kept under anyone else's id.
  const [ownerId] = useState(user?.id);
  const userId = user?.id === ownerId ? ownerId : undefined;
  const text = dirty ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!userId) return;
    if (text === null) removeDraft(userId, form);
    else writeDraft(userId, form, text);
  }, [userId, form, text]);

  const owner = useRef({ userId: ownerId, form });
  owner.current = { userId: ownerId, form };
  useEffect(() => {
    const leftSignedIn = () => {
      const signedIn = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
      if (signedIn && signedIn.id === owner.current.userId) removeDraft(owner.current.userId, owner.current.form);
    };
    // A reload or a tab closed after the browser's own "Leave site?" (which the form's unsaved-changes guard asks for)
    // is leaving too: the user was told the changes would be lost, and the page unloads without unmounting the form.
    // Without that prompt (iOS has none; a pull-to-refresh is easily done by accident) the draft stays, and comes back.
    // A page kept for the back button (persisted) is not left.
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted && leavePromptWasAsked()) leftSignedIn();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Left while still signed in (a link, Cancel, a save): nothing to come back to.
      leftSignedIn();
    };
  }, [queryClient]);
}

/** What a form restored from its draft says. */
// Said alike after a sign-in that ended a session (the login page said why) and after a reload without the browser's
// prompt: "before you were signed out" was wrong for the second.
export const DRAFT_RESTORED = 'Your unsaved changes are back. Save to keep them.';
