import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import { apiClient } from '../../../lib/api-client';
import { servedFileUrl } from '../../../lib/served-file-url';

/** One load document as the documents calls answer it (vendor-side.md section 3). */
export interface LoadDocument {
  id: string;
  document_type: LoadDocumentType;
  file_url: string;
  file_name: string;
  file_type: string;
  content_type?: string;
  size?: number;
  uploaded_at?: string;
  /** Staff only: uploaded while the load was an earlier carrier's (not counted on the load, not shown to its carrier now). */
  earlier_carrier?: boolean;
}

export const loadDocumentKeys = {
  all: ['load-documents'] as const,
  ofLoad: (loadId: string) => ['load-documents', loadId] as const,
  list: (loadId: string, type: LoadDocumentType) => ['load-documents', loadId, type] as const,
};

const withServedUrl = (document: LoadDocument): LoadDocument => ({ ...document, file_url: servedFileUrl(document.file_url) ?? document.file_url });

/** GET /api/loads/{id}/documents/?document_type={type}; file addresses rewritten to the file-serving path. */
export async function getLoadDocuments(loadId: string, type: LoadDocumentType, signal?: AbortSignal): Promise<LoadDocument[]> {
  const documents = await apiClient.get<LoadDocument[]>(`/loads/${encodeURIComponent(loadId)}/documents/?document_type=${encodeURIComponent(type)}`, { signal });
  return documents.map(withServedUrl);
}

export function loadDocumentsQueryOptions(loadId: string, type: LoadDocumentType) {
  return queryOptions({
    queryKey: loadDocumentKeys.list(loadId, type),
    queryFn: ({ signal }) => getLoadDocuments(loadId, type, signal),
  });
}

export function useLoadDocuments(loadId: string, type: LoadDocumentType) {
  return useQuery(loadDocumentsQueryOptions(loadId, type));
}

/** DELETE /api/loads/{id}/documents/{docId}/delete/ */
export function deleteLoadDocument(loadId: string, documentId: string): Promise<{ detail?: string }> {
  return apiClient.delete(`/loads/${encodeURIComponent(loadId)}/documents/${encodeURIComponent(documentId)}/delete/`);
}

/** The deleted document leaves the cached list at once; the list is then re-read. */
export function useDeleteLoadDocument(loadId: string, type: LoadDocumentType) {
  const queryClient = useQueryClient();
  const key = loadDocumentKeys.list(loadId, type);
  return useMutation({
    mutationFn: (document: LoadDocument) => deleteLoadDocument(loadId, document.id),
    onSuccess: (_answer, document) => {
      queryClient.setQueryData<LoadDocument[]>(key, (list) => list?.filter((item) => item.id !== document.id));
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}
