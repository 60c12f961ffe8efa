// A staff member's profile and tier: the `staff-{userId}` stream.
export const STAFF_TIERS = ['ADMIN', 'DISPATCH_OPS', 'ACCOUNTING', 'PENDING'] as const;
export type StaffTier = (typeof STAFF_TIERS)[number];

export const staffStream = (userId: string) => `staff-${userId}`;

export interface StaffProfileCreated {
  type: 'StaffProfileCreated';
  data: { user_id: string; tier: StaffTier; first_name: string; last_name: string; email: string; builtin: boolean };
}

export interface StaffTierChanged {
  type: 'StaffTierChanged';
  data: { user_id: string; from: StaffTier; to: StaffTier };
}

export const STAFF_PROFILE_FIELDS = ['department', 'position', 'first_name', 'last_name', 'email', 'phone', 'phone_ext', 'bio'] as const;
export type StaffProfileField = (typeof STAFF_PROFILE_FIELDS)[number];

export interface StaffProfileEdited {
  type: 'StaffProfileEdited';
  data: { user_id: string; changes: Record<string, { from: string | null; to: string | null }> };
}

export type StaffEvent = StaffProfileCreated | StaffTierChanged | StaffProfileEdited;
