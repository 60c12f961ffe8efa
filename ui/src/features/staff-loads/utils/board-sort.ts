// The board's sortable columns as AG Grid comparators. AG Grid reverses a comparator's answer for descending order;
// missing values must stay last either way, so those comparators undo the reversal for them.
import type { LoadStatus } from '@portal/domain/loads/fields';
import { compareDatesMissingLast, compareLoadNumbers, compareStatuses } from '../../loads/utils/load-list';

type Comparator<T> = (a: T, b: T, nodeA: unknown, nodeB: unknown, isDescending: boolean) => number;

export const loadNumberComparator: Comparator<string> = (a, b) => compareLoadNumbers(a ?? '', b ?? '');

export const statusComparator: Comparator<LoadStatus> = (a, b) => compareStatuses(a, b);

const vendorOrder = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Vendor names alphabetically; loads without a vendor last. */
export const vendorNameComparator: Comparator<string | null | undefined> = (a, b, _nodeA, _nodeB, isDescending) => {
  const [missingA, missingB] = [!a, !b];
  if (missingA || missingB) {
    if (missingA === missingB) return 0;
    return (missingA ? 1 : -1) * (isDescending ? -1 : 1);
  }
  return vendorOrder.compare(a!, b!);
};

/** Dates as timestamps; a missing date last. */
export const dateComparator: Comparator<string | null | undefined> = (a, b, _nodeA, _nodeB, isDescending) => {
  // compareDatesMissingLast gives the final order for the direction; AG Grid will reverse it once more when descending.
  const order = compareDatesMissingLast(a, b, isDescending);
  return isDescending ? -order : order;
};
