import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** One shared photo (GET /api/photo-gallery/{loadId}/): nothing else of the load is public. */
export interface GalleryPhoto {
  id: string;
  file_name: string;
  url: string;
  uploaded_at: string;
}

export const photoGalleryKey = (loadId: string) => ['photo-gallery', loadId] as const;

export async function getPhotoGallery(loadId: string, signal?: AbortSignal): Promise<GalleryPhoto[]> {
  const answer = await apiClient.get<{ photos: GalleryPhoto[] }>(`/photo-gallery/${encodeURIComponent(loadId)}/`, { signal });
  return answer.photos;
}

export function photoGalleryQueryOptions(loadId: string) {
  return queryOptions({
    queryKey: photoGalleryKey(loadId),
    queryFn: ({ signal }) => getPhotoGallery(loadId, signal),
  });
}

export function usePhotoGallery(loadId: string) {
  return useQuery(photoGalleryQueryOptions(loadId));
}
