// Loaded into the bench's server process (`node --import`): Node's event-loop delay histogram and a count
// of the pages the live site renders (its diagnostics channel, src/host/site/pageCache.ts), read and
// reset by the bench over the child-process IPC channel. Product code knows nothing of it. Plain
// JavaScript: worker threads inherit the server's --import options, and they start without tsx.
import { subscribe } from 'node:diagnostics_channel'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  /** @type {Record<string, number>} renders started since the last reset, per cache key */
  let renders = {}
  subscribe('agencia-web:page-render', (message) => {
    const { key } = /** @type {{ key: string }} */ (message)
    renders[key] = (renders[key] ?? 0) + 1
  })
  process.on('message', (message) => {
    if (message === 'reset') {
      delay.reset()
      renders = {}
      return
    }
    const ms = (/** @type {number} */ ns) => ns / 1e6
    process.send?.({ loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) }, renders })
  })
  // The IPC channel must not keep the server alive on its own.
  process.channel?.unref()
}
