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

/**
 * Where the added rows go, so an unsorted grid shows them where the list has them (newest first, as after a reload)
 * instead of at the end: runs of consecutive rows of `after`, each with its index there, in ascending order. Added in
 * that order, each run lands at its index, since every row before it in `after` is in the grid by then (the grid keeps
 * the list's order: rows are added this way and updates do not move them).
 */
export function addPositions(after: readonly LoadView[], add: readonly LoadView[]): { index: number; rows: LoadView[] }[] {
  if (add.length === 0) return [];
  const added = new Set(add.map((row) => row.id));
  const runs: { index: number; rows: LoadView[] }[] = [];
  for (const [index, row] of after.entries()) {
    if (!added.has(row.id)) continue;
    const last = runs.at(-1);
    if (last && last.index + last.rows.length === index) last.rows.push(row);
    else runs.push({ index, rows: [row] });
  }
  return runs;
}

export const isEmptyTransaction = ({ add, update, remove }: RowTransaction): boolean =>
  add.length === 0 && update.length === 0 && remove.length === 0;

/** New and removed loads the board holds back while the user points at it or works in it with the keys. */
export interface HeldRows {
  added: number;
  removed: number;
}
export const NONE_HELD: HeldRows = { added: 0, removed: 0 };

const countOf = (count: number, what: string) => `${count} ${what} load${count === 1 ? '' : 's'}`;

/** What the note over a holding board says ('' when nothing waits). The keyboard's focus holds the board too (followHold). */
export function heldNote({ added, removed }: HeldRows): string {
  const parts = [added > 0 ? countOf(added, 'new') : '', removed > 0 ? countOf(removed, 'removed') : ''].filter(Boolean);
  if (parts.length === 0) return '';
  return `${parts.join(' and ')} waiting: shown when you leave the board (pointer or keyboard).`;
}
