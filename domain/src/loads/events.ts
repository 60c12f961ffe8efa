import type { FieldValue, LoadSection, LoadStatus, PaymentStatus } from './fields';

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
export interface LoadDeleted { type: 'LoadDeleted'; data: { load_id: string } }
export interface LoadRestored { type: 'LoadRestored'; data: { load_id: string } }

export type LoadEvent =
  | LoadCreated
  | LoadStatusChanged
  | LoadPaymentStatusChanged
  | LoadPickupDateSet
  | LoadDeliveryDateSet
  | LoadSectionEdited
  | LoadVendorAssigned
  | LoadDeleted
  | LoadRestored;

export interface LoadNumberReserved { type: 'LoadNumberReserved'; data: { load_id: string; kdt_id: string } }
