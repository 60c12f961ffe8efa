import { useEffect, useState } from 'react';
import { isCalendarDate } from '@portal/domain/vendors/profile-rules';
import { dateFilterProblem, isPlausibleDay } from '../utils/payments-filters';

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
 * once its year is plausible, or on blur or Enter, and a field emptied on purpose clears the filter. A date finished
 * but unusable (year 0026 from a 2-digit year, Feb 30) is said under the field instead of being left out silently.
 */
export function DateFilterInput({ id, value, min, max, onCommit }: DateFilterInputProps) {
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const commit = (day: string) => {
    if (day !== value && (day === '' || isCalendarDate(day))) onCommit(day);
  };
  const finish = (input: HTMLInputElement) => {
    const found = dateFilterProblem(draft, input.validity.badInput);
    setProblem(found);
    if (found === null) commit(draft);
  };

  return (
    <>
      <input
        id={id}
        type="date"
        value={draft}
        min={min}
        max={max}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          const day = event.target.value;
          setDraft(day);
          // An empty value with bad input is a date half typed, not a cleared field.
          if (isPlausibleDay(day) || (day === '' && !event.target.validity.badInput)) {
            setProblem(null);
            commit(day);
          }
        }}
        onBlur={(event) => finish(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') finish(event.currentTarget);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
