import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { changeIntent, DRAFT_HINT, hasDraft, isTypedCharacter, keyIntent, shownValue, TYPE_AHEAD_MS } from '../utils/committed-select';

// The rules (what commits, what only drafts, why blur reverts) are in ../utils/committed-select.ts.

/**
 * How long after a keydown a `change` still counts as caused by it. Browsers change a closed select's value in the
 * key's default action, in the same task, so this only needs to outlast that; a pointer choice from the open list
 * comes much later.
 */
const KEY_CHANGE_WINDOW_MS = 50;

export interface CommittedSelectOptions<T extends string> {
  /** The value as the server has it. */
  saved: T;
  /** Saves a chosen value; the select shows it and is busy until the promise settles. Report the outcome inside. */
  save(next: T): Promise<unknown>;
}

/**
 * A select that saves on an explicit choice: arrows and type-ahead on the closed select only draft, Enter/Space
 * save the draft, Escape or leaving it reverts, a choice from the open list saves at once. Never disabled while
 * saving, so it keeps the focus. Spread `selectProps` on the <select> and `hintProps` on a <span> beside it.
 */
export function useCommittedSelect<T extends string>({ saved, save }: CommittedSelectOptions<T>) {
  const [draftState, setDraftState] = useState<T | null>(null);
  const [pending, setPending] = useState<T | null>(null);
  // Mirrors for handlers that run before React re-renders (a key repeat, a change right after a keydown).
  const draftRef = useRef<T | null>(null);
  const busyRef = useRef(false);
  const keyedRef = useRef(false);
  const keyedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typedAt = useRef(Number.NEGATIVE_INFINITY);
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => () => clearTimeout(keyedTimer.current), []);

  const setDraft = useCallback((next: T | null) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  const commit = useCallback(
    (value: T) => {
      setDraft(null);
      if (busyRef.current || value === savedRef.current) return;
      busyRef.current = true;
      setPending(value);
      void saveRef
        .current(value)
        .catch(() => undefined)
        .finally(() => {
          busyRef.current = false;
          setPending(null);
        });
    },
    [setDraft],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLSelectElement>) => {
      const press = { key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey };
      const now = Date.now();
      const typingAhead = now - typedAt.current < TYPE_AHEAD_MS;
      const draft = draftRef.current;
      const intent = keyIntent(press, { hasDraft: hasDraft(draft, savedRef.current), busy: busyRef.current, typingAhead });
      if (isTypedCharacter(press) || (press.key === ' ' && typingAhead)) typedAt.current = now;
      switch (intent) {
        case 'commit':
          event.preventDefault();
          if (draft !== null) commit(draft);
          return;
        case 'revert':
          event.preventDefault();
          event.stopPropagation();
          setDraft(null);
          return;
        case 'block':
          event.preventDefault();
          return;
        case 'browse':
          keyedRef.current = true;
          clearTimeout(keyedTimer.current);
          keyedTimer.current = setTimeout(() => (keyedRef.current = false), KEY_CHANGE_WINDOW_MS);
          return;
        case 'native':
          return;
      }
    },
    [commit, setDraft],
  );

  const onChange = useCallback(
    (event: ChangeEvent<HTMLSelectElement>) => {
      const intent = changeIntent(event.target.value as T, { saved: savedRef.current, busy: busyRef.current, fromKey: keyedRef.current });
      // 'ignore': the select is controlled, so React puts the shown value back.
      if (intent.kind === 'draft') setDraft(intent.draft);
      else if (intent.kind === 'commit') commit(intent.value);
    },
    [commit, setDraft],
  );

  const onBlur = useCallback(() => {
    keyedRef.current = false;
    typedAt.current = Number.NEGATIVE_INFINITY;
    setDraft(null);
  }, [setDraft]);

  const busy = pending !== null;
  const drafting = hasDraft(draftState, saved);
  const shown = shownValue({ saved, draft: drafting ? draftState : null, pending });

  return {
    shown,
    busy,
    drafting,
    selectProps: {
      value: shown,
      onChange,
      onKeyDown,
      onBlur,
      'aria-busy': busy || undefined,
      'aria-disabled': busy || undefined,
    },
    hintProps: {
      'aria-live': 'polite' as const,
      // Read by screen readers, not shown: the select beside it shows the draft itself.
      className: 'visually-hidden',
      children: drafting ? DRAFT_HINT : '',
    },
  };
}
