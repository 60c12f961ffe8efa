import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
import * as vendors from '@portal/domain/vendors/decider';
import { AGREEMENT_TEXT, AGREEMENT_VERSION } from '@portal/domain/vendors/agreement';
import { vendorStream } from '@portal/domain/vendors/events';
import { CLEARED_FIELDS, COVERAGE_FIELDS, PROFILE_SECTION_OF, REQUIRED_FIELD_EMPTIED, REQUIRED_FIELDS, VENDOR_DOCUMENT_EXTENSIONS, VENDOR_FIELD_SECTION, VENDOR_DOCUMENT_TYPES, type ProfileField, type VendorDocumentType, type VendorField } from '@portal/domain/vendors/profile-fields';
import { staffVendorView } from '@portal/domain/vendors/staff-view';
import { userStream } from '@portal/domain/accounts/events';
import * as account from '@portal/domain/accounts/decider';
import { AccountError } from '@portal/domain/accounts/decider';
import type { SessionStore } from '@portal/platform/auth/sessions';
import { checkProfileField, isCalendarDate } from '@portal/domain/vendors/profile-rules';
import { vendorDocumentView, vendorProfileView } from '@portal/domain/vendors/view';
import { isAdmin, type Actor } from '@portal/domain/permissions';
import type { EventStore } from '@portal/platform/event-store/port';
import type { FileStorage } from '@portal/platform/files/storage';
import { HttpError, notFound, notSignedIn, ValidationFailed } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { load } from '../accounts/aggregates';
import { handleCommand, inTurn } from '../command-handler';
import { expectedValues } from '../expected-values';
import { canonicalId, UUID } from '../ids';
import { bodyFields } from '../request-body';
import { storeUpload, uploadedFile } from './uploaded-file';
import { DATE_YEAR_MESSAGE, inDateYears, readerToday } from '@portal/domain/calendar';

const AGREEMENT_FIELDS = new Set(['carrier_agreement_status', 'carrier_agreement_date', 'carrier_agreement_document']);
const AGREEMENT_SHA256 = createHash('sha256').update(AGREEMENT_TEXT).digest('hex');

function ownVendor(actor: Actor): string {
  if (actor.type !== 'VENDOR' || !actor.vendorId) throw new HttpError(403, 'You do not have permission to edit this profile.');
  return actor.vendorId;
}


function requireVendorAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new HttpError(403, 'You do not have permission to edit this vendor.');
}

/**
 * A vendor command refused by the decider. VendorError('not_found') only when the vendor was deleted after the route
 * checked it (a concurrent DELETE): answered as a request after that DELETE is, with `gone`.
 */
const whenRefused = (gone: () => HttpError) => (error: unknown): never => {
  if (error instanceof vendors.VendorError && error.code === 'not_found') throw gone();
  // A field the save expected is no longer so: 409 with the fields as they are now, and nothing recorded.
  if (error instanceof vendors.VendorError && error.code === 'changed_meanwhile') {
    throw new HttpError(409, vendors.PROFILE_CHANGED_MEANWHILE, {}, { current: error.current });
  }
  throw error;
};
/**
 * The fields an X-Expected-Values header may name: a vendor's own profile fields; an ADMIN's, with the coverage
 * amounts but without the bank numbers, which staff only ever see masked: a 409 would answer them whole, and a digest
 * accepted or refused would tell whether a guess was right.
 */
const PROFILE_FIELDS: ReadonlySet<string> = new Set(Object.keys(PROFILE_SECTION_OF));
const STAFF_EXPECTABLE_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(VENDOR_FIELD_SECTION).filter((field) => field !== 'bank_account_number' && field !== 'bank_routing_number'),
);
const vendorNotFound = () => notFound('Vendor not found.');
// A vendor's profile is deleted together with its account, whose sessions end: the vendor may no longer act.
const vendorSignedOut = notSignedIn;

/**
 * The latest day an agreement may be dated: today where the signer is, which may be tomorrow in UTC (the screen dates
 * a new signature today in the browser's zone, and a signature again with the date on file).
 */
const latestSigningDay = () => new Date(Date.now() + 14 * 3600 * 1000).toISOString().slice(0, 10);

const COVERAGE = new Set<string>(COVERAGE_FIELDS);

/** A coverage amount: dollars, at least 0, two decimals, stored as '1000000.00'. */
function checkCoverage(raw: string): { value: string; error: string | null } {
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned) || Number(cleaned) > 1e10) return { value: raw, error: 'Enter an amount in dollars, at least 0, with up to 2 decimals.' };
  return { value: Number(cleaned).toFixed(2), error: null };
}

/** Reads the body (JSON or multipart fields) into profile values and agreement fields, refusing anything else. */
function readProfileBody(ctx: Koa.Context, options: { staff?: boolean } = {}) {
  const body = bodyFields(ctx);
  // Prototype-free: a field named __proto__ or constructor is just a name here.
  const values: Partial<Record<VendorField, string>> = Object.create(null);
  const errors: Record<string, string[]> = Object.create(null);
  const agreement: Record<string, string> = Object.create(null);
  const cleared: VendorField[] = [];
  for (const [field, raw] of Object.entries(body)) {
    if (options.staff && field === 'vendor') continue;
    if (field === CLEARED_FIELDS) {
      readCleared(raw, cleared, errors, options.staff === true);
      continue;
    }
    if (options.staff && COVERAGE.has(field)) {
      if (raw === null || raw === undefined || raw === '') continue;
      const { value, error } = typeof raw === 'string' || typeof raw === 'number' ? checkCoverage(String(raw)) : { value: '', error: 'Enter a valid value.' };
      if (error) errors[field] = [error];
      else values[field as VendorField] = value;
      continue;
    }
    if (!options.staff && AGREEMENT_FIELDS.has(field)) {
      if (typeof raw === 'string' || typeof raw === 'boolean') agreement[field] = String(raw);
      else if (raw !== null && raw !== undefined) errors[field] = ['Enter a valid value.'];
      continue;
    }
    if (!Object.hasOwn(PROFILE_SECTION_OF, field)) {
      errors[field] = ['This field cannot be changed.'];
      continue;
    }
    // Empty, null and undefined values are not applied.
    if (raw === null || raw === undefined || raw === '') continue;
    if (typeof raw !== 'string') {
      errors[field] = ['Enter a valid value.'];
      continue;
    }
    const { value, error } = checkProfileField(field as ProfileField, raw);
    if (error) errors[field] = [error];
    else if (value !== '') values[field as ProfileField] = value;
  }
  for (const field of cleared) if (field in values) errors[field] = ['Either give this field a value or clear it, not both.'];
  return { values, errors, agreement, cleared };
}

/**
 * `cleared_fields`: the optional profile fields a save empties (a JSON array of names, or in a multipart body one
 * name per entry or names separated by commas). The spec's saves leave empty values out, so without it a value once
 * saved could never be removed (a departed second contact, an old website). A required field is refused.
 */
function readCleared(raw: unknown, cleared: VendorField[], errors: Record<string, string[]>, staff: boolean): void {
  const names = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null;
  if (!names || names.some((name) => typeof name !== 'string')) {
    errors[CLEARED_FIELDS] = ['Enter a list of field names.'];
    return;
  }
  // More names than the profile has fields is no real save (and would answer an error per name).
  if (names.length > Object.keys(PROFILE_SECTION_OF).length) {
    errors[CLEARED_FIELDS] = ['Enter at most one name per profile field.'];
    return;
  }
  for (const name of (names as string[]).map((each) => each.trim()).filter((each) => each !== '')) {
    // An ADMIN may also remove a coverage amount (entered by mistake, or no longer known), as only staff set them.
    if (!Object.hasOwn(PROFILE_SECTION_OF, name) && !(staff && COVERAGE.has(name))) errors[name] = ['This field cannot be changed.'];
    else if (REQUIRED_FIELDS.has(name as ProfileField)) errors[name] = [REQUIRED_FIELD_EMPTIED];
    else if (!cleared.includes(name as VendorField)) cleared.push(name as VendorField);
  }
}

export function vendorRoutes(deps: { store: EventStore; storage: FileStorage; sessions: SessionStore }): Router {
  const { store, storage, sessions } = deps;
  const router = new Router();

  /** The profile as this save left it (`saved`), or as it is now when the save recorded nothing. */
  const answerProfile = async (ctx: Koa.Context, vendorId: string, saved: { state: vendors.VendorState; position: bigint | null } | null) => {
    // Not read again after a save: a deletion landing meanwhile would answer a recorded save as refused.
    const state = saved?.state ?? (await load(store, vendorStream(vendorId), vendors));
    if (state.status !== 'active') throw notFound();
    if (state.deleted) throw vendorSignedOut();
    if (saved?.position != null) ctx.set('X-Event-Position', saved.position.toString());
    ctx.body = vendorProfileView(state);
  };

  /** An ADMIN's edit of a chosen vendor: it lands on that vendor's stream and no other. */
  const staffEdit = async (ctx: Koa.Context, actor: Actor, vendorId: unknown) => {
    requireVendorAdmin(actor);
    if (typeof vendorId !== 'string' || !UUID.test(vendorId)) throw new ValidationFailed({ vendor: ['Choose the vendor to edit.'] });
    const stream = vendorStream(canonicalId(vendorId));
    const state = await load(store, stream, vendors);
    if (state.status !== 'active' || state.deleted) throw notFound('Vendor not found.');
    const { values, errors, cleared } = readProfileBody(ctx, { staff: true });
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const expected = expectedValues(ctx, STAFF_EXPECTABLE_FIELDS, 'vendor');
    const result = await handleCommand(store, stream, vendors, { type: 'EditProfile', data: { values, expected, cleared } }, actorMetadata(actor, ctx))
      .catch(whenRefused(vendorNotFound));
    if (result.position !== null) ctx.set('X-Event-Position', result.position.toString());
    if (result.state.status !== 'active') throw vendorNotFound();
    ctx.body = staffVendorView(result.state, { createdAt: result.state.createdAt, updatedAt: null }, readerToday(ctx.query.tz));
  };

  router.patch('/api/vendors/:id/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    // An address naming no vendor is not found, as for DELETE (a body's 'vendor' that names none is a field error).
    const vendorId = canonicalId(ctx.params.id);
    if (!vendorId || !UUID.test(vendorId)) {
      requireVendorAdmin(actor);
      throw notFound('Vendor not found.');
    }
    return staffEdit(ctx, actor, vendorId);
  });

  router.delete('/api/vendors/:id/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    if (!isAdmin(actor)) throw new HttpError(403, 'You do not have permission to delete vendors.');
    const vendorId = canonicalId(ctx.params.id);
    if (!vendorId || !UUID.test(vendorId)) throw notFound('Vendor not found.');
    const state = await load(store, vendorStream(vendorId), vendors);
    if (state.status !== 'active') throw notFound('Vendor not found.');
    const metadata = actorMetadata(actor, ctx);
    // Two streams, two appends, and no transaction across them: the account goes first, so a deletion that stops
    // half way (a lost connection, a crash) leaves a vendor that can no longer log in, still listed for the ADMIN to
    // delete again, never a vendor gone from every list whose user still works. An account already deleted
    // (AccountError 'unknown': that earlier half) has nothing more to record.
    const closeAccount = () =>
      handleCommand(store, userStream(state.userId), account, { type: 'DeleteAccount', data: {} }, metadata).catch((error) => {
        if (error instanceof AccountError && error.code === 'unknown') return { position: null };
        throw error;
      });
    let position: bigint | null;
    if (state.deleted) {
      // Deleted before this order, by a deletion that stopped after the vendor's event: finish it, or it is gone.
      const user = await load(store, userStream(state.userId), account);
      if (user.status !== 'registered' || user.deleted) throw notFound('Vendor not found.');
      position = (await closeAccount()).position;
    } else {
      const closed = await closeAccount();
      const deleted = await handleCommand(store, vendorStream(vendorId), vendors, { type: 'DeleteVendor', data: {} }, metadata).catch(whenRefused(vendorNotFound));
      position = deleted.position ?? closed.position;
    }
    await sessions.destroyAllFor(state.userId);
    if (position !== null) ctx.set('X-Event-Position', position.toString());
    ctx.status = 204;
  });

  router.patch('/api/profiles/vendor/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    // The staff screen sends its vendor edits here too; they must name the vendor (spec leaves it out).
    if (actor.type === 'STAFF') return staffEdit(ctx, actor, bodyFields(ctx).vendor);
    const vendorId = ownVendor(actor);
    const { values, errors, agreement, cleared } = readProfileBody(ctx);
    const signature = uploadedFile(ctx, 'carrier_agreement_document');
    const signing = signature !== undefined || Object.keys(agreement).length > 0;
    if (signing) {
      if (agreement.carrier_agreement_status !== 'true') errors.carrier_agreement_status = ['The agreement must be accepted (carrier_agreement_status: true).'];
      if (!agreement.carrier_agreement_date || !isCalendarDate(agreement.carrier_agreement_date.trim())) errors.carrier_agreement_date = ['Enter a valid date (yyyy-mm-dd).'];
      else if (!inDateYears(Number(agreement.carrier_agreement_date.trim().slice(0, 4)))) errors.carrier_agreement_date = [DATE_YEAR_MESSAGE];
      else if (agreement.carrier_agreement_date.trim() > latestSigningDay()) errors.carrier_agreement_date = ['The agreement date cannot be in the future.'];
      if (!signature) errors.carrier_agreement_document = ['Please provide a signature before saving.'];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const expected = expectedValues(ctx, PROFILE_FIELDS, 'profile');
    const metadata = actorMetadata(actor, ctx);
    // The signature is checked and stored before anything is recorded: a bad image changes nothing.
    const signatureFile = signature ? await storeUpload(storage, signature, 'carrier_agreement_document', ['png']) : undefined;
    // The profile values and the signature are recorded together, or neither is.
    const commands: vendors.VendorCommand[] = [];
    if (Object.keys(values).length > 0 || cleared.length > 0 || expected) commands.push({ type: 'EditProfile', data: { values, expected, cleared } });
    if (signatureFile) {
      commands.push({
        type: 'SignAgreement',
        data: { date: agreement.carrier_agreement_date!.trim(), signature: signatureFile, agreement_version: AGREEMENT_VERSION, agreement_sha256: AGREEMENT_SHA256 },
      });
    }
    const saved = commands.length === 0 ? null : await handleCommand(store, vendorStream(vendorId), inTurn(vendors), commands, metadata).catch(whenRefused(vendorSignedOut));
    await answerProfile(ctx, vendorId, saved);
  });

  router.post('/api/vendor/documents/:type/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    const vendorId = ownVendor(actor);
    const type = ctx.params.type as VendorDocumentType;
    if (!VENDOR_DOCUMENT_TYPES.includes(type)) throw notFound();
    if (type === 'carrier_agreement') throw new ValidationFailed({ file: ['The carrier agreement is signed on the Carrier Agreement screen.'] });
    const file = uploadedFile(ctx, 'file');
    if (!file) throw new ValidationFailed({ file: ['Please select a file to upload.'] });
    const stored = await storeUpload(storage, file, 'file', VENDOR_DOCUMENT_EXTENSIONS);
    const result = await handleCommand(store, vendorStream(vendorId), vendors, { type: 'UploadDocument', data: { documentType: type, file: stored } }, actorMetadata(actor, ctx))
      .catch(whenRefused(vendorSignedOut));
    if (result.position !== null) ctx.set('X-Event-Position', result.position.toString());
    ctx.status = 201;
    ctx.body = { document_type: type, ...vendorDocumentView(vendorId, stored) };
  });

  return router;
}
