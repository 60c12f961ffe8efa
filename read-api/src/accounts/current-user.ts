import type pg from 'pg';

/** The signed-in user as GET /api/auth/user/ answers it; undefined for an unknown, inactive or deleted account. */
export async function currentUser(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query(
    `SELECT u.id, u.username, u.email, u.kind, u.is_active, u.date_joined, u.last_login, u.vendor_id, u.builtin,
            s.tier, s.first_name AS s_first_name, s.last_name AS s_last_name, s.email AS s_email, s.phone, s.phone_ext,
            s.department, s.position, s.bio
     FROM users u LEFT JOIN staff_profiles s ON s.user_id = u.id
     WHERE u.id = $1 AND u.is_active AND u.deleted_at IS NULL`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const isStaff = row.kind === 'STAFF' && row.tier !== null;
  return {
    id: row.id as string,
    username: row.username as string,
    email: row.email as string,
    first_name: isStaff ? (row.s_first_name as string) : '',
    last_name: isStaff ? (row.s_last_name as string) : '',
    is_active: row.is_active as boolean,
    date_joined: (row.date_joined as Date).toISOString(),
    last_login: row.last_login ? (row.last_login as Date).toISOString() : null,
    user_type: row.kind as 'VENDOR' | 'STAFF',
    staff_profile: isStaff
      ? {
          // The built-in admin always shows as ADMIN.
          tier: row.builtin ? 'ADMIN' : (row.tier as string),
          first_name: row.s_first_name as string,
          last_name: row.s_last_name as string,
          email: row.s_email as string,
          phone: row.phone as string,
          phone_ext: row.phone_ext as string,
          department: row.department as string,
          position: row.position as string,
          bio: row.bio as string,
        }
      : null,
    vendor_profile: row.kind === 'VENDOR' && row.vendor_id ? { id: row.vendor_id as string } : null,
  };
}
