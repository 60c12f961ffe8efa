import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './current-user';
import { askedState, noteOwnLogout, noteSignedIn, resumePathFor, resumeState, sessionEndedAt } from './resume';

const user = (id: string) => ({ id }) as CurrentUser;

describe('resume after a session ended', () => {
  it('comes back to the page for the same user only', () => {
    const state = resumeState('/load/abc?tab=docs', user('u1'));
    expect(sessionEndedAt(state)).toBe(true);
    expect(resumePathFor(state, user('u1'))).toBe('/load/abc?tab=docs');
    expect(resumePathFor(state, user('u2'))).toBeNull();
    expect(resumePathFor(state, null)).toBeNull();
  });

  it('takes only a path of this site', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'loads']) {
      expect(resumePathFor({ resume: { path, userId: 'u1' } }, user('u1')), path).toBeNull();
    }
    expect(sessionEndedAt(undefined)).toBe(false);
    expect(sessionEndedAt({ resume: { path: '/x' } })).toBe(false);
    expect(resumeState('/profile', null)).toBeUndefined();
  });

  it('is not offered after this tab\'s own logout, until someone signs in here again', () => {
    noteOwnLogout();
    expect(resumeState('/profile', user('u1'))).toBeUndefined();
    noteSignedIn();
    expect(resumeState('/profile', user('u1'))).toEqual({ resume: { path: '/profile', userId: 'u1' } });
  });
});

describe('a page asked for while the session check went unanswered', () => {
  it('is where whoever turns out to be signed in goes on to, and does not say a session ended', () => {
    const state = askedState('/load/abc?tab=docs');
    expect(resumePathFor(state, user('u1'))).toBe('/load/abc?tab=docs');
    expect(resumePathFor(state, user('u2'))).toBe('/load/abc?tab=docs');
    expect(resumePathFor(state, null)).toBeNull();
    expect(sessionEndedAt(state)).toBe(false);
  });

  it('takes only a path of this site', () => {
    for (const asked of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'loads', 42]) {
      expect(resumePathFor({ asked }, user('u1')), String(asked)).toBeNull();
    }
  });
});
