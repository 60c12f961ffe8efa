// zod's small build for the schemas the command API and the UI share: the UI ships them, and zod/mini's functions
// leave out what the schemas do not use (about 9 kB gzip against 27 for the classic build, which the bundler cannot
// trim). Its English messages are loaded once here; the classic build loads them by itself.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };

/** An issue raised inside a transform (zod/mini's transforms have no addIssue): a message about the value. */
export function refuse(payload: z.core.ParsePayload, message: string): typeof z.NEVER {
  payload.issues.push({ code: 'custom', message, input: payload.value });
  return z.NEVER;
}
