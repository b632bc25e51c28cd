// `npm run bench`, core part: one operation measured through core.dispatch and as a raw fetch of
// the same request, interleaved call by call after a warm-up, within a time budget.

import { request as httpRequest, type Agent as HttpAgent } from 'node:http'
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https'

export const WARM_UP_CALLS = 200
export const MEASURED_CALLS = 2_000
/** Per operation: a slow keychain must not stretch the whole bench past a couple of minutes. */
export const TIME_BUDGET_MS = 30_000

export interface Operation {
  name: string
  /** One call through core.dispatch; `i` keeps created tokens apart. */
  viaCore(i: number): Promise<void>
  /** The same HTTP request with fetch; reads the whole body and checks the status. */
  viaFetch(i: number): Promise<void>
}

export interface Measured {
  name: string
  calls: number
  core: number[]
  raw: number[]
}

async function timed(call: () => Promise<void>): Promise<number> {
  const started = performance.now()
  await call()
  return performance.now() - started
}

/**
 * Warm-up, then measured calls, alternating core and raw call by call; the order within each
 * pair alternates too, so neither side always runs on the heels of the other.
 */
export async function measure(operation: Operation, offset: number): Promise<Measured> {
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    await operation.viaCore(offset + i)
    await operation.viaFetch(offset + i)
  }
  const core: number[] = []
  const raw: number[] = []
  const started = performance.now()
  for (let i = 0; i < MEASURED_CALLS; i++) {
    const n = offset + WARM_UP_CALLS + i
    if (i % 2 === 0) {
      core.push(await timed(() => operation.viaCore(n)))
      raw.push(await timed(() => operation.viaFetch(n)))
    } else {
      raw.push(await timed(() => operation.viaFetch(n)))
      core.push(await timed(() => operation.viaCore(n)))
    }
    if (performance.now() - started > TIME_BUDGET_MS) break
  }
  return { name: operation.name, calls: core.length, core, raw }
}

/** A GET with Node's own client on a keep-alive agent, the whole body read as text, a 200 expected. */
export function rawGet(
  url: string,
  agent: HttpAgent | HttpsAgent,
  headers: Record<string, string>,
): Promise<string> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const sent = send(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        if (response.statusCode === 200 && text !== '') resolve(text)
        else reject(new Error(`raw GET: ${response.statusCode}`))
      })
    })
    sent.once('error', reject)
    sent.end()
  })
}
