import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../api-client';
import { removeDraftsExcept } from '../drafts';
import { useToast } from '../toast-context';
import { CURRENT_USER_KEY, type CurrentUser, loginPageOf } from './current-user';
import { noteOwnLogout } from './resume';
import { announceSessionChange, beginOwnSessionChange, switchSessionUser } from './session-sync';

export function logoutRequest(): Promise<{ detail: string }> {
  return apiClient.post<{ detail: string }>('/auth/logout/');
}

/**
 * Signs out: the user is cleared here even when the server call fails, and the browser goes to the
 * login page of the portal the user came from.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  return useCallback(async () => {
    const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    const over = beginOwnSessionChange();
    try {
      try {
        await logoutRequest();
      } catch {
        toast.error('The server did not confirm the logout. You have been signed out on this device.');
      }
      // Drop everything cached for this user, and any unsaved form kept for them, then mark the session as guest. The
      // page's guard may see the user gone after the navigation below: noted first, so it does not offer to come back
      // here at sign-in (resume.ts).
      removeDraftsExcept(null);
      noteOwnLogout();
      switchSessionUser(queryClient, null);
      announceSessionChange();
      await navigate(loginPageOf(user), { replace: true });
    } finally {
      over();
    }
  }, [navigate, queryClient, toast]);
}
