import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { AccountActivatedPage } from '../features/auth/components/account-activated-page';
import { LoginPage } from '../features/auth/components/login-page';
import { StaffSignupPage } from '../features/auth/components/staff-signup-page';
import { VendorSignupPage } from '../features/auth/components/vendor-signup-page';
import { LoadDetailPage } from '../features/loads/components/load-detail-page';
import { LoadsPage } from '../features/loads/components/loads-page';
import { PaymentsPage } from '../features/payments/components/payments-page';
import { RecycleBinPage } from '../features/recycle-bin/components/recycle-bin-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { StaffDashboardPage } from '../features/staff/components/staff-dashboard-page';
import { StaffAccountsPage } from '../features/staff-admin/components/staff-accounts-page';
import { StaffMemberPage } from '../features/staff-admin/components/staff-member-page';
import { StaffProfilePage } from '../features/staff-admin/components/staff-profile-page';
import { VendorDetailPage } from '../features/staff-admin/components/vendor-detail-page';
import { VendorsPage } from '../features/staff-admin/components/vendors-page';
import { StaffLoadDetailPage } from '../features/staff-loads/components/staff-load-detail-page';
import { VendorProfilePage } from '../features/vendor-profile/components/vendor-profile-page';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireAccess } from './guards/require-access';
import { staffLoginDestination, vendorLoginDestination } from './login-destinations';
import { NotFoundPage } from './not-found-page';
import type { TitleHandle } from './page-title';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// The public gallery is opened from shared links by people who never see the rest of the app.
const PhotoGalleryPage = lazy(() =>
  import('../features/photo-gallery/components/photo-gallery-page').then((module) => ({ default: module.PhotoGalleryPage })),
);

// The staff board carries AG Grid: only staff download it.
const StaffLoadsPage = lazy(() =>
  import('../features/staff-loads/components/staff-loads-page').then((module) => ({ default: module.StaffLoadsPage })),
);

// Each page's document title ("Loads · Staff · Freight Portal"): its `title`, and the `section` of the staff layouts.
const titled = (title: string): TitleHandle => ({ title });
const STAFF_SECTION: TitleHandle = { section: 'Staff' };

// The route table of vendor-side.md and staff-side.md section 2. React Router ranks static segments
// above dynamic ones, so /staff/loads, /staff/login, ... win over the admin-only /staff/:id.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // Public
      {
        element: <RedirectSignedIn rule="vendor-login" />,
        children: [
          {
            path: '/',
            handle: titled('Vendor Login'),
            element: (
              <LoginPage
                portal="vendor"
                pageTitle="Vendor Portal"
                formTitle="Vendor Login"
                signupPath="/signup"
                otherPortal={{ label: 'Staff? Log in to the Staff Portal', path: '/staff/login' }}
                destination={vendorLoginDestination}
              />
            ),
          },
        ],
      },
      {
        element: <RedirectSignedIn rule="staff-login" />,
        children: [
          {
            path: '/staff/login',
            handle: titled('Staff Login'),
            element: (
              <LoginPage
                portal="staff"
                pageTitle="Staff Portal"
                formTitle="Staff Login"
                signupPath="/staff/signup"
                otherPortal={{ label: 'Carrier? Log in to the Vendor Portal', path: '/' }}
                destination={staffLoginDestination}
              />
            ),
          },
        ],
      },
      { element: <RedirectSignedIn rule="vendor-signup" />, children: [{ path: '/signup', handle: titled('Vendor Sign Up'), element: <VendorSignupPage /> }] },
      {
        element: <RedirectSignedIn rule="staff-signup" />,
        children: [{ path: '/staff/signup', handle: titled('Staff Sign Up'), element: <StaffSignupPage /> }],
      },
      { path: '/account/activated', handle: titled('Account Activation'), element: <AccountActivatedPage /> },
      {
        path: '/photo-gallery/:loadId',
        handle: titled('Photo Gallery'),
        element: (
          <Suspense fallback={<p className="page-status">Loading Gallery...</p>}>
            <PhotoGalleryPage />
          </Suspense>
        ),
      },

      // Vendor only; refused -> /
      {
        element: <RequireAccess access="vendor" />,
        children: [
          { path: '/profile', handle: titled('Vendor Profile'), element: <VendorProfilePage /> },
          { path: '/loads', handle: titled('Loads'), element: <LoadsPage /> },
          // The spec's other reading of the list (the return target of the detail under /vendor/loads): one list.
          { path: '/vendor/loads', handle: titled('Loads'), element: <LoadsPage /> },
          { path: '/load/:loadId', handle: titled('Load Details'), element: <LoadDetailPage /> },
          { path: '/vendor/loads/:loadId', handle: titled('Load Details'), element: <LoadDetailPage /> },
          { path: '/dashboard', element: <Navigate to="/profile" replace /> },
        ],
      },

      // Vendor or staff; refused -> /
      { element: <RequireAccess access="vendor-or-staff" />, children: [{ path: '/settings', handle: titled('Settings'), element: <SettingsPage /> }] },

      // Staff only; refused -> /staff/login
      {
        element: <RequireAccess access="staff" />,
        handle: STAFF_SECTION,
        children: [
          { path: '/staff/dashboard', handle: titled('Dashboard'), element: <StaffDashboardPage /> },
          { path: '/staff/profile', handle: titled('Profile'), element: <StaffProfilePage /> },
          {
            path: '/staff/loads',
            handle: titled('Loads'),
            element: (
              <Suspense fallback={<p className="page-status">Loading Loads...</p>}>
                <StaffLoadsPage />
              </Suspense>
            ),
          },
          { path: '/staff/load/:loadId', handle: titled('Load Details'), element: <StaffLoadDetailPage /> },
          { path: '/staff/loads/:loadId', handle: titled('Load Details'), element: <StaffLoadDetailPage /> },
          { path: '/staff/vendors', handle: titled('Vendors'), element: <VendorsPage /> },
          { path: '/staff/vendors/:vendorId', handle: titled('Vendor Details'), element: <VendorDetailPage /> },
          // ACCOUNTING and ADMIN; the page sends other tiers to /staff/dashboard, as the ADMIN-only routes do.
          { path: '/staff/payments', handle: titled('Payments Log'), element: <PaymentsPage /> },
        ],
      },

      // Staff ADMIN only; a non-admin staff user -> /staff/dashboard, anyone else -> /staff/login
      {
        element: <RequireAccess access="staff-admin" />,
        handle: STAFF_SECTION,
        children: [
          { path: '/staff/accounts', handle: titled('Staff Accounts'), element: <StaffAccountsPage /> },
          { path: '/staff/recycle-bin', handle: titled('Recycle Bin'), element: <RecycleBinPage /> },
          { path: '/staff/:id', handle: titled('Staff Member'), element: <StaffMemberPage /> },
        ],
      },

      { path: '*', handle: titled('Page Not Found'), element: <NotFoundPage /> },
    ],
  },
];
