import type { FileRef } from '../vendors/events';
import type { FieldValue, LoadDocumentType, LoadSection, LoadStatus, PaymentStatus } from './fields';

export interface LoadCreated {
  type: 'LoadCreated';
  data: {
    load_id: string;
    load_number: string;
    kdt_id: string;
    vendor_id: string | null;
    vendor_name: string | null;
    user_id: string;
    pickup_location: string | null;
    pickup_date: string | null;
    delivery_location: string | null;
    delivery_date: string | null;
    rate_amount: number | null;
    created_at: string;
  };
}
export interface LoadStatusChanged { type: 'LoadStatusChanged'; data: { from: LoadStatus; to: LoadStatus } }
export interface LoadPaymentStatusChanged { type: 'LoadPaymentStatusChanged'; data: { from: PaymentStatus; to: PaymentStatus } }
export interface LoadPickupDateSet { type: 'LoadPickupDateSet'; data: { from: string | null; to: string | null } }
export interface LoadDeliveryDateSet { type: 'LoadDeliveryDateSet'; data: { from: string | null; to: string | null } }
export interface LoadSectionEdited {
  type: 'LoadSectionEdited';
  data: { section: LoadSection; changes: Record<string, { from: FieldValue; to: FieldValue }> };
}
export interface LoadVendorAssigned {
  type: 'LoadVendorAssigned';
  data: { from: { id: string; name: string | null } | null; to: { id: string; name: string | null } };
}
export interface LoadDocumentUploaded {
  type: 'LoadDocumentUploaded';
  data: { document_id: string; document_type: LoadDocumentType; file: FileRef };
}
export interface LoadDocumentDeleted {
  type: 'LoadDocumentDeleted';
  data: { document_id: string; document_type: LoadDocumentType; file_name: string };
}
export interface LoadDeleted { type: 'LoadDeleted'; data: { load_id: string } }
export interface LoadRestored { type: 'LoadRestored'; data: { load_id: string } }
/**
 * Closes the stream of a load id whose creation stopped after reserving its number and never recorded the load (a crash
 * between the two appends), so that the number can go to another load: a creation of this id that was only stalled
 * can then never record a second load of the number. The stream's first and only event.
 */
export interface LoadCreationAbandoned { type: 'LoadCreationAbandoned'; data: { load_id: string; kdt_id: string } }

export type LoadEvent =
  | LoadCreated
  | LoadStatusChanged
  | LoadPaymentStatusChanged
  | LoadPickupDateSet
  | LoadDeliveryDateSet
  | LoadSectionEdited
  | LoadVendorAssigned
  | LoadDocumentUploaded
  | LoadDocumentDeleted
  | LoadDeleted
  | LoadRestored
  | LoadCreationAbandoned;

export interface LoadNumberReserved { type: 'LoadNumberReserved'; data: { load_id: string; kdt_id: string } }

/** Every event type of a load stream; the check below fails to compile when a new event is not listed. */
export const LOAD_EVENT_TYPES = [
  'LoadCreated', 'LoadStatusChanged', 'LoadPaymentStatusChanged', 'LoadPickupDateSet', 'LoadDeliveryDateSet', 'LoadSectionEdited',
  'LoadVendorAssigned', 'LoadDocumentUploaded', 'LoadDocumentDeleted', 'LoadDeleted', 'LoadRestored',
  'LoadCreationAbandoned',
] as const satisfies readonly LoadEvent['type'][];
const everyLoadEventListed: Exclude<LoadEvent['type'], (typeof LOAD_EVENT_TYPES)[number]> extends never ? true : never = true;
void everyLoadEventListed;
