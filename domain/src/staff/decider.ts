import type { StaffEvent, StaffProfileCreated, StaffProfileField, StaffTier } from './events';

export type StaffState =
  | { status: 'none' }
  | {
      status: 'active';
      userId: string;
      tier: StaffTier;
      builtin: boolean;
      firstName: string;
      lastName: string;
      email: string;
      profile: Record<StaffProfileField, string | null>;
    };

export type CreateStaffProfile = { type: 'CreateStaffProfile'; data: StaffProfileCreated['data'] };
export type ChangeTier = { type: 'ChangeTier'; data: { to: StaffTier } };
/** Values already validated and normalised; empty ones are not applied. */
export type EditStaffProfile = { type: 'EditStaffProfile'; data: { values: Partial<Record<StaffProfileField, string>> } };
export type StaffCommand = CreateStaffProfile | ChangeTier | EditStaffProfile;

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
        profile: {
          department: null, position: null, first_name: event.data.first_name || null, last_name: event.data.last_name || null,
          email: event.data.email || null, phone: null, phone_ext: null, bio: null,
        },
      };
    case 'StaffTierChanged':
      return state.status === 'active' ? { ...state, tier: event.data.to } : state;
    case 'StaffProfileEdited': {
      if (state.status !== 'active') return state;
      const profile = { ...state.profile };
      for (const [field, change] of Object.entries(event.data.changes)) profile[field as StaffProfileField] = change.to;
      return { ...state, profile, firstName: profile.first_name ?? '', lastName: profile.last_name ?? '', email: profile.email ?? '' };
    }
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
    case 'EditStaffProfile': {
      if (state.status !== 'active') throw new StaffError('unknown');
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      for (const [field, value] of Object.entries(command.data.values)) {
        if (value === undefined || value === null || value === '') continue;
        const before = state.profile[field as StaffProfileField] ?? null;
        if (before !== value) changes[field] = { from: before, to: value };
      }
      return Object.keys(changes).length > 0 ? [{ type: 'StaffProfileEdited', data: { user_id: state.userId, changes } }] : [];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}
