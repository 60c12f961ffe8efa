import { Spinner } from '../../../components/spinner';
import type { Flash } from '../hooks/use-flash';

/** The spinner, tick or warning next to a control that saves as soon as it changes. */
export function SaveFeedback({ flash }: { flash: Flash }) {
  if (flash.kind === 'saving') return <Spinner size="sm" label="Saving" />;
  if (flash.kind === 'success')
    return (
      <span className="save-feedback is-success" role="status">
        <span aria-hidden="true">✓</span> Saved
      </span>
    );
  if (flash.kind === 'error')
    return (
      <span className="save-feedback is-error" role="alert">
        <span aria-hidden="true">⚠</span> {flash.message}
      </span>
    );
  return null;
}
