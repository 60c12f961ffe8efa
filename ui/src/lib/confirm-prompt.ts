/**
 * Below this, a confirm prompt's "no" came from the browser, not from a person: nobody reads a prompt and answers it
 * in a tenth of a second. Chromium closes an open prompt by itself, as if Cancel were pressed, a few milliseconds
 * after it opens, when a PDF preview on the page has just loaded (seen in about one Delete in ten pressed then; the
 * DevTools protocol shows the prompt closed with no answer sent). Browsers told to stop showing a page's prompts
 * answer "no" at once too.
 */
export const UNREAD_ANSWER_MS = 100;

/**
 * `window.confirm(text)`, asked once more when the first answer was a "no" that nobody can have given (see
 * {@link UNREAD_ANSWER_MS}). A second such "no" stands: a browser that suppresses prompts is not asked a third time.
 */
export function confirmPrompt(text: string, confirm: (text: string) => boolean = (words) => window.confirm(words), now: () => number = () => performance.now()): boolean {
  const askedAt = now();
  if (confirm(text)) return true;
  if (now() - askedAt >= UNREAD_ANSWER_MS) return false;
  return confirm(text);
}
