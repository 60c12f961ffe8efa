import { type FormEvent, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { valueDigest } from '@portal/domain/expected';
import { type FieldValue, LOAD_SECTION_LABELS, type LoadSection } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { BusyButton } from '../../../components/busy-button';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { fieldChangedMeanwhile } from '../../../lib/changed-meanwhile';
import { formatFieldValue } from '../utils/field-display';
import { DRAFT_RESTORED, useDraft, useRestoredDraft } from '../../../lib/drafts';
import { fieldErrorsOf } from '../../../lib/error-messages';
import { useFocusFirstFieldOnMount, useFocusFirstInvalidField } from '../../../lib/focus';
import { formatListDateTime, isDateOnly } from '../../../lib/format-date';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { storeLoad } from '../api/load-cache';
import { loadKeys } from '../api/load-query-keys';
import { type LoadPatch, useUpdateLoadSection } from '../api/update-load';
import { LOAD_GONE_MESSAGES, LOAD_MESSAGES, sectionSaveErrorToasts, sectionUpdated } from '../utils/load-messages';
import { fieldLabel, SECTION_FIELDS, SECTION_TITLES, type SectionFieldSpec } from '../utils/section-fields';
import { changedMeanwhile, diffSection, sectionNotices, type LoadValues, type SectionErrors, type SectionPatch, sectionFormValues, type SectionFormValues, sectionStoredValues, toFormValue, validateSectionPatch } from '../utils/section-form';
import { SectionFieldInput } from './section-field-input';

/**
 * A stored value as the clash message names it: a date with its time (the field shows the day only), an amount in
 * dollars ('$777.00', as the page reads it), else as the form shows it.
 */
function shownValue(spec: SectionFieldSpec, value: FieldValue | undefined): string | boolean {
  if (spec.kind === 'date' && typeof value === 'string' && !isDateOnly(value)) return formatListDateTime(value);
  if (spec.kind === 'money' && typeof value === 'number') return formatFieldValue(spec, value);
  return toFormValue(spec, value);
}

interface SectionEditFormProps {
  load: LoadView;
  section: LoadSection;
  onClose(): void;
  /** The load was deleted while this form was open: what was typed stays (to copy, or to save if it is restored). */
  gone?: boolean;
}

/** A section's edit kept through the end of a session (one section of a load is edited at a time). */
export interface SectionDraft {
  section: LoadSection;
  initial: SectionFormValues;
  opened: LoadValues;
  values: SectionFormValues;
}

export const sectionDraftKey = (loadId: string) => `load-section:${loadId}`;

/** A section in edit mode: starts from the load as it was when editing began, saves only what changed. */
export function SectionEditForm({ load, section, onClose, gone = false }: SectionEditFormProps) {
  const idPrefix = useId();
  const toast = useToast();
  const update = useUpdateLoadSection(load.id);
  const queryClient = useQueryClient();
  const once = useOneAtATime();
  // The edit as it was when the session ended under it, if it did (lib/drafts.ts): the save below then finds what
  // others changed since, as it would have then.
  const restored = useRestoredDraft<SectionDraft>(sectionDraftKey(load.id));
  const draft = restored?.section === section ? restored : null;
  const [initial, setInitial] = useState<SectionFormValues>(() => ({ ...sectionFormValues(load, section), ...draft?.initial }));
  // The same, as stored: what someone else changes meanwhile is found by these (see changedMeanwhile).
  const [opened, setOpened] = useState<LoadValues>(() => ({ ...sectionStoredValues(load, section), ...draft?.opened }));
  const [values, setValues] = useState<SectionFormValues>(() => ({ ...initial, ...draft?.values }));
  const [errors, setErrors] = useState<SectionErrors>({});
  const label = LOAD_SECTION_LABELS[section];
  const form = useRef<HTMLFormElement>(null);
  // Typed and not saved: leaving the page (Back to Loads, a nav link, a reload) asks first, as the profile does.
  const unsaved = SECTION_FIELDS[section].some((spec) => values[spec.name] !== initial[spec.name]);
  useDraft(sectionDraftKey(load.id), { section, initial, opened, values } satisfies SectionDraft, unsaved);

  // Opened by its Edit pencil, which has just gone: the focus goes to the first field rather than to <body>.
  useFocusFirstFieldOnMount(form);
  const focusFirstInvalid = useFocusFirstInvalidField(form);

  /** Each field someone else changed says what it is now, and a second Save replaces it (the starting point moves to it). */
  function markClashes(clashes: LoadValues) {
    const specs = SECTION_FIELDS[section].filter((spec) => Object.hasOwn(clashes, spec.name));
    setOpened((current) => ({ ...current, ...clashes }));
    setInitial((current) => ({ ...current, ...Object.fromEntries(specs.map((spec) => [spec.name, toFormValue(spec, clashes[spec.name])])) }));
    setErrors(Object.fromEntries(specs.map((spec) => [spec.name, fieldChangedMeanwhile(shownValue(spec, clashes[spec.name]))])));
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || gone) return;
    const { patch, errors: inputErrors } = diffSection(section, initial, values);
    const found = { ...validateSectionPatch(patch), ...inputErrors };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    if (Object.keys(patch).length === 0) {
      toast.info(LOAD_MESSAGES.noChanges);
      onClose();
      return;
    }
    // A field this save changes that someone else changed since the form opened: not overwritten unseen. The field
    // says what it is now; a second Save replaces it (the form's starting point moves to it).
    const clashes = changedMeanwhile(section, patch, opened, load);
    if (Object.keys(clashes).length > 0) {
      markClashes(clashes);
      toast.error(LOAD_MESSAGES.sectionChangedMeanwhile);
      return;
    }
    if (!once.begin()) return;
    // What this form saw of each field it changes: the server refuses the save (409) if one is no longer so, which
    // covers a change this page has not been told of (a push not yet here, or a connection down).
    const expected = Object.fromEntries(Object.keys(patch).map((field) => [field, valueDigest(opened[field as keyof LoadValues] ?? null)]));
    update.mutate({ patch: patch as LoadPatch, expected }, {
      onSettled: once.end,
      onSuccess: () => {
        toast.success(sectionUpdated(label));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          // The answer has the fields as they are now (this page's copy of the load may not have them yet).
          const current = ((error.body as { current?: LoadValues } | null)?.current ?? {}) as LoadValues;
          const now = { ...load, ...current } as LoadValues;
          const clashes = changedMeanwhile(section, patch, opened, now);
          // Nothing to mark (a value since set back): the starting point moves to now, so Save again saves.
          if (Object.keys(clashes).length > 0) markClashes(clashes);
          else setOpened((before) => ({ ...before, ...current }));
          // This page's copy of the load takes the values now (its own check compares with it), and is read again.
          storeLoad(queryClient, { ...load, ...current } as LoadView);
          void queryClient.invalidateQueries({ queryKey: loadKeys.detail(load.id), exact: true });
          toast.error(LOAD_MESSAGES.sectionChangedMeanwhile);
          return;
        }
        for (const message of sectionSaveErrorToasts(error, label, fieldLabel)) toast.error(message);
        setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, messages]) => [field, messages.join(' ')])));
        focusFirstInvalid();
      },
    });
  }

  const notices = sectionNotices(section, values);

  return (
    <>
      <UnsavedChangesGuard unsaved={unsaved} message={`Your changes to ${SECTION_TITLES[section]} are not saved. If you leave this page, they will be lost.`} />
      <form ref={form} className="section-form" onSubmit={save} noValidate aria-busy={update.isPending || undefined}>
        {draft && (
          <p className="draft-restored" role="status">
            {DRAFT_RESTORED}
          </p>
        )}
        {gone && (
          <p className="form-error" role="alert">
            {LOAD_GONE_MESSAGES.section}
          </p>
        )}
        <div className="section-grid">
          {SECTION_FIELDS[section].map((spec) => (
            <SectionFieldInput
              key={spec.name}
              spec={spec}
              idPrefix={idPrefix}
              value={values[spec.name]}
              error={errors[spec.name]}
              notice={notices[spec.name]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [spec.name]: value }));
                setErrors((current) => ({ ...current, [spec.name]: undefined }));
              }}
            />
          ))}
        </div>
        <div className="dialog-actions">
          {/* Refused rather than disabled while saving, so the focus stays put; the card gives it to its pencil after. */}
          <BusyButton className="button button-secondary" onClick={onClose} unavailable={update.isPending}>
            Cancel
          </BusyButton>
          <BusyButton type="submit" className="button button-primary" busy={update.isPending} unavailable={gone}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </BusyButton>
        </div>
      </form>
    </>
  );
}
