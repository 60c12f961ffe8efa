import type { ToastKind } from './toast-context';

/**
 * Where toasts are drawn and said. A modal <dialog> makes the rest of the page inert: drawn under its backdrop,
 * dimmed, a toast's × cannot be pressed, and a screen reader hears nothing from a live region outside it. So each
 * open modal dialog has a layer of its own (its live regions and a place for the toasts), and toasts go to the newest
 * one; with none open they go to the page's.
 */
export interface ToastLayer {
  /** Polite live region: success and info toasts are said here. */
  status: HTMLElement;
  /** Assertive live region: error toasts are said here. */
  alert: HTMLElement;
  /** Where the toasts are drawn. */
  slot: HTMLElement;
}

let page: ToastLayer | null = null;
/** The open modal dialogs' layers, the newest (the one on top, everything else inert under it) last. */
const dialogs: ToastLayer[] = [];
const listeners = new Set<() => void>();

const changed = () => listeners.forEach((listener) => listener());

/** Adds a layer (the page's, or an open dialog's on top of the others); the returned function takes it away. */
export function addToastLayer(layer: ToastLayer, kind: 'page' | 'dialog'): () => void {
  if (kind === 'page') page = layer;
  else dialogs.push(layer);
  changed();
  return () => {
    if (kind === 'page') {
      if (page === layer) page = null;
    } else {
      const at = dialogs.indexOf(layer);
      if (at >= 0) dialogs.splice(at, 1);
    }
    changed();
  };
}

/** The layer toasts go to now: the newest open dialog's, else the page's. */
export const topToastLayer = (): ToastLayer | null => dialogs.at(-1) ?? page;

export function subscribeToastLayers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Later than the render it comes with: a toast shown just before its dialog closes (a save that closes the form) is
 * said in the layer that is on top once the dialog has gone, not in one leaving the page.
 */
const SAY_AFTER_MS = 150;
/** Long enough for a screen reader to read it; the region is then emptied so a repeat of the same words is said again. */
const KEEP_SAID_MS = 7000;

/** What a screen reader says of an element: its text without the parts hidden from it (a decorative ⚠ or ✓). */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Whether what the layer belongs to (its dialog, or the page) already says `message` in a status or alert line of its
 * own: an upload form's "... uploaded successfully", or the "⚠ Failed to update status" beside a status control.
 */
function saidBeside(layer: ToastLayer, message: string): boolean {
  const scope: ParentNode = layer.slot.closest('dialog') ?? document;
  // The layers' own regions carry no role, so only the dialog's or the page's content matches.
  return [...scope.querySelectorAll('[role="status"], [role="alert"]')].some((line) => spokenText(line) === message);
}

/**
 * Says `message` in the top layer's live region (assertive for errors); not when the dialog on top, or the page, already
 * says the same words in a line of its own (see saidBeside): heard once, not twice.
 */
export function sayToast(kind: ToastKind, message: string): void {
  setTimeout(() => {
    const layer = topToastLayer();
    if (!layer || saidBeside(layer, message)) return;
    const line = document.createElement('p');
    line.textContent = message;
    (kind === 'error' ? layer.alert : layer.status).append(line);
    setTimeout(() => line.remove(), KEEP_SAID_MS);
  }, SAY_AFTER_MS);
}
