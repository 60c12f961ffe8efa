import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { noteLeavePromptAsked } from '../lib/leave-prompt';
import { Modal } from './modal';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';

/** Navigation state of a move that itself ends the edit (the record was just deleted): nothing is asked. */
export const DISCARDS_UNSAVED = { discardsUnsaved: true } as const;

const discardsUnsaved = (state: unknown) => typeof state === 'object' && state !== null && (state as { discardsUnsaved?: unknown }).discardsUnsaved === true;

/**
 * While `active`, closing or reloading the tab gets the browser's own prompt (a file being uploaded, say, which a move
 * inside the app does not stop). UnsavedChangesGuard adds the app's own question for moves inside the app.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      noteLeavePromptAsked();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * While `unsaved`, leaving the page asks first: a link or Back in the app opens a confirmation, and closing or
 * reloading the tab gets the browser's own prompt. `message` says what would be lost.
 */
export function UnsavedChangesGuard({ unsaved, message }: { unsaved: boolean; message: string }) {
  // Once the user chose to leave, nothing is asked again: this page can stay mounted a moment after the URL changed
  // (while the next page loads), and a Back pressed meanwhile must not be blocked and turned round.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !leaving.current && currentLocation.pathname !== nextLocation.pathname && !discardsUnsaved(nextLocation.state),
  );

  useLeaveWarning(unsaved);

  // Saved meanwhile (or the changes undone): nothing left to lose.
  useEffect(() => {
    if (!unsaved && blocker.state === 'blocked') blocker.proceed();
  }, [unsaved, blocker]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
      title={UNSAVED_CHANGES_TITLE}
      onClose={() => blocker.reset?.()}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={() => blocker.reset?.()}>
            Stay on this page
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              leaving.current = true;
              blocker.proceed?.();
            }}
          >
            Leave without saving
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
