import type { AccountEvent } from '@portal/domain/accounts/events';
import { STAFF_PROFILE_FIELDS, type StaffEvent, type StaffProfileField } from '@portal/domain/staff/events';
import { RECYCLE_BIN_CHANGE } from '../notices';
import type { Projection } from '../runtime';

type Handled = AccountEvent | StaffEvent;

/** Every account and staff event type, and only those: the record fails to compile when one is added or removed. */
const HANDLED: Record<Handled['type'], true> = {
  UserSignedUp: true, UserActivated: true, UserLoggedIn: true, UserDeleted: true, UserRestored: true, UserSignUpAbandoned: true,
  StaffProfileCreated: true, StaffProfileEdited: true, StaffTierChanged: true,
};

/** A write of an event, in event order; `then` runs with its result (the abandoned sign-up's notice). */
interface Write {
  text: string;
  values: unknown[];
  then?: (result: { rowCount: number | null }) => void;
}

/**
 * users and staff_profiles. Password hashes and activation secrets never reach a read model.
 *
 * The writes are made at commit (`flush`), in event order, not as each event is applied: in a replay the next
 * transaction applies its events while the previous one is still committing, so an UPDATE made at once could not see
 * the row that one inserted and changed nothing (a rebuild over more than a transaction's events lost the logins,
 * deletions and tier changes of accounts created in the transaction before). A flush runs once the previous
 * transaction has committed (rebuild.ts).
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  eventTypes: new Set(Object.keys(HANDLED)),
  apply(recorded, context) {
    const { changed } = context;
    const writes = context.local<Write[]>('accounts:writes', () => []);
    const write = (text: string, values: unknown[], then?: Write['then']) => void writes.push({ text, values, then });
    const event = { type: recorded.type, data: recorded.data } as Handled;
    switch (event.type) {
      case 'UserSignedUp': {
        const d = event.data;
        write(
          `INSERT INTO users (id, username, email, kind, first_name, last_name, builtin, vendor_id, date_joined)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [d.user_id, d.username, d.email, d.kind, d.first_name, d.last_name, d.builtin, d.vendor_id, recorded.createdAt],
        );
        changed({ kind: 'user', key: d.user_id, op: 'upsert' });
        return;
      }
      case 'UserActivated':
        write('UPDATE users SET is_active = true WHERE id = $1', [event.data.user_id]);
        changed({ kind: 'user', key: event.data.user_id, op: 'upsert' });
        return;
      case 'UserLoggedIn':
        write('UPDATE users SET last_login = $2 WHERE id = $1', [event.data.user_id, event.data.at]);
        changed({ kind: 'user', key: event.data.user_id, op: 'upsert' });
        return;
      case 'StaffProfileCreated': {
        const d = event.data;
        write(
          `INSERT INTO staff_profiles (user_id, tier, first_name, last_name, email, builtin) VALUES ($1, $2, $3, $4, $5, $6)`,
          [d.user_id, d.tier, d.first_name, d.last_name, d.email, d.builtin],
        );
        changed({ kind: 'staff', key: d.user_id, op: 'upsert' });
        return;
      }
      case 'UserDeleted':
        write('UPDATE users SET deleted_at = $2, deleted_by = $3 WHERE id = $1', [event.data.user_id, recorded.createdAt, recorded.metadata.actorUsername ?? null]);
        changed({ kind: 'user', key: event.data.user_id, op: 'remove' });
        // A staff member enters the bin (a vendor's account goes and comes back with its vendor: announced all the same).
        changed({ kind: RECYCLE_BIN_CHANGE, key: `user:${event.data.user_id}`, op: 'upsert' });
        return;
      case 'UserRestored':
        write('UPDATE users SET deleted_at = NULL, deleted_by = NULL WHERE id = $1', [event.data.user_id]);
        changed({ kind: 'user', key: event.data.user_id, op: 'upsert' });
        changed({ kind: RECYCLE_BIN_CHANGE, key: `user:${event.data.user_id}`, op: 'remove' });
        return;
      case 'UserSignUpAbandoned': {
        // Never an account, or one whose sign-up stopped before its profile: no row.
        const userId = event.data.user_id;
        write('DELETE FROM users WHERE id = $1', [userId], (removed) => {
          if (removed.rowCount) changed({ kind: 'user', key: userId, op: 'remove' });
        });
        return;
      }
      case 'StaffProfileEdited': {
        const changes = event.data.changes;
        const columns = Object.keys(changes).filter((field) => STAFF_PROFILE_FIELDS.includes(field as StaffProfileField));
        if (columns.length > 0) {
          const sets = columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
          write(`UPDATE staff_profiles SET ${sets} WHERE user_id = $1`, [event.data.user_id, ...columns.map((c) => changes[c]!.to ?? '')]);
          const names = columns.filter((c) => ['first_name', 'last_name', 'email'].includes(c));
          if (names.length > 0) {
            write(`UPDATE users SET ${names.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [event.data.user_id, ...names.map((c) => changes[c]!.to ?? '')]);
          }
        }
        changed({ kind: 'staff', key: event.data.user_id, op: 'upsert' });
        return;
      }
      case 'StaffTierChanged':
        write('UPDATE staff_profiles SET tier = $2 WHERE user_id = $1', [event.data.user_id, event.data.to]);
        changed({ kind: 'staff', key: event.data.user_id, op: 'upsert' });
        return;
      default:
        return;
    }
  },
  async flush(context) {
    const writes = context.local<Write[]>('accounts:writes', () => []);
    for (const write of writes.splice(0)) {
      const result = await context.tx.query(write.text, write.values);
      write.then?.(result);
    }
  },
};
