// What the preview dialog can show in the page (vendor-side.md section 9: PDFs embedded, raster images shown).
export type PreviewKind = 'pdf' | 'image' | 'other';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

function extensionOf(name: string): string {
  const path = name.split(/[?#]/)[0] ?? '';
  const last = path.split('/').at(-1) ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** By the file name's extension, else the address's. */
export function previewKindOf(fileName: string | null | undefined, url?: string | null): PreviewKind {
  const extension = extensionOf(fileName ?? '') || extensionOf(url ?? '');
  if (extension === 'pdf') return 'pdf';
  return IMAGE_EXTENSIONS.has(extension) ? 'image' : 'other';
}
