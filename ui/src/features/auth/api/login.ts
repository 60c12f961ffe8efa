import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_FAILED } from '@portal/domain/accounts/schemas';
import { ApiError, apiClient, CSRF_COOKIE, readCookie } from '../../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../../lib/error-messages';
import { CURRENT_USER_KEY, type CurrentUser, fetchCurrentUser, userTypeOf } from '../../../lib/auth/current-user';
import { logoutRequest } from '../../../lib/auth/logout';
import { noteSignedIn } from '../../../lib/auth/resume';
import { announceSessionChange, beginOwnSessionChange } from '../../../lib/auth/session-sync';
import { removeDraftsExcept } from '../../../lib/drafts';

export type Portal = 'vendor' | 'staff';

export interface LoginInput {
  username: string;
  password: string;
  portal: Portal;
}

export async function loginRequest(input: LoginInput): Promise<CurrentUser> {
  // The CSRF cookie comes with the session check; when that check never got an answer (the server was down as the
  // app started, and the page shows a guest), ask for it first, or the login is refused for want of it.
  if (readCookie(CSRF_COOKIE) === null) await fetchCurrentUser().catch(() => null);
  return apiClient.post<CurrentUser>('/auth/login/', input);
}

/** The server checks the portal too; this is the spec's client-side gate for a wrong-kind account. */
export class WrongAccountKind extends Error {
  constructor(readonly portal: Portal) {
    super(`This account cannot sign in to the ${portal} portal`);
    this.name = 'WrongAccountKind';
  }
}

/**
 * What the login form says when a login fails: the spec's one message (vendor-side.md section 8) for a wrong password,
 * a wrong-kind account or any other refusal, except when the server refuses to check the password at all (429, too
 * many failed attempts: its detail, "Too many failed login attempts. Try again in N seconds.") or could not check it
 * (a 5xx: its detail, such as "The service is temporarily unavailable. Please try again in a moment.", else the spec's
 * message for a failure 'without a response'; no answer at all: that message). Saying the password was wrong then
 * had users reset a correct one, or lock themselves out retrying it.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof WrongAccountKind) return LOGIN_FAILED;
  if (!(error instanceof ApiError)) return UNEXPECTED_ERROR;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  const said = typeof detail === 'string' && detail.trim() !== '' ? detail : null;
  if (error.status === 429) return said ?? LOGIN_FAILED;
  if (error.status >= 500) return error.status === 500 || !said ? UNEXPECTED_ERROR : said;
  return LOGIN_FAILED;
}

function fitsPortal(user: CurrentUser, portal: Portal): boolean {
  return userTypeOf(user) === (portal === 'vendor' ? 'VENDOR' : 'STAFF');
}

interface UseLoginOptions {
  portal: Portal;
  /** Where a successful login lands; resolved before the session changes, so guards see one step. */
  destination(user: CurrentUser): Promise<string>;
}

export function useLogin({ portal, destination }: UseLoginOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    // The login is this tab's own session change until it has landed (session-sync.ts): a session check answered
    // meanwhile is not taken for a change made elsewhere.
    onMutate: () => ({ over: beginOwnSessionChange() }),
    onSettled: (_data, _error, _credentials, started) => started?.over(),
    mutationFn: async (credentials: Omit<LoginInput, 'portal'>) => {
      const user = await loginRequest({ ...credentials, portal });
      // The session cookie every tab shares is now this user's.
      announceSessionChange();
      if (!fitsPortal(user, portal)) {
        await logoutRequest().catch(() => undefined);
        queryClient.setQueryData(CURRENT_USER_KEY, null);
        throw new WrongAccountKind(portal);
      }
      return { user, to: await destination(user) };
    },
    onSuccess: async ({ user, to }) => {
      // Unsaved forms kept in this tab for anyone else are not theirs to see.
      removeDraftsExcept(user.id);
      noteSignedIn();
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      await navigate(to, { replace: true });
    },
  });
}
