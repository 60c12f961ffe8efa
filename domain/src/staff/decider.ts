import type { StaffEvent, StaffProfileCreated, StaffTier } from './events';

export type StaffState =
  | { status: 'none' }
  | { status: 'active'; userId: string; tier: StaffTier; builtin: boolean; firstName: string; lastName: string; email: string };

export type CreateStaffProfile = { type: 'CreateStaffProfile'; data: StaffProfileCreated['data'] };
export type ChangeTier = { type: 'ChangeTier'; data: { to: StaffTier } };
export type StaffCommand = CreateStaffProfile | ChangeTier;

export class StaffError extends Error {
  constructor(readonly code: 'exists' | 'unknown' | 'builtin_admin') {
    super(code);
  }
}

export const initialState = (): StaffState => ({ status: 'none' });

export function evolve(state: StaffState, event: StaffEvent): StaffState {
  switch (event.type) {
    case 'StaffProfileCreated':
      return {
        status: 'active',
        userId: event.data.user_id,
        tier: event.data.tier,
        builtin: event.data.builtin,
        firstName: event.data.first_name,
        lastName: event.data.last_name,
        email: event.data.email,
      };
    case 'StaffTierChanged':
      return state.status === 'active' ? { ...state, tier: event.data.to } : state;
  }
}

export function decide(command: StaffCommand, state: StaffState): StaffEvent[] {
  switch (command.type) {
    case 'CreateStaffProfile':
      if (state.status !== 'none') throw new StaffError('exists');
      return [{ type: 'StaffProfileCreated', data: command.data }];
    case 'ChangeTier':
      if (state.status !== 'active') throw new StaffError('unknown');
      if (state.builtin && command.data.to !== 'ADMIN') throw new StaffError('builtin_admin');
      // Choosing the current tier changes nothing.
      if (state.tier === command.data.to) return [];
      return [{ type: 'StaffTierChanged', data: { user_id: state.userId, from: state.tier, to: command.data.to } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}
