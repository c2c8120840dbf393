// One backend that the contract files of one Vitest worker share, in a process of its own (so its database
// work runs beside the tests, not on their thread): global-setup.ts starts one per worker with
// `node --import tsx tests/contract/shared-backend.ts <dataDir>` and stops it after the run. It starts exactly
// as a file's own backend does (startTarget in target.ts) and tells its parent its URL over the IPC channel.
// See docs/decisions/0053-contract-files-share-a-backend-per-worker.md.
import { startServer } from '../../src/backend/app.ts'
import { contractServerOptions } from './backend-options.ts'

const dataDir = process.argv[2]
if (!dataDir || !process.send) throw new Error('usage: forked by tests/contract/global-setup.ts with a data folder')

const server = await startServer(contractServerOptions(dataDir))
process.send({ url: server.url })
// The parent ends the run (or dies): close cleanly, so the data folder's lock is released.
process.once('disconnect', () => void server.close().then(() => process.exit(0)))
