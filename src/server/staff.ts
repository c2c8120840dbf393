// Making someone staff: the only way to get write access to the CMS (public.staff, see
// supabase/migrations/*_staff_and_policies.sql). Used by `npm run staff` and by `npm start` for the demo account.
import { ensureUser } from './auth.ts'
import type { Database } from './db.ts'

export async function ensureStaff(
  db: Database,
  email: string,
  password: string,
): Promise<{ userId: string; accountCreated: boolean; alreadyStaff: boolean }> {
  const { id, created } = await ensureUser(db, email, password)
  const inserted = await db.transaction((tx) => tx.query('insert into public.staff (user_id) values ($1) on conflict do nothing', [id]))
  return { userId: id, accountCreated: created, alreadyStaff: (inserted.affectedRows ?? 0) === 0 }
}
