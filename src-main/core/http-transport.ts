import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

/** One HTTP request as the exchange sends it. */
export interface HttpCall {
  method: string
  url: string
  headers: Readonly<Record<string, string>>
  body: string | null
}

/** An answer whose head has arrived; its body is read (or walked away from) by the caller. */
export interface HttpResponse {
  status: number
  header: (name: string) => string | null
  /**
   * The body's bytes, decoded from the encodings Node's fetch decodes too. Leaving the loop early
   * drops the connection instead of reading the rest.
   */
  body: AsyncIterable<Uint8Array>
}

/**
 * Sends one call. Aborting the signal ends it wherever it is, the body's reading included. A
 * failure carries the socket's error code (ECONNREFUSED, ECONNRESET...) as `code`.
 */
export type Transport = (call: HttpCall, signal: AbortSignal) => Promise<HttpResponse>

const DECODERS: Readonly<Record<string, () => NodeJS.ReadWriteStream>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
}

function decodedBody(response: IncomingMessage): AsyncIterable<Uint8Array> {
  const encoding = response.headers['content-encoding']?.trim().toLowerCase()
  const decoder = encoding === undefined ? undefined : DECODERS[encoding]
  if (decoder === undefined) return response
  // Destroying the decoder (a loop left early, an abort) destroys the answer with it.
  const decoded = response.pipe(decoder()) as unknown as Readable
  response.once('error', (error) => decoded.destroy(error))
  decoded.once('close', () => response.destroy())
  return decoded
}

/**
 * Node's own HTTP client, on its keep-alive agents. A call costs about half the CPU time of
 * Node's fetch (undici's WHATWG streams and Request objects), which a bulk run feels on every
 * row, and Node loads no fetch implementation at start, which the command line feels. Redirects
 * are never followed: the secret headers must not be replayed to another origin.
 */
export const nodeHttpTransport: Transport = (call, signal) =>
  new Promise<HttpResponse>((resolve, reject) => {
    const send = call.url.startsWith('https:') ? httpsRequest : httpRequest
    const headers: Record<string, string> = { ...call.headers }
    if (call.body !== null) headers['content-length'] = String(Buffer.byteLength(call.body))
    const request = send(call.url, { method: call.method, headers, signal }, (response) => {
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name.toLowerCase()]
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
        },
        body: decodedBody(response),
      })
    })
    request.once('error', reject)
    request.end(call.body ?? undefined)
  })
