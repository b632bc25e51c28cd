import type { HttpResponse } from './http-transport'

/**
 * The body's bytes (already decompressed), or null once they exceed `limit`. Reading stops
 * there and the connection is dropped, so neither a huge body, a compression bomb nor an endless
 * body is ever held in memory.
 */
export async function readAtMost(
  body: HttpResponse['body'],
  limit: number,
): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of body) {
    total += chunk.byteLength
    if (total > limit) return null
    chunks.push(chunk)
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, total)
}
