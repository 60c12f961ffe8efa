import { type RefObject, useEffect, useRef, useState } from 'react';

/** Nothing useful has the focus: it fell to <body> (the focused control was removed or disabled). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * For a panel that opens in place (not a modal): remembers what had the focus when it mounted, and gives the focus
 * back to it when the panel goes away, if the focus went with the panel (to <body>).
 */
export function useReturnFocusOnUnmount(): void {
  // Read while rendering, before the panel's own autofocus moves the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected && focusIsLost()) opener.focus();
    },
    [opener],
  );
}

/**
 * For a control that opens an edit form in its place (and is unmounted meanwhile): when `open` turns false and the
 * form took the focus with it (to <body>), the control takes it back.
 */
export function useFocusBackOnClose(open: boolean, control: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && focusIsLost()) control.current?.focus();
    wasOpen.current = open;
  }, [open, control]);
}

/**
 * For a form whose save can be refused field by field: call the answered function after marking the fields
 * (aria-invalid); once they are drawn, the first of them takes the focus, so a keyboard or screen-reader user hears
 * what is wrong and is where to mend it (the focus stayed on Save, and nothing was said).
 */
export function useFocusFirstInvalidField(form: RefObject<HTMLFormElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals, form]);
  return () => setRefusals((count) => count + 1);
}

/** For an edit form opened by a control that has just gone: its first field takes the focus when it mounts. */
export function useFocusFirstFieldOnMount(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [form]);
}

/**
 * The page's heading (or else its main region), made focusable without joining the Tab order, then focused. Answers
 * what it focused, if anything.
 */
export function focusPageStart(main = document.querySelector<HTMLElement>('main'), options?: FocusOptions): HTMLElement | null {
  const target = main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return null;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus(options);
  return target;
}

/**
 * After a navigation started by a control that goes away with its page: once `gone()` says the old page has left and
 * the new one shows its heading (within `timeoutMs`), the heading takes the focus if the focus fell to <body>, or sits
 * on <main> itself (where a route-change focus manager puts it while the page has no heading yet). Focus that anything
 * (that manager, the user) put on something more specific is left alone.
 */
export function focusNewPageWhenLost(gone: () => boolean, timeoutMs = 5_000): void {
  const until = Date.now() + timeoutMs;
  const attempt = () => {
    const timedOut = Date.now() >= until;
    if (gone() && (document.querySelector('h1') || (timedOut && document.querySelector('main')))) {
      const active = document.activeElement;
      if (focusIsLost() || (active instanceof HTMLElement && active.tagName === 'MAIN')) focusPageStart();
      return;
    }
    if (!timedOut) window.setTimeout(attempt, 50);
  };
  attempt();
}

const TABBABLE = 'a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]';

/** Reached by Tab: focusable, in the Tab order, enabled, shown, not inert. */
function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || (element as HTMLButtonElement).disabled) return false;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
  if (element.closest('[inert], [hidden]')) return false;
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * Tab or Shift+Tab out of a composite widget that is one Tab stop (a grid): the focus goes to the page's Tab stop just
 * after (or before) the container, found in document order, whatever the widget does with the key. Answers what it
 * focused, or null when nothing is there (the browser's own move then applies).
 */
export function tabOutOf(container: HTMLElement, backwards: boolean): HTMLElement | null {
  const outside = [...container.ownerDocument.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => !container.contains(element) && isTabbable(element),
  );
  const isBefore = (element: HTMLElement) => (container.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  const target = backwards ? outside.filter(isBefore).at(-1) : outside.find((element) => !isBefore(element));
  if (!target) return null;
  target.focus();
  return target;
}

/**
 * Keeps the keyboard focus inside `container` when the control holding it is taken away under it (a tier change
 * pushed while a status select is focused turns it into text): the focus goes to `fallback(control)` (by default the
 * container, made focusable without joining the Tab order) instead of falling to <body>, where a keyboard or screen
 * reader user lost their place (on the board, the arrow keys stopped working).
 */
export function useFocusKeptIn(
  container: RefObject<HTMLElement | null>,
  fallback?: (control: HTMLElement) => HTMLElement | null,
  /** Whether the container is drawn now (for one drawn only once its data is there). */
  drawn = true,
): void {
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    // The focused control and where the focus goes should it be removed (worked out while it is still in the page).
    let held: { control: HTMLElement; target: HTMLElement } | null = null;
    const rescue = () => {
      if (!held || held.control.isConnected || !focusIsLost()) return;
      const { target } = held;
      held = null;
      if (!target.isConnected) return;
      if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    };
    const onFocusIn = (event: FocusEvent) => {
      const control = event.target as HTMLElement;
      held = { control, target: fallbackRef.current?.(control) ?? node };
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) {
        held = null;
        return;
      }
      // To nowhere: a click on the page (the control is still there: let it go), or the control's removal.
      queueMicrotask(() => {
        if (held?.control.isConnected) held = null;
        else rescue();
      });
    };
    // A removal fires no focus event in every browser: the container's changes are watched too.
    const observer = new MutationObserver(rescue);
    observer.observe(node, { childList: true, subtree: true });
    node.addEventListener('focusin', onFocusIn);
    node.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      node.removeEventListener('focusin', onFocusIn);
      node.removeEventListener('focusout', onFocusOut);
    };
  }, [container, drawn]);
}
