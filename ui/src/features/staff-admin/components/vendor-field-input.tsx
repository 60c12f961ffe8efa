import type { VendorField } from '@portal/domain/vendors/profile-fields';
import { maskedDisplay, STATE_OPTIONS, UNREADABLE_INPUT, VENDOR_FIELDS } from '../utils/vendor-detail';

interface VendorFieldInputProps {
  name: VendorField;
  idPrefix: string;
  value: string;
  /** What the server holds now: for a masked bank number, the masked form shown as the placeholder. */
  stored: string | null;
  error?: string;
  /**
   * While the form saves: the field keeps the keyboard focus (a disabled one would drop it to the page) but takes no
   * edits. A select has no native read-only state, so it is marked aria-readonly and its changes are ignored.
   */
  readOnly?: boolean;
  onChange(name: VendorField, value: string): void;
}

const INPUT_TYPES = { text: 'text', email: 'email', tel: 'tel', url: 'text', date: 'date' } as const;

/** A date or number input holding what is no day or number (02/30/2028, '2e') reports itself empty: it is not. */
const valueOf = (input: HTMLInputElement) => (input.value === '' && input.validity.badInput ? UNREADABLE_INPUT : input.value);

export function VendorFieldInput({ name, idPrefix, value, stored, error, readOnly, onChange: changed }: VendorFieldInputProps) {
  const onChange = (field: VendorField, raw: string) => {
    if (!readOnly) changed(field, raw);
  };
  const { label, kind } = VENDOR_FIELDS[name];
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const common = {
    id,
    name,
    // The input keeps what was typed: the browser already shows it, and reports it as empty.
    value: value === UNREADABLE_INPUT ? '' : value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [kind === 'masked' ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
  };

  let control;
  if (kind === 'state') {
    control = (
      <select {...common} aria-readonly={readOnly || undefined} onChange={(event) => onChange(name, event.target.value)}>
        <option value="">Select a state</option>
        {STATE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'currency') {
    control = (
      <input {...common} readOnly={readOnly} type="number" inputMode="decimal" min={0} step={0.01} placeholder="0.00" onChange={(event) => onChange(name, valueOf(event.target))} />
    );
  } else if (kind === 'masked') {
    control = (
      <input
        {...common}
        readOnly={readOnly}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={stored ? maskedDisplay(stored) : ''}
        onChange={(event) => onChange(name, event.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        readOnly={readOnly}
        type={INPUT_TYPES[kind]}
        autoComplete="off"
        onChange={(event) => onChange(name, kind === 'date' ? valueOf(event.target) : event.target.value)}
      />
    );
  }

  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {kind === 'masked' && (
        <p id={hintId} className="field-hint">
          Leave blank to keep the number on file.
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
