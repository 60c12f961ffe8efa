import * as account from '@portal/domain/accounts/decider';
import { AccountError } from '@portal/domain/accounts/decider';
import { userStream } from '@portal/domain/accounts/events';
import * as loads from '@portal/domain/loads/decider';
import { LoadError } from '@portal/domain/loads/decider';
import { loadStream } from '@portal/domain/loads/fields';
import * as vendors from '@portal/domain/vendors/decider';
import { VendorError } from '@portal/domain/vendors/decider';
import { vendorStream } from '@portal/domain/vendors/events';
import { loadStaff } from '../accounts/aggregates';
import { load } from '../accounts/aggregates';
import type { EventMetadata, EventStore } from '@portal/platform/event-store/port';
import { HttpError } from '@portal/platform/http/errors';
import { handleCommand } from '../command-handler';
import { canonicalId, UUID } from '../ids';

export const RESTORABLE_KINDS = ['loads', 'vendors', 'staff'] as const;
export type RestorableKind = (typeof RESTORABLE_KINDS)[number];

const NOT_DELETED = 'This record is not deleted: it was restored already, or never deleted.';

/**
 * Restores a soft-deleted record by appending its restore event; the projector rebuilds it from its stream, with its
 * whole history. Used by the recycle bin (an ADMIN) and by `npm run projector -- restore` (an ops actor).
 */
export async function restoreRecord(store: EventStore, kind: RestorableKind, rawId: string, metadata: EventMetadata): Promise<bigint | null> {
  if (!UUID.test(rawId)) throw new HttpError(404, 'Not found.');
  const id = canonicalId(rawId);
  try {
    switch (kind) {
      case 'loads':
        return (await handleCommand(store, loadStream(id), loads, { type: 'RestoreLoad', data: {} }, metadata)).position;
      case 'vendors': {
        const state = await load(store, vendorStream(id), vendors);
        if (state.status !== 'active') throw new HttpError(404, 'Not found.');
        // A deletion or a restore that stopped half way may have left either the vendor or its account deleted alone
        // (the recycle bin lists both cases): what is deleted comes back, the vendor first; neither is 409.
        const vendor = state.deleted ? await handleCommand(store, vendorStream(id), vendors, { type: 'RestoreVendor', data: {} }, metadata) : null;
        // The vendor's account comes back with it, so it can log in again.
        const restored = await handleCommand(store, userStream(state.userId), account, { type: 'RestoreAccount', data: {} }, metadata).catch((error) => {
          if (vendor && error instanceof AccountError && error.code === 'not_deleted') return { position: null };
          throw error;
        });
        return restored.position ?? vendor?.position ?? null;
      }
      case 'staff': {
        if ((await loadStaff(store, id)).status !== 'active') throw new HttpError(404, 'Not found.');
        return (await handleCommand(store, userStream(id), account, { type: 'RestoreAccount', data: {} }, metadata)).position;
      }
    }
  } catch (error) {
    if ((error instanceof LoadError || error instanceof VendorError || error instanceof AccountError) && error.code === 'not_deleted') {
      throw new HttpError(409, NOT_DELETED);
    }
    if (error instanceof LoadError || error instanceof VendorError || error instanceof AccountError) throw new HttpError(404, 'Not found.');
    throw error;
  }
}
