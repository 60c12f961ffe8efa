import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  PROFILE_SECTIONS,
  type ProfileField,
  type ProfileSection,
  VENDOR_DOCUMENT_FIELDS,
  VENDOR_DOCUMENT_LABELS,
  type VendorDocumentType,
} from '@portal/domain/vendors/profile-fields';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { fieldChangedMeanwhile } from '../../../lib/changed-meanwhile';
import { DRAFT_RESTORED, useDraft, useRestoredDraft } from '../../../lib/drafts';
import { scrollIntoViewGently } from '../../../lib/motion';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { CarrierAgreementScreen } from '../../agreement/components/carrier-agreement-screen';
import { getVendorProfile, useReloadVendorProfile, type VendorProfile } from '../api/get-vendor-profile';
import { useUpdateVendorProfile } from '../api/update-vendor-profile';
import { useDocumentPresence } from '../hooks/use-document-presence';
import { chosenNotUploaded } from '../utils/document-upload';
import { PROFILE_SECTION_TITLES } from '../utils/profile-field-definitions';
import {
  buildProfilePayload,
  clearedFieldsOf,
  changedMeanwhileOf,
  changeField,
  completenessOf,
  errorsOf,
  expectedOf,
  firstErrorField,
  formValuesOf,
  mergeWithCurrent,
  type ProfileFormErrors,
  type ProfileFormValues,
  PROFILE_CHANGED_MEANWHILE,
  PROFILE_FIELD_ORDER,
  SAVE_SUCCEEDED,
  saveErrorMessage,
  saveFieldErrors,
  VALIDATION_BLOCKED,
} from '../utils/profile-form';
import { ProfileFieldGrid } from './profile-field-grid';
import { ProfileSaveBar } from './profile-save-bar';
import { ProfileSectionCard } from './profile-section-card';
import { VendorDocumentUploader } from './vendor-document-uploader';

// vendor-side.md section 4: the profile page reloads the profile 500 ms after a carrier agreement is saved.
const AGREEMENT_RELOAD_DELAY_MS = 500;

interface VendorProfileFormProps {
  /** undefined when the server has no profile for this user (404). */
  profile: VendorProfile | undefined;
  username: string;
}

/** Each section's uploaders, by where the vendor looks for them. */
const SECTION_DOCUMENTS: Record<ProfileSection, readonly VendorDocumentType[]> = {
  company: ['company_authority'],
  contact: [],
  insurance: ['insurance'],
  bank: [],
};
const FINANCIAL_DOCUMENTS: readonly VendorDocumentType[] = ['bank_document', 'w9_document'];
/** The uploaders in page order, top to bottom. */
const PAGE_DOCUMENTS: readonly VendorDocumentType[] = [...Object.values(SECTION_DOCUMENTS).flat(), ...FINANCIAL_DOCUMENTS];

const documentUrlOf = (profile: VendorProfile | undefined, type: VendorDocumentType) => {
  const url = profile?.[VENDOR_DOCUMENT_FIELDS[type].url as keyof VendorProfile];
  return typeof url === 'string' ? url : null;
};

/** The profile's edits kept through the end of a session, with the values they were made over. */
interface ProfileDraft {
  base: ProfileFormValues;
  values: ProfileFormValues;
}

const PROFILE_DRAFT = 'vendor-profile';

export function VendorProfileForm({ profile, username }: VendorProfileFormProps) {
  const idPrefix = useId();
  const formId = `${idPrefix}-form`;
  // The edits as they were when the session ended under this page, if it did (lib/drafts.ts), with the values they
  // were made over: the save finds what others changed since, as it would have then (mergeWithCurrent).
  const draft = useRestoredDraft<ProfileDraft>(PROFILE_DRAFT);
  const [values, setValues] = useState(() => ({ ...formValuesOf(profile), ...draft?.values }));
  // The values as last read or saved: anything else is an edit that leaving the page would lose.
  const [savedValues, setSavedValues] = useState(() => ({ ...formValuesOf(profile), ...(draft?.base ?? values) }));
  const [restoredNotice, setRestoredNotice] = useState(draft !== null);
  // Parts holding work of their own not yet saved: a chosen file not uploaded, a signature not saved.
  const [pendingParts, setPendingParts] = useState<ReadonlySet<string>>(() => new Set());
  const pendingReporter = useCallback(
    (part: string) => (pending: boolean) =>
      setPendingParts((parts) => {
        if (parts.has(part) === pending) return parts;
        const next = new Set(parts);
        if (pending) next.add(part);
        else next.delete(part);
        return next;
      }),
    [],
  );
  // Each uploader holding a chosen file not sent: the name of its send button ('Upload' or 'Replace').
  const [unsentFiles, setUnsentFiles] = useState<Partial<Record<VendorDocumentType, string>>>({});
  const unsentReporter = useCallback(
    (type: VendorDocumentType) => (sendButton: string | null) =>
      setUnsentFiles((files) => {
        if ((files[type] ?? null) === sendButton) return files;
        const { [type]: _was, ...rest } = files;
        return sendButton === null ? rest : { ...rest, [type]: sendButton };
      }),
    [],
  );
  const sendButtons = useRef<Partial<Record<VendorDocumentType, HTMLButtonElement | null>>>({});
  // The documents a successful save left chosen and unsent, in page order: said by the save bar until each is sent
  // (or its choice dropped), the first one's send button focused once the success alert is dismissed.
  const [unsentAtSave, setUnsentAtSave] = useState<readonly VendorDocumentType[]>([]);
  const latestUnsent = useRef(unsentFiles);
  useEffect(() => {
    latestUnsent.current = unsentFiles;
  });
  const edited = PROFILE_FIELD_ORDER.some((field) => values[field] !== savedValues[field]);
  const unsaved = edited || pendingParts.size > 0;
  useDraft(PROFILE_DRAFT, { base: savedValues, values } satisfies ProfileDraft, edited);
  const [errors, setErrors] = useState<ProfileFormErrors>(() => errorsOf(values));
  const [banner, setBanner] = useState<string | null>(null);
  // Set by a failed save: scroll there once the errors are on screen.
  const [scrollTarget, setScrollTarget] = useState<{ field: ProfileField } | null>(null);
  const [savedNotice, setSavedNotice] = useState(0);
  // Read just before a save, to see what someone else changed meanwhile (mergeWithCurrent).
  const [checking, setChecking] = useState(false);
  // Fields someone else changed meanwhile that this form changed too: what each is now, until edited or saved.
  const [clashes, setClashes] = useState<Partial<Record<ProfileField, string>>>({});
  const update = useUpdateVendorProfile();
  const once = useOneAtATime();
  const reloadProfile = useReloadVendorProfile();
  const documents = useDocumentPresence(profile);

  const completeness = completenessOf(values, documents, {
    status: Boolean(profile?.carrier_agreement_status),
    date: profile?.carrier_agreement_date ?? null,
    hasDocument: Boolean(profile?.carrier_agreement_document),
  });

  useEffect(() => {
    if (!scrollTarget) return;
    const element = document.getElementById(`${idPrefix}-${scrollTarget.field}`);
    scrollIntoViewGently(element, { block: 'center' });
    element?.focus({ preventScroll: true });
  }, [scrollTarget, idPrefix]);

  // After the page shows the saved values, not before (an alert blocks painting).
  // vendor-side.md keeps the two apart: "Profile save: success alert 'Profile saved successfully!'", and each document
  // has its own uploader ("The upload button reads 'Upload', or 'Replace' when a file exists"). So Save Profile does
  // not send a chosen file itself; the spec's alert stays, and a file chosen but never sent is said beside the save
  // bar, its send button taking the focus (a carrier took the alert for "everything is saved", phone audit).
  useEffect(() => {
    if (savedNotice === 0) return;
    const unsent = PAGE_DOCUMENTS.filter((type) => latestUnsent.current[type]);
    setUnsentAtSave(unsent);
    window.alert(SAVE_SUCCEEDED);
    const first = unsent.length > 0 ? sendButtons.current[unsent[0]!] : null;
    if (!first) return;
    scrollIntoViewGently(first, { block: 'center' });
    first.focus({ preventScroll: true });
  }, [savedNotice]);
  const unsentNotices = unsentAtSave.flatMap((type) => {
    const sendButton = unsentFiles[type];
    return sendButton ? [chosenNotUploaded(VENDOR_DOCUMENT_LABELS[type], sendButton)] : [];
  });

  function change(field: ProfileField, raw: string) {
    const next = changeField(values, errors, field, raw, savedValues);
    setValues(next.values);
    setErrors(next.errors);
    if (clashes[field] !== undefined) setClashes(({ [field]: _seen, ...rest }) => rest);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || checking) return;
    const first = firstErrorField(errors);
    if (first) {
      setBanner(VALIDATION_BLOCKED);
      setScrollTarget({ field: first });
      return;
    }
    if (!once.begin()) return;
    setBanner(null);
    setChecking(true);
    void profileNow()
      .then((current) => {
        setChecking(false);
        // Unreadable just now: saved as before, over whatever is there.
        const merged = current ? mergeWithCurrent(values, savedValues, current) : { values, clashes: {} };
        if (showClashes(merged.clashes)) {
          once.end();
          return;
        }
        setValues(merged.values);
        // The server checks again what this read saw, at the moment it records the save.
        void save(merged.values, current ?? savedValues).finally(once.end);
      });
  }

  /**
   * Fields both this form and someone else changed, differently: not overwritten unseen. Each says what it is now,
   * and a second Save puts the user's value over it. False when there are none.
   */
  function showClashes(found: Partial<ProfileFormValues>): boolean {
    const clashed = firstErrorField(found);
    if (!clashed) return false;
    setSavedValues((base) => ({ ...base, ...found }));
    setClashes(Object.fromEntries(Object.entries(found).map(([field, now]) => [field, fieldChangedMeanwhile(now)])));
    setBanner(PROFILE_CHANGED_MEANWHILE);
    setScrollTarget({ field: clashed });
    return true;
  }

  /** The profile as the server has it now (null when it cannot be read just now; empty when there is none yet). */
  async function profileNow(): Promise<ProfileFormValues | null> {
    try {
      return formValuesOf(await getVendorProfile());
    } catch (error) {
      return error instanceof ApiError && error.status === 404 ? formValuesOf(undefined) : null;
    }
  }

  /**
   * Saves `toSave`, expecting the fields it sends to be as `seen` (the profile as last read). Refused because someone
   * else changed one in the meantime (409, after the read above): the fields this form did not change take their new
   * values and the save goes once more by itself; a field both changed is shown as a clash.
   */
  async function save(toSave: ProfileFormValues, seen: ProfileFormValues, again = false): Promise<void> {
    const patch = buildProfilePayload(toSave);
    const cleared = clearedFieldsOf(toSave, seen);
    try {
      const { data } = await update.mutateAsync({ patch, cleared, expected: expectedOf(patch, seen, cleared) });
      const saved = formValuesOf(data);
      setValues(saved);
      setSavedValues(saved);
      setClashes({});
      setRestoredNotice(false);
      setErrors(errorsOf(saved));
      setSavedNotice((count) => count + 1);
    } catch (error) {
      const now = changedMeanwhileOf(error);
      if (now) {
        const seenNow = { ...seen, ...now };
        // Against what this save was made over (`seen`, which its untouched fields hold), not the form's first base.
        const merged = mergeWithCurrent(toSave, seen, seenNow);
        if (showClashes(merged.clashes)) return;
        setValues(merged.values);
        if (!again) return save(merged.values, seenNow, true);
        setBanner(PROFILE_CHANGED_MEANWHILE);
        return;
      }
      setBanner(saveErrorMessage(error));
      const fieldErrors = saveFieldErrors(error);
      setErrors((current) => ({ ...current, ...fieldErrors }));
      const field = firstErrorField(fieldErrors);
      if (field) setScrollTarget({ field });
    }
  }


  const sectionDone: Record<ProfileSection, boolean> = completeness;
  const fieldsOf = (section: ProfileSection) => (
    <ProfileFieldGrid
      fields={PROFILE_SECTIONS[section]}
      idPrefix={idPrefix}
      values={values}
      errors={errors}
      // Read-only, not disabled, while saving: Enter in a field submits, and a disabled field would drop the keyboard
      // focus to the page. The save puts the saved values back, so edits typed meanwhile would be lost: none are taken.
      notices={clashes}
      readOnly={update.isPending || checking}
      onChange={change}
    />
  );
  const uploader = (type: VendorDocumentType, headingLevel: 3 | 4) => (
    <VendorDocumentUploader
      key={type}
      type={type}
      suppliedUrl={documentUrlOf(profile, type)}
      headingLevel={headingLevel}
      onPendingChange={pendingReporter(type)}
      onUnsentChange={unsentReporter(type)}
      sendButtonRef={(button) => {
        sendButtons.current[type] = button;
      }}
    />
  );

  return (
    <div className="vp-page">
      <header className="vp-page-header">
        <h1>Vendor Profile</h1>
        <p className="vp-welcome">
          Welcome, <strong>{username}</strong>
        </p>
        <p className="muted vp-legend">
          Fields marked <span className="required-marker">*</span> are required.
        </p>
      </header>

      {restoredNotice && (
        <p className="draft-restored vp-banner" role="status">
          {DRAFT_RESTORED}
        </p>
      )}
      {banner && (
        <div className="form-error vp-banner" role="alert">
          {banner}
        </div>
      )}

      <form id={formId} className="vp-form" onSubmit={submit} noValidate aria-label="Vendor profile" aria-busy={update.isPending || undefined}>
        {(Object.keys(PROFILE_SECTIONS) as ProfileSection[]).map((section) => (
          <ProfileSectionCard key={section} id={`${idPrefix}-${section}`} title={PROFILE_SECTION_TITLES[section]} completed={sectionDone[section]}>
            {fieldsOf(section)}
            {SECTION_DOCUMENTS[section].length > 0 && (
              <div className="vp-documents">{SECTION_DOCUMENTS[section].map((type) => uploader(type, 3))}</div>
            )}
            {section === 'bank' && (
              <div className="vp-subsection">
                <h3>Financial Information</h3>
                <div className="vp-documents">{FINANCIAL_DOCUMENTS.map((type) => uploader(type, 4))}</div>
              </div>
            )}
          </ProfileSectionCard>
        ))}
      </form>

      <CarrierAgreementScreen
        className="card vp-section"
        profile={profile}
        onPendingChange={pendingReporter('agreement')}
        onSaved={({ position }) => {
          setTimeout(() => void reloadProfile(position), AGREEMENT_RELOAD_DELAY_MS);
        }}
      />

      <UnsavedChangesGuard unsaved={unsaved} message="Your profile has changes that are not saved. If you leave this page, they will be lost." />

      <ProfileSaveBar
        complete={completeness.profile}
        saving={update.isPending || checking}
        formId={formId}
        // Until the fields it was about are fixed (the banner above stays until the next save).
        problem={(banner === VALIDATION_BLOCKED && !firstErrorField(errors)) || (banner === PROFILE_CHANGED_MEANWHILE && !firstErrorField(clashes)) ? null : banner}
        unsentNotices={unsentNotices}
      />
    </div>
  );
}
