// The spec's "form field definition": a form is described as data and drawn by <GenericForm>.
export type FieldType = 'text' | 'email' | 'password' | 'tel' | 'number' | 'date' | 'select' | 'textarea';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldDefinition {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Initial value. */
  value?: string;
  placeholder?: string;
  options?: FieldOption[];
  autoComplete?: string;
  /** The on-screen keyboard a phone shows: 'numeric' for digits-only values (a text input, so leading zeros stay). */
  inputMode?: 'numeric' | 'decimal' | 'url';
  hint?: string;
}

export type FormValues = Record<string, string>;
