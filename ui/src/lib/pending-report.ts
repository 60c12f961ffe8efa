import { useEffect, useRef } from 'react';

/**
 * Tells `report` whether this part of a page holds work not yet saved (a chosen file, a drawn signature), when that
 * changes, and false when the part goes away, so the page can ask before it is left (UnsavedChangesGuard).
 */
export function usePendingReport(pending: boolean, report: ((pending: boolean) => void) | undefined): void {
  const latest = useRef(report);
  latest.current = report;
  useEffect(() => {
    latest.current?.(pending);
  }, [pending]);
  useEffect(() => () => latest.current?.(false), []);
}
