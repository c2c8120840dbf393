// PGlite is one Postgres session. Two parties use it: the Node server (auth, migrations, `npm run staff`)
// through PGlite's own API, and PostgREST through the wire protocol (@electric-sql/pglite-socket). Anything
// one of them leaves in the session — an open transaction, `set local role`, `request.jwt.claims`, the
// unnamed prepared statement between Parse and Sync — the other would otherwise run inside. The gate gives
// the session to one party at a time, for a whole unit of work: a Node transaction, or on the socket side
// every protocol message from the first after an idle session up to the Sync (or simple Query) that leaves
// it outside a transaction block again (decision 0025).
import type { PGlite } from '@electric-sql/pglite'

type Party = 'node' | 'socket'

export class SessionGate {
  private owner: Party | null = null
  private readonly waiting: { party: Party; admit: () => void }[] = []

  /** Resolves once `party` holds the session; a party already holding it is admitted at once. */
  acquire(party: Party): Promise<void> {
    if (this.owner === party) return Promise.resolve()
    if (this.owner === null && this.waiting.length === 0) {
      this.owner = party
      return Promise.resolve()
    }
    return new Promise((admit) => this.waiting.push({ party, admit }))
  }

  release(party: Party): void {
    if (this.owner !== party) return
    const next = this.waiting.shift()
    this.owner = next?.party ?? null
    next?.admit()
  }

  holder(): Party | null {
    return this.owner
  }
}

// Protocol message types that end a cycle: Sync ('S') closes an extended-protocol exchange, Query ('Q')
// a simple one, Terminate ('X') the connection. The startup packet has no type byte: its first byte is
// the high byte of its length, 0.
const CYCLE_ENDS = new Set([0x53, 0x51, 0x58, 0x00])
// Flush ('H') asks for the answers so far without ending the cycle.
const FLUSH = 0x48
/** A simple-protocol Query message: `deallocate all`. */
const DEALLOCATE_ALL = (() => {
  const sql = Buffer.from('deallocate all\0')
  const header = Buffer.alloc(5)
  header.write('Q', 0)
  header.writeInt32BE(sql.length + 4, 1)
  return Buffer.concat([header, sql])
})()

/**
 * The PGlite face pglite-socket sees: the methods its query queue calls, each taken through the gate. It is
 * structurally what PGLiteSocketServer needs of a PGlite instance (waitReady, isInTransaction, runExclusive,
 * execProtocolRawStream, exec).
 *
 * pglite-socket hands PGlite one protocol message at a time; PostgREST sends each statement as five (Parse,
 * Bind, Describe, Execute, Sync) and waits for the answers only after the Sync. The face keeps the messages
 * of a cycle and gives them to PGlite in one call at the Sync (or a Flush), which answers them all as
 * Postgres would: one WebAssembly call and one socket write per statement instead of five or more.
 */
export function gatedSocketDatabase(pg: PGlite, gate: SessionGate): PGlite {
  let lastType = -1
  let pending: Uint8Array[] = []
  const face = {
    get waitReady() {
      return pg.waitReady
    },
    // pglite-socket asks this to keep a connection's transaction whole: while it is true, its queue serves only
    // the connection that ran last, and a connection that drops with it true has the transaction rolled back.
    // Only a transaction PostgREST opened answers true. A Node transaction holds the gate instead; reported
    // here, a new PostgREST connection (its pool recycles one, or it restarted) that arrived during one was
    // never served — the queue waited for the old connection's next message — and the connection that
    // dropped meanwhile would have rolled the Node transaction back.
    isInTransaction: () => gate.holder() === 'socket' && pg.isInTransaction(),
    async runExclusive<T>(work: () => Promise<T>): Promise<T> {
      await gate.acquire('socket')
      try {
        return await pg.runExclusive(work)
      } finally {
        if (CYCLE_ENDS.has(lastType) && !pg.isInTransaction()) gate.release('socket')
      }
    },
    async execProtocolRawStream(message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) {
      lastType = message[0] ?? -1
      // A startup packet begins a new connection: anything a dead one left unfinished is not its to send.
      if (lastType === 0x00) pending = []
      pending.push(message)
      if (!CYCLE_ENDS.has(lastType) && lastType !== FLUSH) return
      const batch = pending.length === 1 ? message : Buffer.concat(pending)
      pending = []
      // The answers too go out as one write (pglite-socket writes each piece it is given to the socket).
      const answers: Uint8Array[] = []
      await pg.execProtocolRawStream(batch, { ...options, onRawData: (data: Uint8Array) => void answers.push(data.slice()) })
      if (answers.length) options?.onRawData?.(answers.length === 1 ? answers[0]! : Buffer.concat(answers))
      // A new connection starts with no prepared statements, as on a real server: PostgREST names its own
      // from 0 on each connection, and a dead connection's would otherwise still be in the one session.
      if (lastType === 0x00) await pg.execProtocolRawStream(DEALLOCATE_ALL, { onRawData: () => undefined })
    },
    // Called by pglite-socket only to roll back the transaction of a client that disconnected inside one.
    async exec(sql: string) {
      pending = []
      const result = await pg.exec(sql)
      gate.release('socket')
      return result
    },
  }
  return face as unknown as PGlite
}

/**
 * After the socket's client (PostgREST) died: if it held the session, roll back what it left open and give
 * the session back. Called once the child has exited, so no message of it can still be in flight.
 */
export async function reclaimFromSocket(pg: PGlite, gate: SessionGate): Promise<void> {
  if (gate.holder() !== 'socket') return
  if (pg.isInTransaction()) await pg.exec('rollback')
  gate.release('socket')
}
