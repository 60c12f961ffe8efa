import type { SectionFieldSpec } from '../utils/section-fields';
import type { FormValue } from '../utils/section-form';
import { formatMmDdYyyy } from '../../../lib/format-date';

interface SectionFieldInputProps {
  spec: SectionFieldSpec;
  idPrefix: string;
  value: FormValue | undefined;
  error?: string;
  /** A warning that does not stop a save (sectionNotices). */
  notice?: string;
  disabled?: boolean;
  onChange(value: FormValue): void;
}

/** One field of a section in edit mode, drawn by its kind. */
export function SectionFieldInput({ spec, idPrefix, value, error, notice, disabled, onChange }: SectionFieldInputProps) {
  const id = `${idPrefix}-${spec.name}`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const invalid = error ? true : undefined;

  if (spec.kind === 'boolean') {
    return (
      <div className="form-field section-field-boolean">
        <label className="checkbox-field">
          <input id={id} type="checkbox" checked={value === true} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
          {spec.label}
        </label>
        {error && <p className="field-error">{error}</p>}
      </div>
    );
  }

  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    value: text,
    disabled,
    'aria-invalid': invalid,
    'aria-describedby': [error ? errorId : null, notice && !error ? noticeId : null].filter(Boolean).join(' ') || undefined,
    onChange: (event: { target: { value: string } }) => onChange(spec.kind === 'date' ? formatMmDdYyyy(event.target.value) : event.target.value),
  };
  const label = spec.kind === 'money' ? `${spec.label} ($)` : spec.unit ? `${spec.label} (${spec.unit})` : spec.label;

  return (
    <div className={`form-field${spec.kind === 'textarea' ? ' section-field-wide' : ''}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {spec.kind === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type="text"
          autoComplete="off"
          placeholder={spec.kind === 'date' ? 'MM-DD-YYYY' : undefined}
          inputMode={spec.kind === 'number' || spec.kind === 'money' ? 'decimal' : spec.kind === 'date' ? 'numeric' : undefined}
        />
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {notice && !error && (
        <p id={noticeId} className="field-notice">
          {notice}
        </p>
      )}
    </div>
  );
}
