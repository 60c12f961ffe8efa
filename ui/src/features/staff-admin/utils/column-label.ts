/** A column's header as a name for its cells (data-label: phones show each cell with it); none for a header that is not text. */
export const columnLabel = (header: unknown): string | undefined => (typeof header === 'string' ? header : undefined);
