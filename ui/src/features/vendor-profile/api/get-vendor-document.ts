import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { apiClient } from '../../../lib/api-client';
import { withMinPosition } from '../../../lib/api-with-position';
import { servedFileUrl } from '../../../lib/served-file-url';

/** GET /api/vendor/documents/{type}/ */
export interface VendorDocumentRecord {
  exists: boolean;
  filename: string | null;
  url: string | null;
  last_modified: string | null;
}

export const vendorDocumentKey = (type: VendorDocumentType) => ['vendor-documents', type] as const;

export async function getVendorDocument(type: VendorDocumentType, minPosition?: string | null): Promise<VendorDocumentRecord> {
  const record = await apiClient.get<VendorDocumentRecord>(withMinPosition(`/vendor/documents/${type}/`, minPosition));
  return { ...record, url: servedFileUrl(record.url) };
}

export function vendorDocumentQueryOptions(type: VendorDocumentType) {
  return queryOptions({
    queryKey: vendorDocumentKey(type),
    queryFn: () => getVendorDocument(type),
    // A failed fetch means "no document" (vendor-side.md section 4); retrying would only delay that.
    retry: false,
  });
}

export function useVendorDocument(type: VendorDocumentType) {
  return useQuery(vendorDocumentQueryOptions(type));
}
