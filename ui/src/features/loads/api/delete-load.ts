import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { sentAgainIfUnanswered } from '../../../lib/send-again';
import { forgetLoad } from './load-cache';
import { loadKeys } from './load-query-keys';

export function deleteLoad(loadId: string): Promise<void> {
  return apiClient.delete<void>(`/loads/${encodeURIComponent(loadId)}/`);
}

/**
 * A delete whose answer never came (the connection dropped) may have been done: it is sent once more, and done now or
 * gone already (404) both mean the load is deleted. Before, the page said 'Failed to delete load' beside 'Load not
 * found.' for a load the server had deleted.
 */
async function deleteAnsweredOrNot(loadId: string): Promise<void> {
  let sent = 0;
  try {
    await sentAgainIfUnanswered(() => (sent++, deleteLoad(loadId)));
  } catch (error) {
    if (!(sent === 2 && error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** Keyed, so the caches know while and after this tab deletes the load (see `isDeletedHere`). */
export function deleteLoadMutationOptions(queryClient: QueryClient, loadId: string) {
  const detail = { queryKey: loadKeys.detail(loadId), exact: true };
  return mutationOptions({
    mutationKey: loadKeys.deletion(loadId),
    mutationFn: () => deleteAnsweredOrNot(loadId),
    // A re-read already under way could answer 404 after the delete and put 'Load not found.' in place of the page,
    // and of the button that leaves it on success.
    onMutate: () => queryClient.cancelQueries(detail),
    onSuccess: () => forgetLoad(queryClient, loadId),
    // Still there: a re-read held back while the delete ran (a push or a resync marked the load stale) happens now.
    onError: () => void queryClient.invalidateQueries({ ...detail, predicate: (query) => query.state.isInvalidated }),
  });
}

export function useDeleteLoad(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation(deleteLoadMutationOptions(queryClient, loadId));
}
