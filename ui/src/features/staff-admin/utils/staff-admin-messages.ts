// The texts of staff-side.md sections 2, 6 and 8 for the staff profile, vendor and staff account screens, written once.
export const ACCESS_DENIED = 'Access Denied';
export const NO_EDIT_PERMISSION = 'No edit permission';

export const PROFILE_MESSAGES = {
  completed: 'Completed',
  saved: 'Profile saved successfully!',
  saveFailed: 'Failed to save profile. Please try again later.',
  validationBlocked: 'Please fix the validation errors before submitting.',
  loadFailed: 'Failed to load your profile. Please try again later.',
  required: 'This field is required.',
} as const;

export const VENDOR_MESSAGES = {
  listFailed: 'Failed to fetch vendors.',
  listEmpty: 'No vendors found.',
  listNoMatch: 'No vendors match your search criteria.',
  noPermission: 'You do not have permission to view vendor information.',
  detailErrorTitle: 'Error Loading Vendor',
  detailNotFound: 'Vendor not found or data could not be loaded.',
  detailFailed: 'Failed to fetch vendor details.',
  deleted: 'Vendor deleted successfully',
  deleteFailed: 'Failed to delete vendor',
  noChanges: 'No changes detected.',
  saveFailed: (section: string) => `Failed to save ${section} information.`,
  saved: (section: string) => `${section} information updated successfully!`,
  validationBlocked: 'Please fix the validation errors before submitting.',
  changedMeanwhile: 'Someone else changed this vendor while you were editing. Check the fields marked, then save again.',
} as const;

export const STAFF_ACCOUNT_MESSAGES = {
  title: 'Staff Accounts',
  searchPlaceholder: 'Search staff...',
  listEmpty: 'No staff accounts found.',
  listNoMatch: 'No staff accounts match your search criteria.',
  listLoading: 'Loading staff accounts...',
  listNoPermission: 'You do not have permission to view staff accounts.',
  listFailed: 'Failed to fetch staff accounts.',
  back: 'Back to Staff Accounts',
  detailLoading: 'Loading staff details...',
  detailNoPermission: 'You do not have permission to view staff details.',
  detailFailed: 'Failed to fetch staff member details',
  notFound: 'Staff member not found',
  changeTier: 'Click to change tier',
  assignTier: 'Click to assign a tier',
  updating: 'Updating...',
  tierFailedSelector: 'Failed to update tier',
  tierFailedPage: 'Failed to update staff tier',
  notProvided: 'Not provided',
  noBio: 'No bio provided.',
  notAvailable: 'N/A',
  deleteTitle: 'Confirm Staff Account Deletion',
  deleteButton: 'Delete Staff Account',
  deleting: 'Deleting...',
  deleted: 'Staff account deleted successfully',
  deleteFailed: 'Failed to delete staff account',
  adminNotDeletable: 'Admin accounts cannot be deleted.',
} as const;
