// A <select> that saves on an explicit choice, not on every `change` (audit s12 finding 2, WCAG 3.2.2).
//
// On Windows and Linux, Chromium and Firefox change a closed select's value on ArrowUp/ArrowDown (also Home, End,
// PageUp/PageDown and type-ahead letters) and fire `change` at once. Saving on `change` therefore wrote the first
// option a keyboard user passed while browsing. Here, a change made by a key press only becomes a local draft, shown
// in the select; the user then confirms it or lets it go:
// - Enter (or Space, as in an open list: while a draft is pending the user is browsing options, and both keys
//   confirm the option they are on) saves the draft. Without a draft both keep their native role (open the list).
// - Escape puts the saved value back.
// - Leaving the select (Tab, a click elsewhere) with a draft also puts the saved value back. We revert rather than
//   commit on blur on purpose: Tab after browsing is not a choice, and a save here is not harmless (Picked Up and
//   Delivered stamp a pickup or delivery date, every save shows a toast and reaches other users' boards live). The
//   select announces "Press Enter to save, Escape to cancel." politely while a draft is pending, so nobody loses a
//   choice without having been told how to keep it, and a sighted user sees the value go back.
// - A change with no key press behind it (an option picked from the open list with a mouse, touch or pen, or with
//   the keys inside the browser's popup, which the page does not see) is an explicit choice and saves at once.
// While a save runs, further keys and changes are ignored; the select stays enabled (aria-busy and aria-disabled
// instead of `disabled`), so it keeps the focus.

/** How long after a typed letter a Space still belongs to the type-ahead search (browsers use about 1 s). */
export const TYPE_AHEAD_MS = 1000;

/** The polite hint while a draft is pending. */
export const DRAFT_HINT = 'Press Enter to save, Escape to cancel.';

export interface KeyPress {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export interface KeyContext {
  /** A value differing from the saved one is drafted. */
  hasDraft: boolean;
  /** A save is running. */
  busy: boolean;
  /** A letter was typed less than TYPE_AHEAD_MS ago, so Space is part of the search. */
  typingAhead: boolean;
}

/**
 * What a keydown on the select means:
 * - 'commit': save the draft (the key's default is prevented);
 * - 'revert': drop the draft (default prevented);
 * - 'browse': the key may move the value; a `change` it causes is only a draft;
 * - 'block': a save is running; the key would change or save, so its default is prevented;
 * - 'native': the browser's own handling (Tab, opening the list, shortcuts), nothing of ours.
 */
export type KeyIntent = 'commit' | 'revert' | 'browse' | 'block' | 'native';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Fn', 'OS']);
/** Alt+ArrowDown/Up and F4 open (or close) the list in Windows/Linux browsers. */
const OPENS_LIST = (press: KeyPress) => press.key === 'F4' || (press.altKey === true && (press.key === 'ArrowDown' || press.key === 'ArrowUp'));

export function keyIntent(press: KeyPress, context: KeyContext): KeyIntent {
  const { key } = press;
  if (MODIFIERS.has(key) || key === 'Tab' || press.ctrlKey || press.metaKey || OPENS_LIST(press)) return 'native';
  if (key === 'Escape') return context.hasDraft && !context.busy ? 'revert' : 'native';
  const confirms = key === 'Enter' || (key === ' ' && !context.typingAhead);
  if (confirms) {
    if (context.busy) return context.hasDraft ? 'block' : 'native';
    return context.hasDraft ? 'commit' : 'native';
  }
  return context.busy ? 'block' : 'browse';
}

/** A printable character (type-ahead), as opposed to a named key such as 'ArrowDown'. */
export const isTypedCharacter = (press: KeyPress) => press.key.length === 1 && press.key !== ' ' && !press.ctrlKey && !press.metaKey;

export type ChangeIntent<T> = { kind: 'ignore' } | { kind: 'draft'; draft: T | null } | { kind: 'commit'; value: T };

/**
 * What a `change` to `value` means: ignored while saving; a draft (none if back on the saved value) when a key press
 * caused it; otherwise a save, unless it is the saved value already.
 */
export function changeIntent<T>(value: T, context: { saved: T; busy: boolean; fromKey: boolean }): ChangeIntent<T> {
  if (context.busy) return { kind: 'ignore' };
  if (context.fromKey) return { kind: 'draft', draft: value === context.saved ? null : value };
  if (value === context.saved) return { kind: 'draft', draft: null };
  return { kind: 'commit', value };
}

/** What the select shows: the value being saved, else the draft, else the saved value. */
export function shownValue<T>(state: { saved: T; draft: T | null; pending: T | null }): T {
  return state.pending ?? state.draft ?? state.saved;
}

/** A draft counts only while it differs from the saved value (a live update may make them equal). */
export const hasDraft = <T>(draft: T | null, saved: T): draft is T => draft !== null && draft !== saved;
