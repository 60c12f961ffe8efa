import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { normalizeLoadNumber } from '@portal/domain/loads/fields';
import { useLoadIdCheck } from '../api/check-load-id';
import { loadKeys } from '../api/load-query-keys';
import { loadNumberFormatError } from '../utils/create-load-form';
import { AVAILABILITY_DEBOUNCE_MS, availabilityOf } from '../utils/load-id-availability';
import { useDebouncedValue } from './use-debounced-value';

/** The live availability of the typed load number, asked 500 ms after typing stops; `markTaken` for a refused create. */
export function useLoadIdAvailability(typed: string) {
  const debounced = useDebouncedValue(typed.trim(), AVAILABILITY_DEBOUNCE_MS);
  const formatError = loadNumberFormatError(typed);
  const debouncedWellFormed = debounced !== '' && loadNumberFormatError(debounced) === null;
  const kdtId = normalizeLoadNumber(debounced);
  const check = useLoadIdCheck(kdtId, debouncedWellFormed);
  const queryClient = useQueryClient();
  /** The server refused the number as taken (someone took it since the check): the line says so too. */
  const markTaken = useCallback(() => queryClient.setQueryData(loadKeys.idCheck(kdtId), true), [queryClient, kdtId]);
  const availability = availabilityOf({
    typed,
    debounced,
    wellFormed: formatError === null,
    query: { status: check.status, isFetching: check.isFetching, exists: check.data },
  });
  return { availability, formatError, markTaken };
}
