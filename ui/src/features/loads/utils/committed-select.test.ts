import { describe, expect, it } from 'vitest';
import { changeIntent, DRAFT_HINT, hasDraft, isTypedCharacter, keyIntent, shownValue } from './committed-select';

const idle = { hasDraft: false, busy: false, typingAhead: false };
const drafting = { hasDraft: true, busy: false, typingAhead: false };
const busy = { hasDraft: false, busy: true, typingAhead: false };

describe('committed select: keys', () => {
  it('arrows, Home/End, PageUp/PageDown and type-ahead letters only browse', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'p', 'D']) {
      expect(keyIntent({ key }, idle), key).toBe('browse');
      expect(keyIntent({ key }, drafting), key).toBe('browse');
    }
  });

  it('Enter and Space save a pending draft, and keep their native role (open the list) without one', () => {
    expect(keyIntent({ key: 'Enter' }, drafting)).toBe('commit');
    expect(keyIntent({ key: ' ' }, drafting)).toBe('commit');
    expect(keyIntent({ key: 'Enter' }, idle)).toBe('native');
    expect(keyIntent({ key: ' ' }, idle)).toBe('native');
  });

  it('a Space right after a typed letter is part of the type-ahead search, not a save', () => {
    expect(keyIntent({ key: ' ' }, { ...drafting, typingAhead: true })).toBe('browse');
    expect(keyIntent({ key: 'Enter' }, { ...drafting, typingAhead: true })).toBe('commit');
  });

  it('Escape reverts a draft, and is left alone without one', () => {
    expect(keyIntent({ key: 'Escape' }, drafting)).toBe('revert');
    expect(keyIntent({ key: 'Escape' }, idle)).toBe('native');
    expect(keyIntent({ key: 'Escape' }, busy)).toBe('native');
  });

  it('Tab, modifiers, shortcuts and the keys that open the list are the browser’s', () => {
    for (const press of [
      { key: 'Tab' },
      { key: 'Shift' },
      { key: 'Alt' },
      { key: 'F4' },
      { key: 'ArrowDown', altKey: true },
      { key: 'ArrowUp', altKey: true },
      { key: 'c', ctrlKey: true },
      { key: 'r', metaKey: true },
    ]) {
      expect(keyIntent(press, idle), JSON.stringify(press)).toBe('native');
      expect(keyIntent(press, drafting), JSON.stringify(press)).toBe('native');
    }
  });

  it('while saving, keys that would change or save are blocked; Tab, Escape and opening keys are not', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'x']) expect(keyIntent({ key }, busy), key).toBe('block');
    expect(keyIntent({ key: 'Enter' }, { ...busy, hasDraft: true })).toBe('block');
    expect(keyIntent({ key: 'Enter' }, busy)).toBe('native');
    expect(keyIntent({ key: 'Tab' }, busy)).toBe('native');
  });

  it('knows typed characters from named keys', () => {
    expect(isTypedCharacter({ key: 'd' })).toBe(true);
    expect(isTypedCharacter({ key: ' ' })).toBe(false);
    expect(isTypedCharacter({ key: 'ArrowDown' })).toBe(false);
    expect(isTypedCharacter({ key: 'a', ctrlKey: true })).toBe(false);
  });
});

describe('committed select: changes', () => {
  it('a change caused by a key press is a draft, none when back on the saved value', () => {
    expect(changeIntent('picked_up', { saved: 'open', busy: false, fromKey: true })).toEqual({ kind: 'draft', draft: 'picked_up' });
    expect(changeIntent('open', { saved: 'open', busy: false, fromKey: true })).toEqual({ kind: 'draft', draft: null });
  });

  it('a change without a key press (a pick from the open list) saves at once', () => {
    expect(changeIntent('delivered', { saved: 'open', busy: false, fromKey: false })).toEqual({ kind: 'commit', value: 'delivered' });
    expect(changeIntent('open', { saved: 'open', busy: false, fromKey: false })).toEqual({ kind: 'draft', draft: null });
  });

  it('changes while saving are ignored', () => {
    expect(changeIntent('paid', { saved: 'unpaid', busy: true, fromKey: false })).toEqual({ kind: 'ignore' });
    expect(changeIntent('paid', { saved: 'unpaid', busy: true, fromKey: true })).toEqual({ kind: 'ignore' });
  });
});

describe('committed select: what shows', () => {
  it('the value being saved, else the draft, else the saved value', () => {
    expect(shownValue({ saved: 'open', draft: null, pending: null })).toBe('open');
    expect(shownValue({ saved: 'open', draft: 'delivered', pending: null })).toBe('delivered');
    expect(shownValue({ saved: 'open', draft: null, pending: 'cancelled' })).toBe('cancelled');
  });

  it('a draft equal to the saved value (after a live update) is no draft', () => {
    expect(hasDraft('paid', 'paid')).toBe(false);
    expect(hasDraft(null, 'paid')).toBe(false);
    expect(hasDraft('paid', 'unpaid')).toBe(true);
  });

  it('has the hint for screen readers', () => {
    expect(DRAFT_HINT).toBe('Press Enter to save, Escape to cancel.');
  });
});
