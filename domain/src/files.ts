/** The lower-case extension of a file name ('' when it has none). */
export function extensionOfName(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** The refusal of a file whose extension is not among `allowed`: the server's words, which the UI says at choice. */
export const unsupportedFileType = (allowed: readonly string[]) => `Unsupported file type. Allowed types: ${allowed.join(', ')}.`;
