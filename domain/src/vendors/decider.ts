import { emptyProfileValues, profileValueDigest, REQUIRED_FIELDS, VENDOR_FIELD_SECTION, type ProfileField, type ProfileSection, type ProfileValues, type VendorDocumentType, type VendorField } from './profile-fields';
import { own } from '../own';
import type { CarrierAgreementSigned, FileRef, VendorEvent, VendorProfileCreated } from './events';

export interface Vendor {
  vendorId: string;
  userId: string;
  username: string;
  values: ProfileValues;
  documents: Partial<Record<VendorDocumentType, FileRef>>;
  agreement: { date: string; signature: FileRef; version: string } | null;
  createdAt: string | null;
  deleted?: boolean;
}

export type VendorState = { status: 'none' } | ({ status: 'active' } & Vendor);

export type CreateVendorProfile = { type: 'CreateVendorProfile'; data: VendorProfileCreated['data'] };
/** Values already validated and normalised; empty ones are not applied. */
export type EditProfile = {
  type: 'EditProfile';
  data: {
    values: Partial<Record<VendorField, string>>;
    /**
     * What the client saw of the fields it sends (a form's values as it last read them), as digests
     * (profileValueDigest): a field that is no longer so, and that this save does not set to what it is now, was
     * changed by someone else meanwhile, and the whole save is refused rather than written over it unseen.
     */
    expected?: Partial<Record<VendorField, string>>;
    /**
     * Optional fields to empty (a save's values never erase: an empty value is not applied). A required field, or one
     * already empty, is left as it is (the API refuses a required one first).
     */
    cleared?: readonly VendorField[];
  };
};
export type UploadDocument = { type: 'UploadDocument'; data: { documentType: Exclude<VendorDocumentType, 'carrier_agreement'>; file: FileRef } };
export type SignAgreement = { type: 'SignAgreement'; data: Omit<CarrierAgreementSigned['data'], 'previous'> };
export type DeleteVendor = { type: 'DeleteVendor'; data: Record<string, never> };
export type RestoreVendor = { type: 'RestoreVendor'; data: Record<string, never> };
export type VendorCommand = CreateVendorProfile | EditProfile | UploadDocument | SignAgreement | DeleteVendor | RestoreVendor;

export class VendorError extends Error {
  constructor(
    readonly code: 'exists' | 'not_found' | 'not_deleted' | 'changed_meanwhile',
    /** For 'changed_meanwhile': the fields changed meanwhile, as they are now (null when empty). */
    readonly current: Partial<Record<VendorField, string | null>> = {},
  ) {
    super(code);
  }
}

/** A save whose expected values are no longer so (409). */
export const PROFILE_CHANGED_MEANWHILE = 'Someone else changed this profile while you were editing. Check the values now, then save again.';


/** The fields of `expected` that are no longer what the client saw, and that `values` does not set to what they are now. */
function changedMeanwhile(vendor: Vendor, values: Partial<Record<VendorField, string | null>>, expected: EditProfile['data']['expected'] = {}) {
  const changed: Partial<Record<VendorField, string | null>> = {};
  for (const [field, digest] of Object.entries(expected)) {
    const now = vendor.values[field as ProfileField] || null;
    // Someone else already set what this save sets: no clash, the same end.
    if (profileValueDigest(now) !== digest && values[field as VendorField] !== now) changed[field as VendorField] = now;
  }
  return changed;
}

export const initialState = (): VendorState => ({ status: 'none' });

/** The name loads and lists show: the company's DBA, else its legal name, else the account's username. */
export const vendorDisplayName = (vendor: Vendor): string => vendor.values.business_name || vendor.values.legal_name || vendor.username;

export function evolve(state: VendorState, event: VendorEvent): VendorState {
  if (event.type === 'VendorProfileCreated') {
    return {
      status: 'active', vendorId: event.data.vendor_id, userId: event.data.user_id, username: event.data.username,
      values: emptyProfileValues(), documents: {}, agreement: null, createdAt: null,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'VendorProfileEdited': {
      const values = { ...state.values };
      for (const [field, change] of Object.entries(event.data.changes)) values[field as ProfileField] = change.to;
      return { ...state, values };
    }
    case 'VendorDocumentUploaded':
      return { ...state, documents: { ...state.documents, [event.data.document_type]: event.data.file } };
    case 'CarrierAgreementSigned':
      return {
        ...state,
        documents: { ...state.documents, carrier_agreement: event.data.signature },
        agreement: { date: event.data.date, signature: event.data.signature, version: event.data.agreement_version },
      };
    case 'VendorDeleted':
      return { ...state, deleted: true };
    case 'VendorRestored':
      return { ...state, deleted: false };
  }
}

function active(state: VendorState): Extract<VendorState, { status: 'active' }> {
  if (state.status !== 'active' || state.deleted) throw new VendorError('not_found');
  return state;
}

export function decide(command: VendorCommand, state: VendorState): VendorEvent[] {
  switch (command.type) {
    case 'CreateVendorProfile':
      if (state.status !== 'none') throw new VendorError('exists');
      return [{ type: 'VendorProfileCreated', data: command.data }];
    case 'EditProfile': {
      const vendor = active(state);
      const cleared = (command.data.cleared ?? []).filter((field) => !REQUIRED_FIELDS.has(field as ProfileField));
      const sets = { ...command.data.values, ...Object.fromEntries(cleared.map((field) => [field, null])) };
      const changed = changedMeanwhile(vendor, sets, command.data.expected);
      if (Object.keys(changed).length > 0) throw new VendorError('changed_meanwhile', changed);
      const bySection = new Map<ProfileSection, Record<string, { from: string | null; to: string | null }>>();
      for (const field of cleared) {
        const section = own(VENDOR_FIELD_SECTION, field);
        const before = vendor.values[field as ProfileField] ?? null;
        if (!section || before === null || before === '') continue;
        bySection.set(section, { ...(bySection.get(section) ?? {}), [field]: { from: before, to: null } });
      }
      for (const [field, value] of Object.entries(command.data.values)) {
        const section = own(VENDOR_FIELD_SECTION, field);
        // Empty values are not applied: a blank field in a save never erases what is stored.
        if (!section || value === undefined || value === null || value === '') continue;
        const before = vendor.values[field as ProfileField] ?? null;
        if (before === value) continue;
        bySection.set(section, { ...(bySection.get(section) ?? {}), [field]: { from: before, to: value } });
      }
      return [...bySection].map(([section, changes]) => ({ type: 'VendorProfileEdited', data: { section, changes } }));
    }
    case 'UploadDocument': {
      const vendor = active(state);
      return [{ type: 'VendorDocumentUploaded', data: { document_type: command.data.documentType, file: command.data.file, replaced: vendor.documents[command.data.documentType] ?? null } }];
    }
    case 'SignAgreement': {
      const vendor = active(state);
      const previous = vendor.agreement ? { date: vendor.agreement.date, signature: vendor.agreement.signature } : null;
      return [{ type: 'CarrierAgreementSigned', data: { ...command.data, previous } }];
    }
    case 'DeleteVendor':
      return [{ type: 'VendorDeleted', data: { vendor_id: active(state).vendorId } }];
    case 'RestoreVendor':
      if (state.status !== 'active') throw new VendorError('not_found');
      if (!state.deleted) throw new VendorError('not_deleted');
      return [{ type: 'VendorRestored', data: { vendor_id: state.vendorId } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}
