import { own } from '../own';
import type { FileRef } from '../vendors/events';
import type { LoadCreated, LoadEvent } from './events';
import {
  emptySectionValues,
  EXPECTABLE_OUTSIDE_SECTIONS,
  LOAD_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  SECTION_OF,
  type LoadDocumentType,
  type FieldValue,
  type LoadSection,
  type LoadStatus,
  type PaymentStatus,
  type SectionField,
  type SectionValues,
} from './fields';
import { valueDigest } from '../expected';
import type { UpdateLoadBody } from './schemas';

export interface Load {
  id: string;
  loadNumber: string;
  kdtId: string;
  vendorId: string | null;
  vendorName: string | null;
  userId: string;
  status: LoadStatus;
  paymentStatus: PaymentStatus;
  pickupDate: string | null;
  deliveryDate: string | null;
  values: SectionValues;
  deleted: boolean;
  createdAt: string;
  documents: LoadDocument[];
  /**
   * Ids of the documents deleted from the load: an upload keyed to one of them (the same Idempotency-Key after the
   * delete) is refused rather than recorded under an id the read models already had. Absent in states folded before it.
   */
  deletedDocumentIds?: string[];
}

export interface LoadDocument {
  id: string;
  type: LoadDocumentType;
  file: FileRef;
  /**
   * The vendor the load was assigned to when the document was uploaded. A carrier's documents are its own time with
   * the load: one the load is handed to later does not see them (see carrierSees). Absent on states folded before it
   * was kept (read as the load's vendor now, until the upgrade's rebuild folds them again).
   */
  vendorId?: string | null;
}

/**
 * Whether the load's vendor now sees (counts, lists, opens, deletes) a document: one uploaded in its own time with the
 * load (by it or by staff). A rate confirmation naming the previous carrier and its rate, or its invoice, stays with
 * that carrier's time; staff see every document.
 */
export const carrierSees = (load: Pick<Load, 'vendorId'>, document: LoadDocument): boolean =>
  document.vendorId === undefined || document.vendorId === null || document.vendorId === load.vendorId;

/** 'abandoned': the id's creation never recorded its load, and its stream was closed (see LoadCreationAbandoned). */
export type LoadState = { status: 'none' } | { status: 'abandoned' } | { status: 'exists'; load: Load };

export type CreateLoad = { type: 'CreateLoad'; data: Omit<LoadCreated['data'], 'created_at'> & { now: Date } };
/**
 * `vendorName`: the name of the vendor the patch assigns, as it is now. `currentVendor`: the vendor the load has, with
 * its name as it is now (a rename since the load recorded it shows in the reassignment's `from`); used only if it is
 * still the load's vendor when the command is decided.
 */
export type UpdateLoad = {
  type: 'UpdateLoad';
  data: {
    patch: UpdateLoadBody;
    vendorName?: string | null;
    currentVendor?: { id: string; name: string };
    now: Date;
    /**
     * What the client saw of the fields it changes (a form's values as it opened), as digests (expected.ts): a field
     * that is no longer so, and that this request does not set to what it is now, was changed by someone else
     * meanwhile, and the whole request is refused rather than written over it unseen.
     */
    expected?: Record<string, string>;
  };
};
export type UploadLoadDocument = { type: 'UploadLoadDocument'; data: { documentId: string; documentType: LoadDocumentType; file: FileRef } };
export type DeleteLoadDocument = { type: 'DeleteLoadDocument'; data: { documentId: string } };
export type DeleteLoad = { type: 'DeleteLoad'; data: Record<string, never> };
export type RestoreLoad = { type: 'RestoreLoad'; data: Record<string, never> };
/** Closes a load id that has no load (see LoadCreationAbandoned); refused ('exists') once the load is recorded. */
export type AbandonLoadCreation = { type: 'AbandonLoadCreation'; data: { load_id: string; kdt_id: string } };
export type LoadCommand = CreateLoad | UpdateLoad | UploadLoadDocument | DeleteLoadDocument | DeleteLoad | RestoreLoad | AbandonLoadCreation;

/** A PATCH whose expected values are no longer so (409). */
export const CHANGED_MEANWHILE = 'Someone else changed this while you were editing. Check the values now, then save again.';

/**
 * The 409's words for what changed meanwhile: a status or payment status alone is named with its value now (the UI's
 * status controls show the server's words, as the spec has them do on a failure), anything else CHANGED_MEANWHILE.
 */
export function changedMeanwhileDetail(current: Record<string, FieldValue>): string {
  const fields = Object.keys(current);
  if (fields.length === 1 && fields[0] === 'status' && typeof current.status === 'string' && own(LOAD_STATUS_LABELS, current.status)) {
    return `Someone else set the status to ${LOAD_STATUS_LABELS[current.status as LoadStatus]} meanwhile. Choose again if yours should replace it.`;
  }
  if (fields.length === 1 && fields[0] === 'payment_status' && typeof current.payment_status === 'string' && own(PAYMENT_STATUS_LABELS, current.payment_status)) {
    return `Someone else set the payment status to ${PAYMENT_STATUS_LABELS[current.payment_status as PaymentStatus]} meanwhile. Choose again if yours should replace it.`;
  }
  return CHANGED_MEANWHILE;
}

/** An idempotency key sent again with another file or document type than its first upload. */
export const UPLOAD_KEY_REUSED = 'This upload key was used for another file. Choose the file again.';

export class LoadError extends Error {
  constructor(
    readonly code: 'exists' | 'not_found' | 'not_deleted' | 'invalid' | 'document_not_found' | 'changed_meanwhile' | 'payments_recorded',
    readonly fields: Record<string, string[]> = {},
    /** For 'changed_meanwhile': the fields changed meanwhile, as they are now. */
    readonly current: Record<string, FieldValue> = {},
  ) {
    super(code);
  }
}

export const initialState = (): LoadState => ({ status: 'none' });

export function evolve(state: LoadState, event: LoadEvent): LoadState {
  if (event.type === 'LoadCreated') {
    const d = event.data;
    const values = emptySectionValues();
    values.pickup_location = d.pickup_location;
    values.delivery_location = d.delivery_location;
    values.rate_amount = d.rate_amount;
    return {
      status: 'exists',
      load: {
        id: d.load_id, loadNumber: d.load_number, kdtId: d.kdt_id, vendorId: d.vendor_id, vendorName: d.vendor_name, userId: d.user_id,
        status: 'open', paymentStatus: 'unpaid', pickupDate: d.pickup_date, deliveryDate: d.delivery_date, values, deleted: false,
        createdAt: d.created_at, documents: [],
      },
    };
  }
  if (event.type === 'LoadCreationAbandoned') return state.status === 'none' ? { status: 'abandoned' } : state;
  if (state.status !== 'exists') return state;
  // Rows stored before documents were recorded on the load have no list yet.
  const load = { ...state.load, documents: state.load.documents ?? [] };
  switch (event.type) {
    case 'LoadStatusChanged':
      return { status: 'exists', load: { ...load, status: event.data.to } };
    case 'LoadPaymentStatusChanged':
      return { status: 'exists', load: { ...load, paymentStatus: event.data.to } };
    case 'LoadPickupDateSet':
      return { status: 'exists', load: { ...load, pickupDate: event.data.to } };
    case 'LoadDeliveryDateSet':
      return { status: 'exists', load: { ...load, deliveryDate: event.data.to } };
    case 'LoadSectionEdited': {
      const values = { ...load.values };
      for (const [field, change] of Object.entries(event.data.changes)) values[field as SectionField] = change.to;
      return { status: 'exists', load: { ...load, values } };
    }
    case 'LoadVendorAssigned':
      return { status: 'exists', load: { ...load, vendorId: event.data.to.id, vendorName: event.data.to.name } };
    case 'LoadDocumentUploaded': {
      // An id is uploaded once (decide refuses an id the load has had). Should a second upload of it ever be
      // recorded, the first stays, as in the load_documents read model.
      const id = event.data.document_id;
      if (load.documents.some((d) => d.id === id) || load.deletedDocumentIds?.includes(id)) return state;
      return { status: 'exists', load: { ...load, documents: [...load.documents, { id, type: event.data.document_type, file: event.data.file, vendorId: load.vendorId }] } };
    }
    case 'LoadDocumentDeleted':
      return {
        status: 'exists',
        load: {
          ...load,
          documents: load.documents.filter((d) => d.id !== event.data.document_id),
          deletedDocumentIds: [...(load.deletedDocumentIds ?? []), event.data.document_id],
        },
      };
    case 'LoadDeleted':
      return { status: 'exists', load: { ...load, deleted: true } };
    case 'LoadRestored':
      return { status: 'exists', load: { ...load, deleted: false } };
  }
}

function same(a: FieldValue, b: FieldValue): boolean {
  if (typeof a === 'string' && typeof b === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(a) && /^\d{4}-\d{2}-\d{2}T/.test(b)) {
    return new Date(a).getTime() === new Date(b).getTime();
  }
  return a === b;
}

function existing(state: LoadState): Load {
  if (state.status !== 'exists' || state.load.deleted) throw new LoadError('not_found');
  return state.load;
}

/** The fields a PATCH may say it expects (UpdateLoad's `expected`) besides the section fields, and their values now. */
const EXPECTABLE_OUTSIDE_SECTION_VALUES: Record<(typeof EXPECTABLE_OUTSIDE_SECTIONS)[number], (load: Load) => FieldValue> = {
  pickup_date: (load) => load.pickupDate,
  delivery_date: (load) => load.deliveryDate,
  status: (load) => load.status,
  payment_status: (load) => load.paymentStatus,
};

export const EXPECTABLE_FIELDS: ReadonlySet<string> = new Set([...Object.keys(SECTION_OF), ...EXPECTABLE_OUTSIDE_SECTIONS]);

/** A field a request may say it expects, as it is now (undefined for any other name). */
export function expectableValue(load: Load, field: string): FieldValue | undefined {
  if (own(SECTION_OF, field)) return load.values[field as SectionField] ?? null;
  return own(EXPECTABLE_OUTSIDE_SECTION_VALUES, field)?.(load);
}

/** Whether a load (as this patch leaves it) holds anything paid to, or noted about paying, its vendor. */
function hasPaymentFacts(load: Load, patch: UpdateLoad['data']['patch']): boolean {
  const after = <F extends 'amount_paid' | 'last_payment_date' | 'payment_notes'>(field: F) => (patch[field] !== undefined ? patch[field] : load.values[field]) ?? null;
  const status = patch.payment_status ?? load.paymentStatus;
  const paid = after('amount_paid');
  const notes = after('payment_notes');
  return status !== 'unpaid' || (typeof paid === 'number' && paid !== 0) || after('last_payment_date') !== null || (typeof notes === 'string' && notes.trim() !== '');
}

export const PAYMENTS_RECORDED =
  'Payments are recorded on this load for its current vendor. Clear the amount paid, last payment date and payment notes, and set the payment status to Unpaid, before assigning another vendor.';

/** One request becomes the events that say what changed; nothing changed, nothing recorded. */
function updateLoad(command: UpdateLoad, state: LoadState): LoadEvent[] {
  const load = existing(state);
  const { patch, now } = command.data;
  const changed: Record<string, FieldValue> = {};
  for (const [field, digest] of Object.entries(command.data.expected ?? {})) {
    const now = expectableValue(load, field) ?? null;
    const setTo = (patch as Record<string, FieldValue | undefined>)[field];
    // Someone else already set what this request sets: no clash, the same end.
    if (valueDigest(now) !== digest && !(setTo !== undefined && same(setTo, now))) changed[field] = now;
  }
  if (Object.keys(changed).length > 0) throw new LoadError('changed_meanwhile', {}, changed);
  const events: LoadEvent[] = [];
  // What was paid (and noted) to one carrier is not another's: the new one would see it as its own, and what it is
  // owed would count the first one's payment. It is cleared first (the payment history records that), by accounting
  // or in the same request; the handover is then the request's last event, so what it cleared is the first carrier's
  // time with the load (its log rows name that carrier, and the new one does not see them).
  const reassigned = patch.vendor !== undefined && patch.vendor !== load.vendorId;
  if (reassigned && load.vendorId !== null && hasPaymentFacts(load, patch)) throw new LoadError('payments_recorded');
  let pickupDate = load.pickupDate;
  let deliveryDate = load.deliveryDate;

  if (patch.status !== undefined && patch.status !== load.status) {
    events.push({ type: 'LoadStatusChanged', data: { from: load.status, to: patch.status } });
  }
  if (patch.pickup_date !== undefined && !same(patch.pickup_date, pickupDate)) {
    events.push({ type: 'LoadPickupDateSet', data: { from: pickupDate, to: patch.pickup_date } });
    pickupDate = patch.pickup_date;
  }
  if (patch.delivery_date !== undefined && !same(patch.delivery_date, deliveryDate)) {
    events.push({ type: 'LoadDeliveryDateSet', data: { from: deliveryDate, to: patch.delivery_date } });
    deliveryDate = patch.delivery_date;
  }
  // Picked up (delivered) with no pickup (delivery) date: the date is now, in the same append.
  if (patch.status === 'picked_up' && load.status !== 'picked_up' && pickupDate === null) {
    events.push({ type: 'LoadPickupDateSet', data: { from: null, to: now.toISOString() } });
  }
  if (patch.status === 'delivered' && load.status !== 'delivered' && deliveryDate === null) {
    events.push({ type: 'LoadDeliveryDateSet', data: { from: null, to: now.toISOString() } });
  }
  if (patch.payment_status !== undefined && patch.payment_status !== load.paymentStatus) {
    events.push({ type: 'LoadPaymentStatusChanged', data: { from: load.paymentStatus, to: patch.payment_status } });
  }

  const bySection = new Map<LoadSection, Record<string, { from: FieldValue; to: FieldValue }>>();
  const merged = { ...load.values };
  for (const [field, value] of Object.entries(patch)) {
    const section = own(SECTION_OF, field);
    if (!section || value === undefined) continue;
    const before = load.values[field as SectionField];
    if (same(value as FieldValue, before)) continue;
    merged[field as SectionField] = value as FieldValue;
    bySection.set(section, { ...(bySection.get(section) ?? {}), [field]: { from: before, to: value as FieldValue } });
  }
  const [min, max] = [merged.temperature_min, merged.temperature_max];
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    throw new LoadError('invalid', { temperature_max: ['Maximum temperature must not be below the minimum temperature.'] });
  }
  for (const [section, changes] of bySection) events.push({ type: 'LoadSectionEdited', data: { section, changes } });
  if (reassigned) {
    const renamed = command.data.currentVendor?.id === load.vendorId ? command.data.currentVendor?.name : undefined;
    const from = load.vendorId ? { id: load.vendorId, name: renamed ?? load.vendorName } : null;
    events.push({ type: 'LoadVendorAssigned', data: { from, to: { id: patch.vendor!, name: command.data.vendorName ?? null } } });
  }
  return events;
}

export function decide(command: LoadCommand, state: LoadState): LoadEvent[] {
  switch (command.type) {
    case 'CreateLoad': {
      if (state.status !== 'none') throw new LoadError('exists');
      const { now, ...data } = command.data;
      return [{ type: 'LoadCreated', data: { ...data, created_at: now.toISOString() } }];
    }
    case 'UpdateLoad':
      return updateLoad(command, state);
    case 'UploadLoadDocument': {
      const { documentId, documentType, file } = command.data;
      // The same upload again (a retry with the same idempotency key, its first answer lost): nothing new is recorded.
      const load = existing(state);
      const earlier = load.documents.find((d) => d.id === documentId);
      if (earlier) {
        if (earlier.type === documentType && earlier.file.sha256 === file.sha256) return [];
        throw new LoadError('invalid', { file: [UPLOAD_KEY_REUSED] });
      }
      // Uploaded with this key and deleted since: not recorded again under its id (the read models had it).
      if (load.deletedDocumentIds?.includes(documentId)) throw new LoadError('invalid', { file: [UPLOAD_KEY_REUSED] });
      return [{ type: 'LoadDocumentUploaded', data: { document_id: documentId, document_type: documentType, file } }];
    }
    case 'DeleteLoadDocument': {
      const document = existing(state).documents.find((d) => d.id === command.data.documentId);
      if (!document) throw new LoadError('document_not_found');
      return [{ type: 'LoadDocumentDeleted', data: { document_id: document.id, document_type: document.type, file_name: document.file.name } }];
    }
    case 'DeleteLoad':
      return [{ type: 'LoadDeleted', data: { load_id: existing(state).id } }];
    case 'RestoreLoad':
      if (state.status !== 'exists') throw new LoadError('not_found');
      if (!state.load.deleted) throw new LoadError('not_deleted');
      return [{ type: 'LoadRestored', data: { load_id: state.load.id } }];
    case 'AbandonLoadCreation':
      if (state.status === 'exists') throw new LoadError('exists');
      // Closed already (by a take-over that stopped before reserving the number, or one running now): nothing more.
      return state.status === 'abandoned' ? [] : [{ type: 'LoadCreationAbandoned', data: command.data }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}
