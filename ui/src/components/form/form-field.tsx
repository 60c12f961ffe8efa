import type { ChangeEvent } from 'react';
import type { FieldDefinition } from './field-definition';
import { PasswordInput } from './password-input';

interface FormFieldProps {
  field: FieldDefinition;
  idPrefix: string;
  value: string;
  errors?: string[];
  /** A warning about the value that does not stop a save (e.g. an expired policy). */
  notice?: string;
  disabled?: boolean;
  /**
   * Shown but not editable (while its form saves, say): unlike `disabled`, the field keeps the keyboard focus. A select
   * has no native read-only state, so it is marked aria-readonly and its changes are ignored.
   */
  readOnly?: boolean;
  onChange(name: string, value: string): void;
}

export function FormField({ field, idPrefix, value, errors, notice, disabled, readOnly, onChange }: FormFieldProps) {
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const hasErrors = Boolean(errors && errors.length > 0);
  const describedBy = [field.hint ? hintId : null, notice ? noticeId : null, hasErrors ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    value,
    required: field.required,
    disabled,
    placeholder: field.placeholder,
    autoComplete: field.autoComplete,
    inputMode: field.inputMode,
    'aria-invalid': hasErrors || undefined,
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      if (!readOnly) onChange(field.name, event.target.value);
    },
  };

  let control;
  if (field.type === 'password') {
    control = <PasswordInput {...common} readOnly={readOnly} />;
  } else if (field.type === 'select') {
    control = (
      <select {...common} aria-readonly={readOnly || undefined}>
        <option value="">{field.placeholder ?? 'Select...'}</option>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea {...common} readOnly={readOnly} rows={4} />;
  } else {
    control = <input {...common} readOnly={readOnly} type={field.type} />;
  }

  return (
    <div className={`form-field${hasErrors ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required && (
          <span className="required-marker" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {field.hint && (
        <p id={hintId} className="field-hint">
          {field.hint}
        </p>
      )}
      {notice && (
        <p id={noticeId} className="field-notice">
          {notice}
        </p>
      )}
      {hasErrors && (
        <p id={errorId} className="field-error">
          {errors!.join(' ')}
        </p>
      )}
    </div>
  );
}
