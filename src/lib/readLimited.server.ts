import type { IncomingMessage } from 'node:http'

/**
 * A request's body, or null as soon as it passes `limit` bytes (declared or actually sent): the rest is
 * drained unread, so a large body costs no memory and the connection can still be answered.
 */
export function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume()
      return resolve(null)
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      req.removeAllListeners('data')
      req.resume()
      resolve(null)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
