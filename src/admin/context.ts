import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import { createContext, useContext } from 'react'
import type { RecordRef } from './recordLinks'

export interface AdminContextValue {
  supabase: SupabaseClient<Database>
  user: User
  /** False for a signed-in account that is not staff: every form is shown read-only. */
  canEdit: boolean
  /** Opens a post's or page's form in its tab (asking first when the open tab has unsaved changes). */
  openRecord: (record: RecordRef) => void
}

export const AdminContext = createContext<AdminContextValue | null>(null)

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext)
  if (!value) throw new Error('useAdmin() outside the admin panel')
  return value
}
