import { carrierSees, type Load, type LoadDocument } from './decider';
import { LOAD_DOCUMENT_TYPES, type LoadDocumentType } from './fields';

export type DocumentCounts = Record<LoadDocumentType, number>;

export function documentCounts(documents: readonly LoadDocument[]): DocumentCounts {
  const counts = Object.fromEntries(LOAD_DOCUMENT_TYPES.map((type) => [type, 0])) as DocumentCounts;
  for (const document of documents) counts[document.type] += 1;
  return counts;
}

/** The spec's flags, plus has_invoice for the tables' Invoice column; each flag is exactly the type its cell opens. */
function documentFlags(counts: DocumentCounts) {
  return {
    has_bill_of_lading: counts.bill_of_lading > 0,
    has_proof_of_delivery: counts.proof_of_delivery > 0,
    has_rate_confirmation: counts.rate_confirmation > 0,
    has_invoice: counts.invoice > 0,
    has_other_documents: counts.other > 0,
    has_photos: counts.photos > 0,
  };
}

export type DocumentFlags = ReturnType<typeof documentFlags>;

/** The load as every API answer shows it (spec section 3), from the folded stream. */
export function loadView(load: Load) {
  // The documents of the load's current time: an earlier carrier's are not counted (staff still list them).
  const counts = documentCounts((load.documents ?? []).filter((document) => carrierSees(load, document)));
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
    ...documentFlags(counts),
    document_counts: counts,
    created_at: load.createdAt,
  };
}

export type LoadView = ReturnType<typeof loadView>;
