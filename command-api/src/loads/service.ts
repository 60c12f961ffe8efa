import { createHash, randomUUID } from 'node:crypto';
import * as loads from '@portal/domain/loads/decider';
import { changedMeanwhileDetail, LoadError, PAYMENTS_RECORDED, type LoadState } from '@portal/domain/loads/decider';
import type { LoadEvent } from '@portal/domain/loads/events';
import { loadNumberStream, loadStream, normalizeLoadNumber, SECTION_OF, type FieldValue, type LoadDocumentType } from '@portal/domain/loads/fields';
import type { FileRef } from '@portal/domain/vendors/events';
import { own } from '@portal/domain/own';
import type { CreateLoadBody, UpdateLoadBody } from '@portal/domain/loads/schemas';
import { loadView, type LoadView } from '@portal/domain/loads/view';
import { canOnLoad, LOAD_PERMISSION_MESSAGES, type Actor, type LoadCapability } from '@portal/domain/permissions';
import { WrongExpectedVersion, type EventMetadata, type EventStore } from '@portal/platform/event-store/port';
import { HttpError, notFound, notSignedIn, ValidationFailed } from '@portal/platform/http/errors';
import { handleCommand } from '../command-handler';
import { UUID } from '../ids';
import { StreamStates } from '../stream-states';
import { VendorNames } from '../vendors/vendor-name';


export interface LoadCommandResult {
  load: LoadView | null;
  /** Position of the last event appended; null when nothing changed. */
  position: bigint | null;
}

function refuse(capability: LoadCapability): never {
  throw new HttpError(403, LOAD_PERMISSION_MESSAGES[capability]);
}

/** Each part of a PATCH needs its own capability; the first one missing refuses the whole request. */
export function capabilitiesFor(patch: UpdateLoadBody): LoadCapability[] {
  const needed = new Set<LoadCapability>();
  if (patch.status !== undefined) needed.add('change_status');
  if (patch.pickup_date !== undefined || patch.delivery_date !== undefined) needed.add('set_dates');
  if (patch.payment_status !== undefined) needed.add('change_payment_status');
  if (patch.vendor !== undefined) needed.add('assign_vendor');
  for (const field of Object.keys(patch)) {
    const section = own(SECTION_OF, field);
    if (section) needed.add(`edit_section:${section}`);
  }
  return [...needed];
}

/** The spec's words for a load number another load has (or is being created with). */
const ID_TAKEN = 'ID already taken.';

/**
 * How long a load number's reservation whose load was never recorded holds the number: far longer than any creation
 * takes between its two appends. After it, the next creation of the number takes the reservation over (see released).
 */
export const LOAD_RESERVATION_GRACE_MS = 60_000;

/** A creation's idempotency key sent again for another load number. */
export const CREATE_KEY_REUSED = 'This request key was used for another load. Press Create again.';

/** A UUID (version 8: made by hand) from a hash of its parts: the same parts, the same id; no one can aim at another's. */
export function keyedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function mapLoadError(error: unknown): never {
  if (error instanceof LoadError) {
    if (error.code === 'invalid') throw new ValidationFailed(error.fields);
    if (error.code === 'not_found') throw notFound();
    if (error.code === 'document_not_found') throw notFound('Document not found.');
    if (error.code === 'payments_recorded') throw new HttpError(400, PAYMENTS_RECORDED);
    // With the fields as they are now, so the client can mark them without reading the load again (which may lag).
    if (error.code === 'changed_meanwhile') throw new HttpError(409, changedMeanwhileDetail(error.current), {}, { current: error.current });
  }
  throw error;
}

/** The load commands, with ownership and the tier matrix checked first: used by the routes and by demo seeding. */
export class LoadsService {
  /** Loads' states as the last command left them: a command appends at that revision instead of reading the stream. */
  private readonly states: StreamStates<LoadState, LoadEvent>;
  private readonly vendors: VendorNames;

  constructor(
    private readonly store: EventStore,
    options: { vendorNames?: VendorNames; maxKeptLoads?: number } = {},
  ) {
    this.states = new StreamStates<LoadState, LoadEvent>(loads, options.maxKeptLoads ?? 20_000);
    this.vendors = options.vendorNames ?? new VendorNames(store);
  }

  /** The load as a command answers it: like a read, with the vendor's name as it is now (see VendorNames). */
  private async view(state: LoadState): Promise<LoadView | null> {
    if (state.status !== 'exists') return null;
    const vendor = state.load.vendorId ? await this.vendors.forAnswer(state.load.vendorId) : undefined;
    return loadView({ ...state.load, vendorName: vendor?.name ?? state.load.vendorName });
  }

  /** The load if this actor may see it; another vendor's load, or a deleted one, does not exist for them. */
  private visible(actor: Actor, state: LoadState): loads.Load {
    if (state.status !== 'exists' || state.load.deleted || !canOnLoad(actor, 'view', state.load)) throw notFound();
    return state.load;
  }

  /** Runs a load command with visibility and the given capabilities checked on the very state it decides on. */
  private run(actor: Actor, loadId: string | undefined, command: loads.LoadCommand, metadata: EventMetadata, capabilities: LoadCapability[], check?: (load: loads.Load) => void) {
    if (!loadId || !UUID.test(loadId)) throw notFound();
    return handleCommand(this.store, loadStream(loadId), loads, command, metadata, (state) => {
      const load = this.visible(actor, state);
      for (const capability of capabilities) if (!canOnLoad(actor, capability, load)) refuse(capability);
      check?.(load);
    }, this.states).catch(mapLoadError);
  }

  /**
   * The vendor a load has now, by its name now (the load recorded the name it had when assigned): what a reassignment
   * records it was assigned from. Undefined when the load or its vendor cannot be read; the decision then keeps the
   * recorded name, and checks the id against the very state it decides on.
   */
  private async currentVendor(loadId: string | undefined): Promise<{ id: string; name: string } | undefined> {
    if (!loadId || !UUID.test(loadId)) return undefined;
    const { state } = await this.states.read(this.store, loadStream(loadId));
    if (state.status !== 'exists' || !state.load.vendorId) return undefined;
    return this.vendors.forAnswer(state.load.vendorId);
  }

  /** Refuses before any file is stored when the actor may not manage this load's documents. */
  async assertCanManageDocuments(actor: Actor, loadId: string | undefined): Promise<void> {
    if (!loadId || !UUID.test(loadId)) throw notFound();
    const load = this.visible(actor, (await this.states.read(this.store, loadStream(loadId))).state);
    if (!canOnLoad(actor, 'manage_documents', load)) refuse('manage_documents');
  }

  /**
   * With an idempotency key (the client's, one per New Load form it sends), the load's id comes from the caller and the
   * key, so the same creation sent again (its answer lost) finds the load number reserved for that very id and answers
   * the load as created, recording nothing, instead of 'ID already taken.' for the caller's own load.
   */
  async create(actor: Actor, body: CreateLoadBody, metadata: EventMetadata, now = new Date(), idempotencyKey?: string): Promise<LoadCommandResult> {
    if (!canOnLoad(actor, 'create')) refuse('create');
    const kdtId = normalizeLoadNumber(body.load_number);
    // Load numbers are unique whatever their case: kdt_abc1 names the same load as ABC1.
    if (body.kdt_id !== undefined && body.kdt_id !== '' && normalizeLoadNumber(body.kdt_id).toLowerCase() !== kdtId.toLowerCase()) {
      throw new ValidationFailed({ kdt_id: ['kdt_id must match the load number.'] });
    }
    let vendor: { id: string; name: string } | undefined;
    if (actor.type === 'VENDOR') {
      if (body.vendor && body.vendor !== actor.vendorId) refuse('assign_vendor');
      vendor = await this.vendors.current(actor.vendorId!);
      // The vendor's own profile is gone: an ADMIN deleted it (its account is closed first, and its sessions end just
      // after). The load would belong to no vendor and stay out of its creator's sight; answered as signed out.
      if (!vendor) throw notSignedIn();
    } else {
      if (!body.vendor) throw new ValidationFailed({ vendor: ['Please select a vendor.'] });
      vendor = await this.vendors.current(body.vendor);
      if (!vendor) throw new ValidationFailed({ vendor: ['Select a valid vendor.'] });
    }
    const loadId = idempotencyKey ? keyedId('create-load', actor.userId, idempotencyKey) : randomUUID();
    if (idempotencyKey) {
      const replayed = await this.createdWithKey(actor, loadId, kdtId);
      if (replayed) return replayed;
    }
    try {
      await this.store.appendToStream(loadNumberStream(kdtId), [{ type: 'LoadNumberReserved', data: { load_id: loadId, kdt_id: kdtId }, metadata }], {
        expectedRevision: 'no_stream',
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      await this.reservedAlready(kdtId, loadId, metadata);
    }
    // A brand-new id: its stream has no events (and should it have, the append at 'no_stream' is refused and the
    // command is decided again on what is there).
    if (!idempotencyKey) this.states.remember(loadStream(loadId), { state: loads.initialState(), revision: 'no_stream' });
    let result;
    try {
      result = await handleCommand(this.store, loadStream(loadId), loads, {
        type: 'CreateLoad',
        data: {
          load_id: loadId,
          load_number: kdtId,
          kdt_id: kdtId,
          vendor_id: vendor?.id ?? null,
          vendor_name: vendor?.name ?? null,
          user_id: actor.userId,
          pickup_location: body.pickup_location ?? null,
          pickup_date: body.pickup_date ?? null,
          delivery_location: body.delivery_location ?? null,
          delivery_date: body.delivery_date ?? null,
          rate_amount: body.rate_amount ?? null,
          now,
        },
      }, metadata, undefined, this.states);
    } catch (error) {
      // The same creation sent again while the first was still under way: the first made it; answered as made.
      const replayed = idempotencyKey && error instanceof LoadError && error.code === 'exists' ? await this.createdWithKey(actor, loadId, kdtId) : null;
      if (replayed) return replayed;
      // This creation stalled past LOAD_RESERVATION_GRACE_MS after reserving its number, and another creation took the
      // number over, closing this id (see released): the number is another load's now.
      if (error instanceof LoadError && error.code === 'exists') throw new ValidationFailed({ load_number: [ID_TAKEN] });
      throw error;
    }
    return { load: await this.view(result.state), position: result.position };
  }

  /**
   * A load number found reserved: taken, unless by this very creation, whose first try stopped after reserving it (the
   * load is created now), or by a load id that can never take it, whose reservation is then taken over here (at its
   * revision: of two takers, one wins). See `released`.
   */
  private async reservedAlready(kdtId: string, loadId: string, metadata: EventMetadata): Promise<void> {
    const taken = () => new ValidationFailed({ load_number: [ID_TAKEN] });
    const [last] = await this.store.readStream(loadNumberStream(kdtId), { direction: 'backwards', maxCount: 1 });
    const holder = (last?.data as { load_id?: unknown } | undefined)?.load_id;
    if (holder === loadId) return;
    if (!last || typeof holder !== 'string' || !UUID.test(holder)) throw taken();
    if (!(await this.released(kdtId, holder, last.createdAt, metadata))) throw taken();
    try {
      await this.store.appendToStream(loadNumberStream(kdtId), [{ type: 'LoadNumberReserved', data: { load_id: loadId, kdt_id: kdtId }, metadata }], {
        expectedRevision: last.revision,
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersion) throw taken();
      throw error;
    }
  }

  /**
   * Whether the load id holding a number's reservation (made at `reservedAt`) can never take it:
   * - its load exists under another number: a keyed creation that lost to the same key sent with another number at the
   *   same moment (answered 400, CREATE_KEY_REUSED). Before, such a number stayed reserved for good, while the id
   *   check said it was free;
   * - its creation stopped between reserving the number and recording the load (a crash between the two appends), and
   *   the reservation is older than LOAD_RESERVATION_GRACE_MS, which no creation in progress takes. The id's stream is
   *   closed first (LoadCreationAbandoned), so a creation that was only stalled can never record a second load of the
   *   number; if its load was recorded meanwhile, the number is taken after all. Before, such a number stayed reserved
   *   for good, while the id check (which reads the loads) said it was free;
   * - its stream was closed already, by a take-over that stopped before reserving the number.
   */
  private async released(kdtId: string, holder: string, reservedAt: Date, metadata: EventMetadata): Promise<boolean> {
    const { state } = await this.states.read(this.store, loadStream(holder));
    if (state.status === 'exists') return state.load.kdtId.toLowerCase() !== kdtId.toLowerCase();
    if (state.status === 'abandoned') return true;
    if (Date.now() - reservedAt.getTime() < LOAD_RESERVATION_GRACE_MS) return false;
    try {
      await handleCommand(this.store, loadStream(holder), loads, { type: 'AbandonLoadCreation', data: { load_id: holder, kdt_id: kdtId } }, metadata, undefined, this.states);
      return true;
    } catch (error) {
      if (error instanceof LoadError && error.code === 'exists') return false;
      throw error;
    }
  }

  /**
   * The load a keyed creation made already, answered as created (no position: nothing recorded now); null when there is
   * none yet. The key with another number is refused; a load the caller may no longer see (deleted, reassigned) is not
   * found, as it would be read.
   */
  private async createdWithKey(actor: Actor, loadId: string, kdtId: string): Promise<LoadCommandResult | null> {
    const { state } = await this.states.read(this.store, loadStream(loadId));
    if (state.status !== 'exists') return null;
    if (state.load.kdtId.toLowerCase() !== kdtId.toLowerCase()) throw new ValidationFailed({ load_number: [CREATE_KEY_REUSED] });
    this.visible(actor, state);
    return { load: await this.view(state), position: null };
  }

  async update(
    actor: Actor,
    loadId: string | undefined,
    patch: UpdateLoadBody,
    metadata: EventMetadata,
    now = new Date(),
    expected?: Record<string, string>,
  ): Promise<LoadCommandResult> {
    let vendorName: string | null | undefined;
    let currentVendor: { id: string; name: string } | undefined;
    if (patch.vendor !== undefined) {
      // Whoever may never assign vendors is refused before the vendor is even looked up.
      if (!canOnLoad(actor, 'assign_vendor')) refuse('assign_vendor');
      const vendor = await this.vendors.current(patch.vendor);
      if (!vendor) throw new ValidationFailed({ vendor: ['Select a valid vendor.'] });
      vendorName = vendor.name;
      currentVendor = await this.currentVendor(loadId);
    }
    const result = await this.run(actor, loadId, { type: 'UpdateLoad', data: { patch, vendorName, currentVendor, now, expected } }, metadata, capabilitiesFor(patch));
    return { load: await this.view(result.state), position: result.position };
  }

  /**
   * With an idempotency key (the client's, one per file it sends), the document's id comes from the load, the caller and
   * the key, so the same upload sent again (its answer lost) finds its document and records nothing: the answer is the
   * document as first uploaded. Without one, every upload is a new document.
   */
  async uploadDocument(actor: Actor, loadId: string | undefined, documentType: LoadDocumentType, file: FileRef, metadata: EventMetadata, idempotencyKey?: string) {
    const documentId = idempotencyKey ? keyedId(loadId ?? '', actor.userId, idempotencyKey) : randomUUID();
    const result = await this.run(actor, loadId, { type: 'UploadLoadDocument', data: { documentId, documentType, file } }, metadata, ['manage_documents']);
    const recorded = result.state.status === 'exists' ? result.state.load.documents.find((d) => d.id === documentId) : undefined;
    return { documentId, file: recorded?.file ?? file, position: result.position };
  }

  async deleteDocument(actor: Actor, loadId: string | undefined, documentId: string | undefined, metadata: EventMetadata) {
    if (!documentId || !UUID.test(documentId)) {
      await this.assertCanManageDocuments(actor, loadId);
      throw notFound('Document not found.');
    }
    // A carrier's own documents only: an earlier carrier's (on a load handed to it since) do not exist for it.
    const ownDocument = (load: loads.Load) => {
      const document = load.documents.find((d) => d.id === documentId);
      if (actor.type === 'VENDOR' && document && !loads.carrierSees(load, document)) throw notFound('Document not found.');
    };
    const result = await this.run(actor, loadId, { type: 'DeleteLoadDocument', data: { documentId } }, metadata, ['manage_documents'], ownDocument);
    return { position: result.position };
  }

  async remove(actor: Actor, loadId: string | undefined, metadata: EventMetadata): Promise<LoadCommandResult> {
    const result = await this.run(actor, loadId, { type: 'DeleteLoad', data: {} }, metadata, ['delete']);
    return { load: null, position: result.position };
  }
}
