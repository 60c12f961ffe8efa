// Typed errors that routes throw; the error middleware turns them into the spec's shapes.

/** Answers `{ detail }` with the given status (and `extra`'s members beside it, e.g. a 409's values now). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

/** Answers 400 with a field-to-messages map: `{ "field": ["message"] }`. */
export class ValidationFailed extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation failed');
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
/** Nobody (any longer) signed in who may act: no session, an ended one, or an account or vendor deleted meanwhile. */
export const notSignedIn = () => new HttpError(401, 'Authentication credentials were not provided.');
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, detail);

/** A method the path does not take (the error shape; `Allow` names the ones it does, when known). */
export const methodNotAllowed = (method: string, allow?: string) => new HttpError(405, `Method "${method}" not allowed.`, allow ? { Allow: allow } : {});

/** A request body that is not a JSON object of fields (an array, a number): said once, for the whole request. */
export const BODY_NOT_AN_OBJECT = 'Send the fields as a JSON object.';
