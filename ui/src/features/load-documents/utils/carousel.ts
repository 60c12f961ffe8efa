// The viewer carousel's position: which of the documents shows, kept valid as the list changes under it.

/** Wraps around both ends; 0 for an empty list. */
export function stepIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

/** Within the list (0 for an empty one). */
export function clampIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), length - 1);
}

/**
 * Where the carousel goes when the list changes (a re-fetch, an upload, a deletion): it stays on the document it
 * showed if that is still there, else on the same position (the next one after a deletion), else the last.
 */
export function followIndex<T extends { id: string }>(previous: readonly T[], index: number, next: readonly T[]): number {
  const shown = previous[index];
  if (shown) {
    const found = next.findIndex((item) => item.id === shown.id);
    if (found !== -1) return found;
  }
  return clampIndex(index, next.length);
}

/** '2 of 5'; '' for an empty list. */
export const positionLabel = (index: number, length: number) => (length > 0 ? `${clampIndex(index, length) + 1} of ${length}` : '');
