import { useEffect, useState } from 'react';
import { isCalendarDate } from '@portal/domain/vendors/profile-rules';
import { isPlausibleDay } from '../utils/payments-filters';

interface DateFilterInputProps {
  id: string;
  /** The day in use (from the URL), yyyy-mm-dd or ''. */
  value: string;
  min?: string;
  max?: string;
  onCommit(day: string): void;
}

/**
 * A date field whose typing stays its own until the date is whole. Chrome reports a day as soon as the year typed so
 * far makes one (year 0002), and writing that back from the URL resets the year being typed: so a day is passed on
 * once its year is plausible, or on blur or Enter, and a field emptied on purpose clears the filter.
 */
export function DateFilterInput({ id, value, min, max, onCommit }: DateFilterInputProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  const commit = (day: string) => {
    if (day !== value && (day === '' || isCalendarDate(day))) onCommit(day);
  };

  return (
    <input
      id={id}
      type="date"
      value={draft}
      min={min}
      max={max}
      onChange={(event) => {
        const day = event.target.value;
        setDraft(day);
        // An empty value with bad input is a date half typed, not a cleared field.
        if (isPlausibleDay(day) || (day === '' && !event.target.validity.badInput)) commit(day);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.validity.badInput) commit(draft);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
    />
  );
}
