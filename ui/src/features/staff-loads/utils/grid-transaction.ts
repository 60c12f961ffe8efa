import type { LoadView } from '@portal/domain/loads/view';

export interface RowTransaction {
  add: LoadView[];
  update: LoadView[];
  remove: LoadView[];
}

/**
 * What turns the rows the grid holds into the rows the cache now holds. Unchanged rows keep their identity in the
 * cache (pushes replace only what changed; React Query shares equal structures), so they are left out.
 */
export function diffRows(before: readonly LoadView[], after: readonly LoadView[]): RowTransaction {
  const previous = new Map(before.map((row) => [row.id, row]));
  const next = new Map(after.map((row) => [row.id, row]));
  const add: LoadView[] = [];
  const update: LoadView[] = [];
  for (const row of after) {
    const old = previous.get(row.id);
    if (!old) add.push(row);
    else if (old !== row) update.push(row);
  }
  const remove = before.filter((row) => !next.has(row.id));
  return { add, update, remove };
}

export const isEmptyTransaction = ({ add, update, remove }: RowTransaction): boolean =>
  add.length === 0 && update.length === 0 && remove.length === 0;
