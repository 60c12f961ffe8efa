// Motion that follows the user's 'reduce motion' setting (WCAG 2.3.3): the page jumps instead of gliding.

/** True when the user asked the system for less motion (false where the browser cannot tell, as in jsdom). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** 'smooth', or 'auto' (an instant jump) when reduced motion is preferred. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/** Scrolls `element` into view, smoothly unless reduced motion is preferred. Does nothing where scrollIntoView is missing (jsdom). */
export function scrollIntoViewGently(element: Element | null | undefined, options: Omit<ScrollIntoViewOptions, 'behavior'> = {}): void {
  element?.scrollIntoView?.({ ...options, behavior: scrollBehavior() });
}
