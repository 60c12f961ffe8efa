import { type FormEvent, type ReactNode, useId, useState } from 'react';
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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="generic-form" onSubmit={handleSubmit} aria-labelledby={title ? `${idPrefix}-title` : undefined}>
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
          disabled={submitting}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Processing...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={submitting}>
            {cancelLabel}
          </button>
        )}
      </div>
      {footer}
    </form>
  );
}
