// Who a storage request runs as, and running its SQL so. Supabase Storage runs each request's queries in
// a transaction with `role` and `request.jwt.claims` set from the caller's verified JWT, so the RLS
// policies on storage.objects and storage.buckets decide what the caller may do (service_role bypasses
// them); lookups the service makes for itself (is the bucket public?) run as the database owner.
import type { JWTPayload } from 'jose'
import { API_ROLES, type ApiRole, type Database, type Transaction } from '../db.ts'
import type { Keys } from '../keys.ts'
import { bearerToken, header, type ApiRequest } from '../reply.ts'
import { errors, fromDatabaseError, type StorageError } from './errors.ts'

export interface Caller {
  role: ApiRole
  claims: JWTPayload
}

/** The caller named by the request's bearer token (or, without one, its apikey, as the gateway does). */
export async function callerOf(req: ApiRequest, keys: Keys): Promise<Caller> {
  const token = bearerToken(req) ?? header(req, 'apikey') ?? req.query.get('apikey') ?? ''
  // jose's own messages ("Invalid Compact JWS", "signature verification failed"…), as Storage answers them.
  const claims = await keys.verify(token).catch((error: unknown) => {
    throw errors.invalidJwt(error instanceof Error ? error.message : undefined)
  })
  if (!API_ROLES.includes(claims.role as ApiRole)) throw errors.invalidJwt(`The role claim "${String(claims.role)}" is not an API role`)
  return { role: claims.role as ApiRole, claims }
}

/** The caller's user id (the token's `sub`), stored as the object's owner. */
export function ownerOf(caller: Caller): string | null {
  return typeof caller.claims.sub === 'string' ? caller.claims.sub : null
}

/** Thrown to end a check's transaction with a rollback. */
class RolledBack extends Error {}

export class StorageDb {
  constructor(private readonly db: Database) {}

  /** Runs `work` as the caller: their role and claims, so row-level security applies. */
  asCaller<T>(caller: Caller, work: (tx: Transaction) => Promise<T>, duplicate?: () => StorageError): Promise<T> {
    return this.mapErrors(
      this.db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          caller.role,
          JSON.stringify(caller.claims),
        ])
        return work(tx)
      }),
      duplicate,
    )
  }

  /** Whether the caller's policies allow `work`'s writes; nothing of it is kept (Supabase's canInsert check). */
  async allows(caller: Caller, work: (tx: Transaction) => Promise<unknown>, duplicate?: () => StorageError): Promise<void> {
    await this.asCaller(
      caller,
      async (tx) => {
        await work(tx)
        throw new RolledBack()
      },
      duplicate,
    ).catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error
    })
  }

  /** Runs `work` as the database owner (the storage service's own lookups). */
  asOwner<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.mapErrors(this.db.transaction(work))
  }

  private async mapErrors<T>(run: Promise<T>, duplicate?: () => StorageError): Promise<T> {
    try {
      return await run
    } catch (error) {
      throw fromDatabaseError(error, duplicate) ?? error
    }
  }
}
