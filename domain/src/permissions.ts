// The tier matrix of staff-side.md section 6 and the vendor's ownership rule, as one pure function. The command API
// enforces it; the UI asks it only to hide what would be refused.
import type { LoadSection } from './loads/fields';
import type { StaffTier } from './staff/events';

export interface Actor {
  userId: string;
  username: string;
  type: 'VENDOR' | 'STAFF';
  tier: StaffTier | null;
  vendorId: string | null;
}

export type LoadCapability =
  | 'view'
  | 'create'
  | 'change_status'
  | 'set_dates'
  | `edit_section:${LoadSection}`
  | 'assign_vendor'
  | 'manage_documents'
  | 'change_payment_status'
  | 'delete';

const STAFF_LOAD_CAPABILITIES: Record<StaffTier, readonly LoadCapability[]> = {
  ADMIN: ['view', 'create', 'change_status', 'set_dates', 'edit_section:pickup', 'edit_section:delivery', 'edit_section:rate', 'edit_section:equipment', 'edit_section:tracking', 'assign_vendor', 'manage_documents', 'change_payment_status', 'delete'],
  // The spec leaves load creation by staff open: ADMIN and DISPATCH_OPS may (README, "Permissions").
  DISPATCH_OPS: ['view', 'create', 'change_status', 'set_dates', 'edit_section:pickup', 'edit_section:delivery', 'edit_section:rate', 'edit_section:equipment', 'edit_section:tracking', 'assign_vendor', 'manage_documents'],
  ACCOUNTING: ['view', 'edit_section:rate', 'manage_documents', 'change_payment_status'],
  PENDING: ['view'],
};

// A vendor does everything to its own loads but choose their vendor.
const VENDOR_LOAD_CAPABILITIES: readonly LoadCapability[] = STAFF_LOAD_CAPABILITIES.ADMIN.filter((c) => c !== 'assign_vendor');

/** An ADMIN staff member: staff administration, vendor edits and deletions, the recycle bin and deleted records. */
export const isAdmin = (actor: Actor): boolean => actor.type === 'STAFF' && actor.tier === 'ADMIN';

/** The tiers that see payment history and the payments log. */
export const PAYMENT_AUDIT_TIERS: readonly StaffTier[] = ['ACCOUNTING', 'ADMIN'];

/** May this actor read payment history (a load's, and the payments log)? */
export const canAuditPayments = (actor: Actor): boolean => actor.type === 'STAFF' && actor.tier !== null && PAYMENT_AUDIT_TIERS.includes(actor.tier);

/** May this actor do this to this load (undefined: to loads in general, e.g. create)? */
export function canOnLoad(actor: Actor, capability: LoadCapability, load?: { vendorId: string | null }): boolean {
  if (actor.type === 'STAFF') return actor.tier !== null && STAFF_LOAD_CAPABILITIES[actor.tier].includes(capability);
  if (!actor.vendorId) return false;
  if (load && load.vendorId !== actor.vendorId) return false;
  return VENDOR_LOAD_CAPABILITIES.includes(capability);
}

/** The refusal each capability answers with (spec texts where the spec has one). */
export const LOAD_PERMISSION_MESSAGES: Record<LoadCapability, string> = {
  view: 'Not found.',
  create: "You don't have permission to create loads.",
  change_status: 'You do not have permission to change the load status.',
  set_dates: 'You do not have permission to change load dates.',
  'edit_section:pickup': 'You do not have permission to save changes to this section.',
  'edit_section:delivery': 'You do not have permission to save changes to this section.',
  'edit_section:rate': 'You do not have permission to edit rate details.',
  'edit_section:equipment': 'You do not have permission to save changes to this section.',
  'edit_section:tracking': 'You do not have permission to save changes to this section.',
  assign_vendor: 'You do not have permission to assign vendors.',
  manage_documents: 'You do not have permission to upload documents',
  change_payment_status: 'You do not have permission to change the payment status.',
  delete: 'You do not have permission to delete loads.',
};
