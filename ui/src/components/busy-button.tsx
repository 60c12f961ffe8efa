import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import './busy-button.css';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Working: announced as busy and unavailable, presses refused, but the button keeps the focus. */
  busy?: boolean;
  /** Unavailable for another reason: refused the same way, and still focusable. */
  unavailable?: boolean;
  /** Called instead of onClick when a press is refused (to say why, for instance). */
  onRefused?(event: MouseEvent<HTMLButtonElement>): void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that refuses presses while busy or unavailable with aria-disabled rather than `disabled`: a disabled button
 * drops the keyboard focus to <body>, so a keyboard or screen-reader user who pressed it loses their place. A refused
 * press also cancels the button's default action, so a refused submit button does not submit its form (Enter in a
 * field included). `disabled` still works for a button that is off before anyone reaches it.
 */
export function BusyButton({ busy = false, unavailable = false, onRefused, onClick, type = 'button', ref, ...rest }: BusyButtonProps) {
  const refused = busy || unavailable;
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      aria-disabled={refused || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (refused) {
          event.preventDefault();
          onRefused?.(event);
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
