// "Show N more" under a long table, free of React: what it says, and where the focus goes after a press.

const count = (n: number) => n.toLocaleString('en-US');

/** 'Showing 35 of 40': the rows drawn of how many, shown beside the button and said after each press. */
export const showingText = (shown: number, total: number): string => `Showing ${count(Math.min(shown, total))} of ${count(total)}`;

/** The button's words: the next step, or fewer when fewer are left. */
export const showMoreLabel = (shown: number, total: number, step: number): string => `Show ${count(Math.min(step, total - shown))} more`;

/**
 * After a press that drew rows `from` onwards (of `total`, `shown` drawn now): what the status region says, and the
 * row (by index) whose control takes the focus. The button keeps the focus while rows remain; when the last are drawn
 * it goes, and the focus would fall to <body>, so the first row it added takes it.
 */
export function afterShowMore(from: number, shown: number, total: number): { said: string; focusRow: number | null } {
  return { said: showingText(shown, total), focusRow: shown >= total && from < total ? from : null };
}
