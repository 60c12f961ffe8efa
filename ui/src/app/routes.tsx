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
      { element: <RedirectSignedIn rule="vendor-signup" />, children: [{ path: '/signup', element: <VendorSignupPage /> }] },
      {
        element: <RedirectSignedIn rule="staff-signup" />,
        children: [{ path: '/staff/signup', element: <StaffSignupPage /> }],
      },
      { path: '/account/activated', element: <AccountActivatedPage /> },
      {
        path: '/photo-gallery/:loadId',
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
          { path: '/profile', element: <VendorProfilePage /> },
          { path: '/loads', element: <LoadsPage /> },
          { path: '/load/:loadId', element: <LoadDetailPage /> },
          { path: '/vendor/loads/:loadId', element: <LoadDetailPage /> },
          { path: '/dashboard', element: <Navigate to="/profile" replace /> },
        ],
      },

      // Vendor or staff; refused -> /
      { element: <RequireAccess access="vendor-or-staff" />, children: [{ path: '/settings', element: <SettingsPage /> }] },

      // Staff only; refused -> /staff/login
      {
        element: <RequireAccess access="staff" />,
        children: [
          { path: '/staff/dashboard', element: <StaffDashboardPage /> },
          { path: '/staff/profile', element: <StaffProfilePage /> },
          {
            path: '/staff/loads',
            element: (
              <Suspense fallback={<p className="page-status">Loading Loads...</p>}>
                <StaffLoadsPage />
              </Suspense>
            ),
          },
          { path: '/staff/load/:loadId', element: <StaffLoadDetailPage /> },
          { path: '/staff/loads/:loadId', element: <StaffLoadDetailPage /> },
          { path: '/staff/vendors', element: <VendorsPage /> },
          { path: '/staff/vendors/:vendorId', element: <VendorDetailPage /> },
          // ACCOUNTING and ADMIN; the page sends other tiers to /staff/dashboard, as the ADMIN-only routes do.
          { path: '/staff/payments', element: <PaymentsPage /> },
        ],
      },

      // Staff ADMIN only; a non-admin staff user -> /staff/dashboard, anyone else -> /staff/login
      {
        element: <RequireAccess access="staff-admin" />,
        children: [
          { path: '/staff/accounts', element: <StaffAccountsPage /> },
          { path: '/staff/recycle-bin', element: <RecycleBinPage /> },
          { path: '/staff/:id', element: <StaffMemberPage /> },
        ],
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
