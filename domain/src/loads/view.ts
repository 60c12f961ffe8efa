import type { Load } from './decider';

export interface DocumentFlags {
  has_bill_of_lading: boolean;
  has_proof_of_delivery: boolean;
  has_rate_confirmation: boolean;
  has_other_documents: boolean;
  has_photos: boolean;
}

export const noDocuments = (): DocumentFlags => ({
  has_bill_of_lading: false,
  has_proof_of_delivery: false,
  has_rate_confirmation: false,
  has_other_documents: false,
  has_photos: false,
});

/** The load as every API answer shows it (spec section 3), from the folded stream. */
export function loadView(load: Load, documents: DocumentFlags = noDocuments()) {
  return {
    id: load.id,
    load_number: load.loadNumber,
    kdt_id: load.kdtId,
    vendor: load.vendorId,
    vendor_name: load.vendorName,
    user_id: load.userId,
    status: load.status,
    payment_status: load.paymentStatus,
    pickup_date: load.pickupDate,
    delivery_date: load.deliveryDate,
    ...load.values,
    ...documents,
    created_at: load.createdAt,
  };
}

export type LoadView = ReturnType<typeof loadView>;
