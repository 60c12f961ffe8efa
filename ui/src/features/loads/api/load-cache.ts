import type { QueryClient } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { loadKeys } from './load-query-keys';

// A command's answer is the load as the server now holds it: write it into the caches rather than re-reading
// a read model that may not have caught up yet.

/** The detail, and the load's row in the list (added at the top when new). */
export function storeLoad(queryClient: QueryClient, load: LoadView): void {
  queryClient.setQueryData(loadKeys.detail(load.id), load);
  queryClient.setQueryData<LoadView[]>(loadKeys.list(), (list) => {
    if (!list) return list;
    return list.some((row) => row.id === load.id) ? list.map((row) => (row.id === load.id ? load : row)) : [load, ...list];
  });
}

/** The load leaves the list; its detail cache is dropped once nothing shows it. */
export function forgetLoad(queryClient: QueryClient, loadId: string): void {
  queryClient.setQueryData<LoadView[]>(loadKeys.list(), (list) => list?.filter((row) => row.id !== loadId));
  queryClient.removeQueries({ queryKey: loadKeys.detail(loadId), exact: true, type: 'inactive' });
}
