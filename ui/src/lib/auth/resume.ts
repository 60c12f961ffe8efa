// Where a user whose session ended under them was: the login page they are sent to carries it, and the same user
// signing in again (in this tab or, followed here, in another) comes back to it, to the form drafts kept there
// (lib/drafts.ts), instead of the portal's usual landing page.
import type { CurrentUser } from './current-user';

export interface ResumeState {
  resume: { path: string; userId: string };
}

export const SESSION_ENDED = 'Your session has ended. Sign in again to carry on where you left off.';

/**
 * Set by this tab's own logout, until someone signs in here again: a user who chose to sign out is not brought back to
 * the page at sign-in. (The page's guard sees the user gone a moment after the logout's own navigation, so a flag
 * that lasted only as long as the logout came too late.)
 */
let ownLogout = false;

export function noteOwnLogout(): void {
  ownLogout = true;
}

export function noteSignedIn(): void {
  ownLogout = false;
}

export const resumeState = (path: string, user: CurrentUser | null | undefined): ResumeState | undefined =>
  user && !ownLogout ? { resume: { path, userId: user.id } } : undefined;

/**
 * A page asked for while the session check could not be answered (the server or the network down): the app shows a
 * guest and sends them to the login page, though their session may be good. Whoever then turns out to be signed in
 * (the session back by itself, or a sign-in there) goes on to that page, not to the portal's landing page; its guard
 * then decides for that user as for any arrival.
 */
export interface AskedState {
  asked: string;
}

export const askedState = (path: string): AskedState => ({ asked: path });

/** A path of this site: one slash, then not a second one or a backslash (which browsers read as another host). */
const sitePath = (path: unknown): path is string => typeof path === 'string' && /^\/(?![/\\])/.test(path);

function askedOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const asked = (state as Partial<AskedState>).asked;
  return sitePath(asked) ? asked : null;
}

function resumeOf(state: unknown): ResumeState['resume'] | null {
  if (typeof state !== 'object' || state === null) return null;
  const resume = (state as Partial<ResumeState>).resume;
  return resume && sitePath(resume.path) && typeof resume.userId === 'string' ? resume : null;
}

/** Whether this location was reached because a session ended (the login page then says so). */
export const sessionEndedAt = (state: unknown): boolean => resumeOf(state) !== null;

/**
 * The page to go on to for this user: the one they were on when their session ended (null for anyone else), or the
 * one asked for while the session check could not be answered (for whoever is signed in); null when there is none.
 */
export function resumePathFor(state: unknown, user: CurrentUser | null | undefined): string | null {
  if (!user) return null;
  const resume = resumeOf(state);
  if (resume) return resume.userId === user.id ? resume.path : null;
  return askedOf(state);
}
