// A user account: the `user-{id}` stream. Its username is reserved in `username-{lowercased}` first.
export type AccountKind = 'VENDOR' | 'STAFF';

export const userStream = (userId: string) => `user-${userId}`;
export const usernameStream = (username: string) => `username-${username.toLowerCase()}`;

export interface UsernameReserved {
  type: 'UsernameReserved';
  data: { user_id: string; username: string };
}

export interface UserSignedUp {
  type: 'UserSignedUp';
  data: {
    user_id: string;
    username: string;
    email: string;
    kind: AccountKind;
    first_name: string;
    last_name: string;
    /** scrypt hash; never leaves the command side (history views must drop it). */
    password_hash: string;
    /** sha256 of the activation secret mailed to the user; the secret itself is never stored. */
    activation_secret_hash: string;
    activation_expires_at: string;
    /** The vendor profile (vendor-{id}) or staff profile (staff-{user_id}) created with the account. */
    vendor_id: string | null;
    /** The built-in admin: always ADMIN, never deleted or demoted. */
    builtin: boolean;
  };
}

export interface UserActivated {
  type: 'UserActivated';
  data: { user_id: string; activated_at: string };
}

export interface UserLoggedIn {
  type: 'UserLoggedIn';
  data: { user_id: string; at: string };
}

export interface UserDeleted {
  type: 'UserDeleted';
  data: { user_id: string };
}

export interface UserRestored {
  type: 'UserRestored';
  data: { user_id: string };
}

/**
 * The sign-up that reserved `username` for this user id never completed: it stopped before recording the account, or
 * after recording it but before the account's profile (the account was never activated: no activation link went
 * out). A later sign-up of the name took the reservation over. Closes the stream: a late `UserSignedUp` of the
 * stalled sign-up is refused, so one username never names two accounts, and an account recorded here is no more.
 */
export interface UserSignUpAbandoned {
  type: 'UserSignUpAbandoned';
  data: { user_id: string; username: string };
}

export type AccountEvent = UserSignedUp | UserActivated | UserLoggedIn | UserDeleted | UserRestored | UserSignUpAbandoned;
export type UsernameEvent = UsernameReserved;
