/** A record id the command side takes: a UUID, its letters in either case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as streams and events name it. A UUID's letters may come in either case (the read side matches them so); it is
 * named in lower case. Anything but a string passes as it is.
 */
export const canonicalId = <Id extends string | null | undefined>(id: Id): Id => (typeof id === 'string' ? id.toLowerCase() : id) as Id;
