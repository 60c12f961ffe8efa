import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { type PositionedAnswer, sendWithPosition } from '../../../lib/api-with-position';
import { servedFileUrl } from '../../../lib/served-file-url';
import { reloadVendorProfile } from './get-vendor-profile';
import { getVendorDocument, type VendorDocumentRecord, vendorDocumentKey } from './get-vendor-document';

/** POST /api/vendor/documents/{type}/ as multipart, field `file`: 201 with the new record. */
export async function uploadVendorDocument(type: VendorDocumentType, file: File): Promise<PositionedAnswer<VendorDocumentRecord>> {
  const body = new FormData();
  body.append('file', file);
  const answer = await sendWithPosition<VendorDocumentRecord & { document_type: string }>('POST', `/vendor/documents/${type}/`, body);
  const { exists, filename, url, last_modified } = answer.data;
  return { data: { exists, filename, url: servedFileUrl(url), last_modified }, position: answer.position };
}

/** After an upload: the record from the answer at once, then the record and the profile re-read at that position. */
export function useUploadVendorDocument(type: VendorDocumentType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadVendorDocument(type, file),
    onSuccess: ({ data, position }) => {
      queryClient.setQueryData(vendorDocumentKey(type), data);
      void queryClient
        .fetchQuery({ queryKey: vendorDocumentKey(type), queryFn: () => getVendorDocument(type, position), staleTime: 0 })
        .catch((error: unknown) => console.error(`Re-reading the ${type} document failed`, error));
      void reloadVendorProfile(queryClient, position);
    },
  });
}
