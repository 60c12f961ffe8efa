import type { ProfileSection, VendorDocumentType } from './profile-fields';

// A vendor (carrier) profile: the `vendor-{vendorId}` stream. Created empty with the vendor's account.
export const vendorStream = (vendorId: string) => `vendor-${vendorId}`;

/** A stored file, by content: the storage key is its sha256. */
export interface FileRef {
  sha256: string;
  name: string;
  size: number;
  content_type: string;
  uploaded_at: string;
}

export interface VendorProfileCreated {
  type: 'VendorProfileCreated';
  data: { vendor_id: string; user_id: string; username: string };
}
export interface VendorProfileEdited {
  type: 'VendorProfileEdited';
  data: { section: ProfileSection; changes: Record<string, { from: string | null; to: string | null }> };
}
export interface VendorDocumentUploaded {
  type: 'VendorDocumentUploaded';
  data: { document_type: VendorDocumentType; file: FileRef; replaced: FileRef | null };
}
export interface CarrierAgreementSigned {
  type: 'CarrierAgreementSigned';
  data: { date: string; signature: FileRef; agreement_version: string; agreement_sha256: string; previous: { date: string; signature: FileRef } | null };
}

export interface VendorDeleted {
  type: 'VendorDeleted';
  data: { vendor_id: string };
}
export interface VendorRestored {
  type: 'VendorRestored';
  data: { vendor_id: string };
}

export type VendorEvent = VendorProfileCreated | VendorProfileEdited | VendorDocumentUploaded | CarrierAgreementSigned | VendorDeleted | VendorRestored;

/** Every event type of a vendor stream; the check below fails to compile when a new event is not listed. */
export const VENDOR_EVENT_TYPES = ['VendorProfileCreated', 'VendorProfileEdited', 'VendorDocumentUploaded', 'CarrierAgreementSigned', 'VendorDeleted', 'VendorRestored'] as const satisfies readonly VendorEvent['type'][];
const everyVendorEventListed: Exclude<VendorEvent['type'], (typeof VENDOR_EVENT_TYPES)[number]> extends never ? true : never = true;
void everyVendorEventListed;
