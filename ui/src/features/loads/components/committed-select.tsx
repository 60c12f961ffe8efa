import type { StatusTone } from '../../../components/status-badge';
import type { useCommittedSelect } from '../hooks/use-committed-select';

interface CommittedSelectProps<T extends string> {
  /** The hook's state for this select (drafts on arrow keys, saves on Enter or a pick from the list). */
  select: ReturnType<typeof useCommittedSelect<T>>;
  values: readonly T[];
  labels: Record<T, string>;
  tones: Record<T, StatusTone>;
  id?: string;
  className?: string;
  'aria-label'?: string;
}

/** A status <select> in the colour of the value it shows, with the hook's polite draft hint beside it. */
export function CommittedSelect<T extends string>({ select, values, labels, tones, id, className, 'aria-label': ariaLabel }: CommittedSelectProps<T>) {
  return (
    <>
      <select id={id} className={`status-select${className ? ` ${className}` : ''} status-${tones[select.shown]}`} aria-label={ariaLabel} {...select.selectProps}>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
      <span {...select.hintProps} />
    </>
  );
}
