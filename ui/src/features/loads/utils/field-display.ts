import type { FieldValue } from '@portal/domain/loads/fields';
import { formatDetailDateTime, NOT_SET } from '../../../lib/format-date';
import type { SectionFieldSpec } from './section-fields';
import { formatUsd } from '../../../lib/money';

const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A section field as the detail page reads it when not editing. */
export function formatFieldValue(spec: SectionFieldSpec, value: FieldValue | undefined): string {
  if (spec.kind === 'boolean') return value === true ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return NOT_SET;
  // With its year: a last payment date may well be last year's.
  if (spec.kind === 'date') return typeof value === 'string' ? formatDetailDateTime(value) : NOT_SET;
  if (typeof value === 'number') {
    if (spec.kind === 'money') return formatUsd(value);
    return spec.unit ? `${plain.format(value)} ${spec.unit}` : plain.format(value);
  }
  return String(value);
}
