// Making someone staff: the only way to get write access to the CMS (public.staff, see
// supabase/migrations/*_staff_and_policies.sql and *_staff_roles.sql). Used by `npm run staff` and by
// `npm start` for the demo account. Whoever has the operator's shell is trusted with the whole team, so the
// account becomes an admin: the first account, and the way back in when every admin is locked out.
import { ensureUser } from '../backend/auth/index.ts'
import type { Database } from '../backend/db.ts'

export async function ensureStaff(
  db: Database,
  email: string,
  password: string,
): Promise<{ userId: string; accountCreated: boolean; alreadyStaff: boolean }> {
  const { id, created } = await ensureUser(db, email, password)
  const alreadyStaff = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ role: string }>('select role from public.staff where user_id = $1', [id])
    await tx.query(`insert into public.staff (user_id, role) values ($1, 'admin') on conflict (user_id) do update set role = 'admin'`, [id])
    return rows[0]?.role === 'admin'
  })
  return { userId: id, accountCreated: created, alreadyStaff }
}
