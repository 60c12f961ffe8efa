import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

// The deepest match's path, and the access rule of the layout route above it.
function resolve(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  const guard = matches
    .map((match) => match.route.element)
    .map((element) => (element as { props?: { access?: string; rule?: string } } | undefined)?.props)
    .find((props) => props?.access || props?.rule);
  return { path: leaf?.path, guard: guard?.access ?? guard?.rule ?? 'public' };
}

describe('route table', () => {
  it.each([
    ['/', '/', 'vendor-login'],
    ['/staff/login', '/staff/login', 'staff-login'],
    ['/signup', '/signup', 'vendor-signup'],
    ['/staff/signup', '/staff/signup', 'staff-signup'],
    ['/account/activated', '/account/activated', 'public'],
    ['/photo-gallery/abc', '/photo-gallery/:loadId', 'public'],
    ['/profile', '/profile', 'vendor'],
    ['/loads', '/loads', 'vendor'],
    ['/load/7', '/load/:loadId', 'vendor'],
    ['/vendor/loads', '/vendor/loads', 'vendor'],
    ['/vendor/loads/7', '/vendor/loads/:loadId', 'vendor'],
    ['/dashboard', '/dashboard', 'vendor'],
    ['/settings', '/settings', 'vendor-or-staff'],
    ['/staff/dashboard', '/staff/dashboard', 'staff'],
    ['/staff/profile', '/staff/profile', 'staff'],
    ['/staff/loads', '/staff/loads', 'staff'],
    ['/staff/load/7', '/staff/load/:loadId', 'staff'],
    ['/staff/loads/7', '/staff/loads/:loadId', 'staff'],
    ['/staff/vendors', '/staff/vendors', 'staff'],
    ['/staff/vendors/9', '/staff/vendors/:vendorId', 'staff'],
    ['/staff/accounts', '/staff/accounts', 'staff-admin'],
    ['/staff/42', '/staff/:id', 'staff-admin'],
    ['/nowhere', '*', 'public'],
    ['/staff/42/extra', '*', 'public'],
  ])('%s -> %s (%s)', (pathname, path, guard) => {
    expect(resolve(pathname)).toEqual({ path, guard });
  });
});
