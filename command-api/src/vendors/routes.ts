import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
import * as vendors from '@portal/domain/vendors/decider';
import { AGREEMENT_TEXT, AGREEMENT_VERSION } from '@portal/domain/vendors/agreement';
import { vendorStream } from '@portal/domain/vendors/events';
import { PROFILE_SECTION_OF, VENDOR_DOCUMENT_TYPES, type ProfileField, type VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { checkProfileField } from '@portal/domain/vendors/profile-rules';
import { vendorDocumentView, vendorProfileView } from '@portal/domain/vendors/view';
import type { Actor } from '@portal/domain/permissions';
import type { EventStore } from '@portal/platform/event-store/port';
import type { FileStorage } from '@portal/platform/files/storage';
import { HttpError, notFound, ValidationFailed } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { load } from '../accounts/aggregates';
import { handleCommand } from '../command-handler';
import { storeUpload, uploadedFile } from './uploaded-file';

const VENDOR_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
const AGREEMENT_FIELDS = new Set(['carrier_agreement_status', 'carrier_agreement_date', 'carrier_agreement_document']);
const AGREEMENT_SHA256 = createHash('sha256').update(AGREEMENT_TEXT).digest('hex');

function ownVendor(actor: Actor): string {
  if (actor.type !== 'VENDOR' || !actor.vendorId) throw new HttpError(403, 'You do not have permission to edit this profile.');
  return actor.vendorId;
}

const isoDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const d = new Date(`${value.trim()}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value.trim());
};

/** Reads the body (JSON or multipart fields) into profile values and agreement fields, refusing anything else. */
function readProfileBody(ctx: Koa.Context) {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const values: Partial<Record<ProfileField, string>> = {};
  const errors: Record<string, string[]> = {};
  const agreement: Record<string, string> = {};
  for (const [field, raw] of Object.entries(body)) {
    if (AGREEMENT_FIELDS.has(field)) {
      if (typeof raw === 'string' || typeof raw === 'boolean') agreement[field] = String(raw);
      continue;
    }
    if (!(field in PROFILE_SECTION_OF)) {
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
  return { values, errors, agreement };
}

export function vendorRoutes(deps: { store: EventStore; storage: FileStorage }): Router {
  const { store, storage } = deps;
  const router = new Router();

  const answerProfile = async (ctx: Koa.Context, vendorId: string, position: bigint | null) => {
    const state = await load(store, vendorStream(vendorId), vendors);
    if (state.status !== 'active') throw notFound();
    if (position !== null) ctx.set('X-Event-Position', position.toString());
    ctx.body = vendorProfileView(state);
  };

  router.patch('/api/profiles/vendor/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    const vendorId = ownVendor(actor);
    const { values, errors, agreement } = readProfileBody(ctx);
    const signature = uploadedFile(ctx, 'carrier_agreement_document');
    const signing = signature !== undefined || Object.keys(agreement).length > 0;
    if (signing) {
      if (agreement.carrier_agreement_status !== 'true') errors.carrier_agreement_status = ['The agreement must be accepted (carrier_agreement_status: true).'];
      if (!agreement.carrier_agreement_date || !isoDate(agreement.carrier_agreement_date)) errors.carrier_agreement_date = ['Enter a valid date (yyyy-mm-dd).'];
      if (!signature) errors.carrier_agreement_document = ['Please provide a signature before saving.'];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const metadata = actorMetadata(actor, ctx);
    // The signature is checked and stored before anything is recorded: a bad image changes nothing.
    const signatureFile = signature ? await storeUpload(storage, signature, 'carrier_agreement_document', ['png']) : undefined;
    let position: bigint | null = null;
    if (Object.keys(values).length > 0) {
      position = (await handleCommand(store, vendorStream(vendorId), vendors, { type: 'EditProfile', data: { values } }, metadata)).position ?? position;
    }
    if (signatureFile) {
      const signed = await handleCommand(store, vendorStream(vendorId), vendors, {
        type: 'SignAgreement',
        data: { date: agreement.carrier_agreement_date!.trim(), signature: signatureFile, agreement_version: AGREEMENT_VERSION, agreement_sha256: AGREEMENT_SHA256 },
      }, metadata);
      position = signed.position;
    }
    await answerProfile(ctx, vendorId, position);
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
    const result = await handleCommand(store, vendorStream(vendorId), vendors, { type: 'UploadDocument', data: { documentType: type, file: stored } }, actorMetadata(actor, ctx));
    if (result.position !== null) ctx.set('X-Event-Position', result.position.toString());
    ctx.status = 201;
    ctx.body = { document_type: type, ...vendorDocumentView(vendorId, stored) };
  });

  return router;
}
