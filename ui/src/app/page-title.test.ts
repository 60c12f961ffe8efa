import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_NAME, pageTitle } from './page-title';
import { routes } from './routes';

const titleOf = (pathname: string, record: string | null = null) => pageTitle((matchRoutes(routes, pathname) ?? []).map((match) => ({ handle: match.route.handle })), record);

describe('page titles', () => {
  it.each([
    ['/', 'Vendor Login · Freight Portal'],
    ['/staff/login', 'Staff Login · Freight Portal'],
    ['/signup', 'Vendor Sign Up · Freight Portal'],
    ['/profile', 'Vendor Profile · Freight Portal'],
    ['/loads', 'Loads · Freight Portal'],
    ['/load/7', 'Load Details · Freight Portal'],
    ['/settings', 'Settings · Freight Portal'],
    ['/staff/dashboard', 'Dashboard · Staff · Freight Portal'],
    ['/staff/loads', 'Loads · Staff · Freight Portal'],
    ['/staff/load/7', 'Load Details · Staff · Freight Portal'],
    ['/staff/vendors/9', 'Vendor Details · Staff · Freight Portal'],
    ['/staff/accounts', 'Staff Accounts · Staff · Freight Portal'],
    ['/staff/42', 'Staff Member · Staff · Freight Portal'],
    ['/nowhere', 'Page Not Found · Freight Portal'],
  ])('%s -> %s', (pathname, title) => {
    expect(titleOf(pathname)).toBe(title);
  });

  it('puts the record the page shows first', () => {
    expect(titleOf('/load/7', 'kdt_24112')).toBe('kdt_24112 · Load Details · Freight Portal');
    expect(titleOf('/staff/vendors/9', 'Acme Freight')).toBe('Acme Freight · Vendor Details · Staff · Freight Portal');
  });

  it('gives every page route a title of its own', () => {
    const untitled: string[] = [];
    const visit = (list: typeof routes) => {
      for (const route of list) {
        const handle = route.handle as { title?: string } | undefined;
        // /dashboard only redirects.
        if (route.path && route.path !== '/dashboard' && !handle?.title) untitled.push(route.path);
        if (route.children) visit(route.children);
      }
    };
    visit(routes);
    expect(untitled).toEqual([]);
    expect(titleOf('/dashboard')).toBe(APP_NAME);
  });
});
