/** The lower-case extension of a file name ('' when it has none). */
export function extensionOfName(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}
