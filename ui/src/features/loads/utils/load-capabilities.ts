// What the signed-in user may do to loads, from the same tier matrix the command API enforces (domain/permissions).
// The UI only hides or disables what the server would refuse anyway.
import { LOAD_SECTIONS, type LoadSection } from '@portal/domain/loads/fields';
import { type Actor, canOnLoad, LOAD_PERMISSION_MESSAGES, type LoadCapability } from '@portal/domain/permissions';
import type { CurrentUser } from '../../../lib/auth/current-user';

export interface LoadCapabilities {
  create: boolean;
  changeStatus: boolean;
  setDates: boolean;
  editSection: Record<LoadSection, boolean>;
  assignVendor: boolean;
  manageDocuments: boolean;
  changePaymentStatus: boolean;
  delete: boolean;
}

const SECTIONS = Object.keys(LOAD_SECTIONS) as LoadSection[];

/** How long a refusal shown in place of an action stays (staff-side.md section 9). */
export const PERMISSION_MESSAGE_MS = 3000;

/** The spec's words for a pencil the tier may not use; the rate section has its own. */
export const SECTION_EDIT_REFUSED = 'You do not have permission to edit this section';

export function sectionEditRefusal(section: LoadSection): string {
  return section === 'rate' ? LOAD_PERMISSION_MESSAGES['edit_section:rate'] : SECTION_EDIT_REFUSED;
}

/** Said when the user's tier changed while they were editing a section (by its title), and no longer lets them. */
export const sectionEditLost = (title: string): string =>
  `Your access changed while you were editing ${title}: you may no longer edit it, and your changes here were not saved.`;

export function actorOf(user: CurrentUser): Actor {
  const isStaff = user.staff_profile !== null;
  return {
    userId: user.id,
    username: user.username,
    type: isStaff ? 'STAFF' : 'VENDOR',
    tier: user.staff_profile?.tier ?? null,
    vendorId: user.vendor_profile?.id ?? null,
  };
}

/** Every flag for this actor; with a load, for that load (a vendor acts on its own loads only). */
export function loadCapabilities(actor: Actor | null, load?: { vendor: string | null }): LoadCapabilities {
  const can = (capability: LoadCapability) => actor !== null && canOnLoad(actor, capability, load ? { vendorId: load.vendor } : undefined);
  return {
    create: can('create'),
    changeStatus: can('change_status'),
    setDates: can('set_dates'),
    editSection: Object.fromEntries(SECTIONS.map((section) => [section, can(`edit_section:${section}`)])) as Record<LoadSection, boolean>,
    assignVendor: can('assign_vendor'),
    manageDocuments: can('manage_documents'),
    changePaymentStatus: can('change_payment_status'),
    delete: can('delete'),
  };
}

/** The vendor screens' default: everything a vendor may do to its own loads. */
export const VENDOR_LOAD_CAPABILITIES: LoadCapabilities = loadCapabilities({
  userId: '',
  username: '',
  type: 'VENDOR',
  tier: null,
  vendorId: 'own',
});
