import { useLoad } from '../api/get-load';
import { isNotFound } from '../utils/load-messages';

/**
 * The load a detail page shows. `gone`: it was shown, then read again and not found: deleted (or, for a vendor, given
 * to another carrier) while the page was open. The page then keeps showing it as it last was, read-only, rather than
 * replacing it with "Load not found.", which took an open section's typed text with it. Restored, it is pushed back and
 * the page is as before, what was typed still there.
 */
export function useShownLoad(loadId: string) {
  const query = useLoad(loadId);
  const gone = query.isError && isNotFound(query.error) && query.data !== undefined;
  return { query, gone };
}
