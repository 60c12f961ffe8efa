import type { VendorEvent, VendorProfileCreated } from './events';

export type VendorState = { status: 'none' } | { status: 'active'; vendorId: string; userId: string; username: string };

export type CreateVendorProfile = { type: 'CreateVendorProfile'; data: VendorProfileCreated['data'] };
export type VendorCommand = CreateVendorProfile;

export class VendorError extends Error {
  constructor(readonly code: 'exists') {
    super(code);
  }
}

export const initialState = (): VendorState => ({ status: 'none' });

export function evolve(_state: VendorState, event: VendorEvent): VendorState {
  switch (event.type) {
    case 'VendorProfileCreated':
      return { status: 'active', vendorId: event.data.vendor_id, userId: event.data.user_id, username: event.data.username };
  }
}

export function decide(command: VendorCommand, state: VendorState): VendorEvent[] {
  switch (command.type) {
    case 'CreateVendorProfile':
      if (state.status !== 'none') throw new VendorError('exists');
      return [{ type: 'VendorProfileCreated', data: command.data }];
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unknown command ${String(unhandled)}`);
    }
  }
}
