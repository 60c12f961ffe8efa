import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { focusIsLost } from '../../lib/focus';
import { BusyButton } from '../busy-button';
import type { FieldDefinition, FormValues } from './field-definition';
import { FormField } from './form-field';

interface GenericFormProps {
  title?: string;
  fields: FieldDefinition[];
  submitLabel: string;
  /** The form shows 'Processing...' until the returned promise settles. */
  onSubmit(values: FormValues): Promise<void> | void;
  onCancel?(): void;
  cancelLabel?: string;
  /** Summary message shown above the fields. */
  error?: string | null;
  fieldErrors?: Record<string, string[]>;
  /** Extra content under the buttons (links to other pages). */
  footer?: ReactNode;
}

function initialValues(fields: FieldDefinition[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.value ?? '']));
}

export function GenericForm(props: GenericFormProps) {
  const { title, fields, submitLabel, onSubmit, onCancel, cancelLabel = 'Cancel', error, fieldErrors, footer } = props;
  const idPrefix = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [submitting, setSubmitting] = useState(false);
  // Counts the submits that came back, so the effect below runs once after each.
  const [settled, setSettled] = useState(0);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
      setSettled((count) => count + 1);
    }
  }

  // A submit that failed (the form is still here, with errors): the focus goes to the first field with an error, or,
  // when only the summary says what went wrong (a failed login), to the password field, the one to type again (the
  // summary is announced by its role="alert"; the username typed is kept and is usually right). Forms without a
  // password field start over on their first field. The focus is left alone if the user has moved it out of the form.
  useEffect(() => {
    if (settled === 0) return;
    const withError = fields.find((field) => (fieldErrors?.[field.name]?.length ?? 0) > 0);
    if (!withError && !error) return;
    const target = withError ?? fields.find((field) => field.type === 'password') ?? fields[0];
    const element = target && document.getElementById(`${idPrefix}-${target.name}`);
    const form = element?.closest('form');
    if (!element || !form || !(focusIsLost() || form.contains(document.activeElement))) return;
    element.focus();
    if (!withError && element instanceof HTMLInputElement) element.select();
    // Only when a submit has just come back, not on every change of the props.
  }, [settled]);

  return (
    <form className="generic-form" onSubmit={handleSubmit} aria-busy={submitting || undefined} aria-labelledby={title ? `${idPrefix}-title` : undefined}>
      {title && (
        <h2 id={`${idPrefix}-title`} className="form-title">
          {title}
        </h2>
      )}
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          idPrefix={idPrefix}
          value={values[field.name] ?? ''}
          errors={fieldErrors?.[field.name]}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        />
      ))}
      <div className="form-actions">
        {/* Not disabled while submitting: the focus stays on the button (or the field Enter was pressed in). */}
        <BusyButton type="submit" className="button button-primary" busy={submitting}>
          {submitting ? 'Processing...' : submitLabel}
        </BusyButton>
        {onCancel && (
          <BusyButton className="button button-secondary" onClick={onCancel} unavailable={submitting}>
            {cancelLabel}
          </BusyButton>
        )}
      </div>
      {footer}
    </form>
  );
}
