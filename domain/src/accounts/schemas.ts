// Sign-up and login bodies: one definition, used by the command API (400 field errors) and the UI forms.
import { z } from '../zod';
import { isTooCommon } from './weak-passwords';

const REQUIRED = 'This field is required.';
/** A text field's type error: absent (or null) is required; any other value (a number, a list) is not text. */
const TEXT = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Not a valid string.') };

/** Password rules, in the messages users of Django-style back ends know. */
export function passwordProblems(password: string, username = '', email = ''): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('This password is too short. It must contain at least 8 characters.');
  if (password.length > 128) problems.push('This password is too long. It must contain at most 128 characters.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  // Listed common passwords, repeats and keyboard or alphabet runs (weak-passwords.ts).
  if (isTooCommon(password)) problems.push('This password is too common.');
  const lower = password.toLowerCase();
  const similar = [username, email.split('@')[0] ?? ''].some((part) => part.length >= 3 && (lower.includes(part.toLowerCase()) || part.toLowerCase().includes(lower)));
  if (similar) problems.push('The password is too similar to the username.');
  return problems;
}

export const usernameSchema = z.string(TEXT).check(
  z.trim(),
  z.minLength(1, { error: REQUIRED, abort: true }),
  z.minLength(3, 'Ensure this field has at least 3 characters.'),
  z.maxLength(150, 'Ensure this field has no more than 150 characters.'),
  z.regex(/^[\w.@+-]+$/, 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'),
);

export const emailSchema = z.pipe(
  z.string(TEXT).check(
    z.trim(),
    z.minLength(1, { error: REQUIRED, abort: true }),
    z.maxLength(254, 'Ensure this field has no more than 254 characters.'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address.'),
  ),
  z.transform((email: string) => email.toLowerCase()),
);

const nameSchema = z.string(TEXT).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(150, 'Ensure this field has no more than 150 characters.'));

function withPasswordRules<T extends z.ZodMiniType<{ username: string; email: string; password: string }>>(schema: T): T {
  return schema.check(
    z.superRefine((body: { username: string; email: string; password: string }, ctx) => {
      for (const message of passwordProblems(body.password, body.username, body.email)) ctx.addIssue({ code: 'custom', path: ['password'], message });
    }),
  );
}

const passwordSchema = z.string(TEXT).check(z.minLength(1, REQUIRED));

export const vendorSignUpSchema = withPasswordRules(z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema }));

export const staffSignUpSchema = withPasswordRules(
  z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema, first_name: nameSchema, last_name: nameSchema }),
);

/** The catalogue's login failure (vendor-side.md section 8): wrong credentials, and values no account can have. */
export const LOGIN_FAILED = 'Invalid username or password';

// Only a missing value is named; one no account could have (too long, not text) fails as wrong credentials do.
const LOGIN_TEXT = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : LOGIN_FAILED) };

export const loginSchema = z.object({
  // Trimmed as sign-up trims it (no username has a space): a space a phone keyboard or autofill adds is no failure.
  username: z.string(LOGIN_TEXT).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(150, LOGIN_FAILED)),
  // Taken as typed: spaces may be part of a password.
  password: z.string(LOGIN_TEXT).check(z.minLength(1, REQUIRED), z.maxLength(1024, LOGIN_FAILED)),
  portal: z.optional(z.enum(['vendor', 'staff'], { error: 'Choose the "vendor" or "staff" portal.' })),
});

export type VendorSignUp = z.infer<typeof vendorSignUpSchema>;
export type StaffSignUp = z.infer<typeof staffSignUpSchema>;
export type LoginBody = z.infer<typeof loginSchema>;
