import { type FormEvent, useId, useState } from 'react';
import { LOAD_SECTION_LABELS, type LoadSection } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { fieldErrorsOf } from '../../../lib/error-messages';
import { useToast } from '../../../lib/toast-context';
import { type LoadPatch, useUpdateLoad } from '../api/update-load';
import { LOAD_MESSAGES, sectionSaveErrorToasts, sectionUpdated } from '../utils/load-messages';
import { fieldLabel, SECTION_FIELDS } from '../utils/section-fields';
import { diffSection, type SectionErrors, sectionFormValues, type SectionFormValues, validateSectionPatch } from '../utils/section-form';
import { SectionFieldInput } from './section-field-input';

interface SectionEditFormProps {
  load: LoadView;
  section: LoadSection;
  onClose(): void;
}

/** A section in edit mode: starts from the load as it was when editing began, saves only what changed. */
export function SectionEditForm({ load, section, onClose }: SectionEditFormProps) {
  const idPrefix = useId();
  const toast = useToast();
  const update = useUpdateLoad(load.id);
  const [initial] = useState<SectionFormValues>(() => sectionFormValues(load, section));
  const [values, setValues] = useState<SectionFormValues>(initial);
  const [errors, setErrors] = useState<SectionErrors>({});
  const label = LOAD_SECTION_LABELS[section];

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { patch, errors: inputErrors } = diffSection(section, initial, values);
    const found = { ...validateSectionPatch(patch), ...inputErrors };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    if (Object.keys(patch).length === 0) {
      toast.info(LOAD_MESSAGES.noChanges);
      onClose();
      return;
    }
    update.mutate(patch as LoadPatch, {
      onSuccess: () => {
        toast.success(sectionUpdated(label));
        onClose();
      },
      onError: (error) => {
        for (const message of sectionSaveErrorToasts(error, label, fieldLabel)) toast.error(message);
        setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, messages]) => [field, messages.join(' ')])));
      },
    });
  }

  return (
    <form className="section-form" onSubmit={save} noValidate>
      <div className="section-grid">
        {SECTION_FIELDS[section].map((spec) => (
          <SectionFieldInput
            key={spec.name}
            spec={spec}
            idPrefix={idPrefix}
            value={values[spec.name]}
            error={errors[spec.name]}
            disabled={update.isPending}
            onChange={(value) => {
              setValues((current) => ({ ...current, [spec.name]: value }));
              setErrors((current) => ({ ...current, [spec.name]: undefined }));
            }}
          />
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
