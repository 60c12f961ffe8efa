// Client-side checks run the domain's zod schemas (shared with the server), seen through this small shape
// so the UI does not depend on zod's types directly.
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

export interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** Issues as the server's 400 body would give them: `{ field: [messages] }`. */
export function issuesByField(issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'detail');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
