import { normalizeLoadNumber } from '@portal/domain/loads/fields';
import { useLoadIdCheck } from '../api/check-load-id';
import { loadNumberFormatError } from '../utils/create-load-form';
import { AVAILABILITY_DEBOUNCE_MS, availabilityOf } from '../utils/load-id-availability';
import { useDebouncedValue } from './use-debounced-value';

/** The live availability of the typed load number, asked 500 ms after typing stops. */
export function useLoadIdAvailability(typed: string) {
  const debounced = useDebouncedValue(typed.trim(), AVAILABILITY_DEBOUNCE_MS);
  const formatError = loadNumberFormatError(typed);
  const debouncedWellFormed = debounced !== '' && loadNumberFormatError(debounced) === null;
  const check = useLoadIdCheck(normalizeLoadNumber(debounced), debouncedWellFormed);
  const availability = availabilityOf({
    typed,
    debounced,
    wellFormed: formatError === null,
    query: { status: check.status, isFetching: check.isFetching, exists: check.data },
  });
  return { availability, formatError };
}
