import { finished, Readable } from 'node:stream'
import type { HttpResponse } from './http-request'

/**
 * The body's bytes (already decompressed), or null once they exceed `limit`. Reading stops
 * there and the connection is dropped, so neither a huge body, a compression bomb nor an endless
 * body is ever held in memory.
 */
export async function readAtMost(
  body: HttpResponse['body'],
  limit: number,
): Promise<Uint8Array | null> {
  if (body instanceof Readable) return readStream(body, limit)
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of body) {
    total += chunk.byteLength
    if (total > limit) return null
    chunks.push(chunk)
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, total)
}

/**
 * The same, read from the stream's events: an answer not compressed (most) is read without an
 * async iterator, whose promise per chunk costs a Retrieve a few percent (`npm run bench`).
 */
function readStream(stream: Readable, limit: number): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength
      if (total <= limit) chunks.push(chunk)
      else {
        resolve(null)
        stream.destroy()
      }
    }
    stream.on('data', onData)
    finished(stream, (error) => {
      stream.off('data', onData)
      if (error) reject(error)
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total))
    })
  })
}
