import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import { createContext, useContext } from 'react'

export interface AdminContextValue {
  supabase: SupabaseClient<Database>
  user: User
  /** False for a signed-in account that is not staff: every form is shown read-only. */
  canEdit: boolean
}

export const AdminContext = createContext<AdminContextValue | null>(null)

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext)
  if (!value) throw new Error('useAdmin() outside the admin panel')
  return value
}
