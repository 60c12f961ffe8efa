import { useQueries } from '@tanstack/react-query';
import { VENDOR_DOCUMENT_FIELDS, type VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import type { VendorProfile } from '../api/get-vendor-profile';
import { vendorDocumentQueryOptions } from '../api/get-vendor-document';

/** The documents uploaded on the profile page (the carrier agreement is signed, not uploaded). */
export const UPLOADED_DOCUMENT_TYPES = ['company_authority', 'insurance', 'bank_document', 'w9_document'] as const satisfies readonly VendorDocumentType[];

/**
 * Which documents are on file: the profile's flags, or a document record that says so (an upload shows at once,
 * before the profile is re-read). The same queries feed the uploaders, so nothing is fetched twice.
 */
export function useDocumentPresence(profile: VendorProfile | undefined): Partial<Record<VendorDocumentType, boolean>> {
  const records = useQueries({ queries: UPLOADED_DOCUMENT_TYPES.map((type) => vendorDocumentQueryOptions(type)) });
  return Object.fromEntries(
    UPLOADED_DOCUMENT_TYPES.map((type, index) => [
      type,
      Boolean(profile?.[VENDOR_DOCUMENT_FIELDS[type].flag as keyof VendorProfile]) || Boolean(records[index]?.data?.exists),
    ]),
  );
}
