// The 404 log's writer warns when its writes start failing, not on every batch: a site run against a hosted
// project without the service-role key fails every write, every few seconds, for as long as it runs.
import { expect, it } from 'vitest'
import { NotFoundLog } from '../../src/host/site/notFoundLog.ts'

it('a failing write is reported once until a write succeeds again, then once more if it fails again', async () => {
  let refuse = true
  const written: string[] = []
  const errors: unknown[] = []
  const log = new NotFoundLog({
    write: async (counts) => {
      if (refuse) throw new Error('permission denied for function record_not_found')
      written.push(...counts.map((count) => count.path))
    },
    onError: (error) => errors.push(error),
    intervalMs: 60_000,
  })
  for (const path of ['/a', '/b', '/c']) {
    log.record(path)
    await log.flush()
  }
  expect(errors).toHaveLength(1)

  refuse = false
  log.record('/d')
  await log.flush()
  expect(written).toEqual(['/d'])

  refuse = true
  log.record('/e')
  await log.flush()
  log.record('/f')
  await log.flush()
  expect(errors).toHaveLength(2)
  await log.close()
})

it('a path with a NUL or another control character is not counted, and the rest of the batch is written', async () => {
  const batches: string[][] = []
  const log = new NotFoundLog({ write: async (counts) => void batches.push(counts.map((c) => c.path)), intervalMs: 60_000 })
  for (const path of ['/a', '/\u0000', '/b\u0000c', '/\u001f', '/\u007f', '/\u0085', '/ok/ñ']) log.record(path)
  await log.close()
  expect(batches).toEqual([['/a', '/ok/ñ']])
})
