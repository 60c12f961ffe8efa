// The staff load texts of staff-side.md section 8 that the loads feature's vendor texts do not already cover.
export const STAFF_LOAD_MESSAGES = {
  notFound: "Load not found or you don't have permission to view it.",
  notAssigned: 'Not Assigned',
  /** The board's Vendor cell. */
  boardNotAssigned: 'Not assigned',
} as const;

export const ASSIGN_VENDOR_MESSAGES = {
  assigned: 'Vendor assigned successfully!',
  failed: 'Failed to assign vendor.',
  notAssigned: STAFF_LOAD_MESSAGES.notAssigned,
} as const;

export const assignmentFailedToast = (reason: string) => `Assignment failed: ${reason}`;
