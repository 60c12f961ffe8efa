import { profileCompleteness } from './completeness';
import type { Vendor } from './decider';
import type { FileRef } from './events';
import { VENDOR_DOCUMENT_FIELDS, VENDOR_DOCUMENT_TYPES } from './profile-fields';

/** Where a vendor's stored file is served (vendor-side.md section 7: files live under /api/serve-file/). */
export const vendorFileUrl = (vendorId: string, file: FileRef) =>
  `/api/serve-file/vendor-documents/${vendorId}/${file.sha256}/${encodeURIComponent(file.name)}`;

/** The vendor profile as GET/PATCH /api/profiles/vendor/ answer it: every field, flags, URLs and completeness. */
export function vendorProfileView(vendor: Vendor) {
  const documents: Record<string, string | boolean | null> = {};
  for (const type of VENDOR_DOCUMENT_TYPES) {
    const file = vendor.documents[type];
    documents[VENDOR_DOCUMENT_FIELDS[type].url] = file ? vendorFileUrl(vendor.vendorId, file) : null;
    documents[VENDOR_DOCUMENT_FIELDS[type].flag] = Boolean(file);
  }
  const completeness = profileCompleteness({
    values: vendor.values,
    documents: vendor.documents,
    agreement: { status: vendor.agreement !== null, date: vendor.agreement?.date ?? null, hasDocument: Boolean(vendor.agreement) },
  });
  return {
    id: vendor.vendorId,
    user_id: vendor.userId,
    username: vendor.username,
    ...vendor.values,
    ...documents,
    carrier_agreement_status: vendor.agreement !== null,
    carrier_agreement_date: vendor.agreement?.date ?? null,
    carrier_agreement_version: vendor.agreement?.version ?? null,
    completeness,
    is_complete: completeness.profile,
  };
}

/** GET /api/vendor/documents/{type}/ */
export function vendorDocumentView(vendorId: string, file: FileRef | undefined) {
  return file
    ? { exists: true, filename: file.name, url: vendorFileUrl(vendorId, file), last_modified: file.uploaded_at }
    : { exists: false, filename: null, url: null, last_modified: null };
}
