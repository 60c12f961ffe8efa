import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusNewPageWhenLost, focusPageStart } from '../lib/focus';

/** Has the person used the page yet? Redirects before that (a signed-in visitor sent on from /) are part of loading it. */
let interacted = false;
function noteInteraction() {
  interacted = true;
}

/**
 * After a client-side navigation (a new pathname; not the first load, not a change of query string alone) the focus
 * moves to the new page's <h1>, or to <main> while the page has none yet and to the <h1> once it shows, so a screen
 * reader says where the user now is instead of nothing (the control that had the focus has usually left the page, and
 * the focus with it).
 *
 * A page that puts the focus somewhere itself wins: a field with autoFocus already holds it when this runs (it is
 * left alone), and a page's own effects, dialogs and later focus calls run after this one.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    document.addEventListener('keydown', noteInteraction, true);
    document.addEventListener('pointerdown', noteInteraction, true);
    return () => {
      document.removeEventListener('keydown', noteInteraction, true);
      document.removeEventListener('pointerdown', noteInteraction, true);
    };
  }, []);

  // A layout effect: it runs after React's autoFocus and before the page's own effects.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const container = main.current;
    if (!interacted || !container) return;
    const active = document.activeElement;
    // Something inside the new page took the focus as it mounted (autoFocus): it stays there.
    if (active && active !== container && container.contains(active)) return;
    const target = focusPageStart(container, { preventScroll: true })!;
    // No heading yet (the board's chunk or a page's data on its way): it takes the focus once it shows, unless the
    // user has moved it meanwhile.
    if (target === container) focusNewPageWhenLost(() => true);
    // The new page from its top, as a full page load would show it, when its heading is out of sight.
    const { top, bottom } = target.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) window.scrollTo(0, 0);
  }, [pathname, main]);
}
