import type { ProfileField } from '@portal/domain/vendors/profile-fields';
import { FormField } from '../../../components/form/form-field';
import { insuranceNotice } from '../../../lib/insurance-notice';
import { profileFieldDefinition } from '../utils/profile-field-definitions';
import type { ProfileFormErrors, ProfileFormValues } from '../utils/profile-form';

interface ProfileFieldGridProps {
  fields: readonly ProfileField[];
  idPrefix: string;
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  /** Warnings that do not stop a save (a field someone else changed meanwhile), by field. */
  notices?: Partial<Record<ProfileField, string>>;
  /** While the profile saves: the fields keep the focus (a disabled field would drop it to the page) but take no edits. */
  readOnly: boolean;
  onChange(field: ProfileField, value: string): void;
}

/** Wide fields (names, addresses) span both columns; short ones (phone, ext., ZIP) sit side by side. */
const WIDE = new Set<ProfileField>(['legal_name', 'business_name', 'address', 'address_2', 'website', 'insurance_company', 'insurance_address']);

export function ProfileFieldGrid({ fields, idPrefix, values, errors, notices, readOnly, onChange }: ProfileFieldGridProps) {
  return (
    <div className="vp-field-grid">
      {fields.map((field) => (
        <div key={field} className={WIDE.has(field) ? 'vp-field vp-field-wide' : 'vp-field'}>
          <FormField
            field={profileFieldDefinition(field)}
            idPrefix={idPrefix}
            value={values[field]}
            errors={errors[field] ? [errors[field]] : undefined}
            notice={notices?.[field] ?? (field === 'insurance_expiration' ? insuranceNotice(values[field])?.sentence : undefined)}
            readOnly={readOnly}
            onChange={(name, value) => onChange(name as ProfileField, value)}
          />
        </div>
      ))}
    </div>
  );
}
